// One generation of the Tree of Life, 64 cells per word (see evolve.h for the
// layout). Included by evolve.cpp (portable bit operations) and by
// evolve_bmi2.cpp (pext/pdep, compiled for BMI2 + AVX2 and chosen at run
// time). Everything here has internal linkage so the two builds never mix.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>

namespace puzzlelab::treeoflife::kernel {

using Word = uint64_t;

struct Args {
  const Word* in;
  Word* out;
  size_t words;
  const Word* internal;        // internal-cell mask per word
  const int64_t* rank_before;  // internal cells before each word
  const Word* move_masks;      // 6 per word (software compress/expand)
  Word* compressed;            // scratch: words / 2 + 2 words each
  Word* odd;
  Word* even;
  size_t scratch_words;
  Word* left;  // scratch: words long each
  Word* right;
  const Word* rule_low;  // 8 masks: the rule's value with right = 0
  const Word* rule_xor;  // 8 masks: what right = 1 changes
  Word last_mask;        // cells that exist in the last word
};

namespace {

// 64 bits of a bit stream starting at bit `at` (the stream has a spare word).
inline Word read_bits(const Word* stream, int64_t at) {
  const int64_t q = at >> 6;
  const int s = static_cast<int>(at & 63);
  return s ? (stream[q] >> s) | (stream[q + 1] << (64 - s)) : stream[q];
}

// The rule as a multiplexer tree over right, self, left, parent.
inline Word apply_rule(const Word* low, const Word* flip, Word p, Word l, Word s, Word r) {
  Word g[8];
  for (int j = 0; j < 8; ++j) g[j] = low[j] ^ (flip[j] & r);
  Word h[4];
  for (int k = 0; k < 4; ++k) h[k] = g[2 * k] ^ ((g[2 * k] ^ g[2 * k + 1]) & s);
  const Word i0 = h[0] ^ ((h[0] ^ h[1]) & l);
  const Word i1 = h[2] ^ ((h[2] ^ h[3]) & l);
  return i0 ^ ((i0 ^ i1) & p);
}

template <class Ops>
inline void step_words(const Args& a) {
  static_assert(sizeof(Word) == 8);
  const Word* state = a.in;
  const size_t words = a.words;

  // 1. States of the internal cells, packed in internal-cell order, and
  // 2. the children: left ones are the odd cells (2k+1), right ones the even
  //    cells (2k+2), both packed in internal-cell order (32 bits per word).
  //    The right stream keeps the root as bit 0: it is read one bit later.
  Word* packed_words = a.left;  // scratch until step 3
  for (size_t w = 0; w < words; w += 2) {
    const size_t v = w + 1 < words ? w + 1 : w;  // an odd count repeats the last word
    Ops::compress2(state[w], state[v], a.internal[w], a.internal[v], a.move_masks + 6 * w,
                   a.move_masks + 6 * v, packed_words[w], packed_words[v]);
  }
  Word acc = 0;
  int fill = 0;
  size_t o = 0;
  for (size_t w = 0; w < words; ++w) {
    const Word x = state[w];
    const int count = __builtin_popcountll(a.internal[w]);
    const Word k = packed_words[w];
    acc |= k << fill;  // fill is 0..63
    a.compressed[o] = acc;
    const int next_fill = fill + count;
    const bool full = next_fill >= 64;
    o += full;
    acc = full ? (k >> 1) >> (63 - fill) : acc;  // the bits of k that did not fit
    fill = next_fill & 63;
    uint32_t odd = 0, even = 0;
    Ops::odd_even(x, odd, even);
    std::memcpy(reinterpret_cast<char*>(a.odd) + 4 * w, &odd, 4);
    std::memcpy(reinterpret_cast<char*>(a.even) + 4 * w, &even, 4);
  }
  a.compressed[o++] = acc;
  while (o < a.scratch_words) a.compressed[o++] = 0;
  for (size_t u = words / 2; u < a.scratch_words; ++u) {  // a zero tail for the reads
    if (2 * u >= words) a.odd[u] = a.even[u] = 0;
  }
  if (words % 2) {
    const size_t u = words / 2;
    a.odd[u] &= 0xFFFFFFFFu;
    a.even[u] &= 0xFFFFFFFFu;
  }

  // 3. Parent of cell j is internal cell (j-1)/2: the packed states with each
  //    bit doubled, one cell later. Children go back onto the internal cells.
  //    Neighbours land in out/odd/even first so the rule runs vectorised.
  Word* parents = a.out;
  Word* lefts = a.left;
  Word* rights = a.right;
  for (size_t w = 0; w < words; w += 2) {
    Word high = 0;
    Ops::spread2(a.compressed[w >> 1], parents[w], w + 1 < words ? parents[w + 1] : high);
  }
  Word previous_doubled = 0;
  for (size_t w = 0; w < words; ++w) {
    const Word doubled = parents[w];
    parents[w] = (doubled << 1) | (previous_doubled >> 63);
    previous_doubled = doubled;
    const Word m = a.internal[w];
    const int64_t at = a.rank_before[w];
    const Word* masks = a.move_masks + 6 * w;
    Ops::expand2(read_bits(a.odd, at), read_bits(a.even, at + 1), m, masks, lefts[w], rights[w]);
  }
  Word low[8], flip[8];
  for (int j = 0; j < 8; ++j) {
    low[j] = a.rule_low[j];
    flip[j] = a.rule_xor[j];
  }
  for (size_t w = 0; w < words; ++w) {
    a.out[w] = apply_rule(low, flip, parents[w], lefts[w], state[w], rights[w]);
  }
  a.out[words - 1] &= a.last_mask;
}

}  // namespace
}  // namespace puzzlelab::treeoflife::kernel
