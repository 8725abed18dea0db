// Iterative-deepening A*: depth-first searches bounded by f = g + h, the bound
// raised to the smallest f that exceeded it each round. Memory is only the
// current path, so it suits huge state spaces with a good heuristic; states
// already on the path are skipped to avoid cycles.
#pragma once

#include <algorithm>
#include <vector>

#include "search/search_domain.h"
#include "search/search_monitor.h"

namespace puzzlelab::search {

namespace detail {

template <HeuristicDomain D>
class IdaStar {
 public:
  using State = typename D::State;
  using Move = typename D::Move;

  IdaStar(const D& domain, const SolveOptions& options) : domain_(domain), monitor_(options) {}

  SearchOutcome<D> run(const State& start) {
    int64_t bound = domain_.heuristic(start);
    path_.push_back(start);
    while (bound < kUnreachable) {
      monitor_.set_bound(bound);
      next_bound_ = kUnreachable;
      if (dfs(start, 0, bound)) return finish(SolveStatus::solved);
      if (monitor_.stopped()) return finish(monitor_.stop_status());
      bound = next_bound_;
    }
    return finish(SolveStatus::unsolvable);
  }

 private:
  struct Child {
    State state;
    Move move;
    int64_t cost;
    int64_t h;
  };

  bool dfs(const State& state, int64_t g, int64_t bound) {
    if (domain_.is_goal(state)) {
      cost_ = g;
      return true;
    }
    if (!monitor_.on_expand()) return false;
    monitor_.on_stored(path_.size(), path_.size() * sizeof(State));
    for (const Child& child : children_of(state)) {
      const int64_t f = g + child.cost + child.h;
      if (f > bound) {
        next_bound_ = std::min(next_bound_, f);
        continue;
      }
      path_.push_back(child.state);
      moves_.push_back(child.move);
      if (dfs(child.state, g + child.cost, bound)) return true;
      path_.pop_back();
      moves_.pop_back();
      if (monitor_.stopped()) return false;
    }
    return false;
  }

  // Successors not already on the path, most promising (lowest h) first.
  std::vector<Child> children_of(const State& state) {
    std::vector<Child> children;
    domain_.for_each_successor(state, [&](const State& next, const Move& move, int64_t cost) {
      monitor_.on_generated();
      if (std::find(path_.begin(), path_.end(), next) != path_.end()) return;
      const int64_t h = domain_.heuristic(next);
      if (h < kUnreachable) children.push_back(Child{next, move, cost, h});
    });
    std::stable_sort(children.begin(), children.end(),
                     [](const Child& a, const Child& b) { return a.h < b.h; });
    return children;
  }

  SearchOutcome<D> finish(SolveStatus status) {
    SearchOutcome<D> outcome;
    outcome.status = status;
    if (status == SolveStatus::solved) {
      outcome.moves = moves_;
      outcome.cost = cost_;
      outcome.optimal = true;
    } else if (monitor_.stopped()) {
      outcome.message = monitor_.stop_message();
    }
    outcome.stats = monitor_.finish();
    return outcome;
  }

  const D& domain_;
  SearchMonitor monitor_;
  std::vector<State> path_;
  std::vector<Move> moves_;
  int64_t next_bound_ = kUnreachable;
  int64_t cost_ = 0;
};

}  // namespace detail

template <HeuristicDomain D>
SearchOutcome<D> ida_star_search(const D& domain, const typename D::State& start,
                                 const SolveOptions& options) {
  return detail::IdaStar<D>(domain, options).run(start);
}

}  // namespace puzzlelab::search
