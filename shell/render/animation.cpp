#include "render/animation.h"

#include <algorithm>
#include <cmath>

namespace puzzlelab::shell {

namespace {

constexpr int kFirstHoldCs = 100;  // extra time on the start, in 1/100 s
constexpr int kLastHoldCs = 200;   // and on the end

}  // namespace

std::string move_counter(size_t done, size_t total) {
  return "move " + std::to_string(done) + " / " + std::to_string(total);
}

AnimationMaker::AnimationMaker(BoardPainter& painter, const Game& start, size_t moves,
                               AnimationOptions options)
    : painter_(painter),
      moves_(moves),
      options_(std::move(options)),
      board_height_(painter.board_height(start, options_.width)) {
  frames_.reserve(moves + 1);
}

GifFrame AnimationMaker::frame(const Game& position, size_t index) const {
  return paint(position, index, move_counter(index, moves_), {});
}

GifFrame AnimationMaker::frame(const TimeFrame& at, size_t index) const {
  return paint(*at.position, index, at.counter, at.marks);
}

GifFrame AnimationMaker::paint(const Game& position, size_t index, const std::string& counter,
                               const std::vector<int>& marks) const {
  // In hundredths of a second: browsers slow down shorter delays.
  int delay = std::max(2, int(std::lround(100 / std::max(options_.fps, 0.1f))));
  if (index == 0) delay += kFirstHoldCs;
  if (index == moves_) delay += kLastHoldCs;
  const PictureText text{options_.caption, counter};
  return {painter_.paint(position, options_.width, board_height_, text, options_.result, marks),
          delay};
}

void AnimationMaker::add(const Game& position) {
  frames_.push_back(frame(position, made()));
}

std::vector<GifFrame> AnimationMaker::finish() {
  return std::move(frames_);
}

std::vector<GifFrame> animate_moves(BoardPainter& painter, const Game& start,
                                    const std::vector<Move>& moves, const AnimationOptions& options,
                                    std::string& error) {
  AnimationMaker maker(painter, start, moves.size(), options);
  std::unique_ptr<Game> position = start.clone();
  maker.add(*position);
  for (size_t done = 0; done < moves.size(); ++done) {
    if (const ApplyResult applied = position->apply(moves[done].text); !applied) {
      error = "move " + std::to_string(done + 1) + " (" + moves[done].text +
              ") does not apply: " + applied.error;
      return {};
    }
    maker.add(*position);
  }
  return maker.finish();
}

std::vector<GifFrame> animate_time_line(BoardPainter& painter, const TimeLine& line,
                                        const AnimationOptions& options) {
  if (line.frames == 0) return {};
  const TimeFrame first = line.frame(0);
  AnimationMaker maker(painter, *first.position, line.frames - 1, options);
  std::vector<GifFrame> frames;
  frames.reserve(line.frames);
  frames.push_back(maker.frame(first, 0));
  for (size_t k = 1; k < line.frames; ++k) frames.push_back(maker.frame(line.frame(k), k));
  return frames;
}

}  // namespace puzzlelab::shell
