// What the Tree of Life view's drawing (treeoflife_view.cpp) and its side
// panel (treeoflife_panel.cpp) share: its colours and its cast. Private to
// the view.
#pragma once

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

}  // namespace puzzlelab::shell::treeoflife_parts
