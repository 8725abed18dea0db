// The clock Bender's time budget reads, in milliseconds from any fixed
// start: this thread's CPU time natively, so that a budget buys the same
// search on a loaded machine as on an idle one (a wall clock counts the other
// processes' turns too). Under WebAssembly, which has no thread CPU clock,
// the worker's monotonic clock (it runs alone on its thread).
#pragma once

#include <limits>

#if defined(__EMSCRIPTEN__)
#include <chrono>
#else
#include <ctime>
#endif

namespace puzzlelab::bender {

inline double budget_clock_ms() {
#if defined(__EMSCRIPTEN__)
  using namespace std::chrono;
  return duration<double, std::milli>(steady_clock::now().time_since_epoch()).count();
#else
  timespec ts{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return 1e3 * static_cast<double>(ts.tv_sec) + 1e-6 * static_cast<double>(ts.tv_nsec);
#endif
}

// A point on that clock after which a search stops; checked every so often.
struct Deadline {
  double at_ms = std::numeric_limits<double>::infinity();
  bool passed() const {
    return at_ms != std::numeric_limits<double>::infinity() && budget_clock_ms() >= at_ms;
  }
};

}  // namespace puzzlelab::bender
