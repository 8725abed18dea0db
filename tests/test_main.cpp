// Catch2's main for the WebAssembly test program (natively the test programs
// link Debian's compiled one, Catch2::Catch2WithMain: tests/CMakeLists.txt).
#define CATCH_CONFIG_MAIN
#include <catch2/catch.hpp>
