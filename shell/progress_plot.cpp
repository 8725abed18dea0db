#include "progress_plot.h"

#include <algorithm>
#include <cmath>
#include <string>

#include "widgets.h"

namespace puzzlelab::shell {

namespace {

constexpr ImU32 kLine = colors::kAccent;
constexpr ImU32 kFill = colors::rgb(86, 156, 255, 50);

// Where a sample lands inside the plot area.
struct Axes {
  ImVec2 lo, hi;
  double max_ms;
  CountScale counts;
  ImVec2 at(double ms, double count) const {
    return ImVec2(lo.x + float(ms / max_ms) * (hi.x - lo.x),
                  hi.y - float(counts.fraction(count)) * (hi.y - lo.y));
  }
};

constexpr double kDecadesForLog = 2;  // totals further apart than this go logarithmic

void draw_curve(ImDrawList& draw, const Axes& axes, const std::vector<SolveRun::Sample>& samples,
                float thickness, ImU32 line, ImU32 fill) {
  if (fill) {
    for (size_t i = 1; i < samples.size(); ++i) {
      const ImVec2 a = axes.at(samples[i - 1].ms, double(samples[i - 1].expanded));
      const ImVec2 b = axes.at(samples[i].ms, double(samples[i].expanded));
      // Filled quads under the line, then the line on top.
      draw.AddQuadFilled(a, b, ImVec2(b.x, axes.hi.y), ImVec2(a.x, axes.hi.y), fill);
    }
  }
  std::vector<ImVec2> points;
  for (const SolveRun::Sample& s : samples) points.push_back(axes.at(s.ms, double(s.expanded)));
  draw.AddPolyline(points.data(), static_cast<int>(points.size()), line, 0, thickness);
}

}  // namespace

double CountScale::fraction(double count) const {
  if (!log) return count / max;
  return std::log10(1 + std::max(0.0, count)) / std::log10(1 + max);
}

CountScale count_scale(const std::vector<double>& totals, std::optional<bool> log) {
  CountScale scale;
  double least = 0;
  for (double total : totals) {
    scale.max = std::max(scale.max, total);
    if (total >= 1) least = least == 0 ? total : std::min(least, total);
  }
  scale.log = log.value_or(least >= 1 && std::log10(scale.max / least) > kDecadesForLog);
  // Head room over the highest curve: 8% of the height either way.
  scale.max = scale.log ? std::pow(1 + scale.max, 1.08) - 1 : scale.max * 1.08;
  return scale;
}

void progress_plot(const SolveRun& run, ImVec2 size, double now_ms, const Fonts& fonts) {
  progress_plot({PlotCurve{&run, kLine}}, size, now_ms, fonts);
}

bool progress_plot(const std::vector<PlotCurve>& curves, ImVec2 size, double now_ms,
                   const Fonts& fonts, std::optional<bool> log_scale) {
  ImDrawList& draw = *ImGui::GetWindowDrawList();
  const ImVec2 origin = ImGui::GetCursorScreenPos();
  ImGui::Dummy(size);
  const float scale = fonts.regular->FontSize / 16.0f;
  const float pad = 8 * scale, label = ImGui::GetTextLineHeight();
  draw.AddRectFilled(origin, ImVec2(origin.x + size.x, origin.y + size.y), colors::kPlotBackground,
                     6 * scale);

  double max_count = 1, max_ms = std::max(0.001, now_ms);
  std::vector<double> totals;
  for (const PlotCurve& curve : curves) {
    for (const SolveRun::Sample& s : curve.run->samples()) {
      max_count = std::max(max_count, double(s.expanded));
      max_ms = std::max(max_ms, s.ms);
    }
    if (!curve.run->samples().empty())
      totals.push_back(double(curve.run->samples().back().expanded));
  }
  totals.push_back(max_count);
  const Axes axes{ImVec2(origin.x + pad, origin.y + pad + label),
                  ImVec2(origin.x + size.x - pad, origin.y + size.y - pad - label), max_ms,
                  count_scale(totals, log_scale)};
  if (axes.counts.log) {  // a grid line at each power of ten
    for (double decade = 10; decade < axes.counts.max; decade *= 10) {
      const float y = axes.at(0, decade).y;
      draw.AddLine(ImVec2(axes.lo.x, y), ImVec2(axes.hi.x, y), colors::kPlotGrid, 1);
    }
  } else {
    for (int i = 1; i <= 3; ++i) {  // light horizontal grid lines
      const float y = axes.lo.y + (axes.hi.y - axes.lo.y) * float(i) / 4;
      draw.AddLine(ImVec2(axes.lo.x, y), ImVec2(axes.hi.x, y), colors::kPlotGrid, 1);
    }
  }
  draw.AddLine(ImVec2(axes.lo.x, axes.hi.y), ImVec2(axes.hi.x, axes.hi.y), colors::kPlotGrid, 1);
  for (const PlotCurve& curve : curves) {  // one search alone gets its area filled
    if (curve.run->samples().size() > 1)
      draw_curve(draw, axes, curve.run->samples(), 2 * scale, curve.color,
                 curves.size() == 1 ? kFill : 0);
  }

  const std::string top =
      short_count(max_count) + " states expanded" + (axes.counts.log ? " \u00b7 log scale" : "");
  draw.AddText(ImVec2(origin.x + pad, origin.y + pad * 0.6f), colors::kMuted, top.c_str());
  const std::string right = short_duration(max_ms);
  const float right_w = ImGui::CalcTextSize(right.c_str()).x;
  const float bottom_y = origin.y + size.y - pad * 0.6f - label;
  draw.AddText(ImVec2(origin.x + pad, bottom_y), colors::kMuted, "0");
  draw.AddText(ImVec2(origin.x + size.x - pad - right_w, bottom_y), colors::kMuted, right.c_str());
  return axes.counts.log;
}

}  // namespace puzzlelab::shell
