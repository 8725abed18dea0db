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

#include "puzzles/treeoflife/bmi2_gathers.h"
#include "puzzles/treeoflife/kernel.h"

namespace puzzlelab::treeoflife {
namespace {

using kernel::Word;

// Four words a vector (AVX2).
using Quad = Word __attribute__((vector_size(32)));

// Byte tables for the fixed shuffles (kernel::ByteTableShuffles); AVX2's
// byte shuffles and packs work within each 128-bit half.
struct QuadBytes {
  using V = Quad;
  static Quad lookup(Quad table, Quad indices) {
    return (Quad)_mm256_shuffle_epi8((__m256i)table, (__m256i)indices);
  }
  static Quad narrow(Quad a, Quad b) {
    const __m256i packed = _mm256_packus_epi16((__m256i)a, (__m256i)b);  // a0 b0 a1 b1
    return (Quad)_mm256_permute4x64_epi64(packed, 0xD8);                 // a0 a1 b0 b1
  }
  static Quad nibbles(const Word* words, int64_t half) {
    const __m128i x = _mm_loadu_si128(
        reinterpret_cast<const __m128i*>(reinterpret_cast<const char*>(words) + 4 * half));
    const __m128i four_bits = _mm_set1_epi8(0x0F);
    const __m128i low = _mm_and_si128(x, four_bits);
    const __m128i high = _mm_and_si128(_mm_srli_epi16(x, 4), four_bits);
    return (Quad)_mm256_set_m128i(_mm_unpackhi_epi8(low, high), _mm_unpacklo_epi8(low, high));
  }
};

struct HardwareOps : kernel::ByteTableShuffles<QuadBytes>, kernel::Bmi2Gathers {};

}  // namespace

uint64_t step_bmi2(const kernel::Args& args) {
  return kernel::step_words<HardwareOps, Quad>(args);
}

}  // namespace puzzlelab::treeoflife

#if defined(__clang__)
#pragma clang attribute pop
#else
#pragma GCC pop_options
#endif

#endif
