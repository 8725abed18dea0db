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
// tooltip); returns true when the choice changed. An index of -1 shows
// `unlisted` (a link may ask for a value the list does not offer).
template <class Names>
bool name_combo(const char* id, const Names& names, int& index, std::string_view unlisted = "-") {
  bool changed = false;
  const std::string current(names.empty() || index < 0 ? unlisted : name_of(names[index]));
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
  const PuzzleInfo* puzzle = midend_.puzzle();
  if (play_first && puzzle) {
    board_controls();
    ImGui::Spacing();
  }
  ImGui::PushFont(fonts_.fonts().title);
  ImGui::TextUnformatted("Puzzle Lab");
  ImGui::PopFont();
  ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
  ImGui::TextWrapped("Play by hand, or watch an optimal solution.");  // a narrow panel wraps it
  ImGui::PopStyleColor();
  puzzle_picker();
  if (!puzzle) return;
  board_picker();
  if (puzzle->generate) generator_controls();
  share_controls();
  paste_box();
  if (!play_first) play_controls();
  solve_controls();
  if (midend_.run()) search_details();
}

void App::puzzle_picker() {
  section(fonts_.fonts(), "PUZZLE");
  ImGui::SetNextItemWidth(-1);
  const PuzzleInfo* current = midend_.puzzle();
  const std::string title(current ? current->title : "-");
  if (ImGui::BeginCombo("##puzzle", title.c_str())) {
    for (const PuzzleInfo* info : all_puzzles()) {
      const std::string name(info->title);
      if (ImGui::Selectable(name.c_str(), info == current) && info != current)
        midend_.select_puzzle(*info);
      note_target(("puzzle-" + std::string(info->id)).c_str());
    }
    ImGui::EndCombo();
  } else {
    note_target("puzzlePicker");
  }
  if (current) ImGui::TextWrapped("%s", std::string(current->summary).c_str());
}

void App::board_picker() {
  const PuzzleInfo& puzzle = *midend_.puzzle();
  PuzzleLibrary& library = midend_.library();
  const auto& bundled = library.bundled(puzzle.id);
  if (!library.error(puzzle.id).empty()) wrapped_colored(colors::kWarn, library.error(puzzle.id));
  if (bundled.empty()) return;
  section(fonts_.fonts(), "BOARD");
  ImGui::SetNextItemWidth(-1);
  const int index = midend_.bundled_index();
  const auto& generated = midend_.generated();
  const std::string preview = index >= 0  ? bundled[index].title
                              : generated ? "New " + generated->difficulty + " puzzle (seed " +
                                                std::to_string(generated->seed) + ")"
                                          : "Your own board";
  if (ImGui::BeginCombo("##bundled", preview.c_str(), ImGuiComboFlags_HeightLarge)) {
    for (int i = 0; i < static_cast<int>(bundled.size()); ++i) {
      ImGui::PushID(i);
      if (ImGui::Selectable(bundled[i].title.c_str(), i == index)) midend_.load_bundled(i);
      ImGui::PopID();
    }
    ImGui::EndCombo();
  }
  if (index >= 0) {
    for (const auto& [key, value] : bundled[index].details) {
      ImGui::TextDisabled("%s:", capitalized(key).c_str());
      ImGui::SameLine();
      ImGui::TextWrapped("%s", value.c_str());
    }
  }
  if (!midend_.rating().empty()) {
    ImGui::TextDisabled("Rated:");
    ImGui::SameLine();
    ImGui::TextWrapped("%s", midend_.rating().c_str());
  }
  if (const auto known = midend_.known_cost()) {
    ImGui::TextDisabled("Known optimum:");
    ImGui::SameLine();
    ImGui::Text("%lld %s", static_cast<long long>(*known), std::string(puzzle.cost_name).c_str());
  }
}

void App::generator_controls() {
  const PuzzleInfo& puzzle = *midend_.puzzle();
  section(fonts_.fonts(), "NEW PUZZLE");
  const float spacing = ImGui::GetStyle().ItemSpacing.x;
  const float half = (ImGui::GetContentRegionAvail().x - spacing) / 2;
  const bool generating = midend_.working() == RequestKind::generate;
  ImGui::BeginDisabled(midend_.solving());
  if (!puzzle.difficulties.empty()) {
    ImGui::BeginDisabled(generating);
    ImGui::SetNextItemWidth(half);
    int difficulty = midend_.difficulty();
    if (name_combo("##difficulty", puzzle.difficulties, difficulty, midend_.difficulty_name()))
      midend_.set_difficulty(difficulty);
    ImGui::EndDisabled();
    ImGui::SameLine();
  }
  if (generating) {
    // The generator runs where solves do: it can be stopped like one.
    const std::string label =
        "Cancel · " + short_duration(midend_.working_seconds() * 1000) + "###new";
    if (ImGui::Button(label.c_str(), ImVec2(-1, 0))) midend_.cancel();
    if (const auto& progress = midend_.work_progress(); progress && !progress->phase.empty())
      ImGui::TextDisabled("%s", progress->phase.c_str());  // how the search is going
  } else if (ImGui::Button("New puzzle###new", ImVec2(-1, 0))) {
    midend_.new_puzzle(midend_.difficulty_name(), std::nullopt);
  }
  note_target("newPuzzleButton");
  ImGui::EndDisabled();
}

void App::share_controls() {
  const float half = (ImGui::GetContentRegionAvail().x - ImGui::GetStyle().ItemSpacing.x) / 2;
  if (copy_link_) {
    const bool copied = ImGui::GetTime() - copied_at_ < kCopiedSeconds;
    ImGui::BeginDisabled(share_hash().empty());
    if (ImGui::Button(copied ? "Copied!###copyLink" : "Copy link###copyLink", ImVec2(half, 0)))
      copy_link_(share_hash());
    ImGui::EndDisabled();
    note_target("copyLinkButton");
    if (ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled))
      ImGui::SetTooltip("Put a link to this position on the clipboard");
    ImGui::SameLine();
  }
  if (ImGui::Button("Keys (?)###keys", ImVec2(copy_link_ ? -1 : half, 0))) keys_shown_ = true;
  note_target("keysButton");
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("Keyboard shortcuts");
}

void App::paste_box() {
  const std::string& error = midend_.load_error();
  const bool open =
      ImGui::TreeNodeEx("Paste your own board", error.empty() ? 0 : ImGuiTreeNodeFlags_DefaultOpen);
  note_target("pasteToggle");
  if (!open) return;
  const float lines = 4.6f;
  ImGui::InputTextMultiline("##paste", &paste_text_,
                            ImVec2(-1, ImGui::GetTextLineHeight() * lines));
  note_target("pasteBox");
  ImGui::BeginDisabled(paste_text_.empty());
  if (ImGui::Button("Load board")) midend_.load_board(paste_text_);
  note_target("loadBoardButton");
  ImGui::EndDisabled();
  ImGui::SameLine();
  if (ImGui::Button("Copy current") && !midend_.session().empty())
    paste_text_ = midend_.session().current().format();
  if (!error.empty()) wrapped_colored(colors::kBad, error);
  ImGui::TreePop();
}

// The board's own controls under a heading, when the view has any (it
// said so by drawing something last frame: nothing to head otherwise).
void App::play_controls() {
  if (view_panel_used_) section(fonts_.fonts(), "PLAY");
  const float top = ImGui::GetCursorPosY();
  board_controls();
  view_panel_used_ = ImGui::GetCursorPosY() > top;
}

// The view's own controls (Sudoku's digit pad, Tree of Life's time line,
// Bender's program); the shell's (Solve, Hint, Undo...) are on the toolbar.
void App::board_controls() {
  if (midend_.session().empty()) return;
  play_move(view().side_panel(midend_.session().current()));
}

// The solver's settings; Solve itself is on the toolbar by the board.
void App::solve_controls() {
  const PuzzleInfo& puzzle = *midend_.puzzle();
  if (!collapsible_section(fonts_.fonts(), "SOLVER", "solverSection")) return;
  note_target("solverSection");
  const float label_w = ImGui::GetStyle().WindowPadding.x + ImGui::CalcTextSize("Algorithm").x +
                        ImGui::GetStyle().ItemSpacing.x * 2;
  ImGui::BeginDisabled(midend_.solving());
  ImGui::AlignTextToFramePadding();
  ImGui::TextDisabled("Algorithm");
  ImGui::SameLine(label_w);
  ImGui::SetNextItemWidth(-1);
  int algorithm = midend_.algorithm();
  if (name_combo("##algorithm", puzzle.algorithms, algorithm)) midend_.set_algorithm(algorithm);
  note_target("algorithmPicker");
  if (!puzzle.metrics.empty()) {
    ImGui::AlignTextToFramePadding();
    ImGui::TextDisabled("Metric");
    ImGui::SameLine(label_w);
    ImGui::SetNextItemWidth(-1);
    int metric = midend_.metric();
    if (name_combo("##metric", puzzle.metrics, metric)) midend_.set_metric(metric);
  }
  ImGui::EndDisabled();
}

// The last search in detail (its outcome is under the board): states
// against time, then every figure it kept.
void App::search_details() {
  if (!collapsible_section(fonts_.fonts(), "SEARCH", "searchSection")) return;
  const SolveRun& run = *midend_.run();
  const double seconds = run.elapsed_seconds(ImGui::GetTime());
  if (!run.running() && !run.message().empty() && run.status() != RunStatus::cancelled)
    wrapped_colored(colors::kWarn, run.message());
  progress_plot(run, ImVec2(ImGui::GetContentRegionAvail().x, 110 * scale_),
                run.running() ? seconds * 1000 : 0, fonts_.fonts());
  if (run.result()) result_stats();
}

void App::result_stats() {
  const SolveRun& run = *midend_.run();
  const SolveResult& result = *run.result();
  if (!ImGui::BeginTable("##stats", 2, ImGuiTableFlags_RowBg | ImGuiTableFlags_SizingStretchProp))
    return;
  const SolveRequest& request = run.request();
  const bool has_metrics = !midend_.puzzle()->metrics.empty();  // else there is nothing to optimise
  // A search that gave up has no cost: no "cost 0 moves" after a failure.
  if (const auto cost = midend_.solved_cost()) {
    label_value("cost", std::to_string(*cost) + " " + std::string(midend_.solve_unit()));
    if (has_metrics) label_value("optimal", result.optimal ? "yes (proven)" : "no / not proven");
  }
  for (const auto& [name, value] : result.extras) label_value(name, value);
  count_row("expanded", result.stats.expanded);
  count_row("generated", result.stats.generated);
  count_row("peak stored", result.stats.peak_stored);
  label_value("time", short_duration(result.stats.elapsed_ms));
  label_value("algorithm", request.algorithm.empty() ? "default" : request.algorithm);
  if (has_metrics) label_value("metric", request.metric.empty() ? "default" : request.metric);
  label_value("ran in", midend_.where());
  ImGui::EndTable();
}

}  // namespace puzzlelab::shell
