// Rush Hour in the Perl golf's format: parsing (every side of the exit),
// round trips of the 75 database boards, and every golf answer replayed by an
// independent checker in the fewest steps (the steps metric + 1).
#include <catch2/catch.hpp>

#include <algorithm>
#include <fstream>
#include <map>

#include "puzzles/rushhour/golf.h"
#include "puzzles/rushhour/rushhour.h"
#include "support/rushhour_games.h"
#include "support/rushhour_golf_referee.h"

using namespace puzzlelab;
using puzzlelab::testing::as_rushhour;
using puzzlelab::testing::replay_golf;
using rushhour::Axis;
using rushhour::Cell;
using rushhour::Direction;
using rushhour::ExitSide;
using rushhour::Orientation;

namespace {

using testing::parse_rushhour;
using testing::parse_rushhour_fails;

// The issue's example: fewest unit steps 8 (E -1, D 1, D 1, then A 1 five times).
const std::string kExample =
    "########\n"
    "#B  CCC#\n"
    "#B  D  #\n"
    "#AA D   \n"
    "#   D  #\n"
    "#  EE  #\n"
    "#      #\n"
    "########\n";

// A 7x7 yard: C moves up 2 or down 1 (1 step), A goes 5 to the edge, + 1 into the gap.
const std::string kSevenBySeven =
    "#########\n"
    "#B      #\n"
    "#B   C  #\n"
    "#AA  C   \n"
    "#       #\n"
    "#  DDD  #\n"
    "#       #\n"
    "#       #\n"
    "#########\n";

// An 8x5 yard with a wall: D up 1 (it cannot go down past E), A 6 to the
// edge, + 1 into the gap: 8 steps.
const std::string kWide =
    "##########\n"
    "#BCC   # #\n"
    "#B   D   #\n"
    "#AA  D    \n"
    "#   EEE F#\n"
    "#       F#\n"
    "##########\n";

std::vector<std::string> padded_lines(const std::string& text) {
  std::vector<std::string> lines;
  size_t start = 0;
  while (start < text.size()) {
    const size_t end = text.find('\n', start);
    lines.push_back(text.substr(start, end - start));
    start = end + 1;
  }
  size_t width = 0;
  for (const std::string& line : lines) width = std::max(width, line.size());
  for (std::string& line : lines) line.resize(width, ' ');  // a trimmed gap
  return lines;
}

std::string join(const std::vector<std::string>& lines) {
  std::string out;
  for (const std::string& line : lines) out += line + '\n';
  return out;
}

// Mirrors a text grid or swaps its rows and columns; the tests' own code.
std::string mirror(const std::string& text) {
  auto lines = padded_lines(text);
  for (std::string& line : lines) std::reverse(line.begin(), line.end());
  return join(lines);
}
std::string transpose(const std::string& text) {
  const auto lines = padded_lines(text);
  std::vector<std::string> out(lines[0].size(), std::string(lines.size(), ' '));
  for (size_t r = 0; r < lines.size(); ++r) {
    for (size_t c = 0; c < lines[r].size(); ++c) out[c][r] = lines[r][c];
  }
  return join(out);
}
std::string turn_clockwise(const std::string& text) {
  return mirror(transpose(text));
}

// The eight ways to turn and flip a board: four turns, each also mirrored.
std::vector<std::string> all_turns(const std::string& text) {
  std::vector<std::string> out;
  std::string turned = text;
  for (int quarter = 0; quarter < 4; ++quarter) {
    out.push_back(turned);
    out.push_back(mirror(turned));
    turned = turn_clockwise(turned);
  }
  return out;
}

// Where the gap of a golf text is, found by the tests' own reading.
ExitSide gap_side(const std::string& text) {
  const auto lines = padded_lines(text);
  if (lines.front().find(' ') != std::string::npos) return ExitSide::top;
  if (lines.back().find(' ') != std::string::npos) return ExitSide::bottom;
  for (const std::string& line : lines) {
    if (line.front() == ' ') return ExitSide::left;
  }
  return ExitSide::right;
}

// The text with one whole line replaced (it must be there).
std::string with_line(const std::string& text, const std::string& line,
                      const std::string& replacement) {
  std::string out = text;
  const size_t at = out.find(line + '\n');
  REQUIRE(at != std::string::npos);
  out.replace(at, line.size(), replacement);
  return out;
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

SolveResult solve_steps(const Game& game) {
  SolveOptions options;
  options.metric = "steps";
  return game.solve(options);
}

// Solves in steps, prints the answer as `--output golf` does and replays it
// on the golf text with the independent checker.
int golf_steps(const std::string& golf_text) {
  auto game = parse_rushhour(golf_text);
  const SolveResult result = solve_steps(*game);
  REQUIRE(result.status == SolveStatus::solved);
  const auto answer = rushhour::puzzle_info().hooks.format_answer(*game, result, "golf");
  REQUIRE(answer);
  const auto verdict = replay_golf(golf_text, *answer);
  INFO(golf_text << *answer << verdict.error);
  REQUIRE(verdict.won);
  CHECK(verdict.error.empty());
  CHECK(verdict.steps == result.cost + 1);
  CHECK(std::count(answer->begin(), answer->end(), '\n') == result.cost + 1);
  return verdict.steps;
}

// "B+2" as golf steps: "B 1" twice.
std::string as_steps(const std::string& move) {
  const std::string step = move.substr(0, 1) + (move[1] == '+' ? " 1\n" : " -1\n");
  std::string out;
  for (int i = 0; i < std::stoi(move.substr(2)); ++i) out += step;
  return out;
}

}  // namespace

TEST_CASE("Rush Hour golf: the example takes 8 steps", "[rushhour][golf]") {
  auto game = parse_rushhour(kExample);
  const auto& rush = as_rushhour(*game);
  CHECK(rush.layout().width() == 6);
  CHECK(rush.golf_side() == ExitSide::right);
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
  CHECK(parse_rushhour(with_line(kExample, "#AA D   ", "#AA D"))->format() == kExample);
  // Other boards are not golf boards: no golf side, the identity orientation.
  auto plain = parse_rushhour("IBBxooIooLDDJAALooJoKEEMFFKooMGGHHHM");
  CHECK_FALSE(as_rushhour(*plain).golf_side());
  CHECK(as_rushhour(*plain).orientation().is_identity());
  CHECK(plain->format() == "IBBxooIooLDDJAALooJoKEEMFFKooMGGHHHM");
}

TEST_CASE("Rush Hour orientation: cells, steps and boxes map both ways", "[rushhour][golf]") {
  const std::map<ExitSide, Direction> kOutwards = {{ExitSide::right, {Axis::horizontal, 1}},
                                                   {ExitSide::left, {Axis::horizontal, -1}},
                                                   {ExitSide::bottom, {Axis::vertical, 1}},
                                                   {ExitSide::top, {Axis::vertical, -1}}};
  // Sizes as written (width x height): square, wide, tall, the largest.
  const std::vector<std::pair<int, int>> sizes = {{6, 6}, {8, 5}, {5, 8}, {3, 16}, {16, 16}};
  for (const ExitSide side : {ExitSide::right, ExitSide::left, ExitSide::bottom, ExitSide::top}) {
    for (const auto& [width, height] : sizes) {
      INFO(rushhour::to_string(side) << " " << width << "x" << height);
      const Orientation o(side, width, height);
      CHECK(o.is_identity() == (side == ExitSide::right));
      CHECK(o.engine_width() * o.engine_height() == width * height);
      // Every engine cell lands on its own cell of the written board and back.
      std::vector<int> hits(width * height, 0);
      for (int r = 0; r < o.engine_height(); ++r) {
        for (int c = 0; c < o.engine_width(); ++c) {
          const Cell shown = o.to_screen(Cell{r, c});
          REQUIRE(shown.row >= 0);
          REQUIRE(shown.row < height);
          REQUIRE(shown.col >= 0);
          REQUIRE(shown.col < width);
          ++hits[shown.row * width + shown.col];
          CHECK(o.from_screen(shown) == Cell{r, c});
          // A cell's box turns into the shown cell's box.
          const rushhour::Box box =
              o.to_screen(rushhour::Box{double(r), double(c), r + 1.0, c + 1.0});
          CHECK(box.row0 == shown.row);
          CHECK(box.col0 == shown.col);
          CHECK(box.row1 == shown.row + 1);
          CHECK(box.col1 == shown.col + 1);
          // A step in the engine is the turned step on screen.
          for (const Direction d : {Direction{Axis::horizontal, 1}, Direction{Axis::horizontal, -1},
                                    Direction{Axis::vertical, 1}, Direction{Axis::vertical, -1}}) {
            const bool across = d.axis == Axis::horizontal;
            const Cell next{r + (across ? 0 : d.sign), c + (across ? d.sign : 0)};
            const Direction s = o.to_screen(d);
            const bool s_across = s.axis == Axis::horizontal;
            CHECK(o.to_screen(next) ==
                  Cell{shown.row + (s_across ? 0 : s.sign), shown.col + (s_across ? s.sign : 0)});
            CHECK(o.from_screen(s) == d);
          }
        }
      }
      CHECK(std::count(hits.begin(), hits.end(), 1) == width * height);
      // The engine's exit (rightwards, past the last column) is on `side` as
      // written: the step out points there, and the gap is just beyond it.
      const Direction out = o.to_screen(Direction{Axis::horizontal, 1});
      CHECK(out == kOutwards.at(side));
      const Cell gap = o.to_screen(Cell{0, o.engine_width()});
      const bool across = out.axis == Axis::horizontal;
      const Cell edge{gap.row - (across ? 0 : out.sign), gap.col - (across ? out.sign : 0)};
      CHECK((gap.row < 0 || gap.row >= height || gap.col < 0 || gap.col >= width));
      CHECK((edge.row >= 0 && edge.row < height && edge.col >= 0 && edge.col < width));
    }
  }
}

TEST_CASE("Rush Hour golf: a board turned or flipped any way keeps its form and its answer",
          "[rushhour][golf]") {
  // Square and non-square yards, each in all eight orientations (every exit
  // side twice): the same fewest steps, written back as given, every move
  // and every golf answer in the frame the board was written in.
  const std::vector<std::pair<std::string, int>> boards = {
      {kExample, 8}, {kSevenBySeven, 7}, {kWide, 8}};
  for (const auto& [board, steps] : boards) {
    int sides_seen[4] = {};
    for (const std::string& text : all_turns(board)) {
      INFO(text);
      auto game = parse_rushhour(text);
      const auto& rush = as_rushhour(*game);
      const ExitSide side = gap_side(text);
      ++sides_seen[static_cast<int>(side)];
      CHECK(rush.golf_side() == side);
      const auto lines = padded_lines(text);
      CHECK(rush.orientation().screen_width() + 2 == static_cast<int>(lines[0].size()));
      CHECK(rush.orientation().screen_height() + 2 == static_cast<int>(lines.size()));
      CHECK(game->format() == text);
      CHECK(golf_steps(text) == steps);
      // Each legal move, played by the checker on the text, gives the board
      // the engine writes after applying it.
      for (const Move& move : game->legal_moves()) {
        INFO(move.text);
        auto after = game->clone();
        REQUIRE(after->apply(move.text));
        CHECK(after->format() == replay_golf(text, as_steps(move.text)).board);
      }
      // The hint's cells are its piece's, numbered as the board is written.
      const auto hint = game->hint();
      REQUIRE(hint);
      REQUIRE(hint->moves.size() == 1);
      for (const int cell : hint->cells) {
        const int width = rush.orientation().screen_width();
        CHECK(lines[cell / width + 1][cell % width + 1] == hint->moves[0][0]);
      }
    }
    for (const int count : sides_seen) CHECK(count == 2);
  }
}

TEST_CASE("Rush Hour golf: the exit on the left moves car A left", "[rushhour][golf]") {
  auto game = parse_rushhour(mirror(kExample));
  const auto moves = game->legal_moves();
  CHECK(std::find(moves.begin(), moves.end(), Move{"A-1", 1}) != moves.end());
  const SolveResult result = solve_steps(*game);
  const auto answer = rushhour::puzzle_info().hooks.format_answer(*game, result, "golf");
  REQUIRE(answer);
  CHECK(answer->substr(answer->size() - 5) == "A -1\n");
  CHECK(answer->find("E 1\n") != std::string::npos);  // E goes right, as written
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
    auto game = parse_rushhour(golf);
    CHECK(game->format() == golf);
    // The same position as the Fogleman string: the same fewest moves.
    CHECK(game->solve({}).cost == moves);
    if (++count % 5 == 0) {  // steps BFS on every fifth (all of them is slow in wasm)
      const int steps = golf_steps(golf);
      CHECK(steps == solve_steps(*parse_rushhour(board)).cost + 1);
      // Turned to exit at the top, it reads back the same and takes as many steps.
      const std::string top = mirror(transpose(golf));
      CHECK(parse_rushhour(top)->format() == top);
      CHECK(golf_steps(top) == steps);
    }
  }
  CHECK(count == 75);
}

TEST_CASE("Rush Hour golf: errors name the place", "[rushhour][golf]") {
  struct Case {
    const char* what;
    std::string text;
    int line, column;  // -1: not checked
    const char* message;
  };
  std::string bad_character = kExample;
  bad_character.replace(bad_character.find("#  EE"), 2, "#*");
  std::string corner_gap = kExample;
  corner_gap[0] = ' ';
  const std::string no_gap = with_line(kExample, "#AA D   ", "#AA D  #");
  const std::vector<Case> cases = {
      {"no gap", no_gap, -1, -1, "no exit"},
      {"two gaps", with_line(kExample, "#   D  #", "#   D   "), 5, 8, "second gap"},
      {"a bad character", bad_character, 6, 2, "'*'"},
      {"car A not in line with the gap", with_line(no_gap, "#      #", "#       "), 4, 2,
       "in line with the exit"},
      {"a bent piece", with_line(kExample, "#   D  #", "#   DD #"), 3, 5, "piece D"},
      {"a gap at a corner", corner_gap, -1, -1, "corner"},
      // Found in the turned yard, named where it is written: D's top cell
      // on the left-exit board is at line 3, column 4.
      {"a bent piece, exit on the left", mirror(with_line(kExample, "#   D  #", "#   DD #")), 3, 4,
       "piece D"},
  };
  for (const Case& c : cases) {
    INFO(c.what);
    const ParseError e = parse_rushhour_fails(c.text);
    if (c.line >= 0) CHECK(e.line == c.line);
    if (c.column >= 0) CHECK(e.column == c.column);
    CHECK_THAT(e.message, Catch::Contains(c.message));
  }
}
