// An independent Sudoku solver for tests: plain backtracking, sharing no
// code with the engine, so it can check the engine's answers.
#pragma once

#include <bit>
#include <cstdint>

#include "puzzles/sudoku/solver.h"

namespace puzzlelab::testing {

using puzzlelab::sudoku::Cells;

// Plain backtracking: fill the empty cell with the fewest allowed digits,
// trying them in order. Counts up to `limit` solutions and keeps the first.
class SudokuReferenceSolver {
 public:
  explicit SudokuReferenceSolver(const Cells& puzzle) : cells_(puzzle) {}

  int count(int limit) {
    limit_ = limit;
    found_ = 0;
    search();
    return found_;
  }
  const Cells& solution() const { return solution_; }

 private:
  // Digits 1..9 that no filled peer of `cell` holds, as bits 1..9.
  unsigned allowed(int cell) const {
    const int row = cell / 9, column = cell % 9;
    const int top = row / 3 * 3, left = column / 3 * 3;
    unsigned used = 0;
    for (int i = 0; i < 9; ++i) {
      used |= 1u << cells_[row * 9 + i];
      used |= 1u << cells_[i * 9 + column];
      used |= 1u << cells_[(top + i / 3) * 9 + left + i % 3];
    }
    return 0x3FEu & ~used;
  }
  void search() {
    int best = -1;
    unsigned best_digits = 0;
    for (int cell = 0; cell < 81; ++cell) {
      if (cells_[cell] != 0) continue;
      const unsigned digits = allowed(cell);
      if (best == -1 || std::popcount(digits) < std::popcount(best_digits)) {
        best = cell;
        best_digits = digits;
      }
    }
    if (best == -1) {
      if (found_++ == 0) solution_ = cells_;
      return;
    }
    for (int digit = 1; digit <= 9 && found_ < limit_; ++digit) {
      if (!(best_digits & (1u << digit))) continue;
      cells_[best] = uint8_t(digit);
      search();
      cells_[best] = 0;
    }
  }

  Cells cells_;
  Cells solution_{};
  int limit_ = 2;
  int found_ = 0;
};

}  // namespace puzzlelab::testing
