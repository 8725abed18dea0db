#include "views/amphipod_view.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <cmath>
#include <utility>

#include "widgets.h"

namespace puzzlelab::shell {

using amphipod::AmphipodGame;
using amphipod::Burrow;
using amphipod::kEmpty;
using amphipod::Place;
using amphipod::Step;

namespace {

constexpr float kAmphipodMaxCell = 84;  // UI units: small burrows should not look inflated
// The burrow's outer walls (left, right and top) as a share of a cell: the
// hallway takes the width (a wide, short burrow is as big as its width allows).
constexpr float kOuterWall = 0.3f;

constexpr ImU32 kRock = colors::rgb(74, 62, 54);
constexpr ImU32 kRockEdge = colors::rgb(52, 43, 38);
constexpr ImU32 kRockLight = colors::rgb(96, 82, 70);
constexpr ImU32 kAmphipodFloor = colors::rgb(226, 218, 200);
constexpr ImU32 kFloorEdge = colors::rgb(200, 190, 170);
constexpr ImU32 kNoStop = colors::rgb(205, 70, 60);
constexpr ImU32 kStop = colors::rgb(70, 190, 120);
constexpr ImU32 kAmphipodHintGlow = colors::rgb(255, 200, 60);

// One colour per kind, A to H (the shapes differ too, for colour-blind eyes).
constexpr std::array<ImU32, 8> kKindColors = {
    colors::rgb(232, 160, 30), colors::rgb(59, 130, 246), colors::rgb(34, 160, 100),
    colors::rgb(214, 50, 90),  colors::rgb(20, 160, 175), colors::rgb(139, 92, 246),
    colors::rgb(120, 150, 20), colors::rgb(150, 100, 60),
};

const Burrow& burrow_of(const Game* game) {
  return static_cast<const AmphipodGame&>(*game).burrow();
}

// The diagram's wall characters: row 0 and the room lines' walls, the
// bottom wall; rows 2+ leave their first and last two columns open.
bool is_wall(const Burrow& b, int row, int col) {
  const int width = 2 * b.rooms + 5, last = b.depth + 2;
  if (row == 0) return true;
  if (row == 1) return col == 0 || col == width - 1;
  const bool inside = col >= 2 && col <= width - 3;
  if (row == last) return inside;
  const bool cell = inside && col % 2 == 1;
  if (row == 2) return !cell;
  return inside && !cell;
}

// Where the amphipod that moved came from and went to, or nullopt.
std::optional<Step> moved_between(const Burrow& before, const Burrow& after) {
  if (before.rooms != after.rooms || before.depth != after.depth) return std::nullopt;
  std::optional<Place> from, to;
  for (int cell = 0; cell < after.cell_count(); ++cell) {
    const Place p = after.place_of(cell);
    if (before.at(p) != kEmpty && after.at(p) == kEmpty) from = p;
    if (before.at(p) == kEmpty && after.at(p) != kEmpty) to = p;
  }
  if (!from || !to) return std::nullopt;
  return Step{*from, *to};
}

// Amphipods that may move now, in reading order (hallway, then room tops).
std::vector<Place> movers(const Burrow& b) {
  std::vector<Place> out;
  for (const Step& step : amphipod::legal_steps(b)) {
    if (std::find(out.begin(), out.end(), step.from) == out.end()) out.push_back(step.from);
  }
  return out;
}

}  // namespace

void AmphipodView::reset() {
  picked_.reset();
  edit_.cancel();
  stops_.clear();
  chosen_stop_ = -1;
  drag_.reset();
}

float AmphipodView::aspect(const Game& game) const {
  const Burrow& b = burrow_of(&game);
  return (float(2 * b.rooms + 3) + 2 * kOuterWall) / (float(b.depth + 2) + kOuterWall + 0.6f);
}

BoardHelp AmphipodView::help() const {
  return {
      "Drag an amphipod to a lit cell (its energy is shown), or pick one with Tab and press "
      "Enter.",
      "Drag an amphipod to a lit cell; the energy it costs is shown there.",
      {{"Tab, Shift+Tab", "Pick the next or the previous amphipod that can move"},
       {"A, B, C...", "Pick an amphipod of that kind"},
       {"Arrows", "Choose among the lit cells"},
       {"Enter or Space", "Move there"},
       {"Esc", "Drop the pick"}}};
}

ImVec2 AmphipodView::grid_of(const Place& place) {
  return place.in_room ? ImVec2(float(3 + 2 * place.room), float(2 + place.depth))
                       : ImVec2(float(place.hall + 1), 1.0f);
}

ImVec2 AmphipodView::center_of(const Place& place) const {
  const ImVec2 g = grid_of(place);
  const ImVec2 corner = geometry_.at(g.y, g.x);
  return {corner.x + geometry_.cell / 2, corner.y + geometry_.cell / 2};
}

std::optional<Place> AmphipodView::place_at(const Burrow& b, ImVec2 point) const {
  const int col = int(std::floor((point.x - geometry_.origin.x) / geometry_.cell));
  const int row = int(std::floor((point.y - geometry_.origin.y) / geometry_.cell));
  if (row == 1 && col >= 1 && col <= b.hall_size()) return Place{false, 0, 0, col - 1};
  if (row >= 2 && row < 2 + b.depth && col >= 3 && col % 2 == 1 && (col - 3) / 2 < b.rooms) {
    return Place{true, (col - 3) / 2, row - 2, 0};
  }
  return std::nullopt;
}

std::optional<Place> AmphipodView::amphipod_at(const Burrow& b, ImVec2 point) const {
  const auto place = place_at(b, point);
  if (!place || b.at(*place) == kEmpty) return std::nullopt;
  return place;
}

void AmphipodView::pick(const Burrow& b, std::optional<Place> place) {
  picked_ = place;
  stops_.clear();
  chosen_stop_ = -1;
  if (!place) return;
  for (const Step& step : amphipod::legal_steps(b)) {
    if (step.from == *place) stops_.push_back({step.to, amphipod::step_cost(b, step)});
  }
  if (!stops_.empty()) chosen_stop_ = 0;
}

void AmphipodView::draw_burrow(const BoardFrame& frame, const Burrow& b) const {
  ImDrawList& draw = *frame.draw;
  const Geometry& g = geometry_;
  const float c = g.cell, round = c * 0.12f;
  const int width = 2 * b.rooms + 5;
  for (int row = 0; row <= b.depth + 2; ++row) {
    for (int col = 0; col < width; ++col) {
      if (!is_wall(b, row, col)) continue;
      ImVec2 lo = g.at(float(row), float(col)), hi(lo.x + c, lo.y + c);
      if (col == 0) lo.x = hi.x - g.wall;  // the outer walls: thin
      if (col == width - 1) hi.x = lo.x + g.wall;
      if (row == 0) lo.y = hi.y - g.wall;
      const ImVec2 size(hi.x - lo.x, hi.y - lo.y);
      draw.AddRectFilled(lo, hi, kRock);
      // Flecks placed by the cell's position (not random: frames must not
      // flicker) and a darker seam make the rock read as stone.
      const unsigned seed = unsigned(row * 131 + col * 71) * 2654435761u;
      const float fx = float(seed >> 8 & 255) / 255 * 0.6f,
                  fy = float(seed >> 16 & 255) / 255 * 0.6f;
      const bool under_room = row == b.depth + 2 && col % 2 == 1;  // a room's letter goes here
      if (!under_room) {
        draw.AddCircleFilled(ImVec2(lo.x + size.x * (0.2f + fx), lo.y + size.y * (0.2f + fy)),
                             std::min(size.x, size.y) * (0.05f + 0.05f * float(seed >> 24 & 3) / 3),
                             kRockLight, 8);
      }
      draw.AddLine(ImVec2(lo.x, hi.y - 0.5f), ImVec2(hi.x, hi.y - 0.5f), kRockEdge,
                   std::max(1.0f, c * 0.03f));
    }
  }
  auto floor_cell = [&](const Place& p, ImU32 tint) {
    const ImVec2 gp = grid_of(p);
    const ImVec2 lo = g.at(gp.y, gp.x), hi(lo.x + c, lo.y + c);
    draw.AddRectFilled(lo, hi, kFloorEdge);
    draw.AddRectFilled(ImVec2(lo.x + c * 0.04f, lo.y + c * 0.04f),
                       ImVec2(hi.x - c * 0.04f, hi.y - c * 0.04f), kAmphipodFloor, round);
    if (tint) {
      draw.AddRectFilled(ImVec2(lo.x + c * 0.04f, lo.y + c * 0.04f),
                         ImVec2(hi.x - c * 0.04f, hi.y - c * 0.04f), tint, round);
    }
  };
  for (int h = 0; h < b.hall_size(); ++h) floor_cell({false, 0, 0, h}, 0);
  for (int r = 0; r < b.rooms; ++r) {
    for (int d = 0; d < b.depth; ++d)
      floor_cell({true, r, d, 0}, colors::with_alpha(kKindColors[r], 40));
    // The room's owner, carved into the bottom wall under it.
    const char label[2] = {amphipod::kind_letter(r), 0};
    const float size = c * 0.5f;
    const ImVec2 text = frame.fonts->board->CalcTextSizeA(size, 1e9f, 0, label);
    const ImVec2 lo = g.at(float(b.depth + 2), float(3 + 2 * r));
    draw.AddText(frame.fonts->board, size, ImVec2(lo.x + (c - text.x) / 2, lo.y + (c - text.y) / 2),
                 colors::with_alpha(kKindColors[r], 230), label);
  }
  // Door cells: a "no stopping" sign (passing through is fine).
  for (int r = 0; r < b.rooms; ++r) {
    const ImVec2 center = center_of({false, 0, 0, Burrow::door(r)});
    const float radius = c * 0.2f, thick = std::max(1.5f, c * 0.05f);
    const ImVec2 at(center.x, center.y - c * 0.22f);
    draw.AddCircle(at, radius, colors::with_alpha(kNoStop, 200), 20, thick);
    draw.AddLine(ImVec2(at.x - radius * 0.7f, at.y + radius * 0.7f),
                 ImVec2(at.x + radius * 0.7f, at.y - radius * 0.7f),
                 colors::with_alpha(kNoStop, 200), thick);
  }
}

void AmphipodView::draw_amphipod(const BoardFrame& frame, int kind, ImVec2 at, bool lifted,
                                 bool picked) const {
  ImDrawList& draw = *frame.draw;
  const float c = geometry_.cell, radius = c * 0.38f;
  const ImU32 color = kKindColors[kind % kKindColors.size()];
  const ImU32 rim = colors::rgb(30, 30, 40);
  const float drop = c * (lifted ? 0.1f : 0.04f);
  auto shape = [&](ImVec2 p, float rad, ImU32 col) {
    switch (kind) {
      case 0:
        draw.AddCircleFilled(p, rad, col, 32);
        break;
      case 1:
        draw.AddRectFilled(ImVec2(p.x - rad * 0.88f, p.y - rad * 0.88f),
                           ImVec2(p.x + rad * 0.88f, p.y + rad * 0.88f), col, rad * 0.3f);
        break;
      case 2:
        draw.AddNgonFilled(p, rad * 1.08f, col, 4);  // a diamond
        break;
      case 3:
        draw.AddNgonFilled(p, rad, col, 6);
        break;
      case 4:
        draw.AddTriangleFilled(ImVec2(p.x, p.y - rad * 1.05f), ImVec2(p.x + rad, p.y + rad * 0.8f),
                               ImVec2(p.x - rad, p.y + rad * 0.8f), col);
        break;
      default:
        draw.AddNgonFilled(p, rad, col, kind == 5 ? 5 : kind + 1);  // pentagon, heptagon...
        break;
    }
  };
  shape(ImVec2(at.x + drop * 0.4f, at.y + drop), radius, colors::rgb(20, 20, 28, 80));
  shape(at, radius, rim);
  shape(at, radius - std::max(1.5f, c * 0.04f), color);
  if (picked) {
    draw.AddCircle(at, radius + c * 0.07f, colors::rgb(255, 255, 255), 32,
                   std::max(2.0f, c * 0.045f));
  }
  const char label[2] = {amphipod::kind_letter(kind), 0};
  const float size = c * 0.42f;
  const ImVec2 text = frame.fonts->board->CalcTextSizeA(size, 1e9f, 0, label);
  const ImVec2 p(at.x - text.x / 2, at.y - text.y / 2 + (kind == 4 ? c * 0.06f : 0));
  draw.AddText(frame.fonts->board, size, ImVec2(p.x, p.y + c * 0.02f), colors::rgb(0, 0, 0, 90),
               label);
  draw.AddText(frame.fonts->board, size, p, colors::rgb(255, 255, 255), label);
}

void AmphipodView::draw_stops(const BoardFrame& frame) const {
  ImDrawList& draw = *frame.draw;
  const float c = geometry_.cell;
  for (size_t i = 0; i < stops_.size(); ++i) {
    const ImVec2 center = center_of(stops_[i].to);
    const bool chosen = int(i) == chosen_stop_;
    const ImVec2 lo(center.x - c * 0.44f, center.y - c * 0.44f);
    const ImVec2 hi(center.x + c * 0.44f, center.y + c * 0.44f);
    draw.AddRectFilled(lo, hi, colors::with_alpha(kStop, chosen ? 120 : 70), c * 0.14f);
    draw.AddRect(lo, hi, colors::with_alpha(kStop, 255), c * 0.14f, 0,
                 std::max(1.5f, c * (chosen ? 0.07f : 0.035f)));
    const std::string energy = amphipod::with_commas(stops_[i].energy);
    const float size = c * (energy.size() > 5 ? 0.2f : 0.26f);
    const ImVec2 text = frame.fonts->bold->CalcTextSizeA(size, 1e9f, 0, energy.c_str());
    draw.AddText(frame.fonts->bold, size, ImVec2(center.x - text.x / 2, hi.y - text.y - c * 0.04f),
                 colors::rgb(20, 90, 50), energy.c_str());
  }
}

void AmphipodView::draw_highlight(const BoardFrame& frame, const Burrow& b) const {
  ImDrawList& draw = *frame.draw;
  const float c = geometry_.cell;
  const float pulse = frame.pulse;
  for (const int cell : frame.highlight) {
    if (cell < 0 || cell >= b.cell_count()) continue;
    const ImVec2 center = center_of(b.place_of(cell));
    const ImVec2 lo(center.x - c * 0.47f, center.y - c * 0.47f);
    const ImVec2 hi(center.x + c * 0.47f, center.y + c * 0.47f);
    draw.AddRect(lo, hi, colors::with_alpha(kAmphipodHintGlow, unsigned(140 + 110 * pulse)),
                 c * 0.16f, 0, std::max(2.0f, c * 0.07f));
  }
}

void AmphipodView::draw_amphipods(const BoardFrame& frame, const Burrow& b) const {
  std::optional<Step> walking;
  if (frame.previous && frame.progress < 1) {
    walking = moved_between(burrow_of(frame.previous), b);
  }
  for (int cell = 0; cell < b.cell_count(); ++cell) {
    const Place p = b.place_of(cell);
    if (b.at(p) == kEmpty) continue;
    if (walking && walking->to == p) continue;
    if (drag_ && drag_->moved && picked_ && *picked_ == p) continue;
    draw_amphipod(frame, b.at(p), center_of(p), false, picked_ && *picked_ == p);
  }
  if (walking) {
    // Walk the route cell by cell: up out of the room, along, down in.
    std::vector<ImVec2> path{center_of(walking->from)};
    for (const Place& p : amphipod::route(walking->from, walking->to)) path.push_back(center_of(p));
    path.push_back(center_of(walking->to));
    const float along = std::clamp(frame.progress, 0.0f, 1.0f) * float(path.size() - 1);
    const size_t i = std::min(path.size() - 2, size_t(along));
    const float t = along - float(i);
    const ImVec2 at(path[i].x + (path[i + 1].x - path[i].x) * t,
                    path[i].y + (path[i + 1].y - path[i].y) * t);
    draw_amphipod(frame, b.at(walking->to), at, true, false);
  }
  if (drag_ && drag_->moved && picked_ && b.at(*picked_) != kEmpty) {
    draw_amphipod(frame, b.at(*picked_), drag_->mouse, true, true);
  }
}

ViewAction AmphipodView::drop(const Burrow& b, const Place& target) {
  if (!picked_ || *picked_ == target) return {};
  Place to = target;
  if (to.in_room && b.top(to.room) > 0 && !(picked_->in_room && picked_->room == to.room)) {
    to.depth = b.top(to.room) - 1;  // rooms fill from the bottom
  }
  const Step step{*picked_, to};
  const std::string why = amphipod::check_step(b, step);
  if (!why.empty()) return {"", false, amphipod::format_step(step) + ": " + why};
  pick(b, std::nullopt);
  return {amphipod::format_step(step), false, ""};
}

ViewAction AmphipodView::handle_pointer(const BoardFrame& frame, const Burrow& b) {
  const BoardInput& in = frame.input;
  if (in.pressed) {
    const auto under = amphipod_at(b, in.mouse);
    if (under) {
      if (!picked_ || *picked_ != *under) pick(b, under);
      drag_ = Drag{in.mouse, in.mouse, false};
    } else if (picked_) {
      const auto target = place_at(b, in.mouse);
      if (target) return drop(b, *target);  // click an amphipod, then a cell
      pick(b, std::nullopt);
    }
  }
  if (!drag_) return {};
  drag_->mouse = in.mouse;
  const float dx = in.mouse.x - drag_->start_mouse.x, dy = in.mouse.y - drag_->start_mouse.y;
  if (std::sqrt(dx * dx + dy * dy) > geometry_.cell * 0.3f) drag_->moved = true;
  if (in.held && !in.released) return {};
  const bool moved = drag_->moved;
  drag_.reset();
  if (!moved) return {};  // a click: the amphipod stays picked
  const auto target = place_at(b, in.mouse);
  if (!target) return {};
  return drop(b, *target);
}

ViewAction AmphipodView::handle_keys(const Burrow& b) {
  ImGuiIO& io = ImGui::GetIO();
  const std::vector<Place> can_move = movers(b);
  auto cycle = [&](int direction, int kind) {
    if (can_move.empty()) return;
    const auto here =
        picked_ ? std::find(can_move.begin(), can_move.end(), *picked_) : can_move.end();
    int index = here == can_move.end() ? (direction > 0 ? -1 : 0) : int(here - can_move.begin());
    for (size_t tries = 0; tries < can_move.size(); ++tries) {
      index = (index + direction + int(can_move.size())) % int(can_move.size());
      if (kind < 0 || b.at(can_move[index]) == kind) {
        pick(b, can_move[index]);
        return;
      }
    }
  };
  if (key_pressed(ImGuiKey_Tab)) cycle(io.KeyShift ? -1 : 1, -1);
  if (key_pressed(ImGuiKey_Escape)) pick(b, std::nullopt);
  for (const ImWchar ch : io.InputQueueCharacters) {
    const int kind = std::toupper(ch < 128 ? int(ch) : 0) - 'A';
    if (kind >= 0 && kind < b.rooms) cycle(1, kind);
  }
  if (!stops_.empty()) {
    const int n = int(stops_.size());
    if (key_pressed(ImGuiKey_RightArrow) || key_pressed(ImGuiKey_DownArrow)) {
      chosen_stop_ = (chosen_stop_ + 1) % n;
    }
    if (key_pressed(ImGuiKey_LeftArrow) || key_pressed(ImGuiKey_UpArrow)) {
      chosen_stop_ = (chosen_stop_ - 1 + n) % n;
    }
  }
  const bool go = key_pressed(ImGuiKey_Enter) || key_pressed(ImGuiKey_KeyPadEnter) ||
                  key_pressed(ImGuiKey_Space);
  if (!go) return {};
  if (!picked_) return {"", false, "Pick an amphipod first: Tab, its letter, or a click."};
  if (chosen_stop_ < 0) return {"", false, "This amphipod cannot move now."};
  const Step step{*picked_, stops_[chosen_stop_].to};
  pick(b, std::nullopt);
  return {amphipod::format_step(step), true, ""};
}

// --- Edit mode: a press and a release on the same cell is one edit.

ViewAction AmphipodView::handle_edit(const BoardFrame& frame, const Burrow& b) {
  const auto pointed = place_at(b, frame.input.mouse);
  if (frame.input.hovered && pointed) ImGui::SetMouseCursor(ImGuiMouseCursor_Hand);
  const std::vector<int> cells =
      edit_.track(frame.input, pointed ? b.cell_number(*pointed) : -1, *frame.edit_tool);
  if (cells.empty()) return {};
  ViewAction action;
  action.move = write_edit(*frame.edit_tool, cells);
  return action;
}

// The cells the edit under way would change (an amphipod placed on a room
// where it drops to, one erased and those that move down after it; none for
// an edit that would be refused), or the cell under the pointer, ringed in
// the colour of the kind in hand.
void AmphipodView::draw_edit(const BoardFrame& frame, const Burrow& b) const {
  const auto hover = frame.input.hovered ? place_at(b, frame.input.mouse) : std::nullopt;
  const std::vector<int> cells = edit_.outline_cells(
      hover ? b.cell_number(*hover) : -1, *frame.edit_tool, frame.editor, frame.edit_board);
  const int kind = frame.edit_tool->name.size() == 1 ? frame.edit_tool->name[0] - 'A' : -1;
  const ImU32 color =
      kind >= 0 && kind < int(kKindColors.size()) ? kKindColors[kind] : colors::rgb(90, 90, 90);
  const float c = geometry_.cell;
  for (const int cell : cells) {
    if (cell < 0 || cell >= b.cell_count()) continue;
    const ImVec2 center = center_of(b.place_of(cell));
    frame.draw->AddRect(ImVec2(center.x - c * 0.45f, center.y - c * 0.45f),
                        ImVec2(center.x + c * 0.45f, center.y + c * 0.45f),
                        colors::with_alpha(color, 230), c * 0.16f, 0, std::max(2.0f, c * 0.06f));
  }
}

void AmphipodView::record_targets(const Burrow& b) {
  targets_.clear();
  const float c = geometry_.cell;
  for (int cell = 0; cell < b.cell_count(); ++cell) {
    const Place p = b.place_of(cell);
    const ImVec2 center = center_of(p);
    const float x = center.x - c / 2, y = center.y - c / 2;
    targets_.push_back({amphipod::format_place(p), x, y, c, c});
    if (b.at(p) != kEmpty) {
      targets_.push_back(
          {std::string(1, amphipod::kind_letter(b.at(p))) + "@" + amphipod::format_place(p), x, y,
           c, c});
    }
  }
  targets_.push_back(diagram(b, geometry_));
}

AmphipodView::Geometry AmphipodView::fit(const Burrow& b, ImVec2 min, ImVec2 max, float scale) {
  // The cells, the bottom wall (the rooms' letters) and the thin outer walls.
  const float across = float(2 * b.rooms + 3) + 2 * kOuterWall;
  const float down = float(b.depth + 2) + kOuterWall;
  const float room = std::min((max.x - min.x) / across, (max.y - min.y) / (down + 0.6f));
  Geometry g;
  g.cell = std::max(1.0f, std::floor(std::min(room, kAmphipodMaxCell * scale)));
  g.wall = std::max(1.0f, std::floor(kOuterWall * g.cell));
  // The diagram's character (0, 0) is the top-left wall's cell, mostly
  // outside: only its thin share is drawn.
  const float outside = g.cell - g.wall;
  const float wide = float(2 * b.rooms + 3) * g.cell + 2 * g.wall;
  const float tall = float(b.depth + 2) * g.cell + g.wall;
  g.origin = ImVec2(min.x + std::floor((max.x - min.x - wide) / 2) - outside,
                    min.y + std::floor((max.y - min.y - tall) / 2) - outside);
  return g;
}

// The diagram's rectangle: the hallway's row and the rooms, walls included.
Target AmphipodView::diagram(const Burrow& b, const Geometry& g) {
  const float outside = g.cell - g.wall;
  const ImVec2 lo(g.origin.x + outside, g.origin.y + outside);
  const ImVec2 corner = g.at(float(b.depth + 3), float(2 * b.rooms + 5));
  const ImVec2 hi(corner.x - outside, corner.y);
  return {"board", lo.x, lo.y, hi.x - lo.x, hi.y - lo.y};
}

Target AmphipodView::drawn_board_in(const Game& game, ImVec2 min, ImVec2 max, float scale) const {
  const Burrow& b = burrow_of(&game);
  return diagram(b, fit(b, min, max, scale));
}

ViewAction AmphipodView::show(const BoardFrame& frame) {
  const Burrow& b = burrow_of(frame.position);
  geometry_ = fit(b, frame.min, frame.max, frame.scale);
  if (!frame.interactive) reset();
  if (picked_ && (picked_->in_room ? picked_->room >= b.rooms || picked_->depth >= b.depth
                                   : picked_->hall >= b.hall_size())) {
    reset();
  }
  if (picked_ && b.at(*picked_) == kEmpty) reset();
  if (picked_) {  // the position may have changed under us (undo, a hint)
    const int keep = chosen_stop_;
    pick(b, picked_);
    if (keep >= 0 && keep < int(stops_.size())) chosen_stop_ = keep;
  }

  ViewAction action;
  if (frame.edit_tool) {
    pick(b, std::nullopt);  // no amphipod picked to play while editing
    drag_.reset();
    if (frame.interactive) action = handle_edit(frame, b);
  } else if (frame.interactive) {
    action = handle_pointer(frame, b);
    if (action.move.empty() && frame.input.keyboard) {
      ViewAction keys = handle_keys(b);
      if (!keys.move.empty() || !keys.note.empty()) action = keys;
    }
    const bool over = frame.input.hovered && amphipod_at(b, frame.input.mouse).has_value();
    if (over || drag_) ImGui::SetMouseCursor(ImGuiMouseCursor_Hand);
  }
  draw_burrow(frame, b);
  draw_highlight(frame, b);
  if (frame.interactive) draw_stops(frame);
  draw_amphipods(frame, b);
  if (frame.edit_tool && frame.interactive) draw_edit(frame, b);
  refusal_ = frame.edit_tool ? edit_.refusal(*frame.edit_tool, frame.editor, frame.edit_board)
                             : std::string();
  record_targets(b);
  return action;
}

}  // namespace puzzlelab::shell
