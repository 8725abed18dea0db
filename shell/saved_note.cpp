#include "saved_note.h"

#include "core/text.h"

namespace puzzlelab::shell {

namespace {

std::string saved(std::string_view name, const std::string& what, std::string_view where) {
  std::string note = "Saved " + std::string(name) + " (" + what + ")";
  if (!where.empty()) note += " " + std::string(where);
  return note;
}

}  // namespace

std::string saved_picture_note(std::string_view name, const Image& picture,
                               std::string_view where) {
  return saved(name, std::to_string(picture.width) + "x" + std::to_string(picture.height), where);
}

std::string saved_animation_note(std::string_view name, int frames, std::string_view where) {
  return saved(name, text::amount(frames, "frames"), where);
}

}  // namespace puzzlelab::shell
