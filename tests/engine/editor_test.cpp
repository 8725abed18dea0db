// Every puzzle's editor (core/edit.h), with no puzzle named: empty boards of
// every size parse, the example edits build a board that parses, boards
// round-trip through board_of, and a bad edit is refused with a reason.
// Then what only one editor does: Rush Hour's pieces and exit row, a Sudoku
// clash the parser rejects, mapped to its cell.
#include <catch2/catch.hpp>

#include <string>

#include "core/edit.h"
#include "puzzles/puzzle_list.h"
#include "puzzles/rushhour/editor.h"
#include "puzzles/sudoku/editor.h"

using namespace puzzlelab;

namespace {

std::string apply_all(const PuzzleEditor& editor, std::string board,
                      const std::vector<std::string>& edits) {
  for (const std::string& edit : edits) {
    auto next = editor.apply(board, edit);
    INFO(edit);
    REQUIRE(next.ok());
    board = std::move(next).value();
  }
  return board;
}

}  // namespace

TEST_CASE("every editor: blanks, examples and round trips parse", "[edit]") {
  int editors = 0;
  for (const PuzzleInfo* info : all_puzzles()) {
    if (!info->editor) continue;
    ++editors;
    INFO(info->id);
    const PuzzleEditor& editor = *info->editor;
    REQUIRE(!editor.tools.empty());
    for (const EditSize size : {editor.min_size, editor.default_size, editor.max_size}) {
      const std::string blank = editor.blank(size);
      INFO(blank);
      CHECK(info->parse(blank).ok());
      CHECK(editor.size_of(blank) == size);
    }
    const std::string built =
        apply_all(editor, editor.blank(editor.default_size), editor.example());
    auto game = info->parse(built);
    REQUIRE(game.ok());
    // The text the editor starts from for a position played is the board.
    CHECK(editor.board_of(*game.value()) == built);
    CHECK_FALSE(editor.apply(built, "no-such-tool 1").ok());
    CHECK_FALSE(editor.apply(built, std::string(editor.tools[0].name) + " 99999 99999 1").ok());
  }
  CHECK(editors >= 2);
}

TEST_CASE("rushhour editor: cars, trucks, walls, moves and the exit row", "[edit][rushhour]") {
  const PuzzleEditor& editor = rushhour::editor();
  const std::string blank = editor.blank({4, 3});
  CHECK(blank == "oooo\nAAoo\noooo");
  CHECK(apply_all(editor, blank, {"car 3 11"}) == "oooB\nAAoB\noooo");    // down from r1c4
  CHECK(apply_all(editor, blank, {"truck 10 8"}) == "oooo\nAAoo\nBBBo");  // leftwards
  CHECK(apply_all(editor, blank, {"wall 0", "wall 0"}) == blank);         // toggles
  CHECK(apply_all(editor, blank, {"exit 1"}) == "AAoo\noooo\noooo");      // A to row 1
  CHECK(apply_all(editor, blank, {"car 3 11", "move 3 2"}) == "ooBo\nAABo\noooo");
  CHECK(apply_all(editor, blank, {"car 3 11", "erase 7"}) == blank);
  CHECK(editor.apply(blank, "erase 4").error().message.find("car A stays") != std::string::npos);
  CHECK(editor.apply(blank, "car 4 5").error().message.find("r2c1 is taken") != std::string::npos);
  CHECK_FALSE(editor.apply(blank, "truck 3 4").ok());  // no room: off the board
  CHECK_FALSE(editor.apply(blank, "car 0 5").ok());    // not along a row or column
}

TEST_CASE("sudoku editor: a clash is kept, and its error names the cell", "[edit][sudoku]") {
  const PuzzleInfo& info = *find_puzzle("sudoku");
  const PuzzleEditor& editor = sudoku::editor();
  const std::string clash = apply_all(editor, editor.blank({9, 9}), {"digit 0 5", "digit 8 5"});
  auto parsed = info.parse(clash);
  REQUIRE_FALSE(parsed.ok());
  const int cell = editor.cell_of_error(clash, parsed.error());
  CHECK((cell == 0 || cell == 8));
  REQUIRE(editor.draft_game(clash) != nullptr);  // drawn all the same
  CHECK(apply_all(editor, clash, {"clear 8"}) ==
        apply_all(editor, editor.blank({9, 9}), {"digit 0 5"}));
}
