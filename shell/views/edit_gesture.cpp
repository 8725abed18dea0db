#include "views/edit_gesture.h"

namespace puzzlelab::shell {

std::vector<int> EditGesture::track(const BoardInput& input, int pointed, const EditTool& tool) {
  if (tool.gesture == EditTool::Gesture::none) return {};
  const bool drag = tool.gesture == EditTool::Gesture::drag;
  if (!drag && click_ == Click::on_press) {
    if (input.pressed && pointed >= 0) return {pointed};
    return {};
  }
  if (input.pressed) from_ = pointed;
  to_ = pointed;
  if (!input.released || from_ < 0) return {};
  const int from = std::exchange(from_, -1);
  if (pointed < 0) return {};  // let go off the board: no edit
  if (drag) return {from, pointed};
  if (click_ == Click::on_release_same_cell && pointed != from) return {};
  return {from};
}

std::pair<int, int> EditGesture::outline(int hover, const EditTool& tool) const {
  constexpr std::pair<int, int> kNothing{-1, -1};
  if (tool.gesture == EditTool::Gesture::none) return kNothing;
  if (!pressed()) return {hover, hover};
  if (to_ < 0) return kNothing;
  if (tool.gesture == EditTool::Gesture::drag) return {from_, to_};
  if (click_ == Click::on_release_same_cell && to_ != from_) return kNothing;
  return {from_, from_};
}

}  // namespace puzzlelab::shell
