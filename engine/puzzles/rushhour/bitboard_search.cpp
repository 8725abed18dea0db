#include "puzzles/rushhour/bitboard_search.h"

#include <algorithm>

#include "puzzles/rushhour/fast_solver.h"
#include "search/search_monitor.h"

namespace puzzlelab::rushhour {

namespace fast {

int key_bits_needed(const Layout& layout) {
  int total = 0;
  for (int p = 0; p < static_cast<int>(layout.pieces().size()); ++p) {
    int bits = 1;
    while ((1 << bits) <= layout.max_position(p)) ++bits;
    total += bits;
  }
  return total;
}

namespace {

// States reached so far in breadth-first order (the order is the queue), each
// with the number of the state it was reached from.
template <int KW>
struct Frontier {
  std::vector<Key<KW>> keys;
  std::vector<uint32_t> parents;
  std::vector<uint8_t> last_moves;  // the move that reached each state
  KeySet<KW> seen;

  static constexpr uint32_t kNoParent = UINT32_MAX;

  // The hot path (a duplicate: most children are) stays small enough to inline.
  PUZZLELAB_HOT bool add(const Key<KW>& key, uint32_t parent, uint8_t move) {
    if (!seen.insert(key)) return false;
    append(key, parent, move);
    return true;
  }
  void append(const Key<KW>& key, uint32_t parent, uint8_t move) {
    keys.push_back(key);
    parents.push_back(parent);
    last_moves.push_back(move);
    ++count;
  }
  uint32_t size() const { return count; }
  uint32_t count = 0;
  bool full() const { return keys.size() >= kNoParent - 1; }
  size_t bytes() const {
    return keys.capacity() * sizeof(Key<KW>) + parents.capacity() * sizeof(uint32_t) +
           last_moves.capacity() + seen.bytes();
  }
};

// A successor waiting to be inserted.
template <int KW>
struct Child {
  Key<KW> key;
  uint8_t move;
  bool is_goal;
};
// At most every piece slid to every other place on its line.
constexpr int kMaxChildren = kMaxPieces * kMaxSize;

// How often (in expansions) the memory in use is checked against the budget.
constexpr uint32_t kMemoryCheckMask = 1023;

template <int KW, int BW>
BfsOutcome solve_bfs(const Model<KW, BW>& model, const Positions& start, bool single_cells,
                     const SolveOptions& options) {
  BfsOutcome outcome;
  search::SearchMonitor monitor(options);
  Frontier<KW> frontier;
  std::vector<Child<KW>> batch(kMaxChildren);
  auto finish = [&](SolveStatus status, uint32_t goal) {
    outcome.status = status;
    if (status == SolveStatus::solved) {
      for (uint32_t i = goal; frontier.parents[i] != Frontier<KW>::kNoParent;
           i = frontier.parents[i]) {
        outcome.slides.push_back(
            model.slide_between(frontier.keys[frontier.parents[i]], frontier.keys[i]));
      }
      std::reverse(outcome.slides.begin(), outcome.slides.end());
    } else if (monitor.stopped()) {
      outcome.message = monitor.stop_message();
    }
    monitor.on_stored(frontier.size(), frontier.bytes());
    outcome.stats = monitor.finish();
    return outcome;
  };

  frontier.add(model.pack(start), Frontier<KW>::kNoParent, kNoMove);
  if (model.is_goal(frontier.keys[0])) return finish(SolveStatus::solved, 0);
  uint32_t level_end = frontier.size();
  int64_t depth = 0;
  for (uint32_t next = 0; next < frontier.size(); ++next) {
    if (next == level_end) {
      level_end = frontier.size();
      monitor.set_bound(++depth);
    }
    if (!monitor.on_expand()) return finish(monitor.stop_status(), 0);
    if ((next & kMemoryCheckMask) == 0 &&
        (frontier.full() || !monitor.on_stored(frontier.size(), frontier.bytes()))) {
      if (!monitor.stopped()) monitor.exceed_memory();
      return finish(monitor.stop_status(), 0);
    }
    uint32_t goal = Frontier<KW>::kNoParent;
    uint32_t generated = 0;
    const Key<KW> current = frontier.keys[next];  // add() may move the array
    const uint8_t last = frontier.last_moves[next];
    // Children are gathered first and their slots prefetched, then inserted.
    auto visit = [&](const Key<KW>& child, uint8_t move, bool is_goal) {
      frontier.seen.prefetch(child);
      batch[generated++] = Child<KW>{child, move, is_goal};
    };
    if (single_cells) {
      model.template for_each_child<true>(current, last, visit);
    } else {
      model.template for_each_child<false>(current, last, visit);
    }
    for (uint32_t i = 0; i < generated; ++i) {
      if (frontier.add(batch[i].key, next, batch[i].move) && batch[i].is_goal) {
        goal = frontier.size() - 1;
      }
    }
    monitor.on_generated(generated);
    if (goal != Frontier<KW>::kNoParent) return finish(SolveStatus::solved, goal);
  }
  return finish(SolveStatus::unsolvable, 0);
}

// Breadth-first layers from `sources` over slides: returns the number of the
// last layer and leaves the states in `frontier` in layer order, the last
// layer's first state at `last_layer_start`. Stops early (false) when the
// monitor says so.
template <int KW, int BW>
bool layered_bfs(const Model<KW, BW>& model, Frontier<KW>& frontier, search::SearchMonitor& monitor,
                 int& depth, uint32_t& last_layer_start) {
  std::vector<Child<KW>> batch(kMaxChildren);
  uint32_t level_end = frontier.size();
  depth = 0;
  last_layer_start = 0;
  for (uint32_t next = 0; next < frontier.size(); ++next) {
    if (next == level_end) {
      last_layer_start = level_end;
      level_end = frontier.size();
      monitor.set_bound(++depth);
    }
    if (!monitor.on_expand()) return false;
    if ((next & kMemoryCheckMask) == 0 &&
        (frontier.full() || !monitor.on_stored(frontier.size(), frontier.bytes()))) {
      if (!monitor.stopped()) monitor.exceed_memory();
      return false;
    }
    uint32_t generated = 0;
    const Key<KW> current = frontier.keys[next];  // add() may move the array
    model.template for_each_child<false>(current, frontier.last_moves[next],
                                         [&](const Key<KW>& child, uint8_t move, bool) {
                                           frontier.seen.prefetch(child);
                                           batch[generated++] = Child<KW>{child, move, false};
                                         });
    for (uint32_t i = 0; i < generated; ++i) frontier.add(batch[i].key, next, batch[i].move);
    monitor.on_generated(generated);
  }
  return true;
}

template <int KW, int BW>
ClusterReport analyse(const Model<KW, BW>& model, const Positions& start,
                      const SolveOptions& options) {
  ClusterReport report;
  search::SearchMonitor monitor(options);
  auto stop = [&] {
    report.status = monitor.stop_status();
    report.message = monitor.stop_message();
    report.stats = monitor.finish();
    return report;
  };
  // 1. Every position reachable from the start (moves are reversible, so this
  //    is the start's whole cluster), and which of them are solved.
  Frontier<KW> cluster;
  cluster.add(model.pack(start), Frontier<KW>::kNoParent, kNoMove);
  int depth = 0;
  uint32_t last = 0;
  if (!layered_bfs(model, cluster, monitor, depth, last)) return stop();
  report.size = cluster.size();
  // 2. Backwards from all solved positions at once: the last layer is the
  //    farthest from any solution.
  Frontier<KW> from_goals;
  for (const Key<KW>& key : cluster.keys) {
    if (model.is_goal(key)) from_goals.add(key, Frontier<KW>::kNoParent, kNoMove);
  }
  report.solved_positions = from_goals.size();
  if (from_goals.size() > 0) {
    cluster = Frontier<KW>();  // free it before the second pass
    if (!layered_bfs(model, from_goals, monitor, depth, last)) return stop();
    report.farthest_moves = depth;
    report.farthest = model.unpack(from_goals.keys[last]);
    report.farthest_count = from_goals.size() - last;
  }
  report.status = SolveStatus::solved;
  monitor.on_stored(from_goals.size(), from_goals.bytes());
  report.stats = monitor.finish();
  return report;
}

}  // namespace
}  // namespace fast

BfsOutcome fast_bfs(const Layout& layout, const Positions& start, bool single_cells,
                    const SolveOptions& options) {
  return fast::with_model(layout, [&](const auto& model) {
    return fast::solve_bfs(model, start, single_cells, options);
  });
}

ClusterReport analyse_cluster(const Layout& layout, const Positions& start,
                              const SolveOptions& options) {
  return fast::with_model(layout,
                          [&](const auto& model) { return fast::analyse(model, start, options); });
}

}  // namespace puzzlelab::rushhour
