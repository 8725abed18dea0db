// Every puzzle's editor (core/edit.h), with no puzzle named: empty boards of
// every size parse, the example edits build a board that parses, boards
// round-trip through board_of, and a bad edit is refused with a reason.
// Then what only one editor does: Rush Hour's pieces and its exit on every
// side, a Sudoku clash the parser rejects, mapped to its cell, Amphipod's
// rooms filling from the bottom and its counts against the rooms' depth,
// Tree of Life's nodes grown and pruned, its rule and queries (edits that
// name no cell).
#include <catch2/catch.hpp>

#include <string>

#include "core/edit.h"
#include "puzzles/amphipod/burrow.h"
#include "puzzles/amphipod/editor.h"
#include "puzzles/puzzle_list.h"
#include "puzzles/rushhour/editor.h"
#include "puzzles/rushhour/rushhour.h"
#include "puzzles/sudoku/editor.h"
#include "puzzles/treeoflife/editor.h"
#include "puzzles/treeoflife/treeoflife.h"

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
      REQUIRE(editor.cell_count);  // edits name cells 0..count - 1
      CHECK(editor.cell_count(blank) > 0);
      CHECK_FALSE(editor
                      .apply(blank, std::string(editor.tools[0].name) + " " +
                                        std::to_string(editor.cell_count(blank)) + " " +
                                        std::to_string(editor.cell_count(blank)) + " 1")
                      .ok());
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
  CHECK(apply_all(editor, blank, {"exit 3"}) == "AAoo\noooo\noooo");      // A to row 1
  CHECK(apply_all(editor, blank, {"car 3 11", "move 3 2"}) == "ooBo\nAABo\noooo");
  CHECK(apply_all(editor, blank, {"car 3 11", "erase 7"}) == blank);
  CHECK(editor.apply(blank, "erase 4").error().message.find("car A stays") != std::string::npos);
  CHECK(editor.apply(blank, "car 4 5").error().message.find("r2c1 is taken") != std::string::npos);
  CHECK_FALSE(editor.apply(blank, "truck 3 4").ok());  // no room: off the board
  CHECK_FALSE(editor.apply(blank, "car 0 5").ok());    // not along a row or column
}

// What the outline shows while a press is under way: the cells letting go
// changes, whatever cells the gesture names (a car dragged over three cells
// is two; a piece moved, where it was and where it goes; a piece erased,
// all of it), and none for an edit that would be refused.
TEST_CASE("rushhour editor: the cells an edit changes", "[edit][rushhour]") {
  using Cells = std::vector<int>;
  const PuzzleEditor& editor = rushhour::editor();
  REQUIRE(editor.changed_cells);
  const std::string blank = editor.blank({4, 3});  // "oooo\nAAoo\noooo"
  const auto changed = [&](const std::string& board, const std::string& edit) {
    return editor.changed_cells(board, edit);
  };
  CHECK(changed(blank, "car 8 10") == Cells{8, 9});                   // over 3 cells: a car of 2
  CHECK(changed(blank, "car 8 8") == Cells{8, 9});                    // a click: to the right
  CHECK(changed(blank, "car 11 3") == Cells{7, 11});                  // upwards from r3c4
  CHECK(changed(blank, "truck 8 9") == Cells{8, 9, 10});              // over 2 cells: a truck of 3
  CHECK(changed(blank, "truck 11 8") == Cells{9, 10, 11});            // leftwards
  CHECK(changed(blank, "car 0 5").empty());                           // not along a line: refused
  CHECK(changed(blank, "car 4 0").empty());                           // r2c1 taken: refused
  CHECK(changed(blank, "truck 2 3").empty());                         // no room
  const std::string with_b = apply_all(editor, blank, {"car 3 11"});  // B down column 4
  CHECK(changed(with_b, "move 3 2") == Cells{2, 3, 6, 7});            // where B was and goes
  CHECK(changed(blank, "move 4 5") == Cells{4, 5, 6});  // A one cell right: its 3 cells
  CHECK(changed(blank, "move 0 2").empty());            // no piece pressed
  CHECK(changed(with_b, "move 3 0").empty());           // B would leave the board
  CHECK(changed(with_b, "erase 7") == Cells{3, 7});     // all of B
  CHECK(changed(blank, "erase 4").empty());             // car A stays
  CHECK(changed(blank, "wall 0") == Cells{0});
  CHECK(changed(blank, "exit 3") == Cells{0, 1, 4, 5});  // A to row 1
  CHECK(changed(blank, "exit 7").empty());               // A's own row: nothing moves
  // The exit to the left of A's row: A keeps its cells and turns round.
  CHECK(changed(apply_all(editor, blank, {"move 4 6"}), "exit 4") == Cells{6, 7});
}

// The exit on each side, put there by a click on a border cell: the text is
// the form the parser reads for that side, the game's exit is on it, and
// the solver finds the optimum (one move for the blocker, one for car A).
TEST_CASE("rushhour editor: the exit on every side, car A turned with it", "[edit][rushhour]") {
  const PuzzleInfo& info = *find_puzzle("rushhour");
  const PuzzleEditor& editor = rushhour::editor();
  const std::string blank = editor.blank({4, 4});  // car A on row 2, columns 1-2
  REQUIRE(blank == "ooooAAoooooooooo");
  struct Case {
    rushhour::ExitSide side;
    std::vector<std::string> edits;
    std::string text;
  };
  const Case cases[] = {
      {rushhour::ExitSide::right, {"car 2 6", "exit 7"}, "ooBoAABooooooooo"},
      // A moved right first, then the exit to the left of its row: A stays put.
      {rushhour::ExitSide::left,
       {"move 4 6", "car 1 5", "exit 4"},
       "######\n# B  #\n  BAA#\n#    #\n#    #\n######\n"},
      // Column 2's top cell: A turns up and down in column 2, from row 2.
      {rushhour::ExitSide::top,
       {"exit 1", "car 0 1"},
       "## ###\n#BB  #\n# A  #\n# A  #\n#    #\n######\n"},
      {rushhour::ExitSide::bottom,
       {"exit 13", "car 12 13"},
       "######\n#    #\n# A  #\n# A  #\n#BB  #\n## ###\n"},
  };
  for (const Case& c : cases) {
    INFO(rushhour::to_string(c.side));
    const std::string built = apply_all(editor, blank, c.edits);
    CHECK(built == c.text);
    CHECK(editor.size_of(built) == EditSize{4, 4});
    CHECK(editor.cell_count(built) == 16);
    auto game = info.parse(built);
    REQUIRE(game.ok());
    const auto& rush = dynamic_cast<const rushhour::RushHourGame&>(*game.value());
    CHECK(rush.orientation().exit_side() == c.side);
    CHECK(editor.board_of(rush) == built);  // Edit on the played board: the same text
    const SolveResult result = rush.solve(SolveOptions{});
    REQUIRE(result.status == SolveStatus::solved);
    CHECK(result.cost == 2);
  }
  // Back to the right from the top: A lies across again, in the clicked row.
  const std::string top = apply_all(editor, blank, {"exit 1"});
  CHECK(apply_all(editor, top, {"exit 11"}) == "oooooooooAAooooo");
  // A corner keeps the side it is on: the top-right cell is the right's row 1.
  CHECK(apply_all(editor, blank, {"exit 3"}) == "AAoooooooooooooo");
  // Moving car A along its column takes the gap with it.
  CHECK(apply_all(editor, top, {"move 5 6"}) == "### ##\n#    #\n#  A #\n#  A #\n#    #\n######\n");
  // Refused: column 2 has no two free cells in a line for A (walls above and below).
  const std::string walled = apply_all(editor, blank, {"wall 1", "wall 9"});
  const auto refused = editor.apply(walled, "exit 13");
  REQUIRE_FALSE(refused.ok());
  CHECK(refused.error().message.find("car A does not fit in column 2") != std::string::npos);
}

// A parser's error on a board with the exit at the top names the yard's cell.
TEST_CASE("rushhour editor: an error in the golf form maps to its cell", "[edit][rushhour]") {
  const PuzzleInfo& info = *find_puzzle("rushhour");
  const PuzzleEditor& editor = rushhour::editor();
  // Car A up and down under the gap is fine; piece B of a single cell is not.
  const std::string board = "## ###\n#  B #\n# A  #\n# A  #\n#    #\n######\n";
  auto parsed = info.parse(board);
  REQUIRE_FALSE(parsed.ok());
  INFO(parsed.error().describe());
  CHECK(editor.cell_of_error(board, parsed.error()) == 2);  // r1c3
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

TEST_CASE("amphipod editor: rooms fill from the bottom, counts stay within a room's depth",
          "[edit][amphipod]") {
  const PuzzleInfo& info = *find_puzzle("amphipod");
  const PuzzleEditor& editor = amphipod::editor();
  const std::string blank = editor.blank({3, 2});  // hallway cells 0-8, room A 9-10
  CHECK(editor.size_of(blank) == EditSize{3, 2});
  CHECK(editor.cell_count(blank) == 9 + 3 * 2);
  CHECK(editor.summary(blank) == "Placed: A 0/2, B 0/2, C 0/2");
  // A click on room A's top cell drops the B to the bottom; a second B stays on top.
  const std::string two = apply_all(editor, blank, {"B 9", "B 9"});
  auto burrow = amphipod::parse_burrow(two);
  REQUIRE(burrow.ok());
  CHECK(burrow.value().room[0][0] == 1);
  CHECK(burrow.value().room[0][1] == 1);
  CHECK(editor.summary(two) == "Placed: A 0/2, B 2/2, C 0/2");
  // Refused, with the reason: a third B, a doorway, a kind with no room.
  const auto third = editor.apply(two, "B 0");
  REQUIRE_FALSE(third.ok());
  CHECK(third.error().message.find("all 2 Bs are placed") != std::string::npos);
  CHECK_FALSE(editor.apply(blank, "A 2").ok());  // room A's doorway
  CHECK_FALSE(editor.apply(blank, "D 0").ok());  // 3 rooms: A-C
  CHECK_FALSE(editor.apply(blank, "erase 0").ok());
  // Erasing the bottom B lets the top one down; the same kind again removes it.
  const std::string one = apply_all(editor, two, {"erase 10"});
  CHECK(one == apply_all(editor, blank, {"B 10"}));
  CHECK(apply_all(editor, one, {"B 10"}) == blank);
  // Another kind replaces an amphipod where it stands; the hallway takes any kind.
  const std::string mixed = apply_all(editor, two, {"C 9", "A 0", "C 8"});
  CHECK(mixed == "###########\n#A.......C#\n###C#.#.###\n  #B#.#.#\n  #######\n");
  CHECK(info.parse(mixed).ok());
  // The kinds offered are those the burrow has rooms for, and Erase.
  auto offered = [&editor](const std::string& board) {
    std::string names;
    for (int i = 0; i < int(editor.tools.size()); ++i) {
      if (tool_applies(editor, board, i)) names += std::string(editor.tools[i].name) + " ";
    }
    return names;
  };
  CHECK(offered(blank) == "A B C erase ");
  CHECK(offered(editor.blank({4, 3})) == "A B C D erase ");
  CHECK(offered(editor.blank({8, 1})) == "A B C D E F G H erase ");
  CHECK_FALSE(tool_applies(editor, blank, int(editor.tools.size())));
  // The puzzle's example, built by the editor's own edits: 12521 energy.
  auto game = info.parse(apply_all(editor, editor.blank({4, 2}), editor.example()));
  REQUIRE(game.ok());
  CHECK(game.value()->format() == info.format_example);
  const SolveResult solved = game.value()->solve(SolveOptions{});
  CHECK(solved.status == SolveStatus::solved);
  CHECK(solved.cost == 12521);
  CHECK(solved.optimal);
}

TEST_CASE("edit text: a tool with no cell, a tool with a number", "[edit]") {
  const std::vector<EditTool> tools = {
      {"rule", "Rule", "", "", EditTool::Gesture::none, {}, EditTool::Range{0, 65535}},
      {"query", "Query", "q", "", EditTool::Gesture::click, {}, EditTool::Range{-9, 9}},
  };
  auto rule = read_edit(tools, "rule 42354");
  REQUIRE(rule.ok());
  CHECK(rule.value().cells.empty());
  CHECK(rule.value().value == "42354");
  CHECK(write_edit(tools[0], {}, "42354") == "rule 42354");
  auto query = read_edit(tools, "query 5 -3");
  REQUIRE(query.ok());
  CHECK(query.value().cells == std::vector<int>{5});
  CHECK(query.value().value == "-3");
  CHECK(read_edit(tools, "rule 65536").error().message ==
        "'65536': rule takes a whole number from 0 to 65535");
  CHECK(read_edit(tools, "rule x").error().message.find("whole number") != std::string::npos);
  CHECK(read_edit(tools, "rule 3 4").error().message == "rule takes no cell and a value");
  CHECK(read_edit(tools, "query 5").error().message == "query takes one cell and a value");
  CHECK_FALSE(read_edit(tools, "query 5 10").ok());
}

TEST_CASE("treeoflife editor: nodes grow and lose children, cells switch, rule and queries",
          "[edit][treeoflife]") {
  const PuzzleInfo& info = *find_puzzle("treeoflife");
  const PuzzleEditor& editor = treeoflife::editor();
  const std::string blank = editor.blank({2, 1});
  CHECK(blank == "0\n(. . .)\n");
  CHECK(editor.blank({1, 1}) == "0\n.\n");
  CHECK(editor.size_of(editor.blank({4, 1})) == EditSize{4, 1});
  CHECK(editor.cell_count(editor.blank({4, 1})) == 15);
  // Cells breadth-first: cell 2 is the root's right child.
  CHECK(apply_all(editor, blank, {"children 2"}) == "0\n(. . (. . .))\n");
  CHECK(apply_all(editor, blank, {"children 2", "children 2"}) == blank);
  CHECK(apply_all(editor, blank, {"children 0"}) == "0\n.\n");  // both children leaves
  CHECK(apply_all(editor, blank, {"toggle 1", "toggle 0"}) == "0\n(X X .)\n");
  CHECK(apply_all(editor, blank, {"toggle 1", "toggle 1"}) == blank);
  CHECK(apply_all(editor, blank, {"rule 7710"}) == "7710\n(. . .)\n");
  CHECK(editor.summary(apply_all(editor, blank, {"toggle 1", "rule 7710", "query 2 3"})) ==
        "3 cells, 1 on; rule 7710; 1 query");
  // Queries: steps as HackerRank writes them; a removed query's step goes
  // to the next, whose generation stays.
  const std::string asked = apply_all(editor, blank, {"query 1 2", "query 2 3", "query 0 -1"});
  CHECK(asked == "0\n(. . .)\n3\n2 [<]\n3 [>]\n-1 []\n");
  CHECK(apply_all(editor, asked, {"unquery 1"}) == "0\n(. . .)\n2\n5 [>]\n-1 []\n");
  CHECK(apply_all(editor, asked, {"unquery 3"}) == "0\n(. . .)\n2\n2 [<]\n3 [>]\n");
  CHECK(apply_all(editor, asked, {"unquery 1", "unquery 1", "unquery 1"}) == blank);
  // A query's path follows its node when another node grows before it.
  CHECK(apply_all(editor, asked, {"children 1"}) == "0\n((. . .) . .)\n3\n2 [<]\n3 [>]\n-1 []\n");
  // Refused, each with its reason.
  auto refusal = [&](const std::string& board, const std::string& edit) {
    auto result = editor.apply(board, edit);
    REQUIRE_FALSE(result.ok());
    return result.error().message;
  };
  CHECK(refusal(asked, "children 0") == "query 1 asks for cell 1 [<]: remove that query first");
  CHECK(refusal(apply_all(editor, blank, {"children 1"}), "children 0") ==
        "cell 0 []'s children have children of their own: take those away first");
  CHECK(refusal(blank, "toggle 3") == "cell 3 is off the tree (0-2)");
  CHECK(refusal(blank, "query 0 -1") ==
        "step -1 takes the clock from generation 0 to -1: queries never go before generation 0");
  CHECK(refusal(asked, "unquery 4") == "no query 4: the board has 3 (1-3)");
  CHECK(refusal(blank, "unquery 1") == "there are no queries to remove");
  CHECK(refusal(blank, "rule 70000").find("0 to 65535") != std::string::npos);
  CHECK(refusal(blank, "query 1 1001").find("-1000 to 1000") != std::string::npos);
  CHECK(refusal(blank, "toggle").find("one cell") != std::string::npos);
  // HackerRank's sample, built by the editor's own edits, with its answers.
  const std::string sample = apply_all(editor, editor.blank({3, 1}), editor.example());
  CHECK(sample == info.format_example);
  auto game = info.parse(sample);
  REQUIRE(game.ok());
  const SolveResult solved = game.value()->solve(SolveOptions{});
  REQUIRE(solved.status == SolveStatus::solved);
  CHECK(solved.answer == ".\nX");
  CHECK(editor.solvable_text(solved) ==
        "Answers . X (2 queries, up to generation 2) \u00b7 no repeated state by then");
  // A cycle found is said: all cells off under rule 0 from generation 1 on.
  auto repeat = info.parse(apply_all(editor, blank, {"toggle 0", "query 0 5"}));
  REQUIRE(repeat.ok());
  CHECK(editor.solvable_text(repeat.value()->solve(SolveOptions{})) ==
        "Answers . (1 query, up to generation 5) \u00b7 cycle from generation 1, period 1");
  // A query line's error is about the cell its path reaches.
  const std::string past_leaf = "0\n(. . (. . .))\n1\n1 [>><]\n";
  auto bad = info.parse(past_leaf);
  REQUIRE_FALSE(bad.ok());
  CHECK(editor.cell_of_error(past_leaf, bad.error()) == 4);
  const std::string tree_error = "0\n(. . \n";
  CHECK(editor.cell_of_error(tree_error, info.parse(tree_error).error()) == -1);
}
