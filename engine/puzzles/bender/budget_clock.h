// The clock Bender's time budget reads (core/clock.h): the solve's own clock
// when it was given one (SolveOptions::clock: a test's ManualClock), else
// this thread's CPU time, so that a budget buys the same search on a loaded
// machine as on an idle one.
#pragma once

#include <limits>

#include "core/clock.h"
#include "core/puzzle.h"

namespace puzzlelab::bender {

inline const Clock& budget_clock(const SolveOptions& options) {
  return options.clock ? *options.clock : thread_cpu_clock();
}

// A point on a clock after which a search stops; checked every so often.
// No clock: none (never passes).
struct Deadline {
  const Clock* clock = nullptr;
  double at_ms = std::numeric_limits<double>::infinity();

  bool passed() const { return clock && clock->now_ms() >= at_ms; }
  // `ms` from now on `on`.
  static Deadline in(const Clock& on, double ms) { return {&on, on.now_ms() + ms}; }
};

}  // namespace puzzlelab::bender
