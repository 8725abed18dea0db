// Tree of Life's space-time strip columns (views/treeoflife_strip.h): the
// tree's cells in in-order (left to right as the tree is drawn), a column
// each or runs of them, and each column's share of live cells.
#include <catch2/catch.hpp>

#include <vector>

#include "puzzles/treeoflife/treeoflife.h"
#include "views/treeoflife_strip.h"

using namespace puzzlelab;
using namespace puzzlelab::shell;

namespace {

// HackerRank's sample: cells breadth-first 0-10; left to right as drawn
// they are 3 1 7 4 8 0 5 2 9 6 10.
const char* kSample = "((. X (. . .)) . (X . (. X X)))";

}  // namespace

TEST_CASE("strip: a column per cell, in the tree's in-order, each under its cell", "[strip]") {
  const treeoflife::Tree tree = treeoflife::parse_tree(kSample).value();
  StripColumns strip;
  CHECK(strip.fit(tree.shape, 1000));  // at most a column per cell
  CHECK_FALSE(strip.fit(tree.shape, 1000));
  REQUIRE(strip.columns() == 11);
  const std::vector<int> left_to_right = {3, 1, 7, 4, 8, 0, 5, 2, 9, 6, 10};
  for (int c = 0; c < 11; ++c) {
    INFO("column " << c);
    CHECK(strip.column_of(left_to_right[size_t(c)]) == c);
    // Centred where the tree draws the cell: a leaf in the middle of its
    // unit, an internal cell at its split (in leaf units, 6 leaves).
    const auto [from, to] = strip.span(c);
    CHECK((from + to) / 2 == Approx((c + 1) / 2.0));
    CHECK(to - from == Approx(0.5));
  }
  CHECK(strip.leaves() == 6);
  // The sample's live cells (1, 5, 6, 10) are the columns 1, 6, 9 and 10.
  const std::vector<float> shares = strip.shares(tree.cells);
  const std::vector<float> want = {0, 1, 0, 0, 0, 0, 1, 0, 0, 1, 1};
  CHECK(shares == want);
}

TEST_CASE("strip: fewer columns than cells count runs of the in-order", "[strip]") {
  const treeoflife::Tree tree = treeoflife::parse_tree(kSample).value();
  StripColumns strip;
  strip.fit(tree.shape, 3);
  REQUIRE(strip.columns() == 3);
  // In-order positions 0-3, 4-7 and 8-10: cells {3 1 7 4}, {8 0 5 2}, {9 6 10}.
  CHECK(strip.column_of(4) == 0);
  CHECK(strip.column_of(8) == 1);
  CHECK(strip.column_of(2) == 1);
  CHECK(strip.column_of(9) == 2);
  const std::vector<float> shares = strip.shares(tree.cells);
  REQUIRE(shares.size() == 3);
  CHECK(shares[0] == Approx(1 / 4.0));  // cell 1
  CHECK(shares[1] == Approx(1 / 4.0));  // cell 5
  CHECK(shares[2] == Approx(2 / 3.0));  // cells 6 and 10
  // The columns cover the tree's width end to end, in order.
  CHECK(strip.span(0).first == Approx(0.25));
  CHECK(strip.span(2).second == Approx(strip.leaves() - 0.25));
  CHECK(strip.span(0).second == Approx(strip.span(1).first));
}
