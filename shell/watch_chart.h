// "Watch the search" on a space too big to draw: a states-per-layer chart
// for each search, one bar per layer of its g (moves or cost from the
// start, a few layers to a bar when there are many), filling as the replay
// plays. Every count is the trace's: a bar holds the steps whose g lies in
// its layers, so a chart's bars add up to the steps taken. Where the whole
// space is known (a picture that holds it all, every move costing one,
// made from the searches' start), each bar also says how many states lie
// at those depths. No ImGui here: the app draws it (layer_histogram.h).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "core/space.h"
#include "core/trace.h"

namespace puzzlelab::shell {

// One search's chart, as drawn: each bar's layers (from..to, g), the
// states taken so far and in the whole trace, how many exist (empty: not
// known), the bar of the state taken last (-1: none) and, once the search
// is over, the bars of its solution's states.
struct ChartBars {
  std::vector<int64_t> from, to;
  std::vector<uint64_t> taken, total;
  std::vector<uint64_t> exist;
  int current = -1;
  std::vector<int> path;
};

// The round widths a bar may span: 1, 2, 5, 10, 20, 50, ...; the least
// that fits the layers `first` to `last` in `most_bars` bars.
int64_t chart_width(int64_t first, int64_t last, size_t most_bars);

class WatchChart {
 public:
  // Lays the bars out for the traces (nullptr: a search without one): at
  // most `most_bars` bars of one round width, from the least g taken to the
  // most. `whole` (may be nullptr): a complete space of unit moves, made
  // from the traces' start, whose depths count the states that exist.
  void lay_out(const std::vector<const SearchTrace*>& traces, size_t most_bars, const Space* whole);
  bool empty() const { return bars_ == 0; }
  size_t bars() const { return bars_; }
  size_t most_bars() const { return most_bars_; }
  int64_t first() const { return first_; }
  int64_t width() const { return width_; }
  int bar_of(int64_t g) const;
  // Run `k`'s bars with its first `taken` steps counted: counting moves on
  // (or back) from the last call's step, one step at a time.
  const ChartBars& at(size_t k, uint64_t taken, bool finished);

 private:
  struct Run {
    const SearchTrace* trace = nullptr;
    std::vector<int> bar;  // each step's bar
    uint64_t counted = 0;
    ChartBars shown;
  };
  std::vector<Run> runs_;
  size_t bars_ = 0, most_bars_ = 0;
  int64_t first_ = 0, width_ = 1;
};

}  // namespace puzzlelab::shell
