// The kernel with BMI2 pext/pdep (and AVX2 for the rule), compiled for those
// instructions only here; Stepper picks it when the CPU has them.
#include <cstddef>
#include <cstdint>

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#include <immintrin.h>

#if defined(__clang__)
#pragma clang attribute push(__attribute__((target("bmi,bmi2,popcnt,avx2"))), apply_to = function)
#else
#pragma GCC push_options
#pragma GCC target("bmi,bmi2,popcnt,avx2")
#endif

#include "puzzles/treeoflife/kernel.h"

namespace puzzlelab::treeoflife {
namespace {

using kernel::Word;

struct HardwareOps {
  static Word compress(Word x, Word m, const Word*) { return _pext_u64(x, m); }
  static Word expand(Word x, Word m, const Word*) { return _pdep_u64(x, m); }
  static Word even(Word x) { return _pext_u64(x, 0x5555555555555555ull); }
  static Word spread(Word x) { return _pdep_u64(x, 0x5555555555555555ull) * 3; }
};

}  // namespace

void step_bmi2(const kernel::Args& args) {
  kernel::step_words<HardwareOps>(args);
}

}  // namespace puzzlelab::treeoflife

#if defined(__clang__)
#pragma clang attribute pop
#else
#pragma GCC pop_options
#endif

#endif
