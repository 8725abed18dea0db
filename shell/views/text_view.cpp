#include "views/text_view.h"

#include <algorithm>

#include <imgui.h>
#include <imgui_stdlib.h>

#include "widgets.h"

namespace puzzlelab::shell {

ViewAction TextView::show(const BoardFrame& frame) {
  const std::string text = frame.position->format();
  ImFont* font = frame.fonts->board;
  // Fit the text into the area, up to the font's natural size.
  const ImVec2 natural = font->CalcTextSizeA(font->FontSize, 1e9f, 0, text.c_str());
  const float room_x = (frame.max.x - frame.min.x) * 0.9f,
              room_y = (frame.max.y - frame.min.y) * 0.9f;
  const float size = font->FontSize * std::min({1.0f, room_x / std::max(1.0f, natural.x),
                                                room_y / std::max(1.0f, natural.y)});
  const ImVec2 extent = font->CalcTextSizeA(size, 1e9f, 0, text.c_str());
  const ImVec2 at((frame.min.x + frame.max.x - extent.x) / 2,
                  (frame.min.y + frame.max.y - extent.y) / 2);
  const float pad = size * 0.6f;
  frame.draw->AddRectFilled(ImVec2(at.x - pad, at.y - pad),
                            ImVec2(at.x + extent.x + pad, at.y + extent.y + pad),
                            colors::rgb(222, 227, 235), pad * 0.5f);
  frame.draw->AddText(font, size, at, colors::rgb(30, 34, 42), text.c_str());
  return {};
}

ViewAction TextView::side_panel(const Game& game, const MovesShown&) {
  ViewAction action;
  ImGui::TextDisabled("Moves from here: %zu", game.legal_moves().size());
  ImGui::SetNextItemWidth(-1);
  const bool entered = ImGui::InputTextWithHint("##move", "type a move, then Enter", &typed_,
                                                ImGuiInputTextFlags_EnterReturnsTrue);
  tooltip("A move as the puzzle writes it (docs/ has each puzzle's moves)");
  if (entered) {
    action.move = typed_;
    typed_.clear();
  }
  return action;
}

}  // namespace puzzlelab::shell
