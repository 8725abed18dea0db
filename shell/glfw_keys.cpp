#include "glfw_keys.h"

#include <GLFW/glfw3.h>
#include <imgui_impl_glfw.h>

namespace puzzlelab::shell {

void KeyTapKeeper::install(GLFWwindow* window) {
  window_ = window;
  glfwSetWindowUserPointer(window, this);
  glfwSetKeyCallback(window, &KeyTapKeeper::on_key);
  glfwSetCharCallback(window, &KeyTapKeeper::on_char);
}

namespace {

KeyAction key_action(int glfw_action) {
  if (glfw_action == GLFW_PRESS) return KeyAction::press;
  if (glfw_action == GLFW_RELEASE) return KeyAction::release;
  return KeyAction::repeat;
}

}  // namespace

void KeyTapKeeper::on_key(GLFWwindow* window, int key, int scancode, int action, int mods) {
  auto& self = *static_cast<KeyTapKeeper*>(glfwGetWindowUserPointer(window));
  Event event;
  event.action = key_action(action);
  event.key = key;
  event.scancode = scancode;
  event.glfw_action = action;
  event.mods = mods;
  self.queue_.push_back(event);
}

void KeyTapKeeper::on_char(GLFWwindow* window, unsigned int codepoint) {
  auto& self = *static_cast<KeyTapKeeper*>(glfwGetWindowUserPointer(window));
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
