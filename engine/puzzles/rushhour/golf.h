// The Perl golf's Rush Hour format: the yard inside a `#` border, spaces for
// empty cells, letters for pieces, and the exit as the one gap in the border
// (on any side). Its answer is one line per one-cell step, "B 1" (right/down)
// or "B -1" (left/up), ending with car A's step into the gap.
//
//   ########
//   #B  CCC#
//   #B  D  #
//   #AA D          <- the gap: trailing spaces may be trimmed
//   #   D  #
//   #  EE  #
//   #      #
//   ########
//
// Internally the board is turned so that the exit is on the right (the
// engine's frame); its Orientation (orientation.h) keeps how it was written.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/puzzle.h"
#include "puzzles/rushhour/rushhour.h"

namespace puzzlelab::rushhour {

struct GolfBoard {
  Board board;              // in the engine's frame (exit on the right)
  Orientation orientation;  // from the engine's frame to the board as written
};

// True when the text's first line is a border row of '#' (at most one gap)
// and it has at least three lines: then it is read as a golf board. (A grid
// whose first row is all walls would be useless, so nothing is lost.)
bool looks_like_golf(std::string_view text);
Parsed<GolfBoard> parse_golf(std::string_view text);
// The board in golf form again, as it was written (the gap as a space, so
// lines keep their width).
std::string format_golf(const Layout& layout, const Positions& positions,
                        const Orientation& orientation);

// The golf answer for a solved result of a Rush Hour game: every move split
// into one-cell steps, then car A's step into the exit. For the fewest steps,
// solve with the "steps" metric: the answer then has cost + 1 lines.
// nullopt when the game is not Rush Hour or the result is not solved.
std::optional<std::string> format_golf_answer(const Game& game, const SolveResult& result);

}  // namespace puzzlelab::rushhour
