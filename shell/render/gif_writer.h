// Animated GIF: frames of the same size, one palette for the whole
// animation, encoded by giflib (Debian's libgif).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "render/image.h"

namespace puzzlelab::shell {

struct GifFrame {
  Image image;
  int delay_cs = 25;  // how long it shows, in hundredths of a second
};

// The encoded animation (looping forever), or empty with `error` set when
// the frames are missing or differ in size. The palette is taken from the
// first and last frames (median cut, giflib's GifQuantizeBuffer) and every
// frame is mapped to its nearest colours: the boards have few colours, and
// the first and last frames hold every piece.
std::vector<uint8_t> encode_gif(const std::vector<GifFrame>& frames, std::string& error);

}  // namespace puzzlelab::shell
