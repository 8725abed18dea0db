// The Tree of Life view's side panel (see treeoflife_view.h): Go to and
// the clock's speed, the work under way and what is known of a cycle, the
// rule's number, presets and 16 cases, and the loaded queries. The time
// line's buttons by the board are in treeoflife_view.cpp.
#include <algorithm>
#include <cstdio>
#include <cstdlib>

#include <imgui.h>
#include <imgui_stdlib.h>

#include "core/text.h"
#include "views/treeoflife_parts.h"
#include "views/treeoflife_view.h"
#include "widgets.h"

namespace puzzlelab::shell {

using treeoflife::TreeOfLifeGame;
using namespace treeoflife_parts;

// A new rule: a move while playing, an edit while editing.
std::string TreeOfLifeView::rule_move(unsigned rule) const {
  return (edit_tool_ ? "rule " : "rule=") + std::to_string(rule);
}

// Under the rule and the queries: the clock's speed, Go to, the work under
// way and what is known of a cycle.
ViewAction TreeOfLifeView::time_line_more(const TreeOfLifeGame& game) {
  ViewAction action;
  const int64_t clock = game.problem().clock;
  ImGui::SetNextItemWidth(-1);
  ImGui::SliderFloat("##rate", &rate_, 1, 120, "%.0f generations/s",
                     ImGuiSliderFlags_Logarithmic | ImGuiSliderFlags_NoInput);
  tooltip("How fast the clock runs when played");
  ImGui::SetNextItemWidth(ImGui::GetContentRegionAvail().x * 0.6f);
  ImGui::InputInt("##goto", &goto_generation_, 1, 100);
  // Enter in the box goes there, as the button does (the field lets go).
  const bool entered = ImGui::IsItemDeactivated() &&
                       (key_pressed(ImGuiKey_Enter) || key_pressed(ImGuiKey_KeyPadEnter));
  note_target("goToInput");
  tooltip("A generation to go to: 0 or more");
  ImGui::SameLine();
  if (ImGui::Button("Go to", ImVec2(-1, 0)) || entered) {
    if (goto_generation_ < 0)  // refused and said, not quietly made 0
      action.note = "There is no generation " + std::to_string(goto_generation_) +
                    ": generations count from 0.";
    else
      action = step_to(game, goto_generation_);
  }
  note_target("goTo");
  tooltip("Show the generation typed beside");

  if (computing() && clock_ == clock) {
    ImGui::TextDisabled("computing generation %lld of %lld", static_cast<long long>(reached_),
                        static_cast<long long>(clock_));
    ImGui::ProgressBar(float(double(reached_) / double(std::max<int64_t>(clock_, 1))),
                       ImVec2(ImGui::GetContentRegionAvail().x * 0.7f, 0));
    ImGui::SameLine();
    if (ImGui::Button("Cancel##compute", ImVec2(-1, 0))) {
      const int64_t back = cancel_generation();
      action = step_to(game, back);
      action.note = "Stopped: showing generation " + std::to_string(back) + ".";
    }
    note_target("cancelComputePanel");
    tooltip("Stop computing and stay on the last generation shown (Esc)");
  }
  // The view's evolutions know the cycle (the game's own cache stays unused).
  if (const auto known = known_cycle()) {
    ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(colors::kGood),
                       known->exact ? "cycle: from generation %lld, period %lld"
                                    : "cycle: by generation %lld, period %lld",
                       static_cast<long long>(known->cycle.start),
                       static_cast<long long>(known->cycle.period));
  } else {
    // Generations known to hold no repeat: the worker's walk from 0, or the
    // local one while it started at 0.
    const int64_t local = base_ == 0 && evolution_ ? evolution_->frontier() : 0;
    ImGui::TextDisabled("no repeated state up to generation %lld",
                        static_cast<long long>(std::max(local, worker_frontier_)));
  }
  return action;
}

ViewAction TreeOfLifeView::rule_editor(const TreeOfLifeGame& game) {
  ViewAction action;
  const unsigned rule = game.problem().rule;
  ImGui::AlignTextToFramePadding();
  ImGui::TextDisabled("Rule");
  ImGui::SameLine();
  ImGui::SetNextItemWidth(ImGui::GetFontSize() * 4.5f);
  if (!rule_editing_) rule_text_ = std::to_string(rule);
  ImGui::InputText("##rule", &rule_text_, ImGuiInputTextFlags_CharsDecimal);
  rule_editing_ = ImGui::IsItemActive();
  if (ImGui::IsItemDeactivatedAfterEdit()) {  // Enter, or a click elsewhere
    char* end = nullptr;
    const long long typed = std::strtoll(rule_text_.c_str(), &end, 10);
    const bool number = !rule_text_.empty() && end && *end == 0;
    if (!number || typed < 0 || typed > 65535) {  // refused and said, never quietly undone
      action.note = "Rule " + rule_text_ + " is not a rule: a rule is a number from 0 to 65535. " +
                    "The rule stays " + std::to_string(rule) + ".";
    } else if (unsigned(typed) != rule) {
      action = {rule_move(unsigned(typed)), false, ""};
    }
  }
  note_target("ruleNumber");
  tooltip("The rule, 0 to 65535: its 16 bits are the 16 cases below");
  return action;
}

// The rule's presets, and its 16 cases to flip one by one.
ViewAction TreeOfLifeView::rule_cases(const TreeOfLifeGame& game) {
  ViewAction action;
  const unsigned rule = game.problem().rule;
  ImGui::TextDisabled("presets");
  for (const int preset : {7710, 42354, 6030}) {
    ImGui::SameLine();
    const std::string label = std::to_string(preset);
    if (ImGui::SmallButton(label.c_str())) action = {rule_move(unsigned(preset)), false, ""};
    note_target("preset" + label);
    tooltip(preset == 7710    ? "Rule 7710: the tree's Rule 30 (left, self, right)"
            : preset == 42354 ? "Rule 42354: HackerRank's sample"
                              : "Rule 6030: all four neighbours matter");
  }
  // The 16 neighbourhoods, 1111 first as in the statement: parent on top,
  // left, self and right under it, the next state on the right.
  const float cell = ImGui::GetFrameHeight() * 0.36f;
  const ImVec2 box(cell * 5.6f, cell * 3.0f);
  ImDrawList* draw = ImGui::GetWindowDrawList();
  for (int k = 0; k < 16; ++k) {
    const int idx = 15 - k;
    if (k % 4) ImGui::SameLine();
    ImGui::PushID(idx);
    const bool clicked = ImGui::InvisibleButton("##n", box);
    ImGui::PopID();
    note_target("neighbourhood" + std::to_string(idx));
    const ImVec2 o = ImGui::GetItemRectMin();
    const bool hovered = ImGui::IsItemHovered();
    draw->AddRectFilled(o, ImVec2(o.x + box.x, o.y + box.y),
                        hovered ? colors::rgb(60, 68, 86) : colors::rgb(40, 45, 57), 3);
    const float r = cell * 0.38f;
    auto dot = [&](float cx, float cy, bool on) {
      const ImVec2 c(o.x + cx * cell, o.y + cy * cell);
      draw->AddCircleFilled(c, r, on ? kLive : kDead);
      draw->AddCircle(c, r, on ? kLiveRim : kDeadRim);
    };
    dot(1.5f, 0.8f, idx & 8);  // parent
    dot(0.6f, 2.2f, idx & 4);  // left
    dot(1.5f, 2.2f, idx & 2);  // self
    dot(2.4f, 2.2f, idx & 1);  // right
    const bool next = (rule >> idx) & 1;
    draw->AddText(ImVec2(o.x + 3.0f * cell, o.y + 0.9f * cell), colors::kMuted, "\xe2\x86\x92");
    const ImVec2 c(o.x + 4.6f * cell, o.y + 1.5f * cell);
    draw->AddRectFilled(ImVec2(c.x - r * 1.3f, c.y - r * 1.3f),
                        ImVec2(c.x + r * 1.3f, c.y + r * 1.3f), next ? kLive : kDead, 2);
    char tip[96];
    std::snprintf(tip, sizeof tip,
                  "parent %d, left %d, self %d, right %d -> %s (bit %d); click to flip",
                  (idx >> 3) & 1, (idx >> 2) & 1, (idx >> 1) & 1, idx & 1, next ? "X" : ".", idx);
    tooltip(tip);
    if (clicked) action = {rule_move(rule ^ (1u << idx)), false, ""};
  }
  return action;
}

ViewAction TreeOfLifeView::query_list(const TreeOfLifeGame& game) {
  ViewAction action;
  const auto& queries = *game.problem().queries;
  if (edit_tool_) query_step();
  if (queries.empty()) {
    ImGui::TextWrapped("%s", edit_tool_
                                 ? "No queries yet: pick Query, set its step, click a cell."
                                 : "No queries loaded (paste a HackerRank input to get some).");
    return action;
  }
  // Rows as tall as a button (a finger's target on a touch screen), five
  // in view: the rule's cases below stay near.
  const float row_h = ImGui::GetFrameHeight();
  const float height =
      ImGui::GetStyle().WindowPadding.y * 2 +
      (row_h + ImGui::GetStyle().ItemSpacing.y) * std::min(float(queries.size()), 5.0f);
  if (!ImGui::BeginChild("##queries", ImVec2(0, height), true)) {
    ImGui::EndChild();
    return action;
  }
  // Only the rows in sight are laid out: a list may hold a million queries.
  ImGui::PushStyleVar(ImGuiStyleVar_SelectableTextAlign, ImVec2(0, 0.5f));
  ImGuiListClipper clipper;
  clipper.Begin(static_cast<int>(queries.size()));
  while (clipper.Step()) {
    for (int row_index = clipper.DisplayStart; row_index < clipper.DisplayEnd; ++row_index) {
      const size_t i = static_cast<size_t>(row_index);
      const auto& q = queries[i];
      const std::string path = treeoflife::path_to(*game.problem().shape, q.cell);
      char row[160];
      // The answers are Solve's to give: '?' until then (no spoilers).
      // While editing, the verdict under the board gives them.
      const char answer = 2 * i < solved_answers_.size() ? solved_answers_[2 * i]
                          : edit_tool_                   ? ' '
                                                         : '?';
      // In words: "cell 2, generation 2: on?" (the answer once solved).
      const char* said = answer == 'X' ? "on" : answer == '.' ? "off" : answer == '?' ? "on?" : "";
      std::snprintf(row, sizeof row, "%zu. cell %lld, generation %lld: %s", i + 1,
                    static_cast<long long>(q.cell), static_cast<long long>(q.generation), said);
      if (edit_tool_) {  // while editing: a button to remove it
        ImGui::PushID(row_index);
        if (ImGui::SmallButton("\xc3\x97"))
          action = {"unquery " + std::to_string(i + 1), false, ""};
        ImGui::PopID();
        if (i < 32) note_target("removeQuery" + std::to_string(i + 1));
        tooltip("Remove query " + std::to_string(i + 1) +
                "; the next one takes its step, so the others keep their generations");
        ImGui::SameLine();
      }
      if (ImGui::Selectable(row, selected_query_ == int(i), 0, ImVec2(0, row_h))) {
        selected_query_ = int(i);
        if (!edit_tool_) action = step_to(game, q.generation);
      }
      if (i < 32) note_target("query" + std::to_string(i + 1));
      tooltip("Step " + std::to_string(q.step) + " to generation " + std::to_string(q.generation) +
              ", cell " + puzzlelab::text::excerpt(path) +
              (solved_answers_.empty() && !edit_tool_ ? "; Solve gives the answer" : ""));
    }
  }
  ImGui::PopStyleVar();
  ImGui::EndChild();
  return action;
}

// The Query tool's step: a new query moves the clock by it first.
void TreeOfLifeView::query_step() {
  ImGui::AlignTextToFramePadding();
  ImGui::TextDisabled("Query step");
  ImGui::SameLine();
  ImGui::SetNextItemWidth(ImGui::GetFontSize() * 7);
  ImGui::InputInt("##queryStep", &query_step_, 1, 10);
  query_step_ = std::clamp(query_step_, -1000, 1000);
  note_target("queryStep");
  tooltip(
      "The Query tool's step: a new query moves the clock by this (-1000 to 1000), then asks "
      "for the cell clicked");
}

ViewAction TreeOfLifeView::side_panel(const Game& game, const MovesShown&) {
  const TreeOfLifeGame& tree = as_tree(game);
  panel_targets_.clear();
  ViewAction action;
  auto take = [&](ViewAction a) {
    if (!a.move.empty() || !a.note.empty()) action = std::move(a);
  };
  // The queries before the rule: a loaded input is read more than edited.
  // The board being built stays at generation 0: no time line then.
  // The time line, the rule and the queries in reach first (by the board
  // on a wide screen, under it on a phone); the rule's cases last.
  if (!edit_tool_) take(time_line(tree));
  take(rule_editor(tree));
  take(query_list(tree));
  if (!edit_tool_) take(time_line_more(tree));
  ImGui::Spacing();
  take(rule_cases(tree));
  return action;
}

}  // namespace puzzlelab::shell
