// The kernel with AVX-512 and GFNI: 8 words a vector, the fixed shuffles as
// GF(2) affine maps of each byte (gf2p8affineqb) plus byte moves, and
// pext/pdep for the gathers. Compiled for those instructions only here;
// Stepper picks it when the CPU has them.
#include <cstddef>
#include <cstdint>

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#include <immintrin.h>

#if defined(__clang__)
#pragma clang attribute push(                                                                  \
    __attribute__((target("bmi,bmi2,popcnt,avx2,avx512f,avx512bw,avx512vl,avx512vbmi,gfni"))), \
    apply_to = function)
#else
#pragma GCC push_options
#pragma GCC target("bmi,bmi2,popcnt,avx2,avx512f,avx512bw,avx512vl,avx512vbmi,gfni")
// GCC 12's own intrinsics (_mm512_cvtepi16_epi8) start from an "undefined"
// vector that it then reports as maybe uninitialized.
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#endif

#include "puzzles/treeoflife/bmi2_gathers.h"
#include "puzzles/treeoflife/kernel.h"

namespace puzzlelab::treeoflife {
namespace {

using kernel::Word;
using Octet = Word __attribute__((vector_size(64)));

// An 8x8 bit matrix for gf2p8affineqb: bit i of each result byte is the
// parity of the source byte ANDed with byte 7 - i of the matrix; here each
// result bit copies one source bit, source_of(i), or is 0 (-1).
template <class SourceOf>
constexpr Word bit_matrix(SourceOf source_of) {
  Word matrix = 0;
  for (int i = 0; i < 8; ++i) {
    const int source = source_of(i);
    if (source >= 0) matrix |= Word{1} << source << (8 * (7 - i));
  }
  return matrix;
}

constexpr Word kOddToLowNibble = bit_matrix([](int i) { return i < 4 ? 2 * i + 1 : -1; });
constexpr Word kDoubleLowNibble = bit_matrix([](int i) { return i / 2; });
constexpr Word kDoubleHighNibble = bit_matrix([](int i) { return 4 + i / 2; });

// Byte j of lane L (8 bytes each) takes byte j / 2 of the same lane.
struct ByteIndex {
  alignas(64) uint8_t at[64];
};
constexpr ByteIndex kByteTwice = [] {
  ByteIndex index{};
  for (int b = 0; b < 64; ++b) index.at[b] = static_cast<uint8_t>(b / 8 * 8 + b % 8 / 2);
  return index;
}();

struct Avx512Ops : kernel::Bmi2Gathers {
  template <class>  // the interface of kernel::NetworkShuffles
  static Octet doubled(const Word* words, int64_t half) {
    const Octet x = kernel::load_halves<Octet>(words, half);
    const __m512i twice = _mm512_permutexvar_epi8(_mm512_load_si512(kByteTwice.at), (__m512i)x);
    const __m512i low =
        _mm512_gf2p8affine_epi64_epi8(twice, _mm512_set1_epi64(kDoubleLowNibble), 0);
    const __m512i high =
        _mm512_gf2p8affine_epi64_epi8(twice, _mm512_set1_epi64(kDoubleHighNibble), 0);
    // Even bytes double their low nibble, odd bytes their high nibble.
    return (Octet)_mm512_mask_blend_epi8(0xAAAAAAAAAAAAAAAAull, low, high);
  }
  static Octet odd_bits(Octet a, Octet b) {
    return (Octet)_mm512_inserti64x4(_mm512_castsi256_si512(odd_bits_of((__m512i)a)),
                                     odd_bits_of((__m512i)b), 1);
  }

 private:
  // The odd bits of 8 words, 32 bits each, in 256 bits.
  static __m256i odd_bits_of(__m512i x) {
    // Each byte's odd bits into its low nibble, then two nibbles a byte.
    const __m512i nibbles = _mm512_gf2p8affine_epi64_epi8(x, _mm512_set1_epi64(kOddToLowNibble), 0);
    return _mm512_cvtepi16_epi8(_mm512_or_si512(nibbles, _mm512_srli_epi16(nibbles, 4)));
  }
};

}  // namespace

uint64_t step_avx512(const kernel::Args& args) {
  return kernel::step_words<Avx512Ops, Octet>(args);
}

}  // namespace puzzlelab::treeoflife

#if defined(__clang__)
#pragma clang attribute pop
#else
#pragma GCC pop_options
#endif

#endif
