// Portable SIMD helpers for the Sudoku solver, written with GCC/Clang vector
// extensions: one source compiles to SSE/AVX natively, to wasm simd128 under
// Emscripten with -msimd128, and to plain scalar code when neither is enabled.
// Everything is built from 128-bit vectors, the width that SSE and wasm share.
// Private to solver.cpp.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <utility>

#if defined(__SSSE3__)
#include <immintrin.h>
#elif defined(__wasm_simd128__)
#include <wasm_simd128.h>
#endif

namespace puzzlelab::sudoku::simd {

// 8 lanes of 16 bits. Lanes hold 9-bit digit sets (bit d-1 = digit d), small
// counts, or lane masks (all ones / zero).
using U16x8 = uint16_t __attribute__((vector_size(16)));
using I16x8 = int16_t __attribute__((vector_size(16)));  // for comparisons
using U64x2 = uint64_t __attribute__((vector_size(16)));

// 16 lanes of 16 bits: one 256-bit vector when AVX2 is available, otherwise
// two 128-bit halves (lanes 0..7 in lo, 8..15 in hi).
#if defined(__AVX2__)
#define PUZZLELAB_SUDOKU_NATIVE_256 1
using U16x16 = uint16_t __attribute__((vector_size(32)));
using I16x16 = int16_t __attribute__((vector_size(32)));
using U64x4 = uint64_t __attribute__((vector_size(32)));
#else
struct U16x16 {
  U16x8 lo, hi;

  friend U16x16 operator&(U16x16 a, U16x16 b) { return {a.lo & b.lo, a.hi & b.hi}; }
  friend U16x16 operator|(U16x16 a, U16x16 b) { return {a.lo | b.lo, a.hi | b.hi}; }
  friend U16x16 operator^(U16x16 a, U16x16 b) { return {a.lo ^ b.lo, a.hi ^ b.hi}; }
  friend U16x16 operator~(U16x16 a) { return {~a.lo, ~a.hi}; }
  U16x16& operator&=(U16x16 b) { return *this = *this & b; }
  U16x16& operator|=(U16x16 b) { return *this = *this | b; }
};
#endif

// Lane k of the result is lane_value(k); usable in constant expressions.
template <class LaneValue>
constexpr U16x8 make_u16x8(LaneValue lane_value, int first_lane = 0) {
  return [&]<std::size_t... K>(std::index_sequence<K...>) {
    return U16x8{static_cast<uint16_t>(lane_value(first_lane + int(K)))...};
  }(std::make_index_sequence<8>{});
}

template <class LaneValue>
constexpr U16x16 make_u16x16(LaneValue lane_value) {
#if PUZZLELAB_SUDOKU_NATIVE_256
  return [&]<std::size_t... K>(std::index_sequence<K...>) {
    return U16x16{static_cast<uint16_t>(lane_value(int(K)))...};
  }(std::make_index_sequence<16>{});
#else
  return {make_u16x8(lane_value, 0), make_u16x8(lane_value, 8)};
#endif
}

constexpr U16x8 splat8(uint16_t x) {
  return make_u16x8([x](int) { return x; });
}
constexpr U16x16 splat16(uint16_t x) {
  return make_u16x16([x](int) { return x; });
}

// ---------------------------------------------------------------------------
// Tests and lane-wise comparisons (compared values must be < 0x8000).

[[gnu::always_inline]] inline bool is_zero(U16x8 v) {
#if defined(__SSE4_1__)
  __m128i x = (__m128i)v;
  return _mm_testz_si128(x, x);
#elif defined(__wasm_simd128__)
  return !wasm_v128_any_true((v128_t)v);
#else
  U64x2 q = (U64x2)v;
  return (q[0] | q[1]) == 0;
#endif
}
#if PUZZLELAB_SUDOKU_NATIVE_256
[[gnu::always_inline]] inline bool is_zero(U16x16 v) {
  __m256i x = (__m256i)v;
  return _mm256_testz_si256(x, x);
}
#else
[[gnu::always_inline]] inline bool is_zero(U16x16 v) { return is_zero(v.lo | v.hi); }
#endif

[[gnu::always_inline]] inline U16x8 lanes_equal(U16x8 a, U16x8 b) {
  return (U16x8)((I16x8)a == (I16x8)b);
}
[[gnu::always_inline]] inline U16x8 lanes_less(U16x8 a, U16x8 b) {
  return (U16x8)((I16x8)a < (I16x8)b);
}
[[gnu::always_inline]] inline U16x8 lanes_nonzero(U16x8 a) {
  return (U16x8)((I16x8)a != I16x8{});
}
#if PUZZLELAB_SUDOKU_NATIVE_256
[[gnu::always_inline]] inline U16x16 lanes_equal(U16x16 a, U16x16 b) {
  return (U16x16)((I16x16)a == (I16x16)b);
}
[[gnu::always_inline]] inline U16x16 lanes_less(U16x16 a, U16x16 b) {
  return (U16x16)((I16x16)a < (I16x16)b);
}
[[gnu::always_inline]] inline U16x16 lanes_nonzero(U16x16 a) {
  return (U16x16)((I16x16)a != I16x16{});
}
#else
[[gnu::always_inline]] inline U16x16 lanes_equal(U16x16 a, U16x16 b) {
  return {lanes_equal(a.lo, b.lo), lanes_equal(a.hi, b.hi)};
}
[[gnu::always_inline]] inline U16x16 lanes_less(U16x16 a, U16x16 b) {
  return {lanes_less(a.lo, b.lo), lanes_less(a.hi, b.hi)};
}
[[gnu::always_inline]] inline U16x16 lanes_nonzero(U16x16 a) {
  return {lanes_nonzero(a.lo), lanes_nonzero(a.hi)};
}
#endif

[[gnu::always_inline]] inline uint16_t get_lane(const U16x16& v, int k) {
#if PUZZLELAB_SUDOKU_NATIVE_256
  return v[k];
#else
  return k < 8 ? v.lo[k] : v.hi[k - 8];
#endif
}

[[gnu::always_inline]] inline void set_lane(U16x16& v, int k, uint16_t x) {
#if PUZZLELAB_SUDOKU_NATIVE_256
  v[k] = x;
#else
  if (k < 8) {
    v.lo[k] = x;
  } else {
    v.hi[k - 8] = x;
  }
#endif
}

// Per-lane popcount of lanes holding values < 512. Portable SWAR version,
// and faster ones where the instruction set has byte lookups or popcounts.
template <class V>
[[gnu::always_inline]] inline V popcount9_swar(V x) {
  x = x - ((x >> 1) & 0x5555);
  x = (x & 0x3333) + ((x >> 2) & 0x3333);
  x = (x + (x >> 4)) & 0x0f0f;
  return (x + (x >> 8)) & 0x001f;
}

[[gnu::always_inline]] inline U16x8 popcount9(U16x8 x) {
#if defined(__AVX512BITALG__) && defined(__AVX512VL__)
  return (U16x8)_mm_popcnt_epi16((__m128i)x);
#elif defined(__SSSE3__)
  // Look up the popcount of each byte's two nibbles, then add the bytes.
  const __m128i nibble_counts = _mm_setr_epi8(0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4);
  const __m128i low_nibbles = _mm_set1_epi8(0x0f);
  __m128i v = (__m128i)x;
  __m128i lo = _mm_shuffle_epi8(nibble_counts, _mm_and_si128(v, low_nibbles));
  __m128i hi = _mm_shuffle_epi8(nibble_counts, _mm_and_si128(_mm_srli_epi16(v, 4), low_nibbles));
  return (U16x8)_mm_maddubs_epi16(_mm_add_epi8(lo, hi), _mm_set1_epi8(1));
#elif defined(__wasm_simd128__)
  return (U16x8)wasm_u16x8_extadd_pairwise_u8x16(wasm_i8x16_popcnt((v128_t)x));
#else
  return popcount9_swar(x);
#endif
}

#if PUZZLELAB_SUDOKU_NATIVE_256
[[gnu::always_inline]] inline U16x16 popcount9(U16x16 x) {
#if defined(__AVX512BITALG__) && defined(__AVX512VL__)
  return (U16x16)_mm256_popcnt_epi16((__m256i)x);
#else
  const __m256i nibble_counts = _mm256_setr_epi8(0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4,
                                                 0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4);
  const __m256i low_nibbles = _mm256_set1_epi8(0x0f);
  __m256i v = (__m256i)x;
  __m256i lo = _mm256_shuffle_epi8(nibble_counts, _mm256_and_si256(v, low_nibbles));
  __m256i hi =
      _mm256_shuffle_epi8(nibble_counts, _mm256_and_si256(_mm256_srli_epi16(v, 4), low_nibbles));
  return (U16x16)_mm256_maddubs_epi16(_mm256_add_epi8(lo, hi), _mm256_set1_epi8(1));
#endif
}
#else
[[gnu::always_inline]] inline U16x16 popcount9(U16x16 x) {
  return {popcount9(x.lo), popcount9(x.hi)};
}
#endif

// ---------------------------------------------------------------------------
// Lane rearrangements. A shuffle table lists, for each result lane, the source
// lane it copies, or one of these fills:
inline constexpr int kZeroFill = -1;  // the lane becomes 0
inline constexpr int kOnesFill = -2;  // the lane becomes 0xffff

namespace detail {

template <const auto& Idx, int kFirst, int kFill>
constexpr U16x8 fill_mask = make_u16x8([](int k) { return Idx[k] == kFill ? 0xffff : 0; }, kFirst);

template <const auto& Idx, int kFirst>
constexpr bool has_fill(int fill) {
  for (int k = kFirst; k < kFirst + 8; ++k) {
    if (Idx[k] == fill) return true;
  }
  return false;
}

// Result lanes kFirst..kFirst+7 of table Idx, whose source lanes index the
// concatenation (a, b) of two 8-lane vectors.
template <const auto& Idx, int kFirst>
[[gnu::always_inline]] inline U16x8 pick8(U16x8 a, U16x8 b) {
  U16x8 r = [&]<std::size_t... K>(std::index_sequence<K...>) {
    return __builtin_shufflevector(a, b, (Idx[kFirst + K] < 0 ? -1 : Idx[kFirst + K])...);
  }(std::make_index_sequence<8>{});
  if constexpr (has_fill<Idx, kFirst>(kZeroFill)) r &= ~fill_mask<Idx, kFirst, kZeroFill>;
  if constexpr (has_fill<Idx, kFirst>(kOnesFill)) r |= fill_mask<Idx, kFirst, kOnesFill>;
  return r;
}

}  // namespace detail

#if PUZZLELAB_SUDOKU_NATIVE_256

namespace detail {

template <const auto& Idx>
constexpr U16x16 fill16_mask(int fill) {
  return make_u16x16([fill](int k) { return Idx[k] == fill ? 0xffff : 0; });
}

template <const auto& Idx>
[[gnu::always_inline]] inline U16x16 apply_fills16(U16x16 r) {
  if constexpr (has_fill<Idx, 0>(kZeroFill) || has_fill<Idx, 8>(kZeroFill)) {
    r &= ~fill16_mask<Idx>(kZeroFill);
  }
  if constexpr (has_fill<Idx, 0>(kOnesFill) || has_fill<Idx, 8>(kOnesFill)) {
    r |= fill16_mask<Idx>(kOnesFill);
  }
  return r;
}

}  // namespace detail

// 16 lanes -> 16 lanes.
template <const std::array<int, 16>& Idx>
[[gnu::always_inline]] inline U16x16 shuffle(U16x16 v) {
  U16x16 r = [&]<std::size_t... K>(std::index_sequence<K...>) {
    return __builtin_shufflevector(v, v, (Idx[K] < 0 ? -1 : Idx[K])...);
  }(std::make_index_sequence<16>{});
  return detail::apply_fills16<Idx>(r);
}
// 16 lanes -> 8 lanes.
template <const std::array<int, 8>& Idx>
[[gnu::always_inline]] inline U16x8 shuffle(U16x16 v) {
  U16x8 lo = __builtin_shufflevector(v, v, 0, 1, 2, 3, 4, 5, 6, 7);
  U16x8 hi = __builtin_shufflevector(v, v, 8, 9, 10, 11, 12, 13, 14, 15);
  return detail::pick8<Idx, 0>(lo, hi);
}
// 8 lanes -> 16 lanes (sources 0..7).
template <const std::array<int, 16>& Idx>
[[gnu::always_inline]] inline U16x16 shuffle(U16x8 v) {
  U16x16 r = [&]<std::size_t... K>(std::index_sequence<K...>) {
    return __builtin_shufflevector(v, v, (Idx[K] < 0 ? -1 : Idx[K])...);
  }(std::make_index_sequence<16>{});
  return detail::apply_fills16<Idx>(r);
}

// Within each group of four consecutive lanes, lane k takes lane k+1 (mod 4).
[[gnu::always_inline]] inline U16x16 rotate_in_groups_of_4(U16x16 v) {
  return __builtin_shufflevector(v, v, 1, 2, 3, 0, 5, 6, 7, 4, 9, 10, 11, 8, 13, 14, 15, 12);
}
// Within each group of four consecutive lanes, lane k takes lane k+2 (mod 4).
[[gnu::always_inline]] inline U16x16 rotate_in_groups_of_4_by_2(U16x16 v) {
  return __builtin_shufflevector(v, v, 2, 3, 0, 1, 6, 7, 4, 5, 10, 11, 8, 9, 14, 15, 12, 13);
}
// Within each group of four consecutive lanes, lane k takes lane k+3 (mod 4).
[[gnu::always_inline]] inline U16x16 rotate_in_groups_of_4_by_3(U16x16 v) {
  return __builtin_shufflevector(v, v, 3, 0, 1, 2, 7, 4, 5, 6, 11, 8, 9, 10, 15, 12, 13, 14);
}
// The four groups of four lanes rotate by one group: lane k takes lane k+4.
[[gnu::always_inline]] inline U16x16 rotate_groups(U16x16 v) {
  U64x4 q = (U64x4)v;
  return (U16x16)__builtin_shufflevector(q, q, 1, 2, 3, 0);
}
// The four groups of four lanes rotate by two groups: lane k takes lane k+8.
[[gnu::always_inline]] inline U16x16 rotate_groups_by_2(U16x16 v) {
  U64x4 q = (U64x4)v;
  return (U16x16)__builtin_shufflevector(q, q, 2, 3, 0, 1);
}
// The four groups of four lanes rotate by three groups: lane k takes lane k+12.
[[gnu::always_inline]] inline U16x16 rotate_groups_by_3(U16x16 v) {
  U64x4 q = (U64x4)v;
  return (U16x16)__builtin_shufflevector(q, q, 3, 0, 1, 2);
}

#else  // two 128-bit halves

// 16 lanes -> 16 lanes.
template <const std::array<int, 16>& Idx>
[[gnu::always_inline]] inline U16x16 shuffle(U16x16 v) {
  return {detail::pick8<Idx, 0>(v.lo, v.hi), detail::pick8<Idx, 8>(v.lo, v.hi)};
}
// 16 lanes -> 8 lanes.
template <const std::array<int, 8>& Idx>
[[gnu::always_inline]] inline U16x8 shuffle(U16x16 v) {
  return detail::pick8<Idx, 0>(v.lo, v.hi);
}
// 8 lanes -> 16 lanes (sources 0..7).
template <const std::array<int, 16>& Idx>
[[gnu::always_inline]] inline U16x16 shuffle(U16x8 v) {
  return {detail::pick8<Idx, 0>(v, v), detail::pick8<Idx, 8>(v, v)};
}

// Within each group of four consecutive lanes, lane k takes lane k+1 (mod 4).
[[gnu::always_inline]] inline U16x8 rotate_in_groups_of_4(U16x8 v) {
  return __builtin_shufflevector(v, v, 1, 2, 3, 0, 5, 6, 7, 4);
}
[[gnu::always_inline]] inline U16x16 rotate_in_groups_of_4(U16x16 v) {
  return {rotate_in_groups_of_4(v.lo), rotate_in_groups_of_4(v.hi)};
}

// Within each group of four consecutive lanes, lane k takes lane k+2 (mod 4).
[[gnu::always_inline]] inline U16x8 rotate_in_groups_of_4_by_2(U16x8 v) {
  return __builtin_shufflevector(v, v, 2, 3, 0, 1, 6, 7, 4, 5);
}
[[gnu::always_inline]] inline U16x16 rotate_in_groups_of_4_by_2(U16x16 v) {
  return {rotate_in_groups_of_4_by_2(v.lo), rotate_in_groups_of_4_by_2(v.hi)};
}

// Within each group of four consecutive lanes, lane k takes lane k+3 (mod 4).
[[gnu::always_inline]] inline U16x8 rotate_in_groups_of_4_by_3(U16x8 v) {
  return __builtin_shufflevector(v, v, 3, 0, 1, 2, 7, 4, 5, 6);
}
[[gnu::always_inline]] inline U16x16 rotate_in_groups_of_4_by_3(U16x16 v) {
  return {rotate_in_groups_of_4_by_3(v.lo), rotate_in_groups_of_4_by_3(v.hi)};
}

// The four groups of four lanes rotate by one group: lane k takes lane k+4.
[[gnu::always_inline]] inline U16x16 rotate_groups(U16x16 v) {
  U64x2 lo = (U64x2)v.lo, hi = (U64x2)v.hi;
  return {(U16x8)__builtin_shufflevector(lo, hi, 1, 2), (U16x8)__builtin_shufflevector(hi, lo, 1, 2)};
}

// The four groups of four lanes rotate by two groups: lane k takes lane k+8.
[[gnu::always_inline]] inline U16x16 rotate_groups_by_2(U16x16 v) { return {v.hi, v.lo}; }

// The four groups of four lanes rotate by three groups: lane k takes lane k+12.
[[gnu::always_inline]] inline U16x16 rotate_groups_by_3(U16x16 v) {
  U64x2 lo = (U64x2)v.lo, hi = (U64x2)v.hi;
  return {(U16x8)__builtin_shufflevector(hi, lo, 1, 2), (U16x8)__builtin_shufflevector(lo, hi, 1, 2)};
}

#endif

}  // namespace puzzlelab::sudoku::simd
