// Fast exact Sudoku solver: counts solutions up to a limit (limit 2 is the
// uniqueness check: 0 = none, 1 = unique, 2 = "2 or more").
#pragma once

#include <array>
#include <cstdint>

namespace puzzlelab::sudoku {

// 81 cells, row-major: 0 = blank, 1..9 = digit.
using Cells = std::array<uint8_t, 81>;

struct SolverResult {
  int solutions = 0;     // found, capped at the limit
  uint64_t guesses = 0;  // branching decisions taken
  Cells solution{};      // the first solution found (when solutions >= 1)
  bool stopped = false;  // max_guesses ran out first: the count is not known
};

// puzzle: cells hold 0..9. limit >= 1. Stops after max_guesses guesses (a
// node budget; no 9x9 grid needs more than a few thousand).
SolverResult count_solutions(const Cells& puzzle, int limit = 2, uint64_t max_guesses = UINT64_MAX);
// Same, from 81 characters: '1'..'9' are clues, anything else is blank.
SolverResult count_solutions(const char* puzzle81, int limit = 2);

}  // namespace puzzlelab::sudoku
