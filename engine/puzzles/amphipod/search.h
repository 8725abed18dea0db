// The search itself: Dijkstra or A* over packed positions, expanding only
// positions that pass the dead-end test, and the solution rebuilt from the
// parent links. Part of solver.cpp. With a TraceRecorder (of node numbers)
// it records each node taken, then the goal; fill_trace() writes them out.
#pragma once

#include <algorithm>
#include <cassert>
#include <cstdint>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

#include "core/puzzle.h"
#include "puzzles/amphipod/burrow.h"
#include "puzzles/amphipod/dead_end_test.h"
#include "puzzles/amphipod/lower_bound.h"
#include "puzzles/amphipod/moves.h"
#include "puzzles/amphipod/position.h"
#include "puzzles/amphipod/search_memory.h"
#include "puzzles/amphipod/shape.h"
#include "puzzles/amphipod/solver.h"
#include "search/search_monitor.h"
#include "search/trace_recorder.h"

namespace puzzlelab::amphipod {
namespace {  // internal linkage, as in one file: see solver.cpp

template <int W>
struct Node {
  Packed<W> key;
  int64_t g;
  uint32_t parent;
  bool closed;
};

// A search's positions: the start, and every position reached.
template <int W>
using NodeStore = Chunked<Node<W>>;

// A trace records node numbers: each node is taken at most once (the
// bound is consistent), so a node number names one position.
using NodeTrace = search::TraceRecorder<uint32_t, uint32_t>;

template <int W, class Trace = search::NoTrace>
class Search {
 public:
  // The workspace's parts are cleared before use (what a stopped search
  // left in them does not matter).
  Search(const Shape& shape, Algorithm algorithm, const SolveOptions& options, NodeStore<W>& store,
         NodeTable& table, RadixHeap& heap, Trace* trace = nullptr)
      : s_(shape),
        astar_(algorithm == Algorithm::astar),
        monitor_(options),
        nodes_(store),
        table_(table),
        heap_(heap),
        trace_(trace) {
    monitor_.record_layers(astar_ ? "f" : "cost");
  }

  SolveResult run(const Burrow& start) {
    nodes_.clear();
    Work<W> first = work_from_burrow<W>(s_, start);
    std::vector<Step> opening;
    const int64_t g0 = go_home(s_, first, &opening);
    if constexpr (Trace::kOn) opening_ = opening;
    goal_ = goal_key();
    if (!CleaningOrders<W>(s_, first).any_finishes()) {
      return finish_unsolvable(
          "no solution: in every order of clearing the rooms, the hallway cannot hold the "
          "amphipods that must wait in it");
    }
    table_.reset();
    heap_.clear();
    nodes_.push_back({first.key, g0, UINT32_MAX, false});
    table_.put_back(hash_of(first.key), 0);  // the table is empty: no probe for a match
    heap_.push(static_cast<uint64_t>(g0 + (astar_ ? bound(s_, first) : 0)), 0);
    while (!heap_.empty()) {
      const auto [f, u] = heap_.pop();
      // A stale entry (improved since): with a consistent bound, a position
      // is popped first at its least g, so a closed one is never reopened.
      if (nodes_[u].closed) continue;
      monitor_.set_bound(static_cast<int64_t>(f));
      nodes_[u].closed = true;
      if constexpr (Trace::kOn) {
        trace_->take_node(u, nodes_[u].parent, u, u, nodes_[u].g,
                          astar_ ? static_cast<int64_t>(f) : -1, heap_.size());
      }
      if (nodes_[u].key == goal_) {
        if constexpr (Trace::kOn) trace_->reached_goal();
        return finish_solved(start, opening, u);
      }
      monitor_.enter_layer(static_cast<int64_t>(f));
      if (!monitor_.on_expand() || !check_memory()) return finish_stopped();
      expand_node(u, f);
      if (monitor_.stopped()) return finish_stopped();  // no room to grow the table
      if (nodes_.size() >= kMaxNodes - kMaxChildren) {
        monitor_.exceed_memory();
        return finish_stopped();
      }
    }
    return finish_unsolvable("no solution: all " + std::to_string(stored()) +
                             " reachable positions explored");
  }

  // The recorded nodes as the trace's boards and moves, replayed from
  // `start` (the burrow run() was given). Call after run().
  void fill_trace(SearchTrace& trace, const Burrow& start) const {
    std::unordered_map<uint32_t, Burrow> burrow_of;
    std::unordered_map<uint32_t, std::string> move_of;
    for (const auto& entry : trace_->entries()) {
      const uint32_t node = entry.state, parent = nodes_[node].parent;
      Burrow b = parent == UINT32_MAX ? start : burrow_of.at(parent);
      std::string text;
      for (const Step& step : parent == UINT32_MAX ? opening_ : steps_between(parent, node)) {
        text += (text.empty() ? "" : " ") + format_step(step);
        apply_step(b, step);
      }
      burrow_of.emplace(node, b);
      move_of.emplace(node, std::move(text));
    }
    search::fill_trace(
        trace, *trace_, [](uint32_t node) { return uint64_t{node}; },
        [&](uint32_t node) { return format_burrow(burrow_of.at(node)); },
        [&](uint32_t node) { return move_of.at(node); });
    if (!trace.steps.empty()) trace.steps.front().move = move_of.at(trace_->entries()[0].state);
  }

 private:
  Packed<W> goal_key() const {
    Work<W> w;
    for (int k = 0; k < s_.rooms; ++k) {
      for (int i = 0; i < s_.count[k]; ++i) w.push_home(s_, k);
    }
    return w.key;
  }

  // More than one expansion can add (8 rooms, 11 parking cells); node
  // numbers stay below UINT32_MAX (no parent) and NodeTable::kNone.
  static constexpr uint32_t kMaxChildren = 1024;
  static constexpr uint32_t kMaxNodes = 1u << 31;

  uint64_t stored() const { return nodes_.size(); }

  // Doubles the table, putting the nodes back in the order they were stored
  // (reading the store in order, not the old table at random).
  void grow_table() {
    table_.grow_empty();
    for (uint32_t id = 0; id < nodes_.size(); ++id) table_.put_back(hash_of(nodes_[id].key), id);
  }

  void expand_node(uint32_t u, uint64_t f) {
    const int64_t g = nodes_[u].g;
    const Work<W> w = decode(s_, nodes_[u].key);
    // Dead ends are found here, not when stored: most positions stored are
    // never taken (their f is above the answer), and a closed dead end met
    // again costs one lookup.
    if (!CleaningOrders<W>(s_, w).any_finishes()) return;
    expand(s_, w, nullptr, [&](const Child<W>& child) {
      monitor_.on_generated();
      const int64_t g2 = g + child.cost;
      // The bound is consistent: f grows by the energy the parking wastes
      // beyond the bound's walks, never less than 0, so the heap's keys
      // never fall below the one popped (what a radix heap needs).
      assert(child.waste >= 0);
      const uint64_t f2 = astar_ ? f + static_cast<uint64_t>(child.waste) : uint64_t(g2);
      const uint64_t hash = hash_of(child.key);
      if (monitor_.stopped()) return;
      if (table_.full()) {
        // The memory budget is checked before the table doubles, not after.
        if (!monitor_.on_stored(stored(), memory_bytes() + table_.bytes())) return;
        grow_table();
      }
      const NodeTable::Probe found =
          table_.find(hash, [&](uint32_t id) { return nodes_[id].key == child.key; });
      if (found.node == NodeTable::kNone) {
        table_.insert(found.slot, hash, nodes_.size());
        heap_.push(f2, nodes_.size());
        nodes_.push_back({child.key, g2, u, false});
      } else {
        Node<W>& v = nodes_[found.node];
        if (!v.closed && g2 < v.g) {
          v.g = g2;
          v.parent = u;
          heap_.push(f2, found.node);
        }
      }
    });
  }

  uint64_t memory_bytes() const {
    return nodes_.bytes() + table_.bytes() + heap_.size() * sizeof(std::pair<uint64_t, uint32_t>);
  }

  bool check_memory() {
    if ((monitor_.stats().expanded & 1023) != 0) return true;
    return monitor_.on_stored(stored(), memory_bytes());
  }

  // The steps from node p's position to node c's, found by expanding p again.
  std::vector<Step> steps_between(uint32_t p, uint32_t c) const {
    std::vector<Step> log, found;
    const int64_t wanted = nodes_[c].g - nodes_[p].g;
    bool done = false;
    expand(s_, decode(s_, nodes_[p].key), &log, [&](const Child<W>& child) {
      if (!done && child.cost == wanted && child.key == nodes_[c].key) {
        found = log;
        done = true;
      }
    });
    return found;
  }

  SolveResult finish_solved(const Burrow& start, const std::vector<Step>& opening, uint32_t goal) {
    std::vector<uint32_t> path;
    for (uint32_t n = goal; n != UINT32_MAX; n = nodes_[n].parent) path.push_back(n);
    std::reverse(path.begin(), path.end());
    std::vector<Step> steps = opening;
    for (size_t i = 1; i < path.size(); ++i) {
      const std::vector<Step> more = steps_between(path[i - 1], path[i]);
      steps.insert(steps.end(), more.begin(), more.end());
    }
    SolveResult result;
    result.status = SolveStatus::solved;
    result.optimal = true;
    Burrow b = start;
    for (const Step& step : steps) {
      result.moves.push_back({format_step(step), step_cost(b, step)});
      result.cost += result.moves.back().cost;
      if (!result.answer.empty()) result.answer += ' ';
      result.answer += result.moves.back().text;
      apply_step(b, step);
    }
    result.stats = finish_stats();
    return result;
  }

  SolveResult finish_unsolvable(std::string message) {
    SolveResult result;
    result.status = SolveStatus::unsolvable;
    result.optimal = true;
    result.stats = finish_stats();
    result.message = std::move(message);
    return result;
  }

  SolveResult finish_stopped() {
    SolveResult result;
    result.status = monitor_.stop_status();
    result.message = monitor_.stop_message();
    result.stats = finish_stats();
    return result;
  }

  SearchStats finish_stats() {
    monitor_.on_stored(stored(), 0);
    return monitor_.finish();
  }

  const Shape& s_;
  bool astar_;
  search::SearchMonitor monitor_;
  Chunked<Node<W>>& nodes_;
  NodeTable& table_;
  RadixHeap& heap_;
  Packed<W> goal_;
  Trace* trace_;
  std::vector<Step> opening_;  // traced searches: the forced walks home before the first node
};

}  // namespace
}  // namespace puzzlelab::amphipod
