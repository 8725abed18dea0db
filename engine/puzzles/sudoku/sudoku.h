// Sudoku behind the Game interface: what the app, the CLI and the worker use.
//
// Text read by parse():
//   * 81 characters on one line, '1'-'9' clues and '0' or '.' blanks (what
//     follows the 81 characters after a space is ignored, as in benchmark
//     files "puzzle solution guesses");
//   * a 9-line grid; spaces, '|', '-', '+' and '=' are tolerated as
//     separators and lines made only of them are skipped;
//   * two 81-character lines: the clues, then the player's entries.
// Moves:
//   r3c5=7  write 7 in row 3, column 5 (and cross 7 off the pencil marks of
//           its row, column and box)       r3c5=0  clear it
//   r3c5+7  add pencil mark 7               r3c5-7  remove pencil mark 7 (and
//                                                   rule 7 out for hints)
//   marks   fill every empty cell's pencil marks with its candidates
#pragma once

#include <array>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "core/puzzle.h"
#include "puzzles/sudoku/grid.h"

namespace puzzlelab::sudoku {

struct Position {
  Cells givens{};
  Cells entries{};  // the player's digits; 0 where none or where a clue stands
};

Parsed<Position> parse_position(std::string_view text);

class SudokuGame final : public Game {
 public:
  explicit SudokuGame(Position position) : position_(position) {}

  const PuzzleInfo& info() const override;
  std::string format() const override;
  std::vector<Move> legal_moves() const override;
  ApplyResult apply(std::string_view move) override;
  bool is_solved() const override;
  std::unique_ptr<Game> clone() const override;
  SolveResult solve(const SolveOptions& options) const override;
  using Game::hint;
  using Game::rate;
  std::optional<Hint> hint(const SolveOptions& options) const override;
  std::optional<RateResult> rate(const SolveOptions& options) const override;
  // Row by row: the digits, "blank" for an empty cell.
  std::string describe() const override;
  // The blank cells filled so far, of all the blanks.
  std::optional<Counter> counter() const override;

  // For the board view.
  int value(int cell) const {
    return position_.givens[cell] ? position_.givens[cell] : position_.entries[cell];
  }
  bool is_given(int cell) const { return position_.givens[cell] != 0; }
  DigitMask pencil_marks(int cell) const { return pencil_[cell]; }
  // Cells whose digit repeats in a row, column or box.
  std::vector<int> conflicting_cells() const;

 private:
  // Candidates from the digits placed, minus what hints and the player ruled out.
  Grid hint_grid(const Cells& solution) const;

  Position position_;
  std::array<DigitMask, kCellCount> pencil_{};
  std::array<DigitMask, kCellCount> ruled_out_{};
};

const PuzzleInfo& puzzle_info();

}  // namespace puzzlelab::sudoku
