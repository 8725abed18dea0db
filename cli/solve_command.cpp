// puzzlelab solve PUZZLE [FILE|-] [--json | --output FORMAT] ...
#include <cstdio>
#include <ostream>

#include "commands.h"
#include "core/json_writer.h"

namespace puzzlelab::cli {

namespace {

struct SolveCommand {
  PuzzleArgs puzzle;
  std::string file = "-";
  SolveArgs solve;
  std::string output;  // --output FORMAT, empty for the usual text
};

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

// Prints one result; returns its exit code.
int print_result(const BoardReader& reader, const Game& start, const SolveResult& result,
                 const SolveCommand& command, Io& io) {
  const PuzzleInfo& info = *reader.info;
  const bool solved = result.status == SolveStatus::solved;
  if (command.solve.json) {
    io.out << dump_json(solve_result_json(result)) << "\n";
  } else if (solved && !command.output.empty()) {
    const auto text = info.hooks.format_answer
                          ? info.hooks.format_answer(start, result, command.output)
                          : std::nullopt;
    if (!text) {
      io.err << "puzzlelab: " << info.id << " has no output format '" << command.output << "'\n";
      return kBadInput;
    }
    io.out << *text;
    if (!text->empty() && text->back() != '\n') io.out << "\n";
  } else if (info.hooks.one_puzzle_per_line || (info.hooks.answer_only && solved)) {
    io.out << status_line(result) << "\n";
  } else if (solved) {
    io.out << result.cost << "\n" << result.answer << "\n";
  } else if (result.status == SolveStatus::unsolvable) {
    io.out << "no solution\n";
  } else if (result.status == SolveStatus::ambiguous) {
    io.out << "multiple solutions\n";
  }
  if (result.status == SolveStatus::budget_exceeded || result.status == SolveStatus::cancelled) {
    io.err << "puzzlelab: gave up: " << result.message << "\n";
  }
  if (result.status == SolveStatus::invalid) io.err << "puzzlelab: " << result.message << "\n";
  return exit_code(result.status);
}

// Live counters on a terminal, rewritten in place.
void show_progress(const SolveProgress& progress, Io& io) {
  char line[128];
  std::snprintf(line, sizeof line, "\r%12llu states expanded, bound %lld, %.1f s ",
                static_cast<unsigned long long>(progress.stats.expanded),
                static_cast<long long>(progress.bound), progress.stats.elapsed_ms / 1000);
  io.err << line << std::flush;
}

// Parses and solves one puzzle and prints the outcome; returns the exit code.
int solve_text(const BoardReader& reader, std::string_view text, const SolveOptions& options,
               const SolveCommand& command, Io& io, int line_number) {
  auto game = reader.parse(text);
  if (!game) {
    report_parse_error(game.error(), line_number, io);
    if (line_number > 0)
      io.out << (command.solve.json ? "{\"status\":\"invalid\"}" : "error") << "\n";
    return kBadInput;
  }
  const SolveResult result = game.value()->solve(options);
  if (options.progress) io.err << "\r" << std::string(60, ' ') << "\r" << std::flush;
  return print_result(reader, *game.value(), result, command, io);
}

int run_solve(const SolveCommand& command, Context& context) {
  Io& io = context.io;
  const auto reader = board_reader(command.puzzle, context);
  if (!reader) return kBadInput;
  SolveOptions options = command.solve.options();
  if (command.solve.progress || io.err_is_terminal) {
    options.progress = [&io](const SolveProgress& p) { show_progress(p, io); };
  }
  const auto input = read_input(command.file, io);
  if (!input) return kBadInput;
  return for_each_puzzle(*reader, *input, io, [&](std::string_view text, int line_number) {
    return solve_text(*reader, text, options, command, io, line_number);
  });
}

}  // namespace

void add_solve_command(CLI::App& root, const std::vector<const PuzzleInfo*>& puzzles,
                       Action& chosen) {
  auto command = std::make_shared<SolveCommand>();
  CLI::App* app = root.add_subcommand(
      "solve", "Solve a board (or each line of a batch file): prints the cost, then the moves");
  add_puzzle_argument(*app, command->puzzle, puzzles);
  app->add_option("FILE", command->file, "the board: a file, or '-' for standard input (default)")
      ->type_name("");
  add_solve_options(*app, command->solve);
  app->add_option("--output", command->output, "print the solution in this puzzle-specific format")
      ->type_name("FORMAT")
      ->excludes("--json");
  app->callback([command, &chosen] {
    chosen = [command](Context& context) { return run_solve(*command, context); };
  });
}

}  // namespace puzzlelab::cli
