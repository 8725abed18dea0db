// What the Tree of Life view's files share (treeoflife_view.cpp draws,
// treeoflife_jump.cpp asks the room for far generations,
// treeoflife_panel.cpp holds the side panel): its colours and two helpers.
// Private to the view.
#pragma once

#include <cstdint>
#include <string>

#include "puzzles/treeoflife/treeoflife.h"
#include "theme.h"

namespace puzzlelab::shell::treeoflife_parts {

inline constexpr ImU32 kTreeOfLifePaper = colors::rgb(18, 22, 30);
inline constexpr ImU32 kEdge = colors::rgb(70, 78, 96);
inline constexpr ImU32 kDead = colors::rgb(44, 50, 64);
inline constexpr ImU32 kDeadRim = colors::rgb(92, 101, 122);
inline constexpr ImU32 kLive = colors::rgb(120, 220, 140);
inline constexpr ImU32 kLiveRim = colors::rgb(190, 255, 200);
inline constexpr ImU32 kTreeOfLifePath = colors::rgb(255, 190, 60);

inline const treeoflife::TreeOfLifeGame& as_tree(const Game& game) {
  return static_cast<const treeoflife::TreeOfLifeGame&>(game);
}

// A cheap fingerprint of a position's rule and generation 0 (cache keys).
inline std::string problem_key(const treeoflife::TreeOfLifeGame& game) {
  const treeoflife::Problem& p = game.problem();
  uint64_t h = 1469598103934665603ull ^ p.rule;
  for (const uint64_t w : *p.generation0) h = (h ^ w) * 1099511628211ull;
  return std::to_string(reinterpret_cast<uintptr_t>(p.shape.get())) + ":" + std::to_string(h);
}

}  // namespace puzzlelab::shell::treeoflife_parts
