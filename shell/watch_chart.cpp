#include "watch_chart.h"

#include <algorithm>
#include <limits>

namespace puzzlelab::shell {

int64_t chart_width(int64_t first, int64_t last, size_t most_bars) {
  const int64_t bars = std::max<int64_t>(1, int64_t(most_bars));
  int64_t width = 1;
  for (int64_t decade = 1; decade <= int64_t(1e15); decade *= 10) {
    for (int64_t step : {1, 2, 5}) {
      width = step * decade;
      // The bars start at a multiple of the width at or below `first`.
      const int64_t start = first - ((first % width) + width) % width;
      if ((last - start) / width + 1 <= bars) return width;
    }
  }
  return width;
}

void WatchChart::lay_out(const std::vector<const SearchTrace*>& traces, size_t most_bars,
                         const Space* whole) {
  most_bars_ = most_bars;
  int64_t least = std::numeric_limits<int64_t>::max(), most = std::numeric_limits<int64_t>::min();
  for (const SearchTrace* trace : traces) {
    if (!trace) continue;
    for (const TraceStep& step : trace->steps) {
      least = std::min(least, step.g);
      most = std::max(most, step.g);
    }
  }
  runs_.assign(traces.size(), {});
  bars_ = 0;
  if (least > most) return;
  width_ = chart_width(least, most, most_bars);
  first_ = least - ((least % width_) + width_) % width_;
  bars_ = size_t((most - first_) / width_ + 1);
  std::vector<uint64_t> exist;
  if (whole) {
    exist.assign(bars_, 0);
    for (int depth : whole->depth)
      if (const int bar = bar_of(depth); bar >= 0) ++exist[size_t(bar)];
  }
  for (size_t k = 0; k < traces.size(); ++k) {
    Run& run = runs_[k];
    run.trace = traces[k];
    ChartBars& shown = run.shown;
    shown.taken.assign(bars_, 0);
    shown.total.assign(bars_, 0);
    shown.exist = exist;
    for (size_t b = 0; b < bars_; ++b) {
      shown.from.push_back(first_ + int64_t(b) * width_);
      shown.to.push_back(first_ + int64_t(b + 1) * width_ - 1);
    }
    if (!run.trace) continue;
    for (const TraceStep& step : run.trace->steps) {
      run.bar.push_back(bar_of(step.g));
      ++shown.total[size_t(run.bar.back())];
    }
  }
}

int WatchChart::bar_of(int64_t g) const {
  if (bars_ == 0) return -1;
  const int64_t bar = (g - first_) / width_;
  return bar < 0 || bar >= int64_t(bars_) ? -1 : int(bar);
}

const ChartBars& WatchChart::at(size_t k, uint64_t taken, bool finished) {
  Run& run = runs_[k];
  taken = std::min<uint64_t>(taken, run.bar.size());
  for (; run.counted < taken; ++run.counted) ++run.shown.taken[size_t(run.bar[run.counted])];
  for (; run.counted > taken; --run.counted) --run.shown.taken[size_t(run.bar[run.counted - 1])];
  run.shown.current = taken == 0 ? -1 : run.bar[taken - 1];
  run.shown.path.clear();
  if (finished && run.trace && run.trace->ends_at_goal)
    for (uint32_t s : run.trace->solution_steps())  // each bar once
      if (run.shown.path.empty() || run.shown.path.back() != run.bar[s])
        run.shown.path.push_back(run.bar[s]);
  return run.shown;
}

}  // namespace puzzlelab::shell
