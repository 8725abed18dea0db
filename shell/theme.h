// The look of the app: colours, ImGui style and fonts, all scaled by the UI
// scale (devicePixelRatio in the browser, the monitor's content scale
// natively) so text and lines stay crisp on high-DPI screens.
#pragma once

#include <algorithm>
#include <concepts>
#include <string>

#include <imgui.h>

namespace puzzlelab::shell {

// Colours shared by the panels and the board views.
namespace colors {
inline constexpr ImU32 rgb(unsigned r, unsigned g, unsigned b, unsigned a = 255) {
  return IM_COL32(r, g, b, a);
}
// `color` with its alpha replaced by `alpha`, on rgb()'s scale: 0 clear to
// 255 opaque (more is 255). Whole numbers only, so an opacity of 0..1 cannot
// slip in as a near-clear alpha: opacity() turns one into this scale. (Not
// ImGui::GetColorU32, which also fades with the style's disabled alpha.)
template <std::integral Alpha>
constexpr ImU32 with_alpha(ImU32 color, Alpha alpha) {
  const auto a = static_cast<ImU32>(std::clamp<long long>(alpha, 0, 255));
  return (color & ~IM_COL32_A_MASK) | (a << IM_COL32_A_SHIFT);
}
// An opacity from 0 (clear) to 1 (opaque) as an alpha for with_alpha().
constexpr unsigned opacity(float fraction) {
  return static_cast<unsigned>(std::clamp(fraction, 0.0f, 1.0f) * 255 + 0.5f);
}
inline constexpr ImU32 kBackground = rgb(24, 27, 34);
inline constexpr ImU32 kPanel = rgb(32, 36, 45);
inline constexpr ImU32 kText = rgb(230, 233, 239);
inline constexpr ImU32 kMuted = rgb(150, 158, 173);
inline constexpr ImU32 kAccent = rgb(86, 156, 255);
inline constexpr ImU32 kGood = rgb(70, 190, 120);
inline constexpr ImU32 kWarn = rgb(245, 180, 60);
inline constexpr ImU32 kBad = rgb(240, 90, 90);
// The progress plot's and the layer histogram's area and grid lines.
inline constexpr ImU32 kPlotBackground = rgb(24, 28, 36);
inline constexpr ImU32 kPlotGrid = rgb(50, 56, 70);
}  // namespace colors

struct Fonts {
  ImFont* regular = nullptr;
  ImFont* bold = nullptr;
  ImFont* title = nullptr;
  ImFont* board = nullptr;  // big bold glyphs for labels and digits drawn on boards
};

// Owns the font atlas contents; rebuilds them when the UI scale changes.
// Adds the TTF file at `path` (read_asset: from disk natively, built into the
// page) to `atlas` at `size` pixels; nullptr when there is no such file.
ImFont* add_font_file(ImFontAtlas& atlas, const std::string& path, float size,
                      const ImFontConfig& config, const ImWchar* ranges = nullptr);

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
