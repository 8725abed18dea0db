#include "views/bender_view.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <cmath>
#include <utility>
#include <variant>

#include <imgui.h>
#include <imgui_stdlib.h>

#include "core/text.h"
#include "puzzles/bender/simulator.h"
#include "views/edit_outline.h"
#include "widgets.h"

namespace puzzlelab::shell {

using bender::BenderGame;
using bender::Map;
using bender::ProgramRunner;

namespace {

constexpr float kBenderMaxCell = 48;                      // UI units
constexpr int kShownFrames = 5;                           // call stack frames listed (deepest last)
constexpr ImU32 kHighlight = colors::rgb(255, 210, 100);  // the next instruction
constexpr ImU32 kCaller = colors::rgb(255, 210, 100, 90);  // a call waiting for its return
constexpr ImU32 kBenderFloor = colors::rgb(222, 227, 235);
constexpr ImU32 kBenderWall = colors::rgb(44, 48, 58);
constexpr ImU32 kBall = colors::rgb(120, 126, 140);
constexpr ImU32 kFry = colors::rgb(245, 150, 40);
constexpr ImU32 kBender = colors::rgb(86, 156, 255);
constexpr std::array<ImU32, 8> kSwitchColors = {
    colors::rgb(219, 39, 119), colors::rgb(34, 170, 110), colors::rgb(139, 92, 246),
    colors::rgb(20, 170, 180), colors::rgb(249, 115, 22), colors::rgb(101, 163, 13),
    colors::rgb(59, 130, 246), colors::rgb(180, 130, 80),
};

const BenderGame& as_bender(const Game& game) {
  return static_cast<const BenderGame&>(game);
}

// The editor shows one function per row; the program joins them with ';'.
std::string rows_of(const std::string& program) {
  std::string rows = program;
  std::replace(rows.begin(), rows.end(), ';', '\n');
  return rows;
}

std::string event_text(ProgramRunner::Event event) {
  switch (event) {
    case ProgramRunner::Event::none:
      return "";
    case ProgramRunner::Event::moved:
      return "moved";
    case ProgramRunner::Event::pushed:
      return "pushed a ball";
    case ProgramRunner::Event::bumped:
      return "bumped (a no-op that uses the turn)";
    case ProgramRunner::Event::no_op:
      return "no command: a no-op";
    case ProgramRunner::Event::called:
      return "a call (the turn moves nothing)";
    case ProgramRunner::Event::returned:
      return "a return (the turn moves nothing)";
    case ProgramRunner::Event::ended:
      return "main has returned";
    case ProgramRunner::Event::verdict:
      return "the referee's verdict";
  }
  return "";
}

// "WIN in 41 steps" or the referee's loss reason, with the turn.
std::string verdict_text(const ProgramRunner& runner) {
  const bender::Verdict& verdict = *runner.verdict();
  if (verdict.win) return verdict.describe();
  return verdict.describe() + " (turn " + std::to_string(runner.turn()) + ")";
}

// The walk's row beside Compress. The walk is the board's, so with a
// solution's moves on it the row says whose turns they are.
std::string walk_label(size_t turns, const MovesShown& moves) {
  const std::string count = text::amount(int64_t(turns), "turns");
  if (moves.solver == 0) return "Walked: " + count;
  if (moves.hand == 0) return "Solution's walk: " + count;
  return "Walk: " + count + " (" + std::to_string(moves.hand) + " yours)";
}

// Whose walk Compress wrote as a program, for its note.
std::string walk_owner(const MovesShown& moves) {
  if (moves.solver == 0) return "Your";
  return moves.hand == 0 ? "The solution's" : "The";
}

}  // namespace

float BenderView::aspect(const Game& game) const {
  const Map& map = as_bender(game).map();
  return static_cast<float>(map.width) / static_cast<float>(map.height);
}

BenderView::Geometry BenderView::fit(const Map& map, ImVec2 min, ImVec2 max, float scale) {
  const float room = std::min((max.x - min.x) / map.width, (max.y - min.y) / map.height);
  Geometry g;
  g.cell = std::max(1.0f, std::floor(std::min(room, kBenderMaxCell * scale)));
  g.origin = ImVec2(min.x + std::floor((max.x - min.x - map.width * g.cell) / 2),
                    min.y + std::floor((max.y - min.y - map.height * g.cell) / 2));
  return g;
}

Target BenderView::maze(const Map& map, const Geometry& g) {
  return {"board", g.origin.x, g.origin.y, map.width * g.cell, map.height * g.cell};
}

// The runner's position, when a program runs, is the same map's.
Target BenderView::drawn_board_in(const Game& game, ImVec2 min, ImVec2 max, float scale) const {
  const Map& map = as_bender(game).map();
  return maze(map, fit(map, min, max, scale));
}

BoardHelp BenderView::help() const {
  return {"Arrows or a click beside Bender move him. Reach Fry, then Compress or write a program.",
          "Swipe, or tap beside Bender, to move him. Reach Fry, then Compress your walk.",
          {{"Arrows", "Move Bender one cell (one turn)"}}};
}

std::vector<Target> BenderView::targets() const {
  std::vector<Target> all = targets_;
  all.insert(all.end(), panel_targets_.begin(), panel_targets_.end());
  return all;
}

void BenderView::draw_maze(const BoardFrame& frame, const Map& map) const {
  ImDrawList& draw = *frame.draw;
  const Geometry& g = geometry_;
  for (int y = 0; y < map.height; ++y) {
    for (int x = 0; x < map.width; ++x) {
      const int cell = map.cell(x, y);
      draw.AddRectFilled(g.at(x, y), g.at(x + 1, y + 1),
                         map.wall[cell] ? kBenderWall : kBenderFloor);
      if (map.wall[cell]) continue;
      if (map.field[cell] >= 0) {  // a field: glowing when on, a faint frame when off
        const int s = map.field[cell];
        const ImU32 color = kSwitchColors[s % kSwitchColors.size()];
        const bool on = (map.fields_on >> s) & 1;
        const float inset = g.cell * 0.06f;
        draw.AddRectFilled(ImVec2(g.at(x, y).x + inset, g.at(x, y).y + inset),
                           ImVec2(g.at(x + 1, y + 1).x - inset, g.at(x + 1, y + 1).y - inset),
                           colors::with_alpha(color, on ? 200 : 40), g.cell * 0.15f);
        if (on) {
          for (int k = 1; k <= 2; ++k) {  // zigzag lines: a live field
            const float fy = g.at(x, y).y + g.cell * k / 3.0f;
            draw.AddLine(ImVec2(g.at(x, y).x + inset, fy), ImVec2(g.at(x + 1, y).x - inset, fy),
                         colors::rgb(255, 255, 255, 160), std::max(1.0f, g.cell * 0.05f));
          }
        }
      }
      if (map.toggles[cell] >= 0) {  // a switch: a lever plate in its field's colour
        const int s = map.toggles[cell];
        const ImU32 color = kSwitchColors[s % kSwitchColors.size()];
        const bool on = (map.fields_on >> s) & 1;
        const ImVec2 c = g.at(x + 0.5f, y + 0.5f);
        const float r = g.cell * 0.3f;
        draw.AddRect(ImVec2(c.x - r, c.y - r), ImVec2(c.x + r, c.y + r), color, r * 0.3f, 0,
                     std::max(1.5f, g.cell * 0.08f));
        const float lean = on ? -r * 0.7f : r * 0.7f;
        draw.AddLine(ImVec2(c.x, c.y + r * 0.6f), ImVec2(c.x + lean, c.y - r * 0.6f), color,
                     std::max(1.5f, g.cell * 0.1f));
      }
    }
  }
}

void BenderView::draw_pieces(const BoardFrame& frame, const Map& map, const Map* previous,
                             float progress) const {
  ImDrawList& draw = *frame.draw;
  const Geometry& g = geometry_;
  for (uint16_t cell : map.balls) {
    draw.AddCircleFilled(g.at(map.x_of(cell) + 0.5f, map.y_of(cell) + 0.5f), g.cell * 0.36f, kBall);
  }
  ImFont* font = frame.fonts ? frame.fonts->board : nullptr;
  auto token = [&](float x, float y, ImU32 color, const char* label) {
    const ImVec2 c = g.at(x + 0.5f, y + 0.5f);
    draw.AddCircleFilled(c, g.cell * 0.4f, color);
    if (!font) return;
    const float size = g.cell * 0.55f;
    const ImVec2 extent = font->CalcTextSizeA(size, 1e9f, 0, label);
    draw.AddText(font, size, ImVec2(c.x - extent.x / 2, c.y - extent.y / 2),
                 colors::rgb(255, 255, 255), label);
  };
  token(map.x_of(map.target), map.y_of(map.target), kFry, "F");
  float bx = static_cast<float>(map.x_of(map.bender)),
        by = static_cast<float>(map.y_of(map.bender));
  if (previous) {  // slide from where he was
    bx = previous->x_of(previous->bender) + (bx - previous->x_of(previous->bender)) * progress;
    by = previous->y_of(previous->bender) + (by - previous->y_of(previous->bender)) * progress;
  }
  token(bx, by, kBender, "B");
  if (map.bender == map.target) {  // together: Fry's colour rings Bender
    draw.AddCircle(g.at(bx + 0.5f, by + 0.5f), g.cell * 0.45f, kFry, 0,
                   std::max(2.0f, g.cell * 0.1f));
  }
}

void BenderView::draw_highlight(const BoardFrame& frame, const Map& map) const {
  const Geometry& g = geometry_;
  for (const int cell : frame.highlight) {
    if (cell < 0 || cell >= map.width * map.height) continue;
    const float x = float(cell % map.width), y = float(cell / map.width);
    frame.draw->AddRect(g.at(x, y), g.at(x + 1, y + 1), kHighlight, g.cell * 0.1f, 0,
                        std::max(2.0f, g.cell * 0.1f));
  }
}

// Under the board while a program runs: the turn, and at the end the
// verdict, a loss marked on the cell it happened on.
void BenderView::draw_runner_banner(const BoardFrame& frame) const {
  const ProgramRunner& runner = *runner_;
  const Map& map = runner.position();
  ImDrawList& draw = *frame.draw;
  const Geometry& g = geometry_;
  const auto& verdict = runner.verdict();
  const bool lost = verdict && !verdict->win;
  if (lost) {  // a red ring and cross on the cell of the loss
    const int cell = runner.verdict_cell();
    const ImVec2 c = g.at(map.x_of(cell) + 0.5f, map.y_of(cell) + 0.5f);
    const float r = g.cell * 0.48f, w = std::max(2.0f, g.cell * 0.1f);
    draw.AddCircle(c, r, colors::kBad, 0, w);
    draw.AddLine(ImVec2(c.x - r * 0.6f, c.y - r * 0.6f), ImVec2(c.x + r * 0.6f, c.y + r * 0.6f),
                 colors::kBad, w);
    draw.AddLine(ImVec2(c.x - r * 0.6f, c.y + r * 0.6f), ImVec2(c.x + r * 0.6f, c.y - r * 0.6f),
                 colors::kBad, w);
  }
  std::string text;
  ImU32 fill = colors::rgb(32, 36, 45, 225);
  if (verdict) {
    text = verdict_text(runner);
    fill = verdict->win ? colors::rgb(40, 150, 90, 235) : colors::rgb(190, 50, 50, 235);
  } else {
    text = "Program: turn " + std::to_string(runner.turn()) + " / " +
           std::to_string(bender::kTurns) + (running_ ? "" : "  (paused)");
  }
  ImFont* font = frame.fonts ? frame.fonts->bold : ImGui::GetFont();
  const float size = font->FontSize;
  const ImVec2 extent = font->CalcTextSizeA(size, 1e9f, 0, text.c_str());
  const float pad = 8 * frame.scale;
  const float board_bottom = g.origin.y + map.height * g.cell;
  const float mid = g.origin.x + map.width * g.cell / 2;
  const ImVec2 a(mid - extent.x / 2 - pad * 1.5f, board_bottom - extent.y - pad * 2.5f);
  const ImVec2 b(mid + extent.x / 2 + pad * 1.5f, board_bottom - pad * 0.5f);
  draw.AddRectFilled(a, b, fill, (b.y - a.y) / 2);
  draw.AddText(font, size, ImVec2(a.x + pad * 1.5f, a.y + pad), colors::rgb(255, 255, 255),
               text.c_str());
}

ViewAction BenderView::handle_input(const BoardFrame& frame, const Map& map) {
  ViewAction action;
  if (!frame.interactive) return action;
  if (frame.input.keyboard) {
    static constexpr std::array<std::pair<ImGuiKey, const char*>, 4> kKeys = {{
        {ImGuiKey_UpArrow, "U"},
        {ImGuiKey_DownArrow, "D"},
        {ImGuiKey_LeftArrow, "L"},
        {ImGuiKey_RightArrow, "R"},
    }};
    for (const auto& [key, move] : kKeys) {
      if (key_pressed(key)) return {move, true, ""};
    }
  }
  if (frame.input.pressed) {
    swipe_ = true;
    swipe_start_ = frame.input.mouse;
  }
  if (swipe_ && frame.input.released) {
    swipe_ = false;
    const float dx = frame.input.mouse.x - swipe_start_.x;
    const float dy = frame.input.mouse.y - swipe_start_.y;
    const Geometry& g = geometry_;
    if (std::max(std::fabs(dx), std::fabs(dy)) >= g.cell * 0.5f) {  // a swipe
      action.move = std::fabs(dx) > std::fabs(dy) ? (dx > 0 ? "R" : "L") : (dy > 0 ? "D" : "U");
    } else {  // a click on a neighbour of Bender
      const int x = static_cast<int>(std::floor((frame.input.mouse.x - g.origin.x) / g.cell));
      const int y = static_cast<int>(std::floor((frame.input.mouse.y - g.origin.y) / g.cell));
      const int ddx = x - map.x_of(map.bender), ddy = y - map.y_of(map.bender);
      if (std::abs(ddx) + std::abs(ddy) == 1) {
        action.move = ddx == 1 ? "R" : ddx == -1 ? "L" : ddy == 1 ? "D" : "U";
      }
    }
    action.animate = true;
  }
  return action;
}

// --- Edit mode: a press starts an edit and the release ends it -------------

int BenderView::cell_at(const Map& map, ImVec2 point) const {
  const int x = static_cast<int>(std::floor((point.x - geometry_.origin.x) / geometry_.cell));
  const int y = static_cast<int>(std::floor((point.y - geometry_.origin.y) / geometry_.cell));
  if (x < 0 || y < 0 || x >= map.width || y >= map.height) return -1;
  return y * map.width + x;
}

ViewAction BenderView::handle_edit(const BoardFrame& frame, const Map& map) {
  const EditTool& tool = *frame.edit_tool;
  if (tool.name != "switch") pending_switch_ = -1;
  const int pointed = cell_at(map, frame.input.mouse);
  if (frame.input.hovered && pointed >= 0) ImGui::SetMouseCursor(ImGuiMouseCursor_Hand);
  const std::vector<int> cells = edit_.track(frame.input, pointed, tool);
  if (cells.empty()) return {};
  ViewAction action;
  action.move = release_edit(tool, cells);
  const int from = cells.front();
  if (!action.move.empty()) {
    pending_switch_ = -1;
  } else if (pending_switch_ < 0) {  // a click on a switch: its field comes next
    pending_switch_ = from;
    action.note = "Switch at r" + std::to_string(from / map.width + 1) + "c" +
                  std::to_string(from % map.width + 1) +
                  ": now click the field it controls (or the switch again to let go)";
  } else {  // the same cell again: never mind
    pending_switch_ = -1;
  }
  return action;
}

// The edit a release on `cells` (EditGesture::track's) makes: a switch
// picked by an earlier click pairs with the field released on; "" for a
// click on a switch (its field comes next, or the same switch again lets go).
std::string BenderView::release_edit(const EditTool& tool, const std::vector<int>& cells) const {
  if (cells.empty()) return {};
  const int from = cells.front();
  if (cells.size() == 1) return write_edit(tool, cells);
  if (tool.name != "switch" || from != cells.back())
    return write_edit(tool, {pending_switch_ >= 0 ? pending_switch_ : from, cells.back()});
  if (pending_switch_ < 0 || pending_switch_ == from) return {};
  return write_edit(tool, {pending_switch_, from});
}

// The cells letting go would change on the board being built, or the cell
// under the pointer before a press (see EditGesture::outline_cells). A
// switch picked by a click pairs with the field the release is on.
std::vector<int> BenderView::edit_outline(const BoardFrame& frame, int hover) const {
  const EditTool& tool = *frame.edit_tool;
  const std::vector<int> pressed = edit_.pending(tool);
  if (pending_switch_ < 0 || pressed.empty())
    return edit_.outline_cells(hover, tool, frame.editor, frame.edit_board);
  const std::vector<int> pair = {pending_switch_, pressed.back()};
  if (!frame.editor || !frame.editor->changed_cells) return pair;
  return frame.editor->changed_cells(frame.edit_board, write_edit(tool, pair));
}

// The outline of what letting go changes (a Wall rectangle over Bender is
// refused: nothing; a Floor one leaves out his cell and the floor's), and
// for a pair under way a line from the switch to its field; a switch
// waiting for its field is ringed, with a line to the pointer.
void BenderView::draw_edit(const BoardFrame& frame, const Map& map) {
  const Geometry& g = geometry_;
  const int hover = frame.input.hovered ? cell_at(map, frame.input.mouse) : -1;
  const float line = std::max(2.0f, g.cell * 0.08f);
  const ImU32 edge = colors::rgb(255, 200, 60, 230);
  auto centre = [&](int at) {
    return g.at(float(at % map.width) + 0.5f, float(at / map.width) + 0.5f);
  };
  if (pending_switch_ >= 0) {
    const ImVec2 c = centre(pending_switch_);
    frame.draw->AddCircle(c, g.cell * 0.45f, edge, 0, line * 1.5f);
    if (hover >= 0 && hover != pending_switch_) frame.draw->AddLine(c, centre(hover), edge, line);
  }
  outlined_ = edit_outline(frame, hover);
  draw_edit_outline(*frame.draw, outlined_, map.width, line,
                    [&](int row, int col) { return g.at(float(col), float(row)); });
  const std::vector<int> pressed = edit_.pending(*frame.edit_tool);
  if (frame.edit_tool->name == "switch" && pending_switch_ < 0 && !outlined_.empty() &&
      pressed.size() == 2)  // from the switch to its field
    frame.draw->AddLine(centre(pressed[0]), centre(pressed[1]), edge, line);
}

ViewAction BenderView::show(const BoardFrame& frame) {
  fonts_ = frame.fonts;
  const BenderGame& game = as_bender(*frame.position);
  editing_ = frame.edit_tool != nullptr;
  if (editing_) {  // the board being built: no program runs on it
    runner_.reset();
    running_ = false;
  } else {
    pending_switch_ = -1;
    edit_.cancel();
    if (!start_) start_ = game.start();
  }
  // A solve's program loads into the editor when it arrives.
  if (frame.result && !had_result_ && !frame.result->answer.empty()) {
    load_program(frame.result->answer, "The solver's program (" +
                                           std::to_string(frame.result->answer.size()) +
                                           " characters): Run or Step it, or edit it.");
  }
  had_result_ = frame.result != nullptr;
  if (autorun_ && !editing_) {  // a link's program
    autorun_ = false;
    start_runner();
    running_ = true;
  }
  advance_runner();
  if (compress_asked_) start_compression(game, frame.worker);
  if (compressing_ && frame.worker) collect_compression(*frame.worker);

  const Map& map = runner_ ? runner_->position() : game.map();
  geometry_ = fit(map, frame.min, frame.max, frame.scale);
  draw_maze(frame, map);
  const Map* previous =
      !runner_ && !editing_ && frame.previous ? &as_bender(*frame.previous).map() : nullptr;
  draw_pieces(frame, map, previous, frame.progress);
  draw_highlight(frame, map);
  if (runner_) draw_runner_banner(frame);
  targets_.clear();
  targets_.push_back(maze(map, geometry_));
  const ImVec2 b = geometry_.at(map.x_of(map.bender), map.y_of(map.bender));
  targets_.push_back({"bender", b.x, b.y, geometry_.cell, geometry_.cell});
  const ImVec2 f = geometry_.at(map.x_of(map.target), map.y_of(map.target));
  targets_.push_back({"fry", f.x, f.y, geometry_.cell, geometry_.cell});
  outlined_.clear();
  refusal_.clear();
  if (editing_) {
    ViewAction edit = frame.interactive ? handle_edit(frame, map) : ViewAction{};
    if (frame.interactive) draw_edit(frame, map);
    refusal_ = edit_refusal(frame.editor, frame.edit_board,
                            release_edit(*frame.edit_tool, edit_.pending(*frame.edit_tool)));
    return edit;
  }
  ViewAction action = handle_input(frame, game.map());
  if (!action.move.empty() && runner_) {  // playing by hand: back to the board's own position
    runner_.reset();
    running_ = false;
  }
  return action;
}

// --- the program and its runner ---------------------------------------------

std::string BenderView::program() const {
  std::string text;
  for (char c : editor_) {
    if (c == '\n')
      text += ';';
    else if (c != '\r')
      text += c;
  }
  return text;
}

std::vector<std::pair<std::string, std::string>> BenderView::link_keys() const {
  const std::string text = program();
  if (text.empty()) return {};
  return {{"program", text}};
}

void BenderView::load_program(const std::string& program, std::string note) {
  editor_ = rows_of(program);
  note_ = std::move(note);
  runner_.reset();
  running_ = false;
}

void BenderView::start_runner() {
  if (!start_) return;
  runner_.emplace(*start_, program());
  owed_ = 0;
}

void BenderView::advance_runner() {
  if (!runner_ || !running_) return;
  // At most a frame's worth at a time: the first frame after an idle spell
  // comes long after the one before.
  owed_ += std::min(ImGui::GetIO().DeltaTime, 0.1f) * speed_;
  const int turns = std::min(static_cast<int>(owed_), bender::kTurns);
  owed_ -= turns;
  for (int k = 0; k < turns && runner_->step(); ++k) {
  }
  if (runner_->over()) running_ = false;
}

void BenderView::open_link(const std::vector<std::pair<std::string, std::string>>& keys) {
  for (const auto& [key, value] : keys) {
    if (key != "program") continue;
    load_program(value,
                 "The link's program (" + text::amount(int64_t(value.size()), "characters") + ").");
    autorun_ = true;
  }
}

// --- Compress: the walk played by hand as a program --------------------------
// The engine's compressor anneals on the views' worker (BenderGame::compute):
// the request carries the board's start and the walk as its moves.

void BenderView::start_compression(const BenderGame& game, WorkLane* worker) {
  compress_asked_ = false;
  compressing_walk_ = game.walk().size();
  compressing_owner_ = walk_owner(moves_);
  if (!worker) {  // no worker (tests): the engine's work right here
    finish_compression(game.compute("compress", SolveOptions{}));
    return;
  }
  SolveRequest request;
  request.kind = RequestKind::compute;
  request.puzzle = std::string(game.info().id);
  request.board = bender::format_map(game.start());
  for (char move : game.walk()) request.moves.emplace_back(1, move);
  request.task = "compress";
  worker->start(request);
  compressing_ = true;
}

void BenderView::collect_compression(WorkLane& worker) {
  for (const SolverEvent& event : worker.poll()) {
    if (const auto* reply = std::get_if<Reply>(&event)) {
      compressing_ = false;
      finish_compression(reply->result);
    }
  }
}

void BenderView::finish_compression(const SolveResult& result) {
  if (result.status == SolveStatus::cancelled) return;
  if (result.status != SolveStatus::solved) {
    note_ = result.message;  // "the walk does not win as a program: ..."
    if (!note_.empty()) note_[0] = static_cast<char>(std::toupper(note_[0]));
    return;
  }
  load_program(result.answer, compressing_owner_ + " " + std::to_string(compressing_walk_) +
                                  "-move walk, compressed into " +
                                  std::to_string(result.answer.size()) + " characters.");
}

// --- the side panel -------------------------------------------------------------

void BenderView::add_panel_target(const char* name) {
  const ImVec2 lo = ImGui::GetItemRectMin(), hi = ImGui::GetItemRectMax();
  panel_targets_.push_back({name, lo.x, lo.y, hi.x - lo.x, hi.y - lo.y});
}

void BenderView::compress_controls(const BenderGame& game) {
  ImGui::AlignTextToFramePadding();
  walk_label_ = walk_label(game.walk().size(), moves_);
  ImGui::TextDisabled("%s", walk_label_.c_str());
  ImGui::SameLine();
  const bool can = game.is_solved() && !game.walk().empty() && !compressing();
  ImGui::BeginDisabled(!can);
  const std::string label = compressing() ? "Compressing…###compress" : "Compress###compress";
  if (ImGui::Button(label.c_str(), ImVec2(-1, 0))) {
    compress_asked_ = true;  // sent by show(), which has the worker
    runner_.reset();
    running_ = false;
  }
  add_panel_target("compressButton");
  ImGui::EndDisabled();
  tooltip(can ? "Turn the walk on the board into a short program"
              : "Walk Bender to Fry by hand first; then Compress writes it as a program");
}

void BenderView::editor_controls() {
  const float rows = std::clamp(
      static_cast<float>(std::count(editor_.begin(), editor_.end(), '\n')) + 1.6f, 3.6f, 10.6f);
  if (ImGui::InputTextMultiline("##program", &editor_,
                                ImVec2(-1, ImGui::GetTextLineHeight() * rows))) {
    runner_.reset();  // an edited program starts over
    running_ = false;
    note_.clear();
  }
  add_panel_target("programEditor");
  tooltip("One function per row: main first, then f1, f2... U D L R move, a digit calls");
  const std::string text = program();
  ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
  ImGui::TextWrapped("Program: a row per function (main, f1, f2...); digits call them.");
  ImGui::PopStyleColor();
  ImGui::TextDisabled("%zu characters (';' included)", text.size());
  if (!note_.empty()) ImGui::TextWrapped("%s", note_.c_str());
  if (text.empty()) return;
  for (const bender::ProgramNote& n : bender::review_program(text)) {
    ImGui::PushStyleColor(ImGuiCol_Text,
                          ImGui::ColorConvertU32ToFloat4(n.fatal ? colors::kBad : colors::kWarn));
    ImGui::TextWrapped("%s", n.text.c_str());
    ImGui::PopStyleColor();
  }
}

void BenderView::runner_controls() {
  const ImGuiStyle& style = ImGui::GetStyle();
  const float w = (ImGui::GetContentRegionAvail().x - style.ItemSpacing.x * 3) / 4;
  const bool stale = !runner_ || runner_->program() != program();
  ImGui::BeginDisabled(!stale && runner_->over());
  if (ImGui::Button("Step", ImVec2(w, 0))) {
    if (stale) start_runner();
    running_ = false;
    if (runner_) runner_->step();
  }
  add_panel_target("stepButton");
  tooltip("Run the program one turn, from the map's start");
  ImGui::SameLine();
  if (ImGui::Button(running_ ? "Pause###run" : "Run###run", ImVec2(w, 0))) {
    if (running_) {
      running_ = false;
    } else {
      if (stale) start_runner();
      running_ = runner_.has_value();
    }
  }
  add_panel_target("runButton");
  ImGui::EndDisabled();
  tooltip(running_ ? "Pause the program" : "Run the program on the board, from the map's start");
  ImGui::SameLine();
  if (ImGui::Button("Reset", ImVec2(w, 0))) {
    start_runner();
    running_ = false;
  }
  add_panel_target("resetButton");
  tooltip("Back to turn 0");
  ImGui::SameLine();
  ImGui::BeginDisabled(!runner_);
  if (ImGui::Button("Close", ImVec2(w, 0))) {
    runner_.reset();
    running_ = false;
  }
  ImGui::EndDisabled();
  tooltip("Show the board as played by hand");
}

// Under the program: Run's speed, the turn, the verdict, the listing.
void BenderView::runner_details() {
  ImGui::SetNextItemWidth(-1);
  ImGui::SliderFloat("##speed", &speed_, 1, 500, "speed %.0f turns/s",
                     ImGuiSliderFlags_Logarithmic | ImGuiSliderFlags_NoInput);
  tooltip("How fast Run plays the program");
  if (!runner_) return;
  const ProgramRunner& runner = *runner_;
  const std::string counter =
      "turn " + std::to_string(runner.turn()) + " / " + std::to_string(bender::kTurns);
  ImGui::ProgressBar(static_cast<float>(runner.turn()) / bender::kTurns, ImVec2(-1, 0),
                     counter.c_str());
  if (const auto& verdict = runner.verdict()) {
    ImGui::PushStyleColor(
        ImGuiCol_Text, ImGui::ColorConvertU32ToFloat4(verdict->win ? colors::kGood : colors::kBad));
    ImGui::TextWrapped("%s", verdict_text(runner).c_str());
    ImGui::PopStyleColor();
  } else if (runner.turn() > 0) {
    ImGui::TextDisabled(
        "Last turn: %s%s", event_text(runner.last_event()).c_str(),
        runner.reached_fry() ? "; Bender is with Fry: the win comes next turn" : "");
  }
  program_listing();
}

// The running program, a row per function, the next instruction marked;
// then the call stack.
void BenderView::program_listing() {
  const ProgramRunner& runner = *runner_;
  const auto& functions = runner.functions();
  const auto& stack = runner.stack();
  const bool live = !runner.over();
  ImDrawList& draw = *ImGui::GetWindowDrawList();
  // SameLine's offset counts from the window's left edge, padding included.
  const float label_w = ImGui::GetStyle().WindowPadding.x + ImGui::CalcTextSize("main").x +
                        ImGui::GetStyle().ItemSpacing.x * 2;
  float char_w = 1;  // the widest command character
  for (const char* c : {"U", "D", "L", "R", "0"})
    char_w = std::max(char_w, ImGui::CalcTextSize(c).x);
  const int per_row =
      std::max(8, static_cast<int>((ImGui::GetContentRegionAvail().x - label_w) / char_w));
  for (int f = 0; f < static_cast<int>(functions.size()); ++f) {
    const std::string& body = functions[f];
    // Marks: the top frame's next character, the callers' waiting calls.
    std::vector<std::pair<int, ImU32>> marks;
    for (size_t k = 0; live && k < stack.size(); ++k) {
      if (stack[k].function == f)
        marks.push_back({stack[k].position, k + 1 == stack.size() ? kHighlight : kCaller});
    }
    const int length = static_cast<int>(body.size());
    for (int from = 0; from == 0 || from < length; from += per_row) {
      ImGui::TextDisabled("%s", from == 0 ? bender::function_name(f).c_str() : "");
      ImGui::SameLine(label_w);
      const ImVec2 at = ImGui::GetCursorScreenPos();
      const std::string chunk = body.substr(from, per_row);
      const bool last_chunk = from + per_row >= length;
      for (const auto& [position, color] : marks) {
        if (position < from || position > from + static_cast<int>(chunk.size())) continue;
        if (position == from + static_cast<int>(chunk.size()) && !last_chunk) continue;
        const float x0 = at.x + ImGui::CalcTextSize(chunk.substr(0, position - from).c_str()).x;
        const float cw = position < length ? ImGui::CalcTextSize(body.substr(position, 1).c_str()).x
                                           : char_w * 0.6f;  // the return: a mark after the body
        draw.AddRectFilled(ImVec2(x0 - 1, at.y),
                           ImVec2(x0 + cw + 1, at.y + ImGui::GetTextLineHeight()),
                           color == kHighlight ? colors::with_alpha(color, 140) : color, 2);
      }
      if (chunk.empty())
        ImGui::TextDisabled("(empty)");
      else
        ImGui::TextUnformatted(chunk.c_str());
    }
  }
  if (stack.empty() || !live) return;
  std::string frames;
  const size_t shown = std::min<size_t>(stack.size(), kShownFrames);
  if (stack.size() > shown) frames = "… " + std::to_string(stack.size() - shown) + " more > ";
  for (size_t k = stack.size() - shown; k < stack.size(); ++k) {
    const ProgramRunner::Frame& frame = stack[k];
    frames += bender::function_name(frame.function);
    frames += frame.position < static_cast<int>(functions[frame.function].size())
                  ? " col " + std::to_string(frame.position + 1)
                  : " return";
    if (k + 1 < stack.size()) frames += " > ";
  }
  ImGui::TextDisabled("Call stack (%zu):", stack.size());
  ImGui::TextWrapped("%s", frames.c_str());
}

ViewAction BenderView::side_panel(const Game& game, const MovesShown& moves) {
  if (editing_) return {};  // programs run on the board played, not the one being built
  moves_ = moves;
  const BenderGame& bender_game = as_bender(game);
  if (!start_) start_ = bender_game.start();
  panel_targets_.clear();
  // Step, Run and Reset first, then the program: in reach by the board
  // (and in a small embed); Compress and the runner's figures after.
  runner_controls();
  editor_controls();
  compress_controls(bender_game);
  runner_details();
  return {};
}

void BenderView::write_state(JsonWriter& json) const {
  json.key("pendingSwitch").value(int64_t{pending_switch_});
  // Edit mode: the cells outlined (the edit's numbering), for the checks.
  json.key("outline").begin_array();
  for (int cell : outlined_) json.value(int64_t{cell});
  json.end_array();
  json.key("program").value(program());
  json.key("compressing").value(compressing());
  json.key("note").value(note_);
  json.key("walkLabel").value(walk_label_);
  json.key("runner").value(runner_.has_value());
  json.key("running").value(running_);
  if (!runner_) return;
  const ProgramRunner& runner = *runner_;
  json.key("runnerProgram").value(runner.program());
  json.key("turn").value(int64_t{runner.turn()});
  const Map& map = runner.position();
  json.key("bender").begin_array();
  json.value(int64_t{map.x_of(map.bender)}).value(int64_t{map.y_of(map.bender)});
  json.end_array();
  json.key("over").value(runner.over());
  json.key("win").value(runner.over() && runner.verdict()->win);
  json.key("verdict").value(runner.over() ? runner.verdict()->describe() : std::string());
  json.key("steps").value(int64_t{runner.over() ? runner.verdict()->steps : 0});
  const auto next = runner.next_instruction();
  json.key("next").value(next ? static_cast<int64_t>(*next) : int64_t{-1});
  json.key("stack").begin_array();
  for (const ProgramRunner::Frame& frame : runner.stack()) {
    json.value(bender::function_name(frame.function) + ":" + std::to_string(frame.position));
  }
  json.end_array();
}

}  // namespace puzzlelab::shell
