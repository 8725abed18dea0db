// Bender on screen: the maze with its walls, the switches and the fields
// they control (one colour per switch; a field glows while it is on), the
// garbage balls, Fry and Bender. Arrow keys, a swipe, or a click on a
// neighbouring cell moves Bender. The side panel checks a program with the
// referee-exact simulator and runs it on the board, one move at a time.
#pragma once

#include <string>
#include <vector>

#include "board_view.h"
#include "puzzles/bender/bender.h"

namespace puzzlelab::shell {

class BenderView final : public BoardView {
 public:
  ViewAction show(const BoardFrame& frame) override;
  void reset() override { swipe_ = false; }
  float aspect(const Game& game) const override;
  std::string help() const override;
  ViewAction side_panel(const Game& game) override;
  std::vector<Target> targets() const override { return targets_; }

 private:
  struct Geometry {
    ImVec2 origin;
    float cell = 0;
    ImVec2 at(float x, float y) const { return {origin.x + x * cell, origin.y + y * cell}; }
  };

  void draw_maze(const BoardFrame& frame, const bender::Map& map) const;
  void draw_pieces(const BoardFrame& frame, const bender::Map& map) const;
  ViewAction handle_input(const BoardFrame& frame, const bender::Map& map);

  Geometry geometry_;
  bool swipe_ = false;
  ImVec2 swipe_start_;
  std::vector<Target> targets_;
  // The program runner: the program's moves still to play, and its verdict.
  std::string program_;
  std::string verdict_;
  std::string pending_;  // moves of the running program not yet applied
  int frames_to_next_ = 0;
};

}  // namespace puzzlelab::shell
