// Best-first search on weighted moves: A* with the domain's heuristic, or
// Dijkstra (A* with a zero heuristic). Optimal when the heuristic never
// overestimates; a node whose cost improves is reopened, so a merely
// admissible (not consistent) heuristic is still safe.
#pragma once

#include <queue>
#include <vector>

#include "search/node_store.h"
#include "search/search_domain.h"
#include "search/search_monitor.h"
#include "search/trace_recorder.h"

namespace puzzlelab::search {

namespace detail {

struct OpenEntry {
  int64_t f;
  int64_t g;
  uint32_t node;
  // Lowest f first; among equals the deepest (largest g), which reaches goals
  // sooner; among those the node stored first (its number is the order the
  // search met it). A strict order: which entry the heap gives next is the
  // same on every platform, word size and standard library (a heap's own
  // order of equal entries is not), so the search expands the same states.
  bool operator<(const OpenEntry& other) const {
    if (f != other.f) return f > other.f;
    if (g != other.g) return g < other.g;
    return node > other.node;
  }
};

// With a TraceRecorder, records each node taken for expansion, then the goal
// (f is recorded only when `heuristic` is a real one: `traced_f`).
template <SearchDomain D, class Heuristic, class Trace>
SearchOutcome<D> best_first_search(const D& domain, const typename D::State& start,
                                   const SolveOptions& options, const char* layered_by,
                                   Heuristic&& heuristic, Trace* trace, bool traced_f) {
  using State = typename D::State;
  using Move = typename D::Move;
  SearchMonitor monitor(options, "f");
  monitor.record_layers(layered_by);
  NodeStore<State, Move, int64_t> nodes;  // extra = best known cost from the start
  StateTable table;
  std::priority_queue<OpenEntry> open;

  auto finish = [&](SolveStatus status, uint32_t goal) {
    if (status != SolveStatus::solved) return finish_search<D>(monitor, status);
    return finish_search<D>(monitor, status, nodes.path_to(goal), nodes[goal].extra);
  };
  auto bytes_used = [&] { return nodes.bytes() + table.bytes() + open.size() * sizeof(OpenEntry); };

  const int64_t h0 = heuristic(start);
  if (h0 >= kUnreachable) return finish(SolveStatus::unsolvable, 0);
  table.insert(domain.hash(start), nodes.add(start, nodes.kNoParent, Move{}, 0));
  open.push({h0, 0, 0});

  while (!open.empty()) {
    const OpenEntry entry = open.top();
    open.pop();
    if (entry.g > nodes[entry.node].extra) continue;  // a cheaper path was found later
    const State current = nodes[entry.node].state;
    if constexpr (Trace::kOn) {
      const auto& node = nodes[entry.node];
      trace->take_node(entry.node, node.parent, current, node.move, entry.g,
                       traced_f ? entry.f : -1, open.size());
    }
    if (domain.is_goal(current)) {
      if constexpr (Trace::kOn) trace->reached_goal();
      return finish(SolveStatus::solved, entry.node);
    }
    monitor.enter_layer(entry.f);
    if (!monitor.on_expand()) return finish(monitor.stop_status(), 0);
    monitor.set_bound(entry.f);

    domain.for_each_successor(current, [&](const State& child, const Move& move, int64_t cost) {
      monitor.on_generated();
      const int64_t g = entry.g + cost;
      const uint64_t hash = domain.hash(child);
      auto same = [&](uint32_t i) { return nodes[i].state == child; };
      uint32_t id = table.find(hash, same);
      if (id == StateTable::kNone) {
        if (nodes.full()) return monitor.exceed_memory();
        const int64_t h = heuristic(child);
        if (h >= kUnreachable) return;
        id = nodes.add(child, entry.node, move, g);
        table.insert(hash, id);
        open.push({g + h, g, id});
      } else if (g < nodes[id].extra) {
        nodes[id].parent = entry.node;
        nodes[id].move = move;
        nodes[id].extra = g;
        open.push({g + heuristic(child), g, id});
      }
    });
    if (monitor.stopped() || !monitor.on_stored(nodes.size(), bytes_used())) {
      return finish(monitor.stop_status(), 0);
    }
  }
  return finish(SolveStatus::unsolvable, 0);
}

}  // namespace detail

template <HeuristicDomain D, class Trace = NoTrace>
SearchOutcome<D> astar_search(const D& domain, const typename D::State& start,
                              const SolveOptions& options, Trace* trace = nullptr) {
  return detail::best_first_search(
      domain, start, options, "f", [&](const typename D::State& s) { return domain.heuristic(s); },
      trace, true);
}

template <SearchDomain D, class Trace = NoTrace>
SearchOutcome<D> dijkstra_search(const D& domain, const typename D::State& start,
                                 const SolveOptions& options, Trace* trace = nullptr) {
  // Layers by cost: the f value of a zero heuristic.
  return detail::best_first_search(
      domain, start, options, "cost", [](const typename D::State&) { return int64_t{0}; }, trace,
      false);
}

}  // namespace puzzlelab::search
