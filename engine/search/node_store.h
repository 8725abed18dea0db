// The states a graph search has reached, each with the move that reached it
// and its parent, so the path to any node can be rebuilt.
#pragma once

#include <algorithm>
#include <cstdint>
#include <vector>

#include "search/state_table.h"

namespace puzzlelab::search {

template <class State, class Move, class Extra = uint8_t>
class NodeStore {
 public:
  static constexpr uint32_t kNoParent = StateTable::kNone;

  struct Node {
    State state;
    uint32_t parent;
    Move move;
    Extra extra;  // per-node data of the algorithm (best cost for Dijkstra/A*)
  };

  uint32_t add(const State& state, uint32_t parent, const Move& move, Extra extra = {}) {
    nodes_.push_back(Node{state, parent, move, extra});
    return static_cast<uint32_t>(nodes_.size() - 1);
  }

  Node& operator[](uint32_t i) { return nodes_[i]; }
  const Node& operator[](uint32_t i) const { return nodes_[i]; }
  uint32_t size() const { return static_cast<uint32_t>(nodes_.size()); }
  size_t bytes() const { return nodes_.capacity() * sizeof(Node); }
  // Node numbers are 32-bit; refuse to pass that.
  bool full() const { return nodes_.size() >= kNoParent - 1; }

  // Moves from the root to node `last`.
  std::vector<Move> path_to(uint32_t last) const {
    std::vector<Move> moves;
    for (uint32_t i = last; nodes_[i].parent != kNoParent; i = nodes_[i].parent) {
      moves.push_back(nodes_[i].move);
    }
    std::reverse(moves.begin(), moves.end());
    return moves;
  }

 private:
  std::vector<Node> nodes_;
};

}  // namespace puzzlelab::search
