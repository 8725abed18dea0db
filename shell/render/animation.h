// An animation of moves played from a position (a solution, or the moves
// played by hand): frame 0 is the start, then one frame after each move, so
// N moves make N + 1 frames. Each frame has the strip under the board with
// the caption and the counter "move k / N". The first frame shows a second
// longer and the last two seconds longer, so a looping GIF reads as
// start, moves, end.
#pragma once

#include <string>
#include <vector>

#include "render/board_picture.h"
#include "render/gif_writer.h"

namespace puzzlelab::shell {

struct AnimationOptions {
  int width = 600;  // pixels
  int fps = 4;      // moves a second
  std::string caption;
  const SolveResult* result = nullptr;  // the solve the moves come from, if any
};

// "move 3 / 10"
std::string move_counter(size_t done, size_t total);

// The frames, or an empty list with `error` set when a move does not apply.
std::vector<GifFrame> animate_moves(BoardPainter& painter, const Game& start,
                                    const std::vector<Move>& moves, const AnimationOptions& options,
                                    std::string& error);

}  // namespace puzzlelab::shell
