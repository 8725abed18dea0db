// PNG screenshots: 8-bit RGBA, encoded by stb_image_write (Debian's libstb).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace puzzlelab::shell {

// `rgba` holds width*height pixels, top row first. Returns false (with a
// message in `error`) when the file cannot be written.
bool write_png(const std::string& path, int width, int height, const std::vector<uint8_t>& rgba,
               std::string& error);

// The encoded file, for tests; empty when the size and pixels disagree.
std::vector<uint8_t> encode_png(int width, int height, const std::vector<uint8_t>& rgba);

}  // namespace puzzlelab::shell
