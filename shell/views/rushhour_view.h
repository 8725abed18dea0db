// Rush Hour on screen: a board with an exit at the edge of car A's row;
// cars slide along their lanes by mouse or touch drag (snapping to cells,
// never through other pieces) or by keyboard (Tab, a click or the car's
// letter selects, arrow keys move). The board is drawn as it was written:
// a golf board with its exit on the left or top is shown so, through the
// game's Orientation (the engine's frame always has the exit on the right).
#pragma once

#include <optional>

#include "puzzles/rushhour/rushhour.h"
#include "views/board_view.h"
#include "views/edit_gesture.h"

namespace puzzlelab::shell {

class RushHourView final : public BoardView {
 public:
  ViewAction show(const BoardFrame& frame) override;
  void reset() override {
    drag_.reset();
    edit_.cancel();
  }
  float aspect(const Game& game) const override;
  BoardHelp help() const override;
  BannerPlace banner_place(const Game& game) const override;  // not over a top exit
  std::vector<Target> targets() const override { return targets_; }
  Target drawn_board() const override;  // the floor, its bezel and shadow
  Target drawn_board_in(const Game& game, ImVec2 min, ImVec2 max, float scale) const override;
  std::string pending_refusal() const override { return refusal_; }
  // exit (the side the gap is drawn on) and rows (the board as drawn).
  void write_state(JsonWriter& json) const override;

 private:
  // Where the board's cells are on screen this frame (cells as written).
  struct Geometry {
    ImVec2 origin;  // top-left corner of cell (0, 0)
    float cell = 0;
    float bezel = 0;
    ImVec2 cell_min(float row, float col) const {
      return {origin.x + col * cell, origin.y + row * cell};
    }
  };
  struct Rect {
    ImVec2 lo, hi;
  };
  // A piece being dragged: where it started and how far it may go (in the
  // engine's frame, along the piece's axis).
  struct Drag {
    int piece = 0;
    ImVec2 start_mouse;
    int start = 0;
    int lowest = 0;    // smallest reachable position along the axis
    int highest = 0;   // largest reachable position
    float offset = 0;  // cells moved so far, within [lowest, highest]
  };

  static Geometry fit(const rushhour::Orientation& orientation, ImVec2 min, ImVec2 max,
                      float scale);
  // A box of the engine's frame (cell units) in screen pixels.
  Rect on_screen(const rushhour::Orientation& orientation, rushhour::Box box) const;
  // Fractional position of every piece this frame (animations, drags).
  std::vector<float> shown_positions(const BoardFrame& frame) const;
  Rect piece_rect(const rushhour::RushHourGame& game, int piece, float pos) const;
  int piece_at(const rushhour::RushHourGame& game, const std::vector<float>& shown,
               ImVec2 point) const;

  void draw_board(const BoardFrame& frame, const rushhour::RushHourGame& game) const;
  void draw_exit(const BoardFrame& frame, const rushhour::RushHourGame& game) const;
  void draw_piece(const BoardFrame& frame, const rushhour::RushHourGame& game, int piece, float pos,
                  bool hovered) const;
  // A glowing outline round the hint's cells (the piece to move next).
  void draw_highlight(const BoardFrame& frame, const rushhour::Orientation& orientation) const;
  ViewAction handle_pointer(const BoardFrame& frame, const rushhour::RushHourGame& game,
                            const std::vector<float>& shown);
  ViewAction handle_keys(const rushhour::RushHourGame& game);
  void record_targets(const rushhour::RushHourGame& game, const std::vector<float>& shown);
  // Edit mode (BoardFrame::edit_tool): the cell under a point (-1 off the
  // board), the edit a press and release make, and the cells it covers.
  int cell_at(const rushhour::RushHourGame& game, ImVec2 point) const;
  ViewAction handle_edit(const BoardFrame& frame, const rushhour::RushHourGame& game);
  void draw_edit(const BoardFrame& frame, const rushhour::RushHourGame& game);
  // The board as drawn, one string a row (pieces' letters, # walls, spaces),
  // read back from the pieces' rectangles on screen.
  void record_drawn_rows(const rushhour::RushHourGame& game);

  Geometry geometry_;
  std::optional<Drag> drag_;
  int selected_ = -1;          // piece chosen for the keyboard, -1 if none
  EditGesture edit_;           // Edit mode: a press on the board until its release
  std::vector<int> outlined_;  // Edit mode: the cells outlined this frame
  std::string refusal_;        // Edit mode: why letting go now would be refused
  int hovered_ = -1;
  std::vector<Target> targets_;
  std::string exit_side_;
  std::vector<std::string> drawn_rows_;
};

}  // namespace puzzlelab::shell
