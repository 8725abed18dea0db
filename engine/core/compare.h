// Compare: every algorithm x metric a puzzle offers, run on one position one
// after another under the same budgets, as rows of a table ("which search
// wins on this board, and why?"). UI-free: the CLI's `puzzlelab compare`
// prints the rows, the page can show the same ones.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/puzzle.h"

namespace puzzlelab {

// How a row ended: `budget` for a node, memory or time budget (or a cancel),
// `error` for a request the puzzle refused or an answer that is not one
// (Sudoku's "multiple solutions").
enum class CompareStatus { solved, unsolvable, budget, error };

std::string_view to_string(CompareStatus status);
CompareStatus compare_status(SolveStatus status);

struct CompareRow {
  std::string algorithm;  // the name the CLI takes ("astar")
  std::string label;      // in words ("A* search")
  std::string metric;     // "" when the puzzle has no metrics
  std::string unit;       // what the cost counts ("moves")
  CompareStatus status = CompareStatus::error;
  int64_t cost = 0;
  bool optimal = false;  // proven by this row's search
  SearchStats stats;
  // The most memory the process held above what it held before the row,
  // measured where the system tells it (Linux: peak_measured).
  uint64_t peak_bytes = 0;
  bool peak_measured = false;
  double ms = 0;            // wall time of the row's solve
  std::string why;          // a row that did not solve: the search's message
  std::vector<Move> moves;  // the solution found, to play back
};

// One row of a comparison: an algorithm under a metric (nullptr when the
// puzzle has no metrics: its one way to count).
struct ComparePlan {
  const Choice* algorithm = nullptr;
  const Choice* metric = nullptr;
};
// The rows a comparison of a puzzle runs, in order: every algorithm under
// each metric in turn.
std::vector<ComparePlan> compare_plan(const PuzzleInfo& info);
// The row that a solve under `plan` gave, `ms` its wall time (peak memory
// not filled in: where it is measured is the caller's business).
CompareRow compare_row(const PuzzleInfo& info, const ComparePlan& plan, SolveResult result,
                       double ms);

// Solves `game` with every algorithm under every metric of its puzzle (one
// row per algorithm when it has no metrics), in the puzzle's order, each
// under the budgets, seed, cancel flag and progress of `options` (its
// algorithm and metric are ignored). `each_row` hears every row as it ends.
// A row that runs out of memory (std::bad_alloc) says so as a budget row
// and the next rows run; once the cancel flag is set, no further row runs
// (fewer rows than compare_plan's come back).
std::vector<CompareRow> compare_algorithms(
    const Game& game, const SolveOptions& options,
    const std::function<void(const CompareRow&)>& each_row = {});

// The solved rows that took the least time and the least memory (peak
// bytes, then states stored); nullopt when fewer than two rows solved.
struct CompareMarks {
  std::optional<size_t> fastest;
  std::optional<size_t> least_memory;
};
CompareMarks mark_rows(const std::vector<CompareRow>& rows);
// What marks each row, winners picked among the rows of its own metric
// (fewest moves and fewest steps are different races): "fastest", "least
// memory", both joined by ", ", or "".
std::vector<std::string> marks_per_metric(const std::vector<CompareRow>& rows);

// Two rows of one metric that cannot both be right: both claim an optimum
// and the costs differ, one found a solution cheaper than the other's
// proven optimum, or one proved there is none and the other found one.
// A bug in a solver; `message` names both rows.
struct Contradiction {
  size_t first = 0;
  size_t second = 0;
  std::string message;
};
std::optional<Contradiction> find_contradiction(const std::vector<CompareRow>& rows);

}  // namespace puzzlelab
