// Save picture and Save animation in the page: the file becomes a download.
// A PNG is made by the browser's own encoder (a canvas's toBlob); a GIF
// comes encoded (shell/render/gif_writer, giflib built for wasm).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "render/image.h"

namespace puzzlelab::web {

// Starts the download of `picture` as a PNG named `file_name`. When the
// browser has made the file, window.puzzleLab.saved is
// {name, type, bytes, width, height}.
void download_png(const std::string& file_name, const shell::Image& picture);

// Starts the download of an animated GIF of `frames` frames; then
// window.puzzleLab.saved is {name, type: "image/gif", bytes, frames}.
void download_gif(const std::string& file_name, const std::vector<uint8_t>& gif, int frames);

}  // namespace puzzlelab::web
