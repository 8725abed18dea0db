// The Cluster view: every position reachable from the board, as one picture
// (core/space.h; after Michael Fogleman's Rush Hour cluster pictures). The
// positions sit in rings by how many moves they are from solved, the solved
// ones in the middle; lines are single moves. The position on the board is
// ringed, its fewest-moves way to solved traced, and a click on a position
// moves the board there. Any puzzle with PuzzleHooks::space gets it; the
// space is worked out by the view's own solver (a Web Worker in the
// browser), never on the UI thread.
#pragma once

#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

#include <imgui.h>

#include "core/json_writer.h"
#include "core/space.h"
#include "midend/work.h"
#include "views/board_view.h"

namespace puzzlelab::shell {

class DrawChain;  // cluster_view.cpp: draw lists enough for a big picture

// One frame of the view: where, the position on the board, and the pointer.
struct ClusterFrame {
  ImDrawList* draw = nullptr;
  ImVec2 min, max;
  const Game* position = nullptr;
  BoardInput input;
  float wheel = 0;  // wheel steps over the view this frame (+ = zoom in)
  float scale = 1;
  bool interactive = true;  // false while solving or playing back: no jumps
};

// The picture's zoom and pan (pan in units of its radius on screen).
struct ClusterFrameOf {
  float zoom = 1;
  ImVec2 pan{0, 0};
};
// Zoomed by `factor` (within the view's limits) about `point`, which stays
// where it is on screen; `centre` and `radius`: the picture's at zoom 1.
ClusterFrameOf zoom_about(ClusterFrameOf view, ImVec2 centre, float radius, ImVec2 point,
                          float factor);

// The caps the player can pick, with what each costs: the worker's memory
// and time for that many positions (Amphipod's, measured natively: 197,530
// positions took 3 s and 116 MB; a phone takes longer).
struct ClusterCap {
  size_t positions;
  const char* costs;
};
inline constexpr ClusterCap kClusterCaps[] = {
    {kDefaultSpaceCap, "about 20 MB, under a second"},
    {100'000, "about 60 MB, a few seconds"},
    {400'000, "about 230 MB, several seconds"},
};

// What "Watch the search" (watch_view.h) lights on the picture: bit k of a
// node's `lit` when run k has taken it, each run's node now (-1: none) and,
// once found, its solution's nodes, in the runs' colours. Hovering a node
// says, besides what the picture says, when each run took it: taken_at[k]
// holds, per node, the step that first took it (0: not yet).
struct ClusterLights {
  std::vector<uint8_t> lit;
  std::vector<int> current;
  std::vector<std::vector<int>> paths;
  std::vector<ImU32> colors;
  std::vector<std::string> names;
  std::vector<std::vector<uint32_t>> taken_at;
};
// "A* search took it at step 12" or "... has not taken it", one per run.
std::string lights_note(const ClusterLights& lights, int node);

class ClusterView {
 public:
  // Asks `worker` for the space around the position `request` names
  // (RequestKind::space), unless the space shown already holds it or it
  // was asked for last.
  void request(SolveRequest request, const Game& position, WorkLane& worker);
  // Collects the worker's reply. True when something arrived.
  bool poll(WorkLane& worker);
  // Draws the picture and handles the pointer. Returns the moves that take
  // the board to the position clicked (one undo step), if any.
  std::optional<std::vector<std::string>> show(const ClusterFrame& frame);
  // The legend: what the picture shows, in words, and the view's state.
  void legend(float scale);
  // Zoom by `factor` around the middle (the view's buttons), and back to all.
  void zoom_by(float factor);
  void reset_view();
  // Two fingers on the picture (a touch screen's pinch): zoom by `factor`
  // about `middle` (the fingers' middle, screen pixels) and pan by `moved`
  // (how far that middle went). The press that began it is no click.
  void pinch(float factor, ImVec2 middle, ImVec2 moved);

  // The most positions a picture may hold (the player's choice, one of
  // kClusterCaps): a new cap asks again when the space shown was cut short;
  // any cap, the same too, asks again after a Cancel.
  size_t cap() const { return cap_; }
  void set_cap(size_t cap, WorkLane& worker);
  // Stops a space being worked out (the player's Cancel); the reason stays up.
  void cancel(WorkLane& worker);

  bool working() const { return working_; }
  // The last request was cancelled by the player (error() says so too).
  bool cancelled() const { return cancelled_; }
  // Why the last request gave no picture (a budget, "cancelled"), or "".
  const std::string& error() const { return error_; }
  bool has_space() const { return space_.has_value(); }
  const Space* shown_space() const { return space_ ? &*space_ : nullptr; }
  // The picture shown was cut short at its cap.
  bool truncated() const { return space_ && space_->truncated; }
  // The space holds `position`.
  bool holds(const Game& position) const;
  // A space should be asked for: the one shown lacks `position`, or was cut
  // short at another cap than the player's.
  bool wants(const Game& position) const;
  // The node of the position written `board` (Game::format), or -1.
  int node_of(const std::string& board) const {
    const auto it = index_.find(board);
    return it == index_.end() ? -1 : it->second;
  }
  // Lights to draw instead of the board's marks (nullptr: none); they must
  // outlive the frames that draw them.
  void set_lights(const ClusterLights* lights) { lights_ = lights; }
  int hovered() const { return hovered_; }
  // Where `node` was drawn in the last frame (none: not in view).
  std::optional<ImVec2> on_screen(int node) const;
  // window.puzzleLab.cluster: status, sizes, the current node, and targets
  // (screen rectangles of a few clickable positions) for tests.
  void write_state(JsonWriter& json, float css_per_pixel) const;

 private:
  // The node at a screen point (nearest within a few pixels), or -1.
  int node_at(ImVec2 point, float radius) const;
  ImVec2 to_screen(int node) const;
  void update_current(const Game& position);
  std::vector<std::string> moves_to(const Game& position, int target) const;
  void handle_pointer(const ClusterFrame& frame);
  void draw_rings(ImDrawList& draw) const;
  void draw_edges(DrawChain& chain) const;
  void draw_nodes(DrawChain& chain) const;
  void draw_marks(ImDrawList& draw) const;        // the lights or the board's, the hovered node
  void draw_board_marks(ImDrawList& draw) const;  // the board's node and its way to solved
  void draw_caption(ImDrawList& draw) const;
  // What hovering `node` shows (the lights' notes too, while lit).
  std::string hover_text(int node) const;
  ImU32 color_of(int node) const;
  ImU32 lit_color(int node) const;
  void draw_lights(ImDrawList& draw) const;

  size_t cap_ = kDefaultSpaceCap;
  std::optional<Space> space_;
  Adjacency adjacency_;                         // where each position's moves lead
  std::unordered_map<std::string, int> index_;  // board text -> node
  std::string error_;
  bool working_ = false;
  bool cancelled_ = false;  // the last request was the player's Cancel
  double asked_at_ = 0;
  std::string asked_for_;  // the position last asked for
  double round_trip_ms_ = 0;
  std::string current_text_;
  int current_ = -1;       // the board's node (-1: not in the space)
  std::vector<int> path_;  // from current_ to a nearest solved position
  // Which positions the board can reach (all but in a directed space, where
  // some moves cannot be taken back), and what a cost counts ("energy").
  std::vector<bool> reachable_;
  std::string unit_;
  int hovered_ = -1;
  bool clickable_ = true;  // the last frame's: a click on a node moves the board
  const ClusterLights* lights_ = nullptr;
  // The picture's frame: its centre and radius on screen (last frame), and
  // the player's zoom and pan (pan in units of the radius).
  ImVec2 centre_{0, 0};
  float radius_ = 1;
  float zoom_ = 1;
  ImVec2 pan_{0, 0};
  bool dragging_ = false;
  bool pinched_ = false;  // a pinch since the last press: its release is no click
  ImVec2 press_at_{0, 0};
  float scale_ = 1;
  ImVec2 min_{0, 0}, max_{0, 0};
};

}  // namespace puzzlelab::shell
