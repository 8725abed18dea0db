// A small chart of a search's progress: states expanded against time, drawn
// live while solving and kept with the result; or several searches' (Compare).
#pragma once

#include <optional>

#include <imgui.h>

#include "midend/solve_run.h"
#include "theme.h"

namespace puzzlelab::shell {

// Draws the chart as one ImGui item of the given size at the cursor.
// `now_ms` extends the time axis while the search is still running.
void progress_plot(const SolveRun& run, ImVec2 size, double now_ms, const Fonts& fonts);

// Several searches' curves on one chart (Compare): one colour each, on
// common axes; `now_ms` as above, for the curve still growing.
struct PlotCurve {
  const SolveRun* run = nullptr;
  ImU32 color = 0;
};
// Returns whether the states went on a log scale: `log_scale` when given
// (the player's choice), else count_scale's.
bool progress_plot(const std::vector<PlotCurve>& curves, ImVec2 size, double now_ms,
                   const Fonts& fonts, std::optional<bool> log_scale = std::nullopt);

// The chart's scale of states: linear up to the most, or logarithmic when
// the curves' totals span more than two decades (a breadth-first search's
// millions beside A*'s thousands), so that the small curves do not lie flat
// on the floor.
struct CountScale {
  bool log = false;
  double max = 1;  // the top of the chart
  // Where `count` sits: 0 at the bottom, 1 at the top.
  double fraction(double count) const;
};
// `totals`: each curve's last count (curves with none left out); `log`
// forces the choice.
CountScale count_scale(const std::vector<double>& totals, std::optional<bool> log = std::nullopt);

}  // namespace puzzlelab::shell
