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
  if (pointed >= 0) to_ = pointed;
  if (!input.released || from_ < 0) return {};
  const int from = std::exchange(from_, -1);
  if (pointed < 0) return {};  // let go off the board: no edit
  if (drag) return {from, pointed};
  if (click_ == Click::on_release_same_cell && pointed != from) return {};
  return {from};
}

}  // namespace puzzlelab::shell
