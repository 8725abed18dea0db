// The Tree of Life (HackerRank): a cellular automaton on a full binary tree.
// Rules: docs/treeoflife.md (rule bit idx = 8*parent +
// 4*left + 2*self + right; missing neighbours are off).
//
// Text read by parse() (HackerRank's input, as is):
//   42354                             the rule, 0..65535
//   ((. X (. . .)) . (X . (. X X)))   the tree: (left value right), X on, . off
//   6                                 n, then n queries "step path"
//   0 []
//   2 [><]
// The queries may be left out (rule and tree only, for the app), and a last
// line "t 5" sets the clock (the generation shown) for the game.
// Moves: "+1", "-1", "+k", "-k" step the clock (never before generation 0),
// "rule=N" changes the rule, "toggle [<>]" flips a cell of generation 0
// (only while the clock shows generation 0).
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/puzzle.h"
#include "puzzles/treeoflife/evolve.h"

namespace puzzlelab::treeoflife {

struct Query {
  int64_t step = 0;        // as written: the clock moves by this first
  int64_t cell = 0;        // where the path leads, breadth-first (path_to writes the path)
  int64_t generation = 0;  // the clock after the step
};

// What a position holds. Positions share what moves do not change: a move
// copies a Problem (the undo chain keeps every position), so the tree, its
// generation 0 and the queries are held by shared pointers to constant data
// (a toggle makes a new generation 0), never copied per move.
struct Problem {
  uint16_t rule = 0;
  std::shared_ptr<const Shape> shape;
  std::shared_ptr<const Bits> generation0 = std::make_shared<const Bits>();
  std::shared_ptr<const std::vector<Query>> queries = std::make_shared<const std::vector<Query>>();
  int64_t clock = 0;  // the generation the game shows
};

struct Tree {
  std::shared_ptr<const Shape> shape;
  Bits cells;
};

// One serialized tree; `line` and `first_column` place errors in the input.
Parsed<Tree> parse_tree(std::string_view text, int line = 1, int first_column = 1);
std::string format_tree(const Shape& shape, const Bits& cells);
// "[<>]" to a cell, or an error at the offending character.
Parsed<int64_t> parse_path(const Shape& shape, std::string_view path, int line = 0,
                           int first_column = 1);
std::string path_to(const Shape& shape, int64_t cell);

Parsed<Problem> parse_problem(std::string_view text);
std::string format_problem(const Problem& problem);

// The queries' answers, offline in generation order.
struct Answers {
  std::string text;  // one X or . per line, HackerRank's output
  int64_t computed = 0;
  int64_t last_generation = 0;
  std::optional<Cycle> cycle;
  bool stopped = false;
  double ms = 0;      // on the clock given (the steady clock unless a test's)
  double cpu_ms = 0;  // this process's CPU time (steadier on a busy machine)
};
Answers answer_queries(const Problem& problem, const KeepGoing& keep_going = {},
                       uint64_t memory_budget = uint64_t{256} << 20,
                       const Clock& clock = steady_clock());

class TreeOfLifeGame final : public Game {
 public:
  explicit TreeOfLifeGame(Problem problem) : problem_(std::move(problem)) {}

  const PuzzleInfo& info() const override;
  std::string format() const override;
  std::vector<Move> legal_moves() const override;
  ApplyResult apply(std::string_view move) override;
  // Nothing to reach: the automaton just runs. Always false, so the shell
  // never shows a "solved" banner for a clock position.
  bool is_solved() const override { return false; }
  std::unique_ptr<Game> clone() const override;
  // Answers the loaded queries (HackerRank's output in SolveResult::answer).
  SolveResult solve(const SolveOptions& options) const override;
  // "generation T": the cells at generation T (encode_generation_cells in
  // SolveResult::answer), for a view that draws while the worker walks.
  // Progress reports the generation reached as their bound (compute.cpp).
  SolveResult compute(std::string_view task, const SolveOptions& options) const override;
  // The rule, the generation and its cells in words (the cells only when
  // they are quick to compute here).
  std::string describe() const override;
  // The clock: the generation on screen.
  std::optional<Counter> counter() const override;
  // The rule, the tree and the queries: the answers do not depend on the clock.
  std::string solve_key() const override;

  const Problem& problem() const { return problem_; }
  // The cells at the clock's generation (computed on demand, cached).
  const Bits& state() const;
  // The cells at generation t; nullptr if keep_going stopped it.
  const Bits* state_at(int64_t t, const KeepGoing& keep_going = {}) const;
  // The cycle, if the generations computed so far closed one.
  std::optional<Cycle> cycle() const;

 private:
  Evolution& evolution() const;

  Problem problem_;
  mutable std::shared_ptr<Evolution> evolution_;  // reset when rule or cells change
};

// What Game::compute answers for "generation T": the cells there, and what
// the evolution from generation 0 knows about its cycle.
struct GenerationCells {
  int64_t generation = 0;
  Bits cells;
  std::optional<Cycle> cycle;
  int64_t frontier = 0;  // generations computed from 0 (no repeat before, when no cycle)
};
// "generation T\ncycle START PERIOD\ncells HEX" ("cycle none FRONTIER"),
// 16 hex digits a word, word 0 first.
std::string encode_generation_cells(const GenerationCells& cells);
Parsed<GenerationCells> decode_generation_cells(std::string_view text, const Shape& shape);

// PuzzleHooks::time_line: the tree from generation 0 to the last query's
// generation (with no queries, the clock's; at generation 0, the first
// `most`), at most `most` frames, the queried cells marked at their
// generation (time_line.cpp).
TimeLine time_line(const Game& position, size_t most);

const PuzzleInfo& puzzle_info();

}  // namespace puzzlelab::treeoflife
