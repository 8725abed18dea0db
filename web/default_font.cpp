// ImGui's built-in font (ProggyClean, about 10 KB gzip of compressed data)
// left out of the page: ImGui 1.86 reaches it from its font atlas
// (ImFontAtlas::AddFontDefault, called when the atlas is built with no font
// in it and by shell/theme.cpp when a TTF is missing), so nothing short of
// the link can drop it. web/CMakeLists.txt links the page with
// --wrap=<AddFontDefault's symbol>, which sends every call here and leaves
// ImGui's own (and its font data) unreferenced. The page always has its
// fonts (built in under /fonts: web/page_assets.cpp), so this stands in
// with DejaVu Sans at the size asked.
#include <imgui.h>

#include "theme.h"

namespace {

constexpr const char* kPageFont = "/fonts/DejaVuSans.ttf";
constexpr float kDefaultSize = 13;  // ProggyClean's

}  // namespace

// clang-format off
extern "C" ImFont* __wrap__ZN11ImFontAtlas14AddFontDefaultEPK12ImFontConfig(  // NOLINT
    ImFontAtlas* atlas, const ImFontConfig* asked) {
  // clang-format on
  ImFontConfig config = asked ? *asked : ImFontConfig();
  const float size = config.SizePixels > 0 ? config.SizePixels : kDefaultSize;
  return puzzlelab::shell::add_font_file(*atlas, kPageFont, size, config);
}
