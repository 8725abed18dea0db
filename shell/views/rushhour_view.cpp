#include "views/rushhour_view.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <cmath>

namespace puzzlelab::shell {

using rushhour::Axis;
using rushhour::Layout;
using rushhour::RushHourGame;

namespace {

constexpr float kBezel = 0.2f;      // frame width, in cells
constexpr float kExitRoom = 0.55f;  // room right of the board for the exit arrow, in cells
constexpr float kGap = 0.07f;       // space between a piece and its cell edges, in cells
constexpr float kMaxCell = 120;     // UI units: small boards should not look inflated

constexpr ImU32 kBezelColor = colors::rgb(58, 65, 80);
constexpr ImU32 kFloor = colors::rgb(206, 212, 222);
constexpr ImU32 kCell = colors::rgb(222, 227, 235);
constexpr ImU32 kWall = colors::rgb(44, 48, 58);
constexpr ImU32 kWallHatch = colors::rgb(70, 76, 90);
constexpr ImU32 kRed = colors::rgb(226, 58, 62);
constexpr ImU32 kExit = colors::rgb(226, 58, 62);
constexpr ImU32 kHintGlow = colors::rgb(255, 200, 60);

// Distinct, friendly colours for the other pieces (red is car A's alone).
constexpr std::array<ImU32, 12> kPieceColors = {
    colors::rgb(59, 130, 246), colors::rgb(34, 170, 110), colors::rgb(245, 166, 35),
    colors::rgb(139, 92, 246), colors::rgb(20, 170, 180), colors::rgb(249, 115, 22),
    colors::rgb(219, 39, 119), colors::rgb(101, 163, 13), colors::rgb(99, 102, 241),
    colors::rgb(180, 130, 80), colors::rgb(14, 116, 144), colors::rgb(168, 85, 247),
};

ImU32 piece_color(char label) {
  if (label == rushhour::kRedCar) return kRed;
  return kPieceColors[(label - 'B') % kPieceColors.size()];
}

ImU32 shade(ImU32 color, float factor) {
  ImVec4 c = ImGui::ColorConvertU32ToFloat4(color);
  auto f = [factor](float v) { return factor < 1 ? v * factor : v + (1 - v) * (factor - 1); };
  return ImGui::GetColorU32(ImVec4(f(c.x), f(c.y), f(c.z), c.w));
}

const RushHourGame& as_rushhour(const Game* game) {
  return static_cast<const RushHourGame&>(*game);
}

bool key_pressed(ImGuiKey key) {
  return ImGui::IsKeyPressed(ImGui::GetKeyIndex(key));
}

}  // namespace

float RushHourView::aspect(const Game& game) const {
  const Layout& layout = as_rushhour(&game).layout();
  return (layout.width() + 2 * kBezel + kExitRoom) / (layout.height() + 2 * kBezel);
}

std::string RushHourView::help() const {
  return "Drag a car along its lane. Keys: Tab or a letter picks a car, arrows move it.";
}

RushHourView::Geometry RushHourView::fit(const Layout& layout, ImVec2 min, ImVec2 max,
                                         float scale) {
  const float across = layout.width() + 2 * kBezel + kExitRoom;
  const float down = layout.height() + 2 * kBezel;
  Geometry g;
  const float room = std::min((max.x - min.x) / across, (max.y - min.y) / down);
  g.cell = std::max(1.0f, std::floor(std::min(room, kMaxCell * scale)));
  g.bezel = std::round(g.cell * kBezel);
  const float left = min.x + std::floor((max.x - min.x - across * g.cell) / 2);
  const float top = min.y + std::floor((max.y - min.y - down * g.cell) / 2);
  g.origin = ImVec2(left + g.bezel, top + g.bezel);
  return g;
}

std::vector<float> RushHourView::shown_positions(const BoardFrame& frame) const {
  const RushHourGame& game = as_rushhour(frame.position);
  const int count = static_cast<int>(game.layout().pieces().size());
  std::vector<float> shown(count);
  for (int i = 0; i < count; ++i) {
    const float to = static_cast<float>(game.positions().get(i));
    const float from =
        frame.previous ? static_cast<float>(as_rushhour(frame.previous).positions().get(i)) : to;
    shown[i] = from + (to - from) * frame.progress;
  }
  if (drag_) shown[drag_->piece] = static_cast<float>(drag_->start) + drag_->offset;
  return shown;
}

ImVec2 RushHourView::piece_min(const Layout& layout, int piece, float pos) const {
  const rushhour::Piece& p = layout.pieces()[piece];
  return p.axis == Axis::horizontal ? geometry_.cell_min(p.line, pos)
                                    : geometry_.cell_min(pos, p.line);
}

ImVec2 RushHourView::piece_max(const Layout& layout, int piece, float pos) const {
  const rushhour::Piece& p = layout.pieces()[piece];
  const float end = pos + p.length;
  return p.axis == Axis::horizontal ? geometry_.cell_min(p.line + 1.0f, end)
                                    : geometry_.cell_min(end, p.line + 1.0f);
}

int RushHourView::piece_at(const Layout& layout, const std::vector<float>& shown,
                           ImVec2 point) const {
  for (int i = 0; i < static_cast<int>(shown.size()); ++i) {
    const ImVec2 lo = piece_min(layout, i, shown[i]), hi = piece_max(layout, i, shown[i]);
    if (point.x >= lo.x && point.x < hi.x && point.y >= lo.y && point.y < hi.y) return i;
  }
  return -1;
}

void RushHourView::draw_board(const BoardFrame& frame, const Layout& layout) const {
  ImDrawList& draw = *frame.draw;
  const Geometry& g = geometry_;
  const float w = layout.width() * g.cell, h = layout.height() * g.cell;
  const ImVec2 lo(g.origin.x - g.bezel, g.origin.y - g.bezel);
  const ImVec2 hi(g.origin.x + w + g.bezel, g.origin.y + h + g.bezel);
  draw.AddRectFilled(ImVec2(lo.x, lo.y + g.bezel * 0.35f), ImVec2(hi.x, hi.y + g.bezel * 0.35f),
                     colors::rgb(0, 0, 0, 70), g.bezel * 1.2f);  // soft drop shadow
  draw.AddRectFilled(lo, hi, kBezelColor, g.bezel * 1.1f);
  draw.AddRectFilled(g.origin, ImVec2(g.origin.x + w, g.origin.y + h), kFloor, g.bezel * 0.4f);

  // The exit: a gap in the frame on car A's row and an arrow pointing out.
  const int red = layout.red_car();
  const float exit_row = red >= 0 ? layout.pieces()[red].line : 0;
  const ImVec2 gap_lo = g.cell_min(exit_row, static_cast<float>(layout.width()));
  const ImVec2 gap_hi(gap_lo.x + g.bezel + 1, gap_lo.y + g.cell);
  draw.AddRectFilled(ImVec2(gap_lo.x - 1, gap_lo.y + g.cell * 0.06f),
                     ImVec2(gap_hi.x, gap_hi.y - g.cell * 0.06f), kFloor);
  const float mid = gap_lo.y + g.cell / 2, tip = gap_hi.x + g.cell * 0.42f, arm = g.cell * 0.2f;
  draw.AddTriangleFilled(ImVec2(tip, mid), ImVec2(tip - arm * 1.3f, mid - arm),
                         ImVec2(tip - arm * 1.3f, mid + arm), kExit);

  for (int r = 0; r < layout.height(); ++r) {
    for (int c = 0; c < layout.width(); ++c) {
      const ImVec2 a = g.cell_min(static_cast<float>(r), static_cast<float>(c));
      const ImVec2 b(a.x + g.cell, a.y + g.cell);
      const float inset = g.cell * 0.04f;
      if (!layout.is_wall(r, c)) {
        draw.AddRectFilled(ImVec2(a.x + inset, a.y + inset), ImVec2(b.x - inset, b.y - inset),
                           kCell, g.cell * 0.1f);
        continue;
      }
      draw.AddRectFilled(a, b, kWall, g.cell * 0.08f);
      draw.PushClipRect(a, b, true);
      for (float t = -g.cell; t < g.cell; t += g.cell / 4) {  // hatching marks a wall
        draw.AddLine(ImVec2(a.x + t, b.y), ImVec2(a.x + t + g.cell, a.y), kWallHatch,
                     std::max(1.0f, g.cell * 0.04f));
      }
      draw.PopClipRect();
    }
  }
}

void RushHourView::draw_piece(const BoardFrame& frame, const Layout& layout, int piece, float pos,
                              bool hovered) const {
  ImDrawList& draw = *frame.draw;
  const float cell = geometry_.cell, gap = cell * kGap, rounding = cell * 0.18f;
  const rushhour::Piece& p = layout.pieces()[piece];
  ImVec2 lo = piece_min(layout, piece, pos), hi = piece_max(layout, piece, pos);
  lo = ImVec2(lo.x + gap, lo.y + gap);
  hi = ImVec2(hi.x - gap, hi.y - gap);
  const bool lifted = drag_ && drag_->piece == piece;
  const float drop = cell * (lifted ? 0.09f : 0.04f);
  draw.AddRectFilled(ImVec2(lo.x + drop * 0.4f, lo.y + drop),
                     ImVec2(hi.x + drop * 0.4f, hi.y + drop),
                     colors::rgb(20, 24, 32, lifted ? 90 : 60), rounding);

  const ImU32 base = shade(piece_color(p.label), hovered || lifted ? 1.12f : 1.0f);
  draw.AddRectFilled(lo, hi, shade(base, 0.72f), rounding);  // darker rim
  const float rim = std::max(1.0f, cell * 0.035f);
  draw.AddRectFilled(ImVec2(lo.x + rim, lo.y + rim), ImVec2(hi.x - rim, hi.y - rim * 1.8f), base,
                     rounding * 0.85f);
  // A lighter roof panel gives the pieces a bit of shape.
  const float roof = cell * 0.2f;
  draw.AddRectFilled(ImVec2(lo.x + roof, lo.y + roof), ImVec2(hi.x - roof, hi.y - roof),
                     shade(base, 1.16f), rounding * 0.6f);

  if (piece == selected_ && frame.interactive) {
    const float t = std::max(2.0f, cell * 0.05f);
    draw.AddRect(ImVec2(lo.x - t, lo.y - t), ImVec2(hi.x + t, hi.y + t), colors::rgb(255, 255, 255),
                 rounding + t, 0, t);
  }
  const char label[2] = {p.label, 0};
  const float size = cell * 0.46f;
  const ImVec2 text = frame.fonts->board->CalcTextSizeA(size, 1e9f, 0, label);
  const ImVec2 at((lo.x + hi.x - text.x) / 2, (lo.y + hi.y - text.y) / 2);
  draw.AddText(frame.fonts->board, size, ImVec2(at.x, at.y + cell * 0.02f),
               colors::rgb(0, 0, 0, 70), label);
  draw.AddText(frame.fonts->board, size, at, colors::rgb(255, 255, 255), label);
}

void RushHourView::draw_highlight(const BoardFrame& frame, const Layout& layout) const {
  if (frame.highlight.empty()) return;
  int top = layout.height(), left = layout.width(), bottom = 0, right = 0;
  for (const int cell : frame.highlight) {
    const int row = cell / layout.width(), col = cell % layout.width();
    top = std::min(top, row);
    left = std::min(left, col);
    bottom = std::max(bottom, row + 1);
    right = std::max(right, col + 1);
  }
  if (bottom <= top || right <= left) return;
  ImDrawList& draw = *frame.draw;
  const float cell = geometry_.cell, gap = cell * kGap * 0.5f;
  const ImVec2 a = geometry_.cell_min(float(top), float(left));
  const ImVec2 b = geometry_.cell_min(float(bottom), float(right));
  const ImVec2 lo(a.x + gap, a.y + gap), hi(b.x - gap, b.y - gap);
  // A slow pulse draws the eye without shouting.
  const float pulse = 0.5f + 0.5f * std::sin(static_cast<float>(ImGui::GetTime()) * 4.0f);
  const ImVec4 glow = ImGui::ColorConvertU32ToFloat4(kHintGlow);
  for (int ring = 3; ring >= 1; --ring) {  // soft halo, widest and faintest first
    const float grow = cell * 0.035f * float(ring);
    const float alpha = (0.16f + 0.1f * pulse) / float(ring);
    draw.AddRect(ImVec2(lo.x - grow, lo.y - grow), ImVec2(hi.x + grow, hi.y + grow),
                 ImGui::GetColorU32(ImVec4(glow.x, glow.y, glow.z, alpha)), cell * 0.2f + grow, 0,
                 cell * 0.05f);
  }
  draw.AddRect(lo, hi, kHintGlow, cell * 0.2f, 0, std::max(2.0f, cell * 0.05f));
}

ViewAction RushHourView::handle_pointer(const BoardFrame& frame, const RushHourGame& game,
                                        const std::vector<float>& shown) {
  const Layout& layout = game.layout();
  const BoardInput& in = frame.input;
  if (in.pressed) {
    const int piece = piece_at(layout, shown, in.mouse);
    selected_ = piece >= 0 ? piece : selected_;
    if (piece >= 0) {
      Layout::Occupancy cells;
      layout.fill_occupancy(game.positions(), cells);
      const int pos = game.positions().get(piece);
      int backward = 0, forward = 0;
      layout.free_run(cells, piece, pos, backward, forward);
      drag_ = Drag{piece, in.mouse, pos, pos - backward, pos + forward, 0};
    }
  }
  if (!drag_) return {};
  const bool horizontal = layout.pieces()[drag_->piece].axis == Axis::horizontal;
  const float moved =
      horizontal ? in.mouse.x - drag_->start_mouse.x : in.mouse.y - drag_->start_mouse.y;
  drag_->offset = std::clamp(moved / geometry_.cell, float(drag_->lowest - drag_->start),
                             float(drag_->highest - drag_->start));
  if (in.held && !in.released) return {};
  const int delta = static_cast<int>(std::lround(drag_->offset));
  const rushhour::Slide slide{static_cast<uint8_t>(drag_->piece), static_cast<int8_t>(delta)};
  drag_.reset();
  if (delta == 0) return {};
  return {rushhour::format_slide(layout, slide), false, ""};
}

ViewAction RushHourView::handle_keys(const RushHourGame& game) {
  const Layout& layout = game.layout();
  const int count = static_cast<int>(layout.pieces().size());
  ImGuiIO& io = ImGui::GetIO();
  if (key_pressed(ImGuiKey_Tab)) {
    selected_ =
        io.KeyShift ? (selected_ <= 0 ? count - 1 : selected_ - 1) : (selected_ + 1) % count;
  }
  if (key_pressed(ImGuiKey_Escape)) selected_ = -1;
  for (const ImWchar ch : io.InputQueueCharacters) {
    const int piece = layout.piece_index(static_cast<char>(std::toupper(ch < 128 ? ch : 0)));
    if (piece >= 0) selected_ = piece;
  }
  const int step = key_pressed(ImGuiKey_LeftArrow) || key_pressed(ImGuiKey_UpArrow)      ? -1
                   : key_pressed(ImGuiKey_RightArrow) || key_pressed(ImGuiKey_DownArrow) ? 1
                                                                                         : 0;
  if (step == 0) return {};
  if (selected_ < 0) return {"", false, "Pick a car first: Tab, its letter, or a click."};
  const bool horizontal = layout.pieces()[selected_].axis == Axis::horizontal;
  const bool wants_horizontal = key_pressed(ImGuiKey_LeftArrow) || key_pressed(ImGuiKey_RightArrow);
  const char label = layout.pieces()[selected_].label;
  if (horizontal != wants_horizontal) {
    return {
        "", false,
        std::string(1, label) + (horizontal ? " moves left and right." : " moves up and down.")};
  }
  const rushhour::Slide slide{static_cast<uint8_t>(selected_), static_cast<int8_t>(step)};
  return {rushhour::format_slide(layout, slide), true, ""};
}

void RushHourView::record_targets(const Layout& layout, const std::vector<float>& shown) {
  targets_.clear();
  for (int i = 0; i < static_cast<int>(shown.size()); ++i) {
    const ImVec2 lo = piece_min(layout, i, shown[i]), hi = piece_max(layout, i, shown[i]);
    targets_.push_back(
        {std::string(1, layout.pieces()[i].label), lo.x, lo.y, hi.x - lo.x, hi.y - lo.y});
  }
  const ImVec2 lo = geometry_.origin;
  const ImVec2 hi =
      geometry_.cell_min(static_cast<float>(layout.height()), static_cast<float>(layout.width()));
  targets_.push_back({"board", lo.x, lo.y, hi.x - lo.x, hi.y - lo.y});
}

ViewAction RushHourView::show(const BoardFrame& frame) {
  const RushHourGame& game = as_rushhour(frame.position);
  const Layout& layout = game.layout();
  const int count = static_cast<int>(layout.pieces().size());
  if (selected_ >= count) selected_ = -1;
  if (!frame.interactive) drag_.reset();
  geometry_ = fit(layout, frame.min, frame.max, frame.scale);

  ViewAction action;
  if (frame.interactive) {
    action = handle_pointer(frame, game, shown_positions(frame));
    if (action.move.empty() && frame.input.keyboard) {
      ViewAction keys = handle_keys(game);
      if (!keys.move.empty() || !keys.note.empty()) action = keys;
    }
  }
  const std::vector<float> shown = shown_positions(frame);
  hovered_ =
      frame.interactive && frame.input.hovered ? piece_at(layout, shown, frame.input.mouse) : -1;
  if (hovered_ >= 0 || drag_) ImGui::SetMouseCursor(ImGuiMouseCursor_Hand);

  draw_board(frame, layout);
  for (int i = 0; i < count; ++i) {
    if (!drag_ || drag_->piece != i) draw_piece(frame, layout, i, shown[i], i == hovered_);
  }
  if (drag_) draw_piece(frame, layout, drag_->piece, shown[drag_->piece], true);  // on top
  draw_highlight(frame, layout);
  record_targets(layout, shown);
  return action;
}

}  // namespace puzzlelab::shell
