// Bender's program runner (the app's step / run view): one turn at a time it
// must be the referee. Known stepping of the game's first example, the
// referee's loss reasons and where they happen, then a property test: on
// the public maps and on random small ones, random programs stepped turn by
// turn give the simulator's verdict and, after any number of turns, the
// independent referee's Bender, fields and balls.
#include <catch2/catch.hpp>

#include <chrono>
#include <fstream>
#include <random>
#include <sstream>

#include "api/solve_protocol.h"
#include "puzzles/bender/bender.h"
#include "puzzles/bender/compressor.h"
#include "puzzles/bender/program_runner.h"
#include "puzzles/bender/simulator.h"
#include "search/search_monitor.h"
#include "support/bender_files.h"
#include "support/bender_reference.h"

using namespace puzzlelab;
using namespace puzzlelab::bender;
using puzzlelab::testing::BenderReferee;
using namespace puzzlelab::testing::bender_files;

namespace {

std::pair<int, int> bender_at(const ProgramRunner& runner) {
  const Map& map = runner.position();
  return {map.x_of(map.bender), map.y_of(map.bender)};
}

// The runner's position is the referee's: Bender, every field, every ball.
void require_same_state(const ProgramRunner& runner, const BenderReferee& referee) {
  const Map& map = runner.position();
  REQUIRE(bender_at(runner) == std::pair{referee.x(), referee.y()});
  for (size_t s = 0; s < map.switches.size(); ++s) {
    REQUIRE(((map.fields_on >> s) & 1) == referee.field_on(static_cast<int>(s)));
  }
  for (int y = 0; y < map.height; ++y) {
    for (int x = 0; x < map.width; ++x) {
      REQUIRE(map.has_ball(map.cell(x, y)) == referee.ball(x, y));
    }
  }
}

// Steps to the end and checks the verdict against the simulator's.
void require_simulator_verdict(const Map& map, const std::string& program) {
  ProgramRunner runner(map, program);
  runner.run_to_end();
  REQUIRE(runner.over());
  const Verdict expected = run_program(map, program);
  REQUIRE(runner.verdict()->describe() == expected.describe());
  REQUIRE(runner.verdict()->steps == expected.steps);
}

// A 9x3 corridor: Bender at x=1, Fry at x=`fry`, then the switch lines.
std::string runner_corridor(int fry, const std::vector<std::string>& switches = {},
                            const std::string& row = "#.......#") {
  std::string text = "9 3|#########|" + row + "|#########|1 1|" + std::to_string(fry) + " 1|" +
                     std::to_string(switches.size());
  for (const std::string& s : switches) text += "|" + s;
  return text;
}

}  // namespace

TEST_CASE("bender runner: Introduction 1's program (main 1, f1 DR1), turn by turn",
          "[bender][runner]") {
  // Map 1: Bender at (1,1); below him a wall, to his right floor.
  ProgramRunner runner(map_of(read_map(1)), "1;DR1");
  REQUIRE(runner.turn() == 0);
  REQUIRE(runner.next_instruction() == 0u);  // main's '1'
  REQUIRE(runner.step());                    // turn 1: the call, no move
  CHECK(runner.last_event() == ProgramRunner::Event::called);
  CHECK(runner.stack().size() == 2);
  CHECK(runner.next_instruction() == 2u);  // f1's 'D'
  CHECK(bender_at(runner) == std::pair{1, 1});
  REQUIRE(runner.step());  // turn 2: D bumps into the wall: a no-op that uses the turn
  CHECK(runner.last_event() == ProgramRunner::Event::bumped);
  CHECK(bender_at(runner) == std::pair{1, 1});
  REQUIRE(runner.step());  // turn 3: R
  CHECK(runner.last_event() == ProgramRunner::Event::moved);
  CHECK(bender_at(runner) == std::pair{2, 1});
  CHECK(runner.next_instruction() == 4u);  // f1's '1': it recurses
  REQUIRE(runner.step());
  CHECK(runner.stack().size() == 3);
  CHECK(runner.turn() == 4);
  runner.run_to_end();
  REQUIRE(runner.verdict()->win);
  CHECK(bender_at(runner) == std::pair{8, 8});
  const Verdict expected = run_program(map_of(read_map(1)), "1;DR1");
  CHECK(runner.verdict()->steps == expected.steps);
  // The win is declared one turn after the step that follows the arrival.
  CHECK(runner.turn() == expected.steps + 2);
  CHECK_FALSE(runner.step());  // over: nothing more happens
}

TEST_CASE("bender runner: a return is a turn of its own, then main's end", "[bender][runner]") {
  // "1;R": call, R, return, main's return, the empty stack, then the check.
  ProgramRunner runner(map_of(runner_corridor(7)), "1;R");
  std::vector<ProgramRunner::Event> events;
  while (runner.step()) events.push_back(runner.last_event());
  using E = ProgramRunner::Event;
  CHECK(events ==
        std::vector<E>{E::called, E::moved, E::returned, E::returned, E::ended, E::verdict});
  CHECK(runner.verdict()->describe() == "Invalid path");
  CHECK(runner.next_instruction() == std::nullopt);
}

TEST_CASE("bender runner: the referee's loss reasons, and where they happen", "[bender][runner]") {
  SECTION("a field switched on ahead: Bender walks into it") {
    // The switch at x=2 turns on the field at x=3.
    const Map map = map_of(runner_corridor(7, {"2 1 3 1 0"}));
    ProgramRunner runner(map, "RRRRRR");
    runner.run_to_end();
    CHECK(runner.verdict()->describe() == "Bender entered a magnetic field");
    CHECK(runner.verdict_cell() == map.cell(3, 1));
    CHECK(runner.turn() == 3);  // step 2 entered the field; turn 2's check saw it
  }
  SECTION("a ball pushed onto Fry") {
    const Map map = map_of(runner_corridor(3, {}, "#.+.....#"));
    ProgramRunner runner(map, "R");
    runner.run_to_end();
    CHECK(runner.verdict()->describe() == "Fry was squashed");
    CHECK(runner.verdict_cell() == map.cell(3, 1));
  }
  SECTION("a call to a function that does not exist, once it runs") {
    ProgramRunner runner(map_of(runner_corridor(7)), "R2;L");
    runner.run_to_end();
    CHECK(runner.verdict()->describe() == "Call to non-existing function 2");
    CHECK(runner.turn() == 2);  // lost in the turn of the call
  }
  SECTION("only ';'") {
    ProgramRunner runner(map_of(runner_corridor(7)), ";;");
    runner.run_to_end();
    CHECK(runner.verdict()->loss == Loss::no_main);
  }
  SECTION("a recursion that never reaches Fry runs out of turns") {
    ProgramRunner runner(map_of(runner_corridor(7)), "1;L1");  // L bumps forever
    runner.run_to_end();
    CHECK(runner.verdict()->describe() == "Fry not reached in 1000 turns");
    CHECK(runner.turn() == kTurns);
    CHECK(runner.stack().size() > 300);  // every call pushed a frame
  }
}

TEST_CASE("bender runner: stepping agrees with the simulator and the referee",
          "[bender][runner][property]") {
  std::mt19937 rng(20261122);
  auto pick = [&](int n) { return static_cast<int>(rng() % n); };
  static constexpr std::string_view kSymbols = "UDLRUDLRUDLRUDLR1234;;X";
  auto random_program = [&] {
    std::string program;
    const int length = 1 + pick(30);
    for (int i = 0; i < length; ++i) program += kSymbols[pick(static_cast<int>(kSymbols.size()))];
    return program;
  };
  int wins = 0, losses = 0;
  for (int trial = 0; trial < 600; ++trial) {
    const std::string text = read_map(1 + pick(30));
    const Map map = map_of(text);
    const std::string program = random_program();
    INFO("map " << text.substr(0, 40) << "... program " << program);
    require_simulator_verdict(map, program);
    // Any number of turns in: the same state as the independent referee's.
    ProgramRunner runner(map, program);
    const int turns = pick(60);
    for (int t = 0; t < turns; ++t) runner.step();
    BenderReferee referee(text);
    const BenderReferee::Result result = referee.run(program, turns);
    require_same_state(runner, referee);
    REQUIRE(runner.over() == (result.reason != "stopped"));
    runner.run_to_end();
    (runner.verdict()->win ? wins : losses) += 1;
  }
  CHECK(losses > 100);
  // The referee's solutions of the public maps win in the runner too, with
  // the simulator's step counts.
  std::ifstream solutions(std::string(PUZZLELAB_TEST_DATA_DIR) + "/bender/solutions.txt");
  std::string file, program;
  int solved = 0;
  while (solutions >> file >> program) {
    const Map map = map_of(read_map(std::stoi(file.substr(3, 2))));
    INFO(file << " " << program);
    require_simulator_verdict(map, program);
    ProgramRunner runner(map, program);
    runner.run_to_end();
    REQUIRE(runner.verdict()->win);
    ++solved;
  }
  CHECK(solved == 30);
}

TEST_CASE("bender runner: the editor explains mistakes with function and column",
          "[bender][runner]") {
  CHECK(review_program("1;DR1").empty());
  CHECK(review_program("UDLR").empty());
  const auto undefined = review_program("12;U");
  REQUIRE(undefined.size() == 1);
  CHECK(undefined[0].fatal);
  CHECK(undefined[0].offset == 1);
  CHECK(undefined[0].text.find("main, column 2") != std::string::npos);
  CHECK(undefined[0].text.find("f2") != std::string::npos);
  const auto stray = review_program("1;DxR");
  REQUIRE(stray.size() == 1);
  CHECK_FALSE(stray[0].fatal);
  CHECK(stray[0].offset == 3);
  CHECK(stray[0].text.find("f1, column 2") != std::string::npos);
  REQUIRE(review_program(";;;").size() == 1);
  CHECK(review_program(";;;")[0].fatal);
  CHECK(review_program("1;").size() == 1);  // Java drops the empty f1
}

TEST_CASE("bender runner: the program's text positions follow its functions", "[bender][runner]") {
  ProgramRunner runner(map_of(runner_corridor(7)), "R1;;RR");
  CHECK(runner.functions() == std::vector<std::string>{"R1", "", "RR"});
  CHECK(runner.body_offset(0) == 0);
  CHECK(runner.body_offset(1) == 3);
  CHECK(runner.body_offset(2) == 4);
  runner.step();                           // R
  runner.step();                           // the call of the empty f1
  CHECK(runner.next_instruction() == 3u);  // f1's return: its ';'
}

TEST_CASE("bender runner: a walk by hand, bumps and detours included, compresses to a winner",
          "[bender][runner]") {
  const Map map = map_of(read_map(1));
  std::string shortest;
  REQUIRE(run_program(map, "1;DR1").win);
  Simulator(map).run("1;DR1", &shortest);  // the 14 moves the program makes
  REQUIRE(shortest.size() == 14);
  // By hand: a bump into the wall below the start, and a step back and forth.
  const char last = shortest[2];
  const std::string back = last == 'U' ? "D" : last == 'D' ? "U" : last == 'L' ? "R" : "L";
  const std::string detour = back + std::string(1, last);
  const std::string walk = "D" + shortest.substr(0, 3) + detour + shortest.substr(3);
  std::string why;
  auto graph = graph_of_hand_walk(map, walk, &why);
  REQUIRE(graph);
  CHECK(graph->walk == shortest.substr(0, 3) + detour + shortest.substr(3));  // no bump
  CHECK_FALSE(graph_of_hand_walk(map, shortest.substr(0, 5), &why));          // not at Fry
  CHECK(why == "Invalid path");
  // An anneal spread over slices on a clock that moves 1 ms a reading (one
  // reading every 64 changes tried); whatever it finds wins.
  SolveOptions options;
  search::SearchMonitor monitor(options);
  Compressor compressor(map, std::move(*graph), 1);
  ManualClock clock(0, 1);
  for (double stop = 0; stop < 100; stop += 10) {
    compressor.run_slice(monitor, clock, 0, 100, stop + 10, 1 << 20);
  }
  const std::string program = compressor.best_program();
  INFO(program);
  CHECK(program.size() <= walk.size());
  ProgramRunner runner(map, program);
  runner.run_to_end();
  CHECK(runner.verdict()->win);
}

TEST_CASE("bender compute: the view's Compress, a walk by hand sent as moves to the worker",
          "[bender][runner]") {
  const Map map = map_of(read_map(1));
  std::string walk;
  Simulator(map).run("1;DR1", &walk);
  REQUIRE(walk.size() == 14);
  SolveRequest request;  // as BenderView sends it: the start, the walk as moves
  request.kind = RequestKind::compute;
  request.puzzle = "bender";
  request.board = format_map(map);
  for (char move : walk) request.moves.emplace_back(1, move);
  request.task = "compress";
  request.time_budget_ms = 100;
  const Reply reply = serve_request(request, nullptr, {});
  REQUIRE(reply.result.status == SolveStatus::solved);
  const std::string& program = reply.result.answer;
  INFO(program);
  CHECK(program.size() < walk.size());  // 14 letters: "1;DR1" is shorter
  CHECK(reply.result.cost == static_cast<int64_t>(program.size()));
  ProgramRunner runner(map, program);
  runner.run_to_end();
  CHECK(runner.verdict()->win);

  request.moves.resize(5);  // not at Fry: no program
  const Reply short_walk = serve_request(request, nullptr, {});
  CHECK(short_walk.result.status == SolveStatus::invalid);
  CHECK(short_walk.result.message == "the walk does not win as a program: Invalid path");
  request.task = "shrink";
  CHECK(serve_request(request, nullptr, {}).result.message ==
        "unknown task 'shrink': expected 'compress'");
}
