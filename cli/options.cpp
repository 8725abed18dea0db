#include "options.h"

#include <charconv>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>

namespace puzzlelab::cli {

namespace {

std::string ids_of(const std::vector<const PuzzleInfo*>& puzzles) {
  std::string ids;
  for (const PuzzleInfo* info : puzzles) {
    if (!ids.empty()) ids += ", ";
    ids += info->id;
  }
  return ids;
}

const TextOption* find_text_option(const PuzzleInfo& info, std::string_view name) {
  for (const TextOption& option : info.text_options) {
    if (option.name == name) return &option;
  }
  return nullptr;
}

}  // namespace

void add_puzzle_argument(CLI::App& command, PuzzleArgs& args,
                         const std::vector<const PuzzleInfo*>& puzzles) {
  command.add_option("PUZZLE", args.puzzle, "one of: " + ids_of(puzzles))->type_name("");
  // One flag per option name, whichever puzzles offer it.
  std::map<std::string, std::string> help_by_name;
  for (const PuzzleInfo* info : puzzles) {
    for (const TextOption& option : info->text_options) {
      std::string& help = help_by_name[std::string(option.name)];
      if (help.empty())
        help = std::string(option.help) + " (";
      else
        help += ", ";
      help += info->id;
    }
  }
  for (const auto& [name, help] : help_by_name) {
    command.add_flag_callback(
        "--" + name, [&args, name = name] { args.text_options.push_back(name); }, help + ")");
  }
}

Parsed<std::unique_ptr<Game>> BoardReader::parse(std::string_view text) const {
  std::string rewritten(text);
  for (const TextOption* option : rewrites) {
    auto result = option->apply(rewritten);
    if (!result) {
      ParseError error = result.error();
      error.message = "--" + std::string(option->name) + ": " + error.message;
      return error;
    }
    rewritten = std::move(result.value());
  }
  return info->parse(rewritten);
}

bool BoardReader::is_single_puzzle(const std::string& input) const {
  const std::vector<text::Line> lines = puzzle_lines(input);
  // A batch file's first puzzle stands on its own line; a grid does not.
  return !lines.empty() && !parse(lines[0].text).ok() && parse(input).ok();
}

std::optional<BoardReader> board_reader(const PuzzleArgs& args, Context& context) {
  const std::string ids = ids_of(context.puzzles);
  if (args.puzzle.empty()) {
    context.io.err << "puzzlelab: name a puzzle: " << ids << "\n";
    return std::nullopt;
  }
  BoardReader reader;
  for (const PuzzleInfo* info : context.puzzles) {
    if (info->id == args.puzzle) reader.info = info;
  }
  if (!reader.info) {
    context.io.err << "puzzlelab: unknown puzzle '" << args.puzzle << "': expected one of " << ids
                   << "\n";
    return std::nullopt;
  }
  for (const std::string& name : args.text_options) {
    const TextOption* option = find_text_option(*reader.info, name);
    if (!option || !option->apply) {
      context.io.err << "puzzlelab: " << reader.info->id << " has no option --" << name << "\n";
      return std::nullopt;
    }
    reader.rewrites.push_back(option);
  }
  return reader;
}

void add_board_argument(CLI::App& command, std::string& board) {
  command
      .add_option("BOARD", board, "the board text, a file holding it, or '-' for standard input")
      ->required()
      ->type_name("");
}

std::unique_ptr<Game> read_game(const PuzzleArgs& args, const std::string& board,
                                Context& context) {
  const auto reader = board_reader(args, context);
  if (!reader) return nullptr;
  const auto text = read_board(board, context.io);
  if (!text) return nullptr;
  auto game = reader->parse(*text);
  if (!game) {
    context.io.err << "puzzlelab: board: " << game.error().describe() << "\n";
    return nullptr;
  }
  return std::move(game).value();
}

SolveOptions SolveArgs::options() const {
  SolveOptions options;
  options.metric = metric;
  options.algorithm = algorithm;
  options.node_budget = nodes;
  options.memory_budget_bytes = memory_mb > (UINT64_MAX >> 20) ? UINT64_MAX : memory_mb << 20;
  options.time_budget_ms = static_cast<double>(time_ms);
  options.seed = seed;
  return options;
}

CLI::Option* add_count_option(CLI::App& command, const std::string& name, uint64_t& target,
                              const std::string& help, uint64_t minimum) {
  const CLI::Validator whole_number(
      [name, minimum](std::string& text) -> std::string {
        const auto count = parse_count(text);
        if (!count) return "needs a whole number, got '" + text + "'";
        if (*count < minimum) return "needs a count of " + std::to_string(minimum) + " or more";
        return "";
      },
      "");
  return command.add_option(name, target, help)->check(whole_number)->type_name("N");
}

void add_solve_options(CLI::App& command, SolveArgs& args) {
  command.add_option("--metric", args.metric, "what to minimise (see `puzzlelab list`)")
      ->type_name("METRIC");
  command.add_option("--algorithm", args.algorithm, "search algorithm (see `puzzlelab list`)")
      ->type_name("NAME");
  add_count_option(command, "--nodes", args.nodes, "node budget: states expanded (0: default)");
  add_count_option(command, "--memory-mb", args.memory_mb, "memory budget in MiB (0: default)");
  add_count_option(command, "--time-ms", args.time_ms, "time budget in ms (0: none)");
  add_count_option(command, "--seed", args.seed, "seed for randomised searches");
  command.add_flag("--json", args.json, "one JSON object per result");
  command.add_flag("--progress", args.progress, "live counters on standard error");
}

std::optional<std::string> read_input(const std::string& path, Io& io) {
  std::ostringstream text;
  if (path.empty() || path == "-") {
    text << io.in.rdbuf();
    return text.str();
  }
  std::ifstream file(path, std::ios::binary);
  if (!file) {
    io.err << "puzzlelab: cannot read " << path << "\n";
    return std::nullopt;
  }
  text << file.rdbuf();
  return text.str();
}

std::optional<std::string> read_board(const std::string& argument, Io& io) {
  std::error_code error;
  if (argument == "-" || std::filesystem::is_regular_file(argument, error)) {
    return read_input(argument, io);
  }
  return argument;
}

std::vector<text::Line> puzzle_lines(const std::string& input) {
  std::vector<text::Line> lines;
  for (const text::Line& line : text::content_lines(input)) {
    if (!line.text.empty() && line.text[0] != '#') lines.push_back(line);
  }
  return lines;
}

std::optional<uint64_t> parse_count(const std::string& text) {
  uint64_t value = 0;
  const auto [end, err] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (err != std::errc() || end != text.data() + text.size()) return std::nullopt;
  return value;
}

}  // namespace puzzlelab::cli
