// Human-style Sudoku reasoning: find the simplest deduction available in a
// grid, explain it in a sentence, and rate a puzzle by the hardest technique
// a person needs to solve it without guessing.
//
//   auto grid = Grid::from_string(text);
//   if (auto step = find_next_step(*grid)) show(step->explanation);
//   Rating rating = rate(*grid);  // rating.difficulty, rating.steps
//
// Every technique is sound: on a grid whose placed digits and candidates are
// consistent with a solution, no step places a wrong digit or removes a
// digit of that solution. Unique rectangles also assume the solution is the
// only one (assumes_unique_solution tells).
#pragma once

#include <array>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "puzzles/sudoku/grid.h"

namespace puzzlelab::sudoku {

// In the order they are tried, simplest first.
enum class Technique {
  naked_single,
  hidden_single,
  pointing,  // locked candidates type 1
  claiming,  // locked candidates type 2
  naked_pair,
  hidden_pair,
  naked_triple,
  hidden_triple,
  naked_quad,
  hidden_quad,
  x_wing,
  swordfish,
  xy_wing,
  xyz_wing,
  w_wing,
  simple_colouring,
  jellyfish,
  unique_rectangle,  // type 1; assumes a unique solution
  x_chain,
  xy_chain,
};

inline constexpr std::array kAllTechniques = {
    Technique::naked_single,     Technique::hidden_single, Technique::pointing,
    Technique::claiming,         Technique::naked_pair,    Technique::hidden_pair,
    Technique::naked_triple,     Technique::hidden_triple, Technique::naked_quad,
    Technique::hidden_quad,      Technique::x_wing,        Technique::swordfish,
    Technique::xy_wing,          Technique::xyz_wing,      Technique::w_wing,
    Technique::simple_colouring, Technique::jellyfish,     Technique::unique_rectangle,
    Technique::x_chain,          Technique::xy_chain,
};

enum class Difficulty {
  easy,            // singles only
  medium,          // locked candidates, pairs, triples
  hard,            // quads, X-Wing, Swordfish, XY-Wing
  expert,          // wings, colouring, Jellyfish, unique rectangles, chains
  needs_guessing,  // the techniques above run out before the grid is solved
};

std::string_view technique_name(Technique technique);  // "Hidden single"
Difficulty technique_difficulty(Technique technique);
bool assumes_unique_solution(Technique technique);

std::string_view difficulty_name(Difficulty difficulty);  // "easy" ... "needs guessing"
std::optional<Difficulty> parse_difficulty(std::string_view name);

// One digit in one cell.
struct Candidate {
  int cell = 0;
  int digit = 0;

  bool operator==(const Candidate&) const = default;
};

// One deduction, ready to show a person and to apply.
struct Step {
  Technique technique = Technique::naked_single;
  std::vector<Candidate> placements;    // digits it writes in
  std::vector<Candidate> eliminations;  // candidates it removes
  std::vector<int> cells;               // the cells it changes (sorted)
  std::vector<int> supporting_cells;    // the pattern that proves it (sorted)
  std::vector<int> houses;              // the houses it reasons about
  std::string explanation;              // "Hidden single: 7 can only go in r3c5 within box 2."
};

// The first deduction of one technique, if the grid offers one.
std::optional<Step> find_step(const Grid& grid, Technique technique);
// The simplest deduction available, trying techniques in kAllTechniques order.
std::optional<Step> find_next_step(const Grid& grid);
// Places and eliminates what the step says. False if some part of it no
// longer applies (the grid may then be partly changed).
bool apply_step(Grid& grid, const Step& step);

struct Rating {
  Difficulty difficulty = Difficulty::needs_guessing;
  std::optional<Technique> hardest;  // hardest technique used; none if no step was needed
  bool solved = false;               // the steps filled in a valid complete grid
  std::vector<Step> steps;           // in the order applied
  Grid final_grid;                   // where the steps led (solved or stuck)
};

// Applies the simplest step again and again until the grid is solved or no
// technique applies. Assumes the puzzle has one solution (check that with
// count_solutions); on a puzzle without one it reports needs_guessing.
Rating rate(const Grid& grid);
// Same from clues (0 = blank); clashing clues rate needs_guessing.
Rating rate(const Cells& puzzle);

}  // namespace puzzlelab::sudoku
