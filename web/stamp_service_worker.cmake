# Writes ${SITE}/sw.js from ${TEMPLATE}, its cache version being a hash of
# the site's files: a new build gets a new cache, an unchanged one keeps it.
#   cmake -DSITE=<site dir> -DTEMPLATE=<web/service_worker.js> -P stamp_service_worker.cmake
set(digest "")
foreach(name index.html puzzlelab.js puzzlelab.wasm solver_worker.js solver_worker.wasm embed.js)
  file(SHA256 "${SITE}/${name}" one)
  string(APPEND digest "${one}")
endforeach()
string(SHA256 version "${digest}")
string(SUBSTRING "${version}" 0 16 PUZZLELAB_VERSION)
configure_file("${TEMPLATE}" "${SITE}/sw.js" @ONLY)
