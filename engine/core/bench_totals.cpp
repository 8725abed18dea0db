#include "core/bench_totals.h"

#include <charconv>
#include <cstdio>
#include <vector>

#include "core/clock.h"
#include "core/cpu_clock.h"
#include "core/text.h"

namespace puzzlelab {

std::optional<int64_t> stated_cost(std::string_view line) {
  const std::vector<text::Token> words = text::split_words(line, 2);
  if (words.size() < 2) return std::nullopt;
  const std::string_view first = words[0].text;
  int64_t cost = 0;
  const auto [end, err] = std::from_chars(first.data(), first.data() + first.size(), cost);
  if (err != std::errc() || end != first.data() + first.size() || cost < 0) return std::nullopt;
  return cost;
}

namespace {

double wall_seconds_now() {
  return steady_clock().now_ms() / 1000;
}

}  // namespace

BenchClock::BenchClock() : cpu_start_(cpu_seconds()), wall_start_(wall_seconds_now()) {}

void BenchClock::add_to(BenchTotals& totals) const {
  totals.seconds += cpu_seconds() - cpu_start_;
  totals.wall_seconds += wall_seconds_now() - wall_start_;
}

std::string format_bench_totals(std::string_view puzzle_id, std::string_view cost_name,
                                const BenchTotals& t, int repeats) {
  char line[320];
  const double per_second = t.seconds > 0 ? static_cast<double>(t.puzzles) / t.seconds : 0;
  std::snprintf(line, sizeof line,
                "%s: %zu puzzles in %.3f s CPU, %.3f s wall (fastest of %d): %.1f puzzles/s "
                "(%.3f ms/puzzle, CPU)\n"
                "  total cost %lld %s, %llu states expanded, %zu stated costs checked, %zu "
                "failures\n",
                std::string(puzzle_id).c_str(), t.puzzles, t.seconds, t.wall_seconds, repeats,
                per_second, t.puzzles ? 1000 * t.seconds / static_cast<double>(t.puzzles) : 0.0,
                static_cast<long long>(t.cost), std::string(cost_name).c_str(),
                static_cast<unsigned long long>(t.expanded), t.checked, t.failures);
  return line;
}

}  // namespace puzzlelab
