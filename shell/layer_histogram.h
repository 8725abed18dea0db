// States per layer: how many states a layered search (BFS by depth, A* by
// f, IDA* by bound) expanded at each layer, as bars, from SearchStats::layers.
#pragma once

#include <imgui.h>

#include <string_view>

#include "core/puzzle.h"
#include "theme.h"

namespace puzzlelab::shell {

// "States expanded per depth (moves)": what the chart shows, in words;
// `unit` is what the layers count (the solve's cost unit).
std::string layer_title(const SearchStats& stats, std::string_view unit);

// Draws the bars as one ImGui item of the given size at the cursor (nothing
// when the search kept no layers); hovering a bar names its layer and count.
void layer_histogram(const SearchStats& stats, std::string_view unit, ImVec2 size,
                     const Fonts& fonts, ImU32 color = colors::kAccent);

}  // namespace puzzlelab::shell
