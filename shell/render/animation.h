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
EncodedAnimation gif_of_moves(std::string_view puzzle_id, const Game& start,
                              const std::vector<Move>& moves, const AnimationOptions& options,
                              std::string& error);
EncodedAnimation gif_of_time_line(std::string_view puzzle_id, const TimeLine& line,
                                  const AnimationOptions& options, std::string& error);

}  // namespace puzzlelab::shell
