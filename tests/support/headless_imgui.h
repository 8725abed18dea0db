// An ImGui context without a window, for the shell tests that draw a frame:
// a screen of the given size with the default font built. It is destroyed
// with the object.
#pragma once

#include <imgui.h>

namespace puzzlelab::testing {

class HeadlessImGui {
 public:
  HeadlessImGui(float width, float height) : context_(ImGui::CreateContext()) {
    ImGuiIO& io = ImGui::GetIO();
    io.IniFilename = nullptr;
    io.DisplaySize = ImVec2(width, height);
    io.DeltaTime = 1.0f / 60;
    io.Fonts->AddFontDefault();
    unsigned char* pixels = nullptr;
    int w = 0, h = 0;
    io.Fonts->GetTexDataAsRGBA32(&pixels, &w, &h);
  }
  ~HeadlessImGui() { ImGui::DestroyContext(context_); }
  HeadlessImGui(const HeadlessImGui&) = delete;
  HeadlessImGui& operator=(const HeadlessImGui&) = delete;

 private:
  ImGuiContext* context_;
};

}  // namespace puzzlelab::testing
