// puzzlelab hint / rate / generate: the optional extras a puzzle may offer,
// under the budgets every long job takes (job_budget.h).
#include <ostream>

#include "commands.h"
#include "core/json_writer.h"

namespace puzzlelab::cli {

namespace {

struct HintCommand {
  PuzzleArgs puzzle;
  std::string board;
  bool json = false;
  BudgetArgs budget;
};

struct RateCommand {
  PuzzleArgs puzzle;
  std::string file = "-";
  BudgetArgs budget;
};

struct GenerateCommand {
  std::string puzzle;
  std::string difficulty;
  uint64_t seed = 1;
  BudgetArgs budget;
};

// A hint that stopped (a budget, Ctrl-C) says which on standard error.
void report_stopped_hint(const Hint& hint, const JobBudget& budget, Io& io) {
  if (hint.status != SolveStatus::budget_exceeded && hint.status != SolveStatus::cancelled) return;
  const auto why = budget.stop();
  io.err << "puzzlelab: gave up: "
         << (why ? budget.stop_message(*why) : "the quick search's budget ran out") << "\n";
}

// Exit codes as for a solve: 0 a hint, 2 no solution (or not a unique one),
// 3 the quick search ran out of budget or was interrupted.
int run_hint(const HintCommand& command, Context& context) {
  Io& io = context.io;
  const std::unique_ptr<Game> game = read_game(command.puzzle, command.board, context);
  if (!game) return kBadInput;
  const InterruptScope interrupts;
  const JobBudget budget(command.budget);
  const auto hint = game->hint(budget.bound(SolveOptions{}));
  if (!hint) {
    io.out << (game->is_solved() ? "already solved" : "no hint available") << "\n";
    return kOk;
  }
  if (command.json) {
    io.out << dump_json(hint_json(*hint)) << "\n";
  } else {
    io.out << hint->explanation << "\n";  // a sentence that names the technique
    if (!hint->moves.empty()) {
      io.out << "moves:";
      for (const std::string& move : hint->moves) io.out << " " << move;
      io.out << "\n";
    }
  }
  report_stopped_hint(*hint, budget, io);
  return exit_code(hint->status);
}

// Rates one puzzle; returns its exit code (kOk with a rating; kNoSolution
// when it has no one solution to rate, said on the output line).
int rate_text(const BoardReader& reader, std::string_view text, int line_number,
              const JobBudget& budget, Io& io) {
  auto game = reader.parse(text);
  if (!game) {
    report_parse_error(game.error(), line_number, io);
    io.out << "error\n";
    return kBadInput;
  }
  // Each puzzle has the budgets afresh, as solve gives them; the time
  // budget is the whole run's.
  const auto rating = game.value()->rate(budget.bound(SolveOptions{}));
  if (!rating) {
    io.err << "puzzlelab: " << reader.info->id << " has no difficulty rating\n";
    return kBadInput;
  }
  io.out << rating->text << "\n";
  return exit_code(rating->status);
}

// Rates each puzzle of the input until the budget stops the run; then the
// rest are not rated, and a summary on standard error says how many were.
int run_rate(const RateCommand& command, Context& context) {
  Io& io = context.io;
  const auto reader = board_reader(command.puzzle, context);
  if (!reader) return kBadInput;
  const auto input = read_input(command.file, io);
  if (!input) return kBadInput;
  const InterruptScope interrupts;
  const JobBudget budget(command.budget);
  std::optional<SolveStatus> stopped;
  size_t rated = 0, skipped = 0;
  const int code =
      for_each_puzzle(*reader, *input, io, [&](std::string_view text, int line_number) {
        if (!stopped) stopped = budget.stop();
        if (stopped) {
          ++skipped;
          return kGaveUp;
        }
        ++rated;
        return rate_text(*reader, text, line_number, budget, io);
      });
  if (!stopped) stopped = budget.stop();  // the last one may have been cut short
  if (stopped) {
    io.err << "puzzlelab: gave up: " << budget.stop_message(*stopped) << ": "
           << text::amount(int64_t(rated), "puzzles") << " rated, "
           << text::amount(int64_t(skipped), "puzzles") << " not: the output is incomplete\n";
    return code == kBadInput ? kBadInput : kGaveUp;
  }
  return code;
}

int run_generate(const GenerateCommand& command, Context& context) {
  Io& io = context.io;
  const auto reader = board_reader({command.puzzle, {}}, context);
  if (!reader) return kBadInput;
  const PuzzleInfo& info = *reader->info;
  if (!info.generate) {
    io.err << "puzzlelab: " << info.id << " has no generator\n";
    return kBadInput;
  }
  GenerateOptions options;
  options.difficulty = command.difficulty;
  if (options.difficulty.empty() && !info.difficulties.empty()) {
    options.difficulty = info.difficulties.front();
  }
  options.seed = command.seed;
  options.node_budget = command.budget.nodes;
  options.memory_budget_bytes = command.budget.memory_bytes();
  options.time_budget_ms = static_cast<double>(command.budget.time_ms);
  const Generated game = info.generate(options);
  if (!game) {
    const int code = exit_code(game.status);
    io.err << "puzzlelab: " << (code == kGaveUp ? "gave up: " : "") << game.message << "\n";
    return code;
  }
  io.out << game.game->format() << "\n";
  return kOk;
}

}  // namespace

void add_hint_command(CLI::App& root, const std::vector<const PuzzleInfo*>& puzzles,
                      Action& chosen) {
  auto command = std::make_shared<HintCommand>();
  CLI::App* app = root.add_subcommand("hint", "The next step, explained.");
  add_puzzle_argument(*app, command->puzzle, puzzles);
  add_board_argument(*app, command->board);
  app->add_flag("--json", command->json, "the hint as one JSON object");
  add_budget_options(*app, command->budget,
                     "node budget of the quick search (0: the puzzle's own, small)");
  app->callback([command, &chosen] {
    chosen = [command](Context& context) { return run_hint(*command, context); };
  });
}

void add_rate_command(CLI::App& root, const std::vector<const PuzzleInfo*>& puzzles,
                      Action& chosen) {
  auto command = std::make_shared<RateCommand>();
  CLI::App* app = root.add_subcommand("rate", "The difficulty of each puzzle.");
  add_puzzle_argument(*app, command->puzzle, puzzles);
  app->add_option("FILE", command->file, "a file, or '-' for standard input (default)")
      ->type_name("");
  add_budget_options(*app, command->budget, "node budget of each puzzle (0: default)");
  app->callback([command, &chosen] {
    chosen = [command](Context& context) { return run_rate(*command, context); };
  });
}

void add_generate_command(CLI::App& root, const std::vector<const PuzzleInfo*>& puzzles,
                          Action& chosen) {
  auto command = std::make_shared<GenerateCommand>();
  CLI::App* app = root.add_subcommand("generate", "A new puzzle, the same for the same seed.");
  std::string ids;
  for (const PuzzleInfo* info : puzzles) {
    if (info->generate) ids += (ids.empty() ? "" : ", ") + std::string(info->id);
  }
  app->add_option("PUZZLE", command->puzzle, "one of: " + ids)->type_name("");
  app->add_option("--difficulty", command->difficulty,
                  "a difficulty the puzzle names (default: its first)")
      ->type_name("NAME");
  add_count_option(*app, "--seed", command->seed, "the seed (default 1)");
  add_budget_options(*app, command->budget,
                     "node budget over the whole run (0: the generator's default)");
  app->callback([command, &chosen] {
    chosen = [command](Context& context) { return run_generate(*command, context); };
  });
}

}  // namespace puzzlelab::cli
