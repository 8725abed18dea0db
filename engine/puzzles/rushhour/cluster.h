// Rush Hour's cluster (PuzzleHooks::space): every position reachable from a
// board by sliding pieces, as Michael Fogleman's database counts them, with
// the slides between them; core/space.h draws the picture from it.
#pragma once

#include <cstddef>

#include "core/puzzle.h"
#include "core/space.h"

namespace puzzlelab::rushhour {

// The first `cap` positions by moves from `position` (a RushHourGame), or
// all of them when there are fewer; one slide of any length is one move.
// Stops at the node, memory and time budgets and the cancel flag.
Space cluster(const Game& position, const SolveOptions& options, size_t cap);

}  // namespace puzzlelab::rushhour
