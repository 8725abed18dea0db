#include "views/edit_gesture.h"

namespace puzzlelab::shell {

std::string edit_refusal(const PuzzleEditor* editor, std::string_view board,
                         std::string_view edit) {
  if (!editor || !editor->apply || edit.empty()) return {};
  const auto edited = editor->apply(board, edit);
  return edited ? std::string() : edited.error().describe();
}

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

std::vector<int> EditGesture::pending(const EditTool& tool) const {
  if (!pressed() || to_ < 0 || tool.gesture == EditTool::Gesture::none) return {};
  if (tool.gesture == EditTool::Gesture::drag) return {from_, to_};
  if (click_ == Click::on_release_same_cell && to_ != from_) return {};
  return {from_};
}

std::pair<int, int> EditGesture::outline(int hover, const EditTool& tool) const {
  if (tool.gesture == EditTool::Gesture::none) return {-1, -1};
  if (!pressed()) return {hover, hover};
  const std::vector<int> cells = pending(tool);
  if (cells.empty()) return {-1, -1};
  return {cells.front(), cells.back()};
}

std::vector<int> EditGesture::outline_cells(int hover, const EditTool& tool,
                                            const PuzzleEditor* editor,
                                            std::string_view board) const {
  if (tool.gesture == EditTool::Gesture::none) return {};
  if (!pressed()) return hover >= 0 ? std::vector<int>{hover} : std::vector<int>{};
  const std::vector<int> cells = pending(tool);
  if (cells.empty() || !editor || !editor->changed_cells) return cells;
  return editor->changed_cells(board, write_edit(tool, cells));
}

std::string EditGesture::refusal(const EditTool& tool, const PuzzleEditor* editor,
                                 std::string_view board) const {
  const std::vector<int> cells = pending(tool);
  return cells.empty() ? std::string() : edit_refusal(editor, board, write_edit(tool, cells));
}

}  // namespace puzzlelab::shell
