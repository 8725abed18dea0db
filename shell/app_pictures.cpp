// Save picture: the board alone as the view draws it (shell/render), at the
// screen's pixel density, with an optional caption; the host saves it.
#include <cmath>

#include "app.h"
#include "render/board_picture.h"

namespace puzzlelab::shell {

Image App::board_picture() const {
  const Game& position = midend_.session().current();
  const PuzzleInfo& info = *midend_.puzzle();
  // As wide as the app's own board on a 96 dpi screen, times the UI scale
  // (devicePixelRatio in the page): crisp on the screen it was saved from.
  const int width = int(std::lround(float(BoardPainter::kReferenceWidth) * scale_));
  BoardPainter painter(info.id, config_.font_dir);
  PictureText text;
  if (picture_caption_) {
    const auto known = midend_.known_cost();
    const std::string cost =
        known ? "optimum " + std::to_string(*known) + " " + std::string(cost_unit(info, "")) : "";
    text.caption = picture_caption(info, midend_.board_name(), cost);
  }
  return painter.paint(position, width, painter.board_height(position, width), text);
}

void App::picture_controls() {
  if (!save_picture_ || midend_.session().empty()) return;
  const float half = (ImGui::GetContentRegionAvail().x - ImGui::GetStyle().ItemSpacing.x) / 2;
  if (ImGui::Button("Save picture", ImVec2(half, 0)))
    save_picture_("puzzlelab-" + std::string(midend_.puzzle()->id) + ".png", board_picture());
  note_target("savePictureButton");
  tooltip("Save the board as a PNG picture, for a post or a handout");
  ImGui::SameLine();
  ImGui::Checkbox("Caption", &picture_caption_);
  note_target("pictureCaption");
  tooltip("Write the puzzle, the board's name and its optimum under the picture");
}

}  // namespace puzzlelab::shell
