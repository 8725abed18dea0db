// Draws ImGui's output (ImDrawData: textured, vertex-coloured triangles with
// clip rectangles) into an Image on the CPU, the way ImGui's OpenGL backend
// does on a GPU: straight-alpha blending, texels fetched by nearest sample.
// With it a picture of a board needs no display, no window and no GL
// driver, and comes out the same on every machine.
#pragma once

#include <imgui.h>

#include "render/image.h"

namespace puzzlelab::shell {

// The one texture ImGui draws with: the font atlas (RGBA32, white with the
// glyph coverage in alpha), as ImFontAtlas::GetTexDataAsRGBA32 gives it.
struct AtlasTexture {
  const unsigned char* rgba = nullptr;
  int width = 0;
  int height = 0;
};

// Blends every triangle of `data` into `target`, whose pixel (0, 0) is
// data.DisplayPos. Callbacks in the command lists are not run.
void rasterize(const ImDrawData& data, const AtlasTexture& atlas, Image& target);

}  // namespace puzzlelab::shell
