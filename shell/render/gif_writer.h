// Animated GIF: frames of the same size, one palette for the whole
// animation, encoded by giflib (Debian's libgif).
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "render/image.h"

struct GifFileType;  // giflib's

namespace puzzlelab::shell {

struct GifFrame {
  Image image;
  int delay_cs = 25;  // how long it shows, in hundredths of a second
};

class ColorMapper;

// Encodes an animation a frame at a time, so that a host can spread the
// work over its frames (Save animation in the app and the page). The
// palette is taken from the first and last frames (median cut, giflib's
// GifQuantizeBuffer) and every frame is mapped to its nearest colours: the
// boards have few colours, and the first and last frames hold every piece.
// Each frame after the first is stored as the rectangle in which it
// differs from the one before.
class GifEncoder {
 public:
  GifEncoder(const Image& first, const Image& last);
  ~GifEncoder();
  GifEncoder(const GifEncoder&) = delete;
  GifEncoder& operator=(const GifEncoder&) = delete;
  // Appends a frame; false (and the error kept for finish) when it fails.
  bool add(const GifFrame& frame);
  // The encoded animation (looping forever), or empty with `error` set.
  std::vector<uint8_t> finish(std::string& error);
  // The file's bytes so far (it grows with each frame).
  size_t file_bytes() const { return out_.size(); }

 private:
  void fail(const char* what);
  int width_, height_;
  std::string error_;
  std::vector<uint8_t> out_;
  std::unique_ptr<ColorMapper> mapper_;
  GifFileType* file_ = nullptr;
  std::vector<uint8_t> before_;  // the last frame's palette indices
};

// The encoded animation (looping forever), or empty with `error` set when
// the frames are missing or differ in size (GifEncoder at once).
std::vector<uint8_t> encode_gif(const std::vector<GifFrame>& frames, std::string& error);

}  // namespace puzzlelab::shell
