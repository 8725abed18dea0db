// Amphipod: parsing (with its real-file pitfalls), the part-2 unfold, the
// rules, published answers, unsolvable burrows, and every solution replayed
// through the game and an independent referee; small burrows checked against
// the referee's own brute force, and Dijkstra against A*.
#include <catch2/catch.hpp>

#include <atomic>
#include <fstream>
#include <random>
#include <set>
#include <sstream>

#include "core/collection.h"
#include "puzzles/amphipod/amphipod.h"
#include "puzzles/amphipod/solver.h"
#include "support/amphipod_reference.h"
#include "support/sanitizer.h"

using namespace puzzlelab;
using namespace puzzlelab::amphipod;
using puzzlelab::testing::AmphipodReferee;

namespace {

const std::string kAmphipodSample =
    "#############\n"
    "#...........#\n"
    "###B#C#B#D###\n"
    "  #A#D#C#A#\n"
    "  #########\n";

const std::string kSampleUnfolded =
    "#############\n"
    "#...........#\n"
    "###B#C#B#D###\n"
    "  #D#C#B#A#\n"
    "  #D#B#A#C#\n"
    "  #A#D#C#A#\n"
    "  #########\n";

std::string read_amphipod_data(const std::string& name) {
  std::ifstream in(std::string(PUZZLELAB_TEST_DATA_DIR) + "/amphipod/" + name);
  REQUIRE(in.good());
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

Burrow parse_burrow_ok(const std::string& text) {
  auto burrow = parse_burrow(text);
  INFO(text);
  if (!burrow) INFO(burrow.error().describe());
  REQUIRE(burrow.ok());
  return burrow.value();
}

ParseError parse_burrow_fails(const std::string& text) {
  auto burrow = parse_burrow(text);
  INFO(text);
  REQUIRE_FALSE(burrow.ok());
  return burrow.error();
}

SolveResult solve_burrow(const Burrow& burrow, const std::string& algorithm = "") {
  SolveOptions options;
  options.algorithm = algorithm;
  return AmphipodGame(burrow).solve(options);
}

// Replays a solution through the game's rules and the referee; both must
// agree on every move's energy, the total, and the solved end.
void check_replay(const Burrow& start, const SolveResult& result) {
  REQUIRE(result.status == SolveStatus::solved);
  AmphipodGame game(start);
  AmphipodReferee referee(format_burrow(start));
  int64_t total = 0;
  for (const Move& move : result.moves) {
    INFO(move.text);
    const ApplyResult applied = game.apply(move.text);
    REQUIRE(applied.ok);
    CHECK(applied.cost == move.cost);
    int64_t energy = -1;
    REQUIRE(referee.play(move.text, energy));
    CHECK(energy == move.cost);
    total += energy;
  }
  CHECK(total == result.cost);
  CHECK(game.is_solved());
  CHECK(referee.solved());
  CHECK(referee.grid() == game.format());
}

// How many burrows of a shape a property test draws.
struct BurrowSizes {
  int rooms, depth, count;
};

// A full solved burrow with `swaps` random swaps of room cells.
Burrow near_goal(int rooms, int depth, int swaps, std::mt19937& rng) {
  Burrow b;
  b.rooms = rooms;
  b.depth = depth;
  for (int r = 0; r < rooms; ++r) {
    for (int d = 0; d < depth; ++d) b.room[r][d] = static_cast<int8_t>(r);
  }
  for (int i = 0; i < swaps; ++i) {
    const int r1 = static_cast<int>(rng() % rooms), r2 = static_cast<int>(rng() % rooms);
    const int d1 = static_cast<int>(rng() % depth), d2 = static_cast<int>(rng() % depth);
    std::swap(b.room[r1][d1], b.room[r2][d2]);
  }
  return b;
}

}  // namespace

TEST_CASE("amphipod: the diagram parses and formats back exactly", "[amphipod]") {
  const Burrow b = parse_burrow_ok(kAmphipodSample);
  CHECK(b.rooms == 4);
  CHECK(b.depth == 2);
  CHECK(b.room[0][0] == 1);  // B on top of room A
  CHECK(b.room[3][1] == 0);  // A at the bottom of room D
  CHECK(format_burrow(b) == kAmphipodSample);
  CHECK(format_one_line(b) == "BCBD/ADCA");
  CHECK(parse_burrow_ok("BCBD/ADCA") == b);
  CHECK(parse_burrow_ok("12521 BCBD/ADCA") == b);

  // Real-file pitfalls: trailing spaces, CRLF, no final newline, leading blank lines.
  CHECK(parse_burrow_ok(
            "#############  \n#...........#\n###B#C#B#D###  \n  #A#D#C#A#  \n  #########  ") == b);
  CHECK(parse_burrow_ok(
            "#############\r\n#...........#\r\n###B#C#B#D###\r\n  #A#D#C#A#\r\n  #########\r\n") ==
        b);
  CHECK(parse_burrow_ok("\n\n" + kAmphipodSample.substr(0, kAmphipodSample.size() - 1)) == b);
  CHECK(parse_burrow_ok(read_amphipod_data("input_b.txt")).depth == 2);  // has no final newline

  // Any depth and 2..8 rooms, with amphipods in the hallway.
  const Burrow deep = parse_burrow_ok(kSampleUnfolded);
  CHECK(deep.depth == 4);
  const std::string six =
      "#################\n#...............#\n###F#C#C#D#E#E###\n  #E#C#B#D#E#A#\n"
      "  #A#A#C#D#E#F#\n  #A#B#C#D#F#F#\n  #B#B#B#D#A#F#\n  #A#B#C#D#E#F#\n"
      "  #############\n";
  const Burrow wide = parse_burrow_ok(six);
  CHECK(wide.rooms == 6);
  CHECK(wide.depth == 6);
  CHECK(format_burrow(wide) == six);
  const Burrow parked = parse_burrow_ok("#########\n#.A....B#\n###.#.###\n  #B#A#\n  #####\n");
  CHECK(parked.rooms == 2);
  CHECK(parked.hall[1] == 0);
  CHECK(format_burrow(parked) == "#########\n#.A....B#\n###.#.###\n  #B#A#\n  #####\n");
  CHECK(parse_burrow_ok(format_one_line(parked)) == parked);
  CHECK(parse_burrow_ok("#########\n#.......#\n###A#B###\n  #####\n").depth == 1);
}

TEST_CASE("amphipod: parse errors name the line, the column and what was expected", "[amphipod]") {
  struct Case {
    std::string text;
    int line, column;
    std::string says;
  };
  const std::vector<Case> cases = {
      {"#############\n#...........#\n###B#C#x#D###\n  #A#D#C#A#\n  #########\n", 3, 8,
       "unexpected 'x'"},
      {"#############\n#...........#\n###B#C#B#E###\n  #A#D#C#A#\n  #########\n", 3, 10,
       "'E' has no room"},
      {"#############\n#...........#\n###B#C#B#D###\n  #A#D#CA#\n  #########\n", 4, 9,
       "do not line up"},
      {"#############\n#...........#\n###B#C#B#D###\n   #A#D#C#A#\n  #########\n", 4, 3,
       "do not line up"},
      {"#############\n#...........#\n###B#C#B#D###\n  #A#.#C#A#\n  #########\n", 3, 6,
       "above an empty cell"},
      {"#############\n#...........#\n###B#C#B#D###\n  #A#D#C#B#\n  #########\n", 4, 10,
       "too many B"},
      {"#############\n#..A........#\n###B#C#B#D###\n  #.#D#C#A#\n  #########\n", 2, 4,
       "never stops on hallway cell 2"},
      {"#############\n#...........#\n###B#C#B#D###\n  #A#D#C#A#\n", 5, 0,
       "expected the bottom wall"},
      {"############\n#..........#\n###B#C#B#D##\n  #A#D#C#A#\n  ########\n", 1, 0, "2R+5"},
      {"#############\n#.....\n###B#C#B#D###\n  #A#D#C#A#\n  #########\n", 2, 7,
       "hallway ends early"},
      {"BCBD/ADC", 1, 6, "do not line up"},
      {"BCBD/AXCA", 1, 7, "'X' has no room"},
      {"", 0, 0, "empty burrow"},
  };
  for (const Case& c : cases) {
    const ParseError error = parse_burrow_fails(c.text);
    INFO(c.text << "\n-> " << error.describe());
    CHECK(error.line == c.line);
    CHECK(error.column == c.column);
    CHECK(error.message.find(c.says) != std::string::npos);
  }
}

TEST_CASE("amphipod: unfold inserts the part-2 lines (4 rooms only)", "[amphipod]") {
  const PuzzleInfo& info = puzzle_info();
  REQUIRE(info.hooks.text_options.size() == 1);
  const TextOption& option = info.hooks.text_options[0];
  CHECK(option.name == "unfold");
  auto unfolded = option.apply(kAmphipodSample);
  REQUIRE(unfolded.ok());
  CHECK(unfolded.value() == kSampleUnfolded);
  // A file already unfolded becomes a depth-6 puzzle.
  auto twice = option.apply(unfolded.value());
  REQUIRE(twice.ok());
  CHECK(parse_burrow_ok(twice.value()).depth == 6);
  // Errors: other room counts, and bad text keeps its position.
  auto five = option.apply("ABCDE/ABCDE");
  REQUIRE_FALSE(five.ok());
  CHECK(five.error().message.find("4 rooms") != std::string::npos);
  auto bad =
      option.apply("#############\n#...........#\n###B#C#B#?###\n  #A#D#C#A#\n  #########\n");
  REQUIRE_FALSE(bad.ok());
  CHECK(bad.error().line == 3);
  CHECK(bad.error().column == 10);
}

TEST_CASE("amphipod: moves follow the three rules, with reasons", "[amphipod]") {
  AmphipodGame game(parse_burrow_ok(kAmphipodSample));
  // The legal moves are exactly the referee's, at the same energies.
  auto same_as_referee = [](const AmphipodGame& g) {
    std::set<std::pair<std::string, int64_t>> ours, theirs;
    for (const Move& m : g.legal_moves()) ours.insert({m.text, m.cost});
    for (const auto& m : AmphipodReferee(g.format()).all_moves()) theirs.insert(m);
    CHECK(ours == theirs);
  };
  same_as_referee(game);
  CHECK(game.legal_moves().size() == 28);  // 4 tops x 7 parking cells

  struct Refusal {
    std::string move, says;
  };
  for (const Refusal& r : std::vector<Refusal>{
           {"A2-h0", "stuck under the B at A1"},
           {"A1-h2", "no stopping on hallway cell 2"},
           {"C1-B1", "B1 is taken"},
           {"h3-A1", "no amphipod at h3"},
           {"C1-h11", "expected a hallway cell"},
           {"nonsense", "expected a move FROM-TO"},
       }) {
    INFO(r.move);
    auto copy = game.clone();
    const ApplyResult applied = copy->apply(r.move);
    CHECK_FALSE(applied.ok);
    CHECK(applied.error.find(r.says) != std::string::npos);
    CHECK(copy->format() == game.format());
  }
  REQUIRE(game.apply("C1-h3").cost == 40);  // the B: 1 up, 3 left
  same_as_referee(game);
  CHECK(game.apply("h3-B1").error.find("B1 is taken by a C") != std::string::npos);
  CHECK(game.apply("h3-C1").error.find("belongs in room B") != std::string::npos);
  // A direct room-to-room move is one move: the C from B1 straight home.
  const ApplyResult direct = game.apply("B1-C1");
  REQUIRE(direct.ok);
  CHECK(direct.cost == 400);
  CHECK(game.apply("h3-B1").error.find("room B still holds a D") != std::string::npos);
  CHECK(game.apply("h3-h5").error.find("only into its own room") != std::string::npos);
  REQUIRE(game.apply("B2-h5").cost == 3000);  // the D leaves: room B is empty
  CHECK(game.apply("h3-B1").error.find("deepest free cell") != std::string::npos);
  CHECK(game.apply("h3-B2").cost == 30);
  same_as_referee(game);
  CHECK(game.apply("A1-B1").cost == 40);
  same_as_referee(game);
}

TEST_CASE("amphipod: the example and two real inputs, both parts, both algorithms", "[amphipod]") {
  struct Known {
    std::string file;
    int64_t part1, part2;
  };
  for (const Known& k : std::vector<Known>{{"sample.txt", 12521, 44169},
                                           {"input_a.txt", 14467, 48759},
                                           {"input_b.txt", 10526, 41284}}) {
    const std::string text = read_amphipod_data(k.file);
    const Burrow part1 = parse_burrow_ok(text);
    auto unfolded = unfold_text(text);
    REQUIRE(unfolded.ok());
    const Burrow part2 = parse_burrow_ok(unfolded.value());
    for (const std::string algorithm : {"astar", "dijkstra"}) {
      INFO(k.file << " " << algorithm);
      const SolveResult one = solve_burrow(part1, algorithm);
      CHECK(one.cost == k.part1);
      CHECK(one.optimal);
      check_replay(part1, one);
      const SolveResult two = solve_burrow(part2, algorithm);
      CHECK(two.cost == k.part2);
      check_replay(part2, two);
      CHECK(two.stats.expanded > 0);
      CHECK(two.stats.generated >= two.stats.expanded / 2);
    }
    CHECK(lower_bound(part2) <= k.part2);
  }
}

TEST_CASE("amphipod: burrows without a solution are proven so", "[amphipod]") {
  // Hallway deadlock: the D must pass the A going right, the A the D going left.
  const Burrow deadlock =
      parse_burrow_ok("#############\n#...D.A.....#\n###.#B#C#.###\n  #########\n");
  CHECK(solve_burrow(deadlock).status == SolveStatus::unsolvable);
  CHECK(solve_burrow(deadlock, "dijkstra").status == SolveStatus::unsolvable);
  // Too many of one kind: the parser refuses it; a burrow built directly is unsolvable.
  CHECK(parse_burrow_fails("BCBD/ADCB").message.find("too many B") != std::string::npos);
  Burrow crowded = parse_burrow_ok("BCBD/ADCA");
  crowded.room[3][1] = 1;  // a third B, no A left in room D
  const SolveResult crowded_result = solve_burrow(crowded);
  CHECK(crowded_result.status == SolveStatus::unsolvable);
  CHECK(crowded_result.message.find("cannot fit") != std::string::npos);
  // Depth 6 (the part-2 lines twice): the parking cells cannot clear a room.
  auto once = unfold(parse_burrow_ok(kAmphipodSample));
  REQUIRE(once.ok());
  auto twice = unfold(once.value());
  REQUIRE(twice.ok());
  // The dead-end test proves it before any search: no order of clearing the
  // rooms leaves the hallway room for the amphipods that must wait.
  const SolveResult deep = solve_burrow(twice.value());
  CHECK(deep.status == SolveStatus::unsolvable);
  CHECK(deep.optimal);
  CHECK(deep.stats.expanded == 0);
  CHECK(deep.message.find("every order of clearing the rooms") != std::string::npos);
  // One that the dead-end test lets through at the start: only the search
  // proves it, by exhausting every position reached (the referee agrees).
  const Burrow searched = parse_burrow_ok(".A....B/../AB/BA");
  CHECK(AmphipodReferee(format_burrow(searched)).least_energy() < 0);
  for (const std::string algorithm : {"astar", "dijkstra"}) {
    const SolveResult result = solve_burrow(searched, algorithm);
    CHECK(result.status == SolveStatus::unsolvable);
    CHECK(result.stats.expanded > 1);
    CHECK(result.message.find("reachable positions explored") != std::string::npos);
  }
}

TEST_CASE("amphipod: a solved burrow costs 0, budgets and cancel are honoured", "[amphipod]") {
  const SolveResult solved = solve_burrow(parse_burrow_ok("ABCD/ABCD"));
  CHECK(solved.status == SolveStatus::solved);
  CHECK(solved.cost == 0);
  CHECK(solved.moves.empty());
  CHECK(AmphipodGame(parse_burrow_ok("ABCD/ABCD")).is_solved());
  CHECK_FALSE(AmphipodGame(parse_burrow_ok("BACD/ABCD")).is_solved());

  const Burrow hard = parse_burrow_ok(kSampleUnfolded);
  SolveOptions options;
  options.node_budget = 100;
  CHECK(AmphipodGame(hard).solve(options).status == SolveStatus::budget_exceeded);
  std::atomic<bool> cancel{true};
  SolveOptions cancelled;
  cancelled.cancel = &cancel;
  CHECK(AmphipodGame(hard).solve(cancelled).status == SolveStatus::cancelled);
  SolveOptions tiny_memory;
  tiny_memory.memory_budget_bytes = 1000;
  CHECK(AmphipodGame(hard).solve(tiny_memory).status == SolveStatus::budget_exceeded);
  SolveOptions wrong;
  wrong.metric = "moves";
  CHECK(AmphipodGame(hard).solve(wrong).status == SolveStatus::invalid);
}

namespace {

const std::string kSixRooms =  // the bundled "Six rooms" burrow: three words a position
    "#################\n"
    "#...............#\n"
    "###E#C#A#D#E#F###\n"
    "  #A#B#C#D#A#F#\n"
    "  #C#B#B#D#E#F#\n"
    "  #############\n";

std::vector<std::string> move_texts(const SolveResult& result) {
  std::vector<std::string> texts;
  for (const Move& move : result.moves) texts.push_back(move.text);
  return texts;
}

// The same answer, moves and search as a solve with fresh memory.
void check_same_as_fresh(const Burrow& burrow, Algorithm algorithm, SolverWorkspace& workspace) {
  INFO(format_burrow(burrow));
  const SolveResult fresh = solve_burrow(burrow, algorithm, SolveOptions{});
  const SolveResult reused = solve_burrow(burrow, algorithm, SolveOptions{}, &workspace);
  REQUIRE(reused.status == fresh.status);
  CHECK(reused.cost == fresh.cost);
  CHECK(move_texts(reused) == move_texts(fresh));
  CHECK(reused.stats.expanded == fresh.stats.expanded);
  CHECK(reused.stats.generated == fresh.stats.generated);
  CHECK(reused.stats.peak_stored == fresh.stats.peak_stored);
  CHECK(reused.message == fresh.message);
  if (fresh.status == SolveStatus::solved) check_replay(burrow, reused);
}

}  // namespace

TEST_CASE("amphipod: one workspace serves burrows of every shape in turn", "[amphipod]") {
  SolverWorkspace workspace;
  const Burrow deep = parse_burrow_ok(kSampleUnfolded);  // 4x4: two words a position
  const Burrow six = parse_burrow_ok(kSixRooms);
  std::mt19937 rng(8);
  const Burrow eight = near_goal(8, 4, 3, rng);  // 8x4: four words a position
  const Burrow deadlock =
      parse_burrow_ok("#############\n#...D.A.....#\n###.#B#C#.###\n  #########\n");
  for (const Burrow* burrow : {&deep, &six, &deep, &eight, &deadlock, &six, &deep}) {
    check_same_as_fresh(*burrow, Algorithm::astar, workspace);
  }
  check_same_as_fresh(parse_burrow_ok(kAmphipodSample), Algorithm::dijkstra, workspace);
  check_same_as_fresh(deep, Algorithm::dijkstra, workspace);
  CHECK(solve_burrow(deep, Algorithm::astar, SolveOptions{}, &workspace).cost == 44169);
  CHECK(solve_burrow(six, Algorithm::astar, SolveOptions{}, &workspace).cost == 152111);
}

TEST_CASE("amphipod: a stopped search leaves its workspace fit for the next", "[amphipod]") {
  const Burrow deep = parse_burrow_ok(kSampleUnfolded);
  SolverWorkspace workspace;
  SolveOptions budget;
  budget.node_budget = 2000;  // stops midway, its memory half filled
  CHECK(solve_burrow(deep, Algorithm::astar, budget, &workspace).status ==
        SolveStatus::budget_exceeded);
  check_same_as_fresh(deep, Algorithm::astar, workspace);

  std::atomic<bool> cancel{true};  // seen at the first periodic check, some states in
  SolveOptions cancelled;
  cancelled.cancel = &cancel;
  // (Dijkstra: A* solves this burrow in fewer expansions than a check takes.)
  const SolveResult stopped =
      solve_burrow(parse_burrow_ok(kSixRooms), Algorithm::dijkstra, cancelled, &workspace);
  CHECK(stopped.status == SolveStatus::cancelled);
  CHECK(stopped.stats.expanded > 0);
  check_same_as_fresh(deep, Algorithm::astar, workspace);

  SolveOptions tiny_memory;
  tiny_memory.memory_budget_bytes = 1000;
  CHECK(solve_burrow(deep, Algorithm::dijkstra, tiny_memory, &workspace).status ==
        SolveStatus::budget_exceeded);
  check_same_as_fresh(parse_burrow_ok(kAmphipodSample), Algorithm::astar, workspace);
  check_same_as_fresh(deep, Algorithm::dijkstra, workspace);
}

TEST_CASE("amphipod: small burrows match the referee's brute force, Dijkstra matches A*",
          "[amphipod][property]") {
  std::mt19937 rng(2021);
  int solvable = 0;
  for (const BurrowSizes& size :
       std::vector<BurrowSizes>{{2, 2, 25}, {3, 2, 25}, {2, 3, 15}, {3, 1, 10}}) {
    for (int i = 0; i < size.count; ++i) {
      const Burrow b = near_goal(size.rooms, size.depth, 1 + static_cast<int>(rng() % 4), rng);
      INFO(format_burrow(b));
      const SolveResult astar = solve_burrow(b, "astar");
      const SolveResult dijkstra = solve_burrow(b, "dijkstra");
      const int64_t brute = AmphipodReferee(format_burrow(b)).least_energy();
      REQUIRE(astar.status == dijkstra.status);
      if (brute < 0) {
        CHECK(astar.status == SolveStatus::unsolvable);
        continue;
      }
      ++solvable;
      CHECK(astar.cost == brute);
      CHECK(dijkstra.cost == brute);
      CHECK(lower_bound(b) <= brute);
      check_replay(b, astar);
      check_replay(b, dijkstra);
    }
  }
  CHECK(solvable > 40);
}

// Takes up to `count` room tops out to random free parking cells: positions
// with crowded hallways, many of them dead ends.
Burrow with_parked(Burrow b, int count, std::mt19937& rng) {
  for (int i = 0; i < count; ++i) {
    const int r = static_cast<int>(rng() % b.rooms);
    const int h = static_cast<int>(rng() % b.hall_size());
    const int top = b.top(r);
    if (top == b.depth || b.is_door(h) || b.hall[h] != kEmpty) continue;
    b.hall[h] = b.room[r][top];
    b.room[r][top] = kEmpty;
  }
  return b;
}

TEST_CASE("amphipod: crowded hallways: dead ends found exactly as the referee's brute force",
          "[amphipod][property]") {
  // The solver prunes positions it proves dead; every verdict and cost must
  // match the referee's exhaustive search, which prunes nothing.
  // Under AddressSanitizer a shape stops after a third of its burrows once
  // both floors are met: the draws are Release's, the dead ends among them
  // as many, and most of the 4-room burrows (the referee's longest searches,
  // none of them dead ends) are left to Release.
  constexpr int kDeadEnds = 10, kLive = 30;
  std::mt19937 rng(1223);
  int unsolvable = 0, solvable = 0;
  for (const BurrowSizes& size :
       std::vector<BurrowSizes>{{2, 2, 40}, {3, 2, 40}, {2, 3, 20}, {3, 3, 12}, {4, 2, 12}}) {
    for (int i = 0; i < size.count; ++i) {
      if (i >= puzzlelab::testing::property_cases(size.count) && unsolvable >= kDeadEnds &&
          solvable >= kLive)
        break;
      Burrow b = near_goal(size.rooms, size.depth, 1 + static_cast<int>(rng() % 5), rng);
      b = with_parked(b, 1 + static_cast<int>(rng() % (size.rooms + 2)), rng);
      INFO(format_burrow(b));
      const int64_t brute = AmphipodReferee(format_burrow(b)).least_energy();
      for (const std::string algorithm : {"astar", "dijkstra"}) {
        INFO(algorithm);
        const SolveResult result = solve_burrow(b, algorithm);
        if (brute < 0) {
          CHECK(result.status == SolveStatus::unsolvable);
          continue;
        }
        REQUIRE(result.status == SolveStatus::solved);
        CHECK(result.cost == brute);
        check_replay(b, result);
      }
      ++(brute < 0 ? unsolvable : solvable);
    }
  }
  CHECK(unsolvable >= kDeadEnds);
  CHECK(solvable >= kLive);
}

TEST_CASE("amphipod: the dead-end test follows every order of clearing the rooms", "[amphipod]") {
  // Each room here could be cleared on its own. But the D on cell 3 waits for
  // room D, whose four leavers fill the four cells right of it, and room A
  // opens only between the B and the D: no order of clearing works. The
  // test proves it before any search; the referee's brute force agrees.
  const Burrow stuck = parse_burrow_ok(".B.D......./.CBD/.CBA/DBAC/ADCA");
  CHECK(AmphipodReferee(format_burrow(stuck)).least_energy() < 0);
  const SolveResult proven = solve_burrow(stuck);
  CHECK(proven.status == SolveStatus::unsolvable);
  CHECK(proven.stats.expanded == 0);
  // The example after "A1-h1": dead too, but because of where amphipods
  // must stand, which the test does not follow: only the search proves it.
  const Burrow subtle = parse_burrow_ok(".B........./.CBD/DCBA/DBAC/ADCA");
  CHECK(AmphipodReferee(format_burrow(subtle)).least_energy() < 0);
  const SolveResult searched = solve_burrow(subtle);
  CHECK(searched.status == SolveStatus::unsolvable);
  CHECK(searched.stats.expanded > 1);
  // And after the published solution's first move (D1-h10, 3,000 energy),
  // the rest costs the published 44,169 less 3,000: never pruned.
  const SolveResult live = solve_burrow(parse_burrow_ok("..........D/BCB./DCBA/DBAC/ADCA"));
  REQUIRE(live.status == SolveStatus::solved);
  CHECK(live.cost == 44169 - 3000);
}

TEST_CASE("amphipod: amphipods parked between doors split the search, not the solutions",
          "[amphipod]") {
  // The A on cell 3 waits for room A only, the D on cell 7 for room D only:
  // the solver searches one side at a time (the left one first), and must
  // still find that both sides can be finished. Searching only the rooms
  // that every such amphipod waits on would search none here.
  const Burrow b = parse_burrow_ok("...A...D.../B..C");
  CHECK(AmphipodReferee(format_burrow(b)).least_energy() == 2662);
  for (const std::string algorithm : {"astar", "dijkstra"}) {
    const SolveResult result = solve_burrow(b, algorithm);
    REQUIRE(result.status == SolveStatus::solved);
    CHECK(result.cost == 2662);
    check_replay(b, result);
  }
}

TEST_CASE("amphipod: a leaver blocked by its room's own kind must step aside", "[amphipod]") {
  // Room A's B cannot pass the A parked on cell 3, which waits for room A:
  // it steps out to the left and back (62 energy), 20 more than the walks
  // the plain bound counts (42).
  const Burrow b = parse_burrow_ok("...A.../B./AB");
  CHECK(AmphipodReferee(format_burrow(b)).least_energy() == 62);
  CHECK(lower_bound(b) == 62);
  const SolveResult result = solve_burrow(b, "astar");
  CHECK(result.cost == 62);
  check_replay(b, result);
}

TEST_CASE("amphipod: of two rooms holding each other's kind, one crosser detours", "[amphipod]") {
  // Room A holds a B and room B an A: whichever gets home second waits
  // parked while the other walks past, so it parks beyond the two doors.
  // The A is cheaper: it parks on cell 5 (2 energy), the B walks straight
  // home (40), the A comes back (4): 46, 2 more than the plain walks (44).
  const Burrow b = parse_burrow_ok("BA");
  CHECK(AmphipodReferee(format_burrow(b)).least_energy() == 46);
  CHECK(lower_bound(b) == 46);
  // Two of each kind: the walks and fill-ins come to 110; one side detours
  // in full, both A's (4 more), and they can: one parks on cell 5 (2), the
  // other on cell 1 (5), the B's cross (50 + 50), the A's come back (3 + 4).
  const Burrow two = parse_burrow_ok("BA/BA");
  CHECK(AmphipodReferee(format_burrow(two)).least_energy() == 114);
  CHECK(lower_bound(two) == 114);
  const SolveResult result = solve_burrow(b, "astar");
  CHECK(result.cost == 46);
  check_replay(b, result);
}

TEST_CASE("amphipod: the A* bound is consistent on every move between live positions",
          "[amphipod][property]") {
  // h(before) <= move energy + h(after) whenever the position after the move
  // can still be finished (the solver never stores one that cannot), and
  // h never exceeds the referee's least energy.
  std::mt19937 rng(523);
  int moves_checked = 0;
  for (const BurrowSizes& size : std::vector<BurrowSizes>{{2, 2, 20}, {3, 2, 20}, {2, 3, 12}}) {
    for (int i = 0; i < puzzlelab::testing::property_cases(size.count); ++i) {
      Burrow b = near_goal(size.rooms, size.depth, 1 + static_cast<int>(rng() % 4), rng);
      b = with_parked(b, static_cast<int>(rng() % (size.rooms + 1)), rng);
      INFO(format_burrow(b));
      const int64_t least = AmphipodReferee(format_burrow(b)).least_energy();
      if (least < 0) continue;
      CHECK(lower_bound(b) <= least);
      const AmphipodGame game(b);
      for (const Move& move : game.legal_moves()) {
        INFO(move.text);
        AmphipodGame after(b);
        REQUIRE(after.apply(move.text).ok);
        if (AmphipodReferee(after.format()).least_energy() < 0) continue;
        CHECK(lower_bound(b) <= move.cost + lower_bound(after.burrow()));
        ++moves_checked;
      }
    }
  }
  CHECK(moves_checked > puzzlelab::testing::property_cases(150));
}

TEST_CASE("amphipod: bigger burrows near the goal agree between Dijkstra and A*",
          "[amphipod][property]") {
  std::mt19937 rng(23);
  for (const BurrowSizes& size :
       std::vector<BurrowSizes>{{4, 2, 12}, {4, 4, 6}, {5, 3, 4}, {6, 2, 3}}) {
    for (int i = 0; i < size.count; ++i) {
      const Burrow b = near_goal(size.rooms, size.depth, 2 + static_cast<int>(rng() % 3), rng);
      INFO(format_burrow(b));
      const SolveResult astar = solve_burrow(b, "astar");
      const SolveResult dijkstra = solve_burrow(b, "dijkstra");
      REQUIRE(astar.status == dijkstra.status);
      if (astar.status != SolveStatus::solved) continue;
      CHECK(astar.cost == dijkstra.cost);
      check_replay(b, astar);
    }
  }
}

TEST_CASE("amphipod: hints give the next optimal move, explained", "[amphipod]") {
  const AmphipodGame game(parse_burrow_ok(kSampleUnfolded));
  const auto hint = game.hint();
  REQUIRE(hint.has_value());
  INFO(hint->explanation);
  CHECK(hint->explanation.find("44,169 to go at best") != std::string::npos);
  CHECK(hint->explanation.find(" leaves room ") != std::string::npos);
  REQUIRE(hint->moves.size() == 1);
  REQUIRE(hint->cells.size() == 2);
  AmphipodGame after = game;
  const ApplyResult applied = after.apply(hint->moves[0]);
  REQUIRE(applied.ok);
  CHECK(applied.cost + solve_burrow(after.burrow()).cost == 44169);
  CHECK_FALSE(AmphipodGame(parse_burrow_ok("ABCD/ABCD")).hint().has_value());
  CHECK(with_commas(1234567) == "1,234,567");
  CHECK(with_commas(12) == "12");
}

TEST_CASE("amphipod: the bench fast path checks stated energies", "[amphipod]") {
  const PuzzleInfo& info = puzzle_info();
  REQUIRE(info.bench != nullptr);
  const BenchReport ok = info.bench({"12521 BCBD/ADCA", "DABC/ABCD"}, {}, 1);
  CHECK(ok.failures == 0);
  CHECK(ok.text.find("12,521") != std::string::npos);
  CHECK(ok.text.find("expanded") != std::string::npos);
  CHECK(ok.text.find("(first") == std::string::npos);  // one pass: the first is the fastest
  // Passes after the first reuse one workspace across lines: same energies.
  const BenchReport repeated = info.bench({"12521 BCBD/ADCA", "44169 BCBD/DCBA/DBAC/ADCA"}, {}, 2);
  CHECK(repeated.failures == 0);
  CHECK(repeated.text.find("(first ") != std::string::npos);
  CHECK(repeated.text.find("4733 expanded") != std::string::npos);
  const BenchReport wrong = info.bench({"12000 BCBD/ADCA", "#oops"}, {}, 1);
  CHECK(wrong.failures == 2);
  CHECK(wrong.text.find("MISMATCH") != std::string::npos);
}

TEST_CASE("amphipod: the bundled burrows have their stated energies", "[amphipod][assets]") {
  std::ifstream file(PUZZLELAB_ASSETS_DIR "/puzzles/amphipod.txt");
  std::stringstream text;
  text << file.rdbuf();
  const auto entries = parse_collection(text.str());
  REQUIRE(entries.ok());
  REQUIRE(entries.value().size() >= 8);
  int rooms5 = 0, rooms6 = 0;
  for (const CollectionEntry& entry : entries.value()) {
    INFO(entry.title);
    const auto cost = entry.property("cost");
    REQUIRE(cost);
    const Burrow burrow = parse_burrow_ok(entry.board);
    rooms5 += burrow.rooms == 5;
    rooms6 += burrow.rooms == 6;
#if defined(PUZZLELAB_TEST_ASAN)
    // The 6x6 burrow explores 376,000 positions: a second in Release, long
    // under AddressSanitizer. The Release and wasm runs check it.
    if (burrow.rooms * burrow.depth > 24) continue;
#endif
    const SolveResult result = solve_burrow(burrow);
    CHECK(result.cost == std::stoll(*cost));
    check_replay(burrow, result);
  }
  CHECK(rooms5 >= 1);
  CHECK(rooms6 >= 1);
}

TEST_CASE("amphipod: the eighth room's letter H is not read as the hallway",
          "[amphipod]") {  // found by the fuzzer: "H1-h13" was refused
  auto game = amphipod::puzzle_info().parse("HBCDEFGA");
  REQUIRE(game.ok());
  int from_room_h = 0;
  for (const Move& move : game.value()->legal_moves()) {
    if (move.text[0] != 'H') continue;
    ++from_room_h;
    auto copy = game.value()->clone();
    INFO(move.text);
    CHECK(copy->apply(move.text).ok);
  }
  CHECK(from_room_h > 0);
}
