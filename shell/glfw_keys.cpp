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

void KeyTapKeeper::on_key(GLFWwindow* window, int key, int scancode, int action, int mods) {
  auto& self = *static_cast<KeyTapKeeper*>(glfwGetWindowUserPointer(window));
  self.queue_.push_back({false, key, scancode, action, mods, 0});
}

void KeyTapKeeper::on_char(GLFWwindow* window, unsigned int codepoint) {
  auto& self = *static_cast<KeyTapKeeper*>(glfwGetWindowUserPointer(window));
  self.queue_.push_back({true, 0, 0, 0, 0, codepoint});
}

void KeyTapKeeper::before_new_frame() {
  // One press per frame, and never its release in the same frame, so that
  // ImGui sees every tap down for at least one frame and in typing order.
  int pressed_key = GLFW_KEY_UNKNOWN;
  bool pressed = false;
  while (!queue_.empty()) {
    const Event& e = queue_.front();
    if (!e.is_char) {
      if (e.action == GLFW_PRESS && pressed) break;
      if (e.action == GLFW_RELEASE && pressed && e.key == pressed_key) break;
      if (e.action == GLFW_PRESS) {
        pressed = true;
        pressed_key = e.key;
      }
      ImGui_ImplGlfw_KeyCallback(window_, e.key, e.scancode, e.action, e.mods);
    } else {
      ImGui_ImplGlfw_CharCallback(window_, e.codepoint);
    }
    queue_.pop_front();
  }
}

}  // namespace puzzlelab::shell
