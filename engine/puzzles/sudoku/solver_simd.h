// Portable SIMD helpers for the Sudoku solver, written with GCC/Clang vector
// extensions so that one source compiles to SSE or AVX2 natively, to wasm
// simd128 under Emscripten with -msimd128, and to scalar code without SIMD.
// A few operations use intrinsics where they are much faster; each has a
// portable fallback. Private to solver.cpp.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <utility>

#if defined(__SSE2__)
#include <immintrin.h>
#elif defined(__wasm_simd128__)
#include <wasm_simd128.h>
#endif

namespace puzzlelab::sudoku::simd {

// ---------------------------------------------------------------------------
// Types. Lanes are 16 bits and hold 9-bit digit sets (bit d-1 = digit d),
// small counts, or lane masks (all ones or zero).

using U16x8 = uint16_t __attribute__((vector_size(16)));
using I16x8 = int16_t __attribute__((vector_size(16)));  // for comparisons
using U64x2 = uint64_t __attribute__((vector_size(16)));

// 16 lanes: one 256-bit vector with AVX2, else two 128-bit halves (lanes
// 0..7 in lo, 8..15 in hi), the width SSE and wasm simd128 share.
#if defined(__AVX2__)
#define PUZZLELAB_SUDOKU_SIMD_256 1
using U16x16 = uint16_t __attribute__((vector_size(32)));
using I16x16 = int16_t __attribute__((vector_size(32)));
using U64x4 = uint64_t __attribute__((vector_size(32)));
#else
#define PUZZLELAB_SUDOKU_SIMD_256 0
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

// ---------------------------------------------------------------------------
// Making vectors and reading lanes

namespace detail {

template <class V, class LaneValue, int... K>
constexpr V make_vector(LaneValue lane_value, int first_lane, std::integer_sequence<int, K...>) {
  return V{static_cast<uint16_t>(lane_value(first_lane + K))...};
}

}  // namespace detail

// Lane k of the result is lane_value(first_lane + k); works in constant
// expressions.
template <class LaneValue>
constexpr U16x8 make_u16x8(LaneValue lane_value, int first_lane = 0) {
  return detail::make_vector<U16x8>(lane_value, first_lane, std::make_integer_sequence<int, 8>{});
}

template <class LaneValue>
constexpr U16x16 make_u16x16(LaneValue lane_value) {
#if PUZZLELAB_SUDOKU_SIMD_256
  return detail::make_vector<U16x16>(lane_value, 0, std::make_integer_sequence<int, 16>{});
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

inline U16x16 load_u16x16(const uint16_t* lanes) {
  U16x16 v;
  std::memcpy(&v, lanes, sizeof v);
  return v;
}

// Returns a constant in a way that keeps the compiler from folding it into
// the code. Only for WebAssembly: V8 builds each 128-bit constant with four
// instructions but loads one from memory with one.
template <class T>
[[gnu::always_inline]] inline const T& in_memory(const T& constant) {
#if defined(__wasm_simd128__)
  const T* address = &constant;
  __asm__("" : "+r"(address));
  return *address;
#else
  return constant;
#endif
}

// ---------------------------------------------------------------------------
// Tests and lane-wise comparisons (of values below 0x8000)

[[gnu::always_inline]] inline bool is_zero(U16x8 v) {
#if defined(__SSE4_1__)
  return _mm_testz_si128((__m128i)v, (__m128i)v);
#elif defined(__wasm_simd128__)
  return !wasm_v128_any_true((v128_t)v);
#else
  U64x2 q = (U64x2)v;
  return (q[0] | q[1]) == 0;
#endif
}

[[gnu::always_inline]] inline U16x8 lanes_equal(U16x8 a, U16x8 b) {
  return (U16x8)((I16x8)a == (I16x8)b);
}
[[gnu::always_inline]] inline U16x8 lanes_less(U16x8 a, U16x8 b) {
  return (U16x8)((I16x8)a < (I16x8)b);
}
[[gnu::always_inline]] inline U16x8 lanes_nonzero(U16x8 a) {
  return (U16x8)((I16x8)a != I16x8{});
}

#if PUZZLELAB_SUDOKU_SIMD_256
[[gnu::always_inline]] inline bool is_zero(U16x16 v) {
  return _mm256_testz_si256((__m256i)v, (__m256i)v);
}
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
[[gnu::always_inline]] inline bool is_zero(U16x16 v) {
  return is_zero(v.lo | v.hi);
}
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

// Bit k of the result is set when lane k is nonzero.
[[gnu::always_inline]] inline uint32_t nonzero_lane_bits(U16x8 v) {
  U16x8 mask = lanes_nonzero(v);
#if defined(__SSE2__)
  return uint32_t(_mm_movemask_epi8(_mm_packs_epi16((__m128i)mask, _mm_setzero_si128())));
#elif defined(__wasm_simd128__)
  return wasm_i16x8_bitmask((v128_t)mask);
#else
  uint32_t bits = 0;
  for (int k = 0; k < 8; ++k) bits |= uint32_t(mask[k] & 1) << k;
  return bits;
#endif
}

// Bit k of the result is set when byte k of the 16 at `bytes` is nonzero.
[[gnu::always_inline]] inline uint32_t nonzero_byte_bits(const uint8_t* bytes) {
#if defined(__SSE2__)
  __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(bytes));
  return ~uint32_t(_mm_movemask_epi8(_mm_cmpeq_epi8(v, _mm_setzero_si128()))) & 0xffff;
#elif defined(__wasm_simd128__)
  v128_t v = wasm_v128_load(bytes);
  return ~wasm_i8x16_bitmask(wasm_i8x16_eq(v, wasm_i8x16_splat(0))) & 0xffff;
#else
  uint32_t bits = 0;
  for (int k = 0; k < 16; ++k) bits |= uint32_t(bytes[k] != 0) << k;
  return bits;
#endif
}

// ---------------------------------------------------------------------------
// Per-lane popcount of values below 512

template <class V>
[[gnu::always_inline]] inline V popcount9_swar(V x) {
  x = x - ((x >> 1) & 0x5555);
  x = (x & 0x3333) + ((x >> 2) & 0x3333);
  x = (x + (x >> 4)) & 0x0f0f;
  return (x + (x >> 8)) & 0x001f;
}

// With byte shuffles: look up the bit counts of each byte's two nibbles, then
// add up the bytes of each lane.
#if defined(__SSSE3__)
[[gnu::always_inline]] inline __m128i popcount9_lookup(__m128i v) {
  const __m128i nibble_counts = _mm_setr_epi8(0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4);
  const __m128i low_nibbles = _mm_set1_epi8(0x0f);
  __m128i lo = _mm_shuffle_epi8(nibble_counts, _mm_and_si128(v, low_nibbles));
  __m128i hi = _mm_shuffle_epi8(nibble_counts, _mm_and_si128(_mm_srli_epi16(v, 4), low_nibbles));
  return _mm_maddubs_epi16(_mm_add_epi8(lo, hi), _mm_set1_epi8(1));
}
#endif

[[gnu::always_inline]] inline U16x8 popcount9(U16x8 x) {
#if defined(__AVX512BITALG__) && defined(__AVX512VL__)
  return (U16x8)_mm_popcnt_epi16((__m128i)x);
#elif defined(__SSSE3__)
  return (U16x8)popcount9_lookup((__m128i)x);
#elif defined(__wasm_simd128__)
  return (U16x8)wasm_u16x8_extadd_pairwise_u8x16(wasm_i8x16_popcnt((v128_t)x));
#else
  return popcount9_swar(x);
#endif
}

#if PUZZLELAB_SUDOKU_SIMD_256
[[gnu::always_inline]] inline U16x16 popcount9(U16x16 x) {
#if defined(__AVX512BITALG__) && defined(__AVX512VL__)
  return (U16x16)_mm256_popcnt_epi16((__m256i)x);
#else
  const __m256i nibble_counts = _mm256_setr_epi8(0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4, 0,
                                                 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4);
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
// Shuffles with constant tables. A table (a constexpr std::array<int, N>)
// lists for each result lane the source lane it copies, or a fill:
inline constexpr int kZeroFill = -1;  // the lane becomes 0
inline constexpr int kOnesFill = -2;  // the lane becomes 0xffff

namespace detail {

template <const auto& Idx, int kFirst>
constexpr bool has_fill(int fill) {
  for (int k = kFirst; k < kFirst + 8; ++k) {
    if (Idx[k] == fill) return true;
  }
  return false;
}

// Lanes (all ones) of the result lanes kFirst..kFirst+7 that get this fill.
template <const auto& Idx, int kFirst, int kFill>
constexpr U16x8 fill_mask = make_u16x8([](int k) { return Idx[k] == kFill ? 0xffff : 0; }, kFirst);

#if defined(__wasm_simd128__)

// Byte-swizzle control that takes result lanes kFirst..kFirst+7 of table Idx
// from input kInput (0 or 1) of pick8; lanes taken from elsewhere get
// out-of-range indices, which swizzle turns into zeros.
template <const auto& Idx, int kFirst, int kInput>
constexpr U16x8 swizzle_control = make_u16x8(
    [](int k) {
      int source = Idx[k] - 8 * kInput;
      return source >= 0 && source < 8 ? (2 * source + 1) << 8 | 2 * source : 0xffff;
    },
    kFirst);

template <const auto& Idx, int kFirst, int kInput>
constexpr bool reads_input() {
  for (int k = kFirst; k < kFirst + 8; ++k) {
    if (Idx[k] >= 8 * kInput && Idx[k] < 8 * kInput + 8) return true;
  }
  return false;
}

// Result lanes kFirst..kFirst+7 of table Idx, which indexes the lanes of
// (a, b). V8 compiles a constant shuffle to a byte shuffle whose control it
// builds with four instructions; a swizzle whose control is loaded from
// memory costs less.
template <const auto& Idx, int kFirst>
[[gnu::always_inline]] inline U16x8 pick8(U16x8 a, U16x8 b) {
  U16x8 r{};
  if constexpr (reads_input<Idx, kFirst, 0>()) {
    r = (U16x8)wasm_i8x16_swizzle((v128_t)a, (v128_t)in_memory(swizzle_control<Idx, kFirst, 0>));
  }
  if constexpr (reads_input<Idx, kFirst, 1>()) {
    r |= (U16x8)wasm_i8x16_swizzle((v128_t)b, (v128_t)in_memory(swizzle_control<Idx, kFirst, 1>));
  }
  if constexpr (has_fill<Idx, kFirst>(kOnesFill)) {
    r |= in_memory(fill_mask<Idx, kFirst, kOnesFill>);
  }
  return r;
}

#else

template <const auto& Idx, int kFirst, class V, int... K>
[[gnu::always_inline]] inline auto shuffle_lanes(V a, V b, std::integer_sequence<int, K...>) {
  // -1: any lane will do (a fill overwrites it).
  return __builtin_shufflevector(a, b, (Idx[kFirst + K] < 0 ? -1 : Idx[kFirst + K])...);
}

// Result lanes kFirst..kFirst+7 of table Idx, which indexes the lanes of (a, b).
template <const auto& Idx, int kFirst>
[[gnu::always_inline]] inline U16x8 pick8(U16x8 a, U16x8 b) {
  U16x8 r = shuffle_lanes<Idx, kFirst>(a, b, std::make_integer_sequence<int, 8>{});
  if constexpr (has_fill<Idx, kFirst>(kZeroFill)) r &= ~fill_mask<Idx, kFirst, kZeroFill>;
  if constexpr (has_fill<Idx, kFirst>(kOnesFill)) r |= fill_mask<Idx, kFirst, kOnesFill>;
  return r;
}

#endif

// Rotates each group of four consecutive lanes by kPlaces.
template <int kPlaces, class V, int... K>
[[gnu::always_inline]] inline V rotate_lanes_in_groups(V v, std::integer_sequence<int, K...>) {
  return __builtin_shufflevector(v, v, ((K & ~3) | ((K + kPlaces) & 3))...);
}

}  // namespace detail

#if PUZZLELAB_SUDOKU_SIMD_256

namespace detail {

template <const auto& Idx>
[[gnu::always_inline]] inline U16x16 apply_fills(U16x16 r) {
  constexpr U16x16 kZeroed = make_u16x16([](int k) { return Idx[k] == kZeroFill ? 0xffff : 0; });
  constexpr U16x16 kOnes = make_u16x16([](int k) { return Idx[k] == kOnesFill ? 0xffff : 0; });
  if constexpr (has_fill<Idx, 0>(kZeroFill) || has_fill<Idx, 8>(kZeroFill)) r &= ~kZeroed;
  if constexpr (has_fill<Idx, 0>(kOnesFill) || has_fill<Idx, 8>(kOnesFill)) r |= kOnes;
  return r;
}

template <const auto& Idx, class V>
[[gnu::always_inline]] inline U16x16 shuffle_to16(V v) {
  U16x16 r = shuffle_lanes<Idx, 0>(v, v, std::make_integer_sequence<int, 16>{});
  return apply_fills<Idx>(r);
}

}  // namespace detail

// 16 lanes -> 16 lanes.
template <const std::array<int, 16>& Idx>
[[gnu::always_inline]] inline U16x16 shuffle(U16x16 v) {
  return detail::shuffle_to16<Idx>(v);
}
// 16 lanes -> 8 lanes.
template <const std::array<int, 8>& Idx>
[[gnu::always_inline]] inline U16x8 shuffle(U16x16 v) {
  U16x8 lo = __builtin_shufflevector(v, v, 0, 1, 2, 3, 4, 5, 6, 7);
  U16x8 hi = __builtin_shufflevector(v, v, 8, 9, 10, 11, 12, 13, 14, 15);
  return detail::pick8<Idx, 0>(lo, hi);
}
// 8 lanes -> 16 lanes.
template <const std::array<int, 16>& Idx>
[[gnu::always_inline]] inline U16x16 shuffle(U16x8 v) {
  return detail::shuffle_to16<Idx>(v);
}

// Rotates each group of four consecutive lanes: lane k takes lane k + n of
// its group.
template <int kPlaces>
[[gnu::always_inline]] inline U16x16 rotate_within_groups(U16x16 v) {
  return detail::rotate_lanes_in_groups<kPlaces>(v, std::make_integer_sequence<int, 16>{});
}

// Rotates the four groups of four lanes: lane k takes lane k + 4n.
template <int kPlaces>
[[gnu::always_inline]] inline U16x16 rotate_groups(U16x16 v) {
  U64x4 q = (U64x4)v;
  return (U16x16)__builtin_shufflevector(q, q, kPlaces % 4, (kPlaces + 1) % 4, (kPlaces + 2) % 4,
                                         (kPlaces + 3) % 4);
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
// 8 lanes -> 16 lanes.
template <const std::array<int, 16>& Idx>
[[gnu::always_inline]] inline U16x16 shuffle(U16x8 v) {
  return {detail::pick8<Idx, 0>(v, v), detail::pick8<Idx, 8>(v, v)};
}

// Rotates each group of four consecutive lanes: lane k takes lane k + n of
// its group.
template <int kPlaces>
[[gnu::always_inline]] inline U16x16 rotate_within_groups(U16x16 v) {
  constexpr auto kLanes = std::make_integer_sequence<int, 8>{};
  return {detail::rotate_lanes_in_groups<kPlaces>(v.lo, kLanes),
          detail::rotate_lanes_in_groups<kPlaces>(v.hi, kLanes)};
}

// Rotates the four groups of four lanes: lane k takes lane k + 4n.
template <int kPlaces>
[[gnu::always_inline]] inline U16x16 rotate_groups(U16x16 v) {
  U64x2 lo = (U64x2)v.lo, hi = (U64x2)v.hi;
  if constexpr (kPlaces % 4 == 1) {
    return {(U16x8)__builtin_shufflevector(lo, hi, 1, 2),
            (U16x8)__builtin_shufflevector(hi, lo, 1, 2)};
  } else if constexpr (kPlaces % 4 == 2) {
    return {v.hi, v.lo};
  } else if constexpr (kPlaces % 4 == 3) {
    return {(U16x8)__builtin_shufflevector(hi, lo, 1, 2),
            (U16x8)__builtin_shufflevector(lo, hi, 1, 2)};
  } else {
    return v;
  }
}

#endif

}  // namespace puzzlelab::sudoku::simd
