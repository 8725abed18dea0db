// puzzlelab trace: a search's expansions as text and JSON, its budgets and
// what it says of bad input.
#include <catch2/catch.hpp>

#include "cli.h"
#include "support/cli_run.h"
#include "support/rushhour_games.h"

using namespace puzzlelab::cli;

namespace {

using puzzlelab::testing::cli_run;

using puzzlelab::testing::kHardestRushHour;

size_t lines_in(const std::string& text) {
  return size_t(std::count(text.begin(), text.end(), '\n'));
}

}  // namespace

TEST_CASE("cli: trace prints each state taken with its cluster node", "[cli][trace]") {
  const auto r = cli_run({"trace", "rushhour", kHardestRushHour, "--algorithm", "astar"});
  REQUIRE(r.code == kOk);
  // The same count in every build (native and 32-bit WebAssembly): A*'s ties
  // break on the node stored first, not on the heap's own order.
  CHECK(r.out.rfind("# astar: 2008 states taken, solved in 60 moves\n"
                    "step\tstate\tcluster\tparent\tg\tf\tround\tfrontier\tvisited\tmove\n"
                    "0\t0\t0\t-\t0\t2\t0\t0\t1\t\n"
                    "1\t1\t1\t0\t1\t4\t0\t0\t2\tM-1\n",
                    0) == 0);
  CHECK(lines_in(r.out) == 2 + 2008 + 1);  // summary, header, steps, solution
  CHECK(r.out.find("\nsolution steps: 0 1 2 ") != std::string::npos);
}

TEST_CASE("cli: trace --json and --limit", "[cli][trace]") {
  const auto r = cli_run({"trace", "amphipod", PUZZLELAB_TEST_DATA_DIR "/amphipod/sample.txt",
                          "--algorithm", "dijkstra", "--limit", "5", "--json"});
  REQUIRE(r.code == kOk);
  CHECK(r.out.rfind(R"({"algorithm":"dijkstra","metric":"energy","status":"solved","message":"",)"
                    R"("limit":5,"truncated":true,"endsAtGoal":false,"cost":12521,)",
                    0) == 0);
  CHECK(r.out.find(R"("visited":[1,2,3,4,5],)") != std::string::npos);
}

TEST_CASE("cli: trace says what is wrong with its input", "[cli][trace]") {
  auto r = cli_run({"trace", "sudoku", std::string(81, '.')});
  CHECK(r.code == kBadInput);
  CHECK(r.err == "puzzlelab: sudoku has no search traces\n");
  r = cli_run({"trace", "rushhour", kHardestRushHour, "--algorithm", "greedy"});
  CHECK(r.code == kBadInput);
  CHECK(r.err == "puzzlelab: unknown algorithm 'greedy': expected bfs, astar, idastar, dijkstra\n");
  r = cli_run({"trace", "rushhour", kHardestRushHour, "--limit", "2000000"});
  CHECK(r.code == kBadInput);
  CHECK(r.err == "puzzlelab: --limit must be 1 to 1000000 expansions, not 2000000\n");
  r = cli_run({"trace", "rushhour", "ABC"});
  CHECK(r.code == kBadInput);
  CHECK(r.out.empty());
}

TEST_CASE("cli: trace honours the budgets and keeps what it took", "[cli][trace]") {
  const auto r =
      cli_run({"trace", "rushhour", kHardestRushHour, "--algorithm", "idastar", "--nodes", "100"});
  CHECK(r.code == kGaveUp);
  CHECK(r.out.rfind("# idastar: 99 states taken, budget_exceeded: node budget of 100 expanded "
                    "states reached\n",
                    0) == 0);
  CHECK(r.err ==
        "puzzlelab: gave up: node budget of 100 expanded states reached (the trace holds the "
        "states taken until then)\n");
}
