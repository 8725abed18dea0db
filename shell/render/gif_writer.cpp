#include "render/gif_writer.h"

#include <gif_lib.h>

#include <algorithm>
#include <unordered_map>
#include <utility>

namespace puzzlelab::shell {

using Palette = std::vector<GifColorType>;

// Maps pixels to their nearest palette entry, remembering colours seen.
class ColorMapper {
 public:
  explicit ColorMapper(Palette palette) : palette_(std::move(palette)) {}

  GifByteType index(const uint8_t* rgb) {
    const uint32_t key = uint32_t(rgb[0]) << 16 | uint32_t(rgb[1]) << 8 | rgb[2];
    const auto found = cache_.find(key);
    if (found != cache_.end()) return found->second;
    int best = 0, best_distance = 1 << 30;
    for (int i = 0; i < int(palette_.size()); ++i) {
      const int dr = palette_[i].Red - rgb[0], dg = palette_[i].Green - rgb[1],
                db = palette_[i].Blue - rgb[2];
      const int distance = dr * dr + dg * dg + db * db;
      if (distance < best_distance) best = i, best_distance = distance;
    }
    return cache_[key] = GifByteType(best);
  }

 private:
  const Palette palette_;
  std::unordered_map<uint32_t, GifByteType> cache_;
};

namespace {

// A palette of at most 256 colours for the pixels of `images`: their own
// colours when there are that few, else a median cut of them.
Palette make_palette(const std::vector<const Image*>& images) {
  std::unordered_map<uint32_t, int> seen;
  std::vector<GifByteType> red, green, blue;
  for (const Image* image : images) {
    for (size_t i = 0; i + 3 < image->rgba.size(); i += 4) {
      const uint8_t* p = &image->rgba[i];
      if (seen.size() <= 256) seen.emplace(uint32_t(p[0]) << 16 | uint32_t(p[1]) << 8 | p[2], 0);
      red.push_back(p[0]);
      green.push_back(p[1]);
      blue.push_back(p[2]);
    }
  }
  Palette palette;
  if (seen.size() <= 256) {
    std::vector<uint32_t> colors;
    for (const auto& [rgb, unused] : seen) colors.push_back(rgb);
    std::sort(colors.begin(), colors.end());  // the same file on every run
    for (const uint32_t rgb : colors)
      palette.push_back({GifByteType(rgb >> 16), GifByteType(rgb >> 8), GifByteType(rgb)});
    return palette;
  }
  std::vector<GifByteType> indices(red.size());
  int size = 256;
  palette.resize(256);
  if (GifQuantizeBuffer(unsigned(red.size()), 1, &size, red.data(), green.data(), blue.data(),
                        indices.data(), palette.data()) == GIF_ERROR)
    return {};
  palette.resize(size_t(size));
  return palette;
}

int append(GifFileType* file, const GifByteType* data, int size) {
  auto* out = static_cast<std::vector<uint8_t>*>(file->UserData);
  out->insert(out->end(), data, data + size);
  return size;
}

// A frame's pixels as palette indices.
std::vector<GifByteType> indices(const Image& image, ColorMapper& mapper) {
  std::vector<GifByteType> out(size_t(image.width) * size_t(image.height));
  for (size_t i = 0; i < out.size(); ++i) out[i] = mapper.index(&image.rgba[i * 4]);
  return out;
}

// The rectangle in which two frames differ (one pixel when they do not):
// each frame after the first is stored as that patch over the last one.
struct Patch {
  int left = 0, top = 0, width = 1, height = 1;
};
Patch changed(const std::vector<GifByteType>& now, const std::vector<GifByteType>* before,
              int width, int height) {
  if (!before) return {0, 0, width, height};
  int x0 = width, y0 = height, x1 = -1, y1 = -1;
  for (int y = 0; y < height; ++y) {
    for (int x = 0; x < width; ++x) {
      const size_t i = size_t(y) * size_t(width) + size_t(x);
      if (now[i] == (*before)[i]) continue;
      x0 = std::min(x0, x), x1 = std::max(x1, x), y0 = std::min(y0, y), y1 = std::max(y1, y);
    }
  }
  if (x1 < 0) return {};
  return {x0, y0, x1 - x0 + 1, y1 - y0 + 1};
}

bool put_frame(GifFileType* file, const std::vector<GifByteType>& pixels, int width,
               const Patch& patch, int delay_cs) {
  GraphicsControlBlock control{};
  control.DisposalMode = DISPOSE_DO_NOT;  // the next frame's patch goes over this one
  control.DelayTime = delay_cs;
  control.TransparentColor = NO_TRANSPARENT_COLOR;
  GifByteType extension[4];
  const size_t length = EGifGCBToExtension(&control, extension);
  if (EGifPutExtension(file, GRAPHICS_EXT_FUNC_CODE, int(length), extension) == GIF_ERROR)
    return false;
  if (EGifPutImageDesc(file, patch.left, patch.top, patch.width, patch.height, false, nullptr) ==
      GIF_ERROR)
    return false;
  std::vector<GifByteType> row(size_t(patch.width));
  for (int y = patch.top; y < patch.top + patch.height; ++y) {
    const auto start =
        pixels.begin() + std::ptrdiff_t(size_t(y) * size_t(width) + size_t(patch.left));
    std::copy(start, start + patch.width, row.begin());
    if (EGifPutLine(file, row.data(), patch.width) == GIF_ERROR) return false;
  }
  return true;
}

// NETSCAPE2.0: play the animation in a loop.
bool put_loop(GifFileType* file) {
  static const GifByteType kNetscape[] = "NETSCAPE2.0";
  static const GifByteType kLoopForever[] = {1, 0, 0};
  return EGifPutExtensionLeader(file, APPLICATION_EXT_FUNC_CODE) != GIF_ERROR &&
         EGifPutExtensionBlock(file, 11, kNetscape) != GIF_ERROR &&
         EGifPutExtensionBlock(file, 3, kLoopForever) != GIF_ERROR &&
         EGifPutExtensionTrailer(file) != GIF_ERROR;
}

}  // namespace

GifEncoder::GifEncoder(const Image& first, const Image& last)
    : width_(first.width), height_(first.height) {
  if (width_ <= 0 || last.width != width_ || last.height != height_) {
    error_ = "the frames of an animation must all have the same size";
    return;
  }
  const Palette palette = make_palette({&first, &last});
  if (palette.empty()) {
    error_ = "cannot make a palette";
    return;
  }
  mapper_ = std::make_unique<ColorMapper>(palette);
  int status = 0;
  file_ = EGifOpen(&out_, append, &status);
  if (!file_) {
    error_ = std::string("cannot start a GIF: ") + GifErrorString(status);
    return;
  }
  Palette padded = palette;  // a GIF colour map has 2, 4 ... 256 entries
  padded.resize(256, GifColorType{0, 0, 0});
  ColorMapObject* map = GifMakeMapObject(256, padded.data());
  EGifSetGifVersion(file_, true);
  const bool ok =
      map && EGifPutScreenDesc(file_, width_, height_, 8, 0, map) != GIF_ERROR && put_loop(file_);
  if (map) GifFreeMapObject(map);
  if (!ok) fail("cannot start the GIF: ");
}

GifEncoder::~GifEncoder() {
  if (file_) EGifCloseFile(file_, nullptr);
}

void GifEncoder::fail(const char* what) {
  error_ = what + std::string(GifErrorString(file_->Error));
}

bool GifEncoder::add(const GifFrame& frame) {
  if (!error_.empty()) return false;
  if (frame.image.width != width_ || frame.image.height != height_) {
    error_ = "the frames of an animation must all have the same size";
    return false;
  }
  std::vector<GifByteType> now = indices(frame.image, *mapper_);
  const Patch patch = changed(now, before_.empty() ? nullptr : &before_, width_, height_);
  if (!put_frame(file_, now, width_, patch, frame.delay_cs)) {
    fail("cannot encode the GIF: ");
    return false;
  }
  before_ = std::move(now);
  return true;
}

std::vector<uint8_t> GifEncoder::finish(std::string& error) {
  if (error_.empty() && before_.empty()) error_ = "no frames to encode";
  int status = 0;
  if (file_ && EGifCloseFile(file_, &status) == GIF_ERROR && error_.empty())
    error_ = std::string("cannot finish the GIF: ") + GifErrorString(status);
  file_ = nullptr;
  if (!error_.empty()) {
    error = error_;
    return {};
  }
  return std::move(out_);
}

std::vector<uint8_t> encode_gif(const std::vector<GifFrame>& frames, std::string& error) {
  if (frames.empty()) {
    error = "no frames to encode";
    return {};
  }
  GifEncoder encoder(frames.front().image, frames.back().image);
  for (const GifFrame& frame : frames)
    if (!encoder.add(frame)) break;
  return encoder.finish(error);
}

}  // namespace puzzlelab::shell
