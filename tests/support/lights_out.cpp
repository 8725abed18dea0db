// Lights Out: pressing a light toggles it and its four neighbours; turn
// every light off. A board is rows of '.' (off) and '*' (on), at most 5x5;
// a move is "r2c3" (row 2, column 3, from 1).
#include "support/lights_out.h"

#include <bit>

#include "core/text.h"
#include "search/solve_by_search.h"

namespace puzzlelab::lights_out {
namespace {

constexpr int kMaxSide = 5;

// The state space for the generic searches: a state is the lit cells' bits.
struct Domain {
  using State = uint32_t;
  using Move = uint8_t;  // the cell pressed
  int width = 0;
  int height = 0;

  State press(State lights, int cell) const {
    const int row = cell / width, column = cell % width;
    lights ^= State{1} << cell;
    if (row > 0) lights ^= State{1} << (cell - width);
    if (row + 1 < height) lights ^= State{1} << (cell + width);
    if (column > 0) lights ^= State{1} << (cell - 1);
    if (column + 1 < width) lights ^= State{1} << (cell + 1);
    return lights;
  }
  uint64_t hash(State lights) const { return lights * 0x9E3779B97F4A7C15ull; }
  bool is_goal(State lights) const { return lights == 0; }
  // A press turns off at most five lights.
  int64_t heuristic(State lights) const { return (std::popcount(lights) + 4) / 5; }
  template <class Visit>
  void for_each_successor(State lights, Visit&& visit) const {
    for (int cell = 0; cell < width * height; ++cell) {
      visit(press(lights, cell), static_cast<Move>(cell), 1);
    }
  }
};

class LightsOut final : public Game {
 public:
  LightsOut(Domain domain, uint32_t lights) : domain_(domain), lights_(lights) {}

  const PuzzleInfo& info() const override { return puzzle_info(); }
  std::string format() const override {
    std::string text;
    for (int cell = 0; cell < domain_.width * domain_.height; ++cell) {
      text += (lights_ >> cell & 1) ? '*' : '.';
      if (cell % domain_.width == domain_.width - 1) text += '\n';
    }
    return text;
  }
  std::vector<Move> legal_moves() const override {
    std::vector<Move> moves;
    for (int cell = 0; cell < domain_.width * domain_.height; ++cell) moves.push_back({name(cell)});
    return moves;
  }
  ApplyResult apply(std::string_view move) override {
    for (int cell = 0; cell < domain_.width * domain_.height; ++cell) {
      if (move != name(cell)) continue;
      lights_ = domain_.press(lights_, cell);
      return ApplyResult::success(1);
    }
    return ApplyResult::failure("expected a cell such as r1c1, got '" + std::string(move) + "'");
  }
  bool is_solved() const override { return lights_ == 0; }
  std::unique_ptr<Game> clone() const override { return std::make_unique<LightsOut>(*this); }
  SolveResult solve(const SolveOptions& options) const override {
    return search::solve_by_search(info(), domain_, lights_, options,
                                   [&](uint8_t cell) { return Move{name(cell)}; });
  }

 private:
  std::string name(int cell) const {
    return "r" + std::to_string(cell / domain_.width + 1) + "c" +
           std::to_string(cell % domain_.width + 1);
  }

  Domain domain_;
  uint32_t lights_ = 0;
};

Parsed<std::unique_ptr<Game>> parse(std::string_view text) {
  Domain domain;
  uint32_t lights = 0;
  for (const text::Line line : text::content_lines(text)) {
    const std::string_view row = line.text;
    if (domain.height == kMaxSide) return parse_error(line.number, 0, "expected at most 5 rows");
    if (domain.width == 0) domain.width = static_cast<int>(row.size());
    if (row.empty() || static_cast<int>(row.size()) != domain.width || domain.width > kMaxSide) {
      return parse_error(line.number, 0, "expected rows of one width, 1 to 5 cells");
    }
    for (int column = 0; column < domain.width; ++column) {
      if (row[column] != '.' && row[column] != '*') {
        return parse_error(line.number, column + 1, "expected '.' (off) or '*' (on)");
      }
      if (row[column] == '*') lights |= uint32_t{1} << (domain.height * domain.width + column);
    }
    ++domain.height;
  }
  if (domain.height == 0) return parse_error(0, 0, "expected rows of '.' and '*'");
  return std::unique_ptr<Game>(std::make_unique<LightsOut>(domain, lights));
}

}  // namespace

const PuzzleInfo& puzzle_info() {
  static const PuzzleInfo info{
      .id = "lightsout",
      .title = "Lights Out",
      .parse = parse,
      .summary = "Press a light to toggle it and its neighbours; turn them all off.",
      .algorithms = search::search_algorithms(),
      .rules = {.text = "Every press toggles a light and its neighbours above, below, left and "
                        "right: lit goes dark, dark lights up.\n"
                        "- Press the lights in any order; pressing one twice undoes it.\n"
                        "- Turn every light off in as few presses as you can.",
                .demo_board = ".*.\n***\n.*.\n",
                .demo = {{.caption = "Five lights in a cross."},
                         {.move = "r2c2", .caption = "Pressing the centre toggles all five."}}},
      .format_example = "*.*\n.*.\n*.*\n",
      .format_help = "Rows of . (off) and * (on), one line per row, at most 5x5.",
  };
  return info;
}

}  // namespace puzzlelab::lights_out
