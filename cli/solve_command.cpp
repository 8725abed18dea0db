// puzzlelab solve PUZZLE [FILE|-] [--json] ...
#include <cstdio>
#include <ostream>

#include "api/solve_protocol.h"
#include "commands.h"
#include "core/text.h"

namespace puzzlelab::cli {

namespace {

constexpr const char* kSolveUsage =
    "usage: puzzlelab solve PUZZLE [FILE|-] [--metric M] [--algorithm A] [--json] [--progress]\n"
    "                       [--nodes N] [--memory-mb MB] [--time-ms MS] [--seed S]\n";

int exit_code(SolveStatus status) {
  switch (status) {
    case SolveStatus::solved:
      return kOk;
    case SolveStatus::unsolvable:
    case SolveStatus::ambiguous:
      return kNoSolution;
    case SolveStatus::budget_exceeded:
    case SolveStatus::cancelled:
      return kGaveUp;
    case SolveStatus::invalid:
      return kBadInput;
  }
  return kBadInput;
}

// A one-line summary for puzzles whose answer is printed per input line.
std::string status_line(const SolveResult& result) {
  switch (result.status) {
    case SolveStatus::solved:
      return result.answer;
    case SolveStatus::unsolvable:
      return "no solution";
    case SolveStatus::ambiguous:
      return "multiple solutions";
    default:
      return "gave up: " + result.message;
  }
}

void print_result(const PuzzleInfo& info, const SolveResult& result, bool json, Io& io) {
  if (json) {
    io.out << result_to_json(result) << "\n";
  } else if (info.one_puzzle_per_line ||
             (info.answer_only && result.status == SolveStatus::solved)) {
    io.out << status_line(result) << "\n";
  } else if (result.status == SolveStatus::solved) {
    io.out << result.cost << "\n" << result.answer << "\n";
  } else if (result.status == SolveStatus::unsolvable) {
    io.out << "no solution\n";
  } else if (result.status == SolveStatus::ambiguous) {
    io.out << "multiple solutions\n";
  }
  if (result.status == SolveStatus::budget_exceeded || result.status == SolveStatus::cancelled) {
    io.err << "puzzlelab: gave up: " << result.message << "\n";
  }
}

// Live counters on a terminal, rewritten in place.
void show_progress(const SolveProgress& progress, Io& io) {
  char line[128];
  std::snprintf(line, sizeof line, "\r%12llu states expanded, bound %lld, %.1f s ",
                static_cast<unsigned long long>(progress.stats.expanded),
                static_cast<long long>(progress.bound), progress.stats.elapsed_ms / 1000);
  io.err << line << std::flush;
}

SolveResult solve_text(const PuzzleInfo& info, std::string_view text, const SolveOptions& options,
                       bool& parse_failed, Io& io, int line_number) {
  auto game = info.parse(text);
  if (!game) {
    ParseError error = game.error();
    if (line_number > 0 && error.line <= 1) error.line = line_number;
    io.err << "puzzlelab: " << error.describe() << "\n";
    parse_failed = true;
    return SolveResult::invalid(error.describe());
  }
  SolveResult result = game.value()->solve(options);
  if (result.status == SolveStatus::invalid) io.err << "puzzlelab: " << result.message << "\n";
  return result;
}

// Puzzles like Sudoku: every non-blank, non-comment line is a puzzle.
int solve_each_line(const PuzzleInfo& info, const std::string& input, const SolveOptions& options,
                    bool json, Io& io) {
  int worst = kOk;
  for (const text::Line& line : puzzle_lines(input)) {
    bool parse_failed = false;
    const SolveResult result = solve_text(info, line.text, options, parse_failed, io, line.number);
    if (parse_failed) {
      io.out << (json ? "{\"status\":\"invalid\"}" : "error") << "\n";
      worst = kBadInput;
      continue;
    }
    print_result(info, result, json, io);
    if (worst == kOk) worst = exit_code(result.status);
  }
  return worst;
}

}  // namespace

bool is_single_puzzle(const PuzzleInfo& info, const std::string& input) {
  const std::vector<text::Line> lines = puzzle_lines(input);
  // A batch file's first puzzle stands on its own line; a grid does not.
  return !lines.empty() && !info.parse(lines[0].text).ok() && info.parse(input).ok();
}

int solve_command(const std::vector<std::string>& words, Io& io) {
  std::string error;
  const auto args = parse_args(words, solve_option_spec(), error);
  if (!args) return usage_error(io, error, kSolveUsage);
  if (args->positional.size() > 2) return usage_error(io, "too many arguments", kSolveUsage);
  const PuzzleInfo* info = puzzle_argument(*args, io);
  if (!info) return kBadInput;
  auto options = solve_options(*args, io);
  if (!options) return kBadInput;
  if (args->has("--progress") || io.err_is_terminal) {
    options->progress = [&io](const SolveProgress& p) { show_progress(p, io); };
  }
  const auto input = read_input(args->positional.size() > 1 ? args->positional[1] : "-", io);
  if (!input) return kBadInput;

  const bool json = args->has("--json");
  if (info->one_puzzle_per_line && !is_single_puzzle(*info, *input)) {
    return solve_each_line(*info, *input, *options, json, io);
  }
  bool parse_failed = false;
  const SolveResult result = solve_text(*info, *input, *options, parse_failed, io, 0);
  if (options->progress) io.err << "\r" << std::string(60, ' ') << "\r" << std::flush;
  if (parse_failed) return kBadInput;
  print_result(*info, result, json, io);
  return exit_code(result.status);
}

}  // namespace puzzlelab::cli
