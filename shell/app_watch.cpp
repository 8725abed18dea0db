// "Watch the search" in the app: opened from the LAB section, drawn in the
// board's place: the algorithms and the replay's bar (restart, step back,
// play or pause, step, end, speed) on top, each search's counts side by
// side under it, then the Cluster view's picture lit by the searches, with
// each one's current state on a small board framed in its colour. Where
// the picture cannot hold the searches (Amphipod's space), each search's
// states-per-layer chart takes its place, with a line saying why; the
// Chart/Picture button switches by hand. The traces come from the solver
// through the work room's space lane; the replay is watch_view.h's.
#include <algorithm>
#include <cstdio>
#include <string>
#include <vector>

#include "app.h"
#include "layer_histogram.h"
#include "views/view_registry.h"
#include "widgets.h"

namespace puzzlelab::shell {

namespace {

constexpr ImGuiWindowFlags kInsetFlags =
    ImGuiWindowFlags_NoScrollbar | ImGuiWindowFlags_NoScrollWithMouse |
    ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoInputs;

std::string shown_name(const PuzzleInfo& puzzle, const std::string& algorithm) {
  for (const Choice& choice : puzzle.algorithms)
    if (choice == algorithm) return std::string(choice.shown());
  return algorithm;
}

}  // namespace

// The Cluster view's puzzles, an embed too (the mode takes its whole frame
// there, the picture or the charts in the board's place).
bool App::offers_watch() const {
  const PuzzleInfo* puzzle = midend_.puzzle();
  return puzzle && puzzle->hooks.space && puzzle->hooks.trace && !midend_.session().empty() &&
         !midend_.editing();
}

void App::toggle_watch() {
  if (!offers_watch()) {
    if (midend_.puzzle())
      midend_.set_note(std::string(midend_.puzzle()->title) + " has no search to watch.");
    return;
  }
  watch_open_ = !watch_open_;
  if (!watch_open_) return;
  cluster_open_ = false;
  // The searches of the board in play from the first frame: traces of the
  // board watched before are not published as this one's.
  watch_.choose(midend_.session().current().format(), watch_algorithms());
}

// Opens or closes the mode (on the puzzles that offer it), a whole row wide.
void App::watch_button() {
  if (!offers_watch()) return;
  const char* label = watch_open_ ? "Back to the board###watch" : "Watch the search###watch";
  if (ImGui::Button(label, ImVec2(-1, 0))) toggle_watch();
  note_target("watchButton");
  tooltip(
      "See searches take the positions one by one, two side by side, on the cluster "
      "picture (or a chart for each where the positions are too many to draw)");
}

// A* beside the puzzle's first other algorithm (BFS for Rush Hour,
// Dijkstra for Amphipod) until the player picks.
std::vector<std::string> App::watch_algorithms() const {
  const PuzzleInfo& puzzle = *midend_.puzzle();
  if (watch_puzzle_ == &puzzle && !watch_picked_.empty()) return watch_picked_;
  std::vector<std::string> picked;
  const auto astar = std::find(puzzle.algorithms.begin(), puzzle.algorithms.end(), "astar");
  picked.emplace_back(astar != puzzle.algorithms.end() ? "astar"
                                                       : std::string(puzzle.algorithms[0].name));
  for (const Choice& choice : puzzle.algorithms) {
    if (choice.name != picked[0]) {
      picked.emplace_back(choice.name);
      break;
    }
  }
  return picked;
}

void App::pick_watch_algorithm(size_t k, const std::string& algorithm) {
  std::vector<std::string> picked = watch_algorithms();
  if (k < picked.size())
    picked[k] = algorithm;
  else
    picked.push_back(algorithm);
  if (algorithm.empty()) picked.resize(1);  // the second: none
  watch_picked_ = picked;
  watch_puzzle_ = midend_.puzzle();
}

void App::watch_algorithm_combo(size_t k, float width) {
  const PuzzleInfo& puzzle = *midend_.puzzle();
  const std::vector<std::string> picked = watch_algorithms();
  const std::string now = k < picked.size() ? shown_name(puzzle, picked[k]) : "nothing";
  const std::string id = k == 0 ? "watchFirst" : "watchSecond";
  ImGui::SetNextItemWidth(width);
  if (ImGui::BeginCombo(("##" + id).c_str(), now.c_str())) {
    if (k == 1 && ImGui::Selectable("nothing", picked.size() < 2)) pick_watch_algorithm(1, "");
    if (k == 1) note_target((id + "-none").c_str());
    for (const Choice& choice : puzzle.algorithms) {
      const bool chosen = k < picked.size() && picked[k] == choice.name;
      if (ImGui::Selectable(std::string(choice.shown()).c_str(), chosen))
        pick_watch_algorithm(k, std::string(choice.name));
      note_target((id + "-" + std::string(choice.name)).c_str());
    }
    ImGui::EndCombo();
  }
  note_target(id.c_str());
  tooltip(k == 0 ? "The search to watch" : "A second search, beside the first");
}

void App::watch_bar() {
  const float s = ImGui::GetFrameHeight();
  const double now = ImGui::GetTime();
  const float combo = std::min(190 * scale_, ImGui::GetContentRegionAvail().x / 2 - s);
  watch_algorithm_combo(0, combo);
  ImGui::SameLine();
  ImGui::TextUnformatted("beside");
  ImGui::SameLine();
  watch_algorithm_combo(1, combo);
  const bool on = watch_.ready() && watch_.last_step() > 0;
  const uint64_t step = watch_.step(), last = watch_.last_step();
  const float row_right = ImGui::GetCursorScreenPos().x + ImGui::GetContentRegionAvail().x;
  if (icon_button("##watchRestart", Icon::first, s, on && step > 0)) watch_.restart();
  note_target("watchRestart");
  tooltip("Back to the start of the searches");
  ImGui::SameLine();
  if (icon_button("##watchBack", Icon::previous, s, on && step > 0)) watch_.step_by(-1);
  note_target("watchBack");
  tooltip("One step back");
  ImGui::SameLine();
  if (watch_.playing()) {
    if (icon_button("##watchPause", Icon::pause, s, on)) watch_.pause();
    tooltip("Pause");
  } else {
    if (icon_button("##watchPlay", Icon::play, s, on)) watch_.play(now);
    tooltip("Play: each search takes its states in its own order");
  }
  note_target("watchPlay");
  ImGui::SameLine();
  if (icon_button("##watchStep", Icon::next, s, on && step < last)) watch_.step_by(1);
  note_target("watchStep");
  tooltip("One step: each search takes one more state");
  ImGui::SameLine();
  if (icon_button("##watchEnd", Icon::last, s, on && step < last)) watch_.to_end();
  note_target("watchEnd");
  tooltip("To the end of both searches");
  ImGui::SameLine();
  watch_shows_button(s);
  // The speed on the same row when it has room for its words, else under it.
  // The speed on the same row when it has room (in fewer words on a narrow
  // one), else under it.
  const float room = row_right - ImGui::GetItemRectMax().x - ImGui::GetStyle().ItemSpacing.x;
  const float frame = ImGui::GetStyle().FramePadding.x * 2;
  const char* shown = "%.0f steps a second";  // under the buttons when no form fits beside
  for (const char* form : {"%.0f steps a second", "%.0f/s", "%.0f"}) {
    char widest[32];
    std::snprintf(widest, sizeof widest, form, double(WatchView::kMaxSpeed));
    if (room <= ImGui::CalcTextSize(widest).x + frame) continue;
    ImGui::SameLine();
    shown = form;
    break;
  }
  float speed = watch_.speed();
  ImGui::SetNextItemWidth(ImGui::GetContentRegionAvail().x);
  if (ImGui::SliderFloat("##watchSpeed", &speed, WatchView::kMinSpeed, WatchView::kMaxSpeed, shown,
                         ImGuiSliderFlags_Logarithmic))
    watch_.set_speed(speed, now);
  note_target("watchSpeed");
  tooltip("Steps a second");
}

// Each search's counts on a line of its colour, one under the other so the
// figures compare at a glance.
void App::watch_counts() {
  const PuzzleInfo& puzzle = *midend_.puzzle();
  if (!watch_.ready() && !watch_.working() && watch_.runs().empty()) return;
  for (size_t k = 0; k < watch_.runs().size(); ++k) {
    const std::string label = shown_name(puzzle, watch_.runs()[k].algorithm);
    wrapped_colored(watch_color(k), watch_.counts_text(k, label));
  }
  if (!watch_.ready())
    wrapped_colored(colors::kMuted, cluster_.has_space()
                                        ? "Working out the searches in the solver\u2026"
                                        : "Working out the picture first\u2026");
}

void App::watch_canvas(ImVec2 size) {
  const PuzzleInfo& puzzle = *midend_.puzzle();
  watch_.choose(midend_.session().current().format(), watch_algorithms());
  for (size_t k = 0; k < watch_.runs().size(); ++k)
    watch_.name_run(k, shown_name(puzzle, watch_.runs()[k].algorithm));
  watch_.request(midend_.request_for(RequestKind::trace), space_work(), cluster_);
  watch_.advance(ImGui::GetTime());
  const float top = ImGui::GetCursorScreenPos().y;
  watch_bar();
  watch_counts();
  const float used = ImGui::GetCursorScreenPos().y - top;
  const ImVec2 rest(size.x, std::max(size.y - used, 40 * scale_));
  if (watch_.charted(cluster_))
    watch_charts(rest);
  else
    cluster_canvas(rest);
}

// Chart when the picture is shown, Picture when the chart is.
void App::watch_shows_button(float height) {
  const bool chart = watch_.charted(cluster_);
  if (ImGui::Button(chart ? "Picture###watchShows" : "Chart###watchShows", ImVec2(0, height)))
    watch_.show(chart ? WatchShows::picture : WatchShows::chart);
  note_target("watchShows");
  tooltip(chart ? "The searches on the picture of the positions (all it holds)"
                : "States taken per layer: a chart for each search");
}

// Why the chart (in plain words), then each search's chart one under the
// other, with its current state on a small board under them.
void App::watch_charts(ImVec2 size) {
  space_lane_work();
  const ImVec2 lo = ImGui::GetCursorScreenPos();
  const std::string unit(midend_.solve_unit());
  const bool moves = unit == "moves" || unit.empty();
  const std::string layers = moves ? "moves" : unit + " spent";
  std::string why = watch_.chart_reason(cluster_);
  if (why.empty()) why = "The chart, as picked.";
  // A short frame (an embed) keeps the reason's first words, for the bars' room.
  const bool short_frame = size.y < 260 * scale_;
  if (short_frame && why.find(':') != std::string::npos) why = why.substr(0, why.find(':')) + ".";
  wrapped_colored(colors::kMuted,
                  why + (short_frame ? std::string(" Bars: states taken per ") +
                                           (moves ? "depth." : "cost so far.")
                                     : std::string(" A bar: the states a search takes at that ") +
                                           (moves ? "depth." : "cost so far.")));
  const float used = ImGui::GetCursorScreenPos().y - lo.y;
  const ImVec2 hi(lo.x + size.x, lo.y + std::max(size.y, used + 40 * scale_));
  const size_t runs = watch_.runs().size();
  if (!watch_.ready() || runs == 0) {
    ImGui::Dummy(ImVec2(size.x, hi.y - lo.y - used));
    return;
  }
  // The current boards under the charts, unless too small to read.
  float side = std::min(size.x, hi.y - lo.y - used) * 0.22f;
  if (side < 40 * scale_) side = 0;
  const float each = std::max(
      40 * scale_, (hi.y - lo.y - used - side) / float(runs) - ImGui::GetStyle().ItemSpacing.y);
  const size_t most = size_t(std::clamp(size.x / (6 * scale_), 8.0f, 120.0f));
  for (size_t k = 0; k < runs; ++k) {
    const ChartBars& bars = watch_.chart(k, most, cluster_);
    const int64_t width = watch_.chart_layout().width();
    const std::string title = watch_.runs()[k].label + ": states taken" +
                              (width == 1 ? " per " + std::string(moves ? "depth" : unit)
                                          : ", " + group_digits(uint64_t(width)) + " " +
                                                (moves ? "moves" : unit) + " a bar");
    ImGui::PushID(int(k));
    filling_histogram(bars, title, layers, ImVec2(size.x, each), fonts_.fonts(), watch_color(k));
    ImGui::PopID();
  }
  const ImVec2 below = ImGui::GetCursorScreenPos();
  ImGui::Dummy(ImVec2(size.x, std::max(side, hi.y - below.y)));
  const ImVec2 end = ImGui::GetCursorScreenPos();
  if (side > 0)
    watch_board_insets(ImVec2(lo.x + size.x, end.y - ImGui::GetStyle().ItemSpacing.y), side);
  ImGui::SetCursorScreenPos(end);
}

// Each search's current state on a small board of `side` left of and above
// the corner `hi`, framed in its colour (the first rightmost).
void App::watch_board_insets(ImVec2 hi, float side) {
  const PuzzleInfo& puzzle = *midend_.puzzle();
  const float pad = 5 * scale_;
  float right = hi.x;
  watch_boards_.resize(watch_.runs().size());
  for (size_t k = 0; k < watch_.runs().size(); ++k) {
    const TraceStep* now = watch_.current(k);
    if (!now) continue;
    const std::string& text = watch_.runs()[k].trace->boards[now->state];
    WatchBoard& shown = watch_boards_[k];
    if (!shown.view || shown.puzzle != &puzzle) {
      shown.view = make_view(puzzle.id);  // its own: the board's view keeps the game's state
      shown.puzzle = &puzzle;
      shown.game.reset();
    }
    if (!shown.game || shown.text != text) {
      auto parsed = puzzle.parse(text);
      if (!parsed) continue;
      shown.game = std::move(parsed).value();
      shown.text = text;
    }
    const Game& board = *shown.game;
    const float aspect = shown.view->aspect(board);
    const ImVec2 size = aspect >= 1 ? ImVec2(side, side / aspect) : ImVec2(side * aspect, side);
    const ImVec2 box_lo(right - size.x - pad * 2, hi.y - size.y - pad * 2);
    ImGui::SetCursorScreenPos(box_lo);
    ImGui::PushStyleVar(ImGuiStyleVar_WindowPadding, ImVec2(0, 0));
    ImGui::BeginChild(k == 0 ? "##watchBoard0" : "##watchBoard1",
                      ImVec2(size.x + pad * 2, size.y + pad * 2), false, kInsetFlags);
    BoardFrame frame;
    frame.draw = ImGui::GetWindowDrawList();
    frame.draw->AddRectFilled(box_lo, ImVec2(right, hi.y), colors::kBackground, 4 * scale_);
    frame.draw->AddRect(box_lo, ImVec2(right, hi.y), watch_color(k), 4 * scale_, 0, 2 * scale_);
    frame.min = ImVec2(box_lo.x + pad, box_lo.y + pad);
    frame.max = ImVec2(frame.min.x + size.x, frame.min.y + size.y);
    frame.position = &board;
    frame.interactive = false;
    frame.fonts = &fonts_.fonts();
    frame.scale = scale_ * 0.5f;
    shown.view->show(frame);
    ImGui::EndChild();
    ImGui::PopStyleVar();
    right = box_lo.x - pad;
  }
}

void App::write_watch_state(JsonWriter& json, float css_per_pixel) const {
  json.key("watch").begin_object();
  json.key("open").value(watch_open_ && offers_watch());
  if (watch_open_) watch_.write_state(json, cluster_);
  // Where each search's current state is on the picture (null: not drawn),
  // for a test to hover it.
  json.key("currentAt").begin_array();
  for (size_t k = 0; watch_open_ && k < watch_.runs().size(); ++k) {
    const TraceStep* now = watch_.current(k);
    const auto at = now && !watch_.charted(cluster_)
                        ? cluster_.on_screen(watch_.runs()[k].node[now->state])
                        : std::nullopt;
    if (!at) {
      json.null();
      continue;
    }
    json.begin_object();
    json.key("x").value(double(at->x * css_per_pixel));
    json.key("y").value(double(at->y * css_per_pixel));
    json.end_object();
  }
  json.end_array();
  json.end_object();
}

}  // namespace puzzlelab::shell
