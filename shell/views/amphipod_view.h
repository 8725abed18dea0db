// Amphipod on screen: the burrow drawn as the puzzle draws it (rock walls,
// a hallway, rooms hanging under it, the door cells marked no-stopping),
// amphipods as coloured shapes with their letter. Pick one (click, touch or
// Tab) and the cells it may stop on light up with their energy; drag it
// there or press Enter on the chosen cell (arrows cycle them). An illegal
// drop is refused with the rule's reason. Played-back moves walk the route.
#pragma once

#include <optional>

#include "puzzles/amphipod/amphipod.h"
#include "views/board_view.h"
#include "views/edit_gesture.h"

namespace puzzlelab::shell {

class AmphipodView final : public BoardView {
 public:
  ViewAction show(const BoardFrame& frame) override;
  void reset() override;
  float aspect(const Game& game) const override;
  Target drawn_board_in(const Game& game, ImVec2 min, ImVec2 max, float scale) const override;
  BoardHelp help() const override;
  std::vector<Target> targets() const override { return targets_; }

 private:
  struct Geometry {
    ImVec2 origin;  // top-left of the diagram's character (0, 0)
    float cell = 0;
    float wall = 0;  // the outer walls' thickness (left, right, top): thinner than a cell
    ImVec2 at(float row, float col) const { return {origin.x + col * cell, origin.y + row * cell}; }
  };
  // A legal stop for the picked amphipod, with its energy.
  struct Stop {
    amphipod::Place to;
    int64_t energy = 0;
  };
  struct Drag {
    ImVec2 start_mouse;
    ImVec2 mouse;
    bool moved = false;  // went further than a click
  };

  static Geometry fit(const amphipod::Burrow& b, ImVec2 min, ImVec2 max, float scale);
  static Target diagram(const amphipod::Burrow& b, const Geometry& g);
  // Diagram row and column of a place (hallway row 1, rooms from row 2).
  static ImVec2 grid_of(const amphipod::Place& place);
  ImVec2 center_of(const amphipod::Place& place) const;
  // The place under a point; dropping on any cell of a room means its
  // deepest free cell (the only one an amphipod may enter).
  std::optional<amphipod::Place> place_at(const amphipod::Burrow& b, ImVec2 point) const;
  std::optional<amphipod::Place> amphipod_at(const amphipod::Burrow& b, ImVec2 point) const;
  void pick(const amphipod::Burrow& b, std::optional<amphipod::Place> place);

  void draw_burrow(const BoardFrame& frame, const amphipod::Burrow& b) const;
  void draw_amphipod(const BoardFrame& frame, int kind, ImVec2 center, bool lifted,
                     bool picked) const;
  void draw_stops(const BoardFrame& frame) const;
  void draw_highlight(const BoardFrame& frame, const amphipod::Burrow& b) const;
  // Every amphipod where it is drawn this frame (walking along its route
  // while a move animates, under the pointer while dragged).
  void draw_amphipods(const BoardFrame& frame, const amphipod::Burrow& b) const;

  ViewAction drop(const amphipod::Burrow& b, const amphipod::Place& to);
  ViewAction handle_pointer(const BoardFrame& frame, const amphipod::Burrow& b);
  ViewAction handle_keys(const amphipod::Burrow& b);
  // Edit mode: a click on a cell is the tool in hand's edit ("B 13").
  ViewAction handle_edit(const BoardFrame& frame, const amphipod::Burrow& b);
  void draw_edit(const BoardFrame& frame, const amphipod::Burrow& b) const;
  std::string pending_refusal() const override { return refusal_; }
  void record_targets(const amphipod::Burrow& b);

  Geometry geometry_;
  std::optional<amphipod::Place> picked_;
  std::vector<Stop> stops_;
  int chosen_stop_ = -1;  // keyboard cursor over stops_
  std::optional<Drag> drag_;
  std::vector<Target> targets_;
  // Edit mode: a press and a release on the same cell is one edit.
  EditGesture edit_{EditGesture::Click::on_release_same_cell};
  std::string refusal_;  // why letting go now would be refused
};

}  // namespace puzzlelab::shell
