// Sudoku's Edit mode (core/edit.h): type the givens, clear them.
#pragma once

#include "core/edit.h"

namespace puzzlelab::sudoku {

const PuzzleEditor& editor();

}  // namespace puzzlelab::sudoku
