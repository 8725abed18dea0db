// Rush Hour: parsing, move legality, published optimal counts, agreement of
// the algorithms, and every solution replayed by an independent referee.
#include <catch2/catch.hpp>

#include <fstream>
#include <random>
#include <sstream>

#include "core/collection.h"
#include "puzzles/rushhour/fast_solver.h"
#include "puzzles/rushhour/rushhour.h"
#include "support/puzzle_examples.h"
#include "support/rushhour_games.h"
#include "support/rushhour_reference.h"
#include "support/sanitizer.h"

using namespace puzzlelab;
using puzzlelab::testing::RushHourReferee;

namespace {

using puzzlelab::testing::kHardestRushHour;

using testing::parse_rushhour;
using testing::parse_rushhour_fails;

SolveResult solve_rushhour(const std::string& board, const std::string& algorithm = "bfs",
                           const std::string& metric = "moves") {
  SolveOptions options;
  options.algorithm = algorithm;
  options.metric = metric;
  return parse_rushhour(board)->solve(options);
}

// Replays a solution with the referee (not the engine) and checks it ends solved.
void require_valid_solution(const std::string& board, const SolveResult& result) {
  RushHourReferee referee(board);
  for (const Move& move : result.moves) {
    INFO("move " << move.text << " on " << referee.board());
    REQUIRE(referee.play(move.text));
  }
  REQUIRE(referee.solved());
}

struct DatabaseLine {
  int moves;
  std::string board;
};

std::vector<DatabaseLine> sample_database() {
  std::ifstream file(PUZZLELAB_TEST_DATA_DIR "/rushhour/sample75.txt");
  std::vector<DatabaseLine> lines;
  DatabaseLine line;
  long long cluster = 0;
  while (file >> line.moves >> line.board >> cluster) lines.push_back(line);
  return lines;
}

// A random 6x6 board: car A in row 3 and up to `pieces` other pieces.
std::string random_rushhour(std::mt19937& rng, int pieces) {
  std::string cells(36, 'o');
  const int a_col = static_cast<int>(rng() % 4);
  cells[12 + a_col] = cells[13 + a_col] = 'A';
  char label = 'B';
  for (int attempt = 0; attempt < 60 && label < 'B' + pieces; ++attempt) {
    const bool horizontal = rng() % 2;
    const int length = rng() % 4 == 0 ? 3 : 2;
    const int line = static_cast<int>(rng() % 6);
    const int pos = static_cast<int>(rng() % (7 - length));
    if (horizontal && line == 2) continue;  // keep A's row free of horizontal blockers
    std::vector<int> body;
    for (int k = 0; k < length; ++k)
      body.push_back(horizontal ? line * 6 + pos + k : (pos + k) * 6 + line);
    bool free = true;
    for (int cell : body) free = free && cells[cell] == 'o';
    if (!free) continue;
    for (int cell : body) cells[cell] = label;
    ++label;
  }
  if (rng() % 3 == 0) {  // sometimes a wall
    const int cell = static_cast<int>(rng() % 36);
    if (cells[cell] == 'o') cells[cell] = 'x';
  }
  return cells;
}

}  // namespace

TEST_CASE("Rush Hour parses Fogleman strings, database lines and grids", "[rushhour][parse]") {
  auto game = parse_rushhour(kHardestRushHour);
  CHECK(game->format() == kHardestRushHour);
  CHECK_FALSE(game->is_solved());
  CHECK(parse_rushhour(std::string("60 ") + kHardestRushHour + " 2332")->format() ==
        kHardestRushHour);
  CHECK(parse_rushhour("IBB.x.I..LDDJAAL..J.KEEMFFK..MGGHHHM")->format() ==
        "IBBoxoIooLDDJAALooJoKEEMFFKooMGGHHHM");

  // A 7x5 grid with a wall, rows as lines; non-square boards format as lines.
  const std::string grid = "BB...C.\n.....C.\nAA.#...\n...DDD.\n.......\n";
  auto wide = parse_rushhour(grid);
  auto& rush = dynamic_cast<rushhour::RushHourGame&>(*wide);
  CHECK(rush.layout().width() == 7);
  CHECK(rush.layout().height() == 5);
  CHECK(rush.layout().is_wall(2, 3));
  CHECK(wide->format() == "BBoooCo\noooooCo\nAAoxooo\noooDDDo\nooooooo");
  CHECK(parse_rushhour(wide->format())->format() == wide->format());
}

TEST_CASE("Rush Hour parse errors name the place and what was expected", "[rushhour][parse]") {
  SECTION("wrong length") {
    const ParseError e = parse_rushhour_fails("IBBxooIooLDDJAALooJoKEEMFFKooMGGHHH");
    CHECK(e.line == 1);
    CHECK_THAT(e.message, Catch::Contains("square number of cells") && Catch::Contains("35"));
  }
  SECTION("bad character") {
    const ParseError e = parse_rushhour_fails("AA..\n..b.\n....\n....");
    CHECK(e.line == 2);
    CHECK(e.column == 3);
    CHECK_THAT(e.message, Catch::Contains("'b'") && Catch::Contains("piece letter"));
  }
  SECTION("bent piece") {
    const ParseError e = parse_rushhour_fails("AA..\n.BB.\n..B.\n....");
    CHECK(e.line == 2);
    CHECK(e.column == 2);
    CHECK_THAT(e.message, Catch::Contains("piece B") && Catch::Contains("straight line"));
  }
  SECTION("one-cell piece") {
    CHECK_THAT(parse_rushhour_fails("AA..\n..C.\n....\n....").message, Catch::Contains("piece C"));
  }
  SECTION("no car A") {
    CHECK_THAT(parse_rushhour_fails("BB..\n....\n....\n....").message, Catch::Contains("no car A"));
  }
  SECTION("vertical car A") {
    const ParseError e = parse_rushhour_fails("A...\nA...\n....\n....");
    CHECK(e.line == 1);
    CHECK_THAT(e.message, Catch::Contains("horizontally"));
  }
  SECTION("ragged rows") {
    const ParseError e = parse_rushhour_fails("AA..\n...\n....\n....");
    CHECK(e.line == 2);
    CHECK_THAT(e.message, Catch::Contains("expected 4"));
  }
  SECTION("a blank line inside the board") {
    const ParseError e = parse_rushhour_fails("AA..\n\n....\n....");
    CHECK(e.line == 2);
    CHECK_THAT(e.message, Catch::Contains("row has 0 cells, expected 4"));
  }
  SECTION("too small") {
    CHECK_THAT(parse_rushhour_fails("AA\n..").message, Catch::Contains("2x2"));
  }
  SECTION("empty") {
    CHECK_THAT(parse_rushhour_fails("\n  \n").message, Catch::Contains("empty board"));
  }
  SECTION("the describe() text carries the position") {
    CHECK(
        parse_rushhour_fails("AA..\n..b.\n....\n....").describe().rfind("line 2, column 3: ", 0) ==
        0);
  }
}

TEST_CASE("Rush Hour moves are checked before they are applied", "[rushhour][moves]") {
  auto game = parse_rushhour(kHardestRushHour);
  const std::string before = game->format();
  // IBBxoo / IooLDD / JAALoo / JoKEEM / FFKooM / GGHHHM
  CHECK_THAT(game->apply("A+1").error, Catch::Contains("blocked by"));
  CHECK_THAT(game->apply("B+3").error, Catch::Contains("blocked by a wall at r1c4"));
  CHECK_THAT(game->apply("I-1").error, Catch::Contains("would leave the board"));
  CHECK_THAT(game->apply("Z+1").error, Catch::Contains("no piece Z"));
  CHECK_THAT(game->apply("A1").error, Catch::Contains("expected a move like"));
  CHECK_THAT(game->apply("A+0").error, Catch::Contains("expected a move like"));
  CHECK(game->format() == before);  // nothing changed

  REQUIRE(game->apply("M-1"));  // truck M (column 6) has room above
  CHECK(game->format() != before);
  // Every legal move applies and can be undone by its opposite.
  for (const Move& move : game->legal_moves()) {
    auto copy = game->clone();
    REQUIRE(copy->apply(move.text));
    std::string back = move.text;
    back[1] = back[1] == '+' ? '-' : '+';
    REQUIRE(copy->apply(back));
    CHECK(copy->format() == game->format());
  }
}

TEST_CASE("Rush Hour: published optimal move counts (Fogleman's database)", "[rushhour][solve]") {
  const auto database = sample_database();
  REQUIRE(database.size() == 75);
  for (const DatabaseLine& line : database) {
    INFO(line.board);
    const SolveResult result = solve_rushhour(line.board);
    REQUIRE(result.status == SolveStatus::solved);
    CHECK(result.optimal);
    CHECK(result.cost == line.moves);
    CHECK(static_cast<int>(result.moves.size()) == line.moves);
    require_valid_solution(line.board, result);
  }
}

TEST_CASE("Rush Hour: the hardest board by every algorithm", "[rushhour][solve]") {
  for (const char* algorithm : {"bfs", "astar", "dijkstra", "idastar"}) {
    INFO(algorithm);
    const SolveResult result = solve_rushhour(kHardestRushHour, algorithm);
    REQUIRE(result.status == SolveStatus::solved);
    CHECK(result.cost == 60);
    CHECK(result.stats.expanded > 0);
    CHECK(result.stats.generated >= result.stats.expanded);
    require_valid_solution(kHardestRushHour, result);
  }
}

TEST_CASE("Rush Hour: BFS, A*, Dijkstra, IDA* and the referee agree on random boards",
          "[rushhour][property]") {
  std::mt19937 rng(20261121);
  int solvable = 0;
  for (int i = 0; i < testing::property_cases(150); ++i) {
    const std::string board = random_rushhour(rng, 4 + i % 8);
    INFO(board);
    const int reference = RushHourReferee(board).fewest_moves();
    const SolveResult bfs = solve_rushhour(board, "bfs");
    const SolveResult astar = solve_rushhour(board, "astar");
    const SolveResult dijkstra = solve_rushhour(board, "dijkstra");
    if (reference < 0) {
      CHECK(bfs.status == SolveStatus::unsolvable);
      CHECK(astar.status == SolveStatus::unsolvable);
      CHECK(dijkstra.status == SolveStatus::unsolvable);
      CHECK(solve_rushhour(board, "idastar").status == SolveStatus::unsolvable);
      continue;
    }
    ++solvable;
    REQUIRE(bfs.status == SolveStatus::solved);
    CHECK(bfs.cost == reference);
    CHECK(astar.cost == reference);
    CHECK(dijkstra.cost == reference);
    require_valid_solution(board, bfs);
    require_valid_solution(board, astar);
    const SolveResult ida = solve_rushhour(board, "idastar");
    REQUIRE(ida.status == SolveStatus::solved);
    CHECK(ida.optimal);
    CHECK(ida.cost == reference);
    require_valid_solution(board, ida);
  }
  // The generator must give the property something to chew on.
  CHECK(solvable > testing::property_cases(50));
}

TEST_CASE("Rush Hour: fewest steps agrees between BFS on single cells and A*/Dijkstra on slides",
          "[rushhour][steps]") {
  std::mt19937 rng(7);
  for (int i = 0; i < 60; ++i) {
    const std::string board = random_rushhour(rng, 5 + i % 6);
    INFO(board);
    const SolveResult bfs = solve_rushhour(board, "bfs", "steps");
    const SolveResult astar = solve_rushhour(board, "astar", "steps");
    const SolveResult dijkstra = solve_rushhour(board, "dijkstra", "steps");
    const SolveResult ida = solve_rushhour(board, "idastar", "steps");
    REQUIRE(bfs.status == astar.status);
    REQUIRE(bfs.status == dijkstra.status);
    REQUIRE(bfs.status == ida.status);
    if (bfs.status != SolveStatus::solved) continue;
    CHECK(bfs.cost == astar.cost);
    CHECK(bfs.cost == dijkstra.cost);
    CHECK(bfs.cost == ida.cost);
    require_valid_solution(board, ida);
    int64_t cells = 0;
    for (const Move& m : bfs.moves) cells += std::stoi(m.text.substr(2));
    CHECK(cells == bfs.cost);  // steps count cells moved
    require_valid_solution(board, bfs);
    require_valid_solution(board, astar);
    // Fewest steps never needs fewer moves than the fewest-moves answer.
    CHECK(static_cast<int>(bfs.moves.size()) >= solve_rushhour(board).cost);
  }
  // The hardest board: 60 moves; in steps it takes more.
  const SolveResult steps = solve_rushhour(kHardestRushHour, "astar", "steps");
  REQUIRE(steps.status == SolveStatus::solved);
  CHECK(steps.cost > 60);
  CHECK(solve_rushhour(kHardestRushHour, "bfs", "steps").cost == steps.cost);
}

TEST_CASE("Rush Hour: IDA* solves the bundled 6x6 boards optimally within a node budget",
          "[rushhour][solve]") {
  // Without a transposition table IDA* gave up on "Rush hour traffic" and
  // "The hardest 6x6" after 50 million expansions; with it they take tens of
  // thousands. The budget leaves ample room while still catching a regression.
  // Under AddressSanitizer, every fifth rung of the ladder, the others all.
  std::ifstream file(PUZZLELAB_ASSETS_DIR "/puzzles/rushhour.txt");
  std::stringstream text;
  text << file.rdbuf();
  const auto entries = parse_collection(text.str());
  REQUIRE(entries.ok());
  int checked = 0;
  for (const CollectionEntry& entry : entries.value()) {
    if (entry.board.size() != 36 || !testing::walked(entry)) continue;
    INFO(entry.title);
    SolveOptions options;
    options.algorithm = "idastar";
    options.node_budget = 1'000'000;
    const SolveResult result = parse_rushhour(entry.board)->solve(options);
    REQUIRE(result.status == SolveStatus::solved);
    CHECK(result.optimal);
    CHECK(result.cost == std::stoi(*entry.property("cost")));
    require_valid_solution(entry.board, result);
    ++checked;
  }
  CHECK(checked >= 7);
}

TEST_CASE("Rush Hour: IDA* stays optimal when its table is tiny and overwrites entries",
          "[rushhour][solve]") {
  std::mt19937 rng(11);
  int bigger_than_table = 0;
  for (int i = 0; i < 40; ++i) {
    const std::string board = random_rushhour(rng, 6 + i % 6);
    INFO(board);
    const SolveResult bfs = solve_rushhour(board);
    // Proving "no solution" with a table this small takes exponential time.
    if (bfs.status != SolveStatus::solved) continue;
    SolveOptions options;
    options.algorithm = "idastar";
    options.memory_budget_bytes = 16 * 1024;  // about 256 entries
    const SolveResult ida = parse_rushhour(board)->solve(options);
    REQUIRE(ida.status == SolveStatus::solved);
    CHECK(ida.cost == bfs.cost);
    require_valid_solution(board, ida);
    // (BFS stops short of its goal layer, so its store undercounts: the
    // cluster counts every position the table could be asked to hold.)
    const auto parsed = rushhour::parse_board(board);
    REQUIRE(parsed.ok());
    const auto& start = parsed.value();
    if (rushhour::analyse_cluster(*start.layout, start.positions, {}).size > 500) {
      ++bigger_than_table;  // twice the table
    }
  }
  // Boards with more positions than the table holds: entries were overwritten.
  CHECK(bigger_than_table >= 5);
}

TEST_CASE("Rush Hour: unsolvable boards are proven so", "[rushhour][solve]") {
  // A horizontal car in A's row, a wall in A's row, and a vertical truck
  // that cannot leave A's row on a 3-row board.
  for (const char* board : {"AABBoooooooooooo", "AAoxoooooooooooo", "ooCAACooC"}) {
    INFO(board);
    for (const char* algorithm : {"bfs", "astar", "dijkstra", "idastar"}) {
      CHECK(solve_rushhour(board, algorithm).status == SolveStatus::unsolvable);
    }
  }
  CHECK(solve_rushhour("AAoooooooooooooo").cost == 1);
  CHECK(solve_rushhour("ooAAoooooooooooo").cost == 0);  // already solved
}

TEST_CASE("Rush Hour: budgets, cancellation and bad options", "[rushhour][solve]") {
  auto game = parse_rushhour(kHardestRushHour);
  SolveOptions options;
  options.node_budget = 50;
  SolveResult result = game->solve(options);
  CHECK(result.status == SolveStatus::budget_exceeded);
  CHECK_THAT(result.message, Catch::Contains("node budget"));
  CHECK(result.stats.expanded <= 50);

  options = {};
  options.memory_budget_bytes = 1024;
  CHECK(game->solve(options).status == SolveStatus::budget_exceeded);

  std::atomic<bool> cancel{true};
  options = {};
  options.cancel = &cancel;
  options.algorithm = "astar";
  // The cancel flag is polled every few hundred expansions; the hardest board needs more.
  CHECK(game->solve(options).status == SolveStatus::cancelled);

  options = {};
  options.metric = "furlongs";
  CHECK(game->solve(options).status == SolveStatus::invalid);
  options = {};
  options.algorithm = "guess";
  CHECK_THAT(game->solve(options).message, Catch::Contains("expected bfs, astar"));
}

TEST_CASE("Rush Hour hints give the first move of a fewest-moves solution", "[rushhour][hint]") {
  auto game = parse_rushhour(kHardestRushHour);
  int moves = 0;
  while (!game->is_solved()) {
    REQUIRE(moves++ < 60);
    const auto hint = game->hint();
    REQUIRE(hint);
    REQUIRE(hint->moves.size() == 1);
    REQUIRE(game->apply(hint->moves[0]));
  }
  CHECK(moves == 60);  // following hints is itself optimal
  CHECK_FALSE(game->hint());

  const auto first = parse_rushhour(kHardestRushHour)->hint();
  REQUIRE(first);
  CHECK_THAT(first->explanation, Catch::Contains("60 moves to go"));
  CHECK(first->cells.size() >= 2);  // the piece to move
  CHECK_THAT(parse_rushhour("AABBoooooooooooo")->hint()->explanation,
             Catch::Contains("No solution"));
}

TEST_CASE("Rush Hour: the bundled boards have their stated optimal costs", "[rushhour][assets]") {
  std::ifstream file(PUZZLELAB_ASSETS_DIR "/puzzles/rushhour.txt");
  std::stringstream text;
  text << file.rdbuf();
  const auto entries = parse_collection(text.str());
  REQUIRE(entries.ok());
  REQUIRE(entries.value().size() >= 8);
  for (const CollectionEntry& entry : entries.value()) {
    INFO(entry.title);
    const auto cost = entry.property("cost");
    REQUIRE(cost);
    auto game = parse_rushhour(entry.board);
    const auto& rush = dynamic_cast<const rushhour::RushHourGame&>(*game);
#if defined(PUZZLELAB_TEST_ASAN)
    // The 8x8 board explores 3.9 million positions: seconds in Release, a
    // minute under AddressSanitizer. The Release and wasm runs check it.
    if (rush.layout().width() * rush.layout().height() > 36) continue;
#endif
    (void)rush;
    const SolveResult result = game->solve({});
    REQUIRE(result.status == SolveStatus::solved);
    CHECK(result.cost == std::stoi(*cost));
    require_valid_solution(game->format(), result);
  }
}
