// One function per sub-command, and the helpers they share.
#pragma once

#include <optional>
#include <string>

#include "args.h"
#include "cli.h"
#include "core/puzzle.h"
#include "core/text.h"

namespace puzzlelab::cli {

int solve_command(const std::vector<std::string>& words, Io& io);
int check_command(const std::vector<std::string>& words, Io& io);
int bench_command(const std::vector<std::string>& words, Io& io);
int hint_command(const std::vector<std::string>& words, Io& io);
int rate_command(const std::vector<std::string>& words, Io& io);
int generate_command(const std::vector<std::string>& words, Io& io);

// Shared by the commands:

// The puzzle named by args.positional[0], or nullptr after printing an error.
const PuzzleInfo* puzzle_argument(const Args& args, Io& io);
// The whole of FILE, or standard input for "-" or no FILE; nullopt after an error.
std::optional<std::string> read_input(const std::string& path, Io& io);
// --metric, --algorithm and the budgets; the option names in `solve_option_spec`.
OptionSpec solve_option_spec();
std::optional<SolveOptions> solve_options(const Args& args, Io& io);
// The lines of a batch file that hold puzzles: not blank, not '#' comments.
std::vector<text::Line> puzzle_lines(const std::string& input);
// For puzzles whose files hold one puzzle per line: true when the input is
// instead one puzzle spread over several lines (a 9-line Sudoku grid).
bool is_single_puzzle(const PuzzleInfo& info, const std::string& input);
// Prints `usage` and the error; returns kBadInput.
int usage_error(Io& io, const std::string& error, const char* usage);

}  // namespace puzzlelab::cli
