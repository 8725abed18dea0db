// The template puzzle (tests/support/lights_out.cpp) through the interface:
// it compiles naming only what it has (built with -Werror), and what it
// names works: parse and format round trip, moves apply, and every search
// solve_by_search offers it finds the known optimum.
#include <catch2/catch.hpp>

#include "support/lights_out.h"

using namespace puzzlelab;

namespace {

std::unique_ptr<Game> board(std::string_view text) {
  auto game = lights_out::puzzle_info().parse(text);
  INFO(text);
  REQUIRE(game);
  return std::move(game).value();
}

}  // namespace

TEST_CASE("template puzzle: the defaults stand in for what it does not name", "[interface]") {
  const PuzzleInfo& info = lights_out::puzzle_info();
  CHECK(info.metrics.empty());
  CHECK(info.difficulties.empty());
  CHECK(info.hooks.text_options.empty());
  CHECK(info.unit == "moves");
  CHECK(cost_unit(info, "") == "moves");
  CHECK(info.generate == nullptr);
  CHECK_FALSE(info.has_hints);
  CHECK(board("*")->hint() == std::nullopt);
}

TEST_CASE("template puzzle: parse, format and moves", "[interface]") {
  const auto game = board("*..\n.*.\n...\n");
  CHECK(game->format() == "*..\n.*.\n...\n");
  CHECK(board(game->format())->format() == game->format());
  CHECK(game->legal_moves().size() == 9);
  auto played = game->clone();
  REQUIRE(played->apply("r2c2"));  // the centre and its four neighbours
  CHECK(played->format() == "**.\n*.*\n.*.\n");
  REQUIRE(played->apply("r2c2"));
  CHECK(played->format() == game->format());
  CHECK_FALSE(played->apply("r4c1"));
  const auto bad = lights_out::puzzle_info().parse("..\n.x\n");
  REQUIRE_FALSE(bad);
  CHECK(bad.error().line == 2);
  CHECK(bad.error().column == 2);
}

TEST_CASE("template puzzle: every search finds the known optimum", "[interface][search]") {
  // 3x3 all lit takes 5 presses (the corners and the centre); 4x4 all lit
  // takes 4; a lone corner on 4x4 cannot be cleared (a breadth-first
  // enumeration of all 2^9 and 2^16 boards, done outside these tests).
  const std::vector<std::pair<std::string_view, int64_t>> known = {{"***\n***\n***\n", 5},
                                                                   {"****\n****\n****\n****\n", 4}};
  for (const auto& [text, optimum] : known) {
    for (const Choice& algorithm : lights_out::puzzle_info().algorithms) {
      INFO(text << algorithm.name);
      SolveOptions options;
      options.algorithm = algorithm.name;
      const auto game = board(text);
      const SolveResult result = game->solve(options);
      REQUIRE(result.status == SolveStatus::solved);
      CHECK(result.optimal);
      CHECK(result.cost == optimum);
      auto replay = game->clone();
      for (const Move& move : result.moves) REQUIRE(replay->apply(move.text));
      CHECK(replay->is_solved());
    }
  }
  CHECK(board("*...\n....\n....\n....\n")->solve({}).status == SolveStatus::unsolvable);
  SolveOptions unknown;
  unknown.algorithm = "no-such";
  CHECK(board("*")->solve(unknown).status == SolveStatus::invalid);
}
