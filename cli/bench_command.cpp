// puzzlelab bench PUZZLE FILE...: solves every puzzle of the files (a puzzle
// a line, or a whole file holding one puzzle), checks stated costs, and
// prints throughput figures.
#include <algorithm>
#include <cstdio>
#include <fstream>
#include <ostream>
#include <sstream>

#include "commands.h"
#include "core/bench_totals.h"
#include "core/text.h"

namespace puzzlelab::cli {

namespace {

struct BenchCommand {
  PuzzleArgs puzzle;
  std::vector<std::string> files;
  SolveArgs solve;
  uint64_t repeats = 1;
};

void bench_line(const BoardReader& reader, const text::Line& line, const SolveOptions& options,
                BenchTotals& totals, Io& io) {
  const PuzzleInfo& info = *reader.info;
  auto game = reader.parse(line.text);
  if (!game) {
    io.err << "line " << line.number << ": " << game.error().message << "\n";
    ++totals.failures;
    return;
  }
  const BenchClock clock;
  const SolveResult result = game.value()->solve(options);
  clock.add_to(totals);
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
             << cost_unit(info, "") << ", solver found " << result.cost << "\n";
      ++totals.failures;
    }
  }
}

void print_totals(const PuzzleInfo& info, const BenchTotals& totals, int repeats, Io& io) {
  io.out << format_bench_totals(info.id, cost_unit(info, ""), totals, repeats);
}

// One pass over every line; problems are reported only when `report` is set
// (the first pass), so repeats do not print them again.
BenchTotals bench_pass(const BoardReader& reader, const std::vector<text::Line>& lines,
                       const SolveOptions& options, Io& io, bool report) {
  std::ostringstream quiet;
  Io pass_io{io.in, io.out, report ? io.err : quiet, false};
  BenchTotals totals;
  for (const text::Line& line : lines) bench_line(reader, line, options, totals, pass_io);
  return totals;
}

// The puzzles of one file: the whole file when it is one puzzle spread over
// several lines (an Amphipod diagram, a Tree of Life input, a Bender map, a
// Sudoku grid), otherwise every line that holds one.
void add_puzzles(const BoardReader& reader, const std::string& input,
                 std::vector<text::Line>& puzzles) {
  const text::PuzzleLines lines(input);
  const std::vector<text::Line> first = lines.first(2);
  const bool whole = first.size() != 1 && reader.parse(input).ok() &&
                     (first.empty() || !reader.parse(first[0].text).ok());
  if (whole) {
    puzzles.push_back({input, 1});
  } else {
    for (const text::Line& line : lines) puzzles.push_back(line);
  }
}

// Whether a file can be handed to a puzzle a line at a time without holding
// it: a named file whose first puzzle line is a puzzle by itself, so that
// add_puzzles would read it line by line too.
bool is_line_batch(const BoardReader& reader, const std::string& path) {
  if (path.empty() || path == "-") return false;
  std::ifstream file(path, std::ios::binary);
  for (std::string line; std::getline(file, line);) {
    for (const text::Line& puzzle : text::PuzzleLines(line)) return reader.parse(puzzle.text).ok();
  }
  return false;
}

// The puzzle lines of the files, read a line at a time (as add_puzzles cuts
// them) each time the feed is called.
PuzzleFeed line_feed(const std::vector<std::string>& files) {
  return [&files](const std::function<void(std::string_view)>& take) {
    for (const std::string& path : files) {
      std::ifstream file(path, std::ios::binary);
      for (std::string line; std::getline(file, line);) {
        for (const text::Line& puzzle : text::PuzzleLines(line)) take(puzzle.text);
      }
    }
  };
}

int run_bench(const BenchCommand& command, Context& context) {
  Io& io = context.io;
  const auto reader = board_reader(command.puzzle, context);
  if (!reader) return kBadInput;
  const PuzzleInfo& info = *reader->info;
  const int repeats = static_cast<int>(std::min<uint64_t>(command.repeats, 1'000'000));
  // A batch too big to hold as texts goes to the puzzle a line at a time.
  const bool fed =
      info.bench_feed && reader->rewrites.empty() &&
      std::all_of(command.files.begin(), command.files.end(),
                  [&](const std::string& file) { return is_line_batch(*reader, file); });
  if (fed) {
    const BenchReport report =
        info.bench_feed(line_feed(command.files), command.solve.options(), repeats);
    io.out << report.text;
    if (report.failures == 0) return kOk;
  }
  std::vector<std::string> inputs;  // kept alive: the lines view into them
  inputs.reserve(command.files.size());
  std::vector<text::Line> lines;
  for (const std::string& file : command.files) {
    auto input = read_input(file, io);
    if (!input) return kBadInput;
    inputs.push_back(std::move(*input));
    add_puzzles(*reader, inputs.back(), lines);
  }
  // The puzzle's own fast path, on what was read.
  const bool fast = reader->rewrites.empty() && (info.bench_feed || info.bench);
  if (fast && !fed) {
    BenchReport report;
    if (info.bench_feed) {
      report = info.bench_feed(
          [&lines](const std::function<void(std::string_view)>& take) {
            for (const text::Line& line : lines) take(line.text);
          },
          command.solve.options(), repeats);
    } else {
      std::vector<std::string> texts;
      for (const text::Line& line : lines) texts.emplace_back(line.text);
      report = info.bench(texts, command.solve.options(), repeats);
    }
    io.out << report.text;
    if (report.failures == 0) return kOk;
  }
  if (fast) {
    // The fast path counts problems; one pass through Game names each by its line.
    bench_pass(*reader, lines, command.solve.options(), io, true);
    return kBadInput;
  }
  const SolveOptions options = command.solve.options();
  BenchTotals best = bench_pass(*reader, lines, options, io, true);
  for (int pass = 1; pass < repeats; ++pass) {
    const BenchTotals again = bench_pass(*reader, lines, options, io, false);
    if (again.seconds < best.seconds) best = again;
  }
  print_totals(info, best, repeats, io);
  return best.failures == 0 ? kOk : kBadInput;
}

}  // namespace

void add_bench_command(CLI::App& root, const std::vector<const PuzzleInfo*>& puzzles,
                       Action& chosen) {
  auto command = std::make_shared<BenchCommand>();
  CLI::App* app =
      root.add_subcommand("bench",
                          "Solve every puzzle of the files and print throughput figures: the "
                          "process's CPU time, with the wall time beside it");
  add_puzzle_argument(*app, command->puzzle, puzzles);
  app->add_option("FILE", command->files,
                  "a puzzle per line (a bare board, or 'COST BOARD' with a stated cost "
                  "that is checked) or one puzzle per file; '-' for standard input")
      ->required()
      ->type_name("");
  add_solve_options(*app, command->solve);
  add_count_option(*app, "--repeat", command->repeats,
                   "run N passes, report the fastest (least CPU time)", 1);
  app->callback([command, &chosen] {
    chosen = [command](Context& context) { return run_bench(*command, context); };
  });
}

}  // namespace puzzlelab::cli
