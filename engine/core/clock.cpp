#include "core/clock.h"

#include <chrono>

#if !defined(__EMSCRIPTEN__)
#include <ctime>
#endif

namespace puzzlelab {

namespace {

class SteadyClock final : public Clock {
 public:
  double now_ms() const override {
    using namespace std::chrono;
    return duration<double, std::milli>(steady_clock::now().time_since_epoch()).count();
  }
};

#if !defined(__EMSCRIPTEN__)
class ThreadCpuClock final : public Clock {
 public:
  double now_ms() const override {
    timespec ts{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return 1e3 * static_cast<double>(ts.tv_sec) + 1e-6 * static_cast<double>(ts.tv_nsec);
  }
};
#endif

}  // namespace

const Clock& steady_clock() {
  static const SteadyClock clock;
  return clock;
}

const Clock& thread_cpu_clock() {
#if defined(__EMSCRIPTEN__)
  return steady_clock();
#else
  static const ThreadCpuClock clock;
  return clock;
#endif
}

double ManualClock::now_ms() const {
  reads_.fetch_add(1);
  double now = now_.load();
  while (!now_.compare_exchange_weak(now, now + tick_)) {
  }
  return now;
}

void ManualClock::advance(double ms) {
  double now = now_.load();
  while (!now_.compare_exchange_weak(now, now + ms)) {
  }
}

}  // namespace puzzlelab
