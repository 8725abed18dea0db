// What a puzzle gives the generic searches, and what they give back.
//
// A domain describes a state space without the search knowing the puzzle:
//   State  a small, trivially copyable value (packed positions, bitboards)
//   Move   a small value naming the move (piece and distance, say)
//   hash(s), is_goal(s), for_each_successor(s, visit(next, move, cost))
//   heuristic(s) for A* and IDA*: a lower bound on the cost to a goal, or
//   kUnreachable when no goal can be reached from s.
#pragma once

#include <concepts>
#include <cstdint>
#include <limits>
#include <string>
#include <type_traits>
#include <vector>

#include "core/puzzle.h"
#include "search/search_monitor.h"

namespace puzzlelab::search {

inline constexpr int64_t kUnreachable = std::numeric_limits<int64_t>::max() / 4;

template <class D>
concept SearchDomain = requires(const D& domain, const typename D::State& state) {
  requires std::is_trivially_copyable_v<typename D::State>;
  requires std::equality_comparable<typename D::State>;
  requires std::is_trivially_copyable_v<typename D::Move>;
  { domain.hash(state) } -> std::convertible_to<uint64_t>;
  { domain.is_goal(state) } -> std::convertible_to<bool>;
  domain.for_each_successor(state,
                            [](const typename D::State&, const typename D::Move&, int64_t) {});
};

template <class D>
concept HeuristicDomain = SearchDomain<D> && requires(const D& domain, const typename D::State& s) {
  { domain.heuristic(s) } -> std::convertible_to<int64_t>;
};

template <class D>
struct SearchOutcome {
  SolveStatus status = SolveStatus::invalid;
  std::vector<typename D::Move> moves;  // from the start to a goal
  int64_t cost = 0;
  bool optimal = false;
  SearchStats stats;
  std::string message;
};

// How a search ends: with `status`; when solved, the path found and its
// (optimal) cost; otherwise why the monitor stopped it. Stats are final.
template <class D>
SearchOutcome<D> finish_search(SearchMonitor& monitor, SolveStatus status,
                               std::vector<typename D::Move> moves = {}, int64_t cost = 0) {
  SearchOutcome<D> outcome;
  outcome.status = status;
  if (status == SolveStatus::solved) {
    outcome.moves = std::move(moves);
    outcome.cost = cost;
    outcome.optimal = true;
  } else if (monitor.stopped()) {
    outcome.message = monitor.stop_message();
  }
  outcome.stats = monitor.finish();
  return outcome;
}

}  // namespace puzzlelab::search
