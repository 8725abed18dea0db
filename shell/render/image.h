// An RGBA picture in memory: 8 bits a channel, top row first.
#pragma once

#include <cstdint>
#include <vector>

namespace puzzlelab::shell {

struct Image {
  int width = 0;
  int height = 0;
  std::vector<uint8_t> rgba;  // width * height * 4 bytes

  Image() = default;
  Image(int w, int h) : width(w), height(h), rgba(size_t(w) * size_t(h) * 4, 0) {}
  uint8_t* pixel(int x, int y) { return &rgba[(size_t(y) * size_t(width) + size_t(x)) * 4]; }
  const uint8_t* pixel(int x, int y) const {
    return &rgba[(size_t(y) * size_t(width) + size_t(x)) * 4];
  }
};

}  // namespace puzzlelab::shell
