#include "render/animation.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <optional>

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

void AnimationMaker::lay_out(const Game& position, size_t index) const {
  painter_.lay_out(position, options_.width, board_height_,
                   {options_.caption, move_counter(index, moves_)}, options_.result);
}

void AnimationMaker::lay_out(const TimeFrame& at, size_t) const {
  painter_.lay_out(*at.position, options_.width, board_height_, {options_.caption, at.counter},
                   options_.result, at.marks);
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

namespace {

using Clock = std::chrono::steady_clock;

double seconds(Clock::duration span) {
  return std::chrono::duration<double>(span).count();
}

// An animation's frames for streamed_gif: `walk(step)` calls
// step(frame k, k) for k = 0, 1, ... in order, with the frame as the maker
// draws it (a position, or a TimeFrame); false, with `error` set, when a
// frame cannot be made (a move that does not apply).
template <class Walk>
EncodedAnimation streamed_gif(std::string_view puzzle_id, const Game& start, size_t total,
                              const AnimationOptions& options, Walk walk, std::string& error) {
  EncodedAnimation out;
  out.frames = total;
  const Clock::time_point begin = Clock::now();
  Clock::duration encoding{};
  // Walk 1: the view over every frame, the first and the last pictured.
  std::optional<GifFrame> first, last;
  {
    BoardPainter painter(puzzle_id);
    AnimationMaker maker(painter, start, total - 1, options);
    const bool walked = walk([&](const auto& frame, size_t k) {
      if (k == 0)
        first = maker.frame(frame, k);
      else if (k + 1 == total)
        last = maker.frame(frame, k);
      else
        maker.lay_out(frame, k);
    });
    if (!walked) return out;
  }
  if (!last) last = *first;  // one frame: the first is the last
  out.width = first->image.width;
  out.height = first->image.height;
  Clock::time_point at = Clock::now();
  GifEncoder encoder(first->image, last->image);
  last.reset();
  // Walk 2: each frame drawn again in turn by a painter of its own from the
  // start, as the first walk's, and encoded (the first is the first walk's).
  bool added = encoder.add(*first);
  first.reset();
  encoding += Clock::now() - at;
  BoardPainter painter(puzzle_id);
  AnimationMaker maker(painter, start, total - 1, options);
  const bool walked = walk([&](const auto& frame, size_t k) {
    if (k == 0) {
      maker.lay_out(frame, k);  // what the view built on it, as in the first walk
      return;
    }
    const GifFrame drawn = maker.frame(frame, k);
    at = Clock::now();
    added = added && encoder.add(drawn);
    encoding += Clock::now() - at;
  });
  if (!walked) return out;
  at = Clock::now();
  out.gif = encoder.finish(error);
  encoding += Clock::now() - at;
  out.encode_seconds = seconds(encoding);
  out.draw_seconds = seconds(Clock::now() - begin) - out.encode_seconds;
  return out;
}

}  // namespace

EncodedAnimation gif_of_moves(std::string_view puzzle_id, const Game& start,
                              const std::vector<Move>& moves, const AnimationOptions& options,
                              std::string& error) {
  const auto walk = [&](const auto& step) {
    std::unique_ptr<Game> position = start.clone();
    step(*position, 0);
    for (size_t done = 0; done < moves.size(); ++done) {
      if (const ApplyResult applied = position->apply(moves[done].text); !applied) {
        error = "move " + std::to_string(done + 1) + " (" + moves[done].text +
                ") does not apply: " + applied.error;
        return false;
      }
      step(*position, done + 1);
    }
    return true;
  };
  return streamed_gif(puzzle_id, start, moves.size() + 1, options, walk, error);
}

EncodedAnimation gif_of_time_line(std::string_view puzzle_id, const TimeLine& line,
                                  const AnimationOptions& options, std::string& error) {
  if (line.frames == 0) {
    error = "the board has no course over time to animate";
    return {};
  }
  const TimeFrame first = line.frame(0);
  const auto walk = [&](const auto& step) {
    for (size_t k = 0; k < line.frames; ++k) step(line.frame(k), k);
    return true;
  };
  return streamed_gif(puzzle_id, *first.position, line.frames, options, walk, error);
}

}  // namespace puzzlelab::shell
