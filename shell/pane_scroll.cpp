#include "pane_scroll.h"

#include <algorithm>
#include <cmath>

// ImGuiWindow, the active item and SetScrollY(window, y): what a drag needs.
#include <imgui_internal.h>

namespace puzzlelab::shell {

namespace {

// How far ImGui scrolls `window` per wheel notch: 5 lines of its font, at
// most two thirds of its height (ImGui::UpdateMouseWheel's rule).
float wheel_step(const ImGuiWindow* window) {
  const ImGuiIO& io = ImGui::GetIO();
  const ImFont* font = io.FontDefault             ? io.FontDefault
                       : io.Fonts->Fonts.Size > 0 ? io.Fonts->Fonts[0]
                                                  : nullptr;
  float step = 5 * (font ? font->FontSize : 13.0f);
  if (window) step = std::min(step, window->InnerRect.GetHeight() * 0.67f);
  return std::max(1.0f, std::floor(step));
}

// This frame's whole pixels of the wheel: a notch (100 px) glides over about
// 100 ms, whatever the frame rate. ImGui floors scroll offsets each frame,
// so only whole pixels are handed over (a fraction waits for more).
float take(float& left, float fraction) {
  const float whole = std::trunc(left);
  float part = std::abs(whole) <= 2 ? whole : std::round(whole * fraction);
  if (part == 0) part = whole;
  left -= part;
  return part;
}

bool scrolls(const ImGuiWindow& window) {
  return window.ScrollMax.y > 0 && !(window.Flags & ImGuiWindowFlags_NoScrollWithMouse);
}

// The innermost window under the pointer that can scroll vertically (the
// board's pane never does: a drag there moves pieces).
ImGuiWindow* scrollable_under_pointer() {
  ImGuiWindow* window = GImGui->HoveredWindow;
  while (window && !scrolls(*window) && (window->Flags & ImGuiWindowFlags_ChildWindow))
    window = window->ParentWindow;
  return window && scrolls(*window) ? window : nullptr;
}

}  // namespace

void PaneScroller::add_wheel(float dx, float dy) {
  wheel_left_.x += dx;
  wheel_left_.y += dy;
}

void PaneScroller::before_new_frame() {
  ImGuiIO& io = ImGui::GetIO();
  // After an idle spell DeltaTime is long: ease as if frames were coming.
  const float dt = std::clamp(io.DeltaTime, 0.0f, 1.0f / 30);
  const float fraction = 1 - std::pow(0.55f, dt * 60);
  // The window ImGui will scroll: the one under the pointer last frame, or
  // the first of its parents that can scroll.
  const ImGuiWindow* window = GImGui->HoveredWindow;
  while (window && window->ScrollMax.y == 0 && (window->Flags & ImGuiWindowFlags_ChildWindow))
    window = window->ParentWindow;
  const float step = wheel_step(window);
  // A quarter pixel more each way survives ImGui's flooring of the offset
  // (it never adds up: the offset is whole again after each frame).
  if (const float dy = take(wheel_left_.y, fraction); dy != 0) io.MouseWheel -= (dy + 0.25f) / step;
  if (const float dx = take(wheel_left_.x, fraction); dx != 0)
    io.MouseWheelH -= (dx + 0.25f) / step;
}

void PaneScroller::after_frame(float scale) {
  ImGuiContext& g = *GImGui;
  const ImGuiIO& io = g.IO;
  if (!io.MouseDown[0]) {
    dragged_ = nullptr;
    scrolling_ = false;
    return;
  }
  if (io.MouseClicked[0]) {
    dragged_ = scrollable_under_pointer();
    press_ = io.MousePos;
    scrolling_ = false;
    return;
  }
  if (!dragged_) return;
  if (!scrolling_) {
    // A slider, a text box or a board keeps its drag; the background and
    // buttons give it up once the pointer travels.
    const bool background =
        g.ActiveId == 0 || (g.ActiveIdWindow && g.ActiveId == g.ActiveIdWindow->MoveId);
    const bool button_like = g.ActiveId != 0 && g.ActiveIdUsingNavDirMask == 0;
    if (!background && !button_like) {
      dragged_ = nullptr;
      return;
    }
    const float travel = std::abs(io.MousePos.y - press_.y);
    if (travel < io.MouseDragThreshold * scale) return;
    scrolling_ = true;
    if (!background) ImGui::ClearActiveID();
    ImGui::SetScrollY(dragged_, dragged_->Scroll.y - (io.MousePos.y - press_.y));
    return;
  }
  ImGui::SetScrollY(dragged_, dragged_->Scroll.y - io.MouseDelta.y);
}

bool PaneScroller::busy() const {
  return std::abs(wheel_left_.x) >= 1 || std::abs(wheel_left_.y) >= 1 || scrolling_;
}

}  // namespace puzzlelab::shell
