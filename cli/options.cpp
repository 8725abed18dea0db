#include "options.h"

#include <algorithm>
#include <cctype>
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

bool is_whole_number(const std::string& text) {
  return !text.empty() &&
         std::all_of(text.begin(), text.end(), [](char c) { return c >= '0' && c <= '9'; });
}

const TextOption* find_text_option(const PuzzleInfo& info, std::string_view name) {
  for (const TextOption& option : info.hooks.text_options) {
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
    for (const TextOption& option : info->hooks.text_options) {
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
  const std::vector<text::Line> first = text::PuzzleLines(input).first(1);
  // A batch file's first puzzle stands on its own line; a grid does not.
  if (first.empty() || parse(first[0].text).ok()) return false;
  const auto whole = parse(input);
  if (whole.ok()) return true;
  // Neither reading works: the one that gets further names the mistake (a
  // grid with a tenth row errs on it; a batch whose first line is bad errs
  // on that line, and its other lines are still read).
  return whole.error().line > first[0].number;
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
  if (!game && looks_like_file_name(board)) {  // meant as a file, and there is none
    context.io.err << "puzzlelab: no such file: " << text::excerpt(board, 200)
                   << " (nor is it a board: " << game.error().describe() << ")\n";
    return nullptr;
  }
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
  apply_to(options);
  options.seed = seed;
  return options;
}

CLI::Option* add_count_option(CLI::App& command, const std::string& name, uint64_t& target,
                              const std::string& help, uint64_t minimum) {
  const CLI::Validator whole_number(
      [name, minimum](std::string& text) -> std::string {
        const auto count = parse_count(text);
        if (!count && is_whole_number(text))
          return "is out of range: at most " + std::to_string(UINT64_MAX) + ", got " +
                 text::excerpt(text);
        if (!count) return "needs a whole number, got '" + text::excerpt(text) + "'";
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
  add_budget_options(command, args);
  add_count_option(command, "--seed", args.seed, "seed for randomised searches");
  command.add_flag("--json", args.json, "one JSON object per result");
  command.add_flag("--progress", args.progress, "live counters on standard error");
}

namespace {

// The whole of a stream. istream::read turns a failing read (standard input
// closed: the file buffer throws) into the end of the input.
std::string read_stream(std::istream& in) {
  std::string text;
  if (!in.rdbuf()) return text;
  char chunk[1 << 16];
  while (in.read(chunk, sizeof chunk) || in.gcount() > 0)
    text.append(chunk, static_cast<size_t>(in.gcount()));
  return text;
}

// A file read in one piece, its size taken first (no doubling buffers).
std::optional<std::string> read_file(const std::string& path, Io& io) {
  std::error_code error;
  const auto status = std::filesystem::status(path, error);
  if (std::filesystem::is_directory(status)) {
    io.err << "puzzlelab: " << path << " is a directory: expected a file\n";
    return std::nullopt;
  }
  if (!std::filesystem::exists(status)) {
    io.err << "puzzlelab: no such file: " << path << "\n";
    return std::nullopt;
  }
  std::ifstream file(path, std::ios::binary);
  if (!file) {
    io.err << "puzzlelab: cannot read " << path << "\n";
    return std::nullopt;
  }
  const auto size = std::filesystem::is_regular_file(status)
                        ? std::filesystem::file_size(path, error)
                        : std::uintmax_t{0};
  if (error || size == 0) return read_stream(file);  // a pipe, a device: read as it comes
  std::string text(static_cast<size_t>(size), '\0');
  file.read(text.data(), static_cast<std::streamsize>(size));
  text.resize(static_cast<size_t>(file.gcount()));
  return text;
}

}  // namespace

std::optional<std::string> read_input(const std::string& path, Io& io) {
  const bool standard_input = path.empty() || path == "-";
  auto text = standard_input ? std::optional<std::string>(read_stream(io.in)) : read_file(path, io);
  if (text && text::trim(*text).empty()) {
    io.err << "puzzlelab: empty input (" << (standard_input ? "standard input" : path)
           << "): expected a puzzle\n";
    return std::nullopt;
  }
  return text;
}

std::optional<std::string> read_board(const std::string& argument, Io& io) {
  std::error_code error;
  if (argument == "-" || std::filesystem::exists(argument, error)) {
    return read_input(argument, io);
  }
  return argument;
}

bool looks_like_file_name(std::string_view argument) {
  if (argument.empty() || argument.find_first_of("\n ") != std::string_view::npos) return false;
  if (argument.find('/') != std::string_view::npos) return true;
  // name.ext: an extension of up to five letters and digits, starting with a letter.
  const size_t dot = argument.rfind('.');
  if (dot == std::string_view::npos || dot == 0 || argument.size() - dot - 1 > 5) return false;
  const std::string_view extension = argument.substr(dot + 1);
  return !extension.empty() && std::isalpha(static_cast<unsigned char>(extension[0])) &&
         std::all_of(extension.begin(), extension.end(),
                     [](char c) { return std::isalnum(static_cast<unsigned char>(c)) != 0; });
}

int for_each_puzzle(const BoardReader& reader, const std::string& input, Io& io,
                    const std::function<int(std::string_view text, int line_number)>& each) {
  if (!reader.info->hooks.one_puzzle_per_line || reader.is_single_puzzle(input))
    return each(input, 0);
  // Puzzles like Sudoku: every non-blank, non-comment line is a puzzle.
  const text::PuzzleLines lines(input);
  if (lines.empty()) {
    io.err << "puzzlelab: empty input: only comments, expected a puzzle a line\n";
    return kBadInput;
  }
  int worst = kOk;
  for (const text::Line& line : lines) {
    const int code = each(line.text, line.number);
    if (worst == kOk || code == kBadInput) worst = code;
  }
  return worst;
}

void report_parse_error(ParseError error, int line_number, Io& io) {
  if (line_number > 0 && error.line <= 1) error.line = line_number;
  io.err << "puzzlelab: " << error.describe() << "\n";
}

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

std::optional<uint64_t> parse_count(const std::string& text) {
  uint64_t value = 0;
  const auto [end, err] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (err != std::errc() || end != text.data() + text.size()) return std::nullopt;
  return value;
}

}  // namespace puzzlelab::cli
