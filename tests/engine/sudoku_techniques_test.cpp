// Sudoku human-style techniques and rating: each technique on a state that
// needs it, every step checked against the puzzle's unique solution (found
// by a small backtracking solver in this file, not the engine's), and rate()
// on well-known puzzles.
#include <catch2/catch.hpp>

#include <algorithm>
#include <bit>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "puzzles/sudoku/grid.h"
#include "puzzles/sudoku/techniques.h"
#include "support/sudoku_reference.h"

using namespace puzzlelab::sudoku;

namespace {

// Wikipedia's "Sudoku" article example puzzle (Tim Stellmach, public domain).
constexpr const char* kWikipedia =
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
// Project Euler problem 96, "Grid 01".
constexpr const char* kEulerGrid01 =
    "003020600900305001001806400008102900700000008006708200002609500800203009005010300";
// Arto Inkala's puzzle billed as "the world's hardest Sudoku" (2012).
constexpr const char* kInkala =
    "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..";
// magictour top1465, puzzle 3: needs a hidden pair, nothing harder.
constexpr const char* kMagictour3 =
    "3.7.4...........918........4.....7.....16.......25..........38..9....5...2.6.....";

// ---- An independent solver: tests/support/sudoku_reference.h ---------------

Cells cells_from(const std::string& text) {
  Cells cells{};
  for (int i = 0; i < 81; ++i) cells[i] = text[i] >= '1' && text[i] <= '9' ? text[i] - '0' : 0;
  return cells;
}

// The unique solution of the filled cells; fails the test if not unique.
Cells unique_solution(const Cells& puzzle) {
  puzzlelab::testing::SudokuReferenceSolver solver(puzzle);
  REQUIRE(solver.count(2) == 1);
  return solver.solution();
}

Grid grid_from(const std::string& text) {
  auto grid = Grid::from_string(text);
  REQUIRE(grid);
  return *grid;
}

// ---- Data files -------------------------------------------------------------------

std::vector<std::string> data_lines(const std::string& name) {
  std::ifstream file(std::string(PUZZLELAB_TEST_DATA_DIR) + "/sudoku/" + name);
  REQUIRE(file);
  std::vector<std::string> lines;
  for (std::string line; std::getline(file, line);) {
    if (!line.empty() && line[0] != '#') lines.push_back(line);
  }
  return lines;
}

struct Solved {
  std::string puzzle;
  Cells solution{};
};

// A complete grid, each house holding 1..9, agreeing with the clues.
bool solves(const Cells& solution, const std::string& puzzle) {
  auto grid = Grid::from_cells(solution);
  if (!grid || !grid->is_solved()) return false;
  for (int cell = 0; cell < 81; ++cell) {
    if (puzzle[cell] >= '1' && puzzle[cell] <= '9' && solution[cell] != puzzle[cell] - '0') {
      return false;
    }
  }
  return true;
}

// "<puzzle> <solution> ..." lines. The files say the solutions are unique;
// here we check they are solutions (a second one would only make the
// soundness checks fail, never pass wrongly).
std::vector<Solved> puzzles_with_solutions(const std::string& name) {
  std::vector<Solved> puzzles;
  for (const std::string& line : data_lines(name)) {
    REQUIRE(line.size() >= 163);
    Solved solved{line.substr(0, 81), cells_from(line.substr(82, 81))};
    INFO(line);
    REQUIRE(solves(solved.solution, solved.puzzle));
    puzzles.push_back(solved);
  }
  return puzzles;
}

struct TechniqueState {
  std::string technique;  // display name
  std::string cells;      // 81 space-separated tokens
};

std::vector<TechniqueState> technique_states() {
  std::vector<TechniqueState> states;
  for (const std::string& line : data_lines("technique_states.txt")) {
    const size_t colon = line.find(':');
    REQUIRE(colon != std::string::npos);
    states.push_back({line.substr(0, colon), line.substr(colon + 1)});
  }
  return states;
}

// A grid from pencil marks: a one-digit token is a filled cell, a longer one
// lists an empty cell's candidates (a subset of those basic elimination leaves).
Grid grid_from_pencil_marks(const std::string& text) {
  std::istringstream tokens(text);
  std::vector<std::string> cells;
  for (std::string token; tokens >> token;) cells.push_back(token);
  REQUIRE(cells.size() == 81);
  Cells values{};
  for (int cell = 0; cell < 81; ++cell) {
    if (cells[cell].size() == 1) values[cell] = uint8_t(cells[cell][0] - '0');
  }
  auto grid = Grid::from_cells(values);
  REQUIRE(grid);
  for (int cell = 0; cell < 81; ++cell) {
    if (cells[cell].size() == 1) continue;
    DigitMask listed = 0;
    for (char c : cells[cell]) listed |= digit_bit(c - '0');
    REQUIRE((listed & ~grid->candidates(cell)) == 0);
    for (int digit : digits_in(grid->candidates(cell) & ~listed)) grid->eliminate(cell, digit);
  }
  return *grid;
}

Technique technique_named(const std::string& name) {
  for (Technique technique : kAllTechniques) {
    if (technique_name(technique) == name) return technique;
  }
  FAIL("no technique named " << name);
  return Technique::naked_single;
}

// ---- Checks -----------------------------------------------------------------------

// The first cell whose value or candidates rule out its solution digit; -1 if none.
int first_inconsistent_cell(const Grid& grid, const Cells& solution) {
  for (int cell = 0; cell < 81; ++cell) {
    const bool fits = grid.is_empty(cell) ? grid.has_candidate(cell, solution[cell])
                                          : grid.value(cell) == solution[cell];
    if (!fits) return cell;
  }
  return -1;
}

// Every digit the solution needs is still placed or a candidate.
void require_consistent(const Grid& grid, const Cells& solution) {
  const int cell = first_inconsistent_cell(grid, solution);
  INFO("inconsistent at " << (cell < 0 ? "none" : cell_name(cell)));
  REQUIRE(cell == -1);
}

// The step is well formed and agrees with the solution.
void require_sound(const Step& step, const Cells& solution) {
  INFO(step.explanation);
  REQUIRE(step.placements.size() + step.eliminations.size() > 0);
  REQUIRE(step.explanation.rfind(std::string(technique_name(step.technique)), 0) == 0);
  for (const Candidate& placed : step.placements) REQUIRE(solution[placed.cell] == placed.digit);
  for (const Candidate& removed : step.eliminations) {
    REQUIRE(solution[removed.cell] != removed.digit);
  }
  for (const Candidate& changed : step.placements) {
    REQUIRE(std::count(step.cells.begin(), step.cells.end(), changed.cell) == 1);
  }
  for (const Candidate& changed : step.eliminations) {
    REQUIRE(std::count(step.cells.begin(), step.cells.end(), changed.cell) == 1);
  }
  REQUIRE(std::is_sorted(step.cells.begin(), step.cells.end()));
  REQUIRE(std::is_sorted(step.supporting_cells.begin(), step.supporting_cells.end()));
}

// Applies steps until stuck or solved, checking each against the solution.
// Returns how many steps it took.
int solve_checking_every_step(Grid grid, const Cells& solution) {
  int steps = 0;
  while (!grid.is_solved()) {
    auto step = find_next_step(grid);
    if (!step) break;
    require_sound(*step, solution);
    REQUIRE(apply_step(grid, *step));
    require_consistent(grid, solution);
    ++steps;
  }
  return steps;
}

}  // namespace

// ---- Grid ------------------------------------------------------------------------

TEST_CASE("sudoku grid names cells and houses as players write them", "[sudoku][grid]") {
  CHECK(cell_name(0) == "r1c1");
  CHECK(cell_name(cell_at(2, 4)) == "r3c5");
  CHECK(cell_name(80) == "r9c9");
  CHECK(house_name(row_house(2)) == "row 3");
  CHECK(house_name(column_house(4)) == "column 5");
  CHECK(house_name(box_house(1)) == "box 2");
  CHECK(box_of(cell_at(4, 7)) == 5);
  CHECK(house_cells(box_house(4))[0] == cell_at(3, 3));
  CHECK(house_cells(column_house(8))[8] == 80);
}

TEST_CASE("sudoku grid peers are the 20 cells sharing a house", "[sudoku][grid]") {
  for (int cell = 0; cell < 81; ++cell) {
    int seen = 0;
    for (int other = 0; other < 81; ++other) seen += sees(cell, other);
    CHECK(seen == 20);
    for (int peer : peers(cell)) CHECK(sees(cell, peer));
  }
  CHECK_FALSE(sees(10, 10));
}

TEST_CASE("sudoku grid candidates follow from givens and entries", "[sudoku][grid]") {
  const Grid grid = grid_from(kWikipedia);
  CHECK(grid.is_given(0));
  CHECK(grid.value(0) == 5);
  CHECK(grid.candidates(0) == 0);
  // r1c3: row 1 holds 3, 5, 7; column 3 holds 8; box 1 holds 3, 5, 6, 8, 9.
  CHECK(grid.candidates(2) == (digit_bit(1) | digit_bit(2) | digit_bit(4)));
  CHECK(grid.to_string() == std::string(kWikipedia));
  CHECK(grid.givens() == cells_from(kWikipedia));

  Cells entries{};
  entries[2] = 4;
  auto with_entry = Grid::from_cells(cells_from(kWikipedia), entries);
  REQUIRE(with_entry);
  CHECK(with_entry->value(2) == 4);
  CHECK_FALSE(with_entry->is_given(2));
  CHECK_FALSE(with_entry->has_candidate(1, 4));  // r1c2 sees r1c3
}

TEST_CASE("sudoku grid rejects clashing clues and bad text", "[sudoku][grid]") {
  std::string clash(81, '.');
  clash[0] = clash[5] = '4';
  CHECK_FALSE(Grid::from_string(clash));
  CHECK_FALSE(Grid::from_string("123"));
  CHECK_FALSE(Grid::from_string(std::string(80, '.') + "x"));
  Cells entries{};
  entries[0] = 1;  // r1c1 holds the given 5
  CHECK_FALSE(Grid::from_cells(cells_from(kWikipedia), entries));
}

TEST_CASE("sudoku grid place and eliminate keep candidates right", "[sudoku][grid]") {
  Grid grid;
  REQUIRE(grid.place(cell_at(0, 0), 5));
  CHECK_FALSE(grid.has_candidate(cell_at(0, 8), 5));
  CHECK_FALSE(grid.has_candidate(cell_at(8, 0), 5));
  CHECK_FALSE(grid.has_candidate(cell_at(2, 2), 5));
  CHECK(grid.has_candidate(cell_at(4, 4), 5));
  CHECK_FALSE(grid.place(cell_at(0, 1), 5));  // not a candidate any more
  CHECK_FALSE(grid.place(cell_at(0, 0), 3));  // already filled
  CHECK(grid.eliminate(cell_at(4, 4), 5));
  CHECK_FALSE(grid.eliminate(cell_at(4, 4), 5));
  CHECK(grid.positions(row_house(4), 5) == 0x1EE);  // not r5c1 (sees r1c1) nor r5c5
  CHECK_FALSE(grid.has_contradiction());
  CHECK(grid.empty_count() == 80);
}

TEST_CASE("sudoku grid sees contradictions", "[sudoku][grid]") {
  Grid grid;
  for (int digit = 1; digit <= 9; ++digit) grid.eliminate(40, digit);
  CHECK(grid.has_contradiction());

  Grid no_place_for_7;
  for (int cell : house_cells(row_house(3))) no_place_for_7.eliminate(cell, 7);
  CHECK(no_place_for_7.has_contradiction());
}

// ---- Techniques ------------------------------------------------------------------

TEST_CASE("sudoku technique catalogue is ordered and rated as documented", "[sudoku][techniques]") {
  CHECK(kAllTechniques.front() == Technique::naked_single);
  CHECK(technique_difficulty(Technique::hidden_single) == Difficulty::easy);
  CHECK(technique_difficulty(Technique::claiming) == Difficulty::medium);
  CHECK(technique_difficulty(Technique::hidden_triple) == Difficulty::medium);
  CHECK(technique_difficulty(Technique::naked_quad) == Difficulty::hard);
  CHECK(technique_difficulty(Technique::xy_wing) == Difficulty::hard);
  CHECK(technique_difficulty(Technique::xyz_wing) == Difficulty::expert);
  CHECK(technique_difficulty(Technique::xy_chain) == Difficulty::expert);
  for (size_t i = 0; i < kAllTechniques.size(); ++i) {
    CHECK(int(kAllTechniques[i]) == int(i));
    if (i > 0) {
      CHECK(technique_difficulty(kAllTechniques[i - 1]) <= technique_difficulty(kAllTechniques[i]));
    }
  }
  CHECK(technique_name(Technique::x_wing) == "X-Wing");
  CHECK(assumes_unique_solution(Technique::unique_rectangle));
  CHECK_FALSE(assumes_unique_solution(Technique::x_chain));
}

TEST_CASE("sudoku difficulty names round-trip", "[sudoku][techniques]") {
  for (Difficulty d : {Difficulty::easy, Difficulty::medium, Difficulty::hard, Difficulty::expert,
                       Difficulty::needs_guessing}) {
    CHECK(parse_difficulty(difficulty_name(d)) == d);
  }
  CHECK(difficulty_name(Difficulty::needs_guessing) == "needs guessing");
  CHECK_FALSE(parse_difficulty("impossible"));
}

TEST_CASE("sudoku naked single places the only candidate", "[sudoku][techniques]") {
  const Grid grid = grid_from(kWikipedia);
  const Cells solution = unique_solution(cells_from(kWikipedia));
  auto step = find_next_step(grid);
  REQUIRE(step);
  CHECK(step->technique == Technique::naked_single);
  REQUIRE(step->placements.size() == 1);
  require_sound(*step, solution);
  CHECK(step->explanation ==
        "Naked single: r5c5 can only be 5: its row, column and box already hold every other "
        "digit.");
}

TEST_CASE("sudoku hidden single when no naked single exists", "[sudoku][techniques]") {
  const std::string puzzle =
      "7.8...3.....2.1...5.........4.....263...8.......1...9..9.6....4....7.5...........";
  const Grid grid = grid_from(puzzle);
  CHECK_FALSE(find_step(grid, Technique::naked_single));
  auto step = find_next_step(grid);
  REQUIRE(step);
  CHECK(step->technique == Technique::hidden_single);
  require_sound(*step, unique_solution(cells_from(puzzle)));
  CHECK(step->explanation == "Hidden single: 3 can only go in r6c9 within box 6.");
  CHECK(step->houses == std::vector<int>{box_house(5)});
}

TEST_CASE("sudoku each technique is found where it is the simplest step", "[sudoku][techniques]") {
  const auto states = technique_states();
  std::vector<Technique> covered;
  for (const TechniqueState& state : states) {
    const Technique expected = technique_named(state.technique);
    covered.push_back(expected);
    INFO(state.technique << ":" << state.cells);
    const Grid grid = grid_from_pencil_marks(state.cells);
    const Cells solution = unique_solution(grid.values());
    require_consistent(grid, solution);

    for (Technique simpler : kAllTechniques) {
      if (simpler == expected) break;
      INFO("simpler technique " << technique_name(simpler));
      CHECK_FALSE(find_step(grid, simpler));
    }
    auto step = find_next_step(grid);
    REQUIRE(step);
    CHECK(step->technique == expected);
    CHECK(!step->supporting_cells.empty());
    require_sound(*step, solution);
    Grid after = grid;
    REQUIRE(apply_step(after, *step));
    require_consistent(after, solution);
  }
  // Every technique beyond the singles (tested above) has a state.
  for (Technique technique : kAllTechniques) {
    if (technique_difficulty(technique) == Difficulty::easy) continue;
    INFO(technique_name(technique));
    CHECK(std::count(covered.begin(), covered.end(), technique) == 1);
  }
}

TEST_CASE("sudoku explanations name the pattern and what to remove", "[sudoku][techniques]") {
  for (const TechniqueState& state : technique_states()) {
    if (state.technique != "X-Wing") continue;
    auto step = find_next_step(grid_from_pencil_marks(state.cells));
    REQUIRE(step);
    CHECK(step->explanation ==
          "X-Wing on 3: in columns 6 and 9, 3 can only go in rows 2 and 4, so remove 3 from the "
          "rest of those rows: r2c4, r2c5, r4c5, r4c8.");
    CHECK(step->supporting_cells ==
          std::vector<int>{cell_at(1, 5), cell_at(1, 8), cell_at(3, 5), cell_at(3, 8)});
    CHECK(step->houses ==
          std::vector<int>{column_house(5), column_house(8), row_house(1), row_house(3)});
  }
}

TEST_CASE("sudoku apply_step refuses a step that no longer fits", "[sudoku][techniques]") {
  Grid grid = grid_from(kWikipedia);
  auto step = find_next_step(grid);
  REQUIRE(step);
  REQUIRE(apply_step(grid, *step));
  CHECK_FALSE(apply_step(grid, *step));
}

// ---- Soundness on many puzzles -------------------------------------------------

TEST_CASE("sudoku steps never contradict the solution on hard puzzles", "[sudoku][property]") {
  const auto puzzles = puzzles_with_solutions("hard20_with_solutions.txt");
  CHECK(puzzles.size() == 20);
  for (const Solved& solved : puzzles) {
    INFO(solved.puzzle);
    solve_checking_every_step(grid_from(solved.puzzle), solved.solution);
  }
}

TEST_CASE("sudoku steps never contradict the solution on magictour puzzles", "[sudoku][property]") {
  const auto puzzles = puzzles_with_solutions("magictour_top100_with_solutions.txt");
  CHECK(puzzles.size() == 100);
  int steps = 0;
  for (const Solved& solved : puzzles) {
    INFO(solved.puzzle);
    steps += solve_checking_every_step(grid_from(solved.puzzle), solved.solution);
  }
  CHECK(steps > 2000);
}

// ---- Rating ----------------------------------------------------------------------

TEST_CASE("sudoku rate: classic easy puzzles need singles only", "[sudoku][rate]") {
  for (const char* puzzle : {kWikipedia, kEulerGrid01}) {
    INFO(puzzle);
    const Rating rating = rate(cells_from(puzzle));
    CHECK(rating.difficulty == Difficulty::easy);
    CHECK(rating.solved);
    CHECK(rating.final_grid.values() == unique_solution(cells_from(puzzle)));
    CHECK(rating.steps.size() == size_t(grid_from(puzzle).empty_count()));
    REQUIRE(rating.hardest);
    CHECK(technique_difficulty(*rating.hardest) == Difficulty::easy);
  }
}

TEST_CASE("sudoku rate: a hidden pair makes a puzzle medium", "[sudoku][rate]") {
  const Rating rating = rate(grid_from(kMagictour3));
  CHECK(rating.difficulty == Difficulty::medium);
  CHECK(rating.hardest == Technique::hidden_pair);
  CHECK(rating.solved);
}

TEST_CASE("sudoku rate: Inkala's puzzle needs guessing", "[sudoku][rate]") {
  const Rating rating = rate(grid_from(kInkala));
  CHECK(rating.difficulty == Difficulty::needs_guessing);
  CHECK_FALSE(rating.solved);
  CHECK_FALSE(rating.final_grid.is_solved());
  CHECK(rating.final_grid.empty_count() > 0);
}

TEST_CASE("sudoku rate never claims an unsolvable or open grid solved", "[sudoku][rate]") {
  CHECK(rate(Grid()).difficulty == Difficulty::needs_guessing);  // no clues: many solutions
  CHECK_FALSE(rate(Grid()).solved);
  Cells clash{};
  clash[0] = clash[1] = 3;
  CHECK(rate(clash).difficulty == Difficulty::needs_guessing);
  // A wrong entry that clashes with nothing: the puzzle is now unsolvable
  // (its one solution has 4 in r1c3), so the rating must not claim solved.
  Cells entries{};
  entries[2] = 1;
  auto wrong = Grid::from_cells(cells_from(kWikipedia), entries);
  REQUIRE(wrong);
  const Rating rating = rate(*wrong);
  CHECK_FALSE(rating.solved);
  CHECK(rating.difficulty == Difficulty::needs_guessing);
}

TEST_CASE("sudoku rate agrees with the solution whenever it solves", "[sudoku][rate]") {
  int solved_count = 0;
  for (const Solved& solved : puzzles_with_solutions("magictour_top100_with_solutions.txt")) {
    INFO(solved.puzzle);
    const Rating rating = rate(grid_from(solved.puzzle));
    if (rating.solved) {
      ++solved_count;
      CHECK(rating.final_grid.values() == solved.solution);
      REQUIRE(rating.hardest);
      CHECK(rating.difficulty == technique_difficulty(*rating.hardest));
    } else {
      CHECK(rating.difficulty == Difficulty::needs_guessing);
      CHECK_FALSE(rating.final_grid.is_solved());
    }
  }
  CHECK(solved_count > 10);
}

TEST_CASE("sudoku rate of an already solved grid is easy with no steps", "[sudoku][rate]") {
  const Cells solution = unique_solution(cells_from(kWikipedia));
  const Rating rating = rate(solution);
  CHECK(rating.solved);
  CHECK(rating.difficulty == Difficulty::easy);
  CHECK(rating.steps.empty());
  CHECK_FALSE(rating.hardest);
}
