// The board pane: optional toolbar, the board itself, the playback bar and a
// status line with hints and messages.
#include <algorithm>
#include <cmath>

#include "app.h"
#include "widgets.h"

namespace puzzlelab::shell {

namespace {

constexpr ImU32 kHintText = colors::rgb(255, 210, 100);  // the hint's board marks are amber too

float icon_size() {
  return ImGui::GetFrameHeight();
}

}  // namespace

bool App::narrow_board_area(float width) const {
  return width < 600 * scale_;
}

float App::board_area_extra_height(float width) {
  const ImGuiStyle& style = ImGui::GetStyle();
  if (compact()) {  // one line of status; the playback bar once there is a solution
    const bool bar = midend_.session().solution().has_value();
    return (bar ? ImGui::GetFrameHeight() + style.ItemSpacing.y : 0) + ImGui::GetTextLineHeight() +
           style.ItemSpacing.y;
  }
  const int rows = narrow_board_area(width) ? 2 : 1;  // playback: buttons, scrubber
  // Status text may wrap: on narrow screens, and when it explains a hint.
  const bool long_text = narrow_board_area(width) || offers_hints();
  const int lines = long_text ? 2 : 1;
  return rows * (ImGui::GetFrameHeight() + style.ItemSpacing.y) +
         lines * ImGui::GetTextLineHeight() + style.ItemSpacing.y;
}

void App::board_area(ImVec2 size, bool with_toolbar) {
  const float top = ImGui::GetCursorPosY();
  if (with_toolbar) toolbar();
  const float used = ImGui::GetCursorPosY() - top;
  const float canvas_h = std::max(40.0f * scale_, size.y - used - board_area_extra_height(size.x));
  board_canvas(ImVec2(size.x, canvas_h));
  if (!compact() || midend_.session().solution()) playback_bar();
  status_line();
}

void App::toolbar() {
  const float s = icon_size();
  const float gap = ImGui::GetStyle().ItemSpacing.x;
  solve_button(ImVec2((compact() ? 80 : 110) * scale_, s));
  ImGui::SameLine();
  history_buttons(s);
  ImGui::SameLine();
  // The counter, or on a narrow toolbar its score ("Energy: 40" of "Moves:
  // 1 · Energy: 40"); the How to play button when both fit.
  const std::string full = midend_.counter_text();
  std::string counter = full;
  const size_t last_part = full.rfind(" \u00b7 ");
  const bool rules = midend_.puzzle() && !midend_.puzzle()->rules.text.empty();
  const float room = ImGui::GetContentRegionAvail().x - (rules ? s + gap : 0);
  if (last_part != std::string::npos && ImGui::CalcTextSize(full.c_str()).x > room)
    counter = full.substr(last_part + std::string(" \u00b7 ").size());
  if (rules && ImGui::CalcTextSize(counter.c_str()).x <= room) {
    if (ImGui::Button("?###rulesSmall", ImVec2(s, s))) midend_.show_rules();
    note_target("rulesButton");
    tooltip("How to play");
    ImGui::SameLine();
  }
  ImGui::AlignTextToFramePadding();
  if (midend_.solving()) {
    const SolveRun& run = *midend_.run();
    ImGui::TextDisabled("Solving… %s states, %s",
                        short_count(double(run.last_progress().stats.expanded)).c_str(),
                        short_duration(run.elapsed_seconds(ImGui::GetTime()) * 1000).c_str());
    return;
  }
  ImGui::TextUnformatted(counter.c_str());
  tooltip(full + ": your own progress (a solution played back is not yours)");
  if (const auto known = midend_.known_cost(); known && !compact()) {
    ImGui::SameLine();
    ImGui::TextDisabled("(best %lld)", static_cast<long long>(*known));
    tooltip("The proven optimum of this board");
  }
}

void App::board_canvas(ImVec2 size) {
  const ImVec2 lo = ImGui::GetCursorScreenPos();
  const ImVec2 hi(lo.x + size.x, lo.y + size.y);
  const Session& session = midend_.session();
  if (session.empty()) {
    ImGui::Dummy(size);
    const char* text = "Paste a board in the side panel to start.";
    const ImVec2 extent = ImGui::CalcTextSize(text);
    ImGui::GetWindowDrawList()->AddText(
        ImVec2((lo.x + hi.x - extent.x) / 2, (lo.y + hi.y - extent.y) / 2), colors::kMuted, text);
    targets_.clear();
    return;
  }
  ImGui::InvisibleButton("##canvas", size);
  BoardFrame frame;
  frame.draw = ImGui::GetWindowDrawList();
  frame.min = lo;
  frame.max = hi;
  frame.position = &session.current();
  if (const auto slide = midend_.slide(); slide && slide->to == session.index()) {
    frame.previous = &session.at(slide->from);
    frame.progress = slide->progress;
  }
  frame.interactive = midend_.interactive();
  if (const auto& hint = midend_.current_hint()) {
    frame.highlight = hint->cells;
    frame.related = hint->related_cells;
  }
  if (const auto& run = midend_.run();
      run && run->result() && run->status() == RunStatus::solved && midend_.result_current())
    frame.result = &*run->result();
  frame.fonts = &fonts_.fonts();
  frame.scale = scale_;
  frame.worker = view_worker_.get();
  const ImGuiIO& io = ImGui::GetIO();
  frame.input = {io.MousePos,
                 ImGui::IsItemHovered(),
                 ImGui::IsItemActivated(),
                 ImGui::IsItemActive(),
                 ImGui::IsItemDeactivated(),
                 !io.WantTextInput && !keys_shown_ && !midend_.rules_shown()};
  BoardView& board = view();
  play_move(board.show(frame));
  targets_ = board.targets();
  // Not while the view shows another position (a program running).
  if (!frame.previous && session.current().is_solved() && !board.shows_other_position())
    solved_banner(lo, hi, board.banner_place(session.current()));
}

void App::solved_banner(ImVec2 lo, ImVec2 hi, BoardView::BannerPlace place) {
  ImDrawList& draw = *ImGui::GetWindowDrawList();
  const std::string text = midend_.solved_text();
  ImFont* font = fonts_.fonts().bold;
  const ImVec2 extent = font->CalcTextSizeA(font->FontSize, 1e9f, 0, text.c_str());
  const float pad = 10 * scale_;
  const float height = extent.y + pad * 1.2f;
  const float top =
      place == BoardView::BannerPlace::top ? lo.y + pad * 0.4f : hi.y - pad * 0.4f - height;
  const ImVec2 a((lo.x + hi.x - extent.x) / 2 - pad * 1.6f, top);
  const ImVec2 b(a.x + extent.x + pad * 3.2f, a.y + height);
  draw.AddRectFilled(a, b, colors::rgb(40, 150, 90, 235), (b.y - a.y) / 2);
  draw.AddText(font, font->FontSize, ImVec2(a.x + pad * 1.6f, a.y + pad * 0.6f),
               colors::rgb(255, 255, 255), text.c_str());
}

void App::playback_bar() {
  const Session& session = midend_.session();
  const auto solution = session.solution();
  // A solution of no moves (Tree of Life's answers) has nothing to play.
  const bool on = solution && solution->last > solution->first && !midend_.solving();
  const int first = on ? solution->first : 0, last = on ? solution->last : 0;
  const int at = std::clamp(session.index() - first, 0, last - first);
  const float s = icon_size();
  if (icon_button("##first", Icon::first, s, on && at > 0)) midend_.solution_end(false);
  tooltip("To the solution's first position");
  ImGui::SameLine();
  if (icon_button("##prev", Icon::previous, s, on && at > 0)) midend_.step(-1);
  tooltip("One move back along the solution");
  ImGui::SameLine();
  if (midend_.playing()) {
    if (icon_button("##pause", Icon::pause, s, on)) midend_.pause();
    tooltip("Pause the playback");
  } else {
    if (icon_button("##play", Icon::play, s, on)) midend_.play_solution();
    tooltip("Play the solution back");
  }
  ImGui::SameLine();
  if (icon_button("##next", Icon::next, s, on && session.index() < last)) midend_.step(1);
  tooltip("One move on along the solution");
  ImGui::SameLine();
  if (icon_button("##last", Icon::last, s, on && session.index() < last))
    midend_.solution_end(true);
  tooltip("To the solution's end");

  // Speed, then the scrubber over the solution's moves (on its own row
  // when the board area is narrow).
  const bool two_rows = !compact() && narrow_board_area(ImGui::GetWindowContentRegionMax().x -
                                                        ImGui::GetWindowContentRegionMin().x);
  ImGui::BeginDisabled(!on);
  ImGui::SameLine();
  if (!compact()) {  // a short screen keeps one row: no speed slider
    const float speed_w = two_rows
                              ? ImGui::GetContentRegionAvail().x
                              : std::min(170 * scale_, ImGui::GetContentRegionAvail().x * 0.4f);
    ImGui::SetNextItemWidth(speed_w);
    // No typing a value in (Ctrl+click): the range is the range.
    ImGui::SliderFloat("##speed", &midend_.playback_speed(), Playback::kMinSpeed,
                       Playback::kMaxSpeed, "%.1f moves/s",
                       ImGuiSliderFlags_Logarithmic | ImGuiSliderFlags_NoInput);
    tooltip("Playback speed (long solutions play faster by themselves)");
    if (!two_rows) ImGui::SameLine();
  }
  if (on) {
    // The label beside the scrubber, where its grab cannot cover it.
    const std::string label = midend_.playback_label();
    ImGui::AlignTextToFramePadding();
    ImGui::TextUnformatted(label.c_str());
    ImGui::SameLine();
    int step = at;
    ImGui::SetNextItemWidth(ImGui::GetContentRegionAvail().x);
    if (ImGui::SliderInt("##scrub", &step, 0, last - first, "", ImGuiSliderFlags_NoInput))
      midend_.seek(first + step);
    tooltip("Drag to any move of the solution");
  } else {
    const bool has_goal = midend_.puzzle() && midend_.puzzle()->has_goal;
    const char* why = midend_.solving() ? "solving…"
                      : !has_goal       ? "Solve gives answers here, not moves"
                      : solution        ? "no moves to play back"
                                        : "solve to watch the solution here";
    ImGui::Button(why, ImVec2(ImGui::GetContentRegionAvail().x, 0));
  }
  ImGui::EndDisabled();
}

void App::run_summary() {
  const SolveRun& run = *midend_.run();
  std::string text;
  ImU32 color = colors::kWarn;
  if (run.status() == RunStatus::solved && run.result()) {
    const SolveResult& r = *run.result();
    text = std::string(r.optimal ? "Optimal solution: " : "Solution: ") + std::to_string(r.cost) +
           " " + std::string(midend_.solve_unit()) + " (" + group_digits(r.stats.expanded) +
           " states, " + short_duration(r.stats.elapsed_ms) + ")";
    color = colors::kGood;
  } else {
    text =
        std::string(headline(run.status())) +
        (run.message().empty() || run.status() == RunStatus::cancelled ? "" : ": " + run.message());
    if (run.status() == RunStatus::cancelled) color = colors::kMuted;
  }
  ImGui::PushStyleColor(ImGuiCol_Text, ImGui::ColorConvertU32ToFloat4(color));
  ImGui::TextWrapped("%s", text.c_str());
  ImGui::PopStyleColor();
}

void App::status_line() {
  const auto& run = midend_.run();
  // While the view shows another position (a program running), a note about
  // the game's position ("Solved: 3 turns!") would contradict the board.
  const auto note = midend_.status_note();
  const bool elsewhere = !midend_.session().empty() && view().shows_other_position();
  if (note && !(elsewhere && note->kind != Midend::Note::Kind::error)) {
    const ImU32 color = note->kind == Midend::Note::Kind::hint    ? kHintText
                        : note->kind == Midend::Note::Kind::error ? colors::kWarn
                                                                  : colors::kText;
    ImGui::PushStyleColor(ImGuiCol_Text, ImGui::ColorConvertU32ToFloat4(color));
    ImGui::TextWrapped("%s", note->text.c_str());
    ImGui::PopStyleColor();
  } else if (const auto work = midend_.working(); work && *work != RequestKind::solve) {
    // A hint, rating or new puzzle on its way: say so, with the time so far.
    const char* what = *work == RequestKind::hint   ? "Looking for a hint"
                       : *work == RequestKind::rate ? "Rating the puzzle"
                                                    : "Making a new puzzle";
    ImGui::TextDisabled("%s in a %s… %s", what, midend_.where().c_str(),
                        short_duration(midend_.working_seconds() * 1000).c_str());
  } else if (embed_ && run && !run->running() && midend_.result_current()) {
    run_summary();  // the embed view has no side panel to show it
  } else if (!midend_.session().empty()) {
    ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
    ImGui::TextWrapped("%s", help_line(view().help(), device_).c_str());
    ImGui::PopStyleColor();
  }
}

}  // namespace puzzlelab::shell
