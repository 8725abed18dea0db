// What the sub-commands share: the puzzle argument with its text options,
// the solve options and budgets, and reading boards and batch files.
// Options are declared with CLI11; each command binds them to a struct.
#pragma once

#include <CLI/CLI.hpp>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "cli.h"
#include "core/puzzle.h"
#include "core/text.h"
#include "job_budget.h"

namespace puzzlelab::cli {

// What a command runs with: the streams and the puzzles it may name.
struct Context {
  Io& io;
  const std::vector<const PuzzleInfo*>& puzzles;
};

// A sub-command's body; parsing picks one (see run_cli).
using Action = std::function<int(Context&)>;

// Registers a sub-command on `root`; when parsing selects it, `chosen` is set
// to its body bound to the parsed options.
using CommandAdder = void (*)(CLI::App& root, const std::vector<const PuzzleInfo*>& puzzles,
                              Action& chosen);

// PUZZLE, and --NAME for every puzzle's text options (Amphipod's --unfold).
struct PuzzleArgs {
  std::string puzzle;
  std::vector<std::string> text_options;  // names given, in order
};
void add_puzzle_argument(CLI::App& command, PuzzleArgs& args,
                         const std::vector<const PuzzleInfo*>& puzzles);

// A puzzle and the text rewrites asked for, applied before every parse.
struct BoardReader {
  const PuzzleInfo* info = nullptr;
  std::vector<const TextOption*> rewrites;

  Parsed<std::unique_ptr<Game>> parse(std::string_view text) const;
  // For puzzles whose files hold one puzzle per line: true when the input is
  // instead one puzzle spread over several lines (a 9-line Sudoku grid).
  bool is_single_puzzle(const std::string& input) const;
};
// The named puzzle with its rewrites, or nullopt after printing why not
// (no or unknown puzzle, an option the puzzle does not have).
std::optional<BoardReader> board_reader(const PuzzleArgs& args, Context& context);

// BOARD: the board text, a file holding it, or '-' (see read_board).
void add_board_argument(CLI::App& command, std::string& board);
// The game a BOARD argument holds for the named puzzle, or nullptr after
// printing why not.
std::unique_ptr<Game> read_game(const PuzzleArgs& args, const std::string& board, Context& context);

// --metric, --algorithm, the budgets, --seed, --json, --progress.
struct SolveArgs : BudgetArgs {
  std::string metric;
  std::string algorithm;
  uint64_t seed = 1;
  bool json = false;
  bool progress = false;

  SolveOptions options() const;
};
void add_solve_options(CLI::App& command, SolveArgs& args);

// A whole number (budgets, seeds), checked with a message that says so.
CLI::Option* add_count_option(CLI::App& command, const std::string& name, uint64_t& target,
                              const std::string& help, uint64_t minimum = 0);

// The whole of FILE, or standard input for "-" or no FILE; nullopt after an
// error said on io.err (no such file, a directory, an empty input).
std::optional<std::string> read_input(const std::string& path, Io& io);
// A BOARD argument: "-" reads standard input, the name of a file reads that
// file, anything else is the board text itself.
std::optional<std::string> read_board(const std::string& argument, Io& io);
// "board.txt", "maps/x": what a BOARD argument that names no file and reads
// as no board was meant to be (the error then says the file is missing).
bool looks_like_file_name(std::string_view argument);
// Runs each(text, line_number) on every puzzle of an input: the whole input
// when the puzzle is not one a line or the input is one puzzle spread over
// lines (line_number 0), else each non-blank, non-comment line. Returns the
// worst exit code (bad input first); a batch of comments only is an error.
int for_each_puzzle(const BoardReader& reader, const std::string& input, Io& io,
                    const std::function<int(std::string_view text, int line_number)>& each);
// Says a parse error on io.err, placed on `line_number` of a batch file
// when it is one line of it (0: the error's own line).
void report_parse_error(ParseError error, int line_number, Io& io);

// The exit code for how a piece of work ended: 0 solved, 1 invalid, 2 no
// solution or not a unique one, 3 a budget ran out or it was cancelled.
int exit_code(SolveStatus status);
// Parses a whole non-negative number; nullopt if it is not one.
std::optional<uint64_t> parse_count(const std::string& text);

}  // namespace puzzlelab::cli
