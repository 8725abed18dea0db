// Amphipod's state space (PuzzleHooks::space = space_by_moves): its
// positions are the ones a plain breadth-first search over the Game
// interface reaches, its edges are moves the puzzle accepts in their
// direction with their energy, each position's least energy to solved is
// the A* solver's optimum from it (or unsolvable), and the positions with
// no way home are the dead ends the picture puts outside.
#include <catch2/catch.hpp>

#include <map>
#include <set>

#include "core/space.h"
#include "puzzles/amphipod/amphipod.h"

using namespace puzzlelab;

namespace {

// Two rooms two deep, each with a stranger on top: small enough to solve
// from every position.
constexpr const char* kSmall = "BA/AB";
// Three rooms, a few thousand positions, dead ends among them.
constexpr const char* kThreeRooms = "BCA/ABC";

std::unique_ptr<Game> parse_amphipod(const std::string& text) {
  auto game = amphipod::puzzle_info().parse(text);
  REQUIRE(game);
  return std::move(game).value();
}

Space amphipod_space(const std::string& board, size_t cap = 0) {
  const auto game = parse_amphipod(board);
  return amphipod::puzzle_info().hooks.space(*game, {}, cap);
}

// The reference: every position reachable from `board` through the Game
// interface, with its moves from the board.
std::map<std::string, int> reachable(const std::string& board) {
  std::map<std::string, int> depth{{parse_amphipod(board)->format(), 0}};
  std::vector<std::string> layer{parse_amphipod(board)->format()};
  for (int d = 1; !layer.empty(); ++d) {
    std::vector<std::string> next;
    for (const std::string& text : layer) {
      const auto game = parse_amphipod(text);
      for (const Move& move : game->legal_moves()) {
        auto after = game->clone();
        REQUIRE(after->apply(move.text));
        if (depth.emplace(after->format(), d).second) next.push_back(after->format());
      }
    }
    layer = std::move(next);
  }
  return depth;
}

// The energy of the move from board `from` to board `to`, or -1 if no legal
// move leads there.
int64_t move_cost(const std::string& from, const std::string& to) {
  const auto game = parse_amphipod(from);
  for (const Move& move : game->legal_moves()) {
    auto after = game->clone();
    const ApplyResult applied = after->apply(move.text);
    if (applied && after->format() == to) return applied.cost;
  }
  return -1;
}

}  // namespace

TEST_CASE("amphipod space: the positions are every reachable one, by moves from the board",
          "[amphipod][space]") {
  for (const char* board : {kSmall, kThreeRooms}) {
    INFO(board);
    const Space space = amphipod_space(board);
    REQUIRE(space.status == SolveStatus::solved);
    CHECK_FALSE(space.truncated);
    CHECK(space.directed);
    const auto want = reachable(board);
    REQUIRE(space.size() == want.size());
    CHECK(space.boards[0] == parse_amphipod(board)->format());
    for (size_t i = 0; i < space.size(); ++i) {
      REQUIRE(want.count(space.boards[i]) == 1);
      REQUIRE(space.depth[i] == want.at(space.boards[i]));
    }
  }
}

TEST_CASE("amphipod space: every edge is a legal move, in its direction, with its energy",
          "[amphipod][space]") {
  const Space space = amphipod_space(kThreeRooms);
  REQUIRE(space.edge_cost.size() == space.edges.size() / 2);
  std::set<std::pair<int, int>> pairs;
  bool one_way = false;
  for (size_t e = 0; e < space.edges.size(); e += 2) {
    const int a = space.edges[e], b = space.edges[e + 1];
    REQUIRE(pairs.emplace(a, b).second);
    REQUIRE(move_cost(space.boards[a], space.boards[b]) == space.edge_cost[e / 2]);
    one_way = one_way || move_cost(space.boards[b], space.boards[a]) < 0;
  }
  CHECK(one_way);  // an amphipod home stays home: some moves cannot be undone
  size_t moves = 0;
  for (const std::string& board : space.boards)
    moves += parse_amphipod(board)->legal_moves().size();
  CHECK(moves == pairs.size());  // every legal move is an edge
}

TEST_CASE("amphipod space: each position's energy to solved is the solver's optimum",
          "[amphipod][space]") {
  for (const char* board : {kSmall, kThreeRooms}) {
    INFO(board);
    const Space space = amphipod_space(board);
    REQUIRE(space.cost.size() == space.size());
    size_t dead_ends = 0;
    for (size_t i = 0; i < space.size(); ++i) {
      INFO(space.boards[i]);
      const auto game = parse_amphipod(space.boards[i]);
      const SolveResult result = game->solve({});
      if (result.status == SolveStatus::unsolvable) {
        REQUIRE(space.cost[i] == -1);
        REQUIRE(space.distance[i] == -1);
        ++dead_ends;
        continue;
      }
      REQUIRE(result.status == SolveStatus::solved);
      REQUIRE(space.cost[i] == result.cost);
      REQUIRE(space.is_solved(i) == game->is_solved());
    }
    if (std::string(board) == kThreeRooms) CHECK(dead_ends > 0);
  }
}

TEST_CASE("amphipod space: distances are fewest moves, the traced way least energy",
          "[amphipod][space]") {
  const Space space = amphipod_space(kThreeRooms);
  const Adjacency forward = adjacency(space, Along::forward);
  for (size_t i = 0; i < space.size(); ++i) {
    // Fewest moves: one more than the best move's, 0 only when solved.
    int best = -1;
    for (int k = forward.offsets[i]; k < forward.offsets[i + 1]; ++k) {
      const int d = space.distance[forward.targets[k]];
      if (d >= 0 && (best < 0 || d < best)) best = d;
    }
    const bool solved = parse_amphipod(space.boards[i])->is_solved();
    REQUIRE(space.distance[i] == (solved ? 0 : best < 0 ? -1 : best + 1));
  }
  // From the board, the traced way costs the optimum, move by legal move.
  const std::vector<int> path = path_to_solved(space, forward, 0);
  REQUIRE(space.distance[path.back()] == 0);
  int64_t energy = 0;
  for (size_t k = 1; k < path.size(); ++k) {
    const int64_t step = move_cost(space.boards[path[k - 1]], space.boards[path[k]]);
    REQUIRE(step > 0);
    energy += step;
  }
  CHECK(energy == parse_amphipod(kThreeRooms)->solve({}).cost);
  CHECK(energy == space.cost[0]);
  // A position reached from the board leads back to it only if the move
  // can be undone: no way from a position two moves home to the board.
  CHECK(space_path(space, 0, path.back()).size() == size_t(space.distance[0]) + 1);
  CHECK(space_path(space, path.back(), 0).empty());
}

TEST_CASE("amphipod space: a cap keeps the nearest positions, and the JSON round trip",
          "[amphipod][space]") {
  const Space space = amphipod_space(kThreeRooms, 100);
  CHECK(space.truncated);
  CHECK(space.size() == 100);
  for (int node : space.edges) CHECK(node < 100);
  auto back = decode_space(encode_space(space));
  REQUIRE(back);
  CHECK(back.value().directed);
  CHECK(back.value().edge_cost == space.edge_cost);
  CHECK(back.value().cost == space.cost);
  CHECK(back.value().edges == space.edges);
}
