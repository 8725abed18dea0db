// Rush Hour's Edit mode (core/edit.h): size, cars, trucks, walls, the exit on any side.
#pragma once

#include "core/edit.h"

namespace puzzlelab::rushhour {

const PuzzleEditor& editor();

}  // namespace puzzlelab::rushhour
