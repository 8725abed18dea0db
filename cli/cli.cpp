#include "cli.h"

#include <fstream>
#include <iostream>
#include <sstream>

#include "commands.h"
#include "puzzles/puzzle_list.h"

namespace puzzlelab::cli {

namespace {

constexpr const char* kUsage =
    "usage: puzzlelab COMMAND PUZZLE ...\n"
    "  solve PUZZLE [FILE|-] [--metric M] [--algorithm A] [--json]\n"
    "                        [--nodes N] [--memory-mb MB] [--time-ms MS]\n"
    "  check PUZZLE BOARD MOVES...   replay moves, report legality and whether solved\n"
    "  bench PUZZLE FILE [--metric M] [--algorithm A]   solve every line, print figures\n"
    "  hint PUZZLE BOARD [--json]    the next step, explained (Sudoku)\n"
    "  rate PUZZLE [FILE|-]          difficulty of each puzzle (Sudoku)\n"
    "  generate PUZZLE --difficulty D --seed S   a new puzzle (Sudoku)\n"
    "  list                          the puzzles and their algorithms and metrics\n"
    "exit codes: 0 ok, 1 bad input, 2 no solution, 3 gave up (budget or cancel)\n";

int list_command(Io& io) {
  for (const PuzzleInfo* info : all_puzzles()) {
    io.out << info->id << "\t" << info->title << "\t" << info->summary << "\n";
    io.out << "\talgorithms:";
    for (const Choice& a : info->algorithms) io.out << " " << a.name;
    if (!info->metrics.empty()) {
      io.out << "\n\tmetrics:";
      for (const Choice& m : info->metrics) io.out << " " << m.name;
    }
    io.out << "\n";
  }
  return kOk;
}

}  // namespace

int usage_error(Io& io, const std::string& error, const char* usage) {
  io.err << "puzzlelab: " << error << "\n" << usage;
  return kBadInput;
}

const PuzzleInfo* puzzle_argument(const Args& args, Io& io) {
  if (args.positional.empty()) {
    io.err << "puzzlelab: name a puzzle: " << puzzle_ids() << "\n";
    return nullptr;
  }
  const PuzzleInfo* info = find_puzzle(args.positional[0]);
  if (!info) {
    io.err << "puzzlelab: unknown puzzle '" << args.positional[0] << "': expected one of "
           << puzzle_ids() << "\n";
  }
  return info;
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

std::vector<text::Line> puzzle_lines(const std::string& input) {
  std::vector<text::Line> lines;
  for (const text::Line& line : text::content_lines(input)) {
    if (!line.text.empty() && line.text[0] != '#') lines.push_back(line);
  }
  return lines;
}

OptionSpec solve_option_spec() {
  return {{"--json", "--progress"},
          {"--metric", "--algorithm", "--nodes", "--memory-mb", "--time-ms", "--seed"}};
}

std::optional<SolveOptions> solve_options(const Args& args, Io& io) {
  SolveOptions options;
  options.metric = args.value("--metric").value_or("");
  options.algorithm = args.value("--algorithm").value_or("");
  struct Budget {
    const char* option;
    uint64_t scale;
    uint64_t* target;
  };
  uint64_t time_ms = 0;
  for (const Budget& budget :
       {Budget{"--nodes", 1, &options.node_budget},
        Budget{"--memory-mb", uint64_t{1} << 20, &options.memory_budget_bytes},
        Budget{"--time-ms", 1, &time_ms}, Budget{"--seed", 1, &options.seed}}) {
    const auto text = args.value(budget.option);
    if (!text) continue;
    const auto count = parse_count(*text);
    if (!count) {
      io.err << "puzzlelab: " << budget.option << " needs a whole number, got '" << *text << "'\n";
      return std::nullopt;
    }
    *budget.target = *count * budget.scale;
  }
  options.time_budget_ms = static_cast<double>(time_ms);
  return options;
}

int run_cli(const std::vector<std::string>& args, Io& io) {
  if (args.empty() || args[0] == "help" || args[0] == "--help" || args[0] == "-h") {
    (args.empty() ? io.err : io.out) << kUsage;
    return args.empty() ? kBadInput : kOk;
  }
  const std::string& command = args[0];
  const std::vector<std::string> rest(args.begin() + 1, args.end());
  if (command == "solve") return solve_command(rest, io);
  if (command == "check") return check_command(rest, io);
  if (command == "bench") return bench_command(rest, io);
  if (command == "hint") return hint_command(rest, io);
  if (command == "rate") return rate_command(rest, io);
  if (command == "generate") return generate_command(rest, io);
  if (command == "list") return list_command(io);
  return usage_error(io, "unknown command '" + command + "'", kUsage);
}

}  // namespace puzzlelab::cli
