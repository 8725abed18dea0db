// The one clock (core/clock.h) reaches every time budget: each kind of
// search, Bender's anneal, Compare's rows and the worker protocol read the
// clock they are handed, so a ManualClock stops them where the test says,
// the same way on every run and every machine. No test here reads the wall
// clock or waits on it.
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "api/solve_protocol.h"
#include "core/clock.h"
#include "core/compare.h"
#include "puzzles/bender/compressor.h"
#include "puzzles/bender/simulator.h"
#include "puzzles/puzzle_list.h"
#include "search/search_monitor.h"
#include "support/bender_files.h"
#include "support/puzzle_examples.h"

using namespace puzzlelab;
using namespace puzzlelab::testing::bender_files;

namespace {

// A position of each puzzle that no search finishes within a few hundred
// states: the hardest 6x6 Rush Hour (60 moves), the example burrow unfolded
// (44169), public Bender map 9 (switches and balls), the Tree of Life sample
// and a Sudoku (whose solver has no time budget: it counts guesses).
struct Case {
  const char* puzzle;
  std::string board;
};

std::vector<Case> cases() {
  const std::vector<std::string> sudokus =
      puzzlelab::testing::puzzle_examples(PUZZLELAB_ASSETS_DIR, "sudoku");
  REQUIRE(!sudokus.empty());
  return {{"rushhour", "IBBxooIooLDDJAALooJoKEEMFFKooMGGHHHM"},
          {"amphipod",
           "#############\n#...........#\n###B#C#B#D###\n  #D#C#B#A#\n  #D#B#A#C#\n"
           "  #A#D#C#A#\n  #########\n"},
          {"bender", read_data("map09.txt")},
          {"treeoflife",
           "42354\n((. X (. . .)) . (X . (. X X)))\n6\n0 []\n2 [><]\n0 [><]\n0 [<>]\n1 [><]\n"
           "0 [<>]\n"},
          {"sudoku", sudokus.back()}};
}

std::unique_ptr<Game> parse_case(const Case& c) {
  const PuzzleInfo* info = find_puzzle(c.puzzle);
  REQUIRE(info);
  auto game = info->parse(c.board);
  REQUIRE(game.ok());
  return std::move(game.value());
}

// The same solve under a clock that jumps a second at every reading: the
// 50 ms budget is spent at the first reading after the start.
SolveResult solve_on_jumping_clock(const Game& game, const ComparePlan& plan) {
  ManualClock clock(0, 1000);
  SolveOptions options;
  options.algorithm = std::string(plan.algorithm->name);
  options.metric = plan.metric ? std::string(plan.metric->name) : "";
  options.time_budget_ms = 50;
  options.clock = &clock;
  SolveResult result = game.solve(options);
  CHECK(clock.reads() >= 2);  // its start and at least one check
  return result;
}

}  // namespace

TEST_CASE("clock: a manual clock reads what the test set, and ticks when asked", "[clock]") {
  ManualClock still(5);
  CHECK(still.now_ms() == 5);
  CHECK(still.now_ms() == 5);
  still.advance(2.5);
  CHECK(still.now_ms() == 7.5);
  still.set(100);
  CHECK(still.now_ms() == 100);
  CHECK(still.reads() == 4);
  ManualClock ticking(10, 3);
  CHECK(ticking.now_ms() == 10);
  CHECK(ticking.now_ms() == 13);
  ticking.advance(100);
  CHECK(ticking.now_ms() == 116);
  CHECK(&clock_or_steady(nullptr) == &steady_clock());
  CHECK(&clock_or_steady(&ticking) == &ticking);
}

TEST_CASE("clock: a time budget stops every search of every puzzle on the clock it is given",
          "[clock][budget]") {
  for (const Case& c : cases()) {
    const auto game = parse_case(c);
    for (const ComparePlan& plan : compare_plan(game->info())) {
      INFO(c.puzzle << " " << plan.algorithm->name << " "
                    << (plan.metric ? plan.metric->name : ""));
      const SolveResult first = solve_on_jumping_clock(*game, plan);
      // The same outcome on every run: the clock, not the machine, stopped it.
      const SolveResult again = solve_on_jumping_clock(*game, plan);
      CHECK(again.status == first.status);
      CHECK(again.stats.expanded == first.stats.expanded);
      CHECK(again.answer == first.answer);
      CHECK(again.message == first.message);
      // Its elapsed figure is read on that clock too: whole seconds.
      CHECK(first.stats.elapsed_ms >= 1000);
      CHECK(first.stats.elapsed_ms == static_cast<int64_t>(first.stats.elapsed_ms / 1000) * 1000);
      if (std::string_view(c.puzzle) == "sudoku") {  // no time budget: guesses are its budget
        CHECK(first.status == SolveStatus::solved);
        continue;
      }
      if (std::string_view(c.puzzle) == "bender" && first.status == SolveStatus::solved) {
        // An anytime search: the best program so far, and why it stopped.
        CHECK_THAT(first.message, Catch::Contains("time budget of 50 ms"));
        continue;
      }
      CHECK(first.status == SolveStatus::budget_exceeded);
      CHECK_THAT(first.message, Catch::Contains("time budget"));
      CHECK(first.stats.expanded < 5000);  // stopped at once, far below any node budget
    }
  }
}

TEST_CASE("clock: Bender's anneal runs on the clock it is given", "[clock][bender]") {
  const bender::Map map = map_of(read_map(1));
  std::string walk;
  bender::Simulator(map).run("1;DR1", &walk);
  SolveOptions options;  // no time budget in the monitor: the anneal keeps its own
  options.node_budget = 1'000'000;
  struct Run {
    uint64_t tried = 0;
    std::string program;
    long readings = 0;
  };
  // An anneal until `deadline_ms` on a clock that moves `tick_ms` a reading.
  auto anneal = [&](double deadline_ms, double tick_ms, uint64_t nodes = 0) {
    SolveOptions bounded = options;
    if (nodes) bounded.node_budget = nodes;
    search::SearchMonitor monitor(bounded);
    bender::Compressor compressor(map, bender::graph_of_walk(map, walk), 7);
    ManualClock clock(0, tick_ms);
    compressor.run(monitor, clock, deadline_ms, 1 << 20);
    return Run{monitor.stats().expanded, compressor.best_program(), clock.reads()};
  };
  // It reads the clock at its start, then every 64 changes it tries: with a
  // clock 1 ms on at every reading, a deadline at 10 ms allows 9 rounds.
  CHECK(anneal(0, 1).tried == 0);
  const Run ten = anneal(10, 1);
  CHECK(ten.tried == 64 * 9);
  CHECK(ten.readings == 11);
  CHECK(anneal(100, 1).tried == 64 * 99);
  // The same clock, the same seed: the same program, every time.
  CHECK(anneal(10, 1).program == ten.program);
  // A clock that stands still never reaches the deadline: only the
  // monitor's node budget stops the anneal (no other clock is read).
  const Run frozen = anneal(1, 0, 5000);
  CHECK(frozen.tried == 5000);
  CHECK(frozen.readings == 1 + (5000 + 63) / 64);
  CHECK(bender::run_program(map, frozen.program).win);
}

TEST_CASE("clock: Compare times its rows on the clock it is given", "[clock][compare]") {
  const PuzzleInfo* info = find_puzzle("rushhour");
  REQUIRE(info);
  auto game = info->parse("IBBxooIooLDDJAALooJoKEEMFFKooMGGHHHM");
  REQUIRE(game.ok());
  ManualClock clock(0, 1000);
  SolveOptions options;
  options.time_budget_ms = 50;
  options.clock = &clock;
  const std::vector<CompareRow> rows = compare_algorithms(*game.value(), options);
  REQUIRE(rows.size() == compare_plan(*info).size());
  for (const CompareRow& row : rows) {
    INFO(row.algorithm << " " << row.metric);
    CHECK(row.status == CompareStatus::budget);  // every row stopped by the clock
    CHECK(row.ms >= 1000);                       // its time read on that clock
    CHECK(row.ms == static_cast<int64_t>(row.ms / 1000) * 1000);
  }
}

TEST_CASE("clock: the worker protocol serves every kind on the clock it is given",
          "[clock][protocol]") {
  ManualClock clock(0, 1000);
  SolveRequest request;
  request.puzzle = "rushhour";
  request.board = "IBBxooIooLDDJAALooJoKEEMFFKooMGGHHHM";
  request.time_budget_ms = 50;
  const Reply solved = serve_request(request, nullptr, {}, &clock);
  CHECK(solved.result.status == SolveStatus::budget_exceeded);
  CHECK_THAT(solved.result.message, Catch::Contains("time budget of 50 ms"));
  CHECK(solved.result.stats.elapsed_ms >= 1000);
  // A hint is a search as well; a generator runs under the same budget.
  request.kind = RequestKind::hint;
  const Reply hint = serve_request(request, nullptr, {}, &clock);
  REQUIRE(hint.hint);
  CHECK(hint.hint->status == SolveStatus::budget_exceeded);
  CHECK(hint.result.stats.elapsed_ms >= 1000);
  request.kind = RequestKind::generate;  // Sudoku's generator tries puzzles until one fits
  request.puzzle = "sudoku";
  request.board.clear();
  request.difficulty = "expert";
  const Reply generated = serve_request(request, nullptr, {}, &clock);
  CHECK(generated.result.status == SolveStatus::budget_exceeded);
  CHECK(generated.board.empty());
  CHECK(generated.result.stats.elapsed_ms >= 1000);
}
