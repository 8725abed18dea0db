// A pack of 6x6 puzzles from the whole enumeration (every canonical,
// solvable, minimal cluster: `puzzlelab enumerate rushhour --size 6`), a few
// of every move count, compiled in (pack.cpp is written by
// scripts/rushhour-pack): what "New puzzle" draws from at once.
#pragma once

#include <cstdint>
#include <span>
#include <string_view>

namespace puzzlelab::rushhour::enumerate {

struct PackedPuzzle {
  int moves = 0;
  std::string_view board;  // Fogleman's 36 characters, 'o' empty
  uint32_t cluster = 0;    // positions in its cluster
};

// Every puzzle of the pack, by moves, then in the enumeration's order.
std::span<const PackedPuzzle> pack_puzzles();

// Those of `moves` moves (empty when the pack has none).
inline std::span<const PackedPuzzle> pack_puzzles(int moves) {
  const auto all = pack_puzzles();
  size_t first = 0;
  while (first < all.size() && all[first].moves < moves) ++first;
  size_t last = first;
  while (last < all.size() && all[last].moves == moves) ++last;
  return all.subspan(first, last - first);
}

}  // namespace puzzlelab::rushhour::enumerate
