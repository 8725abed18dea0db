// The one clock every time budget reads: the search monitor's, Bender's
// anneal and walk searches, Compare's rows, the worker protocol's replies,
// the generators and the enumerator. Each takes a Clock (SolveOptions::clock
// and the like); none reads the system's clocks itself, so a test can hand
// in a ManualClock and no test waits on the wall clock. The steady clock is
// the default everywhere (Bender's budget: this thread's CPU time).
#pragma once

#include <atomic>

namespace puzzlelab {

class Clock {
 public:
  virtual ~Clock() = default;
  // Milliseconds from a fixed start (any start: only differences count).
  virtual double now_ms() const = 0;
};

// std::chrono::steady_clock: the default of every budget.
const Clock& steady_clock();
// This thread's CPU time natively, so that a budget buys the same search on
// a loaded machine as on an idle one (a wall clock counts the other
// processes' turns too); under WebAssembly, which has no thread CPU clock,
// the steady clock (the worker runs alone on its thread).
const Clock& thread_cpu_clock();
// `clock`, or the steady clock for nullptr.
inline const Clock& clock_or_steady(const Clock* clock) {
  return clock ? *clock : steady_clock();
}

// A clock a test moves by hand. It reads `start_ms` until advanced; with
// `tick_ms`, every read moves it on by that much after reading, so a search
// that reads its clock every so often advances it itself, deterministically.
// Safe to read and advance from several threads.
class ManualClock final : public Clock {
 public:
  explicit ManualClock(double start_ms = 0, double tick_ms = 0) : now_(start_ms), tick_(tick_ms) {}
  double now_ms() const override;
  void advance(double ms);
  void set(double ms) { now_.store(ms); }
  // How often the clock was read.
  long reads() const { return reads_.load(); }

 private:
  mutable std::atomic<double> now_;
  mutable std::atomic<long> reads_{0};
  double tick_;
};

}  // namespace puzzlelab
