// Bender - Episode 4: the parser, the referee-exact simulator (one case per
// fact of the rules doc, then a property test against an independent
// referee), the Game, the walk search (against plain BFS) and the solver.
#include <catch2/catch.hpp>

#include <atomic>
#include <fstream>
#include <random>
#include <set>
#include <sstream>

#include "core/collection.h"
#include "puzzles/bender/bender.h"
#include "puzzles/bender/budget_clock.h"
#include "puzzles/bender/simulator.h"
#include "puzzles/bender/solver.h"
#include "puzzles/bender/text_search.h"
#include "puzzles/bender/walk_search.h"
#include "search/search_monitor.h"
#include "support/bender_files.h"
#include "support/bender_reference.h"

using namespace puzzlelab;
using namespace puzzlelab::bender;
using puzzlelab::testing::BenderReferee;
using namespace puzzlelab::testing::bender_files;

namespace {

// A 9x3 corridor: Bender at x=1, Fry at x=`fry`, then the switch lines.
std::string corridor(int fry, const std::vector<std::string>& switches = {},
                     const std::string& row = "#.......#") {
  std::string text = "9 3|#########|" + row + "|#########|1 1|" + std::to_string(fry) + " 1|" +
                     std::to_string(switches.size());
  for (const std::string& s : switches) text += "|" + s;
  return text;
}

std::string verdict(const std::string& map, const std::string& program) {
  return run_program(map_of(map), program).describe();
}

}  // namespace

TEST_CASE("bender: parse errors name the line, the column and what was expected", "[bender]") {
  auto error = [](const std::string& text) {
    auto map = parse_map(text);
    REQUIRE_FALSE(map.ok());
    return map.error();
  };
  CHECK(error("2 3").message.find("outside 3..64") != std::string::npos);
  CHECK(error("9 x").column == 3);
  const ParseError cell = error("9 3|#########|#..?....#|#########|1 1|3 1|0");
  CHECK(cell.line == 3);
  CHECK(cell.column == 4);
  CHECK(cell.message.find("unknown cell '?'") != std::string::npos);
  CHECK(error("9 3|#########|#.......#|1 1|3 1|0").message.find("row of 9") != std::string::npos);
  CHECK(error("9 3|#########|#........#|#########|1 1|3 1|0").line == 3);
  const ParseError outside = error(corridor(3, {"12 1 2 1 1"}));
  CHECK(outside.line == 8);
  CHECK(outside.message.find("outside the map") != std::string::npos);
  const ParseError missing =
      error("9 3|#########|#.......#|#########|1 1|3 1|2|2 1 3 1 1");  // says 2, gives 1
  CHECK(missing.message.find("switch 2") != std::string::npos);
  const ParseError extra = error("9 3|#########|#.......#|#########|1 1|3 1|1|2 1 3 1 1|4 1 5 1 0");
  CHECK(extra.line == 9);
  CHECK(extra.message.find("expected the end") != std::string::npos);
  CHECK(error("9 3|#########|#.......#|#########|0 1|3 1|0").message.find("wall") !=
        std::string::npos);
  CHECK(error(corridor(3, {"2 1 3 1 2"})).message.find("state") != std::string::npos);
}

TEST_CASE("bender: the public maps parse and format back to themselves", "[bender]") {
  for (int i = 1; i <= 30; ++i) {
    const std::string text = read_map(i);
    const Map map = map_of(text);
    CHECK(format_map(map) == text);
    CHECK(format_map(map_of(format_map(map))) == text);
  }
}

TEST_CASE("bender: the introduction titles are winning programs", "[bender]") {
  CHECK(verdict(read_data("map01.txt"), "1;DR1").substr(0, 3) == "WIN");
  CHECK(verdict(read_data("map02.txt"), "LRRRRRR").substr(0, 3) == "WIN");
  CHECK(verdict(read_data("map03.txt"), "UDRRRRR").substr(0, 3) == "WIN");
  CHECK(verdict(read_data("map04.txt"), "RRD") == "WIN in 3 steps");
  // "RR, no?": the second R pushes the ball onto Fry.
  CHECK(verdict(read_data("map05.txt"), "RR") == "Fry was squashed");
}

TEST_CASE("bender: a bump is a free no-op that still uses a step", "[bender]") {
  CHECK(verdict(corridor(3), "RR") == "WIN in 2 steps");
  CHECK(verdict(corridor(3), "LUDRR") == "WIN in 5 steps");
  CHECK(verdict(corridor(3), "UUUUUUUUUUUUUUUUUUUUURR") == "WIN in 23 steps");
}

TEST_CASE("bender: a call costs the call, its body and the return", "[bender]") {
  CHECK(verdict(corridor(3), "1;RR") == "WIN in 3 steps");
  CHECK(verdict(corridor(3), "11;R") == "WIN in 5 steps");  // call R return call R
  CHECK(verdict(corridor(3), "1R;R") == "WIN in 4 steps");  // call R return R
  CHECK(verdict(corridor(3), "21R;R;1") == "WIN in 7 steps");
  CHECK(verdict(corridor(3), "1RR;") == "Call to non-existing function 1");
  CHECK(verdict(corridor(3), "1RR;;R") == "WIN in 4 steps");  // an empty f1: 2 steps
}

TEST_CASE("bender: the win is declared one step after the arrival", "[bender]") {
  CHECK(verdict(corridor(3), "RR9") == "Call to non-existing function 9");
  CHECK(verdict(corridor(3), "RRX9") == "WIN in 2 steps");
  // The step after the arrival may walk into a live field: it is ignored.
  CHECK(verdict(corridor(3, {"6 1 4 1 1"}), "RRRR") == "WIN in 2 steps");
  // Introduction 3's corridor: running on past Fry is fine.
  CHECK(verdict(corridor(7), "RRRRRRRRRR") == "WIN in 6 steps");
  // The program may end right at Fry: main's return is the extra step.
  CHECK(verdict(corridor(2), "R") == "WIN in 1 steps");
  CHECK(verdict(corridor(3), "R") == "Invalid path");
}

TEST_CASE("bender: arriving after step 998 wins, after step 999 does not", "[bender]") {
  const std::string map = corridor(6);
  CHECK(verdict(map, std::string(993, 'X') + "RRRRR") == "WIN in 998 steps");
  CHECK(verdict(map, std::string(994, 'X') + "RRRRR") == "Fry not reached in 1000 turns");
  CHECK(verdict(map, "1;L1") == "Fry not reached in 1000 turns");
}

TEST_CASE("bender: semicolons split like Java: trailing empty functions vanish", "[bender]") {
  CHECK(split_functions("1;").size() == 1);
  CHECK(split_functions("1;;U").size() == 3);
  CHECK(split_functions("").size() == 1);
  CHECK(split_functions(";;").empty());
  CHECK(verdict(corridor(3), "1;") == "Call to non-existing function 1");
  CHECK(verdict(corridor(3), ";;") == "No main function: the program is only ';'");
  CHECK(verdict(corridor(2), "").find("Invalid path") == 0);
}

TEST_CASE("bender: an undefined call loses only when it runs", "[bender]") {
  CHECK(verdict(corridor(3), "RR;9") == "WIN in 2 steps");
  CHECK(verdict(corridor(3), "R2R;R") == "Call to non-existing function 2");
  CHECK(run_program(map_of(corridor(3)), "R2R;R").steps == 2);
}

TEST_CASE("bender: fields, switches and overlapping cells (doc section 4)", "[bender]") {
  // A live field in the way kills; its switch turns it off.
  CHECK(verdict(corridor(5, {"2 1 3 1 1"}), "RRRR") == "WIN in 4 steps");  // R enters the switch
  CHECK(verdict(corridor(5, {"4 1 3 1 1"}), "RRRR") == "Bender entered a magnetic field");
  // Re-entering a switch toggles it again; leaving does not.
  CHECK(verdict(corridor(5, {"2 1 3 1 1"}), "RLRRRR") == "Bender entered a magnetic field");
  CHECK(verdict(corridor(5, {"2 1 3 1 1"}), "RLRLRRRR") == "WIN in 8 steps");
  // Field of A, later switch of B on the same cell: A's field never kills there.
  CHECK(verdict(corridor(5, {"6 1 3 1 1", "3 1 6 1 0"}), "RRRR") == "WIN in 4 steps");
  // Switch of A, later field of B on it: A never toggles; the cell kills while B is on.
  CHECK(verdict(corridor(5, {"2 1 4 1 1", "6 1 2 1 0"}), "RRRR") ==
        "Bender entered a magnetic field");  // A stays on: its field at x=4 kills
  CHECK(verdict(corridor(5, {"2 1 6 1 0", "6 1 2 1 1"}), "R") == "Bender entered a magnetic field");
  // Two switches sharing a switch cell: only the later one toggles.
  CHECK(verdict(corridor(5, {"2 1 3 1 1", "2 1 4 1 0"}), "RR") ==
        "Bender entered a magnetic field");
  // A switch on its own field: OFF->ON kills, ON->OFF is survivable.
  CHECK(verdict(corridor(5, {"2 1 2 1 0"}), "R") == "Bender entered a magnetic field");
  CHECK(verdict(corridor(5, {"2 1 2 1 1"}), "RRRR") == "WIN in 4 steps");
  // Arriving on Fry under a live field loses: the field check comes first.
  CHECK(verdict(corridor(3, {"6 1 3 1 1"}), "RR") == "Bender entered a magnetic field");
}

TEST_CASE("bender: starting on a live field loses at once", "[bender]") {
  const Verdict v = run_program(map_of(corridor(3, {"5 1 1 1 1"})), "RR");
  CHECK(v.describe() == "Bender entered a magnetic field");
  CHECK(v.steps == 0);
  CHECK(verdict(corridor(3, {"5 1 1 1 0"}), "RR") == "WIN in 2 steps");
}

TEST_CASE("bender: balls toggle the switches they land on", "[bender]") {
  // Two rows; the ball starts at (2,1); Fry at (7,2); the switch's field at (5,2).
  auto two_rows = [](const std::string& sw) {
    return "9 4|#########|#.+.....#|#.......#|#########|1 1|7 2|1|" + sw;
  };
  // Pushed onto the switch at (3,1), the ball turns the field off.
  CHECK(verdict(two_rows("3 1 5 2 1"), "RDRRRRR") == "WIN in 7 steps");
  CHECK(verdict(two_rows("3 1 5 2 1"), "DRRRRRR") == "Bender entered a magnetic field");
  // Pushed on, Bender enters the switch: toggled twice, the field is on again.
  CHECK(verdict(two_rows("3 1 5 2 1"), "RRDRRRR") == "Bender entered a magnetic field");
  // Bender entering a switch under a ball toggles it once; the ball leaving
  // does not toggle it back.
  CHECK(verdict(two_rows("2 1 5 2 1"), "RDRRRRR") == "WIN in 7 steps");
  // A ball on a field does nothing to it.
  CHECK(verdict(two_rows("6 1 3 1 1"), "RDRRRRR") == "WIN in 7 steps");
  // A ball stuck against a wall: the bump moves nothing and toggles nothing.
  const std::string stuck = "9 3|#########|#+......#|#########|2 1|5 1|1|1 1 4 1 1";
  CHECK(verdict(stuck, "LRRR") == "Bender entered a magnetic field");
  CHECK(run_program(map_of(stuck), "LRRR").steps == 3);
}

TEST_CASE("bender: a ball pushed onto Fry squashes him", "[bender]") {
  CHECK(verdict(corridor(3, {}, "#.+.....#"), "R") == "Fry was squashed");
  CHECK(run_program(map_of(corridor(3, {}, "#.+.....#")), "R").steps == 1);
  CHECK(verdict(corridor(3, {}, "#..+....#"), "R") == "Fry was squashed");  // at turn 0
}

TEST_CASE("bender: the simulator agrees with an independent referee", "[bender][property]") {
  std::mt19937 rng(2026);
  auto pick = [&](int n) { return static_cast<int>(rng() % n); };
  int wins = 0;
  for (int trial = 0; trial < 3000; ++trial) {
    const int w = 4 + pick(5), h = 3 + pick(4);
    std::vector<std::string> rows(h, std::string(w, '#'));
    std::vector<std::pair<int, int>> floor;
    for (int y = 1; y < h - 1; ++y) {
      for (int x = 1; x < w - 1; ++x) {
        const int roll = pick(10);
        rows[y][x] = roll < 1 ? '#' : roll < 3 ? '+' : '.';
        if (rows[y][x] != '#') floor.emplace_back(x, y);
      }
    }
    std::vector<std::pair<int, int>> free_cells;
    for (auto [x, y] : floor) {
      if (rows[y][x] == '.') free_cells.emplace_back(x, y);
    }
    if (free_cells.size() < 2) continue;
    const auto start = free_cells[pick(static_cast<int>(free_cells.size()))];
    const auto fry = pick(4) == 0 ? floor[pick(static_cast<int>(floor.size()))]
                                  : free_cells[pick(static_cast<int>(free_cells.size()))];
    std::string text = std::to_string(w) + " " + std::to_string(h) + "\n";
    for (const std::string& row : rows) text += row + "\n";
    text += std::to_string(start.first) + " " + std::to_string(start.second) + "\n" +
            std::to_string(fry.first) + " " + std::to_string(fry.second) + "\n";
    const int switches = pick(5);
    text += std::to_string(switches) + "\n";
    for (int i = 0; i < switches; ++i) {  // any floor cell: overlaps happen
      const auto s = floor[pick(static_cast<int>(floor.size()))];
      const auto f = floor[pick(static_cast<int>(floor.size()))];
      text += std::to_string(s.first) + " " + std::to_string(s.second) + " " +
              std::to_string(f.first) + " " + std::to_string(f.second) + " " +
              std::to_string(pick(2)) + "\n";
    }
    static constexpr std::string_view kSymbols = "UDLRUDLRUDLR123;;;X0";
    std::string program;
    const int length = pick(24);
    for (int i = 0; i < length; ++i) program += kSymbols[pick(static_cast<int>(kSymbols.size()))];
    INFO(text << program);
    const Map map = map_of(text);
    const Verdict mine = run_program(map, program);
    const BenderReferee::Result theirs = BenderReferee(text).run(program);
    REQUIRE(mine.win == theirs.win);
    REQUIRE(mine.describe() ==
            (theirs.win ? "WIN in " + std::to_string(theirs.steps) + " steps" : theirs.reason));
    if (!mine.win) REQUIRE(mine.steps == theirs.steps);
    wins += mine.win;
  }
  CHECK(wins > 50);  // the sample is not all losses
}

TEST_CASE("bender: the walk search finds the fewest moves (against plain BFS)",
          "[bender][property]") {
  std::mt19937 rng(77);
  auto pick = [&](int n) { return static_cast<int>(rng() % n); };
  int reachable = 0;
  for (int trial = 0; trial < 150; ++trial) {
    const int w = 6 + pick(3), h = 5 + pick(3);
    std::string text = std::to_string(w) + " " + std::to_string(h) + "\n";
    std::vector<std::pair<int, int>> floor;
    std::vector<std::string> rows(h, std::string(w, '#'));
    for (int y = 1; y < h - 1; ++y) {
      for (int x = 1; x < w - 1; ++x) {
        const int roll = pick(10);
        rows[y][x] = roll < 2 ? '#' : roll < 3 ? '+' : '.';
        if (rows[y][x] == '.') floor.emplace_back(x, y);
      }
    }
    if (floor.size() < 4) continue;
    for (const std::string& row : rows) text += row + "\n";
    const auto start = floor[pick(static_cast<int>(floor.size()))];
    const auto fry = floor[pick(static_cast<int>(floor.size()))];
    text += std::to_string(start.first) + " " + std::to_string(start.second) + "\n" +
            std::to_string(fry.first) + " " + std::to_string(fry.second) + "\n";
    const int switches = pick(3);
    text += std::to_string(switches) + "\n";
    for (int i = 0; i < switches; ++i) {
      const auto s = floor[pick(static_cast<int>(floor.size()))];
      const auto f = floor[pick(static_cast<int>(floor.size()))];
      text += std::to_string(s.first) + " " + std::to_string(s.second) + " " +
              std::to_string(f.first) + " " + std::to_string(f.second) + " " +
              std::to_string(pick(2)) + "\n";
    }
    INFO(text);
    const Map map = map_of(text);
    BenderReferee referee(text);
    if (referee.dead()) continue;
    const int fewest = referee.fewest_moves(60);
    SolveOptions options;
    search::SearchMonitor monitor(options);
    const WalkResult found = shortest_walk(map, monitor, 1);
    if (fewest < 0) {
      CHECK(found.status == WalkStatus::unreachable);
      continue;
    }
    ++reachable;
    REQUIRE(found.status == WalkStatus::found);
    CHECK(static_cast<int>(found.walk.size()) == fewest);
    CHECK(run_program(map, found.walk).win);
  }
  CHECK(reachable > 50);
}

TEST_CASE("bender: the walk searches stop once their CPU-time deadline has passed", "[bender]") {
  CHECK_FALSE(Deadline{}.passed());  // none
  CHECK(Deadline::in(thread_cpu_clock(), -1).passed());
  const double before = thread_cpu_clock().now_ms();
  volatile double sink = 0;
  for (int i = 0; i < 2000000; ++i) sink = sink + i;  // the clock counts this thread's work
  CHECK(thread_cpu_clock().now_ms() > before);
  // Public map 9: a big state space (switches and balls), cut short at once.
  const Map map = map_of(read_data("map09.txt"));
  SolveOptions options;
  search::SearchMonitor monitor(options);
  const Deadline passed = Deadline::in(thread_cpu_clock(), -1);
  CHECK_FALSE(shortest_walks_graph(map, monitor, kMaxGraphStates, kLastArrival, passed));
  CHECK(shortest_walk(map, monitor, 1, /*pushes=*/true, kLastArrival, passed).status ==
        WalkStatus::stopped);
  CHECK_FALSE(monitor.stopped());  // the deadline stopped them, not the monitor
  // Without one, both finish.
  CHECK(shortest_walks_graph(map, monitor, kMaxGraphStates, kLastArrival));
  CHECK(shortest_walk(map, monitor, 1, /*pushes=*/false).status == WalkStatus::found);
}

TEST_CASE("bender: the solver's programs on the introduction maps win", "[bender]") {
  for (int i = 1; i <= 5; ++i) {
    INFO("public map " << i);
    auto game = bender::puzzle_info().parse(read_map(i));
    REQUIRE(game.ok());
    SolveOptions options;
    options.time_budget_ms = 200;  // small: the programs only have to be right
    const SolveResult result = game.value()->solve(options);
    REQUIRE(result.status == SolveStatus::solved);
    CHECK(result.cost == static_cast<int64_t>(result.answer.size()));
    CHECK(result.cost <= 12);  // "1;DR1", "LRRRRRR"... are published shorter still
    // Replayed by the independent referee, and its moves replay in the Game.
    const BenderReferee::Result replay = BenderReferee(read_map(i)).run(result.answer);
    CHECK(replay.win);
    auto played = game.value()->clone();
    for (const Move& move : result.moves) REQUIRE(played->apply(move.text).ok);
    CHECK(played->is_solved());
    CHECK(game.value()->check_answer(result.answer)->ok);
  }
}

// Every way of sharing the time (the settings docs/performance.md measures) must
// still return a program the independent referee sees win, keep the CPU
// budget (the anneal and the text search check it every few steps) and stop
// on a cancel.
TEST_CASE("bender: the solver's time-sharing settings all give winning programs", "[bender]") {
  SolverSettings fewer_starts, no_round_bests, more_text;
  fewer_starts.text_starts = 1;
  no_round_bests.round_bests = false;
  more_text.text_share = 0.6;
  more_text.portfolio = 2;
  const std::vector<SolverSettings> variants = {SolverSettings{}, fewer_starts, no_round_bests,
                                                more_text};
  for (const char* name : {"map06.txt", "map19.txt"}) {  // a maze; switches and balls
    const std::string text = read_data(name);
    const Map map = map_of(text);
    for (size_t v = 0; v < variants.size(); ++v) {
      INFO(name << " settings " << v);
      SolveOptions options;
      options.time_budget_ms = 150;
      const double before = thread_cpu_clock().now_ms();
      const SolveResult result = solve_map(map, options, variants[v]);
      CHECK(thread_cpu_clock().now_ms() - before < 150 * 3);  // the budget, not a multiple of it
      REQUIRE(result.status == SolveStatus::solved);
      CHECK(result.cost == static_cast<int64_t>(result.answer.size()));
      CHECK(BenderReferee(text).run(result.answer).win);
      std::atomic<bool> cancel{true};
      options.cancel = &cancel;
      options.time_budget_ms = 0;  // the default budget: only the cancel stops it soon
      const double at = thread_cpu_clock().now_ms();
      const SolveResult cancelled = solve_map(map, options, variants[v]);
      CHECK(thread_cpu_clock().now_ms() - at < kDefaultTimeMs / 3);
      if (cancelled.status == SolveStatus::solved) {  // a walk found before the first check
        CHECK(BenderReferee(text).run(cancelled.answer).win);
      } else {
        CHECK(cancelled.status == SolveStatus::cancelled);
      }
    }
  }
}

TEST_CASE("bender: the text search keeps only winning edits, never longer ones", "[bender]") {
  // Public map 4: "RRD" reaches Fry; whatever follows the arrival never
  // runs, so the padded program wins and every padding letter can go.
  const std::string text = read_data("map04.txt");
  const Map map = map_of(text);
  const std::string padded = "RRDLLUURRDD;RRR;UD";
  REQUIRE(run_program(map, padded).win);
  SolveOptions options;
  search::SearchMonitor monitor(options);
  // No time: the program comes back as it was.
  CHECK(shorten_program_text(map, padded, 1, monitor, Deadline::in(thread_cpu_clock(), -1)) ==
        padded);
  for (uint64_t seed = 1; seed <= 3; ++seed) {
    const std::string shorter =
        shorten_program_text(map, padded, seed, monitor, Deadline::in(thread_cpu_clock(), 200));
    INFO(shorter);
    CHECK(shorter.size() <= 3);  // no program under 3 characters wins here
    CHECK(BenderReferee(text).run(shorter).win);
  }
  // Without a deadline, a cancel stops it (within the monitor's checks).
  std::atomic<bool> cancel{true};
  options.cancel = &cancel;
  search::SearchMonitor cancelled(options);
  const std::string kept = shorten_program_text(map, padded, 1, cancelled, Deadline{});
  CHECK(cancelled.stopped());
  CHECK(kept.size() <= padded.size());
  CHECK(run_program(map, kept).win);
}

TEST_CASE("bender: the text search keeps no edit that lengthens the program", "[bender]") {
  // After Bender reaches Fry nothing more runs, so every program that starts
  // "RRD" wins on public map 4: an edit adding a letter would win too, and
  // would be kept if only the edits promised not to lengthen.
  const Map map = map_of(read_data("map04.txt"));
  SolveOptions options;
  search::SearchMonitor monitor(options);
  size_t longest = 0;
  const TextEdit lengthen = [&](const std::string& from, std::string& out) {
    longest = std::max(longest, from.size());
    out = from + "U";
    return true;
  };
  const std::string kept =
      shorten_program_text(map, "RRDL", lengthen, monitor, Deadline::in(thread_cpu_clock(), 20));
  CHECK(kept == "RRDL");
  CHECK(longest == 4);  // the edits only ever saw the start
}

TEST_CASE("bender: the text search returns on programs of more than 9 functions", "[bender]") {
  // Twenty empty functions: only digits 1-9 call, so the editor must count the
  // instructions itself; deleting the lone "R" once left only ';' to pick
  // from, and the pick never ended.
  const Map map = map_of(corridor(2));
  const std::string padded = "R" + std::string(20, ';');
  REQUIRE(run_program(map, padded).win);
  SolveOptions options;
  search::SearchMonitor monitor(options);
  for (uint64_t seed = 1; seed <= 3; ++seed) {
    const std::string shorter =
        shorten_program_text(map, padded, seed, monitor, Deadline::in(thread_cpu_clock(), 50));
    INFO(shorter);
    CHECK(shorter == "R");  // every ';' can go, and nothing shorter wins
  }
}

TEST_CASE("bender: the text search's structural edits", "[bender]") {
  // A repeated piece into a new function, an empty one, or the one whose
  // body it already is; never when the program would get longer.
  CHECK(extract_function("RRDRRDRRD", "RRD") == "111;RRD");
  CHECK(extract_function("ULULUL;;D", "UL") == "111;UL;D");
  CHECK(extract_function("URRDL;RD", "RD") == "UR1L;RD");
  CHECK(extract_function("RRDRRD;U", "RRD") == "22;U;RRD");
  CHECK_FALSE(extract_function("RRDRRD", "RD"));  // "R1R1;RD" is longer
  CHECK_FALSE(extract_function("RRDRRD", "RDU"));
  CHECK_FALSE(extract_function("RRDRRD", "R;"));
  CHECK_FALSE(extract_function("UDUDUD;1;2;3;4;5;6;7;8;9", "UD"));  // no function free
  // A function called once back into its caller, one never called removed,
  // the later ones renumbered; a recursive one or one called twice stays.
  CHECK(inline_function("U1D;LR", 1) == "ULRD");
  CHECK(inline_function("12;LR;D3;UU", 1) == "LR1;D2;UU");
  CHECK(inline_function("2;RR;UU", 1) == "1;UU");
  CHECK_FALSE(inline_function("1;DR1", 1));
  CHECK_FALSE(inline_function("11;DR", 1));
  CHECK_FALSE(inline_function("1;DR", 2));
}

TEST_CASE("bender: extracted and inlined functions keep programs winning", "[bender]") {
  // Both edits keep Bender's walk (calls and returns only add turns), so
  // every edit the editor accepts must still win in the independent referee:
  // each benchmarked program with its main moved into a new function that
  // main calls (inlined, it is the program again), and the pieces of their
  // walks, written out as programs without functions, extracted.
  std::istringstream lines(read_data("solutions.txt"));
  std::string name, program;
  int inlined = 0, extracted = 0;
  while (lines >> name >> program) {
    INFO(name << " " << program);
    const std::string text = read_data(name);
    const size_t main_end = std::min(program.find(';'), program.size());
    const auto functions = static_cast<int>(std::count(program.begin(), program.end(), ';'));
    const char call = static_cast<char>('1' + functions);
    if (functions < 9 && program.find(call) == std::string::npos) {
      const std::string wrapped =
          std::string(1, call) + program.substr(main_end) + ";" + program.substr(0, main_end);
      INFO(wrapped);
      CHECK(BenderReferee(text).run(wrapped).win);
      CHECK(inline_function(wrapped, functions + 1) == program);
      ++inlined;
    }
    std::string walk;
    REQUIRE(Simulator(map_of(text)).run(program, &walk).win);
    REQUIRE(BenderReferee(text).run(walk).win);
    std::set<std::string> pieces;
    for (size_t at = 0; at + 2 <= walk.size(); ++at) {
      for (size_t length = 2; length <= 6 && at + length <= walk.size(); ++length) {
        pieces.insert(walk.substr(at, length));
      }
    }
    for (const std::string& piece : pieces) {
      if (auto edited = extract_function(walk, piece)) {
        INFO(walk << " -> " << *edited);
        CHECK(edited->size() <= walk.size());
        CHECK(BenderReferee(text).run(*edited).win);
        ++extracted;
      }
    }
  }
  CHECK(inlined >= 25);
  CHECK(extracted >= 300);
}

TEST_CASE("bender: the Game plays moves by hand", "[bender]") {
  auto game = bender::puzzle_info().parse(corridor(4, {"3 1 2 1 1"}));
  REQUIRE(game.ok());
  CHECK(game.value()->legal_moves().empty());  // R walks into the live field
  CHECK(game.value()->apply("R").error == "Bender entered a magnetic field");
  const std::string before = game.value()->format();
  CHECK(game.value()->apply("U").ok);  // a bump: legal, nothing changes
  CHECK(game.value()->format() == before);
  CHECK_FALSE(game.value()->apply("X").ok);
  auto open = bender::puzzle_info().parse(corridor(3));
  REQUIRE(open.ok());
  CHECK(open.value()->apply("R").ok);
  CHECK_FALSE(open.value()->is_solved());
  CHECK(open.value()->apply("R").ok);
  CHECK(open.value()->is_solved());
  CHECK_FALSE(open.value()->apply("R").ok);
  CHECK(open.value()->check_answer("RR")->verdict == "WIN in 0 steps");  // already there
  const AnswerCheck check =
      *bender::puzzle_info().parse(corridor(3)).value()->check_answer("1;RR1");
  CHECK(check.ok);
  CHECK(check.cost == 5);
  CHECK(check.verdict == "WIN in 3 steps");
}

// solutions.txt holds the programs a `bench bender` run of the solver
// returned on the 30 public maps (10 s a map): each must still win, in the
// engine's simulator and in the independent referee.
TEST_CASE("bender: the solver's benchmarked programs on the public maps win", "[bender]") {
  std::istringstream lines(read_data("solutions.txt"));
  std::string name, program;
  int count = 0;
  int64_t total = 0;
  while (lines >> name >> program) {
    INFO(name << " " << program);
    const std::string text = read_data(name);
    CHECK(run_program(map_of(text), program).win);
    CHECK(BenderReferee(text).run(program).win);
    total += static_cast<int64_t>(program.size());
    ++count;
  }
  CHECK(count == 30);
  CHECK(total <= 1043);  // 35% under greedy compression of shortest walks (1,609)
}

TEST_CASE("bender: the bundled collection holds the 30 public maps with their titles",
          "[bender][assets]") {
  std::ifstream file(PUZZLELAB_ASSETS_DIR "/puzzles/bender.txt");
  std::stringstream text;
  text << file.rdbuf();
  auto entries = parse_collection(text.str());
  REQUIRE(entries.ok());
  REQUIRE(entries.value().size() == 30);
  CHECK(entries.value()[0].title == "Introduction 1");  // no answers in titles
  CHECK(entries.value()[29].title == "Testcase 25");
  for (size_t i = 0; i < entries.value().size(); ++i) {
    CHECK(format_map(map_of(entries.value()[i].board)) == read_map(static_cast<int>(i + 1)));
  }
}
