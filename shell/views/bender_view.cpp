#include "views/bender_view.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <utility>

#include <imgui.h>

#include "puzzles/bender/simulator.h"
#include "views/bender_parts.h"
#include "views/edit_outline.h"
#include "widgets.h"

namespace puzzlelab::shell {

using bender::BenderGame;
using bender::Map;
using bender::ProgramRunner;
using namespace bender_parts;

namespace {

constexpr float kBenderMaxCell = 48;  // UI units
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
  if (frame.worker) {  // every host gives one
    if (compress_asked_) start_compression(game, *frame.worker);
    if (compressing_) collect_compression(*frame.worker);
  }

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

}  // namespace puzzlelab::shell
