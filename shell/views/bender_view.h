// Bender on screen: the maze with its walls, the switches and the fields
// they control (one colour per switch; a field glows while it is on), the
// garbage balls, Fry and Bender. Arrow keys, a swipe, or a click on a
// neighbouring cell moves Bender.
//
// The side panel holds a program editor (one function per row, mistakes
// explained) and a runner that plays the program on the board a turn at a
// time with the referee's rules (bender::ProgramRunner): step, run, pause,
// speed, the next instruction highlighted, the call stack, the turn counter
// and the verdict, a loss drawn where it happened. A solve's program and a
// link's program=... load into the editor; "Compress" turns the walk on the
// board (played by hand, or a solution's) into a program (the solver's
// compressor, a job of the work room's lane for the views).
//
// In Edit mode a click or a drag on cells is the tool in hand's edit
// (bender::editor); a click on a switch, then one on a field, pairs them as
// a drag from one to the other does. The program panel waits meanwhile.
//
// The maze and its input are in bender_view.cpp, the program panel and
// Compress in bender_program.cpp.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "puzzles/bender/bender.h"
#include "puzzles/bender/program_runner.h"
#include "views/board_view.h"
#include "views/edit_gesture.h"

namespace puzzlelab::shell {

class BenderView final : public BoardView {
 public:
  ViewAction show(const BoardFrame& frame) override;
  void reset() override { swipe_ = false; }
  float aspect(const Game& game) const override;
  Target drawn_board_in(const Game& game, ImVec2 min, ImVec2 max, float scale) const override;
  BoardHelp help() const override;
  ViewAction side_panel(const Game& game, const MovesShown& moves) override;
  std::vector<Target> targets() const override;
  std::string pending_refusal() const override { return refusal_; }
  // The program in the editor, so a copied link or a reload keeps it.
  std::vector<std::pair<std::string, std::string>> link_keys() const override;
  void open_link(const std::vector<std::pair<std::string, std::string>>& keys) override;
  void write_state(JsonWriter& json) const override;
  // Not while compressing: the worker's reply wakes the app.
  bool animating() const override { return running_ || autorun_ || compress_asked_; }
  // While a program runs on the board, the board is the runner's.
  bool shows_other_position() const override { return runner_.has_value(); }

 private:
  struct Geometry {
    ImVec2 origin;
    float cell = 0;
    ImVec2 at(float x, float y) const { return {origin.x + x * cell, origin.y + y * cell}; }
  };
  static Geometry fit(const bender::Map& map, ImVec2 min, ImVec2 max, float scale);
  static Target maze(const bender::Map& map, const Geometry& g);  // the map's rectangle
  void draw_maze(const BoardFrame& frame, const bender::Map& map) const;
  void draw_pieces(const BoardFrame& frame, const bender::Map& map, const bender::Map* previous,
                   float progress) const;
  void draw_runner_banner(const BoardFrame& frame) const;
  // Rings on frame.highlight's cells, numbered y * width + x as written.
  void draw_highlight(const BoardFrame& frame, const bender::Map& map) const;
  ViewAction handle_input(const BoardFrame& frame, const bender::Map& map);
  // Edit mode: cells numbered y * width + x (core/edit.h), -1 off the map.
  int cell_at(const bender::Map& map, ImVec2 point) const;
  ViewAction handle_edit(const BoardFrame& frame, const bender::Map& map);
  std::vector<int> edit_outline(const BoardFrame& frame, int hover) const;
  std::string release_edit(const EditTool& tool, const std::vector<int>& cells) const;
  void draw_edit(const BoardFrame& frame, const bender::Map& map);

  std::string program() const;  // the editor's rows joined by ';'
  void load_program(const std::string& program, std::string note);
  void start_runner();  // the editor's program, from the board's start, turn 0
  void advance_runner();
  // The walk to the room's lane for the views (bender_program.cpp).
  void start_compression(const bender::BenderGame& game, WorkLane& worker);
  void collect_compression(WorkLane& worker);
  void finish_compression(const SolveResult& result);
  bool compressing() const { return compress_asked_ || compressing_; }

  void compress_controls(const bender::BenderGame& game);
  void editor_controls();
  void runner_controls();  // Step, Run, Reset, Close
  void runner_details();
  void program_listing();
  void add_panel_target(const char* name);

  Geometry geometry_;
  bool swipe_ = false;
  ImVec2 swipe_start_;
  std::vector<Target> targets_;        // on the board, last frame
  std::vector<Target> panel_targets_;  // the panel's buttons, last frame
  const Fonts* fonts_ = nullptr;

  std::optional<bender::Map> start_;             // the board's start: programs run from it
  std::string editor_;                           // the program, one function per row
  std::string note_;                             // where the program came from, or what went wrong
  std::optional<bender::ProgramRunner> runner_;  // shown on the board while set
  bool running_ = false;
  float speed_ = 12;               // turns per second
  double owed_ = 0;                // turns due but not yet played
  bool autorun_ = false;           // a link's program: run it once the board shows
  bool had_result_ = false;        // the last frame had a solve's result
  bool compress_asked_ = false;    // Compress pressed: show() sends the walk
  bool compressing_ = false;       // the walk is with the worker
  size_t compressing_walk_ = 0;    // its moves, for the note
  std::string compressing_owner_;  // whose walk it is, for the note ("Your")
  MovesShown moves_;               // whose moves led to the panel's position
  std::string walk_label_;         // the walk's row beside Compress, last frame
  bool editing_ = false;           // the last frame showed a board being built
  EditGesture edit_;               // a press on the board until its release
  int pending_switch_ = -1;        // a switch clicked: the next click places its field
  std::vector<int> outlined_;      // the cells outlined this frame
  std::string refusal_;            // why letting go now would be refused
};

}  // namespace puzzlelab::shell
