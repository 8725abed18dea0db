// The note Save picture and Save animation leave ("Saved board.png
// (1280x720)"), built here once for both hosts: each host only says where
// the file went, if a word is needed (natively "in the current folder"; a
// browser's download goes where the reader's downloads go).
#pragma once

#include <string>
#include <string_view>

#include "render/image.h"

namespace puzzlelab::shell {

// "Saved NAME (WxH)", then " WHERE" if `where` is not empty.
std::string saved_picture_note(std::string_view name, const Image& picture,
                               std::string_view where = {});
// "Saved NAME (N frames)", then " WHERE" if `where` is not empty.
std::string saved_animation_note(std::string_view name, int frames, std::string_view where = {});

}  // namespace puzzlelab::shell
