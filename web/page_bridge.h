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

// The next command the page queued, or "" when there is none. Commands are
// the midend's ("solve", "cancel", "undo", "redo", "restart", "play",
// "pause", "first", "last", "hint", "applyHint", "rate", "describe",
// "rules", "closeRules": see shell/midend.h), "keys", "hash" (the hash
// changed, or Back), "clipboard:<text>" (the user pasted), "copied" and
// "copyFailed:<why>" (see copy_link), "device:touch" and "device:keyboard"
// (what the player last used).
std::string take_page_command();

// Merges the JSON object into window.puzzleLab.
void publish_state(const std::string& json);
// Counts one drawn frame in window.puzzleLab.frames.
void count_frame();
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
