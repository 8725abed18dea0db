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

int run_rate(const RateCommand& command, Context& context) {
  Io& io = context.io;
  const auto reader = board_reader(command.puzzle, context);
  if (!reader) return kBadInput;
  const auto input = read_input(command.file, io);
  if (!input) return kBadInput;
  std::vector<std::string> puzzles;
  if (reader->info->one_puzzle_per_line && !reader->is_single_puzzle(*input)) {
    for (const text::Line& line : puzzle_lines(*input)) puzzles.emplace_back(line.text);
  } else {
    puzzles.push_back(*input);
  }
  int code = kOk;
  for (const std::string& text : puzzles) {
    auto game = reader->parse(text);
    if (!game) {
      io.err << "puzzlelab: " << game.error().describe() << "\n";
      io.out << "error\n";
      code = kBadInput;
      continue;
    }
    const auto rating = game.value()->rate();
    if (!rating) {
      io.err << "puzzlelab: " << reader->info->id << " has no difficulty rating\n";
      return kBadInput;
    }
    io.out << *rating << "\n";
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
  auto game = info.generate(options);
  if (!game) {
    io.err << "puzzlelab: " << game.error().describe() << "\n";
    return kBadInput;
  }
  io.out << game.value()->format() << "\n";
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
  app->callback([command, &chosen] {
    chosen = [command](Context& context) { return run_generate(*command, context); };
  });
}

}  // namespace puzzlelab::cli
