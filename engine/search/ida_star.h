// Iterative-deepening A*: depth-first searches bounded by f = g + h, the bound
// raised to the smallest f that exceeded it each round. Memory is the current
// path plus a transposition table bounded by the memory budget (VisitTable:
// the cheapest known cost of each state reached), which spares re-expanding a
// state once per path to it. States on the path are skipped to avoid cycles
// (also when the table has dropped their entry). With a TraceRecorder it
// records each state it expands with its round, then the goal.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "search/search_domain.h"
#include "search/search_monitor.h"
#include "search/trace_recorder.h"

namespace puzzlelab::search {

// IDA*'s memory of where it has been: state -> the least g at which it was
// reached (over all rounds) and the last round it was expanded in.
//
// A state reached at a higher g than one already known is skipped: the
// cheaper path lay within an earlier, lower bound, so it lies within this
// one too and the state is expanded this round with at least as much room
// left. A state reached again at the same g in the same round is skipped as
// well. So each round expands about each state within the bound once,
// instead of once per path to it (exponential on puzzles with many
// transpositions, like Rush Hour).
//
// Open addressing with a short probe window. The array doubles while old and
// new together fit in `max_bytes`; then the deepest entry of a full window is
// overwritten. Losing an entry only costs a re-expansion, never optimality.
template <SearchDomain D>
class VisitTable {
 public:
  using State = typename D::State;

  VisitTable(const D& domain, size_t max_bytes) : domain_(domain), max_bytes_(max_bytes) {
    size_t capacity = kInitialCapacity;
    while (capacity > kProbes && capacity * sizeof(Entry) > max_bytes_) capacity /= 2;
    entries_.resize(capacity);
  }

  void next_round() { ++round_; }

  // Whether a state reached at cost g needs no expansion (see above).
  bool can_skip(const State& state, int64_t g) const {
    const Entry* entry = find(state);
    return entry && skips(*entry, g);
  }

  // Like can_skip; when the state is to be expanded, records g and the round.
  bool skip_or_record(const State& state, int64_t g) {
    if (size_ * 2 >= entries_.size()) grow();
    const size_t mask = entries_.size() - 1;
    size_t i = domain_.hash(state) & mask;
    size_t victim = i;
    for (size_t probe = 0; probe < kProbes; ++probe, i = (i + 1) & mask) {
      Entry& entry = entries_[i];
      if (entry.round == 0) {
        entry = Entry{state, g, round_};
        ++size_;
        return false;
      }
      if (entry.state == state) {
        if (skips(entry, g)) return true;
        entry.g = g;
        entry.round = round_;
        return false;
      }
      if (entries_[i].g > entries_[victim].g) victim = i;
    }
    entries_[victim] = Entry{state, g, round_};  // window full: forget the deepest
    return false;
  }

  size_t size() const { return size_; }
  size_t bytes() const { return entries_.capacity() * sizeof(Entry); }

 private:
  static constexpr size_t kInitialCapacity = size_t{1} << 12;
  static constexpr size_t kProbes = 8;

  struct Entry {
    State state{};
    int64_t g = 0;
    uint32_t round = 0;  // last round it was expanded in; 0: a free slot
  };

  bool skips(const Entry& entry, int64_t g) const {
    return entry.g < g || (entry.g == g && entry.round == round_);
  }

  const Entry* find(const State& state) const {
    const size_t mask = entries_.size() - 1;
    size_t i = domain_.hash(state) & mask;
    for (size_t probe = 0; probe < kProbes; ++probe, i = (i + 1) & mask) {
      if (entries_[i].round == 0) return nullptr;
      if (entries_[i].state == state) return &entries_[i];
    }
    return nullptr;
  }

  // Doubles the array if old and new fit in the budget; otherwise keeps it.
  // An entry that finds no slot within the window is dropped.
  void grow() {
    const size_t bigger = entries_.size() * 2;
    if ((entries_.size() + bigger) * sizeof(Entry) > max_bytes_) return;
    std::vector<Entry> old(bigger);
    old.swap(entries_);
    size_ = 0;
    const size_t mask = entries_.size() - 1;
    for (const Entry& entry : old) {
      if (entry.round == 0) continue;
      size_t i = domain_.hash(entry.state) & mask;
      for (size_t probe = 0; probe < kProbes && entries_[i].round != 0; ++probe) i = (i + 1) & mask;
      if (entries_[i].round != 0) continue;
      entries_[i] = entry;
      ++size_;
    }
  }

  const D& domain_;
  std::vector<Entry> entries_;
  size_t max_bytes_;
  size_t size_ = 0;
  uint32_t round_ = 1;
};

namespace detail {

template <HeuristicDomain D, class Trace>
class IdaStar {
 public:
  using State = typename D::State;
  using Move = typename D::Move;

  IdaStar(const D& domain, const SolveOptions& options, Trace* trace)
      : domain_(domain),
        monitor_(options),
        visited_(domain, table_budget(options)),
        trace_(trace) {}

  SearchOutcome<D> run(const State& start) {
    int64_t bound = domain_.heuristic(start);
    path_.push_back(start);
    monitor_.record_layers("bound");
    while (bound < kUnreachable) {
      monitor_.set_bound(bound);
      monitor_.enter_layer(bound);  // a layer: the states one round expands
      next_bound_ = kUnreachable;
      visited_.next_round();
      if constexpr (Trace::kOn) trace_->start_round(bound);
      if (dfs(start, 0, bound)) return finish(SolveStatus::solved);
      if (monitor_.stopped()) return finish(monitor_.stop_status());
      bound = next_bound_;
      ++round_;
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

  // Half the memory budget: the table's doubling needs old and new at once.
  static size_t table_budget(const SolveOptions& options) {
    const uint64_t budget = options.memory_budget_bytes ? options.memory_budget_bytes
                                                        : SolveOptions::kDefaultMemoryBudget;
    return static_cast<size_t>(std::min<uint64_t>(budget / 2, SIZE_MAX / 2));
  }

  bool dfs(const State& state, int64_t g, int64_t bound) {
    if (domain_.is_goal(state)) {
      cost_ = g;
      if constexpr (Trace::kOn) {
        take(state, g);
        trace_->reached_goal();
      }
      return true;
    }
    if (visited_.skip_or_record(state, g)) return false;
    if (!monitor_.on_expand()) return false;
    monitor_.on_stored(path_.size() + visited_.size(),
                       path_.size() * sizeof(State) + visited_.bytes());
    [[maybe_unused]] uint32_t step = 0;
    if constexpr (Trace::kOn) step = take(state, g);
    for (const Child& child : children_of(state, g)) {
      const int64_t f = g + child.cost + child.h;
      if (f > bound) {
        next_bound_ = std::min(next_bound_, f);
        continue;
      }
      path_.push_back(child.state);
      moves_.push_back(child.move);
      if constexpr (Trace::kOn) step_ = step;
      if (dfs(child.state, g + child.cost, bound)) return true;
      path_.pop_back();
      moves_.pop_back();
      if (monitor_.stopped()) return false;
    }
    return false;
  }

  // Successors worth a visit (not known at a lower cost, not on the path),
  // most promising (lowest h) first.
  std::vector<Child> children_of(const State& state, int64_t g) {
    std::vector<Child> children;
    domain_.for_each_successor(state, [&](const State& next, const Move& move, int64_t cost) {
      monitor_.on_generated();
      if (visited_.can_skip(next, g + cost)) return;
      if (std::find(path_.begin(), path_.end(), next) != path_.end()) return;
      const int64_t h = domain_.heuristic(next);
      if (h < kUnreachable) children.push_back(Child{next, move, cost, h});
    });
    std::stable_sort(children.begin(), children.end(),
                     [](const Child& a, const Child& b) { return a.h < b.h; });
    return children;
  }

  // The trace's record of `state`, reached from step_ by the path's last move.
  uint32_t take(const State& state, int64_t g) {
    const Move move = moves_.empty() ? Move{} : moves_.back();
    const uint32_t parent = moves_.empty() ? Trace::kNone : step_;
    return trace_->take(state, parent, move, g, g + domain_.heuristic(state), round_, path_.size());
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
  VisitTable<D> visited_;
  Trace* trace_;
  uint32_t step_ = 0;   // the trace's step of the state whose child is visited
  uint32_t round_ = 0;  // rounds done
  std::vector<State> path_;
  std::vector<Move> moves_;
  int64_t next_bound_ = kUnreachable;
  int64_t cost_ = 0;
};

}  // namespace detail

template <HeuristicDomain D, class Trace = NoTrace>
SearchOutcome<D> ida_star_search(const D& domain, const typename D::State& start,
                                 const SolveOptions& options, Trace* trace = nullptr) {
  return detail::IdaStar<D, Trace>(domain, options, trace).run(start);
}

}  // namespace puzzlelab::search
