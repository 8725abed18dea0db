// Solver benchmark: pure computation over puzzles already in memory, so that
// native and WebAssembly builds can be timed and compared the same way.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace puzzlelab::sudoku {

struct BenchSummary {
  size_t puzzles = 0;
  size_t unique = 0, multiple = 0, none = 0;  // by solution count (at the limit)
  uint64_t guesses = 0;                       // summed over all puzzles
  double seconds = 0;                         // CPU seconds solving (parsing excluded)
  uint64_t checksum = 0;  // FNV-1a over the first solution of each solved puzzle, in order
};

// Solves every puzzle (81 characters, '1'..'9' clues, anything else blank)
// with count_solutions(puzzle, limit).
BenchSummary bench_solve(const std::vector<std::string>& puzzles81, int limit = 2);

}  // namespace puzzlelab::sudoku
