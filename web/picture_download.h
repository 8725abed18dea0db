// Save picture in the page: the pixels become a PNG by the browser's own
// encoder (a canvas's toBlob) and a download.
#pragma once

#include <string>

#include "render/image.h"

namespace puzzlelab::web {

// Starts the download of `picture` as a PNG named `file_name`. When the
// browser has made the file, window.puzzleLab.saved is {name, type, bytes}.
void download_png(const std::string& file_name, const shell::Image& picture);

}  // namespace puzzlelab::web
