// Rush Hour's cluster (PuzzleHooks::space): its positions are the ones a
// plain breadth-first search over the Game interface reaches, its edges are
// moves the puzzle itself accepts, and its distances are the solver's optima.
#include <catch2/catch.hpp>

#include <algorithm>
#include <atomic>
#include <cmath>
#include <deque>
#include <set>

#include "api/solve_protocol.h"
#include "core/space.h"
#include "puzzles/rushhour/rushhour.h"
#include "support/rushhour_games.h"

using namespace puzzlelab;

namespace {

using puzzlelab::testing::kHardestRushHour;
constexpr const char* kThreeMoves = "ooooBBoooooDAAoooDooooCCoooooooooooo";  // 505 positions
constexpr const char* kWalls = "xooIoooooIKoGAAJKLGCCJoLooHDDLxoHoFF";       // 15 moves

Space space_of(const std::string& board, size_t cap = 0, SolveOptions options = {}) {
  const auto game = testing::parse_rushhour(board);
  return rushhour::puzzle_info().hooks.space(*game, options, cap);
}

// Every position reachable from `board` through Game::legal_moves and
// Game::apply, by moves from it: the reference the cluster must match.
std::vector<std::set<std::string>> reachable_by_depth(const std::string& board) {
  std::set<std::string> seen{testing::parse_rushhour(board)->format()};
  std::vector<std::set<std::string>> layers{{*seen.begin()}};
  while (!layers.back().empty()) {
    std::set<std::string> next;
    for (const std::string& text : layers.back()) {
      const auto game = testing::parse_rushhour(text);
      for (const Move& move : game->legal_moves()) {
        auto after = game->clone();
        REQUIRE(after->apply(move.text));
        if (seen.insert(after->format()).second) next.insert(after->format());
      }
    }
    layers.push_back(std::move(next));
  }
  layers.pop_back();
  return layers;
}

// A move the puzzle accepts leads from board `from` to board `to`.
bool one_move_apart(const std::string& from, const std::string& to) {
  const auto game = testing::parse_rushhour(from);
  for (const Move& move : game->legal_moves()) {
    auto after = game->clone();
    if (after->apply(move.text) && after->format() == to) return true;
  }
  return false;
}

}  // namespace

TEST_CASE("rushhour cluster: the positions are every reachable one, by moves from the board",
          "[rushhour][space]") {
  for (const char* board : {kHardestRushHour, kThreeMoves, kWalls}) {
    INFO(board);
    const Space space = space_of(board);
    REQUIRE(space.status == SolveStatus::solved);
    CHECK_FALSE(space.truncated);
    const auto layers = reachable_by_depth(board);
    std::set<std::string> all;
    for (const auto& layer : layers) all.insert(layer.begin(), layer.end());
    CHECK(space.size() == all.size());
    CHECK(std::set<std::string>(space.boards.begin(), space.boards.end()) == all);
    CHECK(space.boards[0] == board);
    for (size_t i = 0; i < space.size(); ++i) {
      REQUIRE(layers.at(space.depth[i]).count(space.boards[i]) == 1);
    }
  }
  CHECK(space_of(kHardestRushHour).size() == 2332);  // Fogleman's database says so
}

TEST_CASE("rushhour cluster: every edge is a legal move, each pair once", "[rushhour][space]") {
  const Space space = space_of(kThreeMoves);
  std::set<std::pair<int, int>> pairs;
  for (size_t e = 0; e < space.edges.size(); e += 2) {
    const int a = space.edges[e], b = space.edges[e + 1];
    REQUIRE(a < b);
    REQUIRE(pairs.emplace(a, b).second);
    REQUIRE(one_move_apart(space.boards[a], space.boards[b]));
    REQUIRE(one_move_apart(space.boards[b], space.boards[a]));
  }
  // And every legal move from a position is an edge.
  size_t moves = 0;
  for (const std::string& board : space.boards) {
    moves += testing::parse_rushhour(board)->legal_moves().size();
  }
  CHECK(moves == space.edges.size());  // each edge is a move both ways
}

TEST_CASE("rushhour cluster: each distance is the solver's optimum from that position",
          "[rushhour][space]") {
  for (const char* board : {kThreeMoves, kHardestRushHour}) {
    INFO(board);
    const Space space = space_of(board);
    for (size_t i = 0; i < space.size(); ++i) {
      const auto game = testing::parse_rushhour(space.boards[i]);
      const SolveResult result = game->solve({});
      REQUIRE(result.status == SolveStatus::solved);
      INFO(space.boards[i]);
      REQUIRE(space.distance[i] == result.cost);
      REQUIRE(space.is_solved(i) == game->is_solved());
    }
  }
}

TEST_CASE("rushhour cluster: the optimal path walks down one distance a move to solved",
          "[rushhour][space]") {
  const Space space = space_of(kHardestRushHour);
  const Adjacency adj = adjacency(space);
  const auto path = path_to_solved(space, adj, 0);
  REQUIRE(path.size() == 61);
  CHECK(space.is_solved(path.back()));
  for (size_t k = 1; k < path.size(); ++k) {
    CHECK(one_move_apart(space.boards[path[k - 1]], space.boards[path[k]]));
  }
  // A shortest path between two nodes is as long as the moves between them.
  const int far = static_cast<int>(space.size() - 1);
  CHECK(static_cast<int>(space_path(space, 0, far).size()) == space.depth[far] + 1);
}

TEST_CASE("rushhour cluster: the cap keeps the positions nearest the board", "[rushhour][space]") {
  const auto layers = reachable_by_depth(kHardestRushHour);
  for (size_t cap : {size_t{1}, size_t{100}, size_t{2331}}) {
    INFO(cap);
    const Space space = space_of(kHardestRushHour, cap);
    REQUIRE(space.status == SolveStatus::solved);
    CHECK(space.truncated);
    CHECK(space.size() == cap);
    CHECK(space.message.find("more than " + std::to_string(cap)) != std::string::npos);
    // All positions nearer than the farthest shown are shown.
    const int last = space.depth.back();
    size_t nearer = 0;
    for (int d = 0; d < last; ++d) nearer += layers[d].size();
    CHECK(std::count_if(space.depth.begin(), space.depth.end(), [&](int d) { return d < last; }) ==
          static_cast<long>(nearer));
    for (int node : space.edges) CHECK(static_cast<size_t>(node) < cap);
  }
  CHECK_FALSE(space_of(kHardestRushHour, 2332).truncated);
}

TEST_CASE("rushhour cluster: budgets and cancel stop it", "[rushhour][space]") {
  std::atomic<bool> cancel{true};
  SolveOptions options;
  options.cancel = &cancel;
  CHECK(space_of(kHardestRushHour, 0, options).status == SolveStatus::cancelled);

  // Cancelled while it runs: the flag goes up at the first progress report
  // (a clock the test steps, so no waiting).
  cancel = false;
  ManualClock clock(0, 10);  // each reading 10 ms after the last
  options.clock = &clock;
  options.progress = [&](const SolveProgress&) { cancel = true; };
  const Space stopped = space_of(kHardestRushHour, 0, options);
  CHECK(stopped.status == SolveStatus::cancelled);
  CHECK(stopped.boards.empty());

  SolveOptions nodes;
  nodes.node_budget = 100;
  CHECK(space_of(kHardestRushHour, 0, nodes).status == SolveStatus::budget_exceeded);
  SolveOptions memory;
  memory.memory_budget_bytes = 10'000;
  const Space out = space_of(kHardestRushHour, 0, memory);
  CHECK(out.status == SolveStatus::budget_exceeded);
  CHECK(out.message.find("memory") != std::string::npos);
}

TEST_CASE("space: the picture is deterministic, rings by distance, and survives JSON",
          "[rushhour][space]") {
  const Space space = space_of(kHardestRushHour);
  CHECK(space.rings == 61);
  CHECK(space.rings_by == "distance to solved");
  const Space again = space_of(kHardestRushHour);
  CHECK(again.x == space.x);
  CHECK(again.y == space.y);
  for (size_t i = 0; i < space.size(); ++i) {
    const double radius = std::hypot(space.x[i], space.y[i]);
    CHECK(radius <= 1.0001);
    // Ring d lies at (d + 0.5) / (rings - 0.5) of the way out.
    CHECK(radius == Approx((space.distance[i] + 0.5) / (space.rings - 0.5)).margin(1e-4));
  }
  const auto back = decode_space(encode_space(space));
  REQUIRE(back.ok());
  CHECK(back.value().boards == space.boards);
  CHECK(back.value().edges == space.edges);
  CHECK(back.value().distance == space.distance);
  CHECK(back.value().x[5] == Approx(space.x[5]).margin(1e-4));
  CHECK_FALSE(decode_space(R"({"status":"solved","boards":["a"],"edges":[0,3]})").ok());
}

TEST_CASE("space: no solved position in reach: rings by moves from the board",
          "[rushhour][space]") {
  const Space space = space_of(kHardestRushHour, 50);  // 60 moves away: none solved among 50
  CHECK(space.rings_by == "moves from the board");
  CHECK(std::all_of(space.distance.begin(), space.distance.end(), [](int d) { return d < 0; }));
}

TEST_CASE("space: the worker serves it as a request of its own", "[rushhour][space][protocol]") {
  SolveRequest request;
  request.kind = RequestKind::space;
  request.puzzle = "rushhour";
  request.board = kHardestRushHour;
  auto moved = testing::parse_rushhour(kHardestRushHour);
  request.moves = {moved->legal_moves().front().text};
  REQUIRE(moved->apply(request.moves[0]));
  request.task = "100";
  const Reply reply = serve_request(request, nullptr, nullptr);
  REQUIRE(reply.result.status == SolveStatus::solved);
  const auto space = decode_space(reply.result.answer);
  REQUIRE(space.ok());
  CHECK(space.value().size() == 100);
  CHECK(space.value().boards[0] == moved->format());  // from the position after the moves

  request.task = "many";
  CHECK(serve_request(request, nullptr, nullptr).result.status == SolveStatus::invalid);
  request.task = "";
  request.puzzle = "sudoku";
  request.board = std::string(81, '.');
  request.moves.clear();
  CHECK(serve_request(request, nullptr, nullptr).result.status == SolveStatus::invalid);
}
