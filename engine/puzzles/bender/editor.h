// Bender's Edit mode (core/edit.h): walls and floor painted by the
// rectangle, garbage balls, Bender's start and Fry, switch–field pairs
// dragged from the switch to its field, and each field's state at the start.
#pragma once

#include "core/edit.h"

namespace puzzlelab::bender {

// The verdict's time: the solver anneals to its budget, and a first program
// is all a verdict needs (Solve looks for a shorter one).
inline constexpr double kVerdictMs = 250;

const PuzzleEditor& editor();

}  // namespace puzzlelab::bender
