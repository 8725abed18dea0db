// Under the board: the playback bar (on a short screen a play button and
// a scrubber in the toolbar's row), the outcome of the last solve and the
// status line, each in room kept for it from the start, so that the board
// never moves as they come and go.
#include <algorithm>
#include <string>

#include "app.h"
#include "widgets.h"

namespace puzzlelab::shell {

namespace {

// The solution's moves the transport plays: whether there are any (a
// solution of no moves, as Tree of Life's answers, has nothing to play),
// its first and last positions, and where the game stands among them.
struct PlayableSolution {
  bool on = false;
  int first = 0, last = 0, at = 0;
};

PlayableSolution playable_solution(const Midend& midend) {
  const Session& session = midend.session();
  const auto solution = session.solution();
  PlayableSolution playable;
  playable.on = solution && solution->last > solution->first && !midend.searching();
  if (!playable.on) return playable;
  playable.first = solution->first;
  playable.last = solution->last;
  playable.at = std::clamp(session.index() - playable.first, 0, playable.last - playable.first);
  return playable;
}

}  // namespace

// Play, or Pause while the solution plays: one button of side `s`, the
// playback bar's and the short screen's toolbar's.
void App::play_pause_button(float s, bool on) {
  if (midend_.playing()) {
    if (icon_button("##pause", Icon::pause, s, on)) midend_.pause();
    tooltip("Pause the playback");
  } else {
    if (icon_button("##play", Icon::play, s, on)) midend_.play_solution();
    tooltip("Play the solution back");
  }
  note_target("playButton");
}

void App::playback_bar() {
  const Session& session = midend_.session();
  const auto [on, first, last, at] = playable_solution(midend_);
  const float s = ImGui::GetFrameHeight();
  const float top = ImGui::GetCursorScreenPos().y;
  if (icon_button("##first", Icon::first, s, on && at > 0)) midend_.solution_end(false);
  tooltip("To the solution's first position");
  ImGui::SameLine();
  if (icon_button("##prev", Icon::previous, s, on && at > 0)) midend_.step(-1);
  tooltip("One move back along the solution");
  ImGui::SameLine();
  play_pause_button(s, on);
  ImGui::SameLine();
  if (icon_button("##next", Icon::next, s, on && session.index() < last)) midend_.step(1);
  tooltip("One move on along the solution");
  ImGui::SameLine();
  if (icon_button("##last", Icon::last, s, on && session.index() < last))
    midend_.solution_end(true);
  tooltip("To the solution's end");

  // Speed, then the scrubber over the solution's moves (on its own row
  // when the board area is narrow).
  const bool two_rows = narrow_board_area(ImGui::GetWindowContentRegionMax().x -
                                          ImGui::GetWindowContentRegionMin().x);
  ImGui::BeginDisabled(!on);
  ImGui::SameLine();
  {
    const float speed_w = two_rows
                              ? ImGui::GetContentRegionAvail().x
                              : std::min(170 * scale_, ImGui::GetContentRegionAvail().x * 0.4f);
    ImGui::SetNextItemWidth(speed_w);
    // No typing a value in (Ctrl+click): the range is the range.
    ImGui::SliderFloat("##speed", &midend_.playback_speed(), Playback::kMinSpeed,
                       Playback::kMaxSpeed, "%.1f moves/s",
                       ImGuiSliderFlags_Logarithmic | ImGuiSliderFlags_NoInput);
    note_target("speedSlider");
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
    ImGui::SetNextItemWidth(ImGui::GetContentRegionAvail().x - pending_counter_width());
    if (ImGui::SliderInt("##scrub", &step, 0, last - first, "", ImGuiSliderFlags_NoInput))
      midend_.seek(first + step);
    tooltip("Drag to any move of the solution");
  } else {
    const bool has_goal = midend_.puzzle() && midend_.puzzle()->hooks.has_goal;
    const char* why = midend_.searching()            ? "solving…"
                      : !has_goal                    ? "Solve gives answers here, not moves"
                      : midend_.session().solution() ? "no moves to play back"
                                                     : "solve to watch the solution here";
    ImGui::Button(why, ImVec2(ImGui::GetContentRegionAvail().x - pending_counter_width(), 0));
  }
  ImGui::EndDisabled();
  const float x = ImGui::GetWindowPos().x + ImGui::GetWindowContentRegionMin().x;
  ui_targets_.push_back(
      {"playbackBar", x, top, ImGui::GetItemRectMax().x - x, ImGui::GetItemRectMax().y - top});
  pending_counter(ImGui::GetWindowContentRegionMax().x);
}

// The outcome in the lines kept for it (cut after a word when longer: the
// SEARCH section has every figure).
void App::outcome_line(int lines) {
  const float width = ImGui::GetContentRegionAvail().x;
  const float kept = ImGui::GetTextLineHeight() * float(lines);
  const Line line = outcome();
  if (line.text.empty()) {
    ImGui::Dummy(ImVec2(width, kept));
    return;
  }
  const float top = ImGui::GetCursorPosY();
  ImGui::PushStyleColor(ImGuiCol_Text, ImGui::ColorConvertU32ToFloat4(line.color));
  ImGui::TextWrapped("%s", fit_lines(line.text, width, lines).c_str());
  ImGui::PopStyleColor();
  note_target("outcome");
  if (ImGui::GetItemRectSize().y < kept)
    ImGui::SetCursorPosY(top + kept + ImGui::GetStyle().ItemSpacing.y);
}

void App::status_line() {
  const Line line = fitted_status(ImGui::GetContentRegionAvail().x);
  if (line.text.empty()) return;
  ImGui::PushStyleColor(ImGuiCol_Text, ImGui::ColorConvertU32ToFloat4(line.color));
  ImGui::TextWrapped("%s", line.text.c_str());
  ImGui::PopStyleColor();
  note_target("statusLine");
  // How to play, cut short on a small screen: a tap shows all of it (the
  // list of keys ends with it), for fingers that have no ? key.
  if (line.help && line.text != status().text) {
    if (ImGui::IsItemHovered()) ImGui::SetMouseCursor(ImGuiMouseCursor_Hand);
    if (ImGui::IsItemClicked()) keys_shown_ = true;
    note_target("helpLine");
  }
}

// A short screen's transport, in the toolbar's row once there is a
// solution: play or pause, then the scrubber over its moves, `width` wide.
void App::toolbar_transport(float width) {
  const auto [on, first, last, at] = playable_solution(midend_);
  const float s = ImGui::GetFrameHeight();
  const ImVec2 top = ImGui::GetCursorScreenPos();
  play_pause_button(s, on);
  ImGui::SameLine();
  ImGui::BeginDisabled(!on);
  int step = at;
  ImGui::SetNextItemWidth(std::max(s, width - s - ImGui::GetStyle().ItemSpacing.x));
  const std::string label = on ? midend_.playback_label() : "";
  if (ImGui::SliderInt("##scrub", &step, 0, last - first, label.c_str(), ImGuiSliderFlags_NoInput))
    midend_.seek(first + step);
  tooltip("Drag to any move of the solution");
  ImGui::EndDisabled();
  ui_targets_.push_back({"playbackBar", top.x, top.y, ImGui::GetItemRectMax().x - top.x,
                         ImGui::GetItemRectMax().y - top.y});
}

// A short screen's one line under the board: a hint or an error first,
// then the last solve's outcome, then how to play; the counter at its
// right end when the toolbar had no room for it; the "Solved" banner in
// its place.
void App::shared_line() {
  const float avail = ImGui::GetContentRegionAvail().x;
  const float width = avail - pending_counter_width();
  if (banner_in_status_line()) {
    status_banner(width);
  } else {
    const auto note = midend_.status_note();
    const bool news = (note && note->kind != Midend::Note::Kind::plain) ||
                      (midend_.working() && !midend_.solving());
    const Line result = outcome();
    const bool show_outcome = !news && !result.text.empty();
    Line line = show_outcome ? result : status();
    const std::string whole = line.text;
    line.text = fit_lines(line.text, width, 1);
    ImGui::PushStyleColor(ImGuiCol_Text, ImGui::ColorConvertU32ToFloat4(line.color));
    ImGui::TextUnformatted(line.text.c_str());
    ImGui::PopStyleColor();
    note_target(show_outcome ? "outcome" : "statusLine");
    if (line.help && line.text != whole) {  // a tap shows all of how to play
      if (ImGui::IsItemHovered()) ImGui::SetMouseCursor(ImGuiMouseCursor_Hand);
      if (ImGui::IsItemClicked()) keys_shown_ = true;
      note_target("helpLine");
    }
  }
  pending_counter(ImGui::GetWindowContentRegionMax().x);
}

}  // namespace puzzlelab::shell
