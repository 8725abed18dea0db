// Edit mode's pointer gesture, the same on every board: the views turn a
// press and a release on cells into the cells of one edit (core/edit.h), and
// this keeps track of the press in between. A view finds the cell under the
// pointer in its own way; what the press, the drag and the release mean is
// here, once.
//
// A click tool edits the cell pressed, and only it; a drag tool the cells
// from the press to the release (a car's two ends, a wall's rectangle). A
// tool with no cell (EditTool::Gesture::none) never comes from the board.
// The outline a view draws comes from here too, so that it shows the edit.
#pragma once

#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/edit.h"
#include "views/board_view.h"

namespace puzzlelab::shell {

// Why `edit` is refused on `board`: PuzzleEditor::apply's error as the
// midend says it when the edit is let go (Midend::apply_edit), or "" when it
// applies (or there is no editor or no edit).
std::string edit_refusal(const PuzzleEditor* editor, std::string_view board, std::string_view edit);

class EditGesture {
 public:
  // When a click tool's edit is made: boards where a drag means something
  // (Rush Hour, Bender) wait for the release, anywhere on the board, and
  // draw the drag meanwhile; a burrow (Amphipod) wants the release on the
  // cell pressed; a board with nothing to drag (Sudoku, Tree of Life) edits
  // on the press. A drag tool's edit is always made on the release.
  enum class Click { on_release, on_release_same_cell, on_press };

  explicit EditGesture(Click click = Click::on_release) : click_(click) {}

  // One frame of the pointer over the board, `pointed` the cell under it
  // (-1 = none): the cells of the edit this frame ends, in the order
  // write_edit takes them, or none. A release off the board drops the edit.
  std::vector<int> track(const BoardInput& input, int pointed, const EditTool& tool);
  // Drops a press under way (undo, a new board, leaving Edit mode).
  void cancel() { from_ = -1; }

  bool pressed() const { return from_ >= 0; }
  // The cells of the edit a release now would make (what track returns on
  // it), or none.
  std::vector<int> pending(const EditTool& tool) const;
  // What to outline: exactly the cells the edit under way would change if
  // the pointer let go now, as two corner cells (a drag tool's rectangle
  // or line from the press; a click tool's one cell, the one pressed), or
  // with no press under way the cell `hover` a press would start on.
  // {-1, -1}: nothing, as letting go would edit nothing (the pointer off
  // the board, or off the cell pressed where the release must be on it).
  std::pair<int, int> outline(int hover, const EditTool& tool) const;
  // The same, cell by cell, for an editor that says what an edit changes
  // (PuzzleEditor::changed_cells): with a press under way exactly the cells
  // letting go would change on `board` (none when the edit would be refused
  // or change nothing: a car dragged over three cells outlines two, a piece
  // moved where it was and where it goes); with none the cell `hover`.
  // Without such an editor (nullptr, or no changed_cells): the cells the
  // edit would name.
  std::vector<int> outline_cells(int hover, const EditTool& tool, const PuzzleEditor* editor,
                                 std::string_view board) const;
  // Why the edit a release now would make is refused on `board`, in the
  // words the release gives (edit_refusal), or "" (it applies, or no press
  // makes one): said while the press is held, not only after letting go.
  std::string refusal(const EditTool& tool, const PuzzleEditor* editor,
                      std::string_view board) const;

 private:
  Click click_;
  int from_ = -1;  // the cell the press went down on, -1 if none
  int to_ = -1;    // the cell under the pointer now, -1 if none
};

}  // namespace puzzlelab::shell
