// Sorted runs of state keys (bitboard_search.h's Key): a radix sort, removal
// of duplicates, removal of the keys of another sorted run (a linear merge)
// and lookup. The layered breadth-first search keeps each layer as one run.
#pragma once

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <cstring>

#include "puzzles/rushhour/bitboard_search.h"

namespace puzzlelab::rushhour::fast {

// Key order: the last word first (the order smallest_key uses).
template <int N>
PUZZLELAB_HOT bool key_less(const Key<N>& a, const Key<N>& b) {
  for (int i = N - 1; i > 0; --i) {
    if (a.words[i] != b.words[i]) return a.words[i] < b.words[i];
  }
  return a.words[0] < b.words[0];
}

// Sorts keys[0, count) with `scratch` (room for count keys): least
// significant digit first, 11 bits a pass, skipping the digits no two keys
// differ in (the unused top bits, pieces that never moved).
template <int N>
void sort_keys(Key<N>* keys, size_t count, Key<N>* scratch) {
  constexpr size_t kSmall = 256;
  if (count <= kSmall) {
    std::sort(keys, keys + count, key_less<N>);
    return;
  }
  std::array<uint64_t, N> any{}, all{};
  all.fill(~uint64_t{0});
  for (size_t i = 0; i < count; ++i) {
    for (int w = 0; w < N; ++w) any[w] |= keys[i].words[w], all[w] &= keys[i].words[w];
  }
  constexpr int kDigitBits = 11;
  constexpr size_t kBuckets = size_t{1} << kDigitBits;
  Key<N>* from = keys;
  Key<N>* to = scratch;
  std::array<size_t, kBuckets> offsets;
  for (int w = 0; w < N; ++w) {
    const uint64_t varying = any[w] ^ all[w];
    for (int shift = 0; shift < 64; shift += kDigitBits) {
      if (((varying >> shift) & (kBuckets - 1)) == 0) continue;
      offsets.fill(0);
      for (size_t i = 0; i < count; ++i) ++offsets[(from[i].words[w] >> shift) & (kBuckets - 1)];
      size_t sum = 0;
      for (size_t& offset : offsets) {
        const size_t n = offset;
        offset = sum;
        sum += n;
      }
      for (size_t i = 0; i < count; ++i) {
        to[offsets[(from[i].words[w] >> shift) & (kBuckets - 1)]++] = from[i];
      }
      std::swap(from, to);
    }
  }
  if (from != keys) std::memcpy(static_cast<void*>(keys), from, count * sizeof(Key<N>));
}

// Drops repeats from sorted keys[0, count); returns the new count.
template <int N>
size_t unique_keys(Key<N>* keys, size_t count) {
  if (count == 0) return 0;
  size_t out = 1;
  for (size_t i = 1; i < count; ++i) {
    if (!(keys[i] == keys[out - 1])) keys[out++] = keys[i];
  }
  return out;
}

// Drops from sorted keys[0, count) those in sorted other[0, other_count)
// (one merge); returns the new count.
template <int N>
size_t remove_keys(Key<N>* keys, size_t count, const Key<N>* other, size_t other_count) {
  size_t out = 0, j = 0;
  for (size_t i = 0; i < count; ++i) {
    while (j < other_count && key_less(other[j], keys[i])) ++j;
    if (j < other_count && other[j] == keys[i]) continue;
    keys[out++] = keys[i];
  }
  return out;
}

template <int N>
bool contains_key(const Key<N>* keys, size_t count, const Key<N>& key) {
  const Key<N>* at = std::lower_bound(keys, keys + count, key, key_less<N>);
  return at != keys + count && *at == key;
}

}  // namespace puzzlelab::rushhour::fast
