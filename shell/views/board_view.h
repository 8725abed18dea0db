// A per-puzzle view: draws one puzzle's positions with ImDrawList and turns
// mouse, touch and keyboard input into move text. The rest of the shell knows
// puzzles only through this interface and the engine's Game; adding a puzzle
// to the app means one view file pair and one line in view_registry.cpp.
#pragma once

#include <algorithm>
#include <string>
#include <string_view>
#include <vector>

#include <imgui.h>

#include "core/edit.h"
#include "core/json_writer.h"
#include "core/puzzle.h"
#include "midend/work.h"
#include "theme.h"

namespace puzzlelab::shell {

// Pointer and keyboard state for the board, already filtered by the shell:
// the pointer flags are false when another widget owns the mouse, and
// `keyboard` is false while a text box has focus.
struct BoardInput {
  ImVec2 mouse;
  bool hovered = false;   // pointer over the board area
  bool pressed = false;   // button (or finger) went down on the board this frame
  bool held = false;      // still down since a press on the board
  bool released = false;  // went up this frame after a press on the board
  bool keyboard = false;  // keys and typed characters are for the board
};

// One frame of a board: where to draw, what to show, and how.
struct BoardFrame {
  ImDrawList* draw = nullptr;
  ImVec2 min, max;  // the area to fill, in screen pixels
  // The current position: input is always relative to it.
  const Game* position = nullptr;
  // While a move animates: the position it comes from, and how far along
  // (0..1, already eased) the slide from `previous` to `position` is.
  // nullptr when still.
  const Game* previous = nullptr;
  float progress = 1;
  // A hint's marks pulse for a few seconds after it arrives, then hold
  // still at 1 (nothing is drawn while nothing moves).
  float pulse = 1;
  bool interactive = true;     // false while solving or playing back
  std::vector<int> highlight;  // cells to mark (hints), in the puzzle's numbering
  std::vector<int> related;    // cells that support the hint: marked more softly
  // The last solve's result while it stands (a Bender view loads its
  // program); nullptr while solving, or when there is none.
  const SolveResult* result = nullptr;
  const Fonts* fonts = nullptr;
  float scale = 1;  // UI scale: 1 = a 96 dpi screen
  BoardInput input;
  // The work room's lane for the view's slow engine work
  // (RequestKind::compute: Tree of Life's far generations, Bender's
  // Compress), on a Web Worker in the browser and a thread natively, so
  // that the view only draws; the view starts requests and polls it each
  // frame, as it would a SolverClient. Every host gives one (pictures, the
  // How to play card's demonstration and tests: a room's in-process lane,
  // midend/in_process_client.h); a view never calls the engine's work
  // itself. Were it nullptr, the view's far work would wait.
  WorkLane* worker = nullptr;
  // Edit mode: the tool in hand (nullptr while playing). The view then
  // turns clicks and drags on cells into edit text ("car 14 15", see
  // core/edit.h) in ViewAction::move, and the midend applies it as an edit.
  const EditTool* edit_tool = nullptr;
  // Edit mode: the editor and the board's text its edits apply to, so that
  // a view can outline what an edit would change (EditGesture::outline_cells).
  const PuzzleEditor* editor = nullptr;
  std::string_view edit_board;
};

// Whose moves led to the position a side panel is about: a solution's moves
// on screen are not the player's, and a view's own figures of the position
// (Bender's walk) say so, as the toolbar's "Your moves" does.
struct MovesShown {
  int hand = 0;    // played by hand
  int solver = 0;  // a solution's, played back or stepped through
};

// What the player did this frame.
struct ViewAction {
  std::string move;      // a move to apply ("A+1", "r3c5=7"); empty = none
  bool animate = false;  // slide into the new position (keyboard moves), or jump (drags)
  std::string note;      // a short hint to show the player ("car B moves up and down")
};

// One row of the list of keys: the keys (or a gesture) and what they do.
struct KeyRow {
  std::string keys;
  std::string what;
};

// How to play on a board: a short line under it for each kind of device,
// and the board's own keys for the list of keys (the ? key).
struct BoardHelp {
  std::string keyboard;      // with a mouse and a keyboard
  std::string touch;         // on a touch screen: no keys, gestures only
  std::vector<KeyRow> keys;  // the board's keys (keyboard only)
};

// Something a test or an embedding page can point at, in screen pixels.
struct Target {
  std::string name;  // "A" for car A, "r3c5" for a cell...
  float x = 0, y = 0, w = 0, h = 0;
};

class BoardView {
 public:
  virtual ~BoardView() = default;

  // Draws frame.position (or the animation) into the area and handles input.
  virtual ViewAction show(const BoardFrame& frame) = 0;
  // A new board was loaded, or the position changed under the view
  // (undo, redo, playback): drop drags and other transient state.
  virtual void reset() {}
  // Width / height of the board, so the shell can share the screen well.
  virtual float aspect(const Game& game) const = 0;
  // Where drawn_board() would lie were `game` shown in the area from `min`
  // to `max` at `scale`: by default the largest rectangle of aspect() that
  // fits, centred. A view that draws its board smaller (a cap on its cells,
  // whole pixels) or elsewhere says so, and the shell keeps the "Solved"
  // banner's strip by the board as drawn (none where the board's gap holds
  // the banner).
  virtual Target drawn_board_in(const Game& game, ImVec2 min, ImVec2 max, float scale) const {
    (void)scale;
    const float w = max.x - min.x, h = max.y - min.y;
    const float shape = std::max(0.05f, aspect(game));
    const float board_w = std::min(w, h * shape), board_h = std::min(h, w / shape);
    return {"board", min.x + (w - board_w) / 2, min.y + (h - board_h) / 2, board_w, board_h};
  }
  // How to play on this board, per device.
  virtual BoardHelp help() const = 0;
  // Optional puzzle-specific controls in the side panel (colour schemes,
  // pencil marks...), for `game`, reached by `moves`. May return a move like
  // show().
  virtual ViewAction side_panel(const Game& game, const MovesShown& moves) {
    (void)game;
    (void)moves;
    return {};
  }
  // Where the shell puts its "Solved" banner: over the top of the board,
  // unless the view draws something there the banner would hide.
  enum class BannerPlace { top, bottom };
  virtual BannerPlace banner_place(const Game&) const { return BannerPlace::top; }
  // The view moves or works by itself (plays, runs a program, computes a
  // slice a frame): frames keep coming while true. Input, solver messages
  // and the shell's own animations bring frames anyway.
  virtual bool animating() const { return false; }
  // For a picture (BoardPainter): the work the view would spread over its
  // frames before it shows `position` as it is (Tree of Life's walk to the
  // generation shown), asked of `work` (an in-process lane, which answers
  // at its next poll) under the budgets of `options`, and waited for.
  // `solved` when the view is ready; else the job's status and message (a
  // budget ran out), and no picture should be taken.
  virtual SolveResult prepare(const Game& position, const SolveOptions& options, WorkLane& work) {
    (void)position;
    (void)options;
    (void)work;
    SolveResult ready;
    ready.status = SolveStatus::solved;
    return ready;
  }
  // Still working toward the position asked for: the view shows a progress
  // note in its place (Tree of Life's "computing generation X of Y").
  virtual bool computing() const { return false; }
  // True while the view shows another position than the game's (Bender's
  // program runner): the shell's "Solved" banner, which is about the game's
  // position, stays off then.
  virtual bool shows_other_position() const { return false; }
  // Edit mode: why the edit the press under way would make is refused, in
  // the words letting go gives (EditGesture::refusal), or "" (none, or it
  // applies): the shell says it while the press is held.
  virtual std::string pending_refusal() const { return {}; }
  // The clickable things drawn in the last frame (for tests and embedding).
  virtual std::vector<Target> targets() const { return {}; }
  // Where the board's drawing lay in the last frame, its frame or bezel
  // included (the shell keeps its "Solved" banner off it): the "board"
  // target unless the view draws round that; w = 0 when there is none.
  virtual Target drawn_board() const {
    for (const Target& target : targets())
      if (target.name == "board") return target;
    return {};
  }
  // The link's keys named in PuzzleHooks::view_keys (Bender's program=...),
  // once, right after the link's board is loaded.
  virtual void open_link(const std::vector<std::pair<std::string, std::string>>& keys) {
    (void)keys;
  }
  // The view's part of the share link, keys named in PuzzleHooks::view_keys
  // (Bender's program=...), so the link reopens what the view shows.
  virtual std::vector<std::pair<std::string, std::string>> link_keys() const { return {}; }
  // The view's own state for window.puzzleLab.view, written into an open
  // JSON object (a program runner's turn and verdict).
  virtual void write_state(JsonWriter& json) const { (void)json; }
};

}  // namespace puzzlelab::shell
