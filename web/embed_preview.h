// The Embed popup's page side (shell/app_embed.cpp): the page's own
// address for the snippets, and the live preview, a real iframe of the
// embed at its size, scaled down over the popup's preview box. The canvas
// cannot draw a web page; the page can lay one over it.
#pragma once

#include <optional>
#include <string>

#include "embed_code.h"

namespace puzzlelab::web {

// The page's address without its hash or query ("https://host/puzzlelab/").
std::string page_address();

// Shows `preview` (screen pixels times `css_per_pixel` give CSS pixels), or
// removes the frame when there is none. The host calls it when the preview
// moved, resized or changed its address (the frame reloads only on the last).
void show_embed_preview(const std::optional<shell::EmbedPreview>& preview, double css_per_pixel);

}  // namespace puzzlelab::web
