// Keeps quick key taps from getting lost. ImGui 1.86 reads key *states*
// once a frame, so a key pressed and released between two frames (a slow
// frame, a fast typist, a test driver) never shows as pressed. This sits in
// front of ImGui's GLFW key callback and holds such a release back until
// ImGui has seen the key down for one frame. Used by both hosts.
#pragma once

#include <vector>

struct GLFWwindow;

namespace puzzlelab::shell {

class KeyTapKeeper {
 public:
  // Call after ImGui_ImplGlfw_InitForOpenGL(window, true). Uses the
  // window's user pointer, which ImGui's backend leaves alone.
  void install(GLFWwindow* window);
  // Call right after ImGui::NewFrame(): lets held-back releases through.
  void after_new_frame();

 private:
  static void on_key(GLFWwindow* window, int key, int scancode, int action, int mods);

  struct Release {
    int key, scancode, mods;
  };
  GLFWwindow* window_ = nullptr;
  std::vector<int> pressed_;  // keys that went down since the last NewFrame
  std::vector<Release> held_back_;
};

}  // namespace puzzlelab::shell
