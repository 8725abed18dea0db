// Solver benchmark: pure computation over puzzles already in memory, so that
// native and WebAssembly builds can be timed and compared the same way.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <deque>
#include <string_view>

#include "puzzles/sudoku/solver.h"

namespace puzzlelab::sudoku {

// Puzzles held for a benchmark at 4 bits a cell (41 bytes a puzzle, a
// million in 41 MB), in blocks, so that a batch never needs a second copy of
// itself while it grows.
class PuzzleBatch {
 public:
  // 81 characters: '1'..'9' are clues, anything else (or a missing
  // character) is blank.
  void add(std::string_view puzzle81);
  void add(const Cells& cells);  // 0 = blank, 1..9 = a clue
  size_t size() const { return packed_.size(); }
  Cells cells(size_t index) const;

 private:
  std::deque<std::array<uint8_t, 41>> packed_;  // cell 2k in the low nibble of byte k
};

struct BenchSummary {
  size_t puzzles = 0;
  size_t unique = 0, multiple = 0, none = 0;  // by solution count (at the limit)
  uint64_t guesses = 0;                       // summed over all puzzles
  double seconds = 0;                         // CPU seconds solving (parsing excluded)
  double wall_seconds = 0;                    // the same solves' wall time
  uint64_t checksum = 0;  // FNV-1a over the first solution of each solved puzzle, in order
};

// Solves every puzzle with count_solutions(puzzle, limit).
BenchSummary bench_solve(const PuzzleBatch& puzzles, int limit = 2);

}  // namespace puzzlelab::sudoku
