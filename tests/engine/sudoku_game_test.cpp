// Sudoku through the Game interface: parsing and its errors, moves, solve
// (checked by an independent validator), hints, rating and generation.
#include <catch2/catch.hpp>

#include <fstream>
#include <set>
#include <sstream>

#include "puzzles/puzzle_list.h"
#include "puzzles/sudoku/sudoku.h"

using namespace puzzlelab;

namespace {

struct KnownPuzzle {
  std::string puzzle;
  std::string solution;
};

std::vector<KnownPuzzle> hard20() {
  std::ifstream file(PUZZLELAB_TEST_DATA_DIR "/sudoku/hard20_with_solutions.txt");
  std::vector<KnownPuzzle> puzzles;
  for (std::string line; std::getline(file, line);) {
    if (line.empty() || line[0] == '#') continue;
    std::istringstream words(line);
    KnownPuzzle p;
    words >> p.puzzle >> p.solution;
    puzzles.push_back(p);
  }
  return puzzles;
}

const PuzzleInfo& sudoku_info() {
  return *find_puzzle("sudoku");
}

std::unique_ptr<Game> parse_sudoku_ok(const std::string& text) {
  auto game = sudoku_info().parse(text);
  INFO(text);
  REQUIRE(game.ok());
  return std::move(game).value();
}

ParseError parse_sudoku_fails(const std::string& text) {
  auto game = sudoku_info().parse(text);
  INFO(text);
  REQUIRE_FALSE(game.ok());
  return game.error();
}

// An independent check of a finished grid: every row, column and box holds
// 1..9 once, and every clue is kept.
bool valid_solution(const std::string& puzzle, const std::string& grid) {
  if (grid.size() != 81) return false;
  for (int i = 0; i < 81; ++i) {
    if (grid[i] < '1' || grid[i] > '9') return false;
    if (puzzle[i] >= '1' && puzzle[i] <= '9' && puzzle[i] != grid[i]) return false;
  }
  for (int unit = 0; unit < 9; ++unit) {
    std::set<char> row, column, box;
    for (int k = 0; k < 9; ++k) {
      row.insert(grid[unit * 9 + k]);
      column.insert(grid[k * 9 + unit]);
      box.insert(grid[(unit / 3 * 3 + k / 3) * 9 + unit % 3 * 3 + k % 3]);
    }
    if (row.size() != 9 || column.size() != 9 || box.size() != 9) return false;
  }
  return true;
}

// The 81 digits a SudokuGame shows after moves (its format's last line
// overlays the entries on the clues).
std::string grid_of(const Game& game) {
  const auto& sudoku = dynamic_cast<const sudoku::SudokuGame&>(game);
  std::string grid;
  for (int cell = 0; cell < 81; ++cell)
    grid += sudoku.value(cell) ? char('0' + sudoku.value(cell)) : '.';
  return grid;
}

constexpr const char* kEasy =
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
constexpr const char* kEasySolution =
    "534678912672195348198342567859761423426853791713924856961537284287419635345286179";

}  // namespace

TEST_CASE("Sudoku reads one-line and grid forms alike", "[sudoku][parse]") {
  const std::string dots = kEasy;
  std::string zeros = dots;
  for (char& c : zeros) c = c == '.' ? '0' : c;
  CHECK(parse_sudoku_ok(dots)->format() == dots);
  CHECK(parse_sudoku_ok(zeros)->format() == dots);
  CHECK(parse_sudoku_ok(dots + " trailing words are ignored")->format() == dots);

  const std::string grid =
      "5 3 . | . 7 . | . . .\n"
      "6 . . | 1 9 5 | . . .\n"
      ". 9 8 | . . . | . 6 .\n"
      "------+-------+------\n"
      "8 . . | . 6 . | . . 3\n"
      "4 . . | 8 . 3 | . . 1\n"
      "7 . . | . 2 . | . . 6\n"
      "------+-------+------\n"
      ". 6 . | . . . | 2 8 .\n"
      ". . . | 4 1 9 | . . 5\n"
      ". . . | . 8 . | . 7 9\n";
  CHECK(parse_sudoku_ok(grid)->format() == dots);
}

TEST_CASE("Sudoku parse errors say where and what", "[sudoku][parse]") {
  SECTION("wrong length") {
    const ParseError e = parse_sudoku_fails(std::string(kEasy).substr(0, 80));
    CHECK(e.line == 1);
    CHECK_THAT(e.message, Catch::Contains("expected 81 cells") && Catch::Contains("got 80"));
  }
  SECTION("bad character") {
    std::string text = kEasy;
    text[10] = 'x';
    const ParseError e = parse_sudoku_fails(text);
    CHECK(e.column == 11);
    CHECK_THAT(e.message, Catch::Contains("unexpected 'x'"));
  }
  SECTION("two equal clues in a row name both cells") {
    std::string text(81, '.');
    text[2 * 9 + 4] = '5';  // r3c5
    text[2 * 9 + 7] = '5';  // r3c8
    const ParseError e = parse_sudoku_fails(text);
    CHECK(e.message == "two 5s in row 3: r3c5 and r3c8");
    CHECK(e.column == 2 * 9 + 7 + 1);
  }
  SECTION("two equal clues in a column and in a box") {
    std::string text(81, '.');
    text[0] = '4';
    text[8 * 9] = '4';
    CHECK_THAT(parse_sudoku_fails(text).message, Catch::Contains("column 1: r1c1 and r9c1"));
    text = std::string(81, '.');
    text[0] = '4';
    text[10] = '4';
    CHECK_THAT(parse_sudoku_fails(text).message, Catch::Contains("box 1: r1c1 and r2c2"));
  }
  SECTION("a short row in a grid names its line") {
    const ParseError e = parse_sudoku_fails("123456789\n12345678\n" + std::string(7 * 10, '.'));
    CHECK(e.line == 2);
    CHECK_THAT(e.message, Catch::Contains("row 2 has 8 cells, expected 9"));
  }
  SECTION("too few rows") {
    CHECK_THAT(parse_sudoku_fails("123456789\n.........\n").message, Catch::Contains("got 2 rows"));
  }
  SECTION("an entry over a different clue") {
    std::string entries(81, '.');
    entries[0] = '1';
    const ParseError e = parse_sudoku_fails(std::string(kEasy) + "\n" + entries);
    CHECK(e.line == 2);
    CHECK_THAT(e.message, Catch::Contains("covers the clue 5"));
  }
}

TEST_CASE("Sudoku moves: write, clear, pencil marks, clues stay", "[sudoku][moves]") {
  auto game = parse_sudoku_ok(kEasy);
  CHECK_THAT(game->apply("r1c1=4").error, Catch::Contains("holds a clue"));
  CHECK_THAT(game->apply("r0c1=4").error, Catch::Contains("from 1 to 9"));
  CHECK_THAT(game->apply("r1c3=x").error, Catch::Contains("expected a move like r3c5=7"));
  REQUIRE(game->apply("r1c3=4"));
  CHECK(game->format() == std::string(kEasy) + "\n.." + "4" + std::string(78, '.'));
  CHECK(parse_sudoku_ok(game->format())->format() == game->format());  // entries round-trip
  REQUIRE(game->apply("r1c6=4"));  // a clash the player may make...
  const auto& sudoku = dynamic_cast<const sudoku::SudokuGame&>(*game);
  CHECK(sudoku.conflicting_cells() == std::vector<int>{2, 5});  // ...is shown
  REQUIRE(game->apply("r1c6=0"));
  CHECK(sudoku.conflicting_cells().empty());
  REQUIRE(game->apply("r1c4+6"));
  CHECK(sudoku.pencil_marks(3) == sudoku::digit_bit(6));
  REQUIRE(game->apply("r1c4-6"));
  CHECK(sudoku.pencil_marks(3) == 0);
  REQUIRE(game->apply("marks"));  // candidates, minus the 6 the player ruled out
  CHECK(sudoku.pencil_marks(3) == sudoku::digit_bit(2));
  CHECK(sudoku.pencil_marks(4) == 0);  // r1c5 holds a clue
  REQUIRE(game->apply("r1c4+6"));
  REQUIRE(game->apply("marks"));
  CHECK(sudoku.pencil_marks(3) == (sudoku::digit_bit(2) | sudoku::digit_bit(6)));
  // Writing 6 in r1c4 crosses 6 off the pencil marks of its row, column and box.
  auto cells_marked_6 = [&] {
    std::set<int> cells;
    for (int cell = 0; cell < 81; ++cell) {
      if (sudoku.pencil_marks(cell) & sudoku::digit_bit(6)) cells.insert(cell);
    }
    return cells;
  };
  const std::set<int> before = cells_marked_6();
  REQUIRE(game->apply("r1c4=6"));
  std::set<int> expected;
  for (int cell : before) {
    if (!sudoku::sees(cell, 3)) expected.insert(cell);  // r1c4 keeps its own marks
  }
  CHECK(expected.size() < before.size());  // some peer lost its 6...
  CHECK(cells_marked_6() == expected);     // ...and only peers did
  // Every legal move is a candidate digit in an empty cell.
  for (const Move& move : game->legal_moves()) {
    auto copy = game->clone();
    REQUIRE(copy->apply(move.text));
    CHECK(dynamic_cast<const sudoku::SudokuGame&>(*copy).conflicting_cells().empty());
  }
}

TEST_CASE("Sudoku solve: published hard puzzles, replayed and validated", "[sudoku][solve]") {
  const auto puzzles = hard20();
  REQUIRE(puzzles.size() == 20);
  for (const KnownPuzzle& known : puzzles) {
    auto game = parse_sudoku_ok(known.puzzle);
    const SolveResult result = game->solve({});
    REQUIRE(result.status == SolveStatus::solved);
    CHECK(result.answer == known.solution);
    CHECK(valid_solution(known.puzzle, result.answer));
    for (const Move& move : result.moves) REQUIRE(game->apply(move.text));
    CHECK(game->is_solved());
    CHECK(grid_of(*game) == known.solution);
  }
}

TEST_CASE("Sudoku solve overwrites wrong entries and detects no/many solutions",
          "[sudoku][solve]") {
  auto game = parse_sudoku_ok(kEasy);
  REQUIRE(game->apply("r1c3=1"));  // wrong: the solution has 4 there
  const SolveResult result = game->solve({});
  REQUIRE(result.status == SolveStatus::solved);
  for (const Move& move : result.moves) REQUIRE(game->apply(move.text));
  CHECK(grid_of(*game) == kEasySolution);

  // No clash among the clues, yet r1c9 needs a 9 that column 9 already has.
  std::string none = "12345678." + std::string(72, '.');
  none[9 + 8] = '9';
  const SolveResult unsolvable = parse_sudoku_ok(none)->solve({});
  CHECK(unsolvable.status == SolveStatus::unsolvable);

  const SolveResult many = parse_sudoku_ok(std::string(81, '.'))->solve({});
  CHECK(many.status == SolveStatus::ambiguous);
  CHECK(valid_solution(std::string(81, '.'), many.answer));

  SolveOptions bad;
  bad.algorithm = "guess";
  CHECK(parse_sudoku_ok(kEasy)->solve(bad).status == SolveStatus::invalid);
}

TEST_CASE("Sudoku hints lead to the solution one sound step at a time", "[sudoku][hint]") {
  const std::string hard = hard20()[0].puzzle;
  for (const std::string& puzzle : {std::string(kEasy), hard}) {
    auto game = parse_sudoku_ok(puzzle);
    const std::string solution = game->solve({}).answer;
    int hints = 0;
    while (!game->is_solved()) {
      REQUIRE(hints++ < 1000);
      const auto hint = game->hint();
      REQUIRE(hint);
      REQUIRE_FALSE(hint->moves.empty());
      CHECK(hint->technique != "Mistake");
      for (const std::string& move : hint->moves) {
        // A placement writes the solution's digit; an elimination never removes it.
        const int cell = (move[1] - '1') * 9 + (move[3] - '1');
        if (move[4] == '=') CHECK(move[5] == solution[cell]);
        if (move[4] == '-') CHECK(move[5] != solution[cell]);
        REQUIRE(game->apply(move));
      }
    }
    CHECK(grid_of(*game) == solution);
  }
}

TEST_CASE("Sudoku hints point out mistakes first", "[sudoku][hint]") {
  auto game = parse_sudoku_ok(kEasy);
  REQUIRE(game->apply("r1c3=1"));
  auto hint = game->hint();
  REQUIRE(hint);
  CHECK(hint->technique == "Mistake");
  CHECK(hint->moves == std::vector<std::string>{"r1c3=0"});
  CHECK(hint->cells == std::vector<int>{2});

  game = parse_sudoku_ok(kEasy);
  REQUIRE(game->apply("r1c3-4"));  // ruling out the answer
  hint = game->hint();
  REQUIRE(hint);
  CHECK(hint->technique == "Mistake");
  CHECK(hint->moves == std::vector<std::string>{"r1c3+4"});
}

TEST_CASE("Sudoku rate and generate through the puzzle interface", "[sudoku][generate]") {
  CHECK_THAT(parse_sudoku_ok(kEasy)->rate()->text, Catch::StartsWith("easy"));
  CHECK(parse_sudoku_ok(kEasy)->rate()->status == SolveStatus::solved);
  CHECK_THAT(parse_sudoku_ok(hard20()[0].puzzle)->rate()->text,
             Catch::StartsWith("needs guessing"));
  // No one solution, no rating: the status says which.
  CHECK_THAT(parse_sudoku_ok(std::string(81, '.'))->rate()->text, Catch::StartsWith("not unique"));
  CHECK(parse_sudoku_ok(std::string(81, '.'))->rate()->status == SolveStatus::ambiguous);

  for (const char* difficulty : {"easy", "medium"}) {
    auto first = sudoku_info().generate({difficulty, 11});
    auto again = sudoku_info().generate({difficulty, 11});
    REQUIRE(first.ok());
    REQUIRE(again.ok());
    CHECK(first.value()->format() == again.value()->format());
    CHECK_THAT(first.value()->rate()->text, Catch::StartsWith(difficulty));
    CHECK(first.value()->solve({}).status == SolveStatus::solved);
  }
  auto bad = sudoku_info().generate({"impossible", 1});
  REQUIRE_FALSE(bad.ok());
  CHECK_THAT(bad.message, Catch::Contains("expected easy, medium, hard or expert"));
  CHECK(bad.status == SolveStatus::invalid);
}

TEST_CASE("Sudoku: the solver's guesses are its nodes, and a node budget stops it",
          "[sudoku][limits]") {
  // The hardest puzzles need guesses: one guess is not enough to prove one solution.
  const auto game = parse_sudoku_ok(hard20()[0].puzzle);
  SolveOptions options;
  options.node_budget = 1;
  const SolveResult result = game->solve(options);
  CHECK(result.status == SolveStatus::budget_exceeded);
  CHECK_THAT(result.message, Catch::Contains("node budget of 1 guesses"));
  CHECK(game->rate(options)->status == SolveStatus::budget_exceeded);
  CHECK(game->hint(options)->technique == "No hint");
  options.node_budget = 0;  // the default: plenty
  CHECK(game->solve(options).status == SolveStatus::solved);
  std::atomic<bool> cancel{true};
  options.cancel = &cancel;
  CHECK(game->solve(options).status == SolveStatus::cancelled);
}
