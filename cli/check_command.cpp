// puzzlelab check PUZZLE BOARD ANSWER...: an independent check of a solution.
// Puzzles whose answer is a text of its own (a Bender program) judge it with
// Game::check_answer; for the others the answer is moves, replayed one by one.
#include <ostream>

#include "commands.h"
#include "core/text.h"

namespace puzzlelab::cli {

namespace {

struct CheckCommand {
  PuzzleArgs puzzle;
  std::string board;
  std::vector<std::string> answer;
};

// Moves may come as separate words or as one quoted list.
std::vector<std::string> split_moves(const std::vector<std::string>& words) {
  std::vector<std::string> moves;
  for (const std::string& word : words) {
    for (const text::Token& token : text::split_words(word, word.size()))
      moves.emplace_back(token.text);
  }
  return moves;
}

int replay_moves(Game& game, const std::vector<std::string>& moves, Io& io) {
  int64_t cost = 0;
  for (size_t i = 0; i < moves.size(); ++i) {
    const ApplyResult applied = game.apply(moves[i]);
    if (!applied) {
      io.out << "move " << i + 1 << " " << text::excerpt(moves[i]) << ": illegal: " << applied.error
             << "\n";
      return kNoSolution;
    }
    cost += applied.cost;
    io.out << "move " << i + 1 << " " << moves[i] << ": ok\n";
  }
  const bool solved = game.is_solved();
  io.out << (solved ? "solved" : "not solved") << " after "
         << text::amount(int64_t(moves.size()), "moves") << ", cost " << cost << "\n";
  return solved ? kOk : kNoSolution;
}

int run_check(const CheckCommand& command, Context& context) {
  const std::unique_ptr<Game> game = read_game(command.puzzle, command.board, context);
  if (!game) return kBadInput;
  std::string answer;
  for (const std::string& word : command.answer) answer += (answer.empty() ? "" : " ") + word;
  if (const auto check = game->check_answer(answer)) {
    context.io.out << check->verdict << "\n";
    return check->ok ? kOk : kNoSolution;
  }
  return replay_moves(*game, split_moves(command.answer), context.io);
}

}  // namespace

void add_check_command(CLI::App& root, const std::vector<const PuzzleInfo*>& puzzles,
                       Action& chosen) {
  auto command = std::make_shared<CheckCommand>();
  CLI::App* app = root.add_subcommand(
      "check", "Check an answer: replay moves, or judge a puzzle's own answer text");
  add_puzzle_argument(*app, command->puzzle, puzzles);
  add_board_argument(*app, command->board);
  app->add_option("ANSWER", command->answer,
                  "the moves (separate words or one quoted list), or the puzzle's answer text")
      ->type_name("");
  app->callback([command, &chosen] {
    chosen = [command](Context& context) { return run_check(*command, context); };
  });
}

}  // namespace puzzlelab::cli
