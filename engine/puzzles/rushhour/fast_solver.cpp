// The fast breadth-first searches (fast_solver.h) over the bitboard model
// (bitboard_model.h), with either store: frontier.h (a hash set, parent
// links) or sorted_layers.h (sorted runs of keys, no parent links).
#include "puzzles/rushhour/fast_solver.h"

#include <algorithm>
#include <optional>
#include <tuple>
#include <type_traits>

#include "puzzles/rushhour/bitboard_key.h"
#include "puzzles/rushhour/bitboard_model.h"
#include "puzzles/rushhour/flat_array.h"
#include "puzzles/rushhour/frontier.h"
#include "puzzles/rushhour/key_set.h"
#include "puzzles/rushhour/sorted_keys.h"
#include "puzzles/rushhour/sorted_layers.h"
#include "search/search_monitor.h"

namespace puzzlelab::rushhour {

namespace fast {

namespace {

// Up to this size the key set stays in cache and children are inserted as
// they come; beyond it they are gathered and their slots prefetched first.
constexpr size_t kCachedSetBytes = size_t{1} << 20;

// How often (in expansions) the memory in use is checked against the budget.
constexpr uint32_t kMemoryCheckMask = 1023;

// Expands state `next`, appending its children not seen before and adding
// their number (seen or not) to `generated`. Returns true when a child is
// solved (with `Steps`) or, with `WatchExit`, when a new child's exit is
// clear (car A's way out is empty: a child seen before had its exit checked
// when it was new); the first such child is left in `flagged`.
template <bool Steps, bool WatchExit, int KW, int BW>
PUZZLELAB_HOT bool expand(const Model<KW, BW>& model, Frontier<KW, BW>& frontier, uint32_t next,
                          Key<KW>& flagged, uint32_t& generated) {
  using State = typename Frontier<KW, BW>::State;
  using PlanesT = typename Model<KW, BW>::Planes;
  bool found = false;
  Key<KW> flag_key;
  const Key<KW> current = frontier.key(next);  // room_for() may move the array
  const uint32_t last = frontier.states[next].last_move;
  const auto planes = frontier.planes(next);  // a copy: stores elsewhere cannot alias it
  KeySet<KW>& seen = frontier.seen;
  seen.make_room(kMaxChildren);
  // New children are written straight past the arrays' ends (room for all).
  State* const new_states = frontier.states.room_for(kMaxChildren);
  PlanesT* const new_planes = frontier.next_planes.room_for(kMaxChildren);
  uint32_t added = 0;
  const auto& exit = model.exit_watch();
  // A new child: its planes, and whether its exit is clear.
  auto add = [&](const Key<KW>& child, uint32_t move, uint32_t from, uint32_t to) {
    const PlanesT child_planes = model.moved(planes, from, to);
    if (WatchExit && !found && exit.clear(child, child_planes)) flag_key = child, found = true;
    new_states[added] = State{child, next, Model<KW, BW>::last_move(move, from, to)};
    new_planes[added] = child_planes;
    ++added;
  };
  uint32_t count = 0;
  {
    typename KeySet<KW>::Burst set(seen);
    if (seen.table_bytes() <= kCachedSetBytes) {
      model.template for_each_child<Steps, false>(
          current, planes, last,
          [&](const Key<KW>& child, uint32_t move, bool flag, uint32_t from, uint32_t to) {
            if (Steps && flag && !found) flag_key = child, found = true;
            ++count;
            if (set.insert(child)) add(child, move, from, to);
          });
    } else {
      Pending<KW>* batch = frontier.batch.data();
      model.template for_each_child<Steps, false>(
          current, planes, last,
          [&](const Key<KW>& child, uint32_t move, bool flag, uint32_t from, uint32_t to) {
            if (Steps && flag && !found) flag_key = child, found = true;
            const size_t slot = set.home(child);
            seen.prefetch(slot);
            batch[count++] = Pending<KW>{child, slot, move, from, to};
          });
      for (uint32_t i = 0; i < count; ++i) {
        const Pending<KW>& child = batch[i];
        if (set.insert_at(child.slot, child.key)) add(child.key, child.move, child.from, child.to);
      }
    }
  }
  frontier.states.extend(added);
  frontier.next_planes.extend(added);
  generated += count;
  if (found) flagged = flag_key;
  return found;
}

// Polls the monitor before expanding state `next`: false when the search
// must stop (budgets, cancel).
template <int KW, int BW>
PUZZLELAB_HOT bool may_expand(search::SearchMonitor& monitor, const Frontier<KW, BW>& frontier,
                              uint32_t next) {
  if (!monitor.on_expand()) return false;
  const bool check_memory = (next & kMemoryCheckMask) == 0 ||
                            frontier.seen.bytes_after_growth(kMaxChildren) > frontier.seen.bytes();
  if (check_memory) {
    const size_t after =
        frontier.bytes() - frontier.seen.bytes() + frontier.seen.bytes_after_growth(kMaxChildren);
    if (frontier.full() || !monitor.on_stored(frontier.size(), after)) {
      if (!monitor.stopped()) monitor.exceed_memory();
      return false;
    }
  }
  return true;
}

// The slides from the start to state `index` (parent links).
template <int KW, int BW>
std::vector<Slide> path_to(const Model<KW, BW>& model, const Frontier<KW, BW>& frontier,
                           uint32_t index) {
  std::vector<Slide> slides;
  for (uint32_t i = index; frontier.states[i].parent != Frontier<KW, BW>::kNoParent;
       i = frontier.states[i].parent) {
    slides.push_back(model.slide_between(frontier.key(frontier.states[i].parent), frontier.key(i)));
  }
  std::reverse(slides.begin(), slides.end());
  return slides;
}

// A search's outcome once it ends with `status`: why it stopped when it did
// not solve, and its figures with the positions it stored.
BfsOutcome& finish_outcome(BfsOutcome& outcome, search::SearchMonitor& monitor, SolveStatus status,
                           size_t stored, size_t bytes) {
  outcome.status = status;
  if (status != SolveStatus::solved && monitor.stopped()) outcome.message = monitor.stop_message();
  monitor.on_stored(stored, bytes);
  outcome.stats = monitor.finish();
  return outcome;
}

// Fewest slides: breadth-first, stopping at the first position whose exit is
// clear. Every position nearer the start was reached before it and none had
// a clear exit, so its depth + 1 is the fewest slides. Fewest steps:
// breadth-first over one-cell steps, stopping at the first solved position.
template <bool Steps, int KW, int BW>
BfsOutcome solve_bfs(const Model<KW, BW>& model, const Positions& start,
                     const SolveOptions& options, Frontier<KW, BW>& frontier) {
  constexpr bool kWatchExit = !Steps;
  BfsOutcome outcome;
  search::SearchMonitor monitor(options);
  monitor.record_layers("depth");
  frontier.reset();
  auto finish = [&](SolveStatus status) {
    return finish_outcome(outcome, monitor, status, frontier.size(), frontier.bytes());
  };
  const Key<KW> first = model.pack(start);
  frontier.add(model, first);
  if (model.is_goal(first)) return finish(SolveStatus::solved);
  if (!model.has_red_car()) return finish(SolveStatus::unsolvable);
  if (kWatchExit && model.exit_is_clear(first)) {
    outcome.slides.push_back(model.slide_to_exit(first));
    return finish(SolveStatus::solved);
  }
  uint32_t level_end = frontier.size();
  int64_t depth = 0;
  monitor.enter_layer(depth);
  for (uint32_t next = 0; next < frontier.size(); ++next) {
    if (next == level_end) {
      frontier.next_layer(level_end);
      level_end = frontier.size();
      monitor.set_bound(++depth);
      monitor.enter_layer(depth);
    }
    if (!may_expand(monitor, frontier, next)) return finish(monitor.stop_status());
    Key<KW> flagged;
    uint32_t generated = 0;
    const bool found = expand<Steps, kWatchExit>(model, frontier, next, flagged, generated);
    monitor.on_generated(generated);
    if (found) {
      outcome.slides = path_to(model, frontier, next);
      outcome.slides.push_back(model.slide_between(frontier.key(next), flagged));
      if (kWatchExit) outcome.slides.push_back(model.slide_to_exit(flagged));
      return finish(SolveStatus::solved);
    }
  }
  return finish(SolveStatus::unsolvable);
}

// The moves from a first-layer state to `key` of layer `d`: at each layer a
// neighbour found in the layer before (put in the window to look it up).
template <bool Steps, int KW, int BW, bool R>
std::vector<Slide> path_back(const Model<KW, BW, R>& model, SortedLayers<KW>& layers, size_t d,
                             Key<KW> key) {
  std::vector<Slide> slides;
  LayerWindow<KW>& window = layers.window;
  for (; d > 0; --d) {
    window.reset(layers.layer_size(d - 1));
    window.insert_run(layers.layer(d - 1), layers.layer_size(d - 1));
    Key<KW> parent = key;
    bool found = false;
    model.template for_each_child<Steps, false>(
        key, model.planes_of(key), kNoMove,
        [&](const Key<KW>& child, uint32_t, bool, uint32_t, uint32_t) {
          if (!found && window.contains(child)) {
            parent = child;
            found = true;
          }
        });
    slides.push_back(model.slide_between(parent, key));
    key = parent;
  }
  std::reverse(slides.begin(), slides.end());
  return slides;
}

// solve_bfs over sorted layers: the same answers (the same early exits,
// argued there), found in the same layer.
template <bool Steps, int KW, int BW, bool R>
BfsOutcome solve_layered(const Model<KW, BW, R>& model, const Positions& start,
                         const SolveOptions& options, SortedLayers<KW>& layers) {
  constexpr bool kWatchExit = !Steps;
  BfsOutcome outcome;
  search::SearchMonitor monitor(options);
  monitor.record_layers("depth");
  layers.reset();
  auto finish = [&](SolveStatus status) {
    return finish_outcome(outcome, monitor, status, layers.states(), layers.bytes());
  };
  const Key<KW> first = model.pack(start);
  layers.start(first);
  if (model.is_goal(first)) return finish(SolveStatus::solved);
  if (!model.has_red_car()) return finish(SolveStatus::unsolvable);
  if (kWatchExit && model.exit_is_clear(first)) {
    outcome.slides.push_back(model.slide_to_exit(first));
    return finish(SolveStatus::solved);
  }
  uint64_t expanded = 0;
  for (size_t d = 0; layers.layer_size(d) > 0; ++d) {
    monitor.set_bound(static_cast<int64_t>(d) + 1);
    monitor.enter_layer(static_cast<int64_t>(d));
    const Key<KW>* keys = layers.layer(d);
    for (size_t i = 0; i < layers.layer_size(d); ++i) {
      if (!monitor.on_expand()) return finish(monitor.stop_status());
      if ((expanded++ & kMemoryCheckMask) == 0 || layers.next.size() == layers.next.capacity()) {
        const size_t after =
            layers.bytes() - layers.window.bytes() +
            layers.window.bytes_after_room(SortedLayers<KW>::kProbeBatch + kMaxChildren) +
            // the layer being reached growing, its sort and its run
            (layers.next.size() + SortedLayers<KW>::kProbeBatch + kMaxChildren) * 3 *
                sizeof(typename SortedLayers<KW>::Tagged);
        if (!monitor.on_stored(layers.states(), after)) {
          if (!monitor.stopped()) monitor.exceed_memory();
          return finish(monitor.stop_status());
        }
      }
      const Key<KW> key = keys[i];
      Key<KW> flagged;
      bool found = false;
      uint32_t generated = 0;
      model.template for_each_child<Steps, kWatchExit>(
          key, model.planes_of(key), layers.tags[i],
          [&](const Key<KW>& child, uint32_t move, bool flag, uint32_t from, uint32_t to) {
            if ((Steps || kWatchExit) && flag && !found) flagged = child, found = true;
            ++generated;
            layers.children.push_back(SortedLayers<KW>::tagged(
                child, std::decay_t<decltype(model)>::last_move(move, from, to)));
          });
      monitor.on_generated(generated);
      if (found) {
        outcome.slides = path_back<Steps>(model, layers, d, key);
        outcome.slides.push_back(model.slide_between(key, flagged));
        if (kWatchExit) outcome.slides.push_back(model.slide_to_exit(flagged));
        return finish(SolveStatus::solved);
      }
      if (layers.children.size() >= SortedLayers<KW>::kProbeBatch) layers.flush_children();
    }
    layers.flush_children();
    layers.close_layer();
  }
  return finish(SolveStatus::unsolvable);
}

// Breadth-first layers from the states in `frontier` over slides: returns
// the number of the last layer and leaves the states in `frontier` in layer
// order, the last layer's first state at `last_layer_start`. Stops early
// (false) when the monitor says so.
template <int KW, int BW>
bool layered_bfs(const Model<KW, BW>& model, Frontier<KW, BW>& frontier,
                 search::SearchMonitor& monitor, int& depth, uint32_t& last_layer_start) {
  uint32_t level_end = frontier.size();
  depth = 0;
  last_layer_start = 0;
  for (uint32_t next = 0; next < frontier.size(); ++next) {
    if (next == level_end) {
      frontier.next_layer(level_end);
      last_layer_start = level_end;
      level_end = frontier.size();
      monitor.set_bound(++depth);
    }
    if (!may_expand(monitor, frontier, next)) return false;
    Key<KW> unused;
    uint32_t generated = 0;
    expand<false, false>(model, frontier, next, unused, generated);
    monitor.on_generated(generated);
  }
  return true;
}

// The smallest key of states [from, end): which of the farthest positions is
// offered does not hang on the order children are generated in.
template <int KW, int BW>
Key<KW> smallest_key(const Frontier<KW, BW>& frontier, uint32_t from) {
  Key<KW> best = frontier.key(from);
  for (uint32_t i = from + 1; i < frontier.size(); ++i) {
    const Key<KW>& key = frontier.key(i);
    if (std::lexicographical_compare(key.words.rbegin(), key.words.rend(), best.words.rbegin(),
                                     best.words.rend()))
      best = key;
  }
  return best;
}

template <int KW, int BW>
ClusterReport analyse(const Model<KW, BW>& model, const Positions& start,
                      const SolveOptions& options, Frontier<KW, BW>& frontier) {
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
  frontier.reset();
  frontier.add(model, model.pack(start));
  int depth = 0;
  uint32_t last = 0;
  if (!layered_bfs(model, frontier, monitor, depth, last)) return stop();
  report.size = frontier.size();
  std::vector<Key<KW>> goals;
  for (uint32_t i = 0; i < frontier.size(); ++i) {
    if (model.is_goal(frontier.key(i))) goals.push_back(frontier.key(i));
  }
  report.solved_positions = goals.size();
  // 2. Backwards from all solved positions at once: the last layer is the
  //    farthest from any solution.
  if (!goals.empty()) {
    frontier.reset();
    for (const Key<KW>& goal : goals) frontier.add(model, goal);
    if (!layered_bfs(model, frontier, monitor, depth, last)) return stop();
    report.farthest_moves = depth;
    report.farthest = model.unpack(smallest_key(frontier, last));
    report.farthest_count = frontier.size() - last;
  }
  report.status = SolveStatus::solved;
  monitor.on_stored(frontier.size(), frontier.bytes());
  report.stats = monitor.finish();
  return report;
}

}  // namespace
}  // namespace fast

// One search's memory of each shape (the key and board widths a layout
// needs), kept between searches.
struct BfsWorkspace::Parts {
  std::tuple<fast::Frontier<1, 1>, fast::Frontier<2, 1>, fast::Frontier<1, 2>, fast::Frontier<2, 2>,
             fast::Frontier<1, 4>, fast::Frontier<2, 4>>
      frontiers;
  std::tuple<fast::SortedLayers<1>, fast::SortedLayers<2>> layers;
};

BfsWorkspace::BfsWorkspace() : parts_(std::make_unique<Parts>()) {}
BfsWorkspace::~BfsWorkspace() = default;
BfsWorkspace::BfsWorkspace(BfsWorkspace&&) noexcept = default;
BfsWorkspace& BfsWorkspace::operator=(BfsWorkspace&&) noexcept = default;

namespace {

BfsOutcome fast_bfs_in_memory(const Layout& layout, const Positions& start, bool single_cells,
                              const SolveOptions& options, BfsStore store,
                              BfsWorkspace* workspace) {
  std::optional<BfsWorkspace> own;  // a one-off search's
  if (workspace == nullptr) workspace = &own.emplace();
  BfsWorkspace::Parts& parts = workspace->parts();
  if (store == BfsStore::sorted_layers) {
    return fast::with_layered_model(layout, start, [&](const auto& model) {
      using ModelT = std::decay_t<decltype(model)>;
      auto& layers = std::get<fast::SortedLayers<ModelT::kKeyWords>>(parts.layers);
      return single_cells ? fast::solve_layered<true>(model, start, options, layers)
                          : fast::solve_layered<false>(model, start, options, layers);
    });
  }
  return fast::with_model(layout, start, [&](const auto& model) {
    using ModelT = std::decay_t<decltype(model)>;
    auto& frontier =
        std::get<fast::Frontier<ModelT::kKeyWords, ModelT::kBoardWords>>(parts.frontiers);
    return single_cells ? fast::solve_bfs<true>(model, start, options, frontier)
                        : fast::solve_bfs<false>(model, start, options, frontier);
  });
}

ClusterReport analyse_cluster_in_memory(const Layout& layout, const Positions& start,
                                        const SolveOptions& options, BfsWorkspace* workspace) {
  std::optional<BfsWorkspace> own;  // a one-off analysis's
  if (workspace == nullptr) workspace = &own.emplace();
  BfsWorkspace::Parts& parts = workspace->parts();
  return fast::with_model(layout, start, [&](const auto& model) {
    using ModelT = std::decay_t<decltype(model)>;
    auto& frontier =
        std::get<fast::Frontier<ModelT::kKeyWords, ModelT::kBoardWords>>(parts.frontiers);
    return fast::analyse(model, start, options, frontier);
  });
}

}  // namespace

BfsOutcome fast_bfs(const Layout& layout, const Positions& start, bool single_cells,
                    const SolveOptions& options, BfsStore store, BfsWorkspace* workspace) {
  if (store == BfsStore::automatic) store = default_bfs_store(layout);
  return answer_out_of_memory(
      [&] { return fast_bfs_in_memory(layout, start, single_cells, options, store, workspace); },
      [&] {
        BfsOutcome outcome;
        outcome.status = SolveStatus::budget_exceeded;
        outcome.message = out_of_memory_message(options.memory_budget());
        return outcome;
      });
}

BfsStore default_bfs_store(const Layout& layout) {
  return layout.width() * layout.height() > kHashSetMaxCells ? BfsStore::sorted_layers
                                                             : BfsStore::hash_set;
}

ClusterReport analyse_cluster(const Layout& layout, const Positions& start,
                              const SolveOptions& options, BfsWorkspace* workspace) {
  return answer_out_of_memory(
      [&] { return analyse_cluster_in_memory(layout, start, options, workspace); },
      [&] {
        ClusterReport report;
        report.status = SolveStatus::budget_exceeded;
        report.message = out_of_memory_message(options.memory_budget());
        return report;
      });
}

}  // namespace puzzlelab::rushhour
