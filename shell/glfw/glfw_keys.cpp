#include "glfw/glfw_keys.h"

#include <GLFW/glfw3.h>
#include <imgui.h>
#include <imgui_impl_glfw.h>

#include <cfloat>

namespace puzzlelab::shell {

void KeyTapKeeper::install(GLFWwindow* window) {
  window_ = window;
  glfwSetWindowUserPointer(window, this);
  glfwSetKeyCallback(window, &KeyTapKeeper::on_key);
  glfwSetCharCallback(window, &KeyTapKeeper::on_char);
  prev_mouse_button_ = glfwSetMouseButtonCallback(window, &KeyTapKeeper::on_mouse_button);
  prev_scroll_ = glfwSetScrollCallback(window, &KeyTapKeeper::on_scroll);
  prev_focus_ = glfwSetWindowFocusCallback(window, &KeyTapKeeper::on_focus);
  prev_cursor_enter_ = glfwSetCursorEnterCallback(window, &KeyTapKeeper::on_cursor_enter);
  glfwSetCursorPosCallback(window, &KeyTapKeeper::on_cursor_pos);
  glfwSetFramebufferSizeCallback(window, &KeyTapKeeper::on_size);
  // ImGui repeats a key by the frame time it was seen down, so one tap whose
  // release arrives a slow frame late (a busy machine) counted as several
  // presses. Held keys repeat at the system's pace instead (see on_key).
  ImGui::GetIO().KeyRepeatDelay = FLT_MAX;
}

namespace {

KeyAction key_action(int glfw_action) {
  if (glfw_action == GLFW_PRESS) return KeyAction::press;
  if (glfw_action == GLFW_RELEASE) return KeyAction::release;
  return KeyAction::repeat;
}

}  // namespace

KeyTapKeeper& KeyTapKeeper::of(GLFWwindow* window) {
  auto& self = *static_cast<KeyTapKeeper*>(glfwGetWindowUserPointer(window));
  ++self.events_;
  return self;
}

void KeyTapKeeper::on_mouse_button(GLFWwindow* window, int button, int action, int mods) {
  KeyTapKeeper& self = of(window);
  if (self.prev_mouse_button_) self.prev_mouse_button_(window, button, action, mods);
}

void KeyTapKeeper::on_cursor_pos(GLFWwindow* window, double, double) {
  of(window);  // ImGui reads the position itself each frame
}

void KeyTapKeeper::on_scroll(GLFWwindow* window, double dx, double dy) {
  KeyTapKeeper& self = of(window);
  if (self.prev_scroll_) self.prev_scroll_(window, dx, dy);
}

void KeyTapKeeper::on_focus(GLFWwindow* window, int focused) {
  KeyTapKeeper& self = of(window);
  if (self.prev_focus_) self.prev_focus_(window, focused);
}

void KeyTapKeeper::on_cursor_enter(GLFWwindow* window, int entered) {
  KeyTapKeeper& self = of(window);
  if (self.prev_cursor_enter_) self.prev_cursor_enter_(window, entered);
}

void KeyTapKeeper::on_size(GLFWwindow* window, int, int) {
  of(window);
}

void KeyTapKeeper::on_key(GLFWwindow* window, int key, int scancode, int action, int mods) {
  auto& self = of(window);
  Event event;
  event.key = key;
  event.scancode = scancode;
  event.mods = mods;
  // The system's auto-repeat of a held key reaches ImGui as a release and a
  // new press (two frames apart, by the schedule): one press per repeat.
  if (key_action(action) == KeyAction::repeat) {
    event.action = KeyAction::release;
    event.glfw_action = GLFW_RELEASE;
    self.queue_.push_back(event);
    action = GLFW_PRESS;
  }
  event.action = key_action(action);
  event.glfw_action = action;
  self.queue_.push_back(event);
}

void KeyTapKeeper::on_char(GLFWwindow* window, unsigned int codepoint) {
  auto& self = of(window);
  Event event;
  event.is_char = true;
  event.codepoint = codepoint;
  self.queue_.push_back(event);
}

void KeyTapKeeper::before_new_frame() {
  const std::size_t count = key_events_for_this_frame(queue_);
  for (std::size_t i = 0; i < count; ++i) {
    const Event& e = queue_.front();
    if (e.is_char)
      ImGui_ImplGlfw_CharCallback(window_, e.codepoint);
    else
      ImGui_ImplGlfw_KeyCallback(window_, e.key, e.scancode, e.glfw_action, e.mods);
    queue_.pop_front();
  }
}

}  // namespace puzzlelab::shell
