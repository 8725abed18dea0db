// Sudoku on screen: the 9x9 grid drawn with ImDrawList on whole pixels (thin
// cell lines, thick box lines), so it stays crisp at any size. Click or tap a
// cell, or move with the arrow keys; type 1-9 to write, 0, Backspace or
// Delete to clear. In pencil mode (P or Space, or the side panel's toggle)
// digits toggle small pencil marks instead. Clues are dark, the player's
// digits blue, clashes red; the selected cell's row, column and box and its
// digit elsewhere are tinted; a hint's cells glow amber. New digits pop in.
#pragma once

#include <array>

#include "puzzles/sudoku/sudoku.h"
#include "views/board_view.h"
#include "views/edit_gesture.h"

namespace puzzlelab::shell {

class SudokuView final : public BoardView {
 public:
  ViewAction show(const BoardFrame& frame) override;
  float aspect(const Game&) const override { return 1; }
  BoardHelp help() const override;
  ViewAction side_panel(const Game& game, const MovesShown&) override;
  std::vector<Target> targets() const override;
  Target drawn_board() const override;  // the grid and its frame
  Target drawn_board_in(const Game&, ImVec2 min, ImVec2 max, float scale) const override;

 private:
  // Where the grid is on screen this frame.
  struct Geometry {
    ImVec2 origin;     // top-left corner of r1c1
    float cell = 0;    // cell size in pixels (whole)
    float border = 0;  // the frame round the grid
    ImVec2 cell_min(int cell_index) const;
    int cell_at(ImVec2 point) const;  // -1 outside the grid
  };
  // How each cell is tinted this frame, from the selection and the hint.
  using Tints = std::array<ImU32, sudoku::kCellCount>;
  using Flags = std::array<bool, sudoku::kCellCount>;  // per cell: in a clash?

  static Geometry fit(ImVec2 min, ImVec2 max, float scale);
  static Target framed(const Geometry& g);  // the grid and its frame
  Tints cell_tints(const BoardFrame& frame, const sudoku::SudokuGame& game,
                   const Flags& clash) const;

  void draw_board(const BoardFrame& frame, const Tints& tints) const;
  // New digits light their cell up for a moment.
  void draw_flashes(const BoardFrame& frame, const sudoku::SudokuGame& game) const;
  void draw_lines(const BoardFrame& frame) const;
  void draw_digits(const BoardFrame& frame, const sudoku::SudokuGame& game,
                   const Flags& clash) const;
  void draw_digit(const BoardFrame& frame, int cell, int digit, ImU32 color, float size_factor,
                  float alpha) const;
  void draw_marks(const BoardFrame& frame, const sudoku::SudokuGame& game, int cell) const;
  void draw_outlines(const BoardFrame& frame) const;

  ViewAction handle_keys(const sudoku::SudokuGame& game);
  void move_selection(int rows, int cols);
  // What typing `digit` (0 clears) does to the selected cell.
  ViewAction enter_digit(const sudoku::SudokuGame& game, int digit) const;
  void record_board_targets();
  void digit_pad(const sudoku::SudokuGame& game, ViewAction& action);
  void note_panel_target(const char* name);

  Geometry geometry_;
  int selected_ = -1;  // cell index, -1 if none
  bool pencil_ = false;
  bool interactive_ = true;  // as in the last frame drawn; the side panel follows it
  bool editing_ = false;     // Edit mode in the last frame: digits are givens
  // A tool with no value (Clear) edits the cell pressed: nothing to drag.
  EditGesture edit_{EditGesture::Click::on_press};
  std::vector<Target> board_targets_;
  std::vector<Target> panel_targets_;
};

}  // namespace puzzlelab::shell
