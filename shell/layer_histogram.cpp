#include "layer_histogram.h"

#include <algorithm>
#include <string>

#include "widgets.h"

namespace puzzlelab::shell {

namespace {

// "depth 12", "f 40 to 43" (a merged entry), with the unit after a number.
std::string layer_name(const SearchStats& stats, const LayerCount& layer) {
  std::string text = stats.layered_by + " " + std::to_string(layer.layer);
  if (layer.last != layer.layer) text += " to " + std::to_string(layer.last);
  return text;
}

}  // namespace

std::string layer_title(const SearchStats& stats, std::string_view unit) {
  std::string title = "States expanded per " + stats.layered_by;
  if (!unit.empty()) title += " (" + std::string(unit) + ")";
  return title;
}

void layer_histogram(const SearchStats& stats, std::string_view unit, ImVec2 size,
                     const Fonts& fonts, ImU32 color) {
  if (stats.layers.empty()) return;
  ImDrawList& draw = *ImGui::GetWindowDrawList();
  const ImVec2 origin = ImGui::GetCursorScreenPos();
  ImGui::Dummy(size);
  const bool hovered = ImGui::IsItemHovered();
  const float scale = fonts.regular->FontSize / 16.0f;
  const float pad = 8 * scale, label = ImGui::GetTextLineHeight();
  draw.AddRectFilled(origin, ImVec2(origin.x + size.x, origin.y + size.y), colors::kPlotBackground,
                     6 * scale);

  uint64_t most = 1;
  for (const LayerCount& layer : stats.layers) most = std::max(most, layer.expanded);
  const ImVec2 lo(origin.x + pad, origin.y + pad + label);
  const ImVec2 hi(origin.x + size.x - pad, origin.y + size.y - pad - label);
  // Layers on a linear axis from the first to the last, so that gaps (IDA*
  // bounds that jump by 2) show as gaps.
  const int64_t first = stats.layers.front().layer, last = stats.layers.back().last;
  const double span = double(last - first + 1);
  const float slot = (hi.x - lo.x) / float(span);
  draw.AddLine(ImVec2(lo.x, hi.y), ImVec2(hi.x, hi.y), colors::kPlotGrid, 1);
  const LayerCount* under = nullptr;
  const float mouse = ImGui::GetIO().MousePos.x;
  for (const LayerCount& layer : stats.layers) {
    const float x0 = lo.x + float(double(layer.layer - first)) * slot;
    const float x1 = lo.x + float(double(layer.last - first + 1)) * slot;
    const float top = hi.y - float(double(layer.expanded) / double(most)) * (hi.y - lo.y);
    const float gap = slot > 4 * scale ? scale : 0;
    draw.AddRectFilled(ImVec2(x0 + gap, std::min(top, hi.y - 1)), ImVec2(x1 - gap, hi.y), color);
    if (hovered && mouse >= x0 && mouse < x1) under = &layer;
  }
  // The figure that matters, whole: the title gives way on a narrow chart.
  std::string title = layer_title(stats, unit) + ": most " + short_count(double(most));
  if (ImGui::CalcTextSize(title.c_str()).x > size.x - 2 * pad)
    title = "most " + short_count(double(most));
  draw.AddText(ImVec2(origin.x + pad, origin.y + pad * 0.6f), colors::kMuted, title.c_str());
  const float bottom_y = origin.y + size.y - pad * 0.6f - label;
  const std::string left = stats.layered_by + " " + std::to_string(first);
  const std::string right = std::to_string(last);
  draw.AddText(ImVec2(origin.x + pad, bottom_y), colors::kMuted, left.c_str());
  draw.AddText(ImVec2(origin.x + size.x - pad - ImGui::CalcTextSize(right.c_str()).x, bottom_y),
               colors::kMuted, right.c_str());
  if (under) {
    tooltip(layer_name(stats, *under) + ": " + group_digits(under->expanded) + " states expanded");
  }
}

}  // namespace puzzlelab::shell
