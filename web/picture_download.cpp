#include "picture_download.h"

#include <emscripten.h>

// clang-format off
EM_JS(void, js_download_png, (const char* name, const unsigned char* rgba, int width, int height), {
  var fileName = UTF8ToString(name);
  var canvas = document.createElement("canvas");
  canvas.width = width;
  canvas.height = height;
  var pixels = new Uint8ClampedArray(HEAPU8.slice(rgba, rgba + width * height * 4).buffer);
  canvas.getContext("2d").putImageData(new ImageData(pixels, width, height), 0, 0);
  canvas.toBlob(function(blob) {
    if (!blob) return;
    var url = URL.createObjectURL(blob);
    var link = document.createElement("a");
    link.href = url;
    link.download = fileName;
    document.body.appendChild(link);
    link.click();
    link.remove();
    setTimeout(function() { URL.revokeObjectURL(url); }, 60000);
    if (window.puzzleLab) window.puzzleLab.saved = {name: fileName, type: blob.type, bytes: blob.size, width: width, height: height};
  }, "image/png");
});
// clang-format on

namespace puzzlelab::web {

void download_png(const std::string& file_name, const shell::Image& picture) {
  js_download_png(file_name.c_str(), picture.rgba.data(), picture.width, picture.height);
}

}  // namespace puzzlelab::web
