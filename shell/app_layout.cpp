// Screen layout: side panel + board on wide screens, board over panel on
// narrow or portrait ones, board with a small toolbar when embedded.
#include <algorithm>

#include "app.h"

namespace puzzlelab::shell {

namespace {

constexpr float kWideMinWidth = 760;  // in UI units (pixels at scale 1)

void global_shortcuts(App& app) {
  const ImGuiIO& io = ImGui::GetIO();
  if (io.WantTextInput) return;
  const bool ctrl = io.KeyCtrl || io.KeySuper;
  if (ctrl && ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Z)))
    app.command(io.KeyShift ? "redo" : "undo");
  if (ctrl && ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Y))) app.command("redo");
}

}  // namespace

void App::frame() {
  ++frames_;
  ui_targets_.clear();
  midend_.tick();
  global_shortcuts(*this);
  const ImVec2 display = ImGui::GetIO().DisplaySize;
  display_ = display;
  if (embed_)
    layout_embed(display);
  else if (display.x >= kWideMinWidth * scale_ && display.x >= display.y * 0.95f)
    layout_wide(display);
  else
    layout_stacked(display);
  ready_ = true;
}

void App::note_target(const char* name) {
  for (const Target& t : ui_targets_) {
    if (t.name == name) return;  // the first one drawn (the toolbar's) wins
  }
  const ImVec2 lo = ImGui::GetItemRectMin(), hi = ImGui::GetItemRectMax();
  ui_targets_.push_back({name, lo.x, lo.y, hi.x - lo.x, hi.y - lo.y});
}

void App::begin_pane(const char* id, ImVec2 pos, ImVec2 size, ImU32 background) {
  ImGui::SetNextWindowPos(pos);
  ImGui::SetNextWindowSize(size);
  ImGui::PushStyleColor(ImGuiCol_WindowBg, ImGui::ColorConvertU32ToFloat4(background));
  // No Tab navigation: Tab belongs to the board (it picks pieces).
  ImGuiWindowFlags flags = ImGuiWindowFlags_NoTitleBar | ImGuiWindowFlags_NoResize |
                           ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoCollapse |
                           ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoNavInputs |
                           ImGuiWindowFlags_NoBringToFrontOnFocus;
  // The hosts clear the screen to kBackground: skip drawing it again (a
  // full-screen blended layer is costly with software WebGL).
  if (background == colors::kBackground) flags |= ImGuiWindowFlags_NoBackground;
  ImGui::Begin(id, nullptr, flags);
  ImGui::PopStyleColor();
}

void App::layout_wide(ImVec2 display) {
  const float panel = std::clamp(display.x * 0.3f, 330 * scale_, 430 * scale_);
  begin_pane("##panel", ImVec2(0, 0), ImVec2(panel, display.y), colors::kPanel);
  side_panel(false);
  ImGui::End();
  begin_pane("##board", ImVec2(panel, 0), ImVec2(display.x - panel, display.y),
             colors::kBackground);
  board_area(ImGui::GetContentRegionAvail(), false);
  ImGui::End();
}

void App::layout_stacked(ImVec2 display) {
  // The board gets the width and as much height as its shape needs, up to
  // 62% of the screen; the panel scrolls underneath.
  const Session& session = midend_.session();
  const float aspect = session.empty() ? 1.0f : view().aspect(session.current());
  const float pad = ImGui::GetStyle().WindowPadding.y * 2;
  const float width = display.x - ImGui::GetStyle().WindowPadding.x * 2;
  const float toolbar = ImGui::GetFrameHeightWithSpacing();
  const float wanted = width / aspect + toolbar + board_area_extra_height(width) + pad;
  const float board_h = std::min(wanted, display.y * 0.62f);
  begin_pane("##board", ImVec2(0, 0), ImVec2(display.x, board_h), colors::kBackground);
  board_area(ImGui::GetContentRegionAvail(), true);
  ImGui::End();
  begin_pane("##panel", ImVec2(0, board_h), ImVec2(display.x, display.y - board_h), colors::kPanel);
  side_panel(true);
  ImGui::End();
}

void App::layout_embed(ImVec2 display) {
  begin_pane("##board", ImVec2(0, 0), display, colors::kBackground);
  board_area(ImGui::GetContentRegionAvail(), true);
  ImGui::End();
}

}  // namespace puzzlelab::shell
