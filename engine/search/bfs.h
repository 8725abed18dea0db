// Breadth-first search: fewest moves when every move costs 1 (the domain's
// move costs are ignored). Goals are tested when a state is generated, which
// keeps the answer optimal and saves expanding the last level. With a
// TraceRecorder (search/trace_recorder.h) it records each state it expands,
// then the goal it found.
#pragma once

#include "search/node_store.h"
#include "search/search_domain.h"
#include "search/search_monitor.h"
#include "search/trace_recorder.h"

namespace puzzlelab::search {

template <SearchDomain D, class Trace = NoTrace>
SearchOutcome<D> breadth_first_search(const D& domain, const typename D::State& start,
                                      const SolveOptions& options, Trace* trace = nullptr) {
  using State = typename D::State;
  using Move = typename D::Move;
  SearchMonitor monitor(options, "depth");
  monitor.record_layers("depth");
  NodeStore<State, Move> nodes;
  StateTable table;

  auto finish = [&](SolveStatus status, uint32_t goal) {
    if (status != SolveStatus::solved) return finish_search<D>(monitor, status);
    if constexpr (Trace::kOn) {
      const auto& node = nodes[goal];
      const int64_t g = static_cast<int64_t>(nodes.path_to(goal).size());
      trace->take_node(goal, node.parent, node.state, node.move, g, -1, nodes.size() - goal - 1);
      trace->reached_goal();
    }
    std::vector<Move> path = nodes.path_to(goal);
    const auto cost = static_cast<int64_t>(path.size());
    return finish_search<D>(monitor, status, std::move(path), cost);
  };

  const uint32_t root = nodes.add(start, nodes.kNoParent, Move{});
  table.insert(domain.hash(start), root);
  if (domain.is_goal(start)) return finish(SolveStatus::solved, root);

  // Nodes are stored in BFS order, so the queue is just the node array.
  uint32_t level_end = nodes.size();
  int64_t depth = 0;
  for (uint32_t next = 0; next < nodes.size(); ++next) {
    if (next == level_end) {
      level_end = nodes.size();
      monitor.set_bound(++depth);
    }
    monitor.enter_layer(depth);
    if (!monitor.on_expand()) return finish(monitor.stop_status(), 0);
    const State current = nodes[next].state;
    if constexpr (Trace::kOn) {
      trace->take_node(next, nodes[next].parent, current, nodes[next].move, depth, -1,
                       nodes.size() - next - 1);
    }
    uint32_t goal = StateTable::kNone;
    domain.for_each_successor(current, [&](const State& child, const Move& move, int64_t) {
      monitor.on_generated();
      if (goal != StateTable::kNone) return;
      if (nodes.full()) return monitor.exceed_memory();
      const uint64_t hash = domain.hash(child);
      auto same = [&](uint32_t i) { return nodes[i].state == child; };
      if (table.find(hash, same) != StateTable::kNone) return;
      const uint32_t id = nodes.add(child, next, move);
      table.insert(hash, id);
      if (domain.is_goal(child)) goal = id;
    });
    if (goal != StateTable::kNone) return finish(SolveStatus::solved, goal);
    if (monitor.stopped() || !monitor.on_stored(nodes.size(), nodes.bytes() + table.bytes())) {
      return finish(monitor.stop_status(), 0);
    }
  }
  return finish(SolveStatus::unsolvable, 0);
}

}  // namespace puzzlelab::search
