// Properties every puzzle in the engine's list must have, whatever it is:
// random text never crashes a parser (it parses, or the error says where and
// what), what parses formats back to itself, random move text is refused
// cleanly, and legal moves really are legal. Examples come from each
// puzzle's bundled collection. The template puzzle (tests/support/
// lights_out.cpp) must pass the same checks, as docs/architecture.md
// promises a puzzle copied from it will. Run under the sanitizers too.
#include <catch2/catch.hpp>

#include <random>

#include "puzzles/puzzle_list.h"
#include "support/lights_out.h"
#include "support/puzzle_examples.h"

using namespace puzzlelab;

namespace {

// Random text biased towards the characters boards are made of.
std::string random_text(std::mt19937& rng) {
  static constexpr std::string_view kAlphabet =
      "oox..#ABCDEFGHIJKLM0123456789123456789 \n\n|-+=\tqZ\r";
  const int length = static_cast<int>(rng() % 120);
  std::string text;
  for (int i = 0; i < length; ++i) text += kAlphabet[rng() % kAlphabet.size()];
  return text;
}

// A bundled-looking board with a few characters changed.
std::string mutate(std::string text, std::mt19937& rng) {
  const int changes = 1 + static_cast<int>(rng() % 3);
  for (int i = 0; i < changes && !text.empty(); ++i) {
    text[rng() % text.size()] = "o.xAB19 \n"[rng() % 9];
  }
  return text;
}

// The puzzle's bundled examples (assets/puzzles/<id>.txt): every puzzle
// must bundle some, so a new puzzle is covered with no edit here.
std::vector<std::string> sample_boards(std::string_view id) {
  std::vector<std::string> boards = testing::puzzle_examples(PUZZLELAB_ASSETS_DIR, id);
  INFO("examples of " << id << " in assets/puzzles/" << id << ".txt");
  REQUIRE_FALSE(boards.empty());
  return boards;
}

void check_parsers_survive(const PuzzleInfo& info, const std::vector<std::string>& boards) {
  std::mt19937 rng(4242);
  INFO(info.id);
  std::vector<std::string> inputs;
  for (int i = 0; i < 400; ++i) inputs.push_back(random_text(rng));
  for (const std::string& board : boards) {
    for (int i = 0; i < 200; ++i) inputs.push_back(mutate(board, rng));
  }
  int parsed = 0;
  for (const std::string& text : inputs) {
    auto game = info.parse(text);
    if (!game) {
      CHECK_FALSE(game.error().message.empty());
      CHECK(game.error().line >= 0);
      continue;
    }
    ++parsed;
    const std::string formatted = game.value()->format();
    auto again = info.parse(formatted);
    REQUIRE(again.ok());
    CHECK(again.value()->format() == formatted);
  }
  CHECK(parsed > 0);  // some damage is harmless
}

void check_moves(const PuzzleInfo& info, const std::vector<std::string>& boards) {
  std::mt19937 rng(99);
  for (const std::string& board : boards) {
    INFO(info.id << ": " << board);
    auto game = info.parse(board);
    REQUIRE(game.ok());
    const std::string before = game.value()->format();
    for (int i = 0; i < 300; ++i) {
      const std::string move = random_text(rng).substr(0, 1 + rng() % 8);
      auto copy = game.value()->clone();
      const ApplyResult applied = copy->apply(move);
      if (!applied) CHECK_FALSE(applied.error.empty());
    }
    CHECK(game.value()->format() == before);  // clones are independent
    for (const Move& move : game.value()->legal_moves()) {
      auto copy = game.value()->clone();
      CHECK(copy->apply(move.text).ok);
    }
  }
}

void check_info_complete(const PuzzleInfo& info, const std::vector<std::string>& boards) {
  INFO(info.id);
  CHECK_FALSE(info.id.empty());
  CHECK_FALSE(info.title.empty());
  CHECK_FALSE(info.unit.empty());
  CHECK_FALSE(info.algorithms.empty());
  CHECK(info.parse != nullptr);
  // Unknown options are refused, not ignored.
  auto game = info.parse(boards.at(0));
  REQUIRE(game.ok());
  SolveOptions options;
  options.algorithm = "no-such-algorithm";
  CHECK(game.value()->solve(options).status == SolveStatus::invalid);
}

void check_explains(const PuzzleInfo& info) {
  INFO(info.id);
  // Every algorithm and metric has a name in words and a line of help
  // (the app's picker and its tooltip).
  for (const auto* choices : {&info.algorithms, &info.metrics}) {
    for (const Choice& choice : *choices) {
      INFO(choice.name);
      CHECK_FALSE(choice.label.empty());
      CHECK(choice.shown() == choice.label);
      CHECK(choice.help.size() > 20);
    }
  }
  for (const TextOption& option : info.hooks.text_options) CHECK_FALSE(option.label.empty());
  if (!info.difficulties.empty()) CHECK_FALSE(info.difficulty_help.empty());
  // The rules card, and its demonstration: the board parses and every move
  // applies, in the puzzle's own move language.
  CHECK(info.rules.text.size() > 100);
  // The paste box's format hint: a line of help and an example that parses.
  CHECK(info.format_help.size() > 20);
  INFO(info.format_example);
  CHECK(info.parse(info.format_example).ok());
  if (info.rules.demo_board.empty()) return;
  auto demo = info.parse(info.rules.demo_board);
  REQUIRE(demo.ok());
  REQUIRE_FALSE(info.rules.demo.empty());
  CHECK(info.rules.demo.front().move.empty());  // the first step shows the start
  CHECK_FALSE(info.rules.demo.front().caption.empty());
  for (const DemoStep& step : info.rules.demo) {
    if (step.move.empty()) continue;
    INFO(step.move);
    CHECK(demo.value()->apply(step.move).ok);
  }
}

void check_hints(const PuzzleInfo& info, const std::vector<std::string>& boards) {
  INFO(info.id);
  auto game = info.parse(boards.at(0));
  REQUIRE(game.ok());
  CHECK(game.value()->hint().has_value() == info.has_hints);
  CHECK(game.value()->rate().has_value() == info.has_rating);
  CHECK_FALSE(game.value()->describe().empty());
  CHECK(game.value()->solve_key() == game.value()->clone()->solve_key());
}

void check_time_line(const PuzzleInfo& info, const std::vector<std::string>& boards) {
  if (!info.hooks.time_line) return;
  INFO(info.id);
  // A time line stands in for moves: only a puzzle without a goal has one.
  CHECK_FALSE(info.hooks.has_goal);
  for (const std::string& board : boards) {
    auto game = info.parse(board);
    REQUIRE(game.ok());
    for (const size_t most : {size_t{1}, size_t{5}, size_t{64}}) {
      const TimeLine line = info.hooks.time_line(*game.value(), most);
      CHECK(line.frames >= 1);
      CHECK(line.frames <= most);
      CHECK_FALSE(line.unit.empty());
      CHECK_FALSE(line.span.empty());
      const TimeFrame first = line.frame(0), last = line.frame(line.frames - 1);
      REQUIRE(first.position != nullptr);
      REQUIRE(last.position != nullptr);
      CHECK(&first.position->info() == &info);
      CHECK_FALSE(last.counter.empty());
    }
  }
}

}  // namespace

TEST_CASE("every puzzle: parsers survive random and damaged text", "[interface][property]") {
  for (const PuzzleInfo* info : all_puzzles())
    check_parsers_survive(*info, sample_boards(info->id));
}

TEST_CASE("every puzzle: bad moves are refused with a reason, legal moves apply",
          "[interface][property]") {
  for (const PuzzleInfo* info : all_puzzles()) check_moves(*info, sample_boards(info->id));
}

TEST_CASE("every puzzle: its info is complete", "[interface]") {
  REQUIRE(all_puzzles().size() >= 2);
  for (const PuzzleInfo* info : all_puzzles()) {
    check_info_complete(*info, sample_boards(info->id));
    CHECK(find_puzzle(info->id) == info);
  }
  CHECK(find_puzzle("chess") == nullptr);
}

TEST_CASE("every puzzle: it explains itself in plain words", "[interface]") {
  for (const PuzzleInfo* info : all_puzzles()) check_explains(*info);
}

TEST_CASE("every puzzle: hints and ratings are offered exactly where the puzzle has them",
          "[interface]") {
  for (const PuzzleInfo* info : all_puzzles()) check_hints(*info, sample_boards(info->id));
}

TEST_CASE("every puzzle with a time line: no goal, frames within the cap, each a position of it",
          "[interface][time_line]") {
  for (const PuzzleInfo* info : all_puzzles()) check_time_line(*info, sample_boards(info->id));
}

// docs/architecture.md's "Adding a puzzle" starts from a copy of the
// template: a copy as it stands must pass every check a listed puzzle does,
// on examples laid out as assets/puzzles/<id>.txt.
TEST_CASE("the template puzzle passes every check of a listed puzzle", "[interface][template]") {
  const PuzzleInfo& info = lights_out::puzzle_info();
  const std::vector<std::string> boards =
      testing::puzzle_examples(PUZZLELAB_TEST_DATA_DIR "/lightsout", info.id);
  REQUIRE(boards.size() == 3);
  check_parsers_survive(info, boards);
  check_moves(info, boards);
  check_info_complete(info, boards);
  check_explains(info);
  check_hints(info, boards);
  check_time_line(info, boards);
}

TEST_CASE("difficulties are said with their unit", "[interface]") {
  CHECK(difficulty_label(*find_puzzle("rushhour"), "40") == "40 moves");
  CHECK(difficulty_label(*find_puzzle("sudoku"), "hard") == "hard");
}
