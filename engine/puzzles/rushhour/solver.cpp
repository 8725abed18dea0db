// Rush Hour's solve (solver.h): the bitboard breadth-first search
// (fast_solver.cpp), or A*, IDA* and Dijkstra over the generic search space
// (search_space.h). A search: the browser page's copy of the engine leaves
// this file to the solver worker (engine/CMakeLists.txt).
#include "puzzles/rushhour/solver.h"

#include <cstdlib>
#include <string>
#include <vector>

#include "puzzles/rushhour/search_space.h"
#include "search/best_first.h"
#include "search/ida_star.h"
#include "search/state_table.h"

namespace puzzlelab::rushhour {

namespace {

// Joins consecutive one-cell steps of a piece in one direction into one slide.
std::vector<Slide> merge_steps(const std::vector<Slide>& steps) {
  std::vector<Slide> merged;
  for (const Slide& s : steps) {
    if (!merged.empty() && merged.back().piece == s.piece &&
        (merged.back().delta > 0) == (s.delta > 0)) {
      merged.back().delta = static_cast<int8_t>(merged.back().delta + s.delta);
    } else {
      merged.push_back(s);
    }
  }
  return merged;
}

template <class Outcome>
SolveResult to_result(const Layout& layout, const Outcome& outcome, Metric metric) {
  SolveResult result;
  result.status = outcome.status;
  result.optimal = outcome.optimal;
  result.stats = outcome.stats;
  result.message = outcome.message;
  const std::vector<Slide> slides =
      metric == Metric::steps ? merge_steps(outcome.moves) : outcome.moves;
  for (const Slide& s : slides) {
    result.moves.push_back(
        {format_slide(layout, s), metric == Metric::moves ? 1 : std::abs(s.delta)});
    if (!result.answer.empty()) result.answer += ' ';
    result.answer += result.moves.back().text;
  }
  for (const Move& m : result.moves) result.cost += m.cost;
  return result;
}

}  // namespace

SolveResult solve_board(const Layout& layout, const Positions& start, const SolveOptions& options,
                        BfsWorkspace* workspace) {
  Metric metric;
  if (options.metric.empty() || options.metric == "moves") {
    metric = Metric::moves;
  } else if (options.metric == "steps") {
    metric = Metric::steps;
  } else {
    return SolveResult::invalid("unknown metric '" + options.metric + "': expected moves or steps");
  }
  const std::string& algorithm = options.algorithm.empty() ? "bfs" : options.algorithm;
  if (algorithm == "bfs") {
    // The specialised bitboard search (bitboard_model.h): several times
    // faster than the generic breadth_first_search over the same successors.
    BfsOutcome fast = fast_bfs(layout, start, /*single_cells=*/metric == Metric::steps, options,
                               BfsStore::automatic, workspace);
    search::SearchOutcome<SearchSpace> outcome;
    outcome.status = fast.status;
    outcome.optimal = fast.status == SolveStatus::solved;
    outcome.moves = std::move(fast.slides);
    outcome.stats = fast.stats;
    outcome.message = std::move(fast.message);
    return to_result(layout, outcome, metric);
  }
  SearchSpace space(layout, metric, /*single_cells=*/false);
  if (algorithm == "astar")
    return to_result(layout, search::astar_search(space, start, options), metric);
  if (algorithm == "idastar")
    return to_result(layout, search::ida_star_search(space, start, options), metric);
  if (algorithm == "dijkstra")
    return to_result(layout, search::dijkstra_search(space, start, options), metric);
  return SolveResult::invalid("unknown algorithm '" + algorithm +
                              "': expected bfs, astar, idastar or dijkstra");
}

}  // namespace puzzlelab::rushhour
