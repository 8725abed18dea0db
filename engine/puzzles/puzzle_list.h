// The engine's puzzle list: every puzzle the lab offers, in picker order.
// Adding a puzzle means its folder engine/puzzles/<id>/, one line here and
// its examples in assets/puzzles/<id>.txt (docs/architecture.md, "Adding a puzzle").
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "core/puzzle.h"

namespace puzzlelab {

const std::vector<const PuzzleInfo*>& all_puzzles();
// nullptr when no puzzle has that id.
const PuzzleInfo* find_puzzle(std::string_view id);
// "rushhour, sudoku" for error messages.
std::string puzzle_ids();

}  // namespace puzzlelab
