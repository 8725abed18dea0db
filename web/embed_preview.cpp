#include "embed_preview.h"

#include <emscripten/emscripten.h>

#include <vector>

// clang-format off
// The size of the address in bytes (+1); fills `buffer` when it fits.
EM_JS(int, js_page_address, (char* buffer, int capacity), {
  var address = window.location.href.split("#")[0].split("?")[0];
  var size = lengthBytesUTF8(address) + 1;
  if (size <= capacity) stringToUTF8(address, buffer, capacity);
  return size;
});

// A box at (x, y, w, h) CSS pixels over the canvas, holding the embed's
// iframe at its own size (width x height) scaled to the box. The frame
// loads again only when its address changes; an empty `src` removes it.
EM_JS(void, js_show_embed_preview, (const char* src_ptr, int width, int height, double x, double y,
                                    double w, double h), {
  var src = UTF8ToString(src_ptr);
  var box = document.getElementById("embed-preview");
  if (!src) {
    if (box) box.remove();
    if (window.puzzleLab) window.puzzleLab.embedPreview = null;
    return;
  }
  if (!box) {
    box = document.createElement("div");
    box.id = "embed-preview";
    box.style.cssText = "position:fixed;overflow:hidden;z-index:2;background:#181b22";
    var frame = document.createElement("iframe");
    frame.title = "Preview of the embedded puzzle";
    frame.setAttribute("allow", "clipboard-write");
    frame.style.cssText = "border:0;display:block;transform-origin:0 0";
    box.appendChild(frame);
    document.body.appendChild(box);
  }
  var frame = box.firstChild;
  box.style.left = x + "px";
  box.style.top = y + "px";
  box.style.width = w + "px";
  box.style.height = h + "px";
  frame.width = String(width);
  frame.height = String(height);
  frame.style.width = width + "px";
  frame.style.height = height + "px";
  frame.style.transform = "scale(" + (w / width) + ")";
  if (frame.getAttribute("src") !== src) frame.setAttribute("src", src);
  if (window.puzzleLab)
    window.puzzleLab.embedPreview = { src: src, width: width, height: height, x: x, y: y, w: w, h: h };
});
// clang-format on

namespace puzzlelab::web {

std::string page_address() {
  std::vector<char> buffer(256);
  const int size = js_page_address(buffer.data(), int(buffer.size()));
  if (size > int(buffer.size())) {
    buffer.resize(size_t(size));
    js_page_address(buffer.data(), size);
  }
  return buffer.data();
}

void show_embed_preview(const std::optional<shell::EmbedPreview>& preview, double css_per_pixel) {
  if (!preview) {
    js_show_embed_preview("", 0, 0, 0, 0, 0, 0);
    return;
  }
  const double r = css_per_pixel;
  js_show_embed_preview(preview->src.c_str(), preview->width, preview->height, preview->x * r,
                        preview->y * r, preview->w * r, preview->h * r);
}

}  // namespace puzzlelab::web
