// puzzlelab bench PUZZLE FILE: solves every line, checks stated costs, and
// prints throughput figures.
#include <chrono>
#include <cstdio>
#include <ostream>
#include <sstream>

#include "commands.h"
#include "core/text.h"

namespace puzzlelab::cli {

namespace {

constexpr const char* kBenchUsage =
    "usage: puzzlelab bench PUZZLE FILE... [--metric M] [--algorithm A] [--nodes N] [--repeat R]\n"
    "  FILE: one puzzle per line, a bare board or 'COST BOARD [...]' with a stated cost\n"
    "  --repeat R: run R passes and report the fastest (default 1)\n";

struct BenchTotals {
  size_t puzzles = 0;
  size_t checked = 0;  // lines with a stated cost
  size_t failures = 0;
  int64_t cost = 0;
  uint64_t expanded = 0;
  double seconds = 0;
};

// A stated cost is a leading number on a line with more than one word.
std::optional<int64_t> stated_cost(std::string_view line) {
  const auto words = text::split_words(line);
  if (words.size() < 2) return std::nullopt;
  const auto count = parse_count(std::string(words[0].text));
  if (!count) return std::nullopt;
  return static_cast<int64_t>(*count);
}

void bench_line(const PuzzleInfo& info, const text::Line& line, const SolveOptions& options,
                BenchTotals& totals, Io& io) {
  auto game = info.parse(line.text);
  if (!game) {
    io.err << "line " << line.number << ": " << game.error().message << "\n";
    ++totals.failures;
    return;
  }
  const auto start = std::chrono::steady_clock::now();
  const SolveResult result = game.value()->solve(options);
  totals.seconds += std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  ++totals.puzzles;
  totals.expanded += result.stats.expanded;
  if (result.status != SolveStatus::solved) {
    io.err << "line " << line.number << ": " << to_string(result.status) << " " << result.message
           << "\n";
    ++totals.failures;
    return;
  }
  totals.cost += result.cost;
  if (const auto expected = stated_cost(line.text)) {
    ++totals.checked;
    if (*expected != result.cost) {
      io.err << "line " << line.number << ": MISMATCH: stated " << *expected << " "
             << info.cost_name << ", solver found " << result.cost << "\n";
      ++totals.failures;
    }
  }
}

void print_totals(const PuzzleInfo& info, const BenchTotals& t, int repeats, Io& io) {
  char line[256];
  const double per_second = t.seconds > 0 ? t.puzzles / t.seconds : 0;
  std::snprintf(line, sizeof line,
                "%s: %zu puzzles in %.3f s (fastest of %d): %.1f puzzles/s (%.3f ms/puzzle)\n"
                "  total cost %lld %s, %llu states expanded, %zu stated costs checked, %zu "
                "failures\n",
                std::string(info.id).c_str(), t.puzzles, t.seconds, repeats, per_second,
                t.puzzles ? 1000 * t.seconds / t.puzzles : 0.0, static_cast<long long>(t.cost),
                std::string(info.cost_name).c_str(), static_cast<unsigned long long>(t.expanded),
                t.checked, t.failures);
  io.out << line;
}

// One pass over every line; problems are reported only when `report` is set
// (the first pass), so repeats do not print them again.
BenchTotals bench_pass(const PuzzleInfo& info, const std::vector<text::Line>& lines,
                       const SolveOptions& options, Io& io, bool report) {
  std::ostringstream quiet;
  Io pass_io{io.in, io.out, report ? io.err : quiet, false};
  BenchTotals totals;
  for (const text::Line& line : lines) bench_line(info, line, options, totals, pass_io);
  return totals;
}

}  // namespace

int bench_command(const std::vector<std::string>& words, Io& io) {
  std::string error;
  OptionSpec spec = solve_option_spec();
  spec.with_values.insert("--repeat");
  const auto args = parse_args(words, spec, error);
  if (!args) return usage_error(io, error, kBenchUsage);
  if (args->positional.size() < 2) return usage_error(io, "need a puzzle and a file", kBenchUsage);
  const PuzzleInfo* info = puzzle_argument(*args, io);
  if (!info) return kBadInput;
  const auto options = solve_options(*args, io);
  if (!options) return kBadInput;
  const auto repeats = parse_count(args->value("--repeat").value_or("1"));
  if (!repeats || *repeats < 1)
    return usage_error(io, "--repeat needs a count of 1 or more", kBenchUsage);
  // Several files are read one after another (line numbers restart per file).
  std::vector<std::string> inputs;
  std::vector<text::Line> lines;
  inputs.reserve(args->positional.size());
  for (size_t f = 1; f < args->positional.size(); ++f) {
    auto input = read_input(args->positional[f], io);
    if (!input) return kBadInput;
    inputs.push_back(std::move(*input));
    for (const text::Line& line : puzzle_lines(inputs.back())) lines.push_back(line);
  }

  if (info->bench) {  // the puzzle's own fast path
    std::vector<std::string> texts;
    for (const text::Line& line : lines) texts.emplace_back(line.text);
    const BenchReport report = info->bench(texts, static_cast<int>(*repeats));
    io.out << report.text;
    if (report.failures) io.err << report.failures << " lines could not be read\n";
    return report.failures == 0 ? kOk : kBadInput;
  }
  BenchTotals best = bench_pass(*info, lines, *options, io, true);
  for (uint64_t pass = 1; pass < *repeats; ++pass) {
    const BenchTotals again = bench_pass(*info, lines, *options, io, false);
    if (again.seconds < best.seconds) best = again;
  }
  print_totals(*info, best, static_cast<int>(*repeats), io);
  return best.failures == 0 ? kOk : kBadInput;
}

}  // namespace puzzlelab::cli
