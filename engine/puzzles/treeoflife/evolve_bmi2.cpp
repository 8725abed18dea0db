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
  static void compress2(Word x0, Word x1, Word m0, Word m1, const Word*, const Word*, Word& k0,
                        Word& k1) {
    k0 = _pext_u64(x0, m0);
    k1 = _pext_u64(x1, m1);
  }
  static void spread2(Word packed, Word& low, Word& high) {
    low = _pdep_u64(packed, 0x5555555555555555ull) * 3;
    high = _pdep_u64(packed >> 32, 0x5555555555555555ull) * 3;
  }
  static Word expand(Word x, Word m, const Word*) { return _pdep_u64(x, m); }
  static void expand2(Word a, Word b, Word m, const Word*, Word& out_a, Word& out_b) {
    out_a = _pdep_u64(a, m);
    out_b = _pdep_u64(b, m);
  }
  static void odd_even(Word x, uint32_t& odd, uint32_t& even) {
    odd = static_cast<uint32_t>(_pext_u64(x, 0xAAAAAAAAAAAAAAAAull));
    even = static_cast<uint32_t>(_pext_u64(x, 0x5555555555555555ull));
  }
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
