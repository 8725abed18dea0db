#include "puzzles/bender/bender.h"

#include <algorithm>
#include <cstdio>
#include <limits>

#include "core/bench_hook.h"
#include "core/text.h"
#include "page/search_in_worker.h"
#include "puzzles/bender/budget_clock.h"
#include "puzzles/bender/compressor.h"
#include "puzzles/bender/editor.h"
#include "puzzles/bender/simulator.h"
#include "puzzles/bender/solver.h"

namespace puzzlelab::bender {

BenderGame::BenderGame(Map map) : start_(map), map_(std::move(map)) {}

const PuzzleInfo& BenderGame::info() const {
  return puzzle_info();
}

std::string BenderGame::format() const {
  return format_map(map_);
}

std::vector<Move> BenderGame::legal_moves() const {
  std::vector<Move> moves;
  if (is_solved()) return moves;
  for (char letter : kDirectionLetters) {
    BenderGame copy = *this;
    const std::string before = copy.format();
    if (copy.apply(std::string(1, letter)) && copy.format() != before) {
      moves.push_back({std::string(1, letter), 1});
    }
  }
  return moves;
}

ApplyResult BenderGame::apply(std::string_view text) {
  if (text.size() != 1 || direction_of(text[0]) < 0) {
    return ApplyResult::failure("expected a move U, D, L or R, found '" +
                                puzzlelab::text::excerpt(text) + "'");
  }
  if (is_solved()) return ApplyResult::failure("Bender is already with Fry");
  if (static_cast<int>(walk_.size()) >= kLastArrival) {
    return ApplyResult::failure("the 998-step limit is reached");
  }
  World world;
  world.load(map_);
  if (move(map_, world, direction_of(text[0])) != Moved::blocked) {
    if (map_.kills(world.bender, world.fields_on)) {
      return ApplyResult::failure("Bender entered a magnetic field");
    }
    if (world.ball[map_.target]) return ApplyResult::failure("Fry was squashed");
    map_.bender = world.bender;
    map_.fields_on = world.fields_on;
    map_.balls.clear();
    for (int cell = 0; cell < map_.cell_count(); ++cell) {
      if (world.ball[cell]) map_.balls.push_back(static_cast<uint16_t>(cell));
    }
  }
  walk_ += text[0];  // a bump uses a step too
  return ApplyResult::success(1);
}

bool BenderGame::is_solved() const {
  return map_.bender == map_.target && !map_.kills(map_.bender, map_.fields_on) &&
         !map_.has_ball(map_.target);
}

std::unique_ptr<Game> BenderGame::clone() const {
  return std::make_unique<BenderGame>(*this);
}

SolveResult BenderGame::solve(const SolveOptions& options) const {
  if (!options.algorithm.empty() && options.algorithm != "anneal") {
    return SolveResult::invalid("unknown algorithm '" + options.algorithm + "': expected anneal");
  }
  if (!options.metric.empty() && options.metric != "length") {
    return SolveResult::invalid("unknown metric '" + options.metric + "': expected length");
  }
  return solve_map(map_, options);
}

SolveResult BenderGame::compute(std::string_view task, const SolveOptions& options) const {
  if (task != "compress")
    return SolveResult::invalid("unknown task '" + text::excerpt(task) + "': expected 'compress'");
#ifdef PUZZLELAB_PAGE_ENGINE
  // The browser page's copy of the engine runs no search: Compress's anneal
  // (compressor.cpp) is the solver worker's, and stays out of the page.
  (void)options;
  return SolveResult::invalid(kSearchesElsewhere);
#else
  std::string why;
  std::optional<StateGraph> graph = graph_of_hand_walk(start_, walk_, &why);
  if (!graph) return SolveResult::invalid("the walk does not win as a program: " + why);
  // The time budget is kept on budget_clock, as the solver's; the monitor
  // keeps the node and memory budgets and the cancel flag.
  const double budget_ms = options.time_budget_ms > 0 ? options.time_budget_ms : kCompressMs;
  SolveOptions untimed = options;
  untimed.time_budget_ms = 0;
  search::SearchMonitor monitor(untimed);
  Compressor compressor(start_, std::move(*graph), options.seed);
  const Clock& clock = budget_clock(options);
  compressor.run(monitor, clock, clock.now_ms() + budget_ms, std::numeric_limits<int>::max());
  SolveResult result;
  result.status = SolveStatus::solved;  // the walk itself, at worst
  result.answer = compressor.best_program();
  result.cost = compressor.best_length();
  result.stats = monitor.finish();
  return result;
#endif
}

std::string BenderGame::describe() const {
  const Map& m = map_;
  auto at = [&m](int cell) {
    return "column " + std::to_string(m.x_of(cell) + 1) + " row " +
           std::to_string(m.y_of(cell) + 1);
  };
  std::string text = std::to_string(m.width) + " by " + std::to_string(m.height) +
                     " maze, columns from the left and rows from the top. Bender at " +
                     at(m.bender) + ", Fry at " + at(m.target) + ".";
  for (int cell = 0; cell < m.cell_count(); ++cell) {
    if (m.toggles[cell] < 0) continue;
    const int s = m.toggles[cell];
    const bool on = (m.fields_on >> s) & 1;
    for (int field = 0; field < m.cell_count(); ++field) {
      if (m.field[field] != s) continue;
      text += " Switch at " + at(cell) + " controls the field at " + at(field) + ", now " +
              (on ? "on." : "off.");
    }
  }
  if (!m.balls.empty()) {
    text += " Balls at";
    for (size_t i = 0; i < m.balls.size(); ++i) text += (i ? ", " : " ") + at(m.balls[i]);
    text += ".";
  }
  return text + " " + text::amount(int64_t(walk_.size()), "turns") + " walked.";
}

std::optional<Counter> BenderGame::counter() const {
  return Counter{"turns", static_cast<int64_t>(walk_.size())};
}

std::optional<AnswerCheck> BenderGame::check_answer(std::string_view answer) const {
  const Verdict verdict = run_program(map_, answer);
  return AnswerCheck{verdict.win, static_cast<int64_t>(answer.size()), verdict.describe()};
}

BenchReport bench_maps(const std::vector<std::string>& texts, const SolveOptions& options) {
  BenchReport report;
  int64_t total = 0;
  double seconds = 0;
  char line[160];
  for (size_t i = 0; i < texts.size(); ++i) {
    auto map = parse_map(texts[i]);
    if (!map) {
      report.text += "map " + std::to_string(i + 1) + ": " + map.error().describe() + "\n";
      ++report.failures;
      continue;
    }
    const Clock& clock = budget_clock(options);  // CPU time, as the budget
    const double start = clock.now_ms();
    const SolveResult result = solve_map(map.value(), options);
    const double elapsed = (clock.now_ms() - start) / 1000;
    seconds += elapsed;
    const bool wins =
        result.status == SolveStatus::solved && run_program(map.value(), result.answer).win;
    if (!wins) {
      report.text += "map " + std::to_string(i + 1) + ": no winning program (" +
                     std::string(to_string(result.status)) + " " + result.message + ")\n";
      ++report.failures;
      continue;
    }
    total += result.cost;
    std::snprintf(line, sizeof line, "map %2zu: %4lld chars %7.2f s  %s\n", i + 1,
                  static_cast<long long>(result.cost), elapsed, result.answer.c_str());
    report.text += line;
  }
  std::snprintf(line, sizeof line, "bender: %zu maps, total %lld chars, %.2f s CPU, %zu failures\n",
                texts.size(), static_cast<long long>(total), seconds, report.failures);
  report.text += line;
  return report;
}

namespace {

Parsed<std::unique_ptr<Game>> parse_game(std::string_view text) {
  auto map = parse_map(text);
  if (!map) return map.error();
  return std::unique_ptr<Game>(std::make_unique<BenderGame>(std::move(map).value()));
}

// `puzzlelab bench bender FILE... [--time-ms N]`: a map per file, or one per
// line with its lines joined by '|'. An anytime search: one pass.
[[maybe_unused]] BenchReport bench_puzzles(const std::vector<std::string>& maps,
                                           const SolveOptions& options, int repeats) {
  (void)repeats;
  return bench_maps(maps, options);
}

}  // namespace

const PuzzleInfo& puzzle_info() {
  static const PuzzleInfo info{
      .id = "bender",
      .title = "Bender",
      .parse = &parse_game,
      .summary =
          "Write the shortest program (main;f1;...;f9, digits call functions) that walks "
          "Bender to Fry past the magnetic fields.",
      .unit = "characters",
      .algorithms = {{.name = "anneal",
                      .help = "Finds the shortest walks to Fry, then packs one into main and up "
                              "to 9 functions by annealing; keeps the shortest program found in "
                              "its time (3 s here).",
                      .label = "Shortest walk, then compress"}},
      .bench = PUZZLELAB_BENCH_HOOK(&bench_puzzles),
      .rules =
          {
              .text = "Walk Bender (B) to Fry (F), then write that walk as the shortest program "
                      "you can: the score is its length.\n"
                      "- A program is main;f1;...;f9. U D L R move Bender one cell, a digit calls "
                      "that function (recursion allowed): 1;DR1 repeats DR.\n"
                      "- Each switch controls the field of its colour. Stepping onto a switch (or "
                      "pushing a ball onto it) flips its field on or off. Never stand on a field "
                      "that is on.\n"
                      "- Walking into a ball pushes it one cell, unless a wall or a ball is behind "
                      "it. A ball pushed onto Fry squashes him.\n"
                      "Play with the arrows or swipes, then Compress your walk, or write a program "
                      "in the panel and Run it turn by turn.",
              .demo_board = "8 4\n########\n#......#\n#.######\n########\n1 1\n6 1\n1\n1 2 4 1 1\n",
              .demo = {{"",
                        "The field (bright, striped) is on: stepping on it would lose. Its switch "
                        "is the plate of the same colour, below Bender.",
                        {12, 17}},
                       {"D", "Bender steps onto the switch: the field turns off.", {12, 17}},
                       {"U", "Leaving a switch changes nothing.", {}},
                       {"R", "An off field is ordinary floor.", {}},
                       {"R", "", {}},
                       {"R", "", {}},
                       {"R", "", {}},
                       {"R",
                        "Bender is with Fry. As a program this walk is DURRRRR: 7 characters.",
                        {}}},
          },
      .format_example = "8 4\n########\n#......#\n#.######\n########\n1 1\n6 1\n1\n1 2 4 1 1\n",
      .format_help =
          "Width and height, the rows (# wall, + ball), Bender's and Fry's x y, the "
          "number of switches, then per switch: its x y, its field's x y, 1 if on.",
      .editor = &editor(),
      .hooks =
          {
              .answer_only = true,
              .solve_from_start = true,
              .play_unit = "turns",
              .view_keys = {"program"},  // #puzzle=bender&board=...&program=1;DR1
          },
  };
  return info;
}

}  // namespace puzzlelab::bender
