// Bender's editor (core/edit.h): each tool on a blank map, the edits it
// refuses and why, parse errors mapped to their cells, and the example map
// judged the way Edit mode judges it (a solve under the verdict's budget).
// The generic editor and midend tests (editor_test.cpp, shell/edit_test.cpp)
// cover Bender as every other puzzle with an editor.
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "core/edit.h"
#include "puzzles/bender/editor.h"
#include "puzzles/bender/map.h"
#include "puzzles/puzzle_list.h"

using namespace puzzlelab;

namespace {

const PuzzleEditor& bender_editor() {
  return bender::editor();
}

std::string apply_bender_edits(std::string board, const std::vector<std::string>& edits) {
  for (const std::string& edit : edits) {
    auto next = bender_editor().apply(board, edit);
    INFO(edit << "\n" << board);
    REQUIRE(next.ok());
    board = std::move(next).value();
  }
  return board;
}

// The reason an edit is refused ("" if it applies).
std::string refusal(const std::string& board, const std::string& edit) {
  auto next = bender_editor().apply(board, edit);
  return next.ok() ? std::string() : next.error().message;
}

bool contains(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

// 6x5: floor inside the ring, Bender at r2c2 (cell 7), Fry at r4c5 (cell 22).
const std::string kBlank = "6 5\n######\n#....#\n#....#\n#....#\n######\n1 1\n4 3\n0\n";

}  // namespace

TEST_CASE("bender editor: a blank map is floor in a ring of walls", "[edit][bender]") {
  const PuzzleEditor& editor = bender_editor();
  CHECK(editor.blank({6, 5}) == kBlank);
  CHECK(editor.size_of(kBlank) == EditSize{6, 5});
  CHECK(editor.cell_count(kBlank) == 30);
  CHECK(editor.summary(kBlank) == "0 switches (0 fields on), 0 balls");
  CHECK(find_puzzle("bender")->editor == &editor);
}

TEST_CASE("bender editor: walls and floor paint rectangles", "[edit][bender]") {
  // A wall across r3 (cells 13-16), then a click on a wall clears it.
  const std::string walled = apply_bender_edits(kBlank, {"wall 13 16"});
  CHECK(walled == "6 5\n######\n#....#\n######\n#....#\n######\n1 1\n4 3\n0\n");
  CHECK(apply_bender_edits(walled, {"wall 14 14"}) ==
        "6 5\n######\n#....#\n##.###\n#....#\n######\n1 1\n4 3\n0\n");
  // A rectangle that is all wall already becomes floor.
  CHECK(apply_bender_edits(walled, {"wall 16 13"}) == kBlank);
  // Floor clears walls, the ring too, and balls.
  CHECK(apply_bender_edits(kBlank, {"ball 9", "floor 3 9"}) ==
        "6 5\n###.##\n#....#\n#....#\n#....#\n######\n1 1\n4 3\n0\n");
  // Walls never cover Bender or Fry.
  CHECK(contains(refusal(kBlank, "wall 1 13"), "Bender starts on r2c2"));
  CHECK(contains(refusal(kBlank, "wall 22 22"), "Fry is on r4c5"));
}

TEST_CASE("bender editor: balls, Bender and Fry go on free floor", "[edit][bender]") {
  const std::string ball = apply_bender_edits(kBlank, {"ball 9"});
  CHECK(ball == "6 5\n######\n#..+.#\n#....#\n#....#\n######\n1 1\n4 3\n0\n");
  CHECK(apply_bender_edits(ball, {"ball 9"}) == kBlank);  // again: gone
  CHECK(bender_editor().summary(ball) == "0 switches (0 fields on), 1 ball");
  CHECK(contains(refusal(kBlank, "ball 0"), "r1c1 is a wall"));
  CHECK(contains(refusal(kBlank, "ball 7"), "Bender starts on r2c2"));
  CHECK(contains(refusal(kBlank, "ball 22"), "would squash him"));

  CHECK(apply_bender_edits(kBlank, {"bender 14", "fry 8"}) ==
        "6 5\n######\n#....#\n#....#\n#....#\n######\n2 2\n2 1\n0\n");
  CHECK(apply_bender_edits(kBlank, {"bender 7"}) == kBlank);  // where he is already
  CHECK(contains(refusal(kBlank, "bender 22"), "Fry is on r4c5"));
  CHECK(contains(refusal(kBlank, "fry 7"), "Bender starts on r2c2"));
  CHECK(contains(refusal(ball, "fry 9"), "r2c4 holds a garbage ball"));
  CHECK(contains(refusal(kBlank, "bender 5"), "r1c6 is a wall"));
}

TEST_CASE("bender editor: switch-field pairs and their states", "[edit][bender]") {
  // From the switch r3c2 (13) to its field r3c4 (15): the field starts on.
  const std::string pair = apply_bender_edits(kBlank, {"switch 13 15"});
  CHECK(pair == "6 5\n######\n#....#\n#....#\n#....#\n######\n1 1\n4 3\n1\n1 2 3 2 1\n");
  CHECK(bender_editor().summary(pair) == "1 switch (1 field on), 0 balls");
  auto map = bender::parse_map(pair);
  REQUIRE(map.ok());
  CHECK(map.value().kills(map.value().cell(3, 2), map.value().fields_on));
  // On/off flips it, on the field or on its switch.
  const std::string off = apply_bender_edits(pair, {"state 15"});
  CHECK(contains(off, "\n1 2 3 2 0\n"));
  CHECK(apply_bender_edits(off, {"state 13"}) == pair);
  CHECK(contains(refusal(pair, "state 14"), "r3c3 is neither a switch nor a field"));
  // A cell belongs to one pair: a new pair on it replaces the old one.
  const std::string moved = apply_bender_edits(pair, {"switch 16 15"});
  CHECK(contains(moved, "\n1\n4 2 3 2 1\n"));
  CHECK(contains(apply_bender_edits(pair, {"switch 8 9"}), "\n2\n1 2 3 2 1\n2 1 3 1 1\n"));
  // Walls or floor over either cell remove the pair.
  CHECK(apply_bender_edits(pair, {"wall 15 15"}) ==
        "6 5\n######\n#....#\n#..#.#\n#....#\n######\n1 1\n4 3\n0\n");
  CHECK(apply_bender_edits(pair, {"floor 13 13"}) == kBlank);
  CHECK(contains(refusal(kBlank, "switch 13 13"), "need two cells"));
  CHECK(contains(refusal(kBlank, "switch 13 0"), "r1c1 is a wall"));
}

// The app colours a pair by its place in the map's list: a pair keeps its
// place while others are added, re-paired or removed (the last pair fills
// a hole), so no pair changes colour but one that goes.
TEST_CASE("bender editor: a pair keeps its place in the list as others change", "[edit][bender]") {
  // A: r2c3 -> r2c4, B: r2c5 -> r3c5, C: r4c2 -> r4c3 (x y x y, on).
  const std::string three =
      apply_bender_edits(kBlank, {"switch 8 9", "switch 10 16", "switch 19 20"});
  CHECK(contains(three, "\n3\n2 1 3 1 1\n4 1 4 2 1\n1 3 2 3 1\n"));
  // A's switch gets a new field (r3c2): A stays first.
  const std::string repaired = apply_bender_edits(three, {"switch 8 13"});
  CHECK(contains(repaired, "\n3\n2 1 1 2 1\n4 1 4 2 1\n1 3 2 3 1\n"));
  // A goes under a wall: B keeps its place, C (the last) takes A's.
  CHECK(contains(apply_bender_edits(repaired, {"wall 13 13"}), "\n2\n1 3 2 3 1\n4 1 4 2 1\n"));
  // A pair from B's switch to C's field: it takes B's place and C goes.
  CHECK(contains(apply_bender_edits(repaired, {"switch 10 20"}), "\n2\n2 1 1 2 1\n4 1 2 3 1\n"));
}

// What Edit mode outlines while a press is under way: the cells letting go
// changes. A rectangle names cells that stay as they were (Bender's and
// Fry's floor, walls walled again), and a pair that goes or flips changes
// its other cell too; a refused edit changes none.
TEST_CASE("bender editor: the cells an edit changes", "[edit][bender]") {
  using Cells = std::vector<int>;
  const PuzzleEditor& editor = bender_editor();
  REQUIRE(editor.changed_cells);
  const auto changed = [&](const std::string& board, const std::string& edit) {
    return editor.changed_cells(board, edit);
  };
  // Floor over r1c1-r3c3: the five ring walls, not Bender's r2c2 nor the floor.
  CHECK(changed(kBlank, "floor 0 14") == Cells{0, 1, 2, 6, 12});
  CHECK(changed(kBlank, "floor 7 22").empty());  // floor already, Bender and Fry on it
  CHECK(changed(kBlank, "wall 13 16") == Cells{13, 14, 15, 16});
  CHECK(changed(kBlank, "wall 2 14") == Cells{8, 14});  // r1c3 is a wall already
  CHECK(changed(kBlank, "wall 1 13").empty());          // over Bender: refused
  CHECK(changed(kBlank, "wall 16 22").empty());         // over Fry: refused
  const std::string walled = apply_bender_edits(kBlank, {"wall 13 16"});
  CHECK(changed(walled, "wall 16 13") == Cells{13, 14, 15, 16});  // all wall: floor again
  // Balls, Bender and Fry: where they were and where they go.
  CHECK(changed(kBlank, "ball 9") == Cells{9});
  CHECK(changed(kBlank, "ball 7").empty());  // on Bender: refused
  CHECK(changed(kBlank, "bender 14") == Cells{7, 14});
  CHECK(changed(kBlank, "bender 7").empty());  // where he is already
  CHECK(changed(kBlank, "fry 8") == Cells{8, 22});
  // A pair is its switch and its field: both change together.
  CHECK(changed(kBlank, "switch 13 15") == Cells{13, 15});
  const std::string pair = apply_bender_edits(kBlank, {"switch 13 15"});
  CHECK(changed(pair, "switch 13 15").empty());               // the same pair again
  CHECK(changed(pair, "switch 16 15") == Cells{13, 15, 16});  // the field's new switch
  CHECK(changed(pair, "state 13") == Cells{13, 15});
  CHECK(changed(pair, "state 14").empty());              // neither: refused
  CHECK(changed(pair, "wall 15 15") == Cells{13, 15});   // walling the field takes the switch
  CHECK(changed(pair, "floor 13 14") == Cells{13, 15});  // floor over the switch: the pair goes
  CHECK(changed(kBlank, "switch 13 13").empty());        // refused
}

TEST_CASE("bender editor: bad edits are refused with a reason", "[edit][bender]") {
  CHECK(contains(refusal(kBlank, "ball 30"), "cell 30 is off the 6x5 map (0-29)"));
  CHECK(contains(refusal(kBlank, "wall 1 30"), "off the 6x5 map"));
  CHECK(contains(refusal(kBlank, "paint 3"), "unknown tool 'paint'"));
  CHECK(contains(refusal(kBlank, "switch 13"), "switch takes two cells"));
  CHECK(contains(refusal(kBlank, "ball x"), "expected a cell number"));
}

TEST_CASE("bender editor: a parse error names its cell", "[edit][bender]") {
  const PuzzleInfo& info = *find_puzzle("bender");
  const PuzzleEditor& editor = bender_editor();
  auto cell_of = [&](const std::string& board) {
    auto parsed = info.parse(board);
    REQUIRE_FALSE(parsed.ok());
    return editor.cell_of_error(board, parsed.error());
  };
  // A stray character at r3c4; a ball under Bender's start; a field on a
  // wall; a row short (the line read as row 5).
  CHECK(cell_of("6 5\n######\n#....#\n#..x.#\n#....#\n######\n1 1\n4 3\n0\n") == 15);
  CHECK(cell_of("6 5\n######\n#+...#\n#....#\n#....#\n######\n1 1\n4 3\n0\n") == 7);
  CHECK(cell_of("6 5\n######\n#....#\n#....#\n#....#\n######\n1 1\n4 3\n1\n2 2 0 0 1\n") == 0);
  CHECK(cell_of("6 5\n######\n#....#\n#....#\n######\n1 1\n4 3\n0\n") == 24);
  CHECK(cell_of("2 2\n##\n##\n0 0\n1 1\n0\n") == -1);  // too small
}

TEST_CASE("bender editor: the example map's verdict: a shortest walk and a first program",
          "[edit][bender]") {
  const PuzzleInfo& info = *find_puzzle("bender");
  const PuzzleEditor& editor = bender_editor();
  const std::string built = apply_bender_edits(editor.blank(editor.default_size), editor.example());
  auto game = info.parse(built);
  REQUIRE(game.ok());
  SolveOptions options;
  options.time_budget_ms = editor.verdict_time_ms;
  const SolveResult solved = game.value()->solve(options);
  REQUIRE(solved.status == SolveStatus::solved);
  CHECK(game.value()->check_answer(solved.answer)->ok);
  // r2c2 to the switch r7c3 (6 steps), to the gap r5c6 (5), to Fry r9c9 (7).
  CHECK(editor.solvable_text(solved) ==
        "Solvable: shortest walk 18 steps \u00b7 a first program of " +
            std::to_string(solved.cost) + " characters");
}
