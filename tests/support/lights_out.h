// The template puzzle: Lights Out in about a hundred lines, the smallest
// puzzle that uses the whole interface (see README "Adding a puzzle"). Its
// PuzzleInfo names only what the puzzle has, so it is built with -Werror to
// keep every other field of the interface optional.
#pragma once

#include "core/puzzle.h"

namespace puzzlelab::lights_out {

const PuzzleInfo& puzzle_info();

}  // namespace puzzlelab::lights_out
