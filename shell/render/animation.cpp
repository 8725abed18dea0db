#include "render/animation.h"

#include <algorithm>

namespace puzzlelab::shell {

namespace {

constexpr int kFirstHoldCs = 100;  // extra time on the start, in 1/100 s
constexpr int kLastHoldCs = 200;   // and on the end

}  // namespace

std::string move_counter(size_t done, size_t total) {
  return "move " + std::to_string(done) + " / " + std::to_string(total);
}

std::vector<GifFrame> animate_moves(BoardPainter& painter, const Game& start,
                                    const std::vector<Move>& moves, const AnimationOptions& options,
                                    std::string& error) {
  const int delay = std::max(2, 100 / std::max(1, options.fps));
  const int board_height = painter.board_height(start, options.width);
  std::unique_ptr<Game> position = start.clone();
  std::vector<GifFrame> frames;
  frames.reserve(moves.size() + 1);
  for (size_t done = 0;; ++done) {
    const PictureText text{options.caption, move_counter(done, moves.size())};
    frames.push_back(
        {painter.paint(*position, options.width, board_height, text, options.result), delay});
    if (done == moves.size()) break;
    if (const ApplyResult applied = position->apply(moves[done].text); !applied) {
      error = "move " + std::to_string(done + 1) + " (" + moves[done].text +
              ") does not apply: " + applied.error;
      return {};
    }
  }
  frames.front().delay_cs += kFirstHoldCs;
  frames.back().delay_cs += kLastHoldCs;
  return frames;
}

}  // namespace puzzlelab::shell
