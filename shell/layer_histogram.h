// States per layer: how many states a layered search (BFS by depth, A* by
// f, IDA* by bound) expanded at each layer, as bars, from SearchStats::layers.
#pragma once

#include <imgui.h>

#include <string_view>

#include "core/puzzle.h"
#include "theme.h"
#include "watch_chart.h"

namespace puzzlelab::shell {

// "States expanded per depth (moves)": what the chart shows, in words;
// `unit` is what the layers count (the solve's cost unit).
std::string layer_title(const SearchStats& stats, std::string_view unit);

// Draws the bars as one ImGui item of the given size at the cursor (nothing
// when the search kept no layers); hovering a bar names its layer and count.
void layer_histogram(const SearchStats& stats, std::string_view unit, ImVec2 size,
                     const Fonts& fonts, ImU32 color = colors::kAccent);

// A search's chart as it plays (Watch the search): per bar the states taken
// so far in `color`, all its trace takes there faintly behind, an outline
// for how many exist (when known); the bar of the state taken last marked
// with a triangle and, at the end, the solution's bars with dots under the
// axis. The scale is the trace's whole, so bars grow and never rescale.
// `layers` names the axis ("energy spent"), hovering a bar gives its counts.
void filling_histogram(const ChartBars& bars, std::string_view title, std::string_view layers,
                       ImVec2 size, const Fonts& fonts, ImU32 color);

}  // namespace puzzlelab::shell
