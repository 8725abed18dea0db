// The template puzzle: Lights Out in about a hundred lines, the smallest
// puzzle that uses the whole interface (see docs/architecture.md, "Adding a
// puzzle"). Its examples are tests/data/lightsout/puzzles/lightsout.txt,
// laid out as assets/puzzles/ is. Its
// PuzzleInfo names only what the puzzle has, so it is built with -Werror to
// keep every other field of the interface optional.
#pragma once

#include "core/puzzle.h"

namespace puzzlelab::lights_out {

const PuzzleInfo& puzzle_info();

}  // namespace puzzlelab::lights_out
