// Keeps key taps from getting lost or reordered. ImGui 1.86 reads key
// *states* once a frame, so on a slow frame (a busy machine, a fast typist, a
// test driver) a key pressed and released between two frames never shows as
// pressed, two taps of one key count once, and a key and the next typed
// character can be handled in the wrong order. This sits in front of ImGui's
// GLFW key and character callbacks, queues every event, and hands ImGui at
// most one change of key state per frame (with the characters typed
// meanwhile); the rest waits for the next frames, in order (the rule is in
// key_tap_schedule.h). A held key repeats at the system's pace, each repeat
// one release and press, never by ImGui's frame-time count. Used by both
// hosts.
//
// It also counts the window's input events (keys, mouse, wheel, focus,
// size), passing each on to ImGui's own callbacks: the native host draws on
// demand and needs to know whether its wait ended by an event.
#pragma once

#include <cstdint>
#include <deque>

#include "glfw/key_tap_schedule.h"

struct GLFWwindow;

namespace puzzlelab::shell {

class KeyTapKeeper {
 public:
  // Call after ImGui_ImplGlfw_InitForOpenGL(window, true). Uses the
  // window's user pointer, which ImGui's backend leaves alone.
  void install(GLFWwindow* window);
  // Call right before ImGui::NewFrame(): passes this frame's share of the
  // queued events to ImGui.
  void before_new_frame();
  // Events wait for later frames: the host must draw again soon.
  bool pending() const { return !queue_.empty(); }
  // Input events so far; a change means the next frame has something to see.
  uint64_t events() const { return events_; }

 private:
  static void on_key(GLFWwindow* window, int key, int scancode, int action, int mods);
  static void on_char(GLFWwindow* window, unsigned int codepoint);
  static KeyTapKeeper& of(GLFWwindow* window);
  static void on_mouse_button(GLFWwindow* window, int button, int action, int mods);
  static void on_cursor_pos(GLFWwindow* window, double x, double y);
  static void on_scroll(GLFWwindow* window, double dx, double dy);
  static void on_focus(GLFWwindow* window, int focused);
  static void on_cursor_enter(GLFWwindow* window, int entered);
  static void on_size(GLFWwindow* window, int width, int height);

  // ImGui's callbacks, called after counting.
  void (*prev_mouse_button_)(GLFWwindow*, int, int, int) = nullptr;
  void (*prev_scroll_)(GLFWwindow*, double, double) = nullptr;
  void (*prev_focus_)(GLFWwindow*, int) = nullptr;
  void (*prev_cursor_enter_)(GLFWwindow*, int) = nullptr;
  uint64_t events_ = 0;

  struct Event : QueuedKeyEvent {
    int key = 0, scancode = 0, glfw_action = 0, mods = 0;
    unsigned int codepoint = 0;
  };
  GLFWwindow* window_ = nullptr;
  std::deque<Event> queue_;
};

}  // namespace puzzlelab::shell
