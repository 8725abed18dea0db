// One generation of the Tree of Life on the packed state (see evolve.h for
// the numbering and the layout). Included by evolve.cpp (portable: SSE or
// WebAssembly SIMD, 2 words a vector, software gathers), evolve_bmi2.cpp
// (pext/pdep, 4 words a vector with AVX2) and evolve_avx512.cpp (pext/pdep,
// 8 words a vector, GFNI shuffles); Stepper picks one at run time.
// Everything here has internal linkage so the builds never mix.
//
// A packed state is the cells breadth-first (S), then the internal cells'
// states in internal-cell order (I). With I at hand:
//   - the parent of cell j is internal cell (j-1)/2: I with each bit doubled
//     (P, a fixed shuffle);
//   - the children of internal cell k are cells 2k+1 and 2k+2: the odd bits
//     of S and of S shifted by one (fixed shuffles);
// so internal cells are updated in I and leaves in S, word-parallel. Two
// gathers by the internal-cell mask M remain: the internal cells' parents
// (compress P by M) and their new states back into S (expand by M).
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>

namespace puzzlelab::treeoflife::kernel {

using Word = uint64_t;

struct Args {
  const Word* in;  // packed state: s_words of S, then I
  Word* out;       // the next generation, same layout (may not alias `in`)
  size_t cell_words;
  size_t s_words;              // S's length in the layout, zeros past the cells (see Stepper)
  size_t rank_words;           // words of I that hold internal cells
  const Word* internal;        // M, per cell word (s_words, zeros past the cells)
  const int64_t* rank_before;  // internal cells before each cell word (cell_words + 1)
  const Word* move_masks;      // 6 rows of s_words: the Hacker's Delight masks of M
  size_t i_words;              // I's length in the layout (zeros past the internal cells)
  Word* parents;               // scratch (i_words): the internal cells' parents
  Word* cell_scratch;          // scratch (s_words): P, then what expands
  Word* gathered;              // scratch (s_words): the compressed words
  const Word* rule_low;        // 8 masks: the rule's value with right = 0
  const Word* rule_xor;        // 8 masks: what right = 1 changes
  Word leaf_rule[4];           // the rule for a leaf by (parent, self): index 2*parent + self
  Word last_cell_mask;         // cells that exist in the last cell word
  Word last_rank_mask;         // internal cells that exist in the last word of I
};

namespace {

template <class V>
constexpr int kLanes = static_cast<int>(sizeof(V) / sizeof(Word));

// 32-bit lanes: U32<16> is four of them.
template <int kBytes>
struct U32Vector;
template <>
struct U32Vector<8> {
  using type = uint32_t __attribute__((vector_size(8)));
};
template <>
struct U32Vector<16> {
  using type = uint32_t __attribute__((vector_size(16)));
};
template <>
struct U32Vector<32> {
  using type = uint32_t __attribute__((vector_size(32)));
};
template <>
struct U32Vector<64> {
  using type = uint32_t __attribute__((vector_size(64)));
};
template <int kBytes>
using U32 = typename U32Vector<kBytes>::type;

template <class V>
inline V load(const Word* p) {
  V v;
  std::memcpy(&v, p, sizeof v);
  return v;
}
template <class V>
inline void store(Word* p, V v) {
  std::memcpy(p, &v, sizeof v);
}
template <class V>
inline V splat(Word x) {
  return V{} + x;
}

// Lane i: the 32 bits of `words` that start at bit 32 * (half + i).
template <class V>
inline V load_halves(const Word* words, int64_t half) {
  U32<sizeof(V) / 2> h;
  std::memcpy(&h, reinterpret_cast<const char*>(words) + 4 * half, sizeof h);
  return __builtin_convertvector(h, V);
}

// The low 32 bits of each lane of a, then of b, one after the other.
template <class V>
inline V join_low_halves(V a, V b) {
  using Halves = U32<sizeof(V)>;
  const Halves ha = (Halves)a, hb = (Halves)b;
  if constexpr (kLanes<V> == 2) {
    return (V)__builtin_shufflevector(ha, hb, 0, 2, 4, 6);
  } else if constexpr (kLanes<V> == 4) {
    return (V)__builtin_shufflevector(ha, hb, 0, 2, 4, 6, 8, 10, 12, 14);
  } else {
    return (V)__builtin_shufflevector(ha, hb, 0, 2, 4, 6, 8, 10, 12, 14, 16, 18, 20, 22, 24, 26, 28,
                                      30);
  }
}

// The fixed shuffles, with shifts and masks on any vector of words.
//   doubled(words, half)  lane i: the 32 bits from bit 32 * (half + i) on,
//                         each twice
//   odd_bits(a, b)        bits 1, 3, 5... of every lane of a, then of b,
//                         one after the other (32 bits a lane)
struct NetworkShuffles {
  template <class V>
  static V doubled(const Word* words, int64_t half) {
    V x = load_halves<V>(words, half);
    x = (x | (x << 16)) & 0x0000FFFF0000FFFFull;
    x = (x | (x << 8)) & 0x00FF00FF00FF00FFull;
    x = (x | (x << 4)) & 0x0F0F0F0F0F0F0F0Full;
    x = (x | (x << 2)) & 0x3333333333333333ull;
    x = (x | (x << 1)) & 0x5555555555555555ull;
    return x | (x << 1);
  }
  template <class V>
  static V odd_bits(V a, V b) {
    return join_low_halves(even_bits(a >> 1), even_bits(b >> 1));
  }

 private:
  // Bits 0, 2, 4... of every lane packed into its low 32 bits.
  template <class V>
  static V even_bits(V x) {
    x &= 0x5555555555555555ull;
    x = (x | (x >> 1)) & 0x3333333333333333ull;
    x = (x | (x >> 2)) & 0x0F0F0F0F0F0F0F0Full;
    x = (x | (x >> 4)) & 0x00FF00FF00FF00FFull;
    x = (x | (x >> 8)) & 0x0000FFFF0000FFFFull;
    return x | (x >> 16);
  }
};

// The same shuffles as 16-entry byte tables looked up per nibble (pshufb,
// i8x16.swizzle): fewer steps than the shift network. Bytes supplies, for
// its vector type V:
//   lookup(table, indices)  each byte of indices (< 16) looked up in table
//                           (the 16 bytes repeated over the vector)
//   narrow(a, b)            the low byte of every 16-bit lane of a, then of b
//   nibbles(words, half)    the nibbles of the bytes from half `half` on,
//                           low then high, a byte each (two bytes per byte)
template <class Bytes>
struct ByteTableShuffles {
  using V = typename Bytes::V;

  template <class>  // V: the same interface as NetworkShuffles
  static V doubled(const Word* words, int64_t half) {
    return Bytes::lookup(table(kDoubled), Bytes::nibbles(words, half));
  }
  static V odd_bits(V a, V b) { return Bytes::narrow(odd_nibbles(a), odd_nibbles(b)); }

 private:
  struct Table {
    uint8_t at[16];
  };
  // A nibble with each bit twice; a nibble's bits 1 and 3 (bits 0, 1), and
  // the same two places higher.
  static constexpr Table kDoubled = [] {
    Table t{};
    for (int n = 0; n < 16; ++n) {
      for (int i = 0; i < 4; ++i) t.at[n] |= static_cast<uint8_t>((n >> i & 1) * (3 << (2 * i)));
    }
    return t;
  }();
  static constexpr Table kOddLow = [] {
    Table t{};
    for (int n = 0; n < 16; ++n) t.at[n] = static_cast<uint8_t>((n >> 1 & 1) | (n >> 3 & 1) << 1);
    return t;
  }();
  static constexpr Table kOddHigh = [] {
    Table t{};
    for (int n = 0; n < 16; ++n) t.at[n] = static_cast<uint8_t>(kOddLow.at[n] << 2);
    return t;
  }();

  static V table(const Table& t) {
    V v;
    for (size_t at = 0; at < sizeof v; at += 16)
      std::memcpy(reinterpret_cast<char*>(&v) + at, t.at, 16);
    return v;
  }
  // Each byte's odd bits into its low nibble, then the two nibbles of a
  // 16-bit lane side by side in its low byte.
  static V odd_nibbles(V x) {
    const V low = x & 0x0F0F0F0F0F0F0F0Full, high = (x >> 4) & 0x0F0F0F0F0F0F0F0Full;
    const V y = Bytes::lookup(table(kOddLow), low) | Bytes::lookup(table(kOddHigh), high);
    return (y | (y >> 4)) & 0x00FF00FF00FF00FFull;
  }
};

// The rule as a multiplexer tree over right, self, left, parent.
template <class V>
inline V apply_rule(const V* low, const V* flip, V p, V l, V s, V r) {
  V g[8];
  for (int j = 0; j < 8; ++j) g[j] = low[j] ^ (flip[j] & r);
  V h[4];
  for (int k = 0; k < 4; ++k) h[k] = g[2 * k] ^ ((g[2 * k] ^ g[2 * k + 1]) & s);
  const V i0 = h[0] ^ ((h[0] ^ h[1]) & l);
  const V i1 = h[2] ^ ((h[2] ^ h[3]) & l);
  return i0 ^ ((i0 ^ i1) & p);
}

// 64 bits of a bit stream starting at bit `at` (the stream has a spare word).
inline Word read_bits(const Word* stream, int64_t at) {
  const int64_t q = at >> 6;
  const int s = static_cast<int>(at & 63);
  return (stream[q] >> s) | ((stream[q + 1] << 1) << (63 - s));
}

// A state's hash, a filter for Evolution's cycle table: four lanes of
// multiply-xor over the cell words (word w into lane w % 4), mixed at the
// end. The kernels compute it while they write the last words.
class CellHash {
 public:
  void add(size_t w, Word x) { lane_[w & 3] = (lane_[w & 3] ^ x) * kMultiplier; }
  uint64_t value() const {
    const uint64_t h = lane_[0] ^ (lane_[1] * 3) ^ (lane_[2] * 5) ^ (lane_[3] * 7);
    return (h ^ (h >> 29)) * 0xBF58476D1CE4E5B9ull;
  }

 private:
  static constexpr uint64_t kMultiplier = 0xFF51AFD7ED558CCDull;
  uint64_t lane_[4] = {0x9E3779B97F4A7C15ull, 0xC2B2AE3D27D4EB4Full, 0x165667B19E3779F9ull,
                       0x27D4EB2F165667C5ull};
};

inline uint64_t hash_cells(const Word* cells, size_t words) {
  CellHash hash;
  for (size_t w = 0; w < words; ++w) hash.add(w, cells[w]);
  return hash.value();
}

// Appends the words k[w] (popcount(M[w]) bits each) one after the other:
// word w's bits start at bit rank_before[w] of `packed`.
inline void append_bits(const Word* k, size_t words, const int64_t* rank_before, Word* packed) {
  Word acc = 0;
  for (size_t w = 0; w < words; ++w) {
    const int64_t at = rank_before[w];
    const int fill = static_cast<int>(at & 63);
    const size_t q = static_cast<size_t>(at >> 6);
    const Word v = acc | (k[w] << fill);
    packed[q] = v;
    const bool spills = (rank_before[w + 1] >> 6) != static_cast<int64_t>(q);
    acc = spills ? (k[w] >> 1) >> (63 - fill) : v;
  }
  const size_t end = static_cast<size_t>(rank_before[words] >> 6);
  packed[end] = acc;
}

// Ops supplies the shuffles (NetworkShuffles or better) and the gathers by M
// over all cell words:
//   compress(a, x, packed): pext(x[w], M[w]) one after the other, word w's
//                           bits from bit rank_before[w] on
//   expand(a, packed, out): out[w] |= pdep(64 bits of packed from bit
//                           rank_before[w], M[w]); returns the hash of the
//                           cell words (CellHash)

// 1. P (into cell_scratch), and the leaves' next states into S (their
//    internal cells stay 0 for now).
template <class Ops, class V>
inline void parents_and_leaves(const Args& a) {
  constexpr int n = kLanes<V>;
  const Word* cells = a.in;
  const Word* internal_states = a.in + a.s_words;
  V leaf[4];
  for (int j = 0; j < 4; ++j) leaf[j] = splat<V>(a.leaf_rule[j]);
  for (size_t w = 0; w < a.cell_words; w += n) {
    // The internal cell before each half: bit 31 of the half before (the
    // word before I is S's last, always 0).
    const V before = load_halves<V>(internal_states, static_cast<int64_t>(w) - 1) >> 31;
    const V parent =
        (Ops::template doubled<V>(internal_states, static_cast<int64_t>(w)) << 1) | before;
    store(a.cell_scratch + w, parent);
    const V self = load<V>(cells + w);
    const V without_parent = leaf[0] ^ ((leaf[0] ^ leaf[1]) & self);
    const V with_parent = leaf[2] ^ ((leaf[2] ^ leaf[3]) & self);
    const V next = without_parent ^ ((without_parent ^ with_parent) & parent);
    store(a.out + w, next & ~load<V>(a.internal + w));
  }
  a.out[a.cell_words - 1] &= a.last_cell_mask;
  for (size_t w = a.cell_words; w < a.s_words; ++w) a.out[w] = 0;
}

// 2. Internal cells: children from the odd bits of S and of S shifted by
//    one, the rule in internal order.
template <class Ops, class V>
inline void internal_cells(const Args& a) {
  constexpr int n = kLanes<V>;
  const Word* cells = a.in;
  const Word* self = a.in + a.s_words;
  Word* next = a.out + a.s_words;
  V low[8], flip[8];
  for (int j = 0; j < 8; ++j) {
    low[j] = splat<V>(a.rule_low[j]);
    flip[j] = splat<V>(a.rule_xor[j]);
  }
  // Vectors of n internal words read 2n + 1 cell words: S has 2 spare words
  // past the rank words' cells, and I as many past its own.
  for (size_t u = 0; u < a.rank_words; u += n) {
    const Word* s = cells + 2 * u;
    const V s0 = load<V>(s), s1 = load<V>(s + n);
    const V t0 = load<V>(s + 1), t1 = load<V>(s + n + 1);
    const V left = Ops::odd_bits(s0, s1);
    // S shifted by one: bit 2k+1 becomes cell 2k+2.
    const V right = Ops::odd_bits((s0 >> 1) | (t0 << 63), (s1 >> 1) | (t1 << 63));
    const V p = load<V>(a.parents + u);
    store(next + u, apply_rule(low, flip, p, left, load<V>(self + u), right));
  }
  next[a.rank_words - 1] &= a.last_rank_mask;
  for (size_t u = a.rank_words; u < a.i_words; ++u) next[u] = 0;
}

// One generation; returns the new cells' hash.
template <class Ops, class V>
inline uint64_t step_words(const Args& a) {
  parents_and_leaves<Ops, V>(a);
  Ops::compress(a, a.cell_scratch, a.parents);
  a.parents[(a.rank_before[a.cell_words] >> 6) + 1] = 0;
  internal_cells<Ops, V>(a);
  // 3. The internal cells' new states back into S.
  return Ops::expand(a, a.out + a.s_words, a.out);
}

}  // namespace
}  // namespace puzzlelab::treeoflife::kernel
