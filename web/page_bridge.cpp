#include "page_bridge.h"

#include <emscripten/emscripten.h>
#include <emscripten/html5.h>

#include <vector>

// clang-format off
// The size of the hash in bytes (+1); fills `buffer` when it fits.
EM_JS(int, js_location_hash, (char* buffer, int capacity), {
  var hash = window.location.hash;
  var size = lengthBytesUTF8(hash) + 1;
  if (size <= capacity) stringToUTF8(hash, buffer, capacity);
  return size;
});

EM_JS(void, js_replace_location_hash, (const char* hash), {
  history.replaceState(null, "", UTF8ToString(hash));
});

EM_JS(void, js_push_location_hash, (const char* hash), {
  history.pushState(null, "", UTF8ToString(hash));
});

// The value's size in bytes (+1), fills `buffer` when it fits; 0 when there is none.
EM_JS(int, js_storage_load, (const char* key, char* buffer, int capacity), {
  var value = null;
  try { value = window.localStorage.getItem("puzzlelab:" + UTF8ToString(key)); } catch (e) {}
  if (value === null) return 0;
  var size = lengthBytesUTF8(value) + 1;
  if (size <= capacity) stringToUTF8(value, buffer, capacity);
  return size;
});

EM_JS(void, js_storage_save, (const char* key, const char* value), {
  try { window.localStorage.setItem("puzzlelab:" + UTF8ToString(key), UTF8ToString(value)); } catch (e) {}
});

EM_JS(void, js_copy_link, (const char* hash), {
  var link = window.location.href.split("#")[0] + UTF8ToString(hash);
  var lab = window.puzzleLab;
  function done() { lab.copied = link; lab.commandQueue.push("copied"); Module.puzzleLabWake(); }
  function failed(why) { lab.commandQueue.push("copyFailed:" + why); Module.puzzleLabWake(); }
  // Without the Clipboard API (an address that is not https or localhost):
  // the old way, a selected text box and the copy command.
  function fallback() {
    var box = document.createElement("textarea");
    box.value = link;
    box.style.position = "fixed";
    box.style.opacity = "0";
    document.body.appendChild(box);
    box.select();
    var ok = false;
    try { ok = document.execCommand("copy"); } catch (e) {}
    document.body.removeChild(box);
    if (ok) done(); else failed("the browser refused");
  }
  if (navigator.clipboard && navigator.clipboard.writeText) {
    navigator.clipboard.writeText(link).then(done, function (err) { failed(err && err.message ? err.message : "refused"); });
  } else {
    fallback();
  }
});

// Returns the next command's size in bytes (+1), 0 when the queue is empty;
// takes it into `buffer` when it fits, else leaves it queued and returns
// minus its size (the caller asks again with room for it).
EM_JS(int, js_take_command, (char* buffer, int capacity), {
  var queue = window.puzzleLab && window.puzzleLab.commandQueue;
  if (!queue || !queue.length) return 0;
  var size = lengthBytesUTF8(queue[0]) + 1;
  if (size > capacity) return -size;
  stringToUTF8(queue.shift(), buffer, capacity);
  return size;
});

EM_JS(void, js_publish_state, (const char* json), {
  if (window.puzzleLab) Object.assign(window.puzzleLab, JSON.parse(UTF8ToString(json)));
});

EM_JS(void, js_count_frame, (int settled, double redrawn), {
  var lab = window.puzzleLab;
  if (!lab) return;
  lab.frames = (lab.frames | 0) + 1;
  lab.settled = !!settled;
  lab.redrawn = redrawn;
});

EM_JS(void, js_install_wake, (void* host), {
  Module.puzzleLabWake = function() { Module._puzzlelab_wake(host); };
  // Emscripten's GLFW listens for gamepads, which keeps the browser polling
  // them 60 times a second (about 1% of a core) though the app never reads
  // one; without a listener the browser stops.
  if (typeof GLFW !== "undefined") {
    window.removeEventListener("gamepadconnected", GLFW.onGamepadConnected, true);
    window.removeEventListener("gamepaddisconnected", GLFW.onGamepadDisconnected, true);
  }
  var wheel = Module.puzzleLabWheel = { x: 0, y: 0 };
  // An embed takes the wheel only where it has something to scroll (its
  // controls' pane, scrolled part way or able to, or an open menu); else
  // the page around it (a blog) scrolls, as over any picture.
  var embedScrolls = function(lab, event) {
    if (lab.popupOpen) return true;
    var pane = lab.layout && lab.layout.panel, scroll = lab.panelScroll;
    if (!pane || !scroll || scroll.max < 1) return false;
    var rect = Module.canvas.getBoundingClientRect();
    var x = event.clientX - rect.left, y = event.clientY - rect.top;
    return x >= pane.x && x < pane.x + pane.w && y >= pane.y && y < pane.y + pane.h;
  };
  // Before any listener on the canvas (GLFW's own too, which would keep
  // the page from scrolling): the wheel is the page's then.
  window.addEventListener("wheel", function(event) {
    var lab = window.puzzleLab;
    if (lab && lab.embed && !embedScrolls(lab, event)) event.stopImmediatePropagation();
  }, { capture: true, passive: true });
  Module.canvas.addEventListener("wheel", function(event) {
    // Lines and pages as pixels, as a page scrolls them.
    var unit = event.deltaMode === 1 ? 20 : event.deltaMode === 2 ? Module.canvas.clientHeight : 1;
    wheel.x += event.deltaX * unit;
    wheel.y += event.deltaY * unit;
    event.preventDefault();
    Module.puzzleLabWake();
  }, { passive: false });
});

EM_JS(void, js_take_wheel, (double* out), {
  var wheel = Module.puzzleLabWheel;
  HEAPF64[out >> 3] = wheel ? wheel.x : 0;
  HEAPF64[(out >> 3) + 1] = wheel ? wheel.y : 0;
  if (wheel) wheel.x = wheel.y = 0;
});

// The size of "?v=<build>" in bytes (+1); fills `buffer` when it fits.
EM_JS(int, js_build_query, (char* buffer, int capacity), {
  var build = window.puzzleLab && window.puzzleLab.build;
  var query = build ? "?v=" + build : "";
  var size = lengthBytesUTF8(query) + 1;
  if (size <= capacity) stringToUTF8(query, buffer, capacity);
  return size;
});

EM_JS(void, js_set_title, (const char* title), {
  document.title = UTF8ToString(title);
});

// Emptied first, then filled a frame later: a screen reader announces a
// change, so the same words twice are said twice.
EM_JS(void, js_announce, (const char* text), {
  var live = document.getElementById("live");
  var value = UTF8ToString(text);
  if (window.puzzleLab) window.puzzleLab.announced = value;
  if (!live) return;
  live.textContent = "";
  requestAnimationFrame(function () { live.textContent = value; });
});

EM_JS(void, js_set_accessible_name, (const char* name), {
  Module.canvas.setAttribute("aria-label", UTF8ToString(name));
});

EM_JS(void, js_show_fatal, (const char* message), {
  if (window.puzzleLabFatal) window.puzzleLabFatal(UTF8ToString(message));
});

EM_JS(void, js_write_clipboard, (const char* text), {
  var value = UTF8ToString(text);
  if (navigator.clipboard && navigator.clipboard.writeText) navigator.clipboard.writeText(value).catch(function() {});
});
EM_JS(void, js_resize_canvas, (int width, int height), {
  Module.setCanvasSize(width, height);
});

EM_JS(void, js_set_cursor, (const char* cursor), {
  Module.canvas.style.cursor = UTF8ToString(cursor);
});
// clang-format on

namespace puzzlelab::web {

namespace {

constexpr int kCommandCapacity = 64 * 1024;  // most commands; longer ones get their own buffer

}  // namespace

std::string location_hash() {
  // Boards can be long (a 16x16 grid, a Bender map): ask again with room
  // for the whole hash rather than cut it short.
  std::vector<char> buffer(8192);
  const int size = js_location_hash(buffer.data(), static_cast<int>(buffer.size()));
  if (size > static_cast<int>(buffer.size())) {
    buffer.resize(static_cast<size_t>(size));
    js_location_hash(buffer.data(), size);
  }
  return buffer.data();
}

void replace_location_hash(const std::string& hash) {
  js_replace_location_hash(hash.c_str());
}

void push_location_hash(const std::string& hash) {
  js_push_location_hash(hash.c_str());
}

std::optional<std::string> storage_load(const std::string& key) {
  std::vector<char> buffer(8192);
  int size = js_storage_load(key.c_str(), buffer.data(), static_cast<int>(buffer.size()));
  if (size == 0) return std::nullopt;
  if (size > static_cast<int>(buffer.size())) {
    buffer.resize(static_cast<size_t>(size));
    size = js_storage_load(key.c_str(), buffer.data(), size);
    if (size == 0 || size > static_cast<int>(buffer.size())) return std::nullopt;
  }
  return std::string(buffer.data());
}

void storage_save(const std::string& key, const std::string& value) {
  js_storage_save(key.c_str(), value.c_str());
}

void copy_link(const std::string& hash) {
  js_copy_link(hash.c_str());
}

std::string take_page_command() {
  std::vector<char> buffer(kCommandCapacity);
  int size = js_take_command(buffer.data(), static_cast<int>(buffer.size()));
  if (size < 0) {  // a long one (a pasted board): room for all of it
    buffer.resize(static_cast<size_t>(-size));
    size = js_take_command(buffer.data(), static_cast<int>(buffer.size()));
  }
  if (size <= 0) return "";
  return std::string(buffer.data(), static_cast<size_t>(size - 1));
}

void publish_state(const std::string& json) {
  js_publish_state(json.c_str());
}

void count_frame(bool settled, double redrawn) {
  js_count_frame(settled ? 1 : 0, redrawn);
}

void install_wake(void* host) {
  js_install_wake(host);
}

Wheel take_wheel() {
  double delta[2] = {0, 0};
  js_take_wheel(delta);
  return {delta[0], delta[1]};
}

std::string build_query() {
  char buffer[64] = {};
  return js_build_query(buffer, sizeof buffer) <= int(sizeof buffer) ? buffer : "";
}

void set_title(const std::string& title) {
  js_set_title(title.c_str());
}

void announce(const std::string& text) {
  js_announce(text.c_str());
}

void set_accessible_name(const std::string& name) {
  js_set_accessible_name(name.c_str());
}

void show_fatal(const std::string& message) {
  js_show_fatal(message.c_str());
}

void write_clipboard(const std::string& text) {
  js_write_clipboard(text.c_str());
}

void resize_canvas(int width, int height) {
  js_resize_canvas(width, height);
}

void set_cursor(const char* css_cursor) {
  js_set_cursor(css_cursor);
}

CanvasSize canvas_size() {
  CanvasSize size;
  emscripten_get_element_css_size("#canvas", &size.css_width, &size.css_height);
  size.pixel_ratio = emscripten_get_device_pixel_ratio();
  return size;
}

}  // namespace puzzlelab::web
