#include "views/sudoku_view.h"

#include <algorithm>
#include <cmath>
#include <string>

#include "widgets.h"

namespace puzzlelab::shell {

using sudoku::SudokuGame;

namespace {

constexpr int kSide = 9;
constexpr int kCells = kSide * kSide;
constexpr float kBorder = 0.16f;      // frame round the grid, in cells
constexpr float kSudokuMaxCell = 80;  // UI units: digits stay near the board font's own size
constexpr float kDigitSize = 0.62f;   // digit height, in cells
constexpr float kMarkSize = 0.27f;    // pencil mark height, in cells
constexpr float kPi = 3.14159265f;

constexpr ImU32 kFrame = colors::rgb(58, 65, 80);
constexpr ImU32 kSudokuPaper = colors::rgb(250, 251, 253);
constexpr ImU32 kThinLine = colors::rgb(198, 205, 217);
constexpr ImU32 kGiven = colors::rgb(28, 32, 42);
constexpr ImU32 kEntry = colors::rgb(37, 99, 235);
constexpr ImU32 kClashDigit = colors::rgb(220, 38, 38);
constexpr ImU32 kClashCell = colors::rgb(254, 218, 218);
constexpr ImU32 kPeer = colors::rgb(233, 239, 248);
constexpr ImU32 kSameDigit = colors::rgb(204, 221, 248);
constexpr ImU32 kSelected = colors::rgb(180, 210, 252);
constexpr ImU32 kSelectEdge = colors::rgb(37, 99, 235);
constexpr ImU32 kPencil = colors::rgb(139, 92, 246);
constexpr ImU32 kHintCell = colors::rgb(255, 214, 96);
constexpr ImU32 kHintRelated = colors::rgb(255, 242, 200);
constexpr ImU32 kHintEdge = colors::rgb(222, 146, 8);
constexpr ImU32 kMark = colors::rgb(96, 106, 124);
constexpr ImU32 kFlash = colors::rgb(110, 170, 255);

const SudokuGame& as_sudoku(const Game& game) {
  return static_cast<const SudokuGame&>(game);
}

bool valid_cell(int cell) {
  return cell >= 0 && cell < kCells;
}

// A new digit overshoots a little, then settles: 0.4 -> ~1.15 -> 1.
float pop_scale(float t) {
  return 0.4f + 0.6f * t + 0.3f * std::sin(kPi * t);
}

std::array<bool, kCells> clash_flags(const SudokuGame& game) {
  std::array<bool, kCells> clash{};
  for (const int cell : game.conflicting_cells()) clash[cell] = true;
  return clash;
}

std::string digit_text(int digit) {
  return std::string(1, static_cast<char>('0' + digit));
}

// A button that stays lit in `color` while `on`.
bool toggle_button(const char* label, bool on, ImVec2 size, ImU32 color) {
  if (on) {
    const ImVec4 c = ImGui::ColorConvertU32ToFloat4(color);
    ImGui::PushStyleColor(ImGuiCol_Button, ImVec4(c.x * 0.8f, c.y * 0.8f, c.z * 0.8f, 1));
    ImGui::PushStyleColor(ImGuiCol_ButtonHovered, c);
    ImGui::PushStyleColor(ImGuiCol_ButtonActive, c);
  }
  const bool clicked = ImGui::Button(label, size);
  if (on) ImGui::PopStyleColor(3);
  return clicked;
}

}  // namespace

// ---------------------------------------------------------------------------
// Geometry

ImVec2 SudokuView::Geometry::cell_min(int cell_index) const {
  return {origin.x + static_cast<float>(cell_index % kSide) * cell,
          origin.y + static_cast<float>(cell_index / kSide) * cell};
}

int SudokuView::Geometry::cell_at(ImVec2 point) const {
  const float x = (point.x - origin.x) / cell, y = (point.y - origin.y) / cell;
  if (x < 0 || y < 0 || x >= kSide || y >= kSide) return -1;
  return static_cast<int>(y) * kSide + static_cast<int>(x);
}

SudokuView::Geometry SudokuView::fit(ImVec2 min, ImVec2 max, float scale) {
  const float across = kSide + 2 * kBorder;
  const float room = std::min(max.x - min.x, max.y - min.y) / across;
  Geometry g;
  g.cell = std::max(4.0f, std::floor(std::min(room, kSudokuMaxCell * scale)));
  g.border = std::round(g.cell * kBorder);
  const float total = kSide * g.cell + 2 * g.border;
  // Whole pixels everywhere: lines and digits stay sharp.
  g.origin = ImVec2(std::floor(min.x + (max.x - min.x - total) / 2) + g.border,
                    std::floor(min.y + (max.y - min.y - total) / 2) + g.border);
  return g;
}

BoardHelp SudokuView::help() const {
  return {"Click a cell and type 1-9 (0 or Delete clears); P: pencil marks; arrows move.",
          "Tap a cell, then a digit on the pad under the board.",
          {{"1 to 9", "Write the digit in the chosen cell (a pencil mark in pencil mode)"},
           {"0, Delete", "Clear the chosen cell"},
           {"P or Space", "Pencil marks on or off"},
           {"Arrows", "Choose another cell"},
           {"Esc", "Drop the choice"}}};
}

std::vector<Target> SudokuView::targets() const {
  std::vector<Target> all = board_targets_;
  all.insert(all.end(), panel_targets_.begin(), panel_targets_.end());
  return all;
}

Target SudokuView::drawn_board() const {
  return framed(geometry_);
}

Target SudokuView::drawn_board_in(const Game&, ImVec2 min, ImVec2 max, float scale) const {
  return framed(fit(min, max, scale));
}

Target SudokuView::framed(const Geometry& g) {
  const float side = kSide * g.cell + 2 * g.border;
  return {"board", g.origin.x - g.border, g.origin.y - g.border, side, side};
}

// ---------------------------------------------------------------------------
// Drawing

SudokuView::Tints SudokuView::cell_tints(const BoardFrame& frame, const SudokuGame& game,
                                         const Flags& clash) const {
  Tints tints;
  tints.fill(kSudokuPaper);
  const bool selecting = frame.interactive && valid_cell(selected_);
  if (selecting) {
    const int digit = game.value(selected_);
    for (int cell = 0; cell < kCells; ++cell) {
      if (sudoku::sees(cell, selected_)) tints[cell] = kPeer;
      if (digit != 0 && game.value(cell) == digit) tints[cell] = kSameDigit;
    }
  }
  for (const int cell : frame.related) {
    if (valid_cell(cell)) tints[cell] = kHintRelated;
  }
  for (int cell = 0; cell < kCells; ++cell) {
    if (clash[cell]) tints[cell] = kClashCell;
  }
  if (selecting) tints[selected_] = kSelected;
  for (const int cell : frame.highlight) {
    if (valid_cell(cell)) tints[cell] = kHintCell;
  }
  return tints;
}

void SudokuView::draw_board(const BoardFrame& frame, const Tints& tints) const {
  ImDrawList& draw = *frame.draw;
  const Geometry& g = geometry_;
  const float side = kSide * g.cell;
  const ImVec2 lo(g.origin.x - g.border, g.origin.y - g.border);
  const ImVec2 hi(g.origin.x + side + g.border, g.origin.y + side + g.border);
  const float drop = std::max(2.0f, std::round(g.border * 0.35f));
  draw.AddRectFilled(ImVec2(lo.x, lo.y + drop), ImVec2(hi.x, hi.y + drop), colors::rgb(0, 0, 0, 70),
                     g.border * 1.2f);  // soft drop shadow, as under the Rush Hour board
  draw.AddRectFilled(lo, hi, kFrame, g.border * 1.1f);
  draw.AddRectFilled(g.origin, ImVec2(g.origin.x + side, g.origin.y + side), kSudokuPaper);
  for (int cell = 0; cell < kCells; ++cell) {
    if (tints[cell] == kSudokuPaper) continue;
    const ImVec2 a = g.cell_min(cell);
    draw.AddRectFilled(a, ImVec2(a.x + g.cell, a.y + g.cell), tints[cell]);
  }
}

void SudokuView::draw_flashes(const BoardFrame& frame, const SudokuGame& game) const {
  if (!frame.previous) return;
  const SudokuGame& before = as_sudoku(*frame.previous);
  const ImU32 color = colors::with_alpha(kFlash, colors::opacity(0.6f * (1 - frame.progress)));
  for (int cell = 0; cell < kCells; ++cell) {
    if (game.value(cell) == 0 || game.value(cell) == before.value(cell)) continue;
    const ImVec2 a = geometry_.cell_min(cell);
    frame.draw->AddRectFilled(a, ImVec2(a.x + geometry_.cell, a.y + geometry_.cell), color);
  }
}

void SudokuView::draw_lines(const BoardFrame& frame) const {
  ImDrawList& draw = *frame.draw;
  const Geometry& g = geometry_;
  const float side = kSide * g.cell;
  const float thin = std::max(1.0f, std::round(frame.scale));
  const float thick = std::max(2.0f, std::round(g.cell * 0.04f));
  for (const bool boxes : {false, true}) {  // box lines over cell lines where they cross
    for (int i = 1; i < kSide; ++i) {
      if ((i % 3 == 0) != boxes) continue;
      const float width = boxes ? thick : thin;
      const float at = std::floor(static_cast<float>(i) * g.cell - width / 2);
      const ImU32 color = boxes ? kFrame : kThinLine;
      draw.AddRectFilled(ImVec2(g.origin.x + at, g.origin.y),
                         ImVec2(g.origin.x + at + width, g.origin.y + side), color);
      draw.AddRectFilled(ImVec2(g.origin.x, g.origin.y + at),
                         ImVec2(g.origin.x + side, g.origin.y + at + width), color);
    }
  }
}

void SudokuView::draw_digit(const BoardFrame& frame, int cell, int digit, ImU32 color,
                            float size_factor, float alpha) const {
  ImFont* font = frame.fonts->board;
  const std::string text = digit_text(digit);
  const float size = geometry_.cell * kDigitSize * size_factor;
  const ImVec2 extent = font->CalcTextSizeA(size, 1e9f, 0, text.c_str());
  const ImVec2 a = geometry_.cell_min(cell);
  const float half = geometry_.cell / 2;
  const ImVec2 at(std::round(a.x + half - extent.x / 2), std::round(a.y + half - extent.y / 2));
  frame.draw->AddText(font, size, at, colors::with_alpha(color, colors::opacity(alpha)),
                      text.c_str());
}

void SudokuView::draw_marks(const BoardFrame& frame, const SudokuGame& game, int cell) const {
  const sudoku::DigitMask marks = game.pencil_marks(cell);
  const bool interactive = frame.interactive && valid_cell(selected_);
  // Pencil mode shows faint slots in the selected cell: where marks will go.
  const bool slots = pencil_ && interactive && cell == selected_;
  if (marks == 0 && !slots) return;
  const int selected_digit = interactive ? game.value(selected_) : 0;
  ImFont* font = frame.fonts->board;
  const float size = geometry_.cell * kMarkSize;
  const float inset = geometry_.cell * 0.07f, step = (geometry_.cell - 2 * inset) / 3;
  const ImVec2 a = geometry_.cell_min(cell);
  for (int digit = 1; digit <= kSide; ++digit) {
    const bool on = (marks & sudoku::digit_bit(digit)) != 0;
    if (!on && !slots) continue;
    const std::string text = digit_text(digit);
    const ImVec2 extent = font->CalcTextSizeA(size, 1e9f, 0, text.c_str());
    const ImVec2 centre(a.x + inset + step * (static_cast<float>((digit - 1) % 3) + 0.5f),
                        a.y + inset + step * (static_cast<float>((digit - 1) / 3) + 0.5f));
    ImU32 color = on ? kMark : colors::with_alpha(kPencil, colors::opacity(0.25f));
    if (on && digit == selected_digit) {  // the selected digit stands out here too
      const float r = step * 0.46f;
      frame.draw->AddRectFilled(ImVec2(centre.x - r, centre.y - r),
                                ImVec2(centre.x + r, centre.y + r), kSameDigit, r * 0.5f);
      color = kEntry;
    }
    const ImVec2 at(std::round(centre.x - extent.x / 2), std::round(centre.y - extent.y / 2));
    frame.draw->AddText(font, size, at, color, text.c_str());
  }
}

void SudokuView::draw_digits(const BoardFrame& frame, const SudokuGame& game,
                             const Flags& clash) const {
  const SudokuGame* before = frame.previous ? &as_sudoku(*frame.previous) : nullptr;
  const float t = frame.progress;
  for (int cell = 0; cell < kCells; ++cell) {
    const int digit = game.value(cell);
    const int old = before ? before->value(cell) : digit;
    if (digit == 0) {
      draw_marks(frame, game, cell);
      if (old != 0) draw_digit(frame, cell, old, kEntry, 1 + 0.3f * t, 1 - t);  // fading away
      continue;
    }
    const ImU32 color = game.is_given(cell) ? kGiven : clash[cell] ? kClashDigit : kEntry;
    if (old == digit)
      draw_digit(frame, cell, digit, color, 1, 1);
    else
      draw_digit(frame, cell, digit, color, pop_scale(t), std::min(1.0f, 2 * t));
  }
}

void SudokuView::draw_outlines(const BoardFrame& frame) const {
  const float width = std::max(2.0f, std::round(geometry_.cell * 0.045f));
  const float inset = width / 2 + 1;
  auto outline = [&](int cell, ImU32 color) {
    const ImVec2 a = geometry_.cell_min(cell);
    frame.draw->AddRect(ImVec2(a.x + inset, a.y + inset),
                        ImVec2(a.x + geometry_.cell - inset, a.y + geometry_.cell - inset), color,
                        width, 0, width);
  };
  for (const int cell : frame.highlight) {
    if (valid_cell(cell)) outline(cell, kHintEdge);
  }
  if (frame.interactive && valid_cell(selected_))
    outline(selected_, pencil_ ? kPencil : kSelectEdge);
}

void SudokuView::record_board_targets() {
  board_targets_.clear();
  const float c = geometry_.cell;
  for (int cell = 0; cell < kCells; ++cell) {
    const ImVec2 a = geometry_.cell_min(cell);
    board_targets_.push_back({sudoku::cell_name(cell), a.x, a.y, c, c});
  }
  board_targets_.push_back({"board", geometry_.origin.x, geometry_.origin.y, kSide * c, kSide * c});
}

// ---------------------------------------------------------------------------
// Input

void SudokuView::move_selection(int rows, int cols) {
  if (!valid_cell(selected_)) {
    selected_ = kCells / 2;  // the first arrow press lands in the middle
    return;
  }
  const int row = (selected_ / kSide + rows + kSide) % kSide;
  const int col = (selected_ % kSide + cols + kSide) % kSide;
  selected_ = row * kSide + col;
}

ViewAction SudokuView::enter_digit(const SudokuGame& game, int digit) const {
  if (!valid_cell(selected_)) return {"", false, "Pick a cell first: click it or use the arrows."};
  if (editing_) {  // Edit mode: a given written or cleared (core/edit.h's edit text)
    const std::string cell = std::to_string(selected_);
    return {digit ? "digit " + cell + " " + digit_text(digit) : "clear " + cell, false, ""};
  }
  const std::string name = sudoku::cell_name(selected_);
  if (game.is_given(selected_)) return {"", false, name + " holds a clue."};
  if (digit == 0) {
    if (game.value(selected_) == 0) return {};
    return {name + "=0", true, ""};
  }
  if (!pencil_) {
    if (game.value(selected_) == digit) return {};
    return {name + "=" + digit_text(digit), true, ""};
  }
  if (game.value(selected_) != 0)
    return {"", false, "Clear " + name + " first to pencil in marks."};
  const bool marked = (game.pencil_marks(selected_) & sudoku::digit_bit(digit)) != 0;
  return {name + (marked ? "-" : "+") + digit_text(digit), false, ""};
}

ViewAction SudokuView::handle_keys(const SudokuGame& game) {
  if (key_pressed(ImGuiKey_LeftArrow)) move_selection(0, -1);
  if (key_pressed(ImGuiKey_RightArrow)) move_selection(0, 1);
  if (key_pressed(ImGuiKey_UpArrow)) move_selection(-1, 0);
  if (key_pressed(ImGuiKey_DownArrow)) move_selection(1, 0);
  if (key_pressed(ImGuiKey_Escape)) selected_ = -1;
  if (key_pressed(ImGuiKey_Backspace) || key_pressed(ImGuiKey_Delete)) return enter_digit(game, 0);
  for (const ImWchar ch : ImGui::GetIO().InputQueueCharacters) {
    if (ch == 'p' || ch == 'P' || ch == ' ') {
      pencil_ = !pencil_;
      return {"", false,
              pencil_ ? "Pencil marks on: digits toggle small marks (P again to write digits)."
                      : "Pencil marks off: digits fill cells."};
    }
    if (ch >= '0' && ch <= '9') return enter_digit(game, ch - '0');
  }
  return {};
}

ViewAction SudokuView::show(const BoardFrame& frame) {
  const SudokuGame& game = as_sudoku(*frame.position);
  geometry_ = fit(frame.min, frame.max, frame.scale);
  interactive_ = frame.interactive;
  editing_ = frame.edit_tool != nullptr;
  ViewAction action;
  if (frame.interactive) {
    const int pointed = frame.input.hovered ? geometry_.cell_at(frame.input.mouse) : -1;
    if (frame.input.pressed && pointed >= 0) selected_ = pointed;
    // A tool that takes no value (Clear) works on the cell clicked.
    if (editing_ && frame.edit_tool->values.empty()) {
      const std::vector<int> cells = edit_.track(frame.input, pointed, *frame.edit_tool);
      if (!cells.empty()) action.move = write_edit(*frame.edit_tool, cells);
    }
    if (pointed >= 0) ImGui::SetMouseCursor(ImGuiMouseCursor_Hand);
    if (action.move.empty() && frame.input.keyboard) action = handle_keys(game);
  }
  const Flags clash = clash_flags(game);
  draw_board(frame, cell_tints(frame, game, clash));
  draw_flashes(frame, game);
  draw_lines(frame);
  draw_digits(frame, game, clash);
  draw_outlines(frame);
  record_board_targets();
  return action;
}

// ---------------------------------------------------------------------------
// Side panel: pencil mode, candidates, and a digit pad for touch screens

void SudokuView::note_panel_target(const char* name) {
  const ImVec2 lo = ImGui::GetItemRectMin(), hi = ImGui::GetItemRectMax();
  panel_targets_.push_back({name, lo.x, lo.y, hi.x - lo.x, hi.y - lo.y});
}

void SudokuView::digit_pad(const SudokuGame& game, ViewAction& action) {
  std::array<int, kSide + 1> placed{};
  for (int cell = 0; cell < kCells; ++cell) ++placed[game.value(cell)];
  // Two rows of five big keys; one row of nine digits and Erase where two
  // would not fit the height left (a small embed keeps its board big), as
  // long as the digits stay a finger wide.
  const ImGuiStyle& style = ImGui::GetStyle();
  const ImVec2 avail = ImGui::GetContentRegionAvail();
  const float gap = std::min(style.ItemSpacing.x, ImGui::GetFrameHeight() * 0.2f);
  const float erase_w = ImGui::CalcTextSize("Erase").x + style.FramePadding.x * 2;
  const float one_row = (avail.x - erase_w - kSide * gap) / kSide;
  const float two_rows_h = ImGui::GetFrameHeight() * 1.35f * 2 + style.ItemSpacing.y;
  const bool single = avail.y < two_rows_h && one_row >= ImGui::GetFrameHeight() * 0.75f;
  const float width = single ? one_row : (avail.x - 4 * style.ItemSpacing.x) / 5;
  const ImVec2 size(width, ImGui::GetFrameHeight() * (single ? 1.05f : 1.35f));
  ImGui::PushStyleVar(ImGuiStyleVar_ItemSpacing,
                      ImVec2(single ? gap : style.ItemSpacing.x, style.ItemSpacing.y));
  for (int digit = 1; digit <= kSide; ++digit) {
    if (single ? digit != 1 : digit != 1 && digit != 6) ImGui::SameLine();
    // Digits placed nine times are done: dimmed, still usable.
    const ImU32 text = placed[digit] >= kSide ? colors::rgb(110, 116, 130)
                       : pencil_              ? colors::rgb(196, 176, 255)
                                              : colors::kText;
    ImGui::PushStyleColor(ImGuiCol_Text, ImGui::ColorConvertU32ToFloat4(text));
    const std::string label = digit_text(digit) + "##pad";
    if (ImGui::Button(label.c_str(), size)) action = enter_digit(game, digit);
    ImGui::PopStyleColor();
    note_panel_target(("pad" + digit_text(digit)).c_str());
    tooltip("Write " + digit_text(digit) + " in the chosen cell" +
            (placed[digit] >= kSide ? " (all nine are placed)" : ""));
  }
  ImGui::SameLine();
  if (ImGui::Button("Erase", single ? ImVec2(erase_w, size.y) : size))
    action = enter_digit(game, 0);
  note_panel_target("padErase");
  tooltip("Clear the chosen cell");
  ImGui::PopStyleVar();
}

ViewAction SudokuView::side_panel(const Game& game, const MovesShown&) {
  const SudokuGame& sudoku_game = as_sudoku(game);
  panel_targets_.clear();
  ViewAction action;
  ImGui::BeginDisabled(!interactive_);
  const float half = (ImGui::GetContentRegionAvail().x - ImGui::GetStyle().ItemSpacing.x) / 2;
  const char* pencil_label = pencil_ ? "Pencil marks: on###pencil" : "Pencil marks: off###pencil";
  if (toggle_button(pencil_label, pencil_, ImVec2(half, 0), kPencil)) pencil_ = !pencil_;
  note_panel_target("pencilToggle");
  tooltip("Digits toggle small pencil marks instead of filling the cell (P or Space)");
  ImGui::SameLine();
  if (ImGui::Button("Fill candidates", ImVec2(-1, 0))) action = {"marks", false, ""};
  note_panel_target("fillCandidates");
  tooltip("Pencil in every digit still possible in each empty cell");
  digit_pad(sudoku_game, action);
  ImGui::EndDisabled();
  return action;
}

}  // namespace puzzlelab::shell
