// What a batch benchmark adds up, and the two lines it prints: shared by the
// CLI's generic bench and the puzzles' own bench fast paths, so both read
// stated costs and report figures the same way.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace puzzlelab {

struct BenchTotals {
  size_t puzzles = 0;
  size_t checked = 0;  // lines with a stated cost
  size_t failures = 0;
  int64_t cost = 0;
  uint64_t expanded = 0;
  // The process's CPU time (user + system, all its threads; core/cpu_clock.h)
  // spent in the timed solves: what the figures are. Wall time beside it,
  // which also counts other processes' turns on a busy machine.
  double seconds = 0;
  double wall_seconds = 0;
};

// Times one piece of work in both clocks: start it before, add() after.
class BenchClock {
 public:
  BenchClock();
  void add_to(BenchTotals& totals) const;

 private:
  double cpu_start_;
  double wall_start_;
};

// A stated cost is a leading whole number on a line with more than one word
// ("60 IBBxoo...").
std::optional<int64_t> stated_cost(std::string_view line);

// "rushhour: 75 puzzles in 0.032 s CPU, 0.033 s wall (fastest of 10): ... \n
//  total cost ...\n": the rates are per CPU second; the fastest pass is the
// one that used the least CPU time.
std::string format_bench_totals(std::string_view puzzle_id, std::string_view cost_name,
                                const BenchTotals& totals, int repeats);

}  // namespace puzzlelab
