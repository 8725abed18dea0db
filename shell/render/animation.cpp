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

void visit_with(AnimationMaker& maker, const auto& frame, size_t k, bool picture,
                std::optional<GifFrame>& drawn) {
  if (picture)
    drawn = maker.frame(frame, k);
  else
    maker.lay_out(frame, k);
}

class MovesWalk : public FrameWalk {
 public:
  MovesWalk(const Game& start, const std::vector<Move>& moves) : start_(start), moves_(moves) {}
  size_t total() const override { return moves_.size() + 1; }
  const Game& start() const override { return start_; }
  bool visit(AnimationMaker& maker, size_t k, bool picture, std::optional<GifFrame>& drawn,
             std::string& error) override {
    if (k == 0) {
      position_ = start_.clone();
    } else if (const ApplyResult applied = position_->apply(moves_[k - 1].text); !applied) {
      error = "move " + std::to_string(k) + " (" + moves_[k - 1].text +
              ") does not apply: " + applied.error;
      return false;
    }
    visit_with(maker, *position_, k, picture, drawn);
    return true;
  }

 private:
  const Game& start_;
  const std::vector<Move>& moves_;
  std::unique_ptr<Game> position_;  // frame k's
};

class PositionsWalk : public FrameWalk {
 public:
  explicit PositionsWalk(std::vector<std::unique_ptr<Game>> positions)
      : positions_(std::move(positions)) {}
  size_t total() const override { return positions_.size(); }
  const Game& start() const override { return *positions_.front(); }
  bool visit(AnimationMaker& maker, size_t k, bool picture, std::optional<GifFrame>& drawn,
             std::string&) override {
    visit_with(maker, *positions_[k], k, picture, drawn);
    return true;
  }

 private:
  std::vector<std::unique_ptr<Game>> positions_;
};

class TimeLineWalk : public FrameWalk {
 public:
  explicit TimeLineWalk(TimeLine line) : line_(std::move(line)), first_(line_.frame(0)) {}
  size_t total() const override { return line_.frames; }
  const Game& start() const override { return *first_.position; }
  bool visit(AnimationMaker& maker, size_t k, bool picture, std::optional<GifFrame>& drawn,
             std::string&) override {
    visit_with(maker, line_.frame(k), k, picture, drawn);
    return true;
  }

 private:
  TimeLine line_;
  TimeFrame first_;
};

}  // namespace

std::unique_ptr<FrameWalk> walk_moves(const Game& start, const std::vector<Move>& moves) {
  return std::make_unique<MovesWalk>(start, moves);
}

std::unique_ptr<FrameWalk> walk_positions(std::vector<std::unique_ptr<Game>> positions) {
  return std::make_unique<PositionsWalk>(std::move(positions));
}

std::unique_ptr<FrameWalk> walk_time_line(TimeLine line) {
  return std::make_unique<TimeLineWalk>(std::move(line));
}

// Each walk has a painter of its own from the start: the view may build on
// the frames before (Tree of Life's strip of past generations), so both
// walks see every frame in order.
struct GifStream::Walker {
  Walker(std::string_view puzzle_id, const std::string& font_dir, const FrameWalk& walk,
         const AnimationOptions& options)
      : painter(puzzle_id, font_dir), maker(painter, walk.start(), walk.total() - 1, options) {}
  BoardPainter painter;
  AnimationMaker maker;
};

GifStream::GifStream(std::string_view puzzle_id, std::string font_dir,
                     std::unique_ptr<FrameWalk> walk, AnimationOptions options)
    : puzzle_id_(puzzle_id),
      font_dir_(std::move(font_dir)),
      walk_(std::move(walk)),
      options_(std::move(options)) {}

GifStream::~GifStream() = default;

bool GifStream::step() {
  if (done()) return !failed_;
  const Clock::time_point begin = Clock::now();
  if (!walker_) walker_ = std::make_unique<Walker>(puzzle_id_, font_dir_, *walk_, options_);
  const bool ok = encoder_ ? encode_step() : palette_step();
  busy_seconds_ += seconds(Clock::now() - begin);
  failed_ = !ok;
  return ok;
}

// Walk 1: the view over every frame, the first and the last pictured for
// the palette (GifEncoder); then the first frame is the file's first.
bool GifStream::palette_step() {
  const size_t k = visited_++;
  const bool picture = k == 0 || k + 1 == total();
  if (!walk_->visit(walker_->maker, k, picture, k == 0 ? first_ : last_, error_)) return false;
  if (visited_ < total()) return true;
  if (!last_) last_ = *first_;  // one frame: the first is the last
  const Clock::time_point at = Clock::now();
  encoder_ = std::make_unique<GifEncoder>(first_->image, last_->image);
  last_.reset();
  width_ = first_->image.width;
  height_ = first_->image.height;
  const bool added = encoder_->add(*first_);
  first_.reset();
  encode_seconds_ += seconds(Clock::now() - at);
  encoded_ = 1;
  walker_.reset();  // walk 2 starts afresh
  visited_ = 0;
  return added;
}

// Walk 2: each frame drawn again in turn and encoded (the first, laid out
// only, is already in the file).
bool GifStream::encode_step() {
  const size_t k = visited_++;
  std::optional<GifFrame> drawn;
  if (!walk_->visit(walker_->maker, k, k > 0, drawn, error_)) return false;
  if (k == 0) return true;
  const Clock::time_point at = Clock::now();
  const bool added = encoder_->add(*drawn);
  encode_seconds_ += seconds(Clock::now() - at);
  ++encoded_;
  return added;
}

EncodedAnimation GifStream::finish(std::string& error) {
  EncodedAnimation out;
  out.frames = total();
  out.width = width_;
  out.height = height_;
  if (!error_.empty() || !encoder_) {  // a frame that could not be made
    error = error_.empty() ? "the animation is not finished" : error_;
    return out;
  }
  if (!failed_ && encoded_ < total()) {
    error = "the animation is not finished";
    return out;
  }
  out.draw_seconds = busy_seconds_ - encode_seconds_;  // what the steps spent drawing
  const Clock::time_point at = Clock::now();
  out.gif = encoder_->finish(error);  // the encoder's own error if an add failed
  out.encode_seconds = encode_seconds_ + seconds(Clock::now() - at);
  return out;
}

namespace {

EncodedAnimation run_stream(std::string_view puzzle_id, std::unique_ptr<FrameWalk> walk,
                            const AnimationOptions& options, std::string& error) {
  GifStream stream(puzzle_id, app_font_dir(), std::move(walk), options);
  while (!stream.done()) stream.step();
  return stream.finish(error);
}

}  // namespace

EncodedAnimation gif_of_moves(std::string_view puzzle_id, const Game& start,
                              const std::vector<Move>& moves, const AnimationOptions& options,
                              std::string& error) {
  return run_stream(puzzle_id, walk_moves(start, moves), options, error);
}

EncodedAnimation gif_of_time_line(std::string_view puzzle_id, const TimeLine& line,
                                  const AnimationOptions& options, std::string& error) {
  if (line.frames == 0) {
    error = "the board has no course over time to animate";
    return {};
  }
  return run_stream(puzzle_id, walk_time_line(line), options, error);
}

}  // namespace puzzlelab::shell
