// Rush Hour boards on demand: the cluster analysis against a plain BFS over
// whole grids (the referee), and generated boards checked by the solver.
#include <catch2/catch.hpp>

#include <algorithm>
#include <random>
#include <set>
#include <vector>

#include "puzzles/rushhour/fast_solver.h"
#include "puzzles/rushhour/generator.h"
#include "puzzles/rushhour/rushhour.h"
#include "support/rushhour_reference.h"
#include "support/sanitizer.h"

using namespace puzzlelab;
using puzzlelab::testing::RushHourReferee;

namespace {

rushhour::Board parse_board_ok(const std::string& text) {
  auto board = rushhour::parse_board(text);
  INFO(text);
  REQUIRE(board.ok());
  return board.value();
}

// A crowded random 6x6 board (small clusters): car A in row 3.
std::string crowded_board(std::mt19937& rng, char last_label) {
  std::string cells(36, 'o');
  const int a = static_cast<int>(rng() % 4);
  cells[12 + a] = cells[13 + a] = 'A';
  char label = 'B';
  for (int attempt = 0; attempt < 80 && label <= last_label; ++attempt) {
    const bool horizontal = rng() % 2;
    const int length = rng() % 3 == 0 ? 3 : 2;
    const int line = static_cast<int>(rng() % 6), pos = static_cast<int>(rng() % (7 - length));
    if (horizontal && line == 2) continue;
    bool free = true;
    for (int k = 0; k < length; ++k)
      free = free && cells[horizontal ? line * 6 + pos + k : (pos + k) * 6 + line] == 'o';
    if (!free) continue;
    for (int k = 0; k < length; ++k)
      cells[horizontal ? line * 6 + pos + k : (pos + k) * 6 + line] = label;
    ++label;
  }
  return cells;
}

int solved_moves(const std::string& text) {
  auto game = rushhour::puzzle_info().parse(text);
  REQUIRE(game.ok());
  const SolveResult result = game.value()->solve({});
  REQUIRE(result.status == SolveStatus::solved);
  return static_cast<int>(result.cost);
}

}  // namespace

TEST_CASE("Rush Hour clusters: the backwards BFS agrees with a plain BFS",
          "[rushhour][generate][generator]") {
  std::mt19937 rng(11);
  constexpr size_t kMaxCluster = 250;
  int checked = 0, with_solutions = 0;
  rushhour::BfsWorkspace workspace;  // reused, as the generator does
  for (int i = 0; i < 400 && checked < testing::property_cases(25); ++i) {
    const std::string text = crowded_board(rng, static_cast<char>('E' + i % 9));
    const RushHourReferee referee(text);
    const auto cluster = referee.cluster(kMaxCluster);
    if (cluster.size() > kMaxCluster) continue;  // the referee's BFS per position is slow
    ++checked;
    INFO(text);
    const auto board = parse_board_ok(text);
    const auto report = rushhour::analyse_cluster(*board.layout, board.positions, {}, &workspace);
    REQUIRE(report.status == SolveStatus::solved);
    CHECK(report.size == cluster.size());
    int farthest = -1;
    uint64_t solved = 0, at_farthest = 0;
    for (const std::string& position : cluster) {
      const int moves = RushHourReferee(position).fewest_moves();
      solved += moves == 0;
      if (moves > farthest) farthest = moves, at_farthest = 0;
      at_farthest += moves == farthest;
    }
    CHECK(report.solved_positions == solved);
    CHECK(report.farthest_moves == farthest);
    if (farthest >= 0) {
      ++with_solutions;
      CHECK(report.farthest_count == at_farthest);
      const std::string far = rushhour::format_board(*board.layout, report.farthest);
      CHECK(cluster.count(far) == 1);
      CHECK(RushHourReferee(far).fewest_moves() == farthest);
    }
  }
  CHECK(checked >= testing::property_cases(20));
  // The property must see solvable clusters.
  CHECK(with_solutions >= testing::property_cases(10));
  UNSCOPED_INFO("clusters checked " << checked << ", with solutions " << with_solutions);
}

TEST_CASE("Rush Hour generator: boards of the asked difficulty, from the seed",
          "[rushhour][generate][generator]") {
  std::set<std::string> distinct;
  for (uint64_t seed = 1; seed <= 6; ++seed) {
    INFO("seed " << seed);
    rushhour::BoardRequest request;
    request.target_moves = 15;
    request.seed = seed;
    const auto outcome = rushhour::generate_board(request);
    REQUIRE(outcome.status == SolveStatus::solved);
    REQUIRE(outcome.generated);
    const auto& generated = *outcome.generated;
    CHECK(generated.moves >= 15);
    CHECK(generated.cluster_size > 0);
    const std::string text =
        rushhour::format_board(*generated.board.layout, generated.board.positions);
    CHECK(solved_moves(text) == generated.moves);  // stated count = solved count
    // The board is the farthest position of its own cluster, explored afresh from it.
    const auto report =
        rushhour::analyse_cluster(*generated.board.layout, generated.board.positions, {});
    REQUIRE(report.status == SolveStatus::solved);
    CHECK(report.size == generated.cluster_size);
    CHECK(report.farthest_moves == generated.moves);
    // A 6x6 board, car A in the third row, pieces lettered B, C, ... in reading order.
    REQUIRE(text.size() == 36);
    CHECK(text.substr(12, 6).find("AA") != std::string::npos);
    char next = 'B';
    for (char c : text) {
      if (c == 'o' || c == 'A' || c < next) continue;
      CHECK(c == next);
      next = static_cast<char>(c + 1);
    }
    distinct.insert(text);
    // The same seed gives the same board.
    const auto again = rushhour::generate_board(request);
    REQUIRE(again.generated);
    CHECK(rushhour::format_board(*again.generated->board.layout,
                                 again.generated->board.positions) == text);
  }
  CHECK(distinct.size() >= 4);  // other seeds, other boards
}

TEST_CASE("Rush Hour generator: progress while it climbs", "[rushhour][generate][generator]") {
  rushhour::BoardRequest request;
  request.target_moves = 60;  // not reached: the budget stops it
  request.seed = 5;
  request.state_budget = 3'000'000;
  std::vector<int64_t> bounds;
  request.progress = [&](const SolveProgress& progress) { bounds.push_back(progress.bound); };
  const auto outcome = rushhour::generate_board(request);
  CHECK(outcome.status == SolveStatus::budget_exceeded);
  REQUIRE(outcome.generated);
  REQUIRE_FALSE(bounds.empty());
  CHECK(std::is_sorted(bounds.begin(), bounds.end()));  // the best so far never drops
  CHECK(bounds.back() <= outcome.generated->moves);
  CHECK(outcome.generated->states >= 3'000'000);
}

TEST_CASE("Rush Hour generator through PuzzleInfo, budgets and cancel",
          "[rushhour][generate][generator]") {
  const PuzzleInfo& info = rushhour::puzzle_info();
  REQUIRE(info.generate);
  REQUIRE_FALSE(info.difficulties.empty());
  auto game = info.generate({"15", 3});  // a light one: the tests also run in wasm
  REQUIRE(game.ok());
  const SolveResult solved = game.value()->solve({});
  CHECK(solved.cost >= 15);
  // The generator proved the board's optimum: the board says it (the app
  // shows it as the known optimum), until a move leaves the board.
  CHECK(game.value()->known_optimum() == solved.cost);
  auto moved = game.value()->clone();
  REQUIRE(moved->apply(game.value()->legal_moves().front().text).ok);
  CHECK_FALSE(moved->known_optimum());
  CHECK_THAT(info.generate({"hard", 1}).message, Catch::Contains("unknown difficulty"));
  CHECK_THAT(info.generate({"0", 1}).message, Catch::Contains("unknown difficulty"));

  rushhour::BoardRequest request;
  request.target_moves = 60;
  request.state_budget = 2'000'000;
  const auto starved = rushhour::generate_board(request);
  CHECK(starved.status == SolveStatus::budget_exceeded);
  CHECK(starved.generated);  // the best found so far is still offered

  std::atomic<bool> cancel{true};
  request.state_budget = 0;
  request.cancel = &cancel;
  CHECK(rushhour::generate_board(request).status == SolveStatus::cancelled);
}

TEST_CASE("Rush Hour generator: the time budget reads the request's clock",
          "[rushhour][generate][generator]") {
  // A clock that jumps a second at every read: the first check finds the
  // 50 ms budget spent, although no wall time has passed.
  ManualClock clock(0, 1000);
  rushhour::BoardRequest request;
  request.target_moves = 60;
  request.time_budget_ms = 50;
  request.clock = &clock;
  const auto outcome = rushhour::generate_board(request);
  CHECK(outcome.status == SolveStatus::budget_exceeded);
  CHECK_THAT(outcome.message, Catch::Contains("time budget of 50 ms"));
  CHECK(clock.reads() > 0);
}
