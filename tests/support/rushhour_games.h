// Reading Rush Hour boards in the tests, in any of the formats the puzzle
// reads (Fogleman strings, rows of text, golf boards with a # border).
#pragma once

#include <catch2/catch.hpp>

#include <memory>
#include <string>

#include "core/puzzle.h"
#include "puzzles/rushhour/rushhour.h"

namespace puzzlelab::testing {

// The hardest 6x6 board in Fogleman's database: 60 moves, 2332 positions.
inline constexpr const char* kHardestRushHour = "IBBxooIooLDDJAALooJoKEEMFFKooMGGHHHM";

// A 16x16 yard of 25 pieces whose car A is walled in: no solution, and more
// positions than any memory holds or a quick hint may visit (its hint once
// held 552 MB).
inline constexpr const char* kWalledIn16 =
    "ooooooGooooooooo\nooooooGooooooooo\nooooEERRoTToUooo\nooooooooooooUooo\n"
    "oVooFooooooooWWo\noVooFHooooooooYo\nooooFHIIooooJoYo\nAAooooooooooJoox\n"
    "MMMooDDDoooooooo\nooooXooooooooooo\nooooXooooLLooooZ\nBBBoSooooQooOooZ\n"
    "NNNoSooooQooOooo\noooooKKoooooOooo\noooooooooooPoooo\noooooooCCooPoooo\n";

inline std::unique_ptr<Game> parse_rushhour(const std::string& text) {
  auto game = rushhour::puzzle_info().parse(text);
  INFO(text);
  if (!game.ok()) INFO(game.error().describe());
  REQUIRE(game.ok());
  return std::move(game).value();
}

inline ParseError parse_rushhour_fails(const std::string& text) {
  auto game = rushhour::puzzle_info().parse(text);
  INFO(text);
  REQUIRE_FALSE(game.ok());
  return game.error();
}

inline const rushhour::RushHourGame& as_rushhour(const Game& game) {
  return dynamic_cast<const rushhour::RushHourGame&>(game);
}

}  // namespace puzzlelab::testing
