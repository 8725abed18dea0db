// The side panel: pick a puzzle and a board (bundled or pasted), play
// controls, solver settings with live progress, and the result's figures.
#include <algorithm>
#include <cctype>
#include <cmath>

#include "app.h"
// After imgui.h (via app.h): imgui_stdlib.h does not include it.
#include <imgui_stdlib.h>
#include "progress_plot.h"
#include "puzzles/puzzle_list.h"
#include "widgets.h"

namespace puzzlelab::shell {

namespace {

std::string_view name_of(std::string_view name) {
  return name;
}
std::string_view name_of(const Choice& choice) {
  return choice.name;
}
std::string_view help_of(std::string_view) {
  return {};
}
std::string_view help_of(const Choice& choice) {
  return choice.help;
}

// A combo over a list of names (or choices, whose one-line help shows as a
// tooltip); returns true when the choice changed.
template <class Names>
bool name_combo(const char* id, const Names& names, int& index) {
  bool changed = false;
  const std::string current(names.empty() ? std::string_view("-") : name_of(names[index]));
  if (ImGui::BeginCombo(id, current.c_str())) {
    for (int i = 0; i < static_cast<int>(names.size()); ++i) {
      const std::string name(name_of(names[i]));
      if (ImGui::Selectable(name.c_str(), i == index)) {
        changed = i != index;
        index = i;
      }
      const std::string help(help_of(names[i]));
      if (!help.empty() && ImGui::IsItemHovered()) ImGui::SetTooltip("%s", help.c_str());
    }
    ImGui::EndCombo();
  }
  return changed;
}

void label_value(const std::string& label, const std::string& value) {
  ImGui::TableNextRow();
  ImGui::TableNextColumn();
  ImGui::TextDisabled("%s", label.c_str());
  ImGui::TableNextColumn();
  ImGui::TextUnformatted(value.c_str());
}

void wrapped_colored(ImU32 color, const std::string& text) {
  ImGui::PushStyleColor(ImGuiCol_Text, ImGui::ColorConvertU32ToFloat4(color));
  ImGui::TextWrapped("%s", text.c_str());
  ImGui::PopStyleColor();
}

// Search counters a solver did not keep stay 0: no row for them.
void count_row(const char* label, uint64_t count) {
  if (count > 0) label_value(label, group_digits(count));
}

std::string capitalized(std::string text) {
  if (!text.empty()) text[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(text[0])));
  return text;
}

}  // namespace

void App::side_panel(bool play_first) {
  if (play_first && puzzle_) {
    board_controls();
    ImGui::Spacing();
  }
  ImGui::PushFont(fonts_.fonts().title);
  ImGui::TextUnformatted("Puzzle Lab");
  ImGui::PopFont();
  ImGui::TextDisabled("Play by hand, or watch an optimal solution.");
  puzzle_picker();
  if (!puzzle_) return;
  board_picker();
  if (puzzle_->generate) generator_controls();
  paste_box();
  if (!play_first) play_controls();
  solve_controls();
  if (run_) solve_progress();
  if (run_ && run_->result()) result_stats();
  drag_to_scroll();
}

void App::drag_to_scroll() {
  // Touch screens have no wheel: dragging the panel's background scrolls it.
  const ImGuiIO& io = ImGui::GetIO();
  if (ImGui::IsWindowHovered() && ImGui::IsMouseDown(ImGuiMouseButton_Left) &&
      !ImGui::IsAnyItemActive()) {
    ImGui::SetScrollY(ImGui::GetScrollY() - io.MouseDelta.y);
  }
}

void App::puzzle_picker() {
  section(fonts_.fonts(), "PUZZLE");
  ImGui::SetNextItemWidth(-1);
  const std::string title(puzzle_ ? puzzle_->title : "-");
  if (ImGui::BeginCombo("##puzzle", title.c_str())) {
    for (const PuzzleInfo* info : all_puzzles()) {
      const std::string name(info->title);
      if (ImGui::Selectable(name.c_str(), info == puzzle_) && info != puzzle_) select_puzzle(*info);
    }
    ImGui::EndCombo();
  }
  if (puzzle_) ImGui::TextWrapped("%s", std::string(puzzle_->summary).c_str());
}

void App::board_picker() {
  const auto& bundled = library_.bundled(puzzle_->id);
  if (!library_.error(puzzle_->id).empty())
    wrapped_colored(colors::kWarn, library_.error(puzzle_->id));
  if (bundled.empty()) return;
  section(fonts_.fonts(), "BOARD");
  ImGui::SetNextItemWidth(-1);
  const std::string preview = bundled_index_ >= 0 ? bundled[bundled_index_].title
                              : generated_ ? "New " + generated_->difficulty + " puzzle (seed " +
                                                 std::to_string(generated_->seed) + ")"
                                           : "Your own board";
  if (ImGui::BeginCombo("##bundled", preview.c_str(), ImGuiComboFlags_HeightLarge)) {
    for (int i = 0; i < static_cast<int>(bundled.size()); ++i) {
      ImGui::PushID(i);
      if (ImGui::Selectable(bundled[i].title.c_str(), i == bundled_index_) &&
          load_board(bundled[i].board)) {
        bundled_index_ = i;
      }
      ImGui::PopID();
    }
    ImGui::EndCombo();
  }
  if (bundled_index_ >= 0) {
    for (const auto& [key, value] : bundled[bundled_index_].details) {
      ImGui::TextDisabled("%s:", capitalized(key).c_str());
      ImGui::SameLine();
      ImGui::TextWrapped("%s", value.c_str());
    }
  }
  if (known_cost_) {
    ImGui::TextDisabled("Known optimum:");
    ImGui::SameLine();
    ImGui::Text("%lld %s", static_cast<long long>(*known_cost_),
                std::string(puzzle_->cost_name).c_str());
  }
}

void App::generator_controls() {
  section(fonts_.fonts(), "NEW PUZZLE");
  const float spacing = ImGui::GetStyle().ItemSpacing.x;
  const float half = (ImGui::GetContentRegionAvail().x - spacing) / 2;
  ImGui::BeginDisabled(solving());
  if (!puzzle_->difficulties.empty()) {
    ImGui::SetNextItemWidth(half);
    name_combo("##difficulty", puzzle_->difficulties, difficulty_);
    ImGui::SameLine();
  }
  if (ImGui::Button("New puzzle", ImVec2(-1, 0))) {
    new_puzzle(puzzle_->difficulties.empty() ? "" : std::string(puzzle_->difficulties[difficulty_]),
               std::nullopt);
  }
  note_target("newPuzzleButton");
  ImGui::EndDisabled();
}

void App::paste_box() {
  if (!ImGui::TreeNodeEx("Paste your own board",
                         load_error_.empty() ? 0 : ImGuiTreeNodeFlags_DefaultOpen))
    return;
  const float lines = 4.6f;
  ImGui::InputTextMultiline("##paste", &paste_text_,
                            ImVec2(-1, ImGui::GetTextLineHeight() * lines));
  ImGui::BeginDisabled(paste_text_.empty());
  if (ImGui::Button("Load board") && load_board(paste_text_)) bundled_index_ = -1;
  ImGui::EndDisabled();
  ImGui::SameLine();
  if (ImGui::Button("Copy current") && !session_.empty()) paste_text_ = session_.current().format();
  if (!load_error_.empty()) wrapped_colored(colors::kBad, load_error_);
  ImGui::TreePop();
}

void App::play_controls() {
  section(fonts_.fonts(), "PLAY");
  history_controls();
  board_controls();
}

void App::history_controls() {
  const float s = ImGui::GetFrameHeight();
  const bool idle = !solving();
  if (icon_button("##undo", Icon::undo, s, idle && session_.can_undo())) command("undo");
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("Undo (Ctrl+Z)");
  ImGui::SameLine();
  if (icon_button("##redo", Icon::redo, s, idle && session_.can_redo())) command("redo");
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("Redo (Ctrl+Y)");
  ImGui::SameLine();
  if (icon_button("##restart", Icon::restart, s, idle && session_.index() > 0)) command("restart");
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("Back to the start");
  ImGui::SameLine();
  ImGui::AlignTextToFramePadding();
  ImGui::PushFont(fonts_.fonts().bold);
  ImGui::Text("%d", session_.index());
  ImGui::PopFont();
  ImGui::SameLine(0, 4 * scale_);
  ImGui::TextDisabled(session_.index() == 1 ? "move" : "moves");
}

void App::board_controls() {
  if (session_.empty()) return;
  if (view_->offers_hints()) hint_controls();
  play_move(view_->side_panel(session_.current()));
}

void App::hint_controls() {
  const float half = (ImGui::GetContentRegionAvail().x - ImGui::GetStyle().ItemSpacing.x) / 2;
  const bool idle = !solving() && !playback_.playing();
  ImGui::BeginDisabled(!idle || session_.current().is_solved());
  if (ImGui::Button("Hint", ImVec2(half, 0))) show_hint();
  note_target("hintButton");
  ImGui::EndDisabled();
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("Show the next step, explained");
  ImGui::SameLine();
  ImGui::BeginDisabled(!idle || !hint_ || hint_->moves.empty());
  if (ImGui::Button("Apply hint", ImVec2(-1, 0))) apply_hint();
  note_target("applyHintButton");
  ImGui::EndDisabled();
}

void App::solve_controls() {
  section(fonts_.fonts(), "SOLVE");
  const float label_w = ImGui::GetStyle().WindowPadding.x + ImGui::CalcTextSize("Algorithm").x +
                        ImGui::GetStyle().ItemSpacing.x * 2;
  ImGui::BeginDisabled(solving());
  ImGui::AlignTextToFramePadding();
  ImGui::TextDisabled("Algorithm");
  ImGui::SameLine(label_w);
  ImGui::SetNextItemWidth(-1);
  name_combo("##algorithm", puzzle_->algorithms, algorithm_);
  if (!puzzle_->metrics.empty()) {
    ImGui::AlignTextToFramePadding();
    ImGui::TextDisabled("Metric");
    ImGui::SameLine(label_w);
    ImGui::SetNextItemWidth(-1);
    name_combo("##metric", puzzle_->metrics, metric_);
  }
  ImGui::EndDisabled();
  const ImVec2 button(-1, ImGui::GetFrameHeight() * 1.25f);
  if (solving()) {
    if (primary_button("Cancel", button, colors::kBad)) cancel_solve();
  } else {
    ImGui::BeginDisabled(session_.empty());
    if (primary_button("Solve", button)) start_solve();
    ImGui::EndDisabled();
  }
  note_target("solveButton");
}

void App::solve_progress() {
  const SolveRun& run = *run_;
  const SolveProgress& last = run.last_progress();
  const double seconds = run.elapsed_seconds(now());
  if (run.running()) {
    ImGui::Text("Solving in a %s…", solver_->where().c_str());
    ImGui::TextDisabled("expanded");
    ImGui::SameLine();
    ImGui::Text("%s", group_digits(last.stats.expanded).c_str());
    ImGui::SameLine();
    ImGui::TextDisabled("elapsed");
    ImGui::SameLine();
    ImGui::Text("%s", short_duration(seconds * 1000).c_str());
    if (last.bound >= 0) {
      ImGui::TextDisabled("bound");
      ImGui::SameLine();
      ImGui::Text("%lld", static_cast<long long>(last.bound));
      ImGui::SameLine();
    }
    ImGui::TextDisabled("%s", last.phase.c_str());
  } else {
    const ImU32 color = run.status() == RunStatus::solved      ? colors::kGood
                        : run.status() == RunStatus::cancelled ? colors::kMuted
                                                               : colors::kWarn;
    std::string headline =
        run.status() == RunStatus::solved ? "Solved" : std::string(to_string(run.status()));
    headline[0] = static_cast<char>(std::toupper(headline[0]));
    if (run.result() && run.status() == RunStatus::solved) {
      headline += ": " + std::to_string(run.result()->cost) + " " +
                  std::string(cost_unit(*puzzle_, run.request().metric));
    }
    ImGui::PushFont(fonts_.fonts().bold);
    wrapped_colored(color, headline);
    ImGui::PopFont();
    if (!run.message().empty() && run.status() != RunStatus::cancelled)
      wrapped_colored(colors::kWarn, run.message());
  }
  progress_plot(run, ImVec2(ImGui::GetContentRegionAvail().x, 110 * scale_),
                run.running() ? seconds * 1000 : 0, fonts_.fonts());
}

void App::result_stats() {
  const SolveResult& result = *run_->result();
  if (!ImGui::BeginTable("##stats", 2, ImGuiTableFlags_RowBg | ImGuiTableFlags_SizingStretchProp))
    return;
  const SolveRequest& request = run_->request();
  const bool has_metrics = !puzzle_->metrics.empty();  // else there is nothing to optimise
  label_value("cost",
              std::to_string(result.cost) + " " + std::string(cost_unit(*puzzle_, request.metric)));
  if (has_metrics) label_value("optimal", result.optimal ? "yes (proven)" : "no / not proven");
  for (const auto& [name, value] : result.extras) label_value(name, value);
  count_row("expanded", result.stats.expanded);
  count_row("generated", result.stats.generated);
  count_row("peak stored", result.stats.peak_stored);
  label_value("time", short_duration(result.stats.elapsed_ms));
  label_value("algorithm", request.algorithm.empty() ? "default" : request.algorithm);
  if (has_metrics) label_value("metric", request.metric.empty() ? "default" : request.metric);
  label_value("ran in", solver_->where());
  ImGui::EndTable();
}

}  // namespace puzzlelab::shell
