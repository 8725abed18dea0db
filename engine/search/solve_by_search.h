// A puzzle's solve() on top of the generic searches, written once:
//
//   SolveResult MyGame::solve(const SolveOptions& options) const {
//     return search::solve_by_search(info(), MyDomain(...), start_, options,
//                                    [&](const MyDomain::Move& m) { return Move{text(m), cost(m)};
//                                    });
//   }
//
// The algorithm named in the options (or the puzzle's default, the first of
// PuzzleInfo::algorithms) is checked against the puzzle's list and mapped to
// BFS, A*, IDA* or Dijkstra; the search's outcome becomes a SolveResult with
// the moves written by the puzzle. Budgets, cancel and progress come from the
// options through the searches' SearchMonitor.
#pragma once

#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "search/best_first.h"
#include "search/bfs.h"
#include "search/ida_star.h"

namespace puzzlelab::search {

// The algorithms run_search() knows, with a line of help and a name in
// words, for puzzles to list in PuzzleInfo::algorithms (all of them, or
// some, in their own order).
inline const std::vector<Choice>& search_algorithms() {
  static const std::vector<Choice> algorithms = {
      {.name = "bfs",
       .help = "breadth-first: fewest moves, every move counted 1",
       .label = "Breadth-first search"},
      {.name = "astar",
       .help = "A*: best-first on cost plus a lower bound to the goal",
       .label = "A* search"},
      {.name = "idastar",
       .help = "IDA*: depth-first A* in rounds; little memory",
       .label = "IDA* (little memory)"},
      {.name = "dijkstra",
       .help = "Dijkstra: best-first on cost alone",
       .label = "Dijkstra (uniform cost)"},
  };
  return algorithms;
}

// Runs the search named `algorithm`. A* and IDA* need a HeuristicDomain;
// an unknown name (or one the domain cannot serve) gives an `invalid` outcome.
template <SearchDomain D>
SearchOutcome<D> run_search(std::string_view algorithm, const D& domain,
                            const typename D::State& start, const SolveOptions& options) {
  if (algorithm == "bfs") return breadth_first_search(domain, start, options);
  if (algorithm == "dijkstra") return dijkstra_search(domain, start, options);
  if constexpr (HeuristicDomain<D>) {
    if (algorithm == "astar") return astar_search(domain, start, options);
    if (algorithm == "idastar") return ida_star_search(domain, start, options);
  }
  SearchOutcome<D> outcome;
  outcome.message = "the searches have no algorithm '" + std::string(algorithm) +
                    (HeuristicDomain<D> ? "'" : "' for a puzzle without a heuristic");
  return outcome;
}

// The outcome as a SolveResult: `describe(move)` writes a search move as the
// puzzle's Move (text and cost); the answer is the moves' texts, spaced.
template <class D, class Describe>
SolveResult to_solve_result(SearchOutcome<D> outcome, Describe&& describe) {
  SolveResult result;
  result.status = outcome.status;
  result.cost = outcome.cost;
  result.optimal = outcome.optimal;
  result.stats = outcome.stats;
  result.message = std::move(outcome.message);
  for (const typename D::Move& move : outcome.moves) {
    result.moves.push_back(describe(move));
    if (!result.answer.empty()) result.answer += ' ';
    result.answer += result.moves.back().text;
  }
  return result;
}

// The algorithm a request names, checked against the puzzle's list: its
// name, or an error message saying what was expected.
inline std::pair<std::string_view, std::string> choose_algorithm(const PuzzleInfo& info,
                                                                 std::string_view requested) {
  if (requested.empty() && !info.algorithms.empty()) return {info.algorithms.front().name, ""};
  if (find_choice(info.algorithms, requested)) return {requested, ""};
  std::string expected;
  for (const Choice& choice : info.algorithms) {
    expected += (expected.empty() ? "" : ", ") + std::string(choice.name);
  }
  return {{}, "unknown algorithm '" + std::string(requested) + "': expected " + expected};
}

template <SearchDomain D, class Describe>
SolveResult solve_by_search(const PuzzleInfo& info, const D& domain, const typename D::State& start,
                            const SolveOptions& options, Describe&& describe) {
  const auto [algorithm, error] = choose_algorithm(info, options.algorithm);
  if (!error.empty()) return SolveResult::invalid(error);
  return to_solve_result(run_search(algorithm, domain, start, options),
                         std::forward<Describe>(describe));
}

}  // namespace puzzlelab::search
