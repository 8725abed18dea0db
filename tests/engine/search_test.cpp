// The generic searches on small made-up state spaces, checked against a
// textbook shortest-path computation written here.
#include <catch2/catch.hpp>

#include <map>
#include <random>
#include <set>

#include "search/best_first.h"
#include "search/bfs.h"
#include "search/ida_star.h"
#include "search/solve_by_search.h"
#include "search/state_table.h"

using namespace puzzlelab;
using namespace puzzlelab::search;

namespace {

// A grid maze: entering a cell costs its weight; '#' cells are walls.
struct Maze {
  struct State {
    int8_t row = 0, col = 0;
    bool operator==(const State&) const = default;
  };
  using Move = char;  // 'U', 'D', 'L', 'R'

  int rows = 0, cols = 0;
  std::vector<int> weight;  // 0 = wall
  State goal;

  uint64_t hash(const State& s) const { return mix64(uint64_t(s.row) * 1000 + uint64_t(s.col)); }
  bool is_goal(const State& s) const { return s == goal; }
  bool open(int r, int c) const {
    return r >= 0 && c >= 0 && r < rows && c < cols && weight[r * cols + c] > 0;
  }
  template <class Visit>
  void for_each_successor(const State& s, Visit&& visit) const {
    const struct {
      int dr, dc;
      char name;
    } steps[] = {{-1, 0, 'U'}, {1, 0, 'D'}, {0, -1, 'L'}, {0, 1, 'R'}};
    for (const auto& step : steps) {
      const int r = s.row + step.dr, c = s.col + step.dc;
      if (open(r, c)) visit(State{int8_t(r), int8_t(c)}, step.name, int64_t{weight[r * cols + c]});
    }
  }
  // Manhattan distance: every step costs at least 1.
  int64_t heuristic(const State& s) const {
    return std::abs(s.row - goal.row) + std::abs(s.col - goal.col);
  }

  // Bellman-Ford relaxation to a fixed point: the reference answer.
  int64_t reference_cost(const State& start, bool unit_costs) const {
    return distances(start, unit_costs)[goal.row * cols + goal.col];
  }

  // How many cells lie at each distance from start (unreachable ones left out).
  std::map<int64_t, uint64_t> cells_by_distance(const State& start, bool unit_costs) const {
    std::map<int64_t, uint64_t> counts;
    for (const int64_t d : distances(start, unit_costs)) {
      if (d < kUnreachable) ++counts[d];
    }
    return counts;
  }

  std::vector<int64_t> distances(const State& start, bool unit_costs) const {
    std::vector<int64_t> dist(rows * cols, kUnreachable);
    dist[start.row * cols + start.col] = 0;
    for (bool changed = true; changed;) {
      changed = false;
      for (int r = 0; r < rows; ++r) {
        for (int c = 0; c < cols; ++c) {
          if (dist[r * cols + c] >= kUnreachable) continue;
          for_each_successor(State{int8_t(r), int8_t(c)}, [&](const State& n, char, int64_t cost) {
            const int64_t d = dist[r * cols + c] + (unit_costs ? 1 : cost);
            if (d < dist[n.row * cols + n.col]) {
              dist[n.row * cols + n.col] = d;
              changed = true;
            }
          });
        }
      }
    }
    return dist;
  }

  // Replays moves from start; returns the total cost, or -1 if a move is illegal.
  int64_t replay(State s, const std::vector<char>& moves, bool unit_costs) const {
    int64_t total = 0;
    for (char m : moves) {
      const int r = s.row + (m == 'D') - (m == 'U'), c = s.col + (m == 'R') - (m == 'L');
      if (!open(r, c)) return -1;
      total += unit_costs ? 1 : weight[r * cols + c];
      s = State{int8_t(r), int8_t(c)};
    }
    return is_goal(s) ? total : -1;
  }
};

Maze random_maze(std::mt19937& rng, int rows, int cols) {
  Maze maze;
  maze.rows = rows;
  maze.cols = cols;
  for (int i = 0; i < rows * cols; ++i)
    maze.weight.push_back(rng() % 4 == 0 ? 0 : 1 + int(rng() % 9));
  maze.weight[0] = 1;
  maze.goal = {int8_t(rows - 1), int8_t(cols - 1)};
  maze.weight[rows * cols - 1] = 1;
  return maze;
}

// An endless line of states 0, 1, 2, ... with no goal.
struct EndlessLine {
  using State = uint64_t;
  using Move = uint8_t;
  uint64_t hash(State s) const { return mix64(s); }
  bool is_goal(State) const { return false; }
  template <class Visit>
  void for_each_successor(State s, Visit&& visit) const {
    visit(s + 1, Move{1}, 1);
  }
  int64_t heuristic(State) const { return 0; }
};

// The same line for searches that need no heuristic.
struct PlainLine {
  using State = uint64_t;
  using Move = uint8_t;
  uint64_t hash(State s) const { return mix64(s); }
  bool is_goal(State s) const { return s == 5; }
  template <class Visit>
  void for_each_successor(State s, Visit&& visit) const {
    visit(s + 1, Move{1}, 1);
  }
};

// A puzzle's info listing `algorithms`, for solve_by_search.
PuzzleInfo info_with(std::vector<Choice> algorithms) {
  PuzzleInfo info;
  info.id = "maze";
  info.algorithms = std::move(algorithms);
  return info;
}

}  // namespace

TEST_CASE("solve_by_search: every algorithm, moves written by the puzzle", "[search]") {
  const PuzzleInfo info = info_with(search_algorithms());
  std::mt19937 rng(777);
  int solved = 0;
  for (int trial = 0; trial < 60; ++trial) {
    const Maze maze = random_maze(rng, 3 + trial % 5, 3 + trial % 6);
    const Maze::State start{0, 0};
    const int64_t weighted = maze.reference_cost(start, false);
    const int64_t unit = maze.reference_cost(start, true);
    INFO("trial " << trial);
    for (const Choice& algorithm : search_algorithms()) {
      INFO(algorithm.name);
      SolveOptions options;
      options.algorithm = algorithm.name;
      options.node_budget = 200000;  // IDA* proving "no path" is exponential
      const SolveResult result = solve_by_search(info, maze, start, options, [](char move) {
        return Move{std::string(1, move), 1};
      });
      if (weighted >= kUnreachable) {
        CHECK((result.status == SolveStatus::unsolvable ||
               (algorithm.name == "idastar" && result.status == SolveStatus::budget_exceeded)));
        continue;
      }
      REQUIRE(result.status == SolveStatus::solved);
      CHECK(result.optimal);
      CHECK(result.cost == (algorithm.name == "bfs" ? unit : weighted));
      // The moves are the puzzle's text; the answer is them, spaced; they replay.
      std::vector<char> moves;
      std::string answer;
      for (const Move& move : result.moves) {
        REQUIRE(move.text.size() == 1);
        moves.push_back(move.text[0]);
        answer += (answer.empty() ? "" : " ") + move.text;
      }
      CHECK(result.answer == answer);
      CHECK(maze.replay(start, moves, algorithm.name == "bfs") == result.cost);
      CHECK(result.stats.expanded > 0);
      ++solved;
    }
  }
  CHECK(solved > 100);
}

TEST_CASE("solve_by_search: the puzzle's algorithms, its default, and clear refusals", "[search]") {
  auto describe = [](uint8_t) { return Move{"step", 1}; };
  const PuzzleInfo info = info_with({{"dijkstra", ""}, {"bfs", ""}, {"astar", ""}});
  SolveOptions options;
  // The default is the puzzle's first algorithm (Dijkstra expands the goal).
  SolveResult result = solve_by_search(info, PlainLine{}, 0, options, describe);
  REQUIRE(result.status == SolveStatus::solved);
  CHECK(result.cost == 5);
  CHECK(result.answer == "step step step step step");
  CHECK(result.stats.expanded == 5);

  options.algorithm = "idastar";  // not in this puzzle's list
  result = solve_by_search(info, PlainLine{}, 0, options, describe);
  CHECK(result.status == SolveStatus::invalid);
  CHECK(result.message == "unknown algorithm 'idastar': expected dijkstra, bfs, astar");

  options.algorithm = "astar";  // listed, but this domain has no heuristic
  result = solve_by_search(info, PlainLine{}, 0, options, describe);
  CHECK(result.status == SolveStatus::invalid);
  CHECK_THAT(result.message, Catch::Contains("without a heuristic"));

  // Budgets reach the search, and its stop message the result.
  options.algorithm = "bfs";
  options.node_budget = 3;
  result = solve_by_search(info, PlainLine{}, 0, options, describe);
  CHECK(result.status == SolveStatus::budget_exceeded);
  CHECK_THAT(result.message, Catch::Contains("node budget of 3"));
  CHECK(result.moves.empty());
}

TEST_CASE("Progress names the bound each search raises", "[search][progress]") {
  for (const char* algorithm : {"bfs", "astar"}) {
    INFO(algorithm);
    std::atomic<bool> cancel{false};
    std::vector<SolveProgress> reports;
    SolveOptions options;
    options.algorithm = algorithm;
    options.cancel = &cancel;
    options.progress = [&](const SolveProgress& p) {
      reports.push_back(p);
      cancel = true;
    };
    const SolveResult result =
        solve_by_search(info_with(search_algorithms()), EndlessLine{}, 0, options, [](uint8_t) {
          return Move{"+", 1};
        });
    CHECK(result.status == SolveStatus::cancelled);
    REQUIRE(reports.size() == 1);
    CHECK(reports[0].phase ==
          (std::string(algorithm) == "bfs" ? "depth " : "f ") + std::to_string(reports[0].bound));
  }
}

TEST_CASE("Searches find shortest paths in random mazes", "[search][property]") {
  std::mt19937 rng(12345);
  int reachable = 0;
  for (int trial = 0; trial < 200; ++trial) {
    const Maze maze = random_maze(rng, 3 + trial % 6, 3 + trial % 7);
    const Maze::State start{0, 0};
    const int64_t weighted = maze.reference_cost(start, false);
    const int64_t unit = maze.reference_cost(start, true);
    INFO("trial " << trial);
    const SolveOptions options;
    const auto bfs = breadth_first_search(maze, start, options);
    const auto dijkstra = dijkstra_search(maze, start, options);
    const auto astar = astar_search(maze, start, options);
    SolveOptions ida_options;
    ida_options.node_budget = 200000;  // IDA* may need exponential time to prove "no path"
    const auto ida = ida_star_search(maze, start, ida_options);
    if (weighted >= kUnreachable) {
      CHECK(bfs.status == SolveStatus::unsolvable);
      CHECK(dijkstra.status == SolveStatus::unsolvable);
      CHECK(astar.status == SolveStatus::unsolvable);
      CHECK((ida.status == SolveStatus::unsolvable || ida.status == SolveStatus::budget_exceeded));
      continue;
    }
    ++reachable;
    REQUIRE(bfs.status == SolveStatus::solved);
    CHECK(bfs.cost == unit);
    CHECK(maze.replay(start, bfs.moves, true) == unit);
    for (const auto* outcome : {&dijkstra, &astar, &ida}) {
      REQUIRE(outcome->status == SolveStatus::solved);
      CHECK(outcome->optimal);
      CHECK(outcome->cost == weighted);
      CHECK(maze.replay(start, outcome->moves, false) == weighted);
    }
  }
  CHECK(reachable > 100);
}

// A search's states per layer: sorted, non-empty, summing to the states
// expanded.
void check_layers(const SearchStats& stats, const char* layered_by) {
  CHECK(stats.layered_by == layered_by);
  uint64_t sum = 0;
  for (size_t i = 0; i < stats.layers.size(); ++i) {
    CHECK(stats.layers[i].expanded > 0);
    CHECK(stats.layers[i].layer <= stats.layers[i].last);
    if (i > 0) CHECK(stats.layers[i - 1].last < stats.layers[i].layer);
    sum += stats.layers[i].expanded;
  }
  CHECK(sum == stats.expanded);
}

// Layers a search finished (below the goal's) hold every cell at that distance.
void check_full_layers(const SearchStats& stats, const std::map<int64_t, uint64_t>& by_distance,
                       int64_t goal_distance) {
  for (const LayerCount& layer : stats.layers) {
    INFO("layer " << layer.layer);
    if (layer.layer >= goal_distance) continue;
    CHECK(layer.expanded == by_distance.at(layer.layer));
  }
}

TEST_CASE("Searches count the states they expand per layer", "[search][layers][property]") {
  std::mt19937 rng(20261125);
  for (int trial = 0; trial < 100; ++trial) {
    const Maze maze = random_maze(rng, 3 + trial % 6, 3 + trial % 7);
    const Maze::State start{0, 0};
    INFO("trial " << trial);
    const SolveOptions options;
    const auto bfs = breadth_first_search(maze, start, options);
    check_layers(bfs.stats, "depth");
    // BFS tests goals as it generates them: the goal's parent layer is the last.
    check_full_layers(bfs.stats, maze.cells_by_distance(start, true),
                      maze.reference_cost(start, true) - 1);
    const auto dijkstra = dijkstra_search(maze, start, options);
    check_layers(dijkstra.stats, "cost");
    check_full_layers(dijkstra.stats, maze.cells_by_distance(start, false),
                      maze.reference_cost(start, false));
    check_layers(astar_search(maze, start, options).stats, "f");
    SolveOptions ida_options;
    ida_options.node_budget = 200000;
    const auto ida = ida_star_search(maze, start, ida_options);
    check_layers(ida.stats, "bound");
  }
}

// A line whose n-th step costs n: every state has its own cost, so a cost
// layer per state, far more than a stats record keeps.
struct CostlyLine {
  using State = uint64_t;
  using Move = uint8_t;
  uint64_t hash(State s) const { return mix64(s); }
  bool is_goal(State s) const { return s == 5000; }
  template <class Visit>
  void for_each_successor(State s, Visit&& visit) const {
    visit(s + 1, Move{1}, static_cast<int64_t>(s + 1));
  }
};

TEST_CASE("Layers beyond kMaxLayers are merged in pairs, the counts kept",
          "[search][layers][budget]") {
  const auto outcome = dijkstra_search(CostlyLine{}, 0, SolveOptions{});
  REQUIRE(outcome.status == SolveStatus::solved);
  CHECK(outcome.stats.expanded == 5000);
  check_layers(outcome.stats, "cost");
  CHECK(outcome.stats.layers.size() <= kMaxLayers);
  CHECK(outcome.stats.layers.size() > kMaxLayers / 4);
  CHECK(outcome.stats.layers.front().layer == 0);
  CHECK(outcome.stats.layers.front().last > 0);                // merged: covers several costs
  CHECK(outcome.stats.layers.back().last == 4999 * 5000 / 2);  // the last state expanded
}

TEST_CASE("Searches stop at the node budget", "[search][budget]") {
  SolveOptions options;
  options.node_budget = 1000;
  const EndlessLine line;
  for (const auto& outcome :
       {breadth_first_search(line, 0, options), dijkstra_search(line, 0, options),
        astar_search(line, 0, options), ida_star_search(line, 0, options)}) {
    CHECK(outcome.status == SolveStatus::budget_exceeded);
    CHECK(outcome.stats.expanded == 1000);
    CHECK_THAT(outcome.message, Catch::Contains("node budget of 1000"));
  }
}

TEST_CASE("Searches stop at the memory budget", "[search][budget]") {
  SolveOptions options;
  options.memory_budget_bytes = 1 << 20;
  const auto outcome = breadth_first_search(EndlessLine{}, 0, options);
  CHECK(outcome.status == SolveStatus::budget_exceeded);
  CHECK_THAT(outcome.message, Catch::Contains("memory budget"));
  // Stored states stay within the budget's order of magnitude.
  CHECK(outcome.stats.peak_stored < (1 << 20) / 8);
}

TEST_CASE("Progress arrives every 100 ms and cancel stops the search", "[search][progress]") {
  // A clock the test steps: each reading is 1 ms after the last, so the
  // test neither waits on real time nor depends on the machine's speed.
  ManualClock clock(0, 1);
  std::atomic<bool> cancel{false};
  std::vector<SolveProgress> reports;
  SolveOptions options;
  options.node_budget = UINT64_MAX;
  options.cancel = &cancel;
  options.clock = &clock;
  options.progress = [&](const SolveProgress& p) {
    reports.push_back(p);
    if (reports.size() == 3) cancel = true;  // the user presses Cancel
  };
  const auto outcome = ida_star_search(EndlessLine{}, 0, options);
  CHECK(outcome.status == SolveStatus::cancelled);
  REQUIRE(reports.size() == 3);
  for (size_t i = 1; i < reports.size(); ++i) {
    CHECK(reports[i].stats.expanded > reports[i - 1].stats.expanded);
    CHECK(reports[i].stats.elapsed_ms - reports[i - 1].stats.elapsed_ms >= 100);
    CHECK(reports[i].stats.elapsed_ms - reports[i - 1].stats.elapsed_ms <= 102);
  }
  CHECK(outcome.stats.elapsed_ms >= 300);
  CHECK(outcome.stats.elapsed_ms <= 310);
}

TEST_CASE("Searches stop at the time budget, by the clock in the options", "[search][budget]") {
  ManualClock clock(0, 1);
  SolveOptions options;
  options.node_budget = UINT64_MAX;
  options.time_budget_ms = 50;
  options.clock = &clock;
  for (auto search :
       {+[](const SolveOptions& o) { return breadth_first_search(EndlessLine{}, 0, o); },
        +[](const SolveOptions& o) { return astar_search(EndlessLine{}, 0, o); },
        +[](const SolveOptions& o) { return ida_star_search(EndlessLine{}, 0, o); }}) {
    clock.set(1000);  // any start: the budget counts from the search's first reading
    const auto outcome = search(options);
    CHECK(outcome.status == SolveStatus::budget_exceeded);
    CHECK_THAT(outcome.message, Catch::Contains("time budget of 50 ms"));
    CHECK(outcome.stats.elapsed_ms >= 50);
    CHECK(outcome.stats.elapsed_ms <= 52);
  }
}

TEST_CASE("StateTable finds every inserted state and nothing else", "[search][table]") {
  std::vector<uint64_t> states;
  StateTable table(16);
  std::mt19937_64 rng(99);
  std::set<uint64_t> distinct;
  while (distinct.size() < 50000) distinct.insert(rng() % 1000000);
  for (uint64_t s : distinct) {
    auto same = [&](uint32_t i) { return states[i] == s; };
    const auto [id, inserted] = table.find_or_insert(mix64(s), uint32_t(states.size()), same);
    REQUIRE(inserted);
    states.push_back(s);
    (void)id;
  }
  CHECK(table.size() == distinct.size());
  for (uint64_t probe = 0; probe < 1000000; probe += 7) {
    auto same = [&](uint32_t i) { return states[i] == probe; };
    const uint32_t found = table.find(mix64(probe), same);
    CHECK((found != StateTable::kNone) == (distinct.count(probe) > 0));
    if (found != StateTable::kNone) CHECK(states[found] == probe);
  }
}
