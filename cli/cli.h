// The `puzzlelab` command: solve, check, compare and bench puzzles from a terminal.
// run_cli() takes its streams as arguments so tests can drive it in-process.
#pragma once

#include <iosfwd>
#include <string>
#include <vector>

namespace puzzlelab {
struct PuzzleInfo;
}

namespace puzzlelab::cli {

struct Io {
  std::istream& in;
  std::ostream& out;
  std::ostream& err;
  bool err_is_terminal = false;  // show live progress on stderr
};

// Exit codes.
inline constexpr int kOk = 0;
inline constexpr int kBadInput = 1;    // usage errors, unreadable or malformed input
inline constexpr int kNoSolution = 2;  // unsolvable (or not uniquely solvable)
inline constexpr int kGaveUp = 3;      // a budget ran out or the search was cancelled
inline constexpr int kDisagree = 4;    // compare: two algorithms' proven answers differ (a bug)

// args: the words after the program name. `puzzlelab --help` and
// `puzzlelab COMMAND --help` print the usage.
int run_cli(const std::vector<std::string>& args, Io& io);
// The same over a given list of puzzles (tests use puzzles of their own).
int run_cli(const std::vector<std::string>& args, Io& io,
            const std::vector<const PuzzleInfo*>& puzzles);

}  // namespace puzzlelab::cli
