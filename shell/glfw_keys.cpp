#include "glfw_keys.h"

#include <GLFW/glfw3.h>
#include <imgui_impl_glfw.h>

#include <algorithm>

namespace puzzlelab::shell {

void KeyTapKeeper::install(GLFWwindow* window) {
  window_ = window;
  glfwSetWindowUserPointer(window, this);
  glfwSetKeyCallback(window, &KeyTapKeeper::on_key);
}

void KeyTapKeeper::on_key(GLFWwindow* window, int key, int scancode, int action, int mods) {
  auto& self = *static_cast<KeyTapKeeper*>(glfwGetWindowUserPointer(window));
  const bool fresh =
      std::find(self.pressed_.begin(), self.pressed_.end(), key) != self.pressed_.end();
  if (action == GLFW_RELEASE && fresh) {
    self.held_back_.push_back({key, scancode, mods});
    return;
  }
  if (action == GLFW_PRESS) self.pressed_.push_back(key);
  ImGui_ImplGlfw_KeyCallback(window, key, scancode, action, mods);
}

void KeyTapKeeper::after_new_frame() {
  pressed_.clear();
  for (const Release& r : held_back_)
    ImGui_ImplGlfw_KeyCallback(window_, r.key, r.scancode, GLFW_RELEASE, r.mods);
  held_back_.clear();
}

}  // namespace puzzlelab::shell
