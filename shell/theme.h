// The look of the app: colours, ImGui style and fonts, all scaled by the UI
// scale (devicePixelRatio in the browser, the monitor's content scale
// natively) so text and lines stay crisp on high-DPI screens.
#pragma once

#include <string>

#include <imgui.h>

namespace puzzlelab::shell {

// Colours shared by the panels and the board views.
namespace colors {
inline constexpr ImU32 rgb(unsigned r, unsigned g, unsigned b, unsigned a = 255) {
  return IM_COL32(r, g, b, a);
}
inline constexpr ImU32 kBackground = rgb(24, 27, 34);
inline constexpr ImU32 kPanel = rgb(32, 36, 45);
inline constexpr ImU32 kText = rgb(230, 233, 239);
inline constexpr ImU32 kMuted = rgb(150, 158, 173);
inline constexpr ImU32 kAccent = rgb(86, 156, 255);
inline constexpr ImU32 kGood = rgb(70, 190, 120);
inline constexpr ImU32 kWarn = rgb(245, 180, 60);
inline constexpr ImU32 kBad = rgb(240, 90, 90);
}  // namespace colors

struct Fonts {
  ImFont* regular = nullptr;
  ImFont* bold = nullptr;
  ImFont* title = nullptr;
  ImFont* board = nullptr;  // big bold glyphs for labels and digits drawn on boards
};

// Owns the font atlas contents; rebuilds them when the UI scale changes.
class FontSet {
 public:
  explicit FontSet(std::string font_dir) : font_dir_(std::move(font_dir)) {}

  // Loads the fonts for `scale` if they are not loaded at that scale yet.
  // Returns true when the atlas changed and the renderer must re-upload it.
  bool update(float scale);
  const Fonts& fonts() const { return fonts_; }
  float scale() const { return scale_; }

 private:
  ImFont* load(const char* file, float size, const ImWchar* ranges);

  std::string font_dir_;
  Fonts fonts_;
  float scale_ = 0;
};

// Sets ImGui's colours and sizes for `scale`.
void apply_style(float scale);

}  // namespace puzzlelab::shell
