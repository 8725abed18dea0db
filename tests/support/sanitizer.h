// PUZZLELAB_TEST_ASAN: this build runs under AddressSanitizer. GCC says so
// with __SANITIZE_ADDRESS__, clang (the sanitizer preset's compiler) only
// through __has_feature(address_sanitizer). A few tests take smaller inputs
// there: the same code and shapes, where AddressSanitizer's big allocations
// would make them the run's longest by far; Release and wasm run them whole.
#pragma once

#include <cstddef>

#if defined(__has_feature)
#if __has_feature(address_sanitizer)
#define PUZZLELAB_TEST_ASAN 1
#endif
#endif
#if defined(__SANITIZE_ADDRESS__) && !defined(PUZZLELAB_TEST_ASAN)
#define PUZZLELAB_TEST_ASAN 1
#endif

namespace puzzlelab::testing {

// How many random cases a property test draws: `cases` in Release and wasm,
// a third (at least one) under AddressSanitizer, where the brute-force
// referees these tests call run 6 to 8 times slower. The sanitizer's run
// checks the same code on the same kinds of case; a test's floor on what it
// saw (solved boards, moves checked) scales with it.
constexpr int property_cases(int cases) {
#if defined(PUZZLELAB_TEST_ASAN)
  return cases / 3 > 0 ? cases / 3 : 1;
#else
  return cases;
#endif
}

// Whether a test that walks a long list of boards of one kind (a pack's
// puzzles, a ladder of bundled boards) checks the one at `index`: every one
// in Release and wasm, every fifth (0, 5, 10, ...) under AddressSanitizer.
// The caller adds the ones that must always be there: the hardest, the ends.
constexpr bool sampled(size_t index) {
#if defined(PUZZLELAB_TEST_ASAN)
  return index % 5 == 0;
#else
  (void)index;
  return true;
#endif
}

}  // namespace puzzlelab::testing
