#include "views/rushhour_view.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <cmath>

#include "key_help.h"
#include "views/edit_outline.h"
#include "widgets.h"

namespace puzzlelab::shell {

using rushhour::Axis;
using rushhour::Box;
using rushhour::Direction;
using rushhour::ExitSide;
using rushhour::Layout;
using rushhour::Orientation;
using rushhour::RushHourGame;

namespace {

constexpr float kBezel = 0.2f;           // frame width, in cells
constexpr float kExitRoom = 0.55f;       // room beyond the exit for its arrow, in cells
constexpr float kGap = 0.07f;            // space between a piece and its cell edges, in cells
constexpr float kRushHourMaxCell = 120;  // UI units: small boards should not look inflated

constexpr ImU32 kBezelColor = colors::rgb(58, 65, 80);
constexpr ImU32 kRushHourFloor = colors::rgb(206, 212, 222);
constexpr ImU32 kCell = colors::rgb(222, 227, 235);
constexpr ImU32 kRushHourWall = colors::rgb(44, 48, 58);
constexpr ImU32 kWallHatch = colors::rgb(70, 76, 90);
constexpr ImU32 kRed = colors::rgb(226, 58, 62);
constexpr ImU32 kExit = colors::rgb(226, 58, 62);
constexpr ImU32 kRushHourHintGlow = colors::rgb(255, 200, 60);

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

bool exit_across(const Orientation& orientation) {  // on the left or right side
  return orientation.exit_side() == ExitSide::left || orientation.exit_side() == ExitSide::right;
}

// Board size in cells with the bezel and the room for the exit arrow.
ImVec2 board_extent(const Orientation& orientation) {
  const bool across = exit_across(orientation);
  return {orientation.screen_width() + 2 * kBezel + (across ? kExitRoom : 0),
          orientation.screen_height() + 2 * kBezel + (across ? 0 : kExitRoom)};
}

// The cells' rectangle with the bezel round it and the shadow draw_board
// casts below.
Target with_bezel(const Target& cells, float bezel) {
  return {"board", cells.x - bezel, cells.y - bezel, cells.w + 2 * bezel, cells.h + bezel * 2.35f};
}

// The rectangle of a piece at a (fractional) position, in the engine's frame.
Box piece_box(const Layout& layout, int piece, float pos) {
  const rushhour::Piece& p = layout.pieces()[piece];
  const double line = p.line, end = pos + p.length;
  return p.axis == Axis::horizontal ? Box{line, pos, line + 1, end} : Box{pos, line, end, line + 1};
}

}  // namespace

float RushHourView::aspect(const Game& game) const {
  const ImVec2 extent = board_extent(as_rushhour(&game).orientation());
  return extent.x / extent.y;
}

BoardView::BannerPlace RushHourView::banner_place(const Game& game) const {
  const bool top_exit = as_rushhour(&game).orientation().exit_side() == ExitSide::top;
  return top_exit ? BannerPlace::bottom : BannerPlace::top;
}

BoardHelp RushHourView::help() const {
  // Lower-case letters that are page shortcuts reach the board with Shift.
  std::string taken;
  for (const Shortcut& shortcut : shortcuts()) {
    if (std::isalpha(static_cast<unsigned char>(shortcut.key)))
      taken += std::string(taken.empty() ? "" : ", ") +
               static_cast<char>(std::toupper(static_cast<unsigned char>(shortcut.key)));
  }
  return {
      "Drag a vehicle along its lane, or pick one (Tab or its letter) and use the arrows.",
      "Drag a vehicle along its lane to move it.",
      {{"Tab, Shift+Tab", "Pick the next or the previous vehicle"},
       {"A to Z", "Pick that vehicle (for " + taken + " hold Shift: those letters are page keys)"},
       {"Arrows", "Slide the picked vehicle one cell"},
       {"Esc", "Drop the pick"}}};
}

RushHourView::Geometry RushHourView::fit(const Orientation& orientation, ImVec2 min, ImVec2 max,
                                         float scale) {
  const ImVec2 extent = board_extent(orientation);
  Geometry g;
  const float room = std::min((max.x - min.x) / extent.x, (max.y - min.y) / extent.y);
  g.cell = std::max(1.0f, std::floor(std::min(room, kRushHourMaxCell * scale)));
  g.bezel = std::round(g.cell * kBezel);
  // The arrow's room goes on the exit's side.
  const float before_x = orientation.exit_side() == ExitSide::left ? kExitRoom * g.cell : 0;
  const float before_y = orientation.exit_side() == ExitSide::top ? kExitRoom * g.cell : 0;
  const float left = min.x + std::floor((max.x - min.x - extent.x * g.cell) / 2) + before_x;
  const float top = min.y + std::floor((max.y - min.y - extent.y * g.cell) / 2) + before_y;
  g.origin = ImVec2(left + g.bezel, top + g.bezel);
  return g;
}

RushHourView::Rect RushHourView::on_screen(const Orientation& orientation, Box box) const {
  const Box shown = orientation.to_screen(box);
  return {geometry_.cell_min(float(shown.row0), float(shown.col0)),
          geometry_.cell_min(float(shown.row1), float(shown.col1))};
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

RushHourView::Rect RushHourView::piece_rect(const RushHourGame& game, int piece, float pos) const {
  return on_screen(game.orientation(), piece_box(game.layout(), piece, pos));
}

int RushHourView::piece_at(const RushHourGame& game, const std::vector<float>& shown,
                           ImVec2 point) const {
  for (int i = 0; i < static_cast<int>(shown.size()); ++i) {
    const Rect r = piece_rect(game, i, shown[i]);
    if (point.x >= r.lo.x && point.x < r.hi.x && point.y >= r.lo.y && point.y < r.hi.y) return i;
  }
  return -1;
}

void RushHourView::draw_board(const BoardFrame& frame, const RushHourGame& game) const {
  ImDrawList& draw = *frame.draw;
  const Layout& layout = game.layout();
  const Orientation& orientation = game.orientation();
  const Geometry& g = geometry_;
  const float w = orientation.screen_width() * g.cell, h = orientation.screen_height() * g.cell;
  const ImVec2 lo(g.origin.x - g.bezel, g.origin.y - g.bezel);
  const ImVec2 hi(g.origin.x + w + g.bezel, g.origin.y + h + g.bezel);
  draw.AddRectFilled(ImVec2(lo.x, lo.y + g.bezel * 0.35f), ImVec2(hi.x, hi.y + g.bezel * 0.35f),
                     colors::rgb(0, 0, 0, 70), g.bezel * 1.2f);  // soft drop shadow
  draw.AddRectFilled(lo, hi, kBezelColor, g.bezel * 1.1f);
  draw.AddRectFilled(g.origin, ImVec2(g.origin.x + w, g.origin.y + h), kRushHourFloor,
                     g.bezel * 0.4f);
  draw_exit(frame, game);

  for (int r = 0; r < orientation.screen_height(); ++r) {
    for (int c = 0; c < orientation.screen_width(); ++c) {
      const ImVec2 a = g.cell_min(static_cast<float>(r), static_cast<float>(c));
      const ImVec2 b(a.x + g.cell, a.y + g.cell);
      const float inset = g.cell * 0.04f;
      const rushhour::Cell at = orientation.from_screen(rushhour::Cell{r, c});
      if (!layout.is_wall(at.row, at.col)) {
        draw.AddRectFilled(ImVec2(a.x + inset, a.y + inset), ImVec2(b.x - inset, b.y - inset),
                           kCell, g.cell * 0.1f);
        continue;
      }
      draw.AddRectFilled(a, b, kRushHourWall, g.cell * 0.08f);
      draw.PushClipRect(a, b, true);
      for (float t = -g.cell; t < g.cell; t += g.cell / 4) {  // hatching marks a wall
        draw.AddLine(ImVec2(a.x + t, b.y), ImVec2(a.x + t + g.cell, a.y), kWallHatch,
                     std::max(1.0f, g.cell * 0.04f));
      }
      draw.PopClipRect();
    }
  }
}

// The exit: a gap in the frame on car A's row and an arrow pointing out.
// Laid out in the engine's frame (the gap right of the board) and turned.
void RushHourView::draw_exit(const BoardFrame& frame, const RushHourGame& game) const {
  const Layout& layout = game.layout();
  const Orientation& orientation = game.orientation();
  const int red = layout.red_car();
  const double row = red >= 0 ? layout.pieces()[red].line : 0, edge = layout.width();
  const float cell = geometry_.cell;
  const double bezel = geometry_.bezel / cell, pixel = 1.0 / cell;
  const Rect gap =
      on_screen(orientation, Box{row + 0.06, edge - pixel, row + 0.94, edge + bezel + pixel});
  frame.draw->AddRectFilled(gap.lo, gap.hi, kRushHourFloor);
  const double tip = edge + bezel + pixel + 0.42, base = tip - 0.26, mid = row + 0.5;
  auto point = [&](double r, double c) { return on_screen(orientation, Box{r, c, r, c}).lo; };
  frame.draw->AddTriangleFilled(point(mid, tip), point(mid - 0.2, base), point(mid + 0.2, base),
                                kExit);
}

void RushHourView::draw_piece(const BoardFrame& frame, const RushHourGame& game, int piece,
                              float pos, bool hovered) const {
  ImDrawList& draw = *frame.draw;
  const float cell = geometry_.cell, gap = cell * kGap, rounding = cell * 0.18f;
  const rushhour::Piece& p = game.layout().pieces()[piece];
  const Rect r = piece_rect(game, piece, pos);
  const ImVec2 lo(r.lo.x + gap, r.lo.y + gap), hi(r.hi.x - gap, r.hi.y - gap);
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

void RushHourView::draw_highlight(const BoardFrame& frame, const Orientation& orientation) const {
  if (frame.highlight.empty()) return;
  // The hint's cells are numbered as the board is written, as it is drawn.
  const int width = orientation.screen_width();
  int top = orientation.screen_height(), left = width, bottom = 0, right = 0;
  for (const int cell : frame.highlight) {
    const int row = cell / width, col = cell % width;
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
  const float pulse = frame.pulse;
  const ImVec4 glow = ImGui::ColorConvertU32ToFloat4(kRushHourHintGlow);
  for (int ring = 3; ring >= 1; --ring) {  // soft halo, widest and faintest first
    const float grow = cell * 0.035f * float(ring);
    const float alpha = (0.16f + 0.1f * pulse) / float(ring);
    draw.AddRect(ImVec2(lo.x - grow, lo.y - grow), ImVec2(hi.x + grow, hi.y + grow),
                 ImGui::GetColorU32(ImVec4(glow.x, glow.y, glow.z, alpha)), cell * 0.2f + grow, 0,
                 cell * 0.05f);
  }
  draw.AddRect(lo, hi, kRushHourHintGlow, cell * 0.2f, 0, std::max(2.0f, cell * 0.05f));
}

ViewAction RushHourView::handle_pointer(const BoardFrame& frame, const RushHourGame& game,
                                        const std::vector<float>& shown) {
  const Layout& layout = game.layout();
  const BoardInput& in = frame.input;
  if (in.pressed) {
    const int piece = piece_at(game, shown, in.mouse);
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
  // The screen direction in which the piece's position grows.
  const Direction ahead =
      game.orientation().to_screen(Direction{layout.pieces()[drag_->piece].axis, 1});
  const float moved = ahead.axis == Axis::horizontal ? in.mouse.x - drag_->start_mouse.x
                                                     : in.mouse.y - drag_->start_mouse.y;
  drag_->offset =
      std::clamp(float(ahead.sign) * moved / geometry_.cell, float(drag_->lowest - drag_->start),
                 float(drag_->highest - drag_->start));
  if (in.held && !in.released) return {};
  const int delta = static_cast<int>(std::lround(drag_->offset));
  const rushhour::Slide slide{static_cast<uint8_t>(drag_->piece), static_cast<int8_t>(delta)};
  drag_.reset();
  if (delta == 0) return {};
  return {game.move_text(slide), false, ""};
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
  // Arrows are screen directions; the piece's lane is in the engine's frame.
  const bool sideways = key_pressed(ImGuiKey_LeftArrow) || key_pressed(ImGuiKey_RightArrow);
  const Direction wanted =
      game.orientation().from_screen(Direction{sideways ? Axis::horizontal : Axis::vertical, step});
  const rushhour::Piece& piece = layout.pieces()[selected_];
  if (piece.axis != wanted.axis) {
    const bool lane_across =
        game.orientation().to_screen(Direction{piece.axis, 1}).axis == Axis::horizontal;
    return {"", false,
            std::string(1, piece.label) +
                (lane_across ? " moves left and right." : " moves up and down.")};
  }
  const rushhour::Slide slide{static_cast<uint8_t>(selected_), static_cast<int8_t>(wanted.sign)};
  return {game.move_text(slide), true, ""};
}

void RushHourView::record_targets(const RushHourGame& game, const std::vector<float>& shown) {
  const Layout& layout = game.layout();
  targets_.clear();
  for (int i = 0; i < static_cast<int>(shown.size()); ++i) {
    const Rect r = piece_rect(game, i, shown[i]);
    targets_.push_back({std::string(1, layout.pieces()[i].label), r.lo.x, r.lo.y, r.hi.x - r.lo.x,
                        r.hi.y - r.lo.y});
  }
  const ImVec2 lo = geometry_.origin;
  const ImVec2 hi = geometry_.cell_min(static_cast<float>(game.orientation().screen_height()),
                                       static_cast<float>(game.orientation().screen_width()));
  targets_.push_back({"board", lo.x, lo.y, hi.x - lo.x, hi.y - lo.y});
}

Target RushHourView::drawn_board() const {
  const Target board = BoardView::drawn_board();
  return board.w <= 0 ? board : with_bezel(board, geometry_.bezel);
}

Target RushHourView::drawn_board_in(const Game& game, ImVec2 min, ImVec2 max, float scale) const {
  const Orientation& orientation = as_rushhour(&game).orientation();
  const Geometry g = fit(orientation, min, max, scale);
  return with_bezel({"board", g.origin.x, g.origin.y, float(orientation.screen_width()) * g.cell,
                     float(orientation.screen_height()) * g.cell},
                    g.bezel);
}

void RushHourView::record_drawn_rows(const RushHourGame& game) {
  const Orientation& orientation = game.orientation();
  drawn_rows_.assign(orientation.screen_height(), std::string(orientation.screen_width(), ' '));
  for (int r = 0; r < orientation.screen_height(); ++r) {
    for (int c = 0; c < orientation.screen_width(); ++c) {
      const rushhour::Cell at = orientation.from_screen(rushhour::Cell{r, c});
      if (game.layout().is_wall(at.row, at.col)) drawn_rows_[r][c] = '#';
      // A cell's centre inside a piece's rectangle (the targets just drawn).
      const ImVec2 centre = geometry_.cell_min(r + 0.5f, c + 0.5f);
      for (const Target& t : targets_) {
        const bool inside =
            centre.x >= t.x && centre.x < t.x + t.w && centre.y >= t.y && centre.y < t.y + t.h;
        if (inside && t.name.size() == 1) drawn_rows_[r][c] = t.name[0];
      }
    }
  }
  exit_side_ = rushhour::to_string(orientation.exit_side());
}

void RushHourView::write_state(JsonWriter& json) const {
  json.key("exit").value(exit_side_);
  json.key("rows").string_array(drawn_rows_);
  // Edit mode: the cells outlined (the edit's numbering), for the checks.
  json.key("outline").begin_array();
  for (int cell : outlined_) json.value(cell);
  json.end_array();
}

// --- Edit mode: cells as the board is written (row-major on the screen, the
// exit on any side), a press starts an edit and the release ends it.

int RushHourView::cell_at(const RushHourGame& game, ImVec2 point) const {
  const int col = static_cast<int>(std::floor((point.x - geometry_.origin.x) / geometry_.cell));
  const int row = static_cast<int>(std::floor((point.y - geometry_.origin.y) / geometry_.cell));
  const Orientation& shown = game.orientation();
  if (row < 0 || col < 0 || row >= shown.screen_height() || col >= shown.screen_width()) return -1;
  return row * shown.screen_width() + col;
}

ViewAction RushHourView::handle_edit(const BoardFrame& frame, const RushHourGame& game) {
  const int pointed = cell_at(game, frame.input.mouse);
  if (frame.input.hovered && pointed >= 0) ImGui::SetMouseCursor(ImGuiMouseCursor_Hand);
  const std::vector<int> cells = edit_.track(frame.input, pointed, *frame.edit_tool);
  if (cells.empty()) return {};
  ViewAction action;
  action.move = write_edit(*frame.edit_tool, cells);
  return action;
}

// The cells the edit under way would change (a car where it would stand, a
// piece moved where it was and where it goes), or the cell under the
// pointer: filled softly, with a line round the shape they make.
void RushHourView::draw_edit(const BoardFrame& frame, const RushHourGame& game) {
  const int width = game.orientation().screen_width();
  const int hover = frame.input.hovered ? cell_at(game, frame.input.mouse) : -1;
  outlined_ = edit_.outline_cells(hover, *frame.edit_tool, frame.editor, frame.edit_board);
  draw_edit_outline(*frame.draw, outlined_, width, std::max(2.0f, geometry_.cell * 0.05f),
                    [&](int row, int col) { return geometry_.cell_min(float(row), float(col)); });
}

ViewAction RushHourView::show(const BoardFrame& frame) {
  const RushHourGame& game = as_rushhour(frame.position);
  const Layout& layout = game.layout();
  const int count = static_cast<int>(layout.pieces().size());
  if (selected_ >= count) selected_ = -1;
  if (!frame.interactive) drag_.reset();
  geometry_ = fit(game.orientation(), frame.min, frame.max, frame.scale);

  ViewAction action;
  if (frame.edit_tool) {
    drag_.reset();
    if (frame.interactive) action = handle_edit(frame, game);
  } else if (frame.interactive) {
    action = handle_pointer(frame, game, shown_positions(frame));
    if (action.move.empty() && frame.input.keyboard) {
      ViewAction keys = handle_keys(game);
      if (!keys.move.empty() || !keys.note.empty()) action = keys;
    }
  }
  const std::vector<float> shown = shown_positions(frame);
  hovered_ =
      frame.interactive && frame.input.hovered ? piece_at(game, shown, frame.input.mouse) : -1;
  if (hovered_ >= 0 || drag_) ImGui::SetMouseCursor(ImGuiMouseCursor_Hand);

  draw_board(frame, game);
  for (int i = 0; i < count; ++i) {
    if (!drag_ || drag_->piece != i) draw_piece(frame, game, i, shown[i], i == hovered_);
  }
  if (drag_) draw_piece(frame, game, drag_->piece, shown[drag_->piece], true);  // on top
  draw_highlight(frame, game.orientation());
  outlined_.clear();
  refusal_ = frame.edit_tool ? edit_.refusal(*frame.edit_tool, frame.editor, frame.edit_board)
                             : std::string();
  if (frame.edit_tool) draw_edit(frame, game);
  record_targets(game, shown);
  record_drawn_rows(game);
  return action;
}

}  // namespace puzzlelab::shell
