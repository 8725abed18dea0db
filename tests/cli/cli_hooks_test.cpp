// The CLI's generic hooks driven with a puzzle of the tests' own: text
// options become --NAME flags, Game::check_answer judges `check`, and
// PuzzleHooks::format_answer serves `solve --output`; plus --help everywhere.
#include <catch2/catch.hpp>

#include <charconv>

#include "cli.h"
#include "puzzles/puzzle_list.h"
#include "support/cli_run.h"

using namespace puzzlelab;
using namespace puzzlelab::cli;

namespace {

// "Countdown": the board is a number N; the move "down" lowers it by one;
// solved at 0. Its answer text is the number of moves it takes.
Parsed<int> read_number(std::string_view text) {
  while (!text.empty() && (text.back() == '\n' || text.back() == ' ')) text.remove_suffix(1);
  int value = 0;
  const auto [end, err] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (err != std::errc() || end != text.data() + text.size() || value < 0 || value > 1000) {
    return parse_error(1, static_cast<int>(end - text.data()) + 1, "expected a number 0..1000");
  }
  return value;
}

const PuzzleInfo& countdown_info();

class Countdown : public Game {
 public:
  explicit Countdown(int left) : left_(left) {}
  const PuzzleInfo& info() const override { return countdown_info(); }
  std::string format() const override { return std::to_string(left_); }
  std::vector<Move> legal_moves() const override {
    return left_ > 0 ? std::vector<Move>{{"down", 1}} : std::vector<Move>{};
  }
  ApplyResult apply(std::string_view move) override {
    if (move != "down" || left_ == 0) return ApplyResult::failure("cannot go down");
    --left_;
    return ApplyResult::success(1);
  }
  bool is_solved() const override { return left_ == 0; }
  std::unique_ptr<Game> clone() const override { return std::make_unique<Countdown>(*this); }
  SolveResult solve(const SolveOptions&) const override {
    SolveResult result;
    result.status = SolveStatus::solved;
    result.cost = left_;
    result.moves.assign(static_cast<size_t>(left_), Move{"down", 1});
    for (int i = 0; i < left_; ++i) result.answer += i ? " down" : "down";
    return result;
  }
  std::optional<AnswerCheck> check_answer(std::string_view answer) const override {
    const auto steps = read_number(answer);
    if (steps.ok() && steps.value() == left_) {
      return AnswerCheck{true, left_, "WIN in " + std::to_string(left_) + " steps"};
    }
    return AnswerCheck{false, 0, "LOSE: it takes " + std::to_string(left_) + " steps"};
  }

 private:
  int left_;
};

const PuzzleInfo& countdown_info() {
  static const PuzzleInfo info = [] {
    PuzzleInfo i;
    i.id = "countdown";
    i.title = "Countdown";
    i.unit = "steps";
    i.algorithms = {{"count", "counts down"}};
    i.parse = [](std::string_view text) -> Parsed<std::unique_ptr<Game>> {
      const auto number = read_number(text);
      if (!number) return number.error();
      return std::unique_ptr<Game>(std::make_unique<Countdown>(number.value()));
    };
    i.hooks.text_options = {
        {"double", "start from twice the number", [](std::string_view text) -> Parsed<std::string> {
           const auto number = read_number(text);
           if (!number) return number.error();
           return std::to_string(2 * number.value());
         }}};
    i.hooks.format_answer = [](const Game& start, const SolveResult& result,
                               std::string_view format) -> std::optional<std::string> {
      if (format != "count") return std::nullopt;
      return start.format() + " in " + std::to_string(result.cost);
    };
    return i;
  }();
  return info;
}

using puzzlelab::testing::CliRun;

CliRun run_hooked(const std::vector<std::string>& args, const std::string& input = "") {
  static const std::vector<const PuzzleInfo*> puzzles = {&countdown_info(),
                                                         find_puzzle("rushhour")};
  return puzzlelab::testing::run_cli_with(args, input, puzzles);
}

}  // namespace

TEST_CASE("cli: a puzzle's text options are flags applied before parsing", "[cli]") {
  CHECK(run_hooked({"solve", "countdown", "-"}, "3\n").out == "3\ndown down down\n");
  CliRun r = run_hooked({"solve", "countdown", "--double", "-"}, "3\n");
  CHECK(r.code == kOk);
  CHECK(r.out == "6\ndown down down down down down\n");

  // Every command that reads a board takes them.
  CHECK(run_hooked({"check", "countdown", "3", "6", "--double"}).out == "WIN in 6 steps\n");
  CHECK(run_hooked({"hint", "countdown", "3", "--double"}).out == "no hint available\n");
  CHECK_THAT(run_hooked({"hint", "countdown", "x", "--double"}).err, Catch::Contains("--double: "));
  CHECK_THAT(run_hooked({"bench", "countdown", "-", "--double"}, "x\n").err,
             Catch::Contains("--double: "));

  // A failed rewrite is a parse error naming the option and where.
  r = run_hooked({"solve", "countdown", "--double"}, "3x");
  CHECK(r.code == kBadInput);
  CHECK_THAT(r.err, Catch::Contains("--double: expected a number"));
  CHECK_THAT(r.err, Catch::Contains("column 2"));

  // A puzzle without the option refuses it.
  r = run_hooked({"solve", "rushhour", "--double"}, "IBBxooIooLDDJAALooJoKEEMFFKooMGGHHHM");
  CHECK(r.code == kBadInput);
  CHECK_THAT(r.err, Catch::Contains("rushhour has no option --double"));
}

TEST_CASE("cli: check judges a puzzle's own answer text when it offers a check", "[cli]") {
  CliRun r = run_hooked({"check", "countdown", "4", "4"});
  CHECK(r.code == kOk);
  CHECK(r.out == "WIN in 4 steps\n");
  r = run_hooked({"check", "countdown", "4", "5"});
  CHECK(r.code == kNoSolution);
  CHECK(r.out == "LOSE: it takes 4 steps\n");
  // A board in a file: BOARD names the file.
  const std::string path = PUZZLELAB_TEST_DATA_DIR "/rushhour/sample75.txt";
  CHECK(run_hooked({"check", "countdown", path, "1"}).code == kBadInput);  // read, and not a number
}

TEST_CASE("cli: solve --output asks the puzzle for another answer format", "[cli]") {
  CliRun r = run_hooked({"solve", "countdown", "--output", "count"}, "5");
  CHECK(r.code == kOk);
  CHECK(r.out == "5 in 5\n");
  r = run_hooked({"solve", "countdown", "--output", "golf"}, "5");
  CHECK(r.code == kBadInput);
  CHECK_THAT(r.err, Catch::Contains("countdown has no output format 'golf'"));
  r = run_hooked({"solve", "rushhour", "--output", "count"},
                 "IBBxooIooLDDJAALooJoKEEMFFKooMGGHHHM");
  CHECK(r.code == kBadInput);
  CHECK(run_hooked({"solve", "countdown", "--output", "count", "--json"}, "5").code == kBadInput);
}

TEST_CASE("cli: --help for the tool and for each command", "[cli]") {
  CliRun r = run_hooked({"--help"});
  CHECK(r.code == kOk);
  for (const char* command : {"solve", "check", "bench", "hint", "rate", "generate", "list"}) {
    CHECK_THAT(r.out, Catch::Contains(command));
  }
  CHECK_THAT(r.out, Catch::Contains("Exit codes"));
  CHECK(run_hooked({"help"}).out == r.out);

  r = run_hooked({"solve", "--help"});
  CHECK(r.code == kOk);
  for (const char* option : {"--metric", "--algorithm", "--nodes", "--json", "--output", "FILE"}) {
    CHECK_THAT(r.out, Catch::Contains(option));
  }
  // The text option is offered with its help and the puzzles that have it.
  CHECK_THAT(r.out, Catch::Contains("--double"));
  CHECK_THAT(r.out, Catch::Contains("start from twice the number (countdown)"));
  CHECK(run_hooked({"help", "solve"}).out == r.out);

  r = run_hooked({"bench", "--help"});
  CHECK_THAT(r.out, Catch::Contains("--repeat"));
  CHECK_FALSE(r.out.find("--double") == std::string::npos);
  CHECK(run_hooked({"generate", "--help"}).out.find("--double") == std::string::npos);

  // No command at all is a usage error.
  r = run_hooked({});
  CHECK(r.code == kBadInput);
  CHECK_THAT(r.err, Catch::Contains("solve"));
}
