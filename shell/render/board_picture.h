// Pictures of a board, drawn off-screen by the app's own view of the puzzle
// (shell/views), so a picture shows what players see: a private ImGui
// context with the app's fonts and style runs one frame of the view over
// the position, and software_rasterizer.h turns its triangles into pixels.
// No display, window or GL driver is needed (the `puzzlelab render`
// command, tests, and the app's Save picture all use this). The view's own
// work (Tree of Life's far generations) is asked of the painter's work
// room, which runs it in-process, as the app's room runs it in a worker.
#pragma once

#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "core/puzzle.h"
#include "midend/work.h"
#include "render/image.h"
#include "theme.h"
#include "views/board_view.h"

struct ImGuiContext;

namespace puzzlelab::shell {

// Where the app's fonts are on this machine (PUZZLELAB_FONT_DIR at build time).
std::string app_font_dir();

// What a picture shows besides the board: a strip under it with a caption
// on the left ("Rush Hour · Warm-up · optimum 10 moves") and a counter on
// the right ("move 3 / 10"). No strip when both are empty.
struct PictureText {
  std::string caption;
  std::string counter;
  bool empty() const { return caption.empty() && counter.empty(); }
};

// "Rush Hour · Warm-up (10 moves) · optimum 10 moves": the puzzle, the
// board's name and `cost_part` (the optimum when it is known), each left
// out when empty.
std::string picture_caption(const PuzzleInfo& info, std::string_view board_name,
                            std::string_view cost_part);

class BoardPainter {
 public:
  // `font_dir` holds DejaVuSans.ttf and DejaVuSans-Bold.ttf (the app's
  // fonts); without them ImGui's built-in font is used.
  BoardPainter(std::string_view puzzle_id, std::string font_dir = app_font_dir());
  ~BoardPainter();
  BoardPainter(const BoardPainter&) = delete;
  BoardPainter& operator=(const BoardPainter&) = delete;

  // The height of the board part of a picture `width` pixels wide (the
  // view's aspect, with the margin), and of the text strip under it.
  int board_height(const Game& position, int width) const;
  static int strip_height(int width);
  // The view's work before a picture of `position`, asked of the painter's
  // room and done at once under the budgets, cancel flag and clock of
  // `options` (BoardView::prepare): `solved` when it is ready.
  SolveResult prepare(const Game& position, const SolveOptions& options);
  // The painter's work room: its lane for the view runs the view's jobs
  // in-process, each held to kPictureWorkMs (a test may hand it another
  // transport).
  WorkRoom& work() { return work_; }
  static constexpr double kPictureWorkMs = 1000;

  // `position` drawn into a `width` x `board_height` area, the strip under
  // it when `text` is not empty. `result` is the solve the position comes
  // from, for views that show it (Bender's program); may be nullptr.
  // `marks`: cells the view marks as a hint's (BoardFrame::highlight).
  Image paint(const Game& position, int width, int board_height, const PictureText& text,
              const SolveResult* result = nullptr, const std::vector<int>& marks = {});
  // paint() without the picture: the view runs over the position as it
  // would for one (what it builds on from picture to picture, Tree of
  // Life's strip of past generations, grows the same), and targets() is
  // about it, but no pixel is made.
  void lay_out(const Game& position, int width, int board_height, const PictureText& text,
               const SolveResult* result = nullptr, const std::vector<int>& marks = {});

  // What the view drew where in the last picture, in its pixels ("A" for
  // car A, "board"...; see BoardView::targets).
  std::vector<Target> targets() const;
  // Where the view drew its board in the last picture (BoardView::drawn_board),
  // the area it was given for it, and the view itself.
  Target drawn_board() const;
  Target board_area() const { return board_area_; }
  const BoardView& view() const { return *view_; }

  // The UI scale a picture `width` pixels wide is drawn at: a picture of
  // kReferenceWidth pixels looks like the app on a 96 dpi screen.
  static float scale_for(int width);
  static constexpr int kReferenceWidth = 600;

 private:
  void draw_frame(const Game& position, int width, int board_height, const PictureText& text,
                  const SolveResult* result, const std::vector<int>& marks);

  ImGuiContext* context_ = nullptr;
  FontSet fonts_;
  WorkRoom work_;
  std::unique_ptr<BoardView> view_;
  Target board_area_;  // the last picture's area for the board
};

}  // namespace puzzlelab::shell
