// puzzlelab check PUZZLE BOARD MOVES...: an independent replay of a solution.
#include <ostream>

#include "commands.h"
#include "core/text.h"

namespace puzzlelab::cli {

namespace {

constexpr const char* kCheckUsage =
    "usage: puzzlelab check PUZZLE BOARD MOVES...   (BOARD '-' reads standard input)\n";

// Moves may come as separate words or as one quoted list.
std::vector<std::string> split_moves(const std::vector<std::string>& words) {
  std::vector<std::string> moves;
  for (const std::string& word : words) {
    for (const text::Token& token : text::split_words(word)) moves.emplace_back(token.text);
  }
  return moves;
}

}  // namespace

int check_command(const std::vector<std::string>& words, Io& io) {
  std::string error;
  const auto args = parse_args(words, {}, error);
  if (!args) return usage_error(io, error, kCheckUsage);
  if (args->positional.size() < 2) return usage_error(io, "need a puzzle and a board", kCheckUsage);
  const PuzzleInfo* info = puzzle_argument(*args, io);
  if (!info) return kBadInput;
  std::string board = args->positional[1];
  if (board == "-") {
    const auto input = read_input("-", io);
    if (!input) return kBadInput;
    board = *input;
  }
  auto game = info->parse(board);
  if (!game) {
    io.err << "puzzlelab: board: " << game.error().describe() << "\n";
    return kBadInput;
  }
  const std::vector<std::string> moves =
      split_moves({args->positional.begin() + 2, args->positional.end()});
  int64_t cost = 0;
  for (size_t i = 0; i < moves.size(); ++i) {
    const ApplyResult applied = game.value()->apply(moves[i]);
    if (!applied) {
      io.out << "move " << i + 1 << " " << moves[i] << ": illegal: " << applied.error << "\n";
      return kNoSolution;
    }
    cost += applied.cost;
    io.out << "move " << i + 1 << " " << moves[i] << ": ok\n";
  }
  const bool solved = game.value()->is_solved();
  io.out << (solved ? "solved" : "not solved") << " after " << moves.size() << " moves, cost "
         << cost << "\n";
  return solved ? kOk : kNoSolution;
}

}  // namespace puzzlelab::cli
