// The parsers' text helpers' small sentence helper: counts and their units.
#include <catch2/catch.hpp>

#include "core/text.h"

using puzzlelab::text::amount;

TEST_CASE("text: a count of one takes the singular of a unit in s", "[text]") {
  CHECK(amount(1, "moves") == "1 move");
  CHECK(amount(0, "moves") == "0 moves");
  CHECK(amount(60, "moves") == "60 moves");
  CHECK(amount(1, "steps") == "1 step");
  CHECK(amount(1, "characters") == "1 character");
  CHECK(amount(1, "energy") == "1 energy");  // no plural s to drop
  CHECK(amount(1, "class") == "1 class");    // nor here
  CHECK(amount(1, "queries") == "1 query");
  CHECK(amount(2, "queries") == "2 queries");
}
