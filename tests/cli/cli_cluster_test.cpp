// puzzlelab cluster: the space around a board, as text and as JSON.
#include <catch2/catch.hpp>

#include "cli.h"
#include "core/space.h"
#include "support/cli_run.h"
#include "support/rushhour_games.h"

using namespace puzzlelab::cli;

namespace {

using puzzlelab::testing::cli_run;

using puzzlelab::testing::kHardestRushHour;

}  // namespace

TEST_CASE("cli: cluster says the positions and the board's distance", "[cli][space]") {
  const auto r = cli_run({"cluster", "rushhour", kHardestRushHour});
  REQUIRE(r.code == kOk);
  CHECK(r.out.rfind("2332 positions, 7733 moves, 110 solved\n", 0) == 0);
  CHECK(r.out.find("the board is 60 moves from solved\n") != std::string::npos);
  CHECK(r.out.find("\n60\t1\n") != std::string::npos);  // one position 60 moves out: the board
}

TEST_CASE("cli: cluster says one move as one move", "[cli][space]") {
  // Car A alone in its row: five places, one of them at the exit.
  const auto r = cli_run({"cluster", "rushhour", "ooooooooooooAAoooooooooooooooooooooo"});
  REQUIRE(r.code == kOk);
  CHECK(r.out.rfind("5 positions, 10 moves, 1 solved\n", 0) == 0);
  CHECK(r.out.find("the board is 1 move from solved\n") != std::string::npos);
}

TEST_CASE("cli: cluster of an amphipod burrow: its energy and its dead ends", "[cli][space]") {
  // Advent of Code's example: 12521 energy (the puzzle's published answer).
  const auto r = cli_run(
      {"cluster", "amphipod", "--max", "100000", PUZZLELAB_TEST_DATA_DIR "/amphipod/sample.txt"});
  REQUIRE(r.code == kOk);
  CHECK(r.out.rfind("95971 positions, ", 0) == 0);
  CHECK(r.out.find("the board is 9 moves from solved (least 12521 energy)\n") != std::string::npos);
  CHECK(r.out.find("\n24467 dead ends (no solved position is reachable from them)\n") !=
        std::string::npos);
  CHECK(r.out.find("\nnone\t24467\n") != std::string::npos);
}

TEST_CASE("cli: cluster --json --max gives the capped space", "[cli][space]") {
  const auto r = cli_run({"cluster", "rushhour", kHardestRushHour, "--json", "--max", "40"});
  REQUIRE(r.code == kOk);
  const auto space = puzzlelab::decode_space(r.out);
  REQUIRE(space.ok());
  CHECK(space.value().size() == 40);
  CHECK(space.value().truncated);
  CHECK(space.value().boards[0] == kHardestRushHour);
}

TEST_CASE("cli: cluster stops at a budget, and only for puzzles that draw one", "[cli][space]") {
  const auto budget = cli_run({"cluster", "rushhour", kHardestRushHour, "--nodes", "10"});
  CHECK(budget.code == kGaveUp);
  CHECK(budget.err.find("node budget") != std::string::npos);
  const auto sudoku = cli_run({"cluster", "sudoku", std::string(81, '.')});
  CHECK(sudoku.code == kBadInput);
  CHECK(sudoku.err.find("no cluster picture") != std::string::npos);
}
