// puzzlelab hint / rate / generate: the optional extras a puzzle may offer.
#include <ostream>

#include "commands.h"
#include "core/json_writer.h"

namespace puzzlelab::cli {

namespace {

struct HintCommand {
  PuzzleArgs puzzle;
  std::string board;
  bool json = false;
};

struct RateCommand {
  PuzzleArgs puzzle;
  std::string file = "-";
};

struct GenerateCommand {
  std::string puzzle;
  std::string difficulty;
  uint64_t seed = 1;
  uint64_t nodes = 0;
  uint64_t memory_mb = 0;
  uint64_t time_ms = 0;
};

int run_hint(const HintCommand& command, Context& context) {
  Io& io = context.io;
  const std::unique_ptr<Game> game = read_game(command.puzzle, command.board, context);
  if (!game) return kBadInput;
  const auto hint = game->hint();
  if (!hint) {
    io.out << (game->is_solved() ? "already solved" : "no hint available") << "\n";
    return kOk;
  }
  if (command.json) {
    io.out << dump_json(hint_json(*hint)) << "\n";
    return kOk;
  }
  io.out << hint->explanation << "\n";  // a sentence that names the technique
  if (!hint->moves.empty()) {
    io.out << "moves:";
    for (const std::string& move : hint->moves) io.out << " " << move;
    io.out << "\n";
  }
  return kOk;
}

// Rates one puzzle; returns its exit code (kOk with a rating; kNoSolution
// when it has no one solution to rate, said on the output line).
int rate_text(const BoardReader& reader, std::string_view text, int line_number, Io& io) {
  auto game = reader.parse(text);
  if (!game) {
    report_parse_error(game.error(), line_number, io);
    io.out << "error\n";
    return kBadInput;
  }
  const auto rating = game.value()->rate();
  if (!rating) {
    io.err << "puzzlelab: " << reader.info->id << " has no difficulty rating\n";
    return kBadInput;
  }
  io.out << rating->text << "\n";
  return exit_code(rating->status);
}

int run_rate(const RateCommand& command, Context& context) {
  Io& io = context.io;
  const auto reader = board_reader(command.puzzle, context);
  if (!reader) return kBadInput;
  const auto input = read_input(command.file, io);
  if (!input) return kBadInput;
  return for_each_puzzle(*reader, *input, io, [&](std::string_view text, int line_number) {
    return rate_text(*reader, text, line_number, io);
  });
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
  options.node_budget = command.nodes;
  options.memory_budget_bytes =
      command.memory_mb > (UINT64_MAX >> 20) ? UINT64_MAX : command.memory_mb << 20;
  options.time_budget_ms = static_cast<double>(command.time_ms);
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
  add_count_option(*app, "--nodes", command->nodes,
                   "node budget over the whole run (0: the generator's default)");
  add_count_option(*app, "--memory-mb", command->memory_mb, "memory budget in MiB (0: default)");
  add_count_option(*app, "--time-ms", command->time_ms, "time budget in ms (0: none)");
  app->callback([command, &chosen] {
    chosen = [command](Context& context) { return run_generate(*command, context); };
  });
}

}  // namespace puzzlelab::cli
