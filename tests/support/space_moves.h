// The moves along a path of a space (core/space.h), found by trying the
// puzzle's own legal moves (as the Cluster view does, with nothing of the
// view): what a jump across the Cluster view plays.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "core/puzzle.h"
#include "core/space.h"

namespace puzzlelab::testing {

inline std::vector<std::string> moves_along(const Game& start, const Space& space,
                                            const std::vector<int>& path) {
  std::vector<std::string> moves;
  std::unique_ptr<Game> at = start.clone();
  for (size_t k = 1; k < path.size(); ++k) {
    for (const Move& move : at->legal_moves()) {
      auto next = at->clone();
      if (next->apply(move.text) && next->format() == space.boards[path[k]]) {
        moves.push_back(move.text);
        at = std::move(next);
        break;
      }
    }
  }
  return moves;
}

}  // namespace puzzlelab::testing
