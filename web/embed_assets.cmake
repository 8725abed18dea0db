# Writes the page's built-in files (web/page_assets.cpp) as C++ arrays:
#   cmake -DOUTPUT=file.inc -DASSETS="/path/in/page=/file/on/disk;..." -P embed_assets.cmake
# The bytes are the files' own; the page reads them by path, as the native
# app reads its files from disk.
set(arrays "")
set(entries "")
set(index 0)
foreach(asset IN LISTS ASSETS)
  string(FIND "${asset}" "=" split)
  string(SUBSTRING "${asset}" 0 ${split} page_path)
  math(EXPR from "${split} + 1")
  string(SUBSTRING "${asset}" ${from} -1 file)
  file(READ "${file}" hex HEX)
  string(REGEX REPLACE "([0-9a-f][0-9a-f])" "0x\\1," bytes "${hex}")
  file(SIZE "${file}" size)
  string(APPEND arrays "const unsigned char kAsset${index}[${size}] = {${bytes}};\n")
  string(APPEND entries "    {\"${page_path}\", kAsset${index}, ${size}},\n")
  math(EXPR index "${index} + 1")
endforeach()
file(WRITE "${OUTPUT}.new" "// Written by web/embed_assets.cmake: do not edit.\n${arrays}"
     "constexpr PageAsset kPageAssets[] = {\n${entries}};\n")
file(COPY_FILE "${OUTPUT}.new" "${OUTPUT}" ONLY_IF_DIFFERENT)
file(REMOVE "${OUTPUT}.new")
