# How the test programs' own sources are compiled (the engine, the CLI and
# the app they test are compiled as everywhere else, once per build).
#
# Precompiled headers: every test file includes Catch2's single header
# (18,000 lines) and most of the same standard headers; each file parsed
# them again. Off under ccache (a launcher that can't cache compiles that
# use a precompiled header without extra settings: it would stop caching
# the tests), on otherwise: CI and a fresh clone build without a cache.
if(CMAKE_CXX_COMPILER_LAUNCHER MATCHES "ccache")
  set(puzzlelab_pch_default OFF)
else()
  set(puzzlelab_pch_default ON)
endif()
option(PUZZLELAB_PCH "Precompile the headers every test file includes" ${puzzlelab_pch_default})

# puzzlelab_test_code(TARGET): precompiled headers and, in Release, -O1 for
# TARGET's own sources. The tests' time goes into the engine's code (still
# -O3); the test files are mostly Catch2's expression templates, which -O3
# optimised at length for no run time worth having. Together with the
# precompiled header: the test programs' compiles went from 338 to 186 CPU
# seconds in Release, and the slowest referee-bound tests took 5.8 CPU
# seconds instead of 4.6 (the rest the same).
# GCC 12 at -O1 (not at -O3) warns falsely that std::string's operator+
# copies out of bounds ("writing 66 bytes into a region of size 16" in
# char_traits::copy: -Warray-bounds, -Wstringop-overflow and
# -Wstringop-overread, the family of GCC bug 105651): off for these files in
# Release only, where the sanitizer build runs the same tests and stops at a
# real overrun.
#
# In the sanitizer build (PUZZLELAB_FUZZ: every object carries libFuzzer's
# coverage, for the fuzz targets), the tests' own code goes without it: the
# referees' brute-force searches in tests/support ran slower for a feedback
# only fuzzing reads. AddressSanitizer and UBSan stay on.
function(puzzlelab_test_code target)
  target_compile_options(${target} PRIVATE $<$<BOOL:${PUZZLELAB_FUZZ}>:-fno-sanitize=fuzzer-no-link>)
  target_compile_options(${target} PRIVATE $<$<CONFIG:Release>:-O1>
                         $<$<AND:$<CONFIG:Release>,$<CXX_COMPILER_ID:GNU>>:
                           -Wno-array-bounds -Wno-stringop-overflow -Wno-stringop-overread>)
  if(PUZZLELAB_PCH)
    target_precompile_headers(${target} PRIVATE
      <catch2/catch.hpp> <algorithm> <atomic> <chrono> <cstdint> <filesystem> <fstream> <functional>
      <map> <memory> <optional> <random> <set> <sstream> <string> <string_view> <thread> <vector>
      <puzzles/puzzle_list.h>)
  endif()
endfunction()
