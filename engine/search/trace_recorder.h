// How the searches record a trace (core/trace.h). Each search takes a
// recorder type as a template parameter: NoTrace (the default) compiles
// every recording call away (`if constexpr (Trace::kOn)`), so a search
// without a trace is the same machine code as before; TraceRecorder keeps
// the first `limit` states taken for expansion with their parent step,
// move, g, f, round and frontier.
#pragma once

#include <cstdint>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

#include "core/trace.h"

namespace puzzlelab::search {

struct NoTrace {
  static constexpr bool kOn = false;
};

template <class State, class Move>
class TraceRecorder {
 public:
  static constexpr bool kOn = true;
  static constexpr uint32_t kNone = TraceStep::kNoParent;

  struct Entry {
    State state;
    Move move;
    uint32_t parent;
    uint32_t iteration;
    int64_t g;
    int64_t f;
    uint64_t frontier;
  };

  explicit TraceRecorder(uint64_t limit) : limit_(limit) {}

  // A state taken for expansion (or the goal, then call reached_goal()),
  // reached from step `parent` (kNone: the start) by `move`. Returns its
  // step, or kNone past the limit.
  uint32_t take(const State& state, uint32_t parent, const Move& move, int64_t g, int64_t f,
                uint32_t iteration, uint64_t frontier) {
    if (entries_.size() >= limit_) {
      truncated_ = true;
      return kNone;
    }
    entries_.push_back(Entry{state, move, parent, iteration, g, f, frontier});
    return static_cast<uint32_t>(entries_.size() - 1);
  }

  // For searches that number their nodes: node `node` taken, reached from
  // node `parent_node` (kNone: the start). Its parent step is the parent
  // node's latest expansion.
  uint32_t take_node(uint32_t node, uint32_t parent_node, const State& state, const Move& move,
                     int64_t g, int64_t f, uint64_t frontier) {
    const uint32_t parent = parent_node == kNone ? kNone : step_of(parent_node);
    const uint32_t step = take(state, parent, move, g, f, 0, frontier);
    if (step != kNone) {
      if (node >= step_of_node_.size()) step_of_node_.resize(size_t{node} * 2 + 16, kNone);
      step_of_node_[node] = step;
    }
    return step;
  }

  // IDA*: a round with this bound on f begins.
  void start_round(int64_t bound) { bounds_.push_back(bound); }
  // The last step taken is a goal (when the limit kept it).
  void reached_goal() { goal_ = !truncated_; }

  const std::vector<Entry>& entries() const { return entries_; }
  bool truncated() const { return truncated_; }
  bool ends_at_goal() const { return goal_; }
  uint64_t limit() const { return limit_; }
  const std::vector<int64_t>& round_bounds() const { return bounds_; }

 private:
  uint32_t step_of(uint32_t node) const {
    return node < step_of_node_.size() ? step_of_node_[node] : kNone;
  }

  uint64_t limit_;
  std::vector<Entry> entries_;
  std::vector<uint32_t> step_of_node_;
  std::vector<int64_t> bounds_;
  bool truncated_ = false;
  bool goal_ = false;
};

// The recorder's entries as a SearchTrace's steps and boards: `hash` and
// `board` (State -> text) number and write the states, `move_text` (Move ->
// text) writes the moves. Status, cost and stats are the caller's.
template <class State, class Move, class Hash, class Board, class MoveText>
void fill_trace(SearchTrace& trace, const TraceRecorder<State, Move>& recorder, Hash&& hash,
                Board&& board, MoveText&& move_text) {
  std::unordered_multimap<uint64_t, uint32_t> seen;  // hash -> state number
  std::vector<State> states;
  trace.steps.reserve(recorder.entries().size());
  for (const auto& entry : recorder.entries()) {
    const uint64_t h = hash(entry.state);
    uint32_t number = TraceStep::kNoParent;
    for (auto [it, end] = seen.equal_range(h); it != end; ++it) {
      if (states[it->second] == entry.state) number = it->second;
    }
    if (number == TraceStep::kNoParent) {
      number = static_cast<uint32_t>(states.size());
      states.push_back(entry.state);
      seen.emplace(h, number);
      trace.boards.push_back(board(entry.state));
    }
    TraceStep step{.state = number,
                   .parent = entry.parent,
                   .g = entry.g,
                   .f = entry.f,
                   .iteration = entry.iteration,
                   .frontier = entry.frontier,
                   .visited = states.size(),
                   .move = {}};
    if (entry.parent != TraceStep::kNoParent) step.move = move_text(entry.move);
    trace.steps.push_back(std::move(step));
  }
  trace.truncated = recorder.truncated();
  trace.ends_at_goal = recorder.ends_at_goal();
  trace.limit = recorder.limit();
  trace.round_bounds = recorder.round_bounds();
}

}  // namespace puzzlelab::search
