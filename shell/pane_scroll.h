// Scrolling the app's panes the way web pages scroll: the wheel by pixels,
// eased over a few frames, and a drag (finger or mouse) on a pane moves its
// content with the pointer.
//
// Wheel: Emscripten 3.1.6's GLFW hands the scroll callback the DOM event's
// raw deltaY (pixels, positive = down) where GLFW means notches, positive =
// up; ImGui scrolls 5 lines a notch, so one notch down scrolled up by ~100
// notches' worth (to the top) and one notch up to the very bottom. The web
// host therefore reads wheel events itself (page_bridge) and passes pixels
// here; ImGui gets them as fractions of its wheel step.
//
// Drag: a press on a pane's background, or on a button that then moves
// more than a few pixels, scrolls the innermost scrollable window under the
// press (the button is let go, as on a phone); sliders and text boxes keep
// their drags.
#pragma once

#include <imgui.h>

struct ImGuiWindow;

namespace puzzlelab::shell {

class PaneScroller {
 public:
  // Wheel movement in screen pixels, as the DOM gives it (positive y: the
  // content moves up, as on any page).
  void add_wheel(float dx, float dy);
  // Right before ImGui::NewFrame(): this frame's share of the wheel.
  void before_new_frame();
  // After the frame's windows are built (before ImGui::Render()).
  void after_frame(float scale);
  // Wheel still to apply, or a drag under way: more frames are wanted.
  bool busy() const;

 private:
  ImVec2 wheel_left_{0, 0};  // pixels not yet handed to ImGui
  ImGuiWindow* dragged_ = nullptr;
  ImVec2 press_{0, 0};
  bool scrolling_ = false;
};

}  // namespace puzzlelab::shell
