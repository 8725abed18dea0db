#include "views/treeoflife_view.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <utility>

#include "views/treeoflife_parts.h"
#include "widgets.h"

namespace puzzlelab::shell {

using treeoflife::Bits;
using treeoflife::get_bit;
using treeoflife::Shape;
using treeoflife::TreeOfLifeGame;
using namespace treeoflife_parts;

namespace {

constexpr int64_t kNodeLinkCells = 1023;  // bigger trees are drawn as an icicle
constexpr int kNodeLinkLevels = 12;
constexpr int kSpaceTimeRows = int(TreeOfLifeView::kStripRows);
// Evolution work per frame: as long as the rest of the frame (drawing,
// waiting for the screen) takes, within these bounds, so frames come at no
// less than about half their usual rate; the slice's cell updates follow the
// measured speed (natively and in wasm).
constexpr double kMinWorkSeconds = 0.008;
constexpr double kMaxWorkSeconds = 0.030;
constexpr size_t kPublishedQueryCells = 120;
constexpr int64_t kCellTargets = 64;  // cells published as targets (tests, embeds)
// A jump the view's evolution would take more frames than this to walk goes
// to the worker.
constexpr int64_t kLocalFrames = 3;
constexpr float kTreeShare = 0.74f;  // of the area's height: the tree; the strip under it

// A cheap fingerprint of a position's rule and generation 0 (cache keys).
std::string problem_key(const TreeOfLifeGame& game) {
  const treeoflife::Problem& p = game.problem();
  uint64_t h = 1469598103934665603ull ^ p.rule;
  for (const uint64_t w : *p.generation0) h = (h ^ w) * 1099511628211ull;
  return std::to_string(reinterpret_cast<uintptr_t>(p.shape.get())) + ":" + std::to_string(h);
}

int64_t last_query_generation(const TreeOfLifeGame& game) {
  int64_t last = 0;
  for (const auto& q : *game.problem().queries) last = std::max(last, q.generation);
  return last;
}

}  // namespace

BoardHelp TreeOfLifeView::help() const {
  return {"Right and Left step the clock, Space plays; at generation 0 a click switches a cell.",
          "Step the clock on the time line; at generation 0 a tap switches a cell.",
          {{"Right, Left", "One generation on or back"},
           {"Space", "Play or pause the clock"},
           {"Esc", "Stop a long computation"}}};
}

void TreeOfLifeView::note_target(const std::string& name) {
  const ImVec2 lo = ImGui::GetItemRectMin(), hi = ImGui::GetItemRectMax();
  panel_targets_.push_back({name, lo.x, lo.y, hi.x - lo.x, hi.y - lo.y});
}

std::vector<Target> TreeOfLifeView::targets() const {
  std::vector<Target> all = board_targets_;
  all.insert(all.end(), panel_targets_.begin(), panel_targets_.end());
  return all;
}

// ---------------------------------------------------------------------------
// Layout: leaf intervals in one breadth-first pass each way (no recursion)

void TreeOfLifeView::update_intervals(const Shape& shape) {
  if (intervals_.shape == &shape) return;
  const auto n = static_cast<size_t>(shape.cells());
  Intervals& iv = intervals_;
  iv.shape = &shape;
  std::vector<float> leaves(n, 1);
  for (size_t i = n; i-- > 0;) {  // children come after their parent
    if (!shape.is_leaf(int64_t(i)))
      leaves[i] = leaves[size_t(shape.left(int64_t(i)))] + leaves[size_t(shape.right(int64_t(i)))];
  }
  iv.lo.assign(n, 0);
  iv.hi.assign(n, 0);
  iv.split.assign(n, 0);
  iv.level.assign(n, 0);
  iv.hi[0] = leaves[0];
  iv.leaves = leaves[0];
  for (size_t i = 0; i < n; ++i) {
    if (shape.is_leaf(int64_t(i))) continue;
    const auto l = size_t(shape.left(int64_t(i))), r = size_t(shape.right(int64_t(i)));
    iv.split[i] = iv.lo[i] + leaves[l];
    iv.lo[l] = iv.lo[i];
    iv.hi[l] = iv.split[i];
    iv.lo[r] = iv.split[i];
    iv.hi[r] = iv.hi[i];
    iv.level[l] = iv.level[r] = iv.level[i] + 1;
  }
}

bool TreeOfLifeView::node_link(const Shape& shape) const {
  return shape.cells() <= kNodeLinkCells && shape.levels() <= kNodeLinkLevels;
}

std::vector<int64_t> TreeOfLifeView::query_path_cells(const TreeOfLifeGame& game) const {
  const auto& queries = *game.problem().queries;
  if (selected_query_ < 0 || selected_query_ >= int(queries.size())) return {};
  std::vector<int64_t> cells;
  for (int64_t c = queries[size_t(selected_query_)].cell; c >= 0;
       c = game.problem().shape->parent(c))
    cells.push_back(c);
  return cells;
}

// ---------------------------------------------------------------------------
// Drawing

void TreeOfLifeView::draw_tree(const BoardFrame& frame, const TreeOfLifeGame& game, ImVec2 min,
                               ImVec2 max) {
  const Shape& shape = *game.problem().shape;
  // Until the first generation is ready (a new rule at a late clock), an
  // empty tree under the progress box.
  const Bits empty(shape.words(), 0);
  const Bits& state = shown_.size() == shape.words() ? shown_ : empty;
  ImDrawList* draw = frame.draw;
  draw->AddRectFilled(min, max, kTreeOfLifePaper, 6 * frame.scale);
  const float pad = kTreeOfLifePad * frame.scale;
  const float x0 = min.x + pad, width = max.x - min.x - 2 * pad;
  const float y0 = min.y + pad, height = max.y - min.y - 2 * pad;
  const int levels = shape.levels();
  const std::vector<int64_t> path = query_path_cells(game);
  std::vector<char> on_path(size_t(shape.cells()), 0);
  for (const int64_t c : path) on_path[size_t(c)] = 1;
  const int64_t target = path.empty() ? -1 : path.front();
  auto x_of = [&](float leaf_units) { return x0 + leaf_units / intervals_.leaves * width; };

  if (node_link(shape)) {
    const float dy = height / float(std::max(levels, 1));
    const float leaf_w = width / intervals_.leaves;
    const float radius = std::clamp(std::min(leaf_w * 0.42f, dy * 0.3f), 2.0f, 20 * frame.scale);
    auto centre = [&](int64_t i) {
      const size_t k = size_t(i);
      const float u =
          shape.is_leaf(i) ? (intervals_.lo[k] + intervals_.hi[k]) / 2 : intervals_.split[k];
      return ImVec2(x_of(u), y0 + (float(intervals_.level[k]) + 0.5f) * dy);
    };
    for (int64_t i = 1; i < shape.cells(); ++i) {
      const bool lit = on_path[size_t(i)];
      draw->AddLine(centre(shape.parent(i)), centre(i), lit ? kTreeOfLifePath : kEdge,
                    (lit ? 3.0f : 1.5f) * frame.scale);
    }
    for (int64_t i = 0; i < shape.cells(); ++i) {
      const ImVec2 c = centre(i);
      const bool live = get_bit(state, i);
      draw->AddCircleFilled(c, radius, live ? kLive : kDead);
      draw->AddCircle(c, radius,
                      on_path[size_t(i)] ? kTreeOfLifePath
                      : live             ? kLiveRim
                                         : kDeadRim,
                      0,
                      (i == target          ? 3.5f
                       : on_path[size_t(i)] ? 2.5f
                                            : 1.2f) *
                          frame.scale);
      spots_.push_back({i, ImVec2(c.x - radius, c.y - radius), ImVec2(c.x + radius, c.y + radius)});
      if (i < kCellTargets)
        board_targets_.push_back(
            {"cell" + std::to_string(i), c.x - radius, c.y - radius, 2 * radius, 2 * radius});
    }
    for (const int cell : frame.highlight) {  // a marked neighbourhood (the rules card)
      if (cell >= 0 && cell < shape.cells())
        draw->AddCircle(centre(cell), radius * 1.45f, kTreeOfLifePath, 0, 2.5f * frame.scale);
    }
    return;
  }
  // Icicle: one row per level, each cell as wide as its leaves.
  const float row = std::max(height / float(levels), 2.0f);
  const int shown_levels = std::min(levels, int(height / row));
  const float gap = row > 6 ? 1.0f : 0.0f;
  for (int64_t i = 0; i < shape.cells(); ++i) {
    const size_t k = size_t(i);
    if (intervals_.level[k] >= shown_levels) continue;
    const float a = x_of(intervals_.lo[k]), b = x_of(intervals_.hi[k]);
    if (b - a < 0.35f && !on_path[k]) continue;  // thinner than a pixel: skip
    const float top = y0 + float(intervals_.level[k]) * row;
    const ImVec2 lo(a, top), hi(std::max(b - (b - a > 3 ? gap : 0), a + 0.6f), top + row - gap);
    draw->AddRectFilled(lo, hi,
                        on_path[k]          ? (get_bit(state, i) ? kLiveRim : kTreeOfLifePath)
                        : get_bit(state, i) ? kLive
                                            : kDead);
    if (b - a <= 4) continue;
    spots_.push_back({i, lo, hi});
    if (i < kCellTargets)
      board_targets_.push_back({"cell" + std::to_string(i), lo.x, lo.y, hi.x - lo.x, hi.y - lo.y});
  }
  // Marked cells (an animation's queried cells): framed, at least a few
  // pixels wide however thin the cell is.
  const float least = 3 * frame.scale;
  for (const int cell : frame.highlight) {
    if (cell < 0 || cell >= shape.cells() || intervals_.level[size_t(cell)] >= shown_levels)
      continue;
    const auto k = size_t(cell);
    const float a = x_of(intervals_.lo[k]), b = x_of(intervals_.hi[k]);
    const float middle = (a + b) / 2, half = std::max(b - a, least) / 2;
    const float top = y0 + float(intervals_.level[k]) * row;
    draw->AddRect(ImVec2(middle - half - 1, top - 1), ImVec2(middle + half + 1, top + row + 1),
                  kTreeOfLifePath, 0, 0, 2 * frame.scale);
  }
}

void TreeOfLifeView::start_local(const treeoflife::Problem& p, int64_t base, const Bits& cells) {
  evolution_ = std::make_unique<treeoflife::Evolution>(p.shape, p.rule, cells);
  base_ = base;
}

int64_t TreeOfLifeView::local_work(int64_t t, int64_t cells) const {
  if (!evolution_ || t < base_) return -1;
  return evolution_->steps_to(t - base_) * cells;
}

const Bits* TreeOfLifeView::local_state_within(int64_t t, int64_t& budget) {
  return evolution_->state_within(t - base_, budget);
}

void TreeOfLifeView::show_clock(const treeoflife::Problem& p, const Bits& state) {
  shown_ = state;
  shown_t_ = clock_;
  query_cells_.clear();
  for (const auto& q : *p.queries) {
    if (query_cells_.size() >= kPublishedQueryCells) break;
    query_cells_ += get_bit(shown_, q.cell) ? 'X' : '.';
  }
}

SolveResult TreeOfLifeView::prepare(const Game& position, const SolveOptions& options,
                                    WorkLane& work) {
  const TreeOfLifeGame& game = as_tree(position);
  const treeoflife::Problem& p = game.problem();
  start_over(game, problem_key(game), &work);
  clock_ = p.clock;
  // As a far jump in the app: the strip's first row from generation 0, the
  // room's job under the budgets, then a few local steps to the clock.
  const int64_t landing = std::max<int64_t>(0, clock_ - (kSpaceTimeRows - 1));
  SolveResult jump = jump_now(game, landing, options, work);
  if (jump.status != SolveStatus::solved) return jump;
  int64_t unbounded = INT64_MAX;  // at most the strip's rows of steps
  if (const Bits* state = local_state_within(clock_, unbounded)) show_clock(p, *state);
  fill_strip(*p.shape, strip_last(), unbounded);
  return jump;
}

void TreeOfLifeView::advance(const TreeOfLifeGame& game, WorkLane* worker) {
  const treeoflife::Problem& p = game.problem();
  const std::string key = problem_key(game);
  if (key != evolution_key_ || !evolution_) start_over(game, key, worker);
  clock_ = p.clock;
  const auto start = std::chrono::steady_clock::now();
  const double frame_seconds = std::chrono::duration<double>(start - last_frame_).count();
  last_frame_ = start;
  if (frame_seconds < 1)  // the rest of the last frame: drawing and waiting
    other_seconds_ = 0.8 * other_seconds_ + 0.2 * std::max(frame_seconds - work_seconds_, 0.0);
  const double work = std::clamp(other_seconds_, kMinWorkSeconds, kMaxWorkSeconds);
  const int64_t cells = p.shape->cells();
  frame_budget_ = std::max<int64_t>(cells, int64_t(updates_per_second_ * work));
  int64_t budget = frame_budget_;
  if (worker) collect_worker(game, *worker);
  if (shown_t_ == clock_) drop_jump(worker);  // back where the view is (a Cancel)
  if (shown_t_ != clock_) {
    // Local when it takes a few frames at most (steps, play, short jumps,
    // the strip's rows after a jump); else the room's, and this view only
    // draws. A jump on its way that lands close enough is waited for.
    int64_t local = local_work(clock_, cells);
    if (local < 0 && double(clock_) * double(cells) <= double(kLocalFrames * frame_budget_)) {
      start_local(p, 0, *p.generation0);  // before the local start, and near 0
      local = local_work(clock_, cells);
    }
    const bool near = local >= 0 && (local <= kLocalFrames * frame_budget_ ||
                                     clock_ - base_ < 2 * kSpaceTimeRows);
    const bool landing_near =
        jump_ && clock_ >= jump_->target && clock_ - jump_->target < 2 * kSpaceTimeRows;
    if (!near) {
      if (worker && !landing_near) ask_worker(game, *worker);
    } else {
      drop_jump(worker);
      if (const Bits* state = local_state_within(clock_, budget)) show_clock(p, *state);
    }
  }
  if (!computing()) {
    reached_ = clock_;
    fill_strip(*p.shape, strip_last(), budget);
  } else if (!jump_) {
    reached_ = base_ + evolution_->reached_toward(clock_ - base_);
  }
  // The measured speed (cell updates and the strip's counting) sizes the
  // next slice; short slices say too little to measure.
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  work_seconds_ = seconds;
  const int64_t used = frame_budget_ - budget;
  if (used > 0 && seconds > 0.001) {
    const double rate = double(used) / seconds;
    updates_per_second_ = std::clamp(0.5 * updates_per_second_ + 0.5 * rate, 1e6, 1e12);
  }
}

void TreeOfLifeView::draw_progress(const BoardFrame& frame, ImVec2 min, ImVec2 max) {
  const float k = frame.scale;
  char text[96];
  std::snprintf(text, sizeof text, "computing generation %lld of %lld",
                static_cast<long long>(reached_), static_cast<long long>(clock_));
  const ImVec2 size = ImGui::CalcTextSize(text);
  const float w = std::min(max.x - min.x - 20 * k, size.x + 120 * k), h = size.y * 2 + 34 * k;
  const ImVec2 c((min.x + max.x) / 2, (min.y + max.y) / 2);
  const ImVec2 lo(c.x - w / 2, c.y - h / 2), hi(c.x + w / 2, c.y + h / 2);
  ImDrawList* draw = frame.draw;
  draw->AddRectFilled(lo, hi, colors::rgb(18, 22, 30, 235), 6 * k);
  draw->AddRect(lo, hi, kEdge, 6 * k);
  draw->AddText(ImVec2(lo.x + 12 * k, lo.y + 8 * k), colors::kText, text);
  // The bar: how far along the generations asked for.
  const float bar_y = lo.y + 14 * k + size.y;
  const ImVec2 bar_lo(lo.x + 12 * k, bar_y), bar_hi(hi.x - 90 * k, bar_y + size.y);
  const float done =
      clock_ > 0 ? float(std::clamp(double(reached_) / double(clock_), 0.0, 1.0)) : 0;
  draw->AddRectFilled(bar_lo, bar_hi, kDead, 3 * k);
  draw->AddRectFilled(bar_lo, ImVec2(bar_lo.x + (bar_hi.x - bar_lo.x) * done, bar_hi.y), kLive,
                      3 * k);
  cancel_min_ = ImVec2(hi.x - 80 * k, bar_y - 4 * k);
  cancel_max_ = ImVec2(hi.x - 12 * k, bar_hi.y + 4 * k);
  const bool hovered = frame.input.hovered && frame.input.mouse.x >= cancel_min_.x &&
                       frame.input.mouse.x <= cancel_max_.x &&
                       frame.input.mouse.y >= cancel_min_.y && frame.input.mouse.y <= cancel_max_.y;
  draw->AddRectFilled(cancel_min_, cancel_max_,
                      hovered ? colors::rgb(90, 98, 120) : colors::rgb(60, 68, 86), 4 * k);
  const ImVec2 label = ImGui::CalcTextSize("Cancel");
  draw->AddText(ImVec2((cancel_min_.x + cancel_max_.x - label.x) / 2,
                       (cancel_min_.y + cancel_max_.y - label.y) / 2),
                colors::kText, "Cancel");
  board_targets_.push_back({"cancelCompute", cancel_min_.x, cancel_min_.y,
                            cancel_max_.x - cancel_min_.x, cancel_max_.y - cancel_min_.y});
}

void TreeOfLifeView::write_state(JsonWriter& json) const {
  json.key("generation").value(shown_t_);
  json.key("clock").value(clock_);
  json.key("computing").value(computing());
  json.key("reached").value(reached_);
  int64_t live = 0;
  if (shown_t_ >= 0)
    for (const uint64_t w : shown_) live += __builtin_popcountll(w);
  json.key("live").value(live);
  json.key("queryCells").value(shown_t_ >= 0 ? query_cells_ : std::string());
  json.key("workPerFrame").value(frame_budget_);
  json.key("inWorker").value(jump_.has_value());
  write_strip_state(json);
}

// The tree fills the area's width over the space-time strip.
Target TreeOfLifeView::drawn_board_in(const Game&, ImVec2 min, ImVec2 max, float) const {
  return {"board", min.x, min.y, max.x - min.x, (max.y - min.y) * kTreeShare};
}

ViewAction TreeOfLifeView::show(const BoardFrame& frame) {
  const TreeOfLifeGame& game = as_tree(*frame.position);
  edit_tool_ = frame.edit_tool;
  // Solve's answers, one a line, while its result stands for this problem.
  solved_answers_ = frame.result ? frame.result->answer : std::string();
  const Shape& shape = *game.problem().shape;
  update_intervals(shape);
  board_targets_.clear();
  spots_.clear();
  const float split = frame.min.y + (frame.max.y - frame.min.y) * kTreeShare;
  const float gap = 8 * frame.scale;
  // The strip's columns: a cell each, or a pixel's worth of a big tree.
  if (strip_.fit(game.problem().shape, int(frame.max.x - frame.min.x))) strip_rows_.clear();
  advance(game, frame.worker);
  draw_tree(frame, game, frame.min, ImVec2(frame.max.x, split - gap / 2));
  draw_space_time(frame, game, ImVec2(frame.min.x, split + gap / 2), frame.max);
  if (computing()) draw_progress(frame, frame.min, ImVec2(frame.max.x, split - gap / 2));
  board_targets_.push_back(
      {"board", frame.min.x, frame.min.y, frame.max.x - frame.min.x, split - frame.min.y});
  board_targets_.push_back(
      {"spaceTime", frame.min.x, split, frame.max.x - frame.min.x, frame.max.y - split});

  ViewAction action;
  if (!worker_note_.empty()) action.note = std::exchange(worker_note_, {});
  if (edit_tool_) playing_ = false;  // the board being built stays at generation 0
  if (!frame.interactive) {
    playing_ = false;
    return action;
  }
  if (edit_tool_) return edit_click(frame);
  if (computing()) {
    const ImVec2 m = frame.input.mouse;
    const bool on_cancel = frame.input.pressed && m.x >= cancel_min_.x && m.x <= cancel_max_.x &&
                           m.y >= cancel_min_.y && m.y <= cancel_max_.y;
    if (on_cancel || (frame.input.keyboard && key_pressed(ImGuiKey_Escape))) {
      const int64_t back = cancel_generation();
      drop_jump(frame.worker);
      action = step_to(game, back);
      action.note = "Stopped: showing generation " + std::to_string(back) + ".";
      return action;
    }
  }
  if (frame.input.pressed) {
    for (const Spot& s : spots_) {
      const ImVec2 m = frame.input.mouse;
      if (m.x < s.min.x || m.y < s.min.y || m.x > s.max.x || m.y > s.max.y) continue;
      if (game.problem().clock != 0) {
        action.note = "Cells can be switched at generation 0: go back to 0 first.";
      } else {
        action.move = "toggle " + treeoflife::path_to(shape, s.cell);
      }
      break;
    }
  }
  if (frame.input.keyboard) {
    if (key_pressed(ImGuiKey_RightArrow)) action.move = "+1";
    if (key_pressed(ImGuiKey_LeftArrow) && game.problem().clock > 0) action.move = "-1";
    if (key_pressed(ImGuiKey_Space)) playing_ = !playing_;
  }
  if (playing_ && action.move.empty() && !computing()) {  // play waits for the cells
    // At most a frame's worth: the first frame after an idle spell comes late.
    play_clock_ += double(std::min(ImGui::GetIO().DeltaTime, 0.1f)) * rate_;
    if (play_clock_ >= 1) {
      const auto steps = int64_t(play_clock_);
      play_clock_ -= double(steps);
      action.move = "+" + std::to_string(steps);
    }
  }
  return action;
}

// Edit mode: a click on a cell is the tool's edit of it (core/edit.h), the
// Query tool's with the step set under the queries.
ViewAction TreeOfLifeView::edit_click(const BoardFrame& frame) {
  const Spot* pointed = nullptr;
  const ImVec2 m = frame.input.mouse;
  for (const Spot& s : spots_) {
    if (m.x >= s.min.x && m.y >= s.min.y && m.x <= s.max.x && m.y <= s.max.y) pointed = &s;
  }
  if (!pointed || !frame.input.hovered) return {};
  ImGui::SetMouseCursor(ImGuiMouseCursor_Hand);
  const std::vector<int> cells = edit_.track(frame.input, int(pointed->cell), *edit_tool_);
  if (cells.empty()) return {};
  const std::string value = edit_tool_->number ? std::to_string(query_step_) : std::string();
  return {write_edit(*edit_tool_, cells, value), false, ""};
}

// ---------------------------------------------------------------------------
// Side panel

ViewAction TreeOfLifeView::step_to(const TreeOfLifeGame& game, int64_t generation) const {
  const int64_t diff = std::max<int64_t>(generation, 0) - game.problem().clock;
  if (diff == 0) return {};
  return {(diff > 0 ? "+" : "-") + std::to_string(std::llabs(diff)), false, ""};
}

ViewAction TreeOfLifeView::time_line(const TreeOfLifeGame& game) {
  ViewAction action;
  const int64_t clock = game.problem().clock;
  const float s = ImGui::GetFrameHeight();
  if (icon_button("##first", Icon::first, s, clock > 0)) action = step_to(game, 0);
  note_target("toGeneration0");
  tooltip("Back to generation 0 (where cells can be switched)");
  ImGui::SameLine();
  if (icon_button("##back", Icon::previous, s, clock > 0)) action = {"-1", false, ""};
  note_target("stepBack");
  tooltip("One generation back (Left)");
  ImGui::SameLine();
  if (icon_button("##play", playing_ ? Icon::pause : Icon::play, s)) playing_ = !playing_;
  note_target("play");
  tooltip(playing_ ? "Pause the clock (Space)" : "Run the clock (Space)");
  ImGui::SameLine();
  if (icon_button("##forward", Icon::next, s)) action = {"+1", false, ""};
  note_target("stepForward");
  tooltip("One generation on (Right)");
  // The generation slider on the same row: the time line in one row.
  ImGui::SameLine();
  const int64_t span = std::max<int64_t>({last_query_generation(game), clock, 100});
  int slider = int(std::min<int64_t>(clock, INT32_MAX));
  ImGui::SetNextItemWidth(-1);
  if (ImGui::SliderInt("##generation", &slider, 0, int(std::min<int64_t>(span, INT32_MAX)),
                       "generation %d", ImGuiSliderFlags_NoInput))
    action = step_to(game, slider);
  note_target("generationSlider");
  tooltip("Drag to any generation up to the last query's");
  return action;
}

}  // namespace puzzlelab::shell
