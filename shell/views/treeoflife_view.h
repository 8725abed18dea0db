// The Tree of Life on screen: the tree as a tree (node-link for small trees,
// an icicle of levels for big ones: each cell as wide as its leaves), live
// cells filled, a space-time strip of generations underneath (views/
// treeoflife_strip.h: 0-63, or the clock's last 64), and the
// selected query's path highlighted. Clicking a cell at generation 0 toggles
// it; arrows step the clock, Space plays. The side panel holds the time line
// (step, play, slider, go to), the cycle, the rule editor (the 16
// neighbourhoods as pictures, presets) and the loaded queries. In Edit mode
// (core/edit.h) a click is the tool's edit of the cell, the rule editor
// sends "rule N" edits, and the query list removes queries and sets the
// Query tool's step.
//
// The cells near the clock come from an Evolution the view owns, started
// from a generation it has (0, or where the last jump landed) and walked a
// slice of cell updates per frame (Evolution::state_within, about 8 ms of
// work): steps, play and short jumps. A jump farther than a few frames of
// that goes to the view's worker (BoardFrame::worker, Game::compute: a Web
// Worker in the browser), which walks from generation 0, keeping its
// evolution for the next jump; the view only draws, shows "computing
// generation X of Y" with a bar and a Cancel, and starts its own evolution
// again from the cells the worker sends (the strip's first row: the clock's
// last 64 generations are then a few local steps away). Every host gives
// the view a lane (pictures and tests an in-process one), so a far jump is
// always the room's work, never the view's.
//
// The view's parts: drawing, input and the walk to the clock in
// treeoflife_view.cpp, the jumps through the room in treeoflife_jump.cpp,
// the side panel's rule, queries and Go to in treeoflife_panel.cpp.
#pragma once

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "puzzles/treeoflife/treeoflife.h"
#include "views/board_view.h"
#include "views/edit_gesture.h"
#include "views/treeoflife_strip.h"

namespace puzzlelab::shell {

class TreeOfLifeView final : public BoardView {
 public:
  static constexpr int64_t kStripRows = 64;  // generations in the space-time strip
  ViewAction show(const BoardFrame& frame) override;
  void reset() override { playing_ = false; }
  float aspect(const Game&) const override { return 1.3f; }
  Target drawn_board_in(const Game&, ImVec2 min, ImVec2 max, float) const override;
  BoardHelp help() const override;
  ViewAction side_panel(const Game& game, const MovesShown&) override;
  std::vector<Target> targets() const override;
  // generation (shown), clock, computing, reached, live, queryCells (the
  // loaded queries' cells at the generation shown), workPerFrame, inWorker,
  // strip (write_strip_state: the strip's generations, how many of them are
  // computed, its columns, the x of the first cells' columns).
  void write_state(JsonWriter& json) const override;
  bool animating() const override { return playing_ || computing() || strip_pending_; }
  // Walks to the game's clock at once (Game::compute from generation 0 to
  // the strip's first row, as a job of `work`, waited for; then the view's
  // own evolution), so that a picture shows the cells, not "computing
  // generation X of Y".
  SolveResult prepare(const Game& position, const SolveOptions& options, WorkLane& work) override;
  bool computing() const override { return shown_t_ != clock_; }

 private:
  // Where every cell sits, in leaf units: cell i spans leaves [lo, hi).
  struct Intervals {
    const treeoflife::Shape* shape = nullptr;
    std::vector<float> lo, hi, split;  // split: where left ends (internal cells)
    std::vector<int> level;
    float leaves = 1;
  };
  // This frame's share of the work toward the clock's generation and the
  // strip's rows, here or in the worker.
  void advance(const treeoflife::TreeOfLifeGame& game, WorkLane* worker);
  // The view's evolution from `cells` at generation `base`.
  void start_local(const treeoflife::Problem& p, int64_t base, const treeoflife::Bits& cells);
  // Cell updates the local evolution still needs for generation t (-1: it
  // cannot, t is before its start).
  int64_t local_work(int64_t t, int64_t cells) const;
  const treeoflife::Bits* local_state_within(int64_t t, int64_t& budget);
  // The worker's jump: asks for the strip's first row before the clock, and
  // takes its progress and answer.
  void ask_worker(const treeoflife::TreeOfLifeGame& game, WorkLane& worker);
  void collect_worker(const treeoflife::TreeOfLifeGame& game, WorkLane& worker);
  // The room's job for generation `target` (from generation 0).
  SolveRequest jump_request(const treeoflife::TreeOfLifeGame& game, int64_t target);
  // Takes a jump's answer: the local evolution starts there. "" when it
  // did, else why not.
  std::string land_jump(const treeoflife::TreeOfLifeGame& game, int64_t target,
                        const SolveResult& result);
  // The jump to `target` at once: the job under `options`' budgets, waited
  // for, and landed (prepare).
  SolveResult jump_now(const treeoflife::TreeOfLifeGame& game, int64_t target,
                       const SolveOptions& options, WorkLane& work);
  void drop_jump(WorkLane* worker);
  // The view's evolution and what it knew, dropped for another rule or
  // generation 0 (`key`).
  void start_over(const treeoflife::TreeOfLifeGame& game, const std::string& key, WorkLane* worker);
  // `state` is the clock's generation: the cells to draw.
  void show_clock(const treeoflife::Problem& p, const treeoflife::Bits& state);
  // The cycle as far as the view knows it (exact, or its period and a
  // generation it has started by).
  struct KnownCycle {
    treeoflife::Cycle cycle;
    bool exact = true;
  };
  std::optional<KnownCycle> known_cycle() const;
  // The strip (treeoflife_strip.cpp): its missing rows, within the budget.
  void fill_strip(const treeoflife::Shape& shape, int64_t last, int64_t& budget);
  // The strip's generations: 0-63 while the clock is there (what is to come
  // as the rule runs: also the board being built, at 0, while editing),
  // else the clock's last 64.
  int64_t strip_last() const { return std::max(clock_, kStripRows - 1); }
  int64_t strip_first() const { return strip_last() - (kStripRows - 1); }
  void draw_strip_label(const BoardFrame& frame, ImVec2 min, ImVec2 max) const;
  void write_strip_state(JsonWriter& json) const;
  int64_t cancel_generation() const;
  void draw_progress(const BoardFrame& frame, ImVec2 min, ImVec2 max);
  void update_intervals(const treeoflife::Shape& shape);
  bool node_link(const treeoflife::Shape& shape) const;

  void draw_tree(const BoardFrame& frame, const treeoflife::TreeOfLifeGame& game, ImVec2 min,
                 ImVec2 max);
  void draw_space_time(const BoardFrame& frame, const treeoflife::TreeOfLifeGame& game, ImVec2 min,
                       ImVec2 max);
  std::vector<int64_t> query_path_cells(const treeoflife::TreeOfLifeGame& game) const;
  ViewAction step_to(const treeoflife::TreeOfLifeGame& game, int64_t generation) const;
  ViewAction time_line(const treeoflife::TreeOfLifeGame& game);  // the buttons and the slider
  ViewAction time_line_more(const treeoflife::TreeOfLifeGame& game);
  ViewAction rule_editor(const treeoflife::TreeOfLifeGame& game);  // the rule's number
  ViewAction rule_cases(const treeoflife::TreeOfLifeGame& game);
  ViewAction query_list(const treeoflife::TreeOfLifeGame& game);
  void query_step();
  ViewAction edit_click(const BoardFrame& frame);
  std::string rule_move(unsigned rule) const;
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
  // Edit mode: the tool in hand (nullptr while playing), and the Query
  // tool's step.
  const EditTool* edit_tool_ = nullptr;
  EditGesture edit_{EditGesture::Click::on_press};  // nothing to drag on a tree
  int query_step_ = 1;
  bool playing_ = false;
  float rate_ = 8;  // generations per second while playing
  double play_clock_ = 0;
  int goto_generation_ = 0;
  // Solve's answers to the loaded queries ("" until Solve gives them).
  std::string solved_answers_;
  std::string rule_text_;  // the rule field's text while it is being typed
  bool rule_editing_ = false;
  // The evolution behind the cells on screen, for one rule and generation 0,
  // started from generation base_.
  std::string evolution_key_;
  std::unique_ptr<treeoflife::Evolution> evolution_;
  int64_t base_ = 0;
  std::string worker_board_;  // the rule and generation 0, as the worker reads them
  // A jump the worker is on: the generation asked for, the clock it serves.
  struct Jump {
    int64_t target = 0;
    int64_t clock = 0;
  };
  std::optional<Jump> jump_;
  // What the worker's evolution from generation 0 knows: a cycle, or how far
  // no state repeats.
  std::optional<treeoflife::Cycle> worker_cycle_;
  int64_t worker_frontier_ = 0;
  std::string worker_note_;  // a failed jump's reason, for the player
  // The clock a jump failed for: not asked again until another is.
  std::optional<int64_t> failed_clock_;
  treeoflife::Bits shown_;  // the cells drawn: generation shown_t_ (-1: none yet)
  int64_t shown_t_ = -1;
  int64_t clock_ = 0;    // the generation asked for (the game's clock)
  int64_t reached_ = 0;  // how far the walk toward it got
  std::string query_cells_;
  double updates_per_second_ = 5e8;  // measured: sizes the next frame's slice
  std::chrono::steady_clock::time_point last_frame_;
  double work_seconds_ = 0;   // the last frame's evolution work
  double other_seconds_ = 0;  // the rest of a frame, smoothed
  int64_t frame_budget_ = 0;
  ImVec2 cancel_min_, cancel_max_;  // the board's Cancel while computing
  // The space-time strip: shares of live cells per column, by generation;
  // whether rows are still to come (frames go on); the drawn x of the first
  // cells' columns (published).
  StripColumns strip_;
  std::map<int64_t, std::vector<float>> strip_rows_;
  bool strip_pending_ = false;
  std::vector<float> strip_cell_x_;
};

}  // namespace puzzlelab::shell
