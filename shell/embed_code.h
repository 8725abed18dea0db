// The embed snippets of the Embed popup (shell/app_embed.cpp): an iframe
// and a script tag for web/embed.js, made from the board's share link (the
// same one Copy link copies, so the game's record is their one source) and
// the blogger's choices. Pure text, so the tests check it without a page.
#pragma once

#include <string>
#include <string_view>

namespace puzzlelab::shell {

// What the embed opens on, and how big it is (CSS pixels).
struct EmbedChoices {
  enum class Start { as_shown, at_start, solution };
  Start start = Start::as_shown;  // the position on screen, its start, or solving it
  bool rules = false;             // the How to play card over the board at first
  int width = 560;
  int height = 640;
};

// The frame's size limits, the same as web/embed.js's data-width/height.
inline constexpr int kEmbedMinSize = 240;
inline constexpr int kEmbedMaxSize = 2000;
// What the snippets point at when the app does not know its site's address
// (the native app without --site).
inline constexpr std::string_view kEmbedSitePlaceholder = "https://YOUR.HOST/puzzlelab/";

struct EmbedCode {
  std::string src;     // the frame's address: the site with the embed's hash
  std::string iframe;  // <iframe src=... width height title ...></iframe>
  std::string script;  // <script src=".../embed.js" async data-...></script>
  int width = 0;       // the size asked for, within the limits
  int height = 0;
};

// `site`: the page's address without its hash or query
// ("https://host/puzzlelab/" or ".../index.html"; "" gives the
// placeholder); `share_hash`: "#puzzle=...&board=...&moves=..." (see
// App::share_hash); `title`: the puzzle's ("Rush Hour").
EmbedCode make_embed_code(std::string_view site, std::string_view share_hash,
                          const EmbedChoices& choices, std::string_view title);

// The folder of a page's address ("https://h/a/index.html" -> "https://h/a/").
std::string site_folder(std::string_view site);

}  // namespace puzzlelab::shell

namespace puzzlelab::shell {

// The Embed popup's settings, kept by the App between frames.
struct EmbedPopup {
  EmbedChoices choices;
  int size = 1;  // index in the popup's sizes (320x400, 560x640, custom)
  int custom_width = 800;
  int custom_height = 600;
  // The address the snippets point at: the page's own (the browser host
  // sets it), or the one the native app was given (--site); "" until then.
  std::string site;
  bool site_fixed = false;    // the page's own: not for the player to edit
  bool live_preview = false;  // the host shows the frame over the preview's place
};

// Where the host should show the live preview this frame: the frame's
// address and size (CSS pixels) and its place on screen (screen pixels),
// the frame scaled down to fit there.
struct EmbedPreview {
  std::string src;
  int width = 0;
  int height = 0;
  float x = 0, y = 0, w = 0, h = 0;
  bool operator==(const EmbedPreview&) const = default;
};

}  // namespace puzzlelab::shell
