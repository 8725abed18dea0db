// Positions share what moves do not change. The undo chain keeps every
// position (Game::clone, then apply), so a move must cost memory for what
// it changes, not for the whole problem: measured with the test binary's
// counting operator new, for every puzzle's examples and for the problems
// that made a copy per move expensive (a Tree of Life with 100,000
// queries, a 64x64 Bender maze).
#include <catch2/catch.hpp>

#include <random>

#include "puzzles/puzzle_list.h"
#include "support/allocation_meter.h"
#include "support/puzzle_examples.h"
#include "support/treeoflife_inputs.h"

using namespace puzzlelab;
using puzzlelab::testing::AllocationMeter;

namespace {

// What a position made by one move holds that its parent does not share
// (the game object, its own small state), at most.
constexpr int64_t kBytesPerMove = 2048;

// Bytes a clone with one legal move applied holds; -1 when no move applies.
int64_t bytes_of_a_move(const Game& game) {
  const std::vector<Move> moves = game.legal_moves();
  if (moves.empty()) return -1;
  AllocationMeter meter;
  std::unique_ptr<Game> next = game.clone();
  REQUIRE(next->apply(moves.front().text));
  return meter.held();
}

std::unique_ptr<Game> parse_puzzle(std::string_view id, const std::string& text) {
  auto game = find_puzzle(id)->parse(text);
  INFO(text.substr(0, 200));
  REQUIRE(game.ok());
  return std::move(game).value();
}

}  // namespace

TEST_CASE("every puzzle: a move's position costs what it changes, not the problem",
          "[limits][interface]") {
  for (const PuzzleInfo* info : all_puzzles()) {
    for (const std::string& board : testing::puzzle_examples(PUZZLELAB_ASSETS_DIR, info->id)) {
      INFO(info->id << ": " << board.substr(0, 80));
      const std::unique_ptr<Game> game = parse_puzzle(info->id, board);
      CHECK(bytes_of_a_move(*game) <= kBytesPerMove);
    }
  }
}

TEST_CASE("treeoflife: 100,000 queries are shared by every position, not copied per move",
          "[limits][treeoflife]") {
  std::mt19937 rng(7);
  std::string text = "42354\n" + testing::random_tree(2001, rng) + "\n100000\n";
  for (int i = 0; i < 100000; ++i) text += "1 []\n";
  std::unique_ptr<Game> game = parse_puzzle("treeoflife", text);
  // 700 steps of the clock, each a position of its own (as a link's
  // moves=+1,+1,... make them): they hold no more than 700 small objects.
  std::vector<std::unique_ptr<Game>> chain;
  AllocationMeter meter;
  const Game* last = game.get();
  for (int i = 0; i < 700; ++i) {
    chain.push_back(last->clone());
    REQUIRE(chain.back()->apply("+1"));
    last = chain.back().get();
  }
  CHECK(meter.held() <= 700 * kBytesPerMove);
  // A toggle changes generation 0: that position gets its own, the others keep theirs.
  std::unique_ptr<Game> toggled = game->clone();
  REQUIRE(toggled->apply("toggle []"));
  CHECK(toggled->format() != game->format());
  CHECK(chain.front()->format().substr(0, 50) == game->format().substr(0, 50));
}

TEST_CASE("bender: a 64x64 maze is shared by every position", "[limits][bender]") {
  std::string text = "64 64\n";
  for (int y = 0; y < 64; ++y) text += std::string(64, '.') + "\n";
  text += "0 0\n63 63\n0\n";
  std::unique_ptr<Game> game = parse_puzzle("bender", text);
  CHECK(bytes_of_a_move(*game) <= kBytesPerMove);
}
