// The side panel: pick a puzzle and a board (bundled or pasted), play
// controls, solver settings with live progress, and the result's figures.
#include <algorithm>
#include <cctype>
#include <cmath>
#include <iterator>

#include "app.h"
// After imgui.h (via app.h): imgui_stdlib.h does not include it.
#include <imgui_stdlib.h>
#include "core/text.h"
#include "layer_histogram.h"
#include "progress_plot.h"
#include "puzzles/puzzle_list.h"
#include "widgets.h"

namespace puzzlelab::shell {

namespace {

// Boards whose titles share a "<group>: " prefix fold under one heading in
// the board picker from this many on (Rush Hour's 51-rung 6x6 ladder).
constexpr int kFoldedGroup = 4;

std::string_view name_of(const std::string& name) {
  return name;
}
std::string_view name_of(const Choice& choice) {
  return choice.shown();
}
std::string_view help_of(const std::string&) {
  return {};
}
std::string_view help_of(const Choice& choice) {
  return choice.help;
}

// A combo over a list of names (or choices: their names in words, their
// one-line help as the tooltip of each item and of the closed combo, else
// `tip`); returns true when the choice changed. An index of -1 shows
// `unlisted` (a link may ask for a value the list does not offer).
template <class Names>
bool name_combo(const char* id, const Names& names, int& index, std::string_view unlisted,
                const std::string& tip) {
  bool changed = false;
  const bool listed = !names.empty() && index >= 0;
  const std::string current(listed ? name_of(names[index]) : unlisted);
  if (ImGui::BeginCombo(id, current.c_str())) {
    for (int i = 0; i < static_cast<int>(names.size()); ++i) {
      const std::string name(name_of(names[i]));
      if (ImGui::Selectable(name.c_str(), i == index)) {
        changed = i != index;
        index = i;
      }
      tooltip(std::string(help_of(names[i])));
    }
    ImGui::EndCombo();
  } else {
    const std::string help(listed ? help_of(names[index]) : std::string_view());
    tooltip(help.empty() ? tip : help);
  }
  return changed;
}

std::vector<std::string> difficulty_labels(const PuzzleInfo& puzzle) {
  std::vector<std::string> labels;
  for (const std::string_view name : puzzle.difficulties)
    labels.push_back(difficulty_label(puzzle, name));
  return labels;
}

void label_value(const std::string& label, const std::string& value) {
  ImGui::TableNextRow();
  ImGui::TableNextColumn();
  ImGui::TextDisabled("%s", label.c_str());
  ImGui::TableNextColumn();
  ImGui::TextUnformatted(value.c_str());
}

// Search counters a solver did not keep stay 0: no row for them.
void count_row(const char* label, uint64_t count) {
  if (count > 0) label_value(label, group_digits(count));
}

// "Five classic puzzles": the count in words, from the engine's list.
std::string welcome_text(size_t puzzles) {
  static constexpr const char* kWords[] = {"No",  "One",   "Two",   "Three", "Four", "Five",
                                           "Six", "Seven", "Eight", "Nine",  "Ten"};
  const std::string count = puzzles < std::size(kWords) ? kWords[puzzles] : std::to_string(puzzles);
  return count + (puzzles == 1 ? " classic puzzle" : " classic puzzles") +
         " to play by hand, each with a solver that finds the best answer. Pick one, play, "
         "then press Solve to watch the optimum and see how the search went.";
}

std::string capitalized(std::string text) {
  if (!text.empty()) text[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(text[0])));
  return text;
}

}  // namespace

void App::side_panel(bool play_first) {
  const PuzzleInfo* puzzle = midend_.puzzle();
  // While editing, the view's own controls edit too (Tree of Life's rule and
  // queries): they follow the editor's tools, wherever those are.
  const bool editing = puzzle && midend_.editing();
  if (play_first && puzzle) {
    if (editing) edit_panel();
    board_controls();
    ImGui::Spacing();
  }
  ImGui::PushFont(fonts_.fonts().title);
  ImGui::TextUnformatted("Puzzle Lab");
  ImGui::PopFont();
  ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
  ImGui::TextWrapped("%s", welcome_text(all_puzzles().size()).c_str());
  ImGui::PopStyleColor();
  puzzle_picker();
  if (!puzzle) return;
  board_picker();
  board_options();
  if (puzzle->generate) generator_controls();
  share_controls();
  picture_controls();
  // (On a wide screen the play controls are in the column by the board.)
  const bool here = !play_first && !play_beside_;
  if (!play_first || !editing) edit_panel();
  if (here && editing) play_controls();
  paste_box();
  if (here && !editing) play_controls();
  solve_controls();
  if (offers_cluster()) cluster_controls();
  if (midend_.run()) search_details();
  compare_section();
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
    tooltip("Choose a puzzle: each keeps its own position");
  }
  if (!current) return;
  ImGui::TextWrapped("%s", std::string(current->summary).c_str());
  if (!current->rules.text.empty()) {
    if (ImGui::Button("How to play###rules")) midend_.show_rules();
    note_target("rulesButton");
    tooltip("The rules on one screen, with a small demonstration");
  }
}

void App::bundled_list(const std::vector<BundledPuzzle>& bundled, int index) {
  const int count = static_cast<int>(bundled.size());
  const bool appearing = ImGui::IsWindowAppearing();  // the list opens: the current in view
  for (int i = 0; i < count;) {
    // A run of boards titled "<group>: <name>" folds under one heading,
    // open when the list opens on one of them.
    const std::string group = bundled[i].title.substr(0, bundled[i].title.find(": "));
    int end = i + 1;
    while (group != bundled[i].title && end < count &&
           bundled[end].title.compare(0, group.size() + 2, group + ": ") == 0)
      ++end;
    if (end - i < kFoldedGroup) {
      for (; i < end; ++i) {
        ImGui::PushID(i);
        if (ImGui::Selectable(bundled[i].title.c_str(), i == index)) midend_.load_bundled(i);
        if (i == index && appearing) ImGui::SetScrollHereY(0.5f);
        ImGui::PopID();
      }
      continue;
    }
    if (appearing) ImGui::SetNextItemOpen(index >= i && index < end);
    const std::string heading = group + " (" + std::to_string(end - i) + " boards)";
    const bool open =
        ImGui::TreeNodeEx(group.c_str(), ImGuiTreeNodeFlags_SpanAvailWidth, "%s", heading.c_str());
    for (; open && i < end; ++i) {
      ImGui::PushID(i);
      const char* name = bundled[i].title.c_str() + group.size() + 2;
      if (ImGui::Selectable(name, i == index)) midend_.load_bundled(i);
      if (i == index && appearing) ImGui::SetScrollHereY(0.5f);
      ImGui::PopID();
    }
    if (open) ImGui::TreePop();
    i = end;
  }
}

void App::board_picker() {
  const PuzzleInfo& puzzle = *midend_.puzzle();
  PuzzleLibrary& library = midend_.library();
  const auto& bundled = library.bundled(puzzle.id);
  if (!library.error(puzzle.id).empty()) wrapped_colored(colors::kWarn, library.error(puzzle.id));
  if (bundled.empty()) return;
  section(fonts_.fonts(), "BOARD");
  ImGui::SetNextItemWidth(-1);
  // While editing, the board is the one being built: the old board's name,
  // details and optimum would sit above the verdict of another board.
  const bool editing = midend_.editing();
  const int index = editing ? -1 : midend_.bundled_index();
  const auto& generated = midend_.generated();
  const std::string preview =
      editing      ? "The board being built"
      : index >= 0 ? bundled[index].title
      : generated  ? "New puzzle: " + difficulty_label(puzzle, generated->difficulty) + " (seed " +
                        std::to_string(generated->seed) + ")"
                  : "Your own board";
  if (ImGui::BeginCombo("##bundled", preview.c_str(), ImGuiComboFlags_HeightLarge)) {
    bundled_list(bundled, index);
    ImGui::EndCombo();
  } else {
    note_target("boardPicker");
    tooltip("A board that comes with Puzzle Lab; N opens the next one");
  }
  if (index >= 0) {
    // A stated answer is a spoiler: shown once Solve has given it too.
    const bool solved = midend_.solved_cost() && midend_.result_current();
    for (const auto& [key, value] : bundled[index].details) {
      if (is_spoiler(key) && !solved) continue;
      ImGui::TextDisabled("%s:", capitalized(key).c_str());
      ImGui::SameLine();
      ImGui::TextWrapped("%s", value.c_str());
    }
  }
  if (!midend_.rating().empty() && !editing) {
    ImGui::TextDisabled("Rated:");
    ImGui::SameLine();
    ImGui::TextWrapped("%s", midend_.rating().c_str());
  }
  if (const auto known = midend_.known_cost(); known && !editing) {
    ImGui::TextDisabled("Known optimum:");
    ImGui::SameLine();
    ImGui::Text("%lld %s", static_cast<long long>(*known),
                std::string(cost_unit(puzzle, "")).c_str());
  }
}

// What a link can say about the board, as controls: its text options
// (Amphipod's part 2) and a rating of the position.
void App::board_options() {
  const PuzzleInfo& puzzle = *midend_.puzzle();
  ImGui::BeginDisabled(midend_.searching());
  for (const TextOption& option : puzzle.hooks.text_options) {
    bool on = midend_.text_option_on(option.name);
    const std::string label(option.label.empty() ? option.name : option.label);
    if (ImGui::Checkbox(label.c_str(), &on)) midend_.set_text_option(option.name, on);
    note_target(("option-" + std::string(option.name)).c_str());
    tooltip(std::string(option.help));
  }
  if (puzzle.has_rating && !midend_.session().empty()) {
    const bool rating = midend_.working() == RequestKind::rate;
    ImGui::BeginDisabled(rating);
    if (ImGui::Button(rating ? "Rating…###rate" : "Rate difficulty###rate")) midend_.rate();
    ImGui::EndDisabled();
    note_target("rateButton");
    tooltip("How hard this position is: the hardest technique a person needs for it");
  }
  ImGui::EndDisabled();
}

void App::generator_controls() {
  const PuzzleInfo& puzzle = *midend_.puzzle();
  section(fonts_.fonts(), "NEW PUZZLE");
  const float spacing = ImGui::GetStyle().ItemSpacing.x;
  const float half = (ImGui::GetContentRegionAvail().x - spacing) / 2;
  const bool generating = midend_.working() == RequestKind::generate;
  ImGui::BeginDisabled(midend_.searching());
  if (!puzzle.difficulties.empty()) {
    ImGui::BeginDisabled(generating);
    ImGui::SetNextItemWidth(half);
    int difficulty = midend_.difficulty();
    if (name_combo("##difficulty", difficulty_labels(puzzle), difficulty,
                   difficulty_label(puzzle, midend_.difficulty_name()),
                   std::string(puzzle.difficulty_help)))
      midend_.set_difficulty(difficulty);
    ImGui::EndDisabled();
    ImGui::SameLine();
  }
  if (generating) {
    // The generator runs where solves do: it can be stopped like one.
    const std::string label = "Cancel · " + running_duration(midend_.working_seconds()) + "###new";
    if (ImGui::Button(label.c_str(), ImVec2(-1, 0))) midend_.cancel();
    if (const auto& progress = midend_.work_progress(); progress && !progress->phase.empty())
      ImGui::TextDisabled("%s", progress->phase.c_str());  // how the search is going
  } else if (ImGui::Button("New puzzle###new", ImVec2(-1, 0))) {
    new_puzzle_from_seed();
  }
  note_target("newPuzzleButton");
  tooltip(generating ? "Stop making the puzzle"
                     : "Make a new puzzle of this difficulty (N), from the seed if one is given");
  ImGui::BeginDisabled(generating);
  ImGui::AlignTextToFramePadding();
  ImGui::TextDisabled("Seed");
  ImGui::SameLine();
  ImGui::SetNextItemWidth(-1);
  if (ImGui::InputTextWithHint(
          "##seed", "random", &seed_text_,
          ImGuiInputTextFlags_CharsDecimal | ImGuiInputTextFlags_EnterReturnsTrue))
    new_puzzle_from_seed();
  note_target("seedInput");
  tooltip("The same seed makes the same puzzle, here and in any browser; empty: a random one");
  ImGui::EndDisabled();
  ImGui::EndDisabled();
}

void App::new_puzzle_from_seed() {
  std::optional<uint64_t> seed;
  if (!seed_text_.empty()) {
    seed = parse_seed(seed_text_);
    if (!seed) {  // refused with a reason, never replaced
      midend_.set_note("'" + seed_text_ +
                           "' is not a seed: a seed is a whole number from 0 to "
                           "18446744073709551615.",
                       true);
      return;
    }
  }
  midend_.new_puzzle(midend_.difficulty_name(), seed);
}

void App::share_controls() {
  // Copy link and Embed (both only where the host can copy) and the keys.
  const float gap = ImGui::GetStyle().ItemSpacing.x;
  const float third = (ImGui::GetContentRegionAvail().x - 2 * gap) / 3;
  const float half = (ImGui::GetContentRegionAvail().x - gap) / 2;
  if (copy_link_) {
    const bool copied = copied_what_ == "link" && ImGui::GetTime() - copied_at_ < kCopiedSeconds;
    ImGui::BeginDisabled(share_hash().empty());
    if (ImGui::Button(copied ? "Copied!###copyLink" : "Copy link###copyLink", ImVec2(third, 0)))
      copy_link_(share_hash());
    ImGui::EndDisabled();
    note_target("copyLinkButton");
    tooltip("Put a link to this position on the clipboard");
    ImGui::SameLine();
  }
  embed_button(copy_link_ ? third : half);
  ImGui::SameLine();
  const char* keys = device_ == Device::touch ? "Controls###keys" : "Keys (?)###keys";
  if (ImGui::Button(keys, ImVec2(-1, 0))) keys_shown_ = true;
  note_target("keysButton");
  tooltip(device_ == Device::touch ? "What each control does"
                                   : "The keys that work on this puzzle (?)");
}

void App::paste_box() {
  // The box holds one puzzle's text: another puzzle empties it (where the
  // new one's format example shows, greyed).
  if (paste_puzzle_ != midend_.puzzle()) {
    if (paste_puzzle_) paste_text_.clear();
    paste_puzzle_ = midend_.puzzle();
  }
  const std::string& error = midend_.load_error();
  const bool open =
      ImGui::TreeNodeEx("Paste your own board", error.empty() ? 0 : ImGuiTreeNodeFlags_DefaultOpen);
  note_target("pasteToggle");
  tooltip("Play a board of your own, written as text");
  if (!open) return;
  format_hint();
  const float lines = 4.6f;
  ImGui::InputTextMultiline("##paste", &paste_text_,
                            ImVec2(-1, ImGui::GetTextLineHeight() * lines));
  note_target("pasteBox");
  format_example_in_box();
  tooltip("A board as text: the formats are in docs/ (Copy current shows this one's)");
  ImGui::BeginDisabled(paste_text_.empty());
  if (ImGui::Button("Load board")) midend_.load_board(paste_text_);
  note_target("loadBoardButton");
  ImGui::EndDisabled();
  tooltip("Play the board written above");
  ImGui::SameLine();
  if (ImGui::Button("Copy current") && !midend_.session().empty())
    paste_text_ = midend_.session().current().format();
  tooltip("Put the position on screen in the box, as text");
  const std::string_view example = midend_.puzzle()->format_example;
  if (!example.empty()) {
    ImGui::SameLine();
    if (ImGui::Button("Example")) paste_text_ = std::string(example);
    note_target("pasteUseExample");
    tooltip("Put the format's example in the box");
  }
  if (!error.empty()) wrapped_colored(colors::kBad, error);
  ImGui::TreePop();
}

// How the puzzle's boards are written (PuzzleInfo::format_help), above the
// box.
void App::format_hint() {
  const std::string_view help = midend_.puzzle()->format_help;
  if (help.empty()) return;
  ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
  ImGui::TextWrapped("%s", std::string(help).c_str());
  ImGui::PopStyleColor();
}

// The puzzle's example board (PuzzleInfo::format_example) drawn greyed in
// the empty box, as a placeholder: it goes when the box gets text.
void App::format_example_in_box() {
  const std::string_view example = midend_.puzzle()->format_example;
  if (example.empty() || !paste_text_.empty() || ImGui::IsItemActive()) return;
  const ImVec2 at(ImGui::GetItemRectMin().x + ImGui::GetStyle().FramePadding.x,
                  ImGui::GetItemRectMin().y + ImGui::GetStyle().FramePadding.y);
  const ImVec2 clip = ImGui::GetItemRectMax();
  ImDrawList& draw = *ImGui::GetWindowDrawList();
  draw.PushClipRect(ImGui::GetItemRectMin(), clip, true);
  const float wrap = clip.x - at.x - ImGui::GetStyle().FramePadding.x;
  draw.AddText(ImGui::GetFont(), ImGui::GetFontSize(), at,
               ImGui::GetColorU32(ImGuiCol_TextDisabled), std::string(example).c_str(), nullptr,
               wrap);
  draw.PopClipRect();
}

// The board's own controls under a heading, when the view has any (it
// said so by drawing something last frame: nothing to head otherwise). The
// shell's (Solve, Hint, Undo..., the counter) are on the toolbar.
void App::play_controls() {
  if (view_panel_used_ && !midend_.editing()) section(fonts_.fonts(), "PLAY");
  const float top = ImGui::GetCursorPosY();
  board_controls();
  view_panel_used_ = ImGui::GetCursorPosY() > top;
}

// The view's own controls (Sudoku's digit pad, Tree of Life's time line,
// Bender's program).
void App::board_controls() {
  const Session& session = midend_.session();
  if (session.empty()) return;
  const EditSession* edit = midend_.edit();
  // The record's counts: the player's moves and the solution's shown.
  const GameRecord record = midend_.record();
  play_move(view().side_panel(edit && edit->shown() ? *edit->shown() : session.current(),
                              {record.player_moves(), record.solution_moves()}));
}

// The solver's settings; Solve itself is on the toolbar by the board.
void App::solve_controls() {
  const PuzzleInfo& puzzle = *midend_.puzzle();
  if (!collapsible_section(fonts_.fonts(), "SOLVE", "solverSection")) return;
  const float label_w = ImGui::GetStyle().WindowPadding.x + ImGui::CalcTextSize("Algorithm").x +
                        ImGui::GetStyle().ItemSpacing.x * 2;
  ImGui::BeginDisabled(midend_.searching());
  ImGui::AlignTextToFramePadding();
  ImGui::TextDisabled("Algorithm");
  ImGui::SameLine(label_w);
  ImGui::SetNextItemWidth(-1);
  int algorithm = midend_.algorithm();
  if (name_combo("##algorithm", puzzle.algorithms, algorithm, "-", ""))
    midend_.set_algorithm(algorithm);
  note_target("algorithmPicker");
  if (!puzzle.metrics.empty()) {
    ImGui::AlignTextToFramePadding();
    ImGui::TextDisabled("Goal");
    ImGui::SameLine(label_w);
    ImGui::SetNextItemWidth(-1);
    int metric = midend_.metric();
    if (name_combo("##metric", puzzle.metrics, metric, "-", "")) midend_.set_metric(metric);
    note_target("metricPicker");
  }
  ImGui::EndDisabled();
}

// The last search in detail (its outcome is under the board): states
// against time, then every figure it kept; only a line when it was for
// another position.
void App::search_details() {
  if (!collapsible_section(fonts_.fonts(), "SEARCH", "searchSection")) return;
  if (!midend_.result_current()) {
    stale_run();
    return;
  }
  const SolveRun& run = *midend_.run();
  const double seconds = run.elapsed_seconds(midend_.work_clock());
  if (!run.running() && !run.message().empty() && run.status() != RunStatus::cancelled)
    wrapped_colored(colors::kWarn, run.message());
  progress_plot(run, ImVec2(ImGui::GetContentRegionAvail().x, 110 * scale_),
                run.running() ? running_clock(seconds) * 1000 : 0, fonts_.fonts());
  if (run.result()) {
    result_stats();
    layer_chart();
  }
}

void App::layer_chart() {
  const SearchStats& stats = midend_.run()->result()->stats;
  if (stats.layers.empty()) return;
  ImGui::Spacing();
  layer_histogram(stats, midend_.solve_unit(),
                  ImVec2(ImGui::GetContentRegionAvail().x, 90 * scale_), fonts_.fonts());
  note_target("layerChart");
}

// A solve for a position no longer on screen: one muted line, no figures
// that could be taken for this position's.
void App::stale_run() {
  const SolveRun& run = *midend_.run();
  if (run.status() == RunStatus::cancelled) return;  // nothing to remember it by
  std::string text = "The last solve (" + std::string(headline(run.status()));
  if (const auto cost = midend_.solved_cost())
    text += ": " + std::to_string(*cost) + " " + std::string(midend_.solve_unit());
  text += ") was for another position: Solve again for this one.";
  ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
  ImGui::TextWrapped("%s", text.c_str());
  ImGui::PopStyleColor();
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
  for (const auto& [name, value] : result.extras) label_value(text::key_words(name), value);
  count_row("expanded", result.stats.expanded);
  count_row("generated", result.stats.generated);
  count_row("peak stored", result.stats.peak_stored);
  label_value("time", short_duration(result.stats.elapsed_ms));
  const PuzzleInfo& puzzle = *midend_.puzzle();
  const Choice* algorithm = find_choice(puzzle.algorithms, request.algorithm);
  label_value("algorithm", std::string(algorithm ? algorithm->shown() : "default"));
  if (has_metrics) {
    const Choice* metric = find_choice(puzzle.metrics, request.metric);
    label_value("goal", std::string(metric ? metric->shown() : "default"));
  }
  label_value("ran in", midend_.where());
  ImGui::EndTable();
}

}  // namespace puzzlelab::shell
