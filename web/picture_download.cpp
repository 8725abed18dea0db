#include "picture_download.h"

#include <emscripten.h>

// One download for both kinds: `data` holds RGBA pixels to encode as a PNG
// (type image/png, width x height) or the file's own bytes (`size` of them).
// clang-format off
EM_JS(void, js_download, (const char* name, const char* type, const unsigned char* data, int size,
                          int width, int height, int frames), {
  var fileName = UTF8ToString(name);
  var mime = UTF8ToString(type);
  function offer(blob) {
    if (!blob) return;
    var url = URL.createObjectURL(blob);
    var link = document.createElement("a");
    link.href = url;
    link.download = fileName;
    document.body.appendChild(link);
    link.click();
    link.remove();
    setTimeout(function() { URL.revokeObjectURL(url); }, 60000);
    var saved = {name: fileName, type: blob.type, bytes: blob.size, width: width, height: height};
    if (frames > 0) saved.frames = frames;
    if (window.puzzleLab) window.puzzleLab.saved = saved;
  }
  if (mime !== "image/png") {
    offer(new Blob([HEAPU8.slice(data, data + size)], {type: mime}));
    return;
  }
  var canvas = document.createElement("canvas");
  canvas.width = width;
  canvas.height = height;
  var pixels = new Uint8ClampedArray(HEAPU8.slice(data, data + width * height * 4).buffer);
  canvas.getContext("2d").putImageData(new ImageData(pixels, width, height), 0, 0);
  canvas.toBlob(offer, "image/png");
});
// clang-format on

namespace puzzlelab::web {

void download_png(const std::string& file_name, const shell::Image& picture) {
  js_download(file_name.c_str(), "image/png", picture.rgba.data(), int(picture.rgba.size()),
              picture.width, picture.height, 0);
}

// The GIF's logical screen size is in its header (bytes 6 to 9, little-endian).
void download_gif(const std::string& file_name, const std::vector<uint8_t>& gif, int frames) {
  const int width = gif.size() >= 10 ? gif[6] | gif[7] << 8 : 0;
  const int height = gif.size() >= 10 ? gif[8] | gif[9] << 8 : 0;
  js_download(file_name.c_str(), "image/gif", gif.data(), int(gif.size()), width, height, frames);
}

}  // namespace puzzlelab::web
