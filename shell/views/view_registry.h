// Which view draws which puzzle, keyed by PuzzleInfo::id. Puzzles without a
// view of their own get the text fallback, so they are still playable.
#pragma once

#include <memory>
#include <string_view>

#include "views/board_view.h"

namespace puzzlelab::shell {

std::unique_ptr<BoardView> make_view(std::string_view puzzle_id);

}  // namespace puzzlelab::shell
