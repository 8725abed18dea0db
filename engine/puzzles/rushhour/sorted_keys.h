// Sorted runs of state keys (bitboard_key.h's Key): a radix sort. The
// layered breadth-first search keeps each layer as one run.
#pragma once

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <vector>

#include "puzzles/rushhour/bitboard_key.h"
#include "puzzles/rushhour/flat_array.h"

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
// differ in (the unused top bits, pieces that never moved). One read counts
// every digit's buckets; then a scatter a digit. Words below `first_word`
// ride along unsorted on (a tag kept with its key; small counts sort on them).
template <int N>
void sort_keys(Key<N>* keys, size_t count, Key<N>* scratch, int first_word = 0) {
  constexpr size_t kSmall = 256;
  if (count <= kSmall || count > UINT32_MAX) {
    std::sort(keys, keys + count, key_less<N>);
    return;
  }
  std::array<uint64_t, N> any{}, all{};
  all.fill(~uint64_t{0});
  for (size_t i = 0; i < count; ++i) {
    for (int w = 0; w < N; ++w) any[w] |= keys[i].words[w], all[w] &= keys[i].words[w];
  }
  constexpr int kDigitBits = 11;
  constexpr uint64_t kDigitMask = (uint64_t{1} << kDigitBits) - 1;
  constexpr int kMaxDigits = N * ((64 + kDigitBits - 1) / kDigitBits);
  struct Digit {
    int word, shift;
  };
  std::array<Digit, kMaxDigits> digits;
  int digit_count = 0;
  for (int w = first_word; w < N; ++w) {
    const uint64_t varying = any[w] ^ all[w];
    for (int shift = 0; shift < 64; shift += kDigitBits) {
      if (((varying >> shift) & kDigitMask) != 0) digits[digit_count++] = Digit{w, shift};
    }
  }
  std::vector<std::array<uint32_t, kDigitMask + 1>> offsets(static_cast<size_t>(digit_count));
  for (auto& digit_offsets : offsets) digit_offsets.fill(0);
  for (size_t i = 0; i < count; ++i) {
    for (int d = 0; d < digit_count; ++d) {
      ++offsets[d][(keys[i].words[digits[d].word] >> digits[d].shift) & kDigitMask];
    }
  }
  for (auto& digit_offsets : offsets) {
    uint32_t sum = 0;
    for (uint32_t& offset : digit_offsets) {
      const uint32_t n = offset;
      offset = sum;
      sum += n;
    }
  }
  Key<N>* from = keys;
  Key<N>* to = scratch;
  for (int d = 0; d < digit_count; ++d) {
    const int word = digits[d].word, shift = digits[d].shift;
    uint32_t* digit_offsets = offsets[d].data();
    for (size_t i = 0; i < count; ++i) {
      to[digit_offsets[(from[i].words[word] >> shift) & kDigitMask]++] = from[i];
    }
    std::swap(from, to);
  }
  if (from != keys) std::memcpy(static_cast<void*>(keys), from, count * sizeof(Key<N>));
}

}  // namespace puzzlelab::rushhour::fast
