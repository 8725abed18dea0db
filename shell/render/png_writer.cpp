#include "render/png_writer.h"

#include <stb_image_write.h>

#include <fstream>

namespace puzzlelab::shell {

std::vector<uint8_t> encode_png(int width, int height, const std::vector<uint8_t>& rgba) {
  std::vector<uint8_t> png;
  if (width <= 0 || height <= 0 || rgba.size() != size_t(width) * size_t(height) * 4) return png;
  auto append = [](void* context, void* data, int size) {
    const auto* bytes = static_cast<const uint8_t*>(data);
    static_cast<std::vector<uint8_t>*>(context)->insert(
        static_cast<std::vector<uint8_t>*>(context)->end(), bytes, bytes + size);
  };
  if (!stbi_write_png_to_func(append, &png, width, height, 4, rgba.data(), width * 4)) png.clear();
  return png;
}

bool write_png(const std::string& path, int width, int height, const std::vector<uint8_t>& rgba,
               std::string& error) {
  const std::vector<uint8_t> png = encode_png(width, height, rgba);
  if (png.empty()) {
    error = "cannot encode a " + std::to_string(width) + "x" + std::to_string(height) + " image";
    return false;
  }
  std::ofstream file(path, std::ios::binary);
  file.write(reinterpret_cast<const char*>(png.data()), static_cast<std::streamsize>(png.size()));
  if (!file) {
    error = "cannot write " + path;
    return false;
  }
  return true;
}

}  // namespace puzzlelab::shell
