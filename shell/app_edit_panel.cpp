// The side panel's Edit section: "Edit board" for a puzzle with an editor;
// while editing, the editor's tools (each with its key), the board's size,
// and the solver's verdict on the board being built. The midend keeps the
// edits and asks for verdicts (Midend::editing); nothing here names a puzzle.
#include <algorithm>
#include <string>

#include <imgui.h>

#include "app.h"
#include "theme.h"
#include "widgets.h"

namespace puzzlelab::shell {

namespace {

ImU32 verdict_color(EditVerdict::Kind kind) {
  switch (kind) {
    case EditVerdict::Kind::solvable:
      return colors::kGood;
    case EditVerdict::Kind::invalid:
    case EditVerdict::Kind::unsolvable:
      return colors::kBad;
    case EditVerdict::Kind::ambiguous:
    case EditVerdict::Kind::undecided:
      return colors::kWarn;
    case EditVerdict::Kind::checking:
      break;
  }
  return colors::kMuted;
}

float tool_width(const EditTool& tool) {
  return ImGui::CalcTextSize(tool.label.data(), tool.label.data() + tool.label.size()).x +
         ImGui::GetStyle().FramePadding.x * 2;
}

// Calls visit(index, same_line) for each tool that applies to the board, in
// order, in rows that fit `width`; returns the number of rows.
template <class Visit>
int for_each_tool(const EditSession& edit, float width, Visit visit) {
  const std::vector<EditTool>& tools = edit.editor().tools;
  float used = 0;
  int rows = 0;
  for (int i = 0; i < static_cast<int>(tools.size()); ++i) {
    if (!edit.tool_applies(i)) continue;                        // no use on this board
    if (tools[i].gesture == EditTool::Gesture::none) continue;  // the view's controls send it
    const float w = tool_width(tools[i]);
    const bool same_line = used > 0 && used + w < width;
    if (!same_line) {
      used = 0;
      ++rows;
    }
    used += w + ImGui::GetStyle().ItemSpacing.x;
    visit(i, same_line);
  }
  return rows;
}

// A tool's key typed on the board (not while a text box has focus), for a
// tool that applies to the board.
int typed_tool(const EditSession& edit) {
  if (ImGui::GetIO().WantTextInput) return -1;
  for (const ImWchar ch : ImGui::GetIO().InputQueueCharacters) {
    const int tool = tool_of_key(edit.editor().tools, ch);
    if (edit.tool_applies(tool)) return tool;
  }
  return -1;
}

}  // namespace

void App::edit_panel() {
  if (!midend_.can_edit()) return;
  const EditSession* edit = midend_.edit();
  if (!edit) {
    if (ImGui::Button("Edit board", ImVec2(-1, 0))) midend_.start_editing();
    note_target("editButton");
    tooltip(
        "Build a board of your own from this one or from an empty one; the solver judges it "
        "as you go");
    return;
  }
  section(fonts_.fonts(), "EDIT BOARD");
  const PuzzleEditor& editor = edit->editor();
  if (const int typed = typed_tool(*edit); typed >= 0) midend_.set_edit_tool(typed);
  if (!tools_by_board()) edit_tools(ImGui::GetContentRegionAvail().x);
  edit_size(editor, edit->size());
}

// On a narrow screen the tools are over the board, under the toolbar, where
// the thumb is; the panel (under the board) keeps the sizes.
bool App::tools_by_board() const {
  return stacked_ && midend_.editing();
}

int App::edit_tool_rows(float width) const {
  return for_each_tool(*midend_.edit(), width, [](int, bool) {});
}

void App::edit_tools(float width) {
  const EditSession& edit = *midend_.edit();
  for_each_tool(edit, width, [&](int i, bool same_line) {
    const EditTool& tool = edit.editor().tools[i];
    if (same_line) ImGui::SameLine();
    const std::string label = std::string(tool.label) + "##tool" + std::to_string(i);
    const bool in_hand = edit.tool() == i;
    if (in_hand)
      ImGui::PushStyleColor(ImGuiCol_Button, ImGui::GetStyleColorVec4(ImGuiCol_ButtonActive));
    if (ImGui::Button(label.c_str())) midend_.set_edit_tool(i);
    if (in_hand) ImGui::PopStyleColor();
    note_target(("editTool-" + std::string(tool.name)).c_str());
    tooltip(std::string(tool.help) + " (" + std::string(tool.key) + ")");
  });
}

// The verdict on the board being built, in the outcome's place under the
// board (on a phone too, where the panel is out of sight).
App::Line App::edit_outcome() const {
  const EditVerdict& verdict = midend_.edit()->verdict();
  if (verdict.kind == EditVerdict::Kind::checking)
    return {"Checking the board in a " + midend_.where() + "\u2026", colors::kMuted};
  return {verdict.text, verdict_color(verdict.kind)};
}

// Width and height, or the editor's names for them (when the editor offers more than one size) and
// a new empty board of that size.
void App::edit_size(const PuzzleEditor& editor, EditSize now) {
  const bool fixed = editor.min_size == editor.max_size;
  if (!fixed) {
    if (edit_size_editor_ != &editor) {  // another puzzle's sizes mean nothing here
      edit_size_ = now;
      edit_size_editor_ = &editor;
    }
    // One size only (Tree of Life's levels): one slider, the width's.
    const bool one = editor.min_size.height == editor.max_size.height;
    ImGui::SetNextItemWidth(one ? -1 : ImGui::GetContentRegionAvail().x * 0.5f);
    const std::string width_format = std::string(editor.size_names[0]) + " %d";
    const std::string height_format = std::string(editor.size_names[1]) + " %d";
    ImGui::SliderInt("##editWidth", &edit_size_.width, editor.min_size.width, editor.max_size.width,
                     width_format.c_str());
    note_target("editWidth");
    if (!one) {
      ImGui::SameLine();
      ImGui::SetNextItemWidth(-1);
      ImGui::SliderInt("##editHeight", &edit_size_.height, editor.min_size.height,
                       editor.max_size.height, height_format.c_str());
      note_target("editHeight");
    }
  }
  if (ImGui::Button(fixed ? "Empty board" : "New empty board"))
    midend_.edit_blank(fixed ? editor.default_size : edit_size_);
  note_target("editBlank");
  tooltip("Start again from an empty board (Undo brings this one back)");
}

}  // namespace puzzlelab::shell
