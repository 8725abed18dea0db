// Amphipod's Edit mode (core/edit.h): rooms and depth as the board's size,
// amphipods of each kind placed in rooms and the hallway, or erased.
#pragma once

#include "core/edit.h"

namespace puzzlelab::amphipod {

const PuzzleEditor& editor();

}  // namespace puzzlelab::amphipod
