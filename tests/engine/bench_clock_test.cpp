// What `puzzlelab bench` times: the process's CPU time, with the wall time
// beside it (core/bench_totals.h), so a busy machine's waits are not counted.
#include <catch2/catch.hpp>

#include <chrono>
#include <thread>

#include "core/bench_totals.h"

using namespace puzzlelab;

#if !defined(__EMSCRIPTEN__)  // a sleep there spins, using CPU time
TEST_CASE("bench clock: a wait counts as wall time, not CPU time", "[bench]") {
  BenchTotals totals;
  const BenchClock clock;
  std::this_thread::sleep_for(std::chrono::milliseconds(200));
  clock.add_to(totals);
  CHECK(totals.wall_seconds >= 0.19);
  CHECK(totals.seconds < 0.1);
}
#endif

TEST_CASE("bench totals: the line says CPU and wall", "[bench]") {
  BenchTotals totals;
  totals.puzzles = 4;
  totals.seconds = 0.5;
  totals.wall_seconds = 1.25;
  const std::string line = format_bench_totals("lightsout", "moves", totals, 3);
  CHECK_THAT(line, Catch::StartsWith("lightsout: 4 puzzles in 0.500 s CPU, 1.250 s wall "
                                     "(fastest of 3): 8.0 puzzles/s (125.000 ms/puzzle, CPU)\n"));
}
