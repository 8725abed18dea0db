// Tree of Life's space-time strip: its columns (StripColumns), and the
// view's rows of it (filled from the view's evolution), its drawing and what
// the page publishes of it.
#include "views/treeoflife_strip.h"

#include <algorithm>
#include <cstdio>

#include "theme.h"
#include "views/treeoflife_parts.h"
#include "views/treeoflife_view.h"

namespace puzzlelab::shell {

using treeoflife::Bits;
using treeoflife::get_bit;
using treeoflife::Shape;
using treeoflife::TreeOfLifeGame;

namespace {

constexpr int64_t kPositionsKept = 64;  // cells whose column the page publishes
// The tree's paper and path colours; a column shades from a dead cell's
// colour to a live one's by its share of live cells.
using treeoflife_parts::kDead;
using treeoflife_parts::kLive;
constexpr ImU32 kStripPaper = treeoflife_parts::kTreeOfLifePaper;
constexpr ImU32 kStripClock = treeoflife_parts::kTreeOfLifePath;
constexpr unsigned kAheadAlpha = 120;  // rows after the clock: what is to come, dimmer

// Live cells in [from, to), a word at a time where it can.
int64_t count_live(const Bits& state, int64_t from, int64_t to) {
  int64_t live = 0;
  for (; from < to && (from & 63); ++from) live += get_bit(state, from);
  for (; from + 64 <= to; from += 64) live += __builtin_popcountll(state[size_t(from >> 6)]);
  for (; from < to; ++from) live += get_bit(state, from);
  return live;
}

ImU32 row_shade(float share, bool ahead) {
  const float t = std::clamp(share, 0.0f, 1.0f);
  constexpr unsigned kShifts[3] = {IM_COL32_R_SHIFT, IM_COL32_G_SHIFT, IM_COL32_B_SHIFT};
  unsigned rgb[3];
  for (int k = 0; k < 3; ++k) {
    const auto dead = float((kDead >> kShifts[k]) & 0xFF),
               live = float((kLive >> kShifts[k]) & 0xFF);
    rgb[k] = unsigned(dead + (live - dead) * t);
  }
  return colors::rgb(rgb[0], rgb[1], rgb[2], ahead ? kAheadAlpha : 255);
}

// In-order positions: a leaf with k leaves left of it is at 2k; an internal
// cell at 2 * (the leaves left of its split) - 1. (One array holds the
// leaves under each cell, then, top down, each cell's position: a cell's
// children come after it.)
std::vector<int64_t> in_order(const Shape& shape) {
  const auto n = size_t(shape.cells());
  std::vector<int64_t> value(n, 1), lo(n, 0);
  for (size_t i = n; i-- > 0;) {
    if (!shape.is_leaf(int64_t(i)))
      value[i] = value[size_t(shape.left(int64_t(i)))] + value[size_t(shape.right(int64_t(i)))];
  }
  for (size_t i = 0; i < n; ++i) {
    if (shape.is_leaf(int64_t(i))) {
      value[i] = 2 * lo[i];
      continue;
    }
    const auto l = size_t(shape.left(int64_t(i))), r = size_t(shape.right(int64_t(i)));
    lo[l] = lo[i];
    lo[r] = lo[i] + value[l];
    value[i] = 2 * lo[r] - 1;
  }
  return value;
}

}  // namespace

// ---------------------------------------------------------------------------
// Columns

bool StripColumns::fit(std::shared_ptr<const Shape> shape, int columns) {
  columns = int(std::clamp<int64_t>(columns, 1, shape->cells()));
  if (shape_ == shape && columns_ == columns) return false;
  shape_ = std::move(shape);
  const Shape& tree = *shape_;
  cells_ = tree.cells();
  columns_ = columns;
  const std::vector<int64_t> position = in_order(tree);
  position_.assign(position.begin(), position.begin() + std::min<int64_t>(cells_, kPositionsKept));
  runs_.clear();
  sizes_.assign(size_t(columns_), 0);
  const std::vector<int64_t>& level = tree.level_start();
  for (size_t l = 0; l + 1 < level.size(); ++l) {
    for (int64_t i = level[l]; i < level[l + 1]; ++i) {
      const int c = int(position[size_t(i)] * columns_ / cells_);
      ++sizes_[size_t(c)];
      if (i > level[l] && runs_.back().column == c)
        runs_.back().to = i + 1;
      else
        runs_.push_back({c, i, i + 1});
    }
  }
  return true;
}

std::vector<float> StripColumns::shares(const Bits& state) const {
  std::vector<int64_t> live(size_t(columns_), 0);
  for (const Run& run : runs_) live[size_t(run.column)] += count_live(state, run.from, run.to);
  std::vector<float> share(size_t(columns_), 0);
  for (size_t c = 0; c < share.size(); ++c)
    share[c] = float(live[c]) / float(std::max<int64_t>(sizes_[c], 1));
  return share;
}

std::pair<float, float> StripColumns::span(int c) const {
  return {(float(first_position(c)) + 0.5f) / 2, (float(first_position(c + 1)) + 0.5f) / 2};
}

int StripColumns::column_of(int64_t cell) const {
  if (cell < 0 || cell >= int64_t(position_.size())) return -1;
  return int(position_[size_t(cell)] * columns_ / cells_);
}

// ---------------------------------------------------------------------------
// The view's strip

// The strip's missing rows, oldest first, while the frame's budget lasts:
// the walk ends at the strip's last row (the clock's, or generation 63 ahead
// of an early clock), and the next step is a replay of a few generations at
// most. Rows before the local evolution's start stay dark.
void TreeOfLifeView::fill_strip(const Shape&, int64_t last, int64_t& budget) {
  const int64_t first = std::max<int64_t>(0, last - (kStripRows - 1));
  std::erase_if(strip_rows_,
                [&](const auto& row) { return row.first < first || row.first > last; });
  strip_pending_ = false;
  if (strip_.columns() <= 0) return;
  if (shown_t_ == clock_ && clock_ >= first && clock_ <= last && !strip_rows_.contains(clock_))
    strip_rows_[clock_] = strip_.shares(shown_);
  for (int64_t g = std::max(first, base_); g <= last; ++g) {
    if (strip_rows_.contains(g)) continue;
    const Bits* state = budget <= 0 && evolution_->steps_to(g - base_) > 0
                            ? nullptr
                            : local_state_within(g, budget);
    if (!state) {
      strip_pending_ = true;  // the next frame goes on (animating)
      return;
    }
    strip_rows_[g] = strip_.shares(*state);
  }
}

void TreeOfLifeView::draw_space_time(const BoardFrame& frame, const TreeOfLifeGame&, ImVec2 min,
                                     ImVec2 max) {
  ImDrawList* draw = frame.draw;
  draw->AddRectFilled(min, max, kStripPaper, 4 * frame.scale);
  strip_cell_x_.clear();
  const int columns = strip_.columns();
  if (columns <= 0) return;
  // Across as the tree above it (its margin, its leaf units); one row per
  // generation, the clock's row lined, rows still being computed dark.
  const float pad = kTreeOfLifePad * frame.scale;
  const float x0 = min.x + pad, width = max.x - min.x - 2 * pad;
  const float unit = width / strip_.leaves();
  const float y0 = min.y + 2 * frame.scale, rh = (max.y - min.y - 4 * frame.scale) / kStripRows;
  const auto n = static_cast<size_t>(columns);
  std::vector<float> left(n), right(n);
  for (int c = 0; c < columns; ++c) {
    const auto [a, b] = strip_.span(c);
    const float gap = (b - a) * unit >= 6 * frame.scale ? 1 : 0;  // cells read as cells
    left[size_t(c)] = x0 + a * unit;
    right[size_t(c)] = x0 + b * unit - gap;
  }
  const int64_t first = strip_first();
  for (int r = 0; r < kStripRows; ++r) {
    const auto row = strip_rows_.find(first + r);
    if (row == strip_rows_.end()) continue;
    const float y = y0 + float(r) * rh;
    const bool ahead = first + r > clock_;
    for (int c = 0; c < columns;) {  // runs of one colour, one rectangle each
      const ImU32 color = row_shade(row->second[size_t(c)], ahead);
      int end = c + 1;
      while (end < columns && right[size_t(end - 1)] >= left[size_t(end)] &&
             row_shade(row->second[size_t(end)], ahead) == color)
        ++end;
      draw->AddRectFilled(ImVec2(left[size_t(c)], y), ImVec2(right[size_t(end - 1)], y + rh + 0.5f),
                          color);
      c = end;
    }
  }
  if (clock_ >= first && clock_ < first + kStripRows) {
    const float y = y0 + float(clock_ - first) * rh;
    draw->AddRect(ImVec2(min.x + 1, y - 1), ImVec2(max.x - 1, y + rh + 1), kStripClock, 0, 0,
                  1.5f * frame.scale);
  }
  for (int64_t cell = 0; strip_.column_of(cell) >= 0; ++cell) {
    const auto c = size_t(strip_.column_of(cell));
    strip_cell_x_.push_back((left[c] + right[c]) / 2);
  }
  draw_strip_label(frame, min, max);
}

// What the strip shows, in its corner: when there is room for a line of
// text over its rows (not in a 320x400 embed's thin strip).
void TreeOfLifeView::draw_strip_label(const BoardFrame& frame, ImVec2 min, ImVec2 max) const {
  char label[96];
  if (edit_tool_)
    std::snprintf(label, sizeof label, "generations 0-%lld, as the rule runs",
                  static_cast<long long>(kStripRows - 1));
  else
    std::snprintf(label, sizeof label, "generations %lld-%lld, the line at %lld",
                  static_cast<long long>(strip_first()), static_cast<long long>(strip_last()),
                  static_cast<long long>(clock_));
  const ImVec2 size = ImGui::CalcTextSize(label);
  if (max.y - min.y < 4 * size.y || max.x - min.x < size.x + 24 * frame.scale) return;
  const ImVec2 at(min.x + 8 * frame.scale, min.y + 4 * frame.scale);
  frame.draw->AddRectFilled(
      ImVec2(at.x - 4 * frame.scale, at.y - 2 * frame.scale),
      ImVec2(at.x + size.x + 4 * frame.scale, at.y + size.y + 2 * frame.scale),
      colors::rgb(18, 22, 30, 220), 3 * frame.scale);
  frame.draw->AddText(at, colors::kText, label);
}

// The strip's rows for the page: the generations shown, how many of them
// are computed, its columns and where the first cells' columns are drawn.
void TreeOfLifeView::write_strip_state(JsonWriter& json) const {
  const int64_t first = strip_first(), last = strip_last();
  int64_t rows = 0;
  for (const auto& row : strip_rows_) rows += row.first >= first && row.first <= last;
  json.key("strip").begin_object();
  json.key("first").value(first);
  json.key("last").value(last);
  json.key("rows").value(rows);
  json.key("columns").value(strip_.columns());
  json.key("cellX").begin_array();
  for (const float x : strip_cell_x_) json.value(double(x));
  json.end_array();
  json.end_object();
}

}  // namespace puzzlelab::shell
