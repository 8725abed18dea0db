// Edit mode's pointer gesture (views/edit_gesture.h), frame by frame: which
// cells a press, a drag and a release make an edit of, for each kind of
// tool and each way a board takes clicks.
#include <catch2/catch.hpp>

#include <vector>

#include "puzzles/rushhour/editor.h"
#include "views/edit_gesture.h"

using namespace puzzlelab;
using namespace puzzlelab::shell;

namespace {

const EditTool kClick{"wall", "Wall", "w", "", EditTool::Gesture::click};
const EditTool kDrag{"car", "Car", "c", "", EditTool::Gesture::drag};
const EditTool kNone{"rule", "Rule", "", "", EditTool::Gesture::none};

BoardInput press() {
  return {{}, true, true, true, false, false};
}
BoardInput hold() {
  return {{}, true, false, true, false, false};
}
BoardInput release() {
  return {{}, true, false, false, true, false};
}

using Cells = std::vector<int>;

}  // namespace

TEST_CASE("a drag tool's edit runs from the press to the release", "[edit]") {
  for (auto click : {EditGesture::Click::on_release, EditGesture::Click::on_release_same_cell,
                     EditGesture::Click::on_press}) {
    EditGesture gesture(click);
    CHECK(gesture.track(press(), 14, kDrag).empty());
    CHECK(gesture.pressed());
    CHECK(gesture.track(hold(), 15, kDrag).empty());
    CHECK(gesture.outline(15, kDrag) == std::pair{14, 15});
    CHECK(gesture.track(hold(), -1, kDrag).empty());         // off the board and back
    CHECK(gesture.outline(-1, kDrag) == std::pair{-1, -1});  // letting go here: no edit
    CHECK(gesture.track(hold(), 22, kDrag).empty());
    CHECK(gesture.outline(22, kDrag) == std::pair{14, 22});
    CHECK(gesture.track(release(), 22, kDrag) == Cells{14, 22});
    CHECK_FALSE(gesture.pressed());
    CHECK(gesture.outline(7, kDrag) == std::pair{7, 7});  // the cell under the pointer
  }
}

TEST_CASE("a release off the board, or a press cancelled, makes no edit", "[edit]") {
  EditGesture gesture;
  gesture.track(press(), 3, kDrag);
  CHECK(gesture.track(release(), -1, kDrag).empty());
  CHECK_FALSE(gesture.pressed());
  gesture.track(press(), 3, kClick);
  gesture.cancel();
  CHECK(gesture.track(release(), 3, kClick).empty());
  gesture.track(press(), -1, kClick);  // a press beside the board
  CHECK(gesture.track(release(), 3, kClick).empty());
}

TEST_CASE("a click tool edits the cell pressed, when the board says", "[edit]") {
  SECTION("on the release, anywhere on the board") {
    EditGesture gesture(EditGesture::Click::on_release);
    CHECK(gesture.track(press(), 5, kClick).empty());
    CHECK(gesture.track(release(), 6, kClick) == Cells{5});
  }
  SECTION("on the release on the same cell") {
    EditGesture gesture(EditGesture::Click::on_release_same_cell);
    gesture.track(press(), 5, kClick);
    CHECK(gesture.track(release(), 6, kClick).empty());
    gesture.track(press(), 5, kClick);
    CHECK(gesture.track(release(), 5, kClick) == Cells{5});
  }
  SECTION("on the press") {
    EditGesture gesture(EditGesture::Click::on_press);
    CHECK(gesture.track(press(), 5, kClick) == Cells{5});
    CHECK(gesture.track(release(), 5, kClick).empty());
    CHECK(gesture.track(press(), -1, kClick).empty());
  }
}

// The outline shows exactly what letting go would edit: a click tool dragged
// across the board still edits only the cell pressed (Rush Hour once
// outlined the whole rectangle), and where the release must be on that
// cell, nothing once the pointer has left it.
TEST_CASE("a click tool's outline is the one cell its edit changes", "[edit]") {
  SECTION("on the release, anywhere on the board") {
    EditGesture gesture(EditGesture::Click::on_release);
    CHECK(gesture.outline(5, kClick) == std::pair{5, 5});  // before the press: under the pointer
    gesture.track(press(), 5, kClick);
    gesture.track(hold(), 27, kClick);
    CHECK(gesture.outline(27, kClick) == std::pair{5, 5});
    gesture.track(hold(), -1, kClick);
    CHECK(gesture.outline(-1, kClick) == std::pair{-1, -1});
    gesture.track(hold(), 27, kClick);
    CHECK(gesture.track(release(), 27, kClick) == Cells{5});
  }
  SECTION("on the release on the same cell") {
    EditGesture gesture(EditGesture::Click::on_release_same_cell);
    gesture.track(press(), 5, kClick);
    CHECK(gesture.outline(5, kClick) == std::pair{5, 5});
    gesture.track(hold(), 6, kClick);
    CHECK(gesture.outline(6, kClick) == std::pair{-1, -1});
    gesture.track(hold(), 5, kClick);
    CHECK(gesture.outline(5, kClick) == std::pair{5, 5});
  }
  SECTION("on the press: the cell under the pointer") {
    EditGesture gesture(EditGesture::Click::on_press);
    gesture.track(press(), 5, kClick);
    CHECK(gesture.outline(6, kClick) == std::pair{6, 6});
  }
}

TEST_CASE("a tool with no cell never comes from the board", "[edit]") {
  EditGesture gesture;
  gesture.track(press(), 5, kNone);
  CHECK(gesture.track(release(), 5, kNone).empty());
  CHECK(gesture.outline(5, kNone) == std::pair{-1, -1});
}

// Cell by cell, with an editor that says what an edit changes: the outline
// while a press is under way is what letting go changes, not the cells the
// pointer went over (Rush Hour outlined a car dragged over three cells as
// three, a Move from a piece as the line from the press, an Erase as one
// cell of the piece it takes away).
TEST_CASE("the outline cell by cell is what letting go changes", "[edit]") {
  const PuzzleEditor& editor = rushhour::editor();
  const std::string board = editor.blank({4, 3});  // "oooo\nAAoo\noooo": A on 4 and 5
  const auto tool = [&](std::string_view name) { return *find_tool(editor.tools, name); };
  const auto dragged_on = [&](const std::string& on, const EditTool& used, int from, int to) {
    EditGesture gesture;
    gesture.track(press(), from, used);
    gesture.track(hold(), to, used);
    const std::vector<int> outline = gesture.outline_cells(to, used, &editor, on);
    // What letting go there edits, applied: the same cells change.
    const std::string edit = write_edit(used, gesture.track(release(), to, used));
    CHECK(outline == (editor.apply(on, edit) ? editor.changed_cells(on, edit) : Cells{}));
    return outline;
  };
  const auto dragged = [&](const EditTool& used, int from, int to) {
    return dragged_on(board, used, from, to);
  };
  CHECK(dragged(tool("car"), 8, 10) == Cells{8, 9});        // over 3 cells: 2
  CHECK(dragged(tool("car"), 8, 8) == Cells{8, 9});         // pressed and let go: rightwards
  CHECK(dragged(tool("truck"), 8, 9) == Cells{8, 9, 10});   // over 2 cells: 3
  CHECK(dragged(tool("truck"), 3, 11) == Cells{3, 7, 11});  // down a column
  CHECK(dragged(tool("car"), 0, 5).empty());                // not along a line: refused
  CHECK(dragged(tool("truck"), 2, 3).empty());              // off the board: refused
  CHECK(dragged(tool("move"), 5, 7) == Cells{4, 5, 6, 7});  // A from where it was to where it goes
  CHECK(dragged(tool("move"), 0, 2).empty());               // from no piece: nothing
  CHECK(dragged(tool("erase"), 5, 9).empty());              // car A stays
  const std::string with_b = editor.apply(board, "car 3 7").value();   // B down column 4
  CHECK(dragged_on(with_b, tool("erase"), 7, 6) == Cells{3, 7});       // all of B
  CHECK(dragged_on(with_b, tool("move"), 7, 6) == Cells{2, 3, 6, 7});  // B one column left
  CHECK(dragged(tool("wall"), 0, 9) == Cells{0});           // a click tool: the cell pressed
  CHECK(dragged(tool("exit"), 3, 3) == Cells{0, 1, 4, 5});  // A to row 1
  // Before a press, the cell a press would start on; off the board, none.
  EditGesture gesture;
  CHECK(gesture.outline_cells(6, tool("car"), &editor, board) == Cells{6});
  CHECK(gesture.outline_cells(-1, tool("car"), &editor, board).empty());
}
