# Header-only libraries from Debian packages (scripts/setup installs them):
# nlohmann-json3-dev (JSON) and libcli11-dev (the CLI's options). A build
# must not use -I/usr/include (natively it breaks the C++ headers'
# #include_next; in the web build it would shadow Emscripten's libc), so each
# library gets a folder in the build tree holding one link to its own folder.
set(PUZZLELAB_SYSTEM_INCLUDE_DIR /usr/include CACHE PATH "Where Debian's header-only libraries are")

function(puzzlelab_header_library target folder package)
  set(source ${PUZZLELAB_SYSTEM_INCLUDE_DIR}/${folder})
  if(NOT EXISTS ${source})
    message(FATAL_ERROR "${source} is missing: run scripts/setup (Debian package ${package})")
  endif()
  set(links ${CMAKE_BINARY_DIR}/header-libraries/${target})
  file(MAKE_DIRECTORY ${links})
  file(CREATE_LINK ${source} ${links}/${folder} SYMBOLIC)
  add_library(${target} INTERFACE)
  target_include_directories(${target} SYSTEM INTERFACE ${links})
endfunction()

puzzlelab_header_library(puzzlelab_json nlohmann nlohmann-json3-dev)
puzzlelab_header_library(puzzlelab_cli11 CLI libcli11-dev)
