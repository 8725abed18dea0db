// An animation of moves played from a position (a solution, or the moves
// played by hand): frame 0 is the start, then one frame after each move, so
// N moves make N + 1 frames. Each frame has the strip under the board with
// the caption and the counter "move k / N". The first frame shows a second
// longer and the last two seconds longer, so a looping GIF reads as
// start, moves, end. A puzzle whose answer is not moves animates its
// position's course over time instead (PuzzleHooks::time_line: Tree of
// Life's generations), each frame with its own counter and marks.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "render/board_picture.h"
#include "render/gif_writer.h"

namespace puzzlelab::shell {

struct AnimationOptions {
  int width = 600;  // pixels
  float fps = 4;    // moves a second
  std::string caption;
  const SolveResult* result = nullptr;  // the solve the moves come from, if any
};

// "move 3 / 10"
std::string move_counter(size_t done, size_t total);

// The most frames of a time line an animation shows (the first ones): a
// time line may run to millions of generations, and every frame is drawn
// and kept in the file.
constexpr size_t kMostTimeFrames = 64;

// Makes the frames one at a time, so that a host can spread the work over
// its frames (the app's Save animation) or make them all at once.
class AnimationMaker {
 public:
  // `start` fixes the picture's size; `moves` is how many moves follow it.
  AnimationMaker(BoardPainter& painter, const Game& start, size_t moves, AnimationOptions options);
  // Frame `index` (0 the start, k the position after move k), with the
  // first and the last held longer: for hosts that encode each frame as
  // it is made (GifEncoder) rather than keep them all.
  GifFrame frame(const Game& position, size_t index) const;
  // Frame `index` of a time line, with its counter and marks.
  GifFrame frame(const TimeFrame& at, size_t index) const;
  // The view run over frame `index` as frame() would, with no picture made
  // (BoardPainter::lay_out): for a walk over the frames that pictures only
  // some of them.
  void lay_out(const Game& position, size_t index) const;
  void lay_out(const TimeFrame& at, size_t index) const;
  // Draws the next frame: the start first, then the position after each move.
  void add(const Game& position);
  size_t made() const { return frames_.size(); }
  size_t total() const { return moves_ + 1; }
  bool done() const { return made() >= total(); }
  // The frames, with the first and the last held longer.
  std::vector<GifFrame> finish();

 private:
  GifFrame paint(const Game& position, size_t index, const std::string& counter,
                 const std::vector<int>& marks) const;

  BoardPainter& painter_;
  size_t moves_;
  AnimationOptions options_;
  int board_height_;
  std::vector<GifFrame> frames_;
};

// The frames of `moves` played from `start`, or an empty list with `error`
// set when a move does not apply.
std::vector<GifFrame> animate_moves(BoardPainter& painter, const Game& start,
                                    const std::vector<Move>& moves, const AnimationOptions& options,
                                    std::string& error);

// The frames of a time line (PuzzleHooks::time_line), all of them.
std::vector<GifFrame> animate_time_line(BoardPainter& painter, const TimeLine& line,
                                        const AnimationOptions& options);

// An animation's frames in order (0 the start), as AnimationMaker draws
// them: the moves played from a start, a chain of positions kept, or a
// time line. GifStream walks them twice, each time from frame 0.
class FrameWalk {
 public:
  virtual ~FrameWalk() = default;
  virtual size_t total() const = 0;
  // The position the animation starts from (it fixes the picture's size).
  virtual const Game& start() const = 0;
  // Frame k, the one after k - 1 (or 0): drawn into `drawn` when `picture`,
  // else only laid out (BoardPainter::lay_out). False, with `error` set,
  // when it cannot be made (a move that does not apply).
  virtual bool visit(AnimationMaker& maker, size_t k, bool picture, std::optional<GifFrame>& drawn,
                     std::string& error) = 0;
};

// The moves played from `start` (both must outlive the walk).
std::unique_ptr<FrameWalk> walk_moves(const Game& start, const std::vector<Move>& moves);
// Positions kept (the app's chain as it was when Save animation was pressed).
std::unique_ptr<FrameWalk> walk_positions(std::vector<std::unique_ptr<Game>> positions);
// A time line's frames (PuzzleHooks::time_line), at least one.
std::unique_ptr<FrameWalk> walk_time_line(TimeLine line);

// An animation encoded as a GIF with only a few frames in memory, whatever
// its length (held at once, 61 frames at 1200 px took 342 MB): the bytes
// encode_gif makes of animate_moves' or animate_time_line's frames. The
// palette comes from the first and the last frames (GifEncoder), so the
// frames are walked twice, each time by a painter of its own from the
// start: the first walk runs the view over every frame but pictures only
// the first and the last (a view may build on the frames before it: Tree
// of Life's strip of past generations), the second draws each frame again
// and encodes it.
struct EncodedAnimation {
  std::vector<uint8_t> gif;  // empty, with the error set, when it failed
  size_t frames = 0;
  int width = 0, height = 0;
  double draw_seconds = 0, encode_seconds = 0;
};

// The same, a frame's work at a time, for a host that spreads it over its
// own frames (the app's Save animation): gif_of_moves and gif_of_time_line
// are this stream run to its end, so the app's GIF and the command line's
// are the same bytes.
class GifStream {
 public:
  GifStream(std::string_view puzzle_id, std::string font_dir, std::unique_ptr<FrameWalk> walk,
            AnimationOptions options);
  ~GifStream();
  GifStream(const GifStream&) = delete;
  GifStream& operator=(const GifStream&) = delete;
  // One frame of one walk; false, with the error kept for finish, when a
  // frame cannot be made or the encoder fails.
  bool step();
  bool done() const { return failed_ || encoded_ >= total(); }
  size_t total() const { return walk_->total(); }
  size_t encoded() const { return encoded_; }  // frames in the file so far
  // The file's bytes so far (0 until the first frame is encoded).
  size_t file_bytes() const { return encoder_ ? encoder_->file_bytes() : 0; }
  // The GIF once done (empty, with `error` set, when it failed).
  EncodedAnimation finish(std::string& error);

 private:
  struct Walker;  // a painter of its own from the start, and its maker
  bool palette_step();
  bool encode_step();

  std::string puzzle_id_, font_dir_;
  std::unique_ptr<FrameWalk> walk_;
  AnimationOptions options_;
  std::unique_ptr<Walker> walker_;
  size_t visited_ = 0;  // frames of the walk under way
  std::optional<GifFrame> first_, last_;
  std::unique_ptr<GifEncoder> encoder_;
  size_t encoded_ = 0;
  int width_ = 0, height_ = 0;
  bool failed_ = false;
  std::string error_;
  double busy_seconds_ = 0, encode_seconds_ = 0;
};

EncodedAnimation gif_of_moves(std::string_view puzzle_id, const Game& start,
                              const std::vector<Move>& moves, const AnimationOptions& options,
                              std::string& error);
EncodedAnimation gif_of_time_line(std::string_view puzzle_id, const TimeLine& line,
                                  const AnimationOptions& options, std::string& error);

}  // namespace puzzlelab::shell
