# Toolchain file for the web build: finds the Emscripten that `emcc` on PATH
# belongs to (Debian's package or a user's emsdk) and uses its CMake platform.
find_program(PUZZLELAB_EMCC emcc REQUIRED)
get_filename_component(_emcc_real "${PUZZLELAB_EMCC}" REALPATH)
get_filename_component(_emscripten_root "${_emcc_real}" DIRECTORY)
include("${_emscripten_root}/cmake/Modules/Platform/Emscripten.cmake")

# Debian's emcc needs its JavaScript modules (acorn) on NODE_PATH at every
# compile and link, whoever calls the build.
if(EXISTS /usr/share/nodejs)
  set(CMAKE_C_COMPILER_LAUNCHER env NODE_PATH=/usr/share/nodejs)
  set(CMAKE_CXX_COMPILER_LAUNCHER env NODE_PATH=/usr/share/nodejs)
  set(CMAKE_CXX_LINKER_LAUNCHER env NODE_PATH=/usr/share/nodejs)
endif()
