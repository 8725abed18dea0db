// The Tree of Life on screen: the tree as a tree (node-link for small trees,
// an icicle of levels for big ones: each cell as wide as its leaves), live
// cells filled, a space-time strip of recent generations underneath, and the
// selected query's path highlighted. Clicking a cell at generation 0 toggles
// it; arrows step the clock, Space plays. The side panel holds the time line
// (step, play, slider, go to), the cycle, the rule editor (the 16
// neighbourhoods as pictures, presets) and the loaded queries.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "board_view.h"
#include "puzzles/treeoflife/treeoflife.h"

namespace puzzlelab::shell {

class TreeOfLifeView final : public BoardView {
 public:
  ViewAction show(const BoardFrame& frame) override;
  void reset() override { playing_ = false; }
  float aspect(const Game&) const override { return 1.3f; }
  std::string help() const override;
  ViewAction side_panel(const Game& game) override;
  std::vector<Target> targets() const override;

 private:
  // Where every cell sits, in leaf units: cell i spans leaves [lo, hi).
  struct Intervals {
    const treeoflife::Shape* shape = nullptr;
    std::vector<float> lo, hi, split;  // split: where left ends (internal cells)
    std::vector<int> level;
    float leaves = 1;
  };
  void update_intervals(const treeoflife::Shape& shape);
  bool node_link(const treeoflife::Shape& shape) const;

  void draw_tree(const BoardFrame& frame, const treeoflife::TreeOfLifeGame& game, ImVec2 min,
                 ImVec2 max);
  void draw_space_time(const BoardFrame& frame, const treeoflife::TreeOfLifeGame& game, ImVec2 min,
                       ImVec2 max);
  std::vector<int64_t> query_path_cells(const treeoflife::TreeOfLifeGame& game) const;
  ViewAction step_to(const treeoflife::TreeOfLifeGame& game, int64_t generation) const;
  ViewAction time_line(const treeoflife::TreeOfLifeGame& game);
  ViewAction rule_editor(const treeoflife::TreeOfLifeGame& game);
  ViewAction query_list(const treeoflife::TreeOfLifeGame& game);
  void note_target(const std::string& name);

  Intervals intervals_;
  std::vector<Target> board_targets_;
  std::vector<Target> panel_targets_;
  // Screen position and radius/size of each drawn cell, for clicks.
  struct Spot {
    int64_t cell;
    ImVec2 min, max;
  };
  std::vector<Spot> spots_;
  int selected_query_ = -1;
  bool playing_ = false;
  float rate_ = 8;  // generations per second while playing
  double play_clock_ = 0;
  int goto_generation_ = 0;
  // Answers of the loaded queries, cached for the problem they belong to.
  std::string answers_key_;
  std::string answers_;
  // The space-time strip's shares of live cells, for the window it shows.
  std::string strip_key_;
  std::vector<float> strip_;
};

}  // namespace puzzlelab::shell
