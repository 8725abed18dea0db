// The C++ side of the page glue in index.html: the URL hash, commands the
// page queues (window.puzzleLab.cancel() and friends, hashchange, paste),
// publishing window.puzzleLab, the canvas size and devicePixelRatio.
#pragma once

#include <optional>
#include <string>

namespace puzzlelab::web {

std::string location_hash();
// Rewrites the hash without a hashchange event (history.replaceState).
void replace_location_hash(const std::string& hash);
// A new history entry with this hash (history.pushState): Back returns.
void push_location_hash(const std::string& hash);

// localStorage under "puzzlelab:<key>"; nothing when storage is refused
// (a sandboxed frame, private modes) or the key is not there.
std::optional<std::string> storage_load(const std::string& key);
void storage_save(const std::string& key, const std::string& value);

// Puts the page's address with this hash on the clipboard. When done the
// page queues "copied" (and sets window.puzzleLab.copied to the link) or
// "copyFailed:<why>".
void copy_link(const std::string& hash);

// The next command the page queued, or "" when there is none, however long
// (a pasted board of megabytes). Commands are the midend's ("solve",
// "cancel", "undo", "redo", "restart", "play", "pause", "first", "last",
// "hint", "applyHint", "rate", "describe", "rules", "closeRules": see
// shell/midend/midend.h), "keys", "hash" (the hash changed, or Back),
// "clipboard:<text>" (the user pasted), "pasteTooBig:<bytes>:<limit>" (a
// paste over index.html's limit, not passed on), "copied" and
// "copyFailed:<why>" (see copy_link), "device:touch" and "device:keyboard"
// (what the player last used), "newVersion" (a newer build's service
// worker took over), "repaint" (draw the whole canvas afresh).
std::string take_page_command();

// Merges the JSON object into window.puzzleLab.
void publish_state(const std::string& json);
// Counts one drawn frame in window.puzzleLab.frames, and sets
// window.puzzleLab.settled: no frame follows at the next display refresh
// (the page is still until an event, or a timer the app set), and
// window.puzzleLab.redrawn: the share of the canvas the frame drew again
// (0 when it changed nothing on screen).
void count_frame(bool settled, double redrawn);

// Makes the page's wake-up call puzzlelab_wake(host) (web_main.cpp):
// index.html calls it on input, page commands, resizes and pastes; the
// worker's death and the clipboard's answer call it too. Also starts the
// app's own wheel listener on the canvas (see take_wheel).
void install_wake(void* host);

// The wheel's movement over the canvas since the last call, in CSS pixels
// (lines and pages converted), positive down and right as in the DOM.
struct Wheel {
  double dx = 0;
  double dy = 0;
};
Wheel take_wheel();
// "?v=<build>" (index.html's window.puzzleLab.build), or "" in an unstamped
// page: every file the page loads by URL carries it.
std::string build_query();
// Sets the tab's title (document.title).
void set_title(const std::string& title);
// Says `text` through the page's live region (a screen reader reads it out)
// and keeps it in window.puzzleLab.announced.
void announce(const std::string& text);
// The canvas's accessible name (aria-label).
void set_accessible_name(const std::string& name);
// Shows a message over the page when the app cannot run.
void show_fatal(const std::string& message);
// Puts text on the system clipboard (navigator.clipboard, when allowed).
void write_clipboard(const std::string& text);

// Sets the canvas backing store size and tells Emscripten's GLFW (which then
// reports it as the window size). Unlike glfwSetWindowSize this never
// switches to fullscreen when the size happens to equal the screen's.
void resize_canvas(int width, int height);
// Sets the CSS cursor over the canvas ("default", "pointer", "text"...).
void set_cursor(const char* css_cursor);

struct CanvasSize {
  double css_width = 0;
  double css_height = 0;
  double pixel_ratio = 1;  // devicePixelRatio
};
CanvasSize canvas_size();

}  // namespace puzzlelab::web
