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

namespace {

// "energy spent 1,000 to 1,499: 12 taken of 14 · 30 exist"
std::string bar_text(const ChartBars& bars, size_t b, std::string_view layers) {
  std::string text = std::string(layers) + " " + group_digits(uint64_t(bars.from[b]));
  if (bars.to[b] != bars.from[b]) text += " to " + group_digits(uint64_t(bars.to[b]));
  text += ": " + group_digits(bars.taken[b]) + " taken of " + group_digits(bars.total[b]);
  if (!bars.exist.empty()) text += " \u00b7 " + group_digits(bars.exist[b]) + " exist";
  return text;
}

}  // namespace

void filling_histogram(const ChartBars& bars, std::string_view title, std::string_view layers,
                       ImVec2 size, const Fonts& fonts, ImU32 color) {
  const size_t n = bars.taken.size();
  if (n == 0) return;
  ImDrawList& draw = *ImGui::GetWindowDrawList();
  const ImVec2 origin = ImGui::GetCursorScreenPos();
  ImGui::Dummy(size);
  const bool hovered = ImGui::IsItemHovered();
  const float scale = fonts.regular->FontSize / 16.0f;
  const float pad = 6 * scale, label = ImGui::GetTextLineHeight();
  // A short chart (an embed's) gives its axis's words to the bars.
  const bool axis_words = size.y > label * 5;
  draw.AddRectFilled(origin, ImVec2(origin.x + size.x, origin.y + size.y), colors::kPlotBackground,
                     6 * scale);
  uint64_t most = 1;
  for (size_t b = 0; b < n; ++b)
    most = std::max({most, bars.total[b], bars.exist.empty() ? 0 : bars.exist[b]});
  const ImVec2 lo(origin.x + pad, origin.y + pad + label);
  const ImVec2 hi(origin.x + size.x - pad, origin.y + size.y - pad - (axis_words ? label : 0));
  const float slot = (hi.x - lo.x) / float(n), gap = slot > 4 * scale ? scale : 0;
  const auto top = [&](uint64_t count) {  // a bar of one state still shows
    if (count == 0) return hi.y;
    return std::min(hi.y - 2 * scale, hi.y - float(double(count) / double(most)) * (hi.y - lo.y));
  };
  const ImU32 faint = (color & ~IM_COL32_A_MASK) | IM_COL32(0, 0, 0, 60);
  draw.AddLine(ImVec2(lo.x, hi.y), ImVec2(hi.x, hi.y), colors::kPlotGrid, 1);
  int under = -1;
  const float mouse = ImGui::GetIO().MousePos.x;
  for (size_t b = 0; b < n; ++b) {
    const float x0 = lo.x + float(b) * slot + gap, x1 = lo.x + float(b + 1) * slot - gap;
    if (!bars.exist.empty() && bars.exist[b] > 0)
      draw.AddRect(ImVec2(x0, top(bars.exist[b])), ImVec2(x1, hi.y), colors::kMuted, 0, 0, 1);
    if (bars.total[b] > 0)
      draw.AddRectFilled(ImVec2(x0, top(bars.total[b])), ImVec2(x1, hi.y), faint);
    if (bars.taken[b] > 0)
      draw.AddRectFilled(ImVec2(x0, top(bars.taken[b])), ImVec2(x1, hi.y), color);
    if (hovered && mouse >= x0 - gap && mouse < x1 + gap) under = int(b);
  }
  for (int b : bars.path) {  // the solution's layers: dots under the axis
    const float x = lo.x + (float(b) + 0.5f) * slot;
    draw.AddCircleFilled(ImVec2(x, hi.y + 3 * scale), 2.5f * scale, colors::rgb(255, 255, 255));
  }
  if (bars.current >= 0) {  // the state taken last: a triangle over its bar
    const float x = lo.x + (float(bars.current) + 0.5f) * slot,
                y = top(bars.taken[size_t(bars.current)]);
    const float t = 5 * scale;
    draw.AddTriangleFilled(ImVec2(x - t, y - t * 1.6f), ImVec2(x + t, y - t * 1.6f),
                           ImVec2(x, y - 1), colors::rgb(255, 255, 255));
  }
  std::string head = std::string(title) + " \u00b7 most " + short_count(double(most));
  if (ImGui::CalcTextSize(head.c_str()).x > size.x - 2 * pad)
    head = fit_lines(std::string(title), size.x - 2 * pad, 1);
  draw.AddText(ImVec2(origin.x + pad, origin.y + pad * 0.5f), color, head.c_str());
  if (under >= 0) tooltip(bar_text(bars, size_t(under), layers));
  if (!axis_words) return;
  const float bottom = origin.y + size.y - pad * 0.5f - label;
  const std::string left = std::string(layers) + " " + group_digits(uint64_t(bars.from.front()));
  const std::string right = group_digits(uint64_t(bars.to.back()));
  draw.AddText(ImVec2(origin.x + pad, bottom), colors::kMuted, left.c_str());
  const char* dots = "\u2022 its solution";
  const float words = ImGui::CalcTextSize(left.c_str()).x + ImGui::CalcTextSize(dots).x +
                      ImGui::CalcTextSize(right.c_str()).x;
  if (!bars.path.empty() && words + 6 * pad < size.x) {
    draw.AddText(ImVec2(origin.x + size.x / 2 - ImGui::CalcTextSize(dots).x / 2, bottom),
                 colors::kMuted, dots);
  }
  draw.AddText(ImVec2(origin.x + size.x - pad - ImGui::CalcTextSize(right.c_str()).x, bottom),
               colors::kMuted, right.c_str());
}

}  // namespace puzzlelab::shell
