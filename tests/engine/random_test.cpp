// The one splitmix64 (core/random.h) against the reference implementation's
// published outputs (Vigna's splitmix64.c, seeded with 0).
#include <catch2/catch.hpp>

#include "core/random.h"

using namespace puzzlelab;

TEST_CASE("splitmix64 gives the reference sequence from seed 0", "[random]") {
  uint64_t state = 0;
  CHECK(splitmix64(state) == 0xE220A8397B1DCDAFull);
  CHECK(splitmix64(state) == 0x6E789E6AA1B965F4ull);
  CHECK(splitmix64(state) == 0x06C45D188009454Full);
  CHECK(splitmix64(state) == 0xF88BB8A8724C81ECull);
  CHECK(state == 4 * kGoldenGamma);
  // The mixer alone is the finaliser: splitmix64 is mix64 of the stepped state.
  CHECK(mix64(kGoldenGamma) == 0xE220A8397B1DCDAFull);
  static_assert(mix64(0) == 0);
}
