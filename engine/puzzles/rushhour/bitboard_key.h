// The fast search's state key (Key<KW>: every piece's position packed in a
// bit field of KW 64-bit words, or, ranked, each line's arrangement
// numbered) and the sizes a layout needs, with the bit helpers they use.
#pragma once

#include <array>
#include <bit>
#include <cstdint>

#include "puzzles/rushhour/flat_array.h"
#include "puzzles/rushhour/rushhour.h"

namespace puzzlelab::rushhour::fast {

template <int N>
struct Key {
  std::array<uint64_t, N> words{};

  bool operator==(const Key& other) const {  // not memcmp: a call per probe costs more
    bool same = words[0] == other.words[0];
    for (int i = 1; i < N; ++i) same = same && words[i] == other.words[i];
    return same;
  }
};

inline constexpr unsigned kNoMove = 0xFF;

// Every piece's field in a key has the same width (the widest needed), so
// that unpacking is a shift by a constant. Word 0 keeps its top bit free, so
// that an all-ones word 0 can mark empty slots.
inline int key_field_bits(const Layout& layout) {
  int bits = 1;
  for (int p = 0; p < static_cast<int>(layout.pieces().size()); ++p) {
    while ((1 << bits) <= layout.max_position(p)) ++bits;
  }
  return bits;
}
inline constexpr int kKeyWord0Bits = 63;
inline int key_words_needed(const Layout& layout) {
  const int fields_in_word0 = kKeyWord0Bits / key_field_bits(layout);
  return static_cast<int>(layout.pieces().size()) <= fields_in_word0 ? 1 : 2;
}

// Lane width of a line on the boards: lines never straddle a word.
inline int lane_bits(const Layout& layout) {
  return layout.width() <= 8 && layout.height() <= 8 ? 8 : 16;
}
// Words a board needs (1, 2 or 4).
inline int board_words(const Layout& layout) {
  const int lines = layout.width() > layout.height() ? layout.width() : layout.height();
  const int words = (lines * lane_bits(layout) + 63) / 64;
  return words <= 1 ? 1 : words <= 2 ? 2 : 4;
}

inline int count_trailing_zeros(uint32_t x) {
  return __builtin_ctz(x);
}  // x != 0
inline int highest_bit(uint32_t x) {
  return 31 - __builtin_clz(x);
}  // x != 0

inline int highest_bit64(uint64_t x) {
  return 63 - __builtin_clzll(x);
}  // x != 0
inline int count_trailing_zeros64(uint64_t x) {
  return __builtin_ctzll(x);
}  // x != 0
inline int population(uint64_t x) {
  return __builtin_popcountll(x);
}

// C(n, k) for the small n of a line (n <= 16).
inline uint64_t binomial(int n, int k) {
  if (k < 0 || k > n) return 0;
  uint64_t result = 1;
  for (int i = 1; i <= k; ++i) result = result * static_cast<uint64_t>(n - k + i) / i;
  return result;
}
// Bits that number `count` things (0 for one).
inline int bits_for(uint64_t count) {
  int bits = 0;
  while ((uint64_t{1} << bits) < count) ++bits;
  return bits;
}

// The pieces lying along one line (plane 0: a row's horizontal pieces, 1: a
// column's vertical ones). They never pass each other, so they can be only
// in C(m, count) arrangements, m = cells - lengths + count (walls aside).
struct LineContents {
  int cells = 0;
  int count = 0;
  int lengths = 0;
  uint64_t arrangements() const { return binomial(cells - lengths + count, count); }
};
inline LineContents line_contents(const Layout& layout, int plane, int line) {
  LineContents contents;
  contents.cells = plane == 0 ? layout.width() : layout.height();
  for (const Piece& piece : layout.pieces()) {
    if ((piece.axis == Axis::horizontal ? 0 : 1) == plane && piece.line == line) {
      ++contents.count;
      contents.lengths += piece.length;
    }
  }
  return contents;
}
// Bits of the ranked key (Model<1, BW, true>): each line's arrangement
// numbered in a field of its own. Far fewer than 3 or 4 bits a piece when
// lines hold several pieces; at most 64 on any board up to 8x8.
inline int ranked_key_bits(const Layout& layout) {
  int bits = 0;
  for (int plane = 0; plane < 2; ++plane) {
    for (int line = 0; line < kMaxSize; ++line) {
      const LineContents contents = line_contents(layout, plane, line);
      if (contents.count > 0) bits += bits_for(contents.arrangements());
    }
  }
  return bits;
}

}  // namespace puzzlelab::rushhour::fast
