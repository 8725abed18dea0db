// Rush Hour in the Perl golf's format: parsing (every side of the exit),
// round trips of the 75 database boards, and every golf answer replayed by an
// independent checker in the fewest steps (the steps metric + 1).
#include <catch2/catch.hpp>

#include <algorithm>
#include <fstream>

#include "puzzles/rushhour/golf.h"
#include "puzzles/rushhour/rushhour.h"
#include "support/rushhour_golf_referee.h"

using namespace puzzlelab;
using puzzlelab::testing::replay_golf;

namespace {

// The example: fewest unit steps 8 (E -1, D 1, D 1, then A 1 five times).
const std::string kExample =
    "########\n"
    "#B  CCC#\n"
    "#B  D  #\n"
    "#AA D   \n"
    "#   D  #\n"
    "#  EE  #\n"
    "#      #\n"
    "########\n";

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> lines;
  size_t start = 0;
  while (start < text.size()) {
    const size_t end = text.find('\n', start);
    lines.push_back(text.substr(start, end - start));
    start = end + 1;
  }
  return lines;
}

std::string join(const std::vector<std::string>& lines) {
  std::string out;
  for (const std::string& line : lines) out += line + '\n';
  return out;
}

// Turns a text grid a quarter (clockwise) or mirrors it; the tests' own code.
std::string mirror(const std::string& text) {
  auto lines = lines_of(text);
  for (std::string& line : lines) std::reverse(line.begin(), line.end());
  return join(lines);
}
std::string transpose(const std::string& text) {
  const auto lines = lines_of(text);
  std::vector<std::string> out(lines[0].size(), std::string(lines.size(), ' '));
  for (size_t r = 0; r < lines.size(); ++r) {
    for (size_t c = 0; c < lines[r].size(); ++c) out[c][r] = lines[r][c];
  }
  return join(out);
}

// A Fogleman 6x6 string in golf form: the gap right of car A's row.
std::string golf_from_fogleman(const std::string& board) {
  std::string out = "########\n";
  for (int r = 0; r < 6; ++r) {
    std::string row = board.substr(r * 6, 6);
    for (char& c : row) c = c == 'o' || c == '.' ? ' ' : c == 'x' ? '#' : c;
    const bool exit_row = row.find('A') != std::string::npos;
    out += '#' + row + (exit_row ? ' ' : '#') + '\n';
  }
  return out + "########\n";
}

std::unique_ptr<Game> parse_ok(const std::string& text) {
  auto game = rushhour::puzzle_info().parse(text);
  INFO(text);
  if (!game.ok()) INFO(game.error().describe());
  REQUIRE(game.ok());
  return std::move(game).value();
}

ParseError parse_fails(const std::string& text) {
  auto game = rushhour::puzzle_info().parse(text);
  INFO(text);
  REQUIRE_FALSE(game.ok());
  return game.error();
}

SolveResult solve_steps(const Game& game) {
  SolveOptions options;
  options.metric = "steps";
  return game.solve(options);
}

// Solves in steps, prints the golf answer and replays it on the golf text.
int golf_steps(const std::string& golf_text) {
  auto game = parse_ok(golf_text);
  const SolveResult result = solve_steps(*game);
  REQUIRE(result.status == SolveStatus::solved);
  const auto answer = rushhour::format_golf_answer(*game, result);
  REQUIRE(answer);
  const auto verdict = replay_golf(golf_text, *answer);
  INFO(golf_text << *answer << verdict.error);
  REQUIRE(verdict.won);
  CHECK(verdict.error.empty());
  CHECK(verdict.steps == result.cost + 1);
  CHECK(std::count(answer->begin(), answer->end(), '\n') == result.cost + 1);
  return verdict.steps;
}

}  // namespace

TEST_CASE("Rush Hour golf: the example takes 8 steps", "[rushhour][golf]") {
  auto game = parse_ok(kExample);
  const auto& rush = dynamic_cast<const rushhour::RushHourGame&>(*game);
  CHECK(rush.layout().width() == 6);
  CHECK(rush.golf_side() == rushhour::ExitSide::right);
  CHECK(game->format() == kExample);  // written back in golf form, gap and all
  CHECK(golf_steps(kExample) == 8);
  const SolveResult result = solve_steps(*game);
  const std::string answer = *rushhour::format_golf_answer(*game, result);
  // A moves 4 cells to the edge and one into the gap (it may start before D is clear).
  size_t a_steps = 0;
  for (size_t at = answer.find("A 1\n"); at != std::string::npos; at = answer.find("A 1\n", at + 1))
    ++a_steps;
  CHECK(a_steps == 5);
  CHECK(answer.substr(answer.size() - 4) == "A 1\n");
  CHECK(answer.find("E -1\n") != std::string::npos);
  // Trailing spaces trimmed away (editors do that) read the same.
  std::string trimmed = kExample;
  trimmed.replace(trimmed.find("#AA D   \n"), 9, "#AA D\n");
  CHECK(parse_ok(trimmed)->format() == kExample);
}

TEST_CASE("Rush Hour golf: the exit on any side", "[rushhour][golf]") {
  // The example mirrored (exit on the left), transposed (exit at the bottom)
  // and both (exit at the top): the same 8 steps, replayed as written.
  const std::string left = mirror(kExample);
  const std::string bottom = transpose(kExample);
  const std::string top = mirror(transpose(mirror(kExample)));
  CHECK(dynamic_cast<const rushhour::RushHourGame&>(*parse_ok(left)).golf_side() ==
        rushhour::ExitSide::left);
  CHECK(dynamic_cast<const rushhour::RushHourGame&>(*parse_ok(bottom)).golf_side() ==
        rushhour::ExitSide::bottom);
  CHECK(dynamic_cast<const rushhour::RushHourGame&>(*parse_ok(top)).golf_side() ==
        rushhour::ExitSide::top);
  for (const std::string& text : {left, bottom, top}) {
    INFO(text);
    CHECK(parse_ok(text)->format() == text);
    CHECK(golf_steps(text) == 8);
    // Moves are written as the board is: every legal move applies.
    auto game = parse_ok(text);
    for (const Move& move : game->legal_moves()) {
      auto copy = game->clone();
      CHECK(copy->apply(move.text));
    }
  }
  // On the left-exit board car A goes left: "A-1" is a legal move there.
  auto game = parse_ok(left);
  const auto moves = game->legal_moves();
  CHECK(std::find(moves.begin(), moves.end(), Move{"A-1", 1}) != moves.end());
}

TEST_CASE("Rush Hour golf: a larger yard", "[rushhour][golf]") {
  const std::string board =
      "#########\n"
      "#B      #\n"
      "#B   C  #\n"
      "#AA  C   \n"
      "#       #\n"
      "#  DDD  #\n"
      "#       #\n"
      "#       #\n"
      "#########\n";
  // C moves up 2 or down 1 (1 step), A goes 5 to the edge, + 1 into the gap.
  CHECK(golf_steps(board) == 7);
}

TEST_CASE("Rush Hour golf: the 75 database boards round-trip and replay", "[rushhour][golf]") {
  std::ifstream file(PUZZLELAB_TEST_DATA_DIR "/rushhour/sample75.txt");
  int moves = 0;
  long long cluster = 0;
  std::string board;
  int count = 0;
  while (file >> moves >> board >> cluster) {
    INFO(board);
    const std::string golf = golf_from_fogleman(board);
    auto game = parse_ok(golf);
    CHECK(game->format() == golf);
    // The same position as the Fogleman string: the same fewest moves.
    CHECK(game->solve({}).cost == moves);
    if (++count % 5 == 0) {  // steps BFS on every fifth (all of them is slow in wasm)
      const int steps = golf_steps(golf);
      CHECK(steps == solve_steps(*parse_ok(board)).cost + 1);
    }
  }
  CHECK(count == 75);
}

TEST_CASE("Rush Hour golf: errors name the place", "[rushhour][golf]") {
  SECTION("no gap") {
    std::string text = kExample;
    text.replace(text.find("#AA D   \n"), 9, "#AA D  #\n");
    CHECK_THAT(parse_fails(text).message, Catch::Contains("no exit"));
  }
  SECTION("two gaps") {
    std::string text = kExample;
    text.replace(text.find("#   D  #\n"), 9, "#   D   \n");
    const ParseError e = parse_fails(text);
    CHECK(e.line == 5);
    CHECK(e.column == 8);
    CHECK_THAT(e.message, Catch::Contains("second gap"));
  }
  SECTION("a bad character") {
    std::string text = kExample;
    text[text.find("#  EE")] = '#';
    text[text.find("#  EE") + 1] = '*';
    const ParseError e = parse_fails(text);
    CHECK(e.line == 6);
    CHECK(e.column == 2);
    CHECK_THAT(e.message, Catch::Contains("'*'"));
  }
  SECTION("car A not in line with the gap") {
    std::string text = kExample;
    text.replace(text.find("#AA D   \n"), 9, "#AA D  #\n");
    text.replace(text.find("#      #\n"), 9, "#       \n");
    CHECK_THAT(parse_fails(text).message, Catch::Contains("in line with the exit"));
  }
  SECTION("a bent piece") {
    std::string text = kExample;
    text.replace(text.find("#   D  #\n"), 9, "#   DD #\n");
    const ParseError e = parse_fails(text);
    CHECK(e.line == 3);
    CHECK_THAT(e.message, Catch::Contains("piece D"));
  }
  SECTION("a gap at a corner") {
    std::string text = kExample;
    text[0] = ' ';
    CHECK_THAT(parse_fails(text).message, Catch::Contains("corner"));
  }
}
