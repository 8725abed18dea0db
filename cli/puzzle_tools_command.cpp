// puzzlelab hint / rate / generate: the optional extras a puzzle may offer.
#include <ostream>

#include "commands.h"
#include "core/json_writer.h"
#include "core/text.h"

namespace puzzlelab::cli {

namespace {

constexpr const char* kHintUsage =
    "usage: puzzlelab hint PUZZLE BOARD [--json]  (BOARD '-' reads standard input)\n";
constexpr const char* kRateUsage = "usage: puzzlelab rate PUZZLE [FILE|-]\n";
constexpr const char* kGenerateUsage = "usage: puzzlelab generate PUZZLE --difficulty D --seed S\n";

std::string hint_json(const Hint& hint) {
  JsonWriter json;
  json.begin_object();
  json.key("technique").value(hint.technique);
  json.key("explanation").value(hint.explanation);
  json.key("moves").string_array(hint.moves);
  json.key("cells").begin_array();
  for (int cell : hint.cells) json.value(cell);
  json.end_array();
  json.key("related_cells").begin_array();
  for (int cell : hint.related_cells) json.value(cell);
  json.end_array();
  json.end_object();
  return json.str();
}

// The board from the argument, or from standard input for "-".
std::optional<std::string> board_argument(const Args& args, Io& io) {
  if (args.positional.size() < 2) return std::nullopt;
  if (args.positional[1] == "-") return read_input("-", io);
  return args.positional[1];
}

}  // namespace

int hint_command(const std::vector<std::string>& words, Io& io) {
  std::string error;
  const auto args = parse_args(words, {{"--json"}, {}}, error);
  if (!args) return usage_error(io, error, kHintUsage);
  if (args->positional.size() != 2) return usage_error(io, "need a puzzle and a board", kHintUsage);
  const PuzzleInfo* info = puzzle_argument(*args, io);
  if (!info) return kBadInput;
  const auto board = board_argument(*args, io);
  if (!board) return kBadInput;
  auto game = info->parse(*board);
  if (!game) {
    io.err << "puzzlelab: " << game.error().describe() << "\n";
    return kBadInput;
  }
  const auto hint = game.value()->hint();
  if (!hint) {
    io.out << (game.value()->is_solved() ? "already solved" : "no hint available") << "\n";
    return kOk;
  }
  if (args->has("--json")) {
    io.out << hint_json(*hint) << "\n";
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

int rate_command(const std::vector<std::string>& words, Io& io) {
  std::string error;
  const auto args = parse_args(words, {}, error);
  if (!args) return usage_error(io, error, kRateUsage);
  if (args->positional.size() > 2) return usage_error(io, "too many arguments", kRateUsage);
  const PuzzleInfo* info = puzzle_argument(*args, io);
  if (!info) return kBadInput;
  const auto input = read_input(args->positional.size() > 1 ? args->positional[1] : "-", io);
  if (!input) return kBadInput;
  std::vector<std::string> puzzles;
  if (info->one_puzzle_per_line && !is_single_puzzle(*info, *input)) {
    for (const text::Line& line : puzzle_lines(*input)) puzzles.emplace_back(line.text);
  } else {
    puzzles.push_back(*input);
  }
  int code = kOk;
  for (const std::string& text : puzzles) {
    auto game = info->parse(text);
    if (!game) {
      io.err << "puzzlelab: " << game.error().describe() << "\n";
      io.out << "error\n";
      code = kBadInput;
      continue;
    }
    const auto rating = game.value()->rate();
    if (!rating) {
      io.err << "puzzlelab: " << info->id << " has no difficulty rating\n";
      return kBadInput;
    }
    io.out << *rating << "\n";
  }
  return code;
}

int generate_command(const std::vector<std::string>& words, Io& io) {
  std::string error;
  const auto args = parse_args(words, {{}, {"--difficulty", "--seed"}}, error);
  if (!args) return usage_error(io, error, kGenerateUsage);
  const PuzzleInfo* info = puzzle_argument(*args, io);
  if (!info) return kBadInput;
  if (!info->generate) {
    io.err << "puzzlelab: " << info->id << " has no generator\n";
    return kBadInput;
  }
  GenerateOptions options;
  options.difficulty =
      args->value("--difficulty")
          .value_or(info->difficulties.empty() ? "" : std::string(info->difficulties.front()));
  if (const auto seed = args->value("--seed")) {
    const auto number = parse_count(*seed);
    if (!number) return usage_error(io, "--seed needs a whole number", kGenerateUsage);
    options.seed = *number;
  }
  auto game = info->generate(options);
  if (!game) {
    io.err << "puzzlelab: " << game.error().describe() << "\n";
    return kBadInput;
  }
  io.out << game.value()->format() << "\n";
  return kOk;
}

}  // namespace puzzlelab::cli
