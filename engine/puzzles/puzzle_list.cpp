#include "puzzles/puzzle_list.h"

#include "puzzles/amphipod/amphipod.h"
#include "puzzles/bender/bender.h"
#include "puzzles/rushhour/rushhour.h"
#include "puzzles/sudoku/sudoku.h"
#include "puzzles/treeoflife/treeoflife.h"

namespace puzzlelab {

const std::vector<const PuzzleInfo*>& all_puzzles() {
  static const std::vector<const PuzzleInfo*> puzzles = {
      &rushhour::puzzle_info(),
      &sudoku::puzzle_info(),
      &amphipod::puzzle_info(),
      &bender::puzzle_info(),
      &treeoflife::puzzle_info(),
  };
  return puzzles;
}

const PuzzleInfo* find_puzzle(std::string_view id) {
  for (const PuzzleInfo* info : all_puzzles()) {
    if (info->id == id) return info;
  }
  return nullptr;
}

std::string puzzle_ids() {
  std::string ids;
  for (const PuzzleInfo* info : all_puzzles()) {
    if (!ids.empty()) ids += ", ";
    ids += info->id;
  }
  return ids;
}

}  // namespace puzzlelab
