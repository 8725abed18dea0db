#include "puzzles/amphipod/amphipod.h"

#include <algorithm>
#include <cstdint>
#include <cstdio>

#include "core/bench_hook.h"
#include "core/bench_totals.h"
#include "core/space.h"
#include "core/text.h"
#include "puzzles/amphipod/editor.h"
#include "puzzles/amphipod/solver.h"

namespace puzzlelab::amphipod {

namespace {

constexpr uint64_t kHintNodeBudget = 400'000;  // a hint is quick, or says "press Solve"

std::string kind_name(int8_t kind) {
  return std::string(1, kind_letter(kind));
}

std::string describe_step(const Step& step, int8_t kind) {
  const std::string who = kind_name(kind);
  if (!step.to.in_room) {
    return who + " leaves room " + kind_name(static_cast<int8_t>(step.from.room)) +
           " for hallway cell " + std::to_string(step.to.hall);
  }
  if (!step.from.in_room) {
    return who + " walks from hallway cell " + std::to_string(step.from.hall) + " into room " + who;
  }
  return who + " goes from room " + kind_name(static_cast<int8_t>(step.from.room)) +
         " straight into room " + who;
}

}  // namespace

std::string with_commas(int64_t value) {
  std::string digits = std::to_string(value < 0 ? -value : value);
  for (int i = static_cast<int>(digits.size()) - 3; i > 0; i -= 3) digits.insert(i, ",");
  return value < 0 ? "-" + digits : digits;
}

const PuzzleInfo& AmphipodGame::info() const {
  return puzzle_info();
}

std::string AmphipodGame::format() const {
  return format_burrow(burrow_);
}

std::vector<Move> AmphipodGame::legal_moves() const {
  std::vector<Move> moves;
  for (const Step& step : legal_steps(burrow_)) {
    moves.push_back({format_step(step), step_cost(burrow_, step)});
  }
  return moves;
}

ApplyResult AmphipodGame::apply(std::string_view move) {
  auto step = parse_step(burrow_, move);
  if (!step) return ApplyResult::failure(step.error().message);
  const std::string why = check_step(burrow_, step.value());
  if (!why.empty()) return ApplyResult::failure(std::string(text::trim(move)) + ": " + why);
  const int64_t cost = step_cost(burrow_, step.value());
  apply_step(burrow_, step.value());
  return ApplyResult::success(cost);
}

bool AmphipodGame::is_solved() const {
  return burrow_.is_solved();
}

std::unique_ptr<Game> AmphipodGame::clone() const {
  return std::make_unique<AmphipodGame>(*this);
}

namespace {

// The algorithm `options` name, or why they are wrong.
std::pair<Algorithm, std::string> chosen_algorithm(const SolveOptions& options) {
  if (!options.metric.empty() && options.metric != "energy") {
    return {Algorithm::astar,
            "unknown metric '" + options.metric + "': Amphipod counts energy only"};
  }
  const std::string& name = options.algorithm.empty() ? "astar" : options.algorithm;
  if (name != "astar" && name != "dijkstra") {
    return {Algorithm::astar, "unknown algorithm '" + name + "': expected astar or dijkstra"};
  }
  return {name == "astar" ? Algorithm::astar : Algorithm::dijkstra, ""};
}

// PuzzleHooks::trace.
SearchTrace trace_game(const Game& position, const SolveOptions& options, uint64_t limit) {
  SearchTrace trace;
  const auto* game = dynamic_cast<const AmphipodGame*>(&position);
  const auto [algorithm, error] = chosen_algorithm(options);
  if (!game || !error.empty()) {
    trace.message = game ? error : "not an Amphipod position";
    return trace;
  }
  trace = trace_burrow(game->burrow(), algorithm, options, limit);
  trace.algorithm = algorithm == Algorithm::astar ? "astar" : "dijkstra";
  trace.metric = "energy";
  trace.limit = limit;
  return trace;
}

}  // namespace

SolveResult AmphipodGame::solve(const SolveOptions& options) const {
  const auto [algorithm, error] = chosen_algorithm(options);
  if (!error.empty()) return SolveResult::invalid(error);
  return solve_burrow(burrow_, algorithm, options);
}

std::optional<Hint> AmphipodGame::hint(const SolveOptions& asked) const {
  if (is_solved()) return std::nullopt;
  const SolveOptions options =
      asked.for_quick_hint(kHintNodeBudget, SolveOptions::kQuickHintMemory);
  const SolveResult result = solve(options);
  Hint hint;
  hint.technique = "Next move";
  if (result.status == SolveStatus::unsolvable) {
    // The search's message starts "no solution: " itself.
    std::string why = result.message;
    if (why.starts_with("no solution: ")) why = why.substr(13);
    hint.status = SolveStatus::unsolvable;
    hint.explanation = "No solution from here: " + why + ".";
    return hint;
  }
  if (result.status != SolveStatus::solved || result.moves.empty()) {
    hint.status =
        result.status == SolveStatus::solved ? SolveStatus::budget_exceeded : result.status;
    hint.explanation = "No quick hint: this burrow needs a longer search (press Solve).";
    return hint;
  }
  const Step first = parse_step(burrow_, result.moves[0].text).value();
  hint.explanation = describe_step(first, burrow_.at(first.from)) + ": " +
                     with_commas(result.moves[0].cost) + " energy; " + with_commas(result.cost) +
                     " to go at best.";
  hint.moves = {result.moves[0].text};
  hint.cells = {burrow_.cell_number(first.from), burrow_.cell_number(first.to)};
  return hint;
}

std::string AmphipodGame::describe() const {
  const Burrow& b = burrow_;
  std::string text = std::to_string(b.rooms) + " rooms, " + std::to_string(b.depth) +
                     " deep; hallway cells 0 to " + std::to_string(b.hall_size() - 1) +
                     " from the left. Hallway:";
  bool any = false;
  for (int cell = 0; cell < b.hall_size(); ++cell) {
    const int8_t kind = b.at(Place{false, 0, 0, cell});
    if (kind == kEmpty) continue;
    text += std::string(any ? "," : "") + " " + kind_name(kind) + " on " + std::to_string(cell);
    any = true;
  }
  if (!any) text += " empty";
  text += ".";
  for (int room = 0; room < b.rooms; ++room) {
    text += " Room " + kind_name(static_cast<int8_t>(room)) + " from the top:";
    for (int depth = 0; depth < b.depth; ++depth) {
      const int8_t kind = b.at(Place{true, room, depth, 0});
      text += " " + (kind == kEmpty ? std::string("empty") : kind_name(kind));
    }
    text += ".";
  }
  return text;
}

namespace {

Parsed<std::unique_ptr<Game>> parse_game(std::string_view text) {
  auto burrow = parse_burrow(text);
  if (!burrow) return burrow.error();
  return std::unique_ptr<Game>(std::make_unique<AmphipodGame>(burrow.value()));
}

struct BenchLine {
  std::string label;
  int64_t stated = -1;
  int64_t energy = -1;
  uint64_t expanded = 0, generated = 0;
  // CPU time (core/bench_totals.h); wall time of the same pass beside it.
  double ms = -1;  // the fastest pass
  double wall_ms = -1;
  double first_ms = -1;  // the first pass, with a workspace of its own (as a one-off solve)
  bool failed = false;
};

// A leading number on a one-line burrow is its stated energy.
int64_t stated_energy(std::string_view line) {
  const auto words = text::split_words(line, 3);
  if (words.size() != 2) return -1;
  int64_t value = 0;
  for (char c : words[0].text) {
    if (c < '0' || c > '9') return -1;
    value = value * 10 + (c - '0');
  }
  return value;
}

void bench_once(const Burrow& burrow, BenchLine& line, SolverWorkspace* workspace) {
  BenchTotals timed;
  const BenchClock clock;
  const SolveResult result = solve_burrow(burrow, Algorithm::astar, SolveOptions{}, workspace);
  clock.add_to(timed);
  const double ms = 1000 * timed.seconds;
  if (line.first_ms < 0) line.first_ms = ms;
  if (line.ms < 0 || ms < line.ms) {
    line.ms = ms;
    line.wall_ms = 1000 * timed.wall_seconds;
  }
  line.expanded = result.stats.expanded;
  line.generated = result.stats.generated;
  line.energy = result.status == SolveStatus::solved ? result.cost : -1;
}

// Every line one burrow ("12521 BCBD/ADCA"): energy, fastest time of
// `repeats`, expanded states; stated energies are checked. The first pass
// of a line solves as a one-off solve does (fresh memory, whatever the
// allocator gives); the others reuse one workspace, so the fastest is the
// solver's work, not the allocator's.
[[maybe_unused]] BenchReport bench_lines(const std::vector<std::string>& lines, const SolveOptions&,
                                         int repeats) {
  BenchReport report;
  SolverWorkspace workspace;
  std::vector<BenchLine> results;
  double total_ms = 0, total_wall_ms = 0;
  uint64_t total_expanded = 0;
  for (const std::string& text : lines) {
    BenchLine line;
    line.stated = stated_energy(text);
    auto burrow = parse_burrow(text);
    if (!burrow) {
      report.text += "  cannot read '" + puzzlelab::text::excerpt(text) +
                     "': " + burrow.error().describe() + "\n";
      ++report.failures;
      continue;
    }
    const Burrow& b = burrow.value();
    line.label = std::to_string(b.rooms) + "x" + std::to_string(b.depth) + " " + format_one_line(b);
    for (int pass = 0; pass < std::max(repeats, 1); ++pass) {
      bench_once(b, line, pass == 0 ? nullptr : &workspace);
    }
    line.failed = line.stated >= 0 && line.stated != line.energy;
    if (line.failed) ++report.failures;
    total_ms += line.ms;
    total_wall_ms += line.wall_ms;
    total_expanded += line.expanded;
    char first[40] = "";
    if (repeats > 1) std::snprintf(first, sizeof first, " (first %.3f)", line.first_ms);
    char buffer[360];
    std::snprintf(buffer, sizeof buffer, "  %-40s energy %9s  %9.3f ms CPU%s  %8llu expanded%s\n",
                  line.label.c_str(), line.energy < 0 ? "none" : with_commas(line.energy).c_str(),
                  line.ms, first, static_cast<unsigned long long>(line.expanded),
                  line.failed ? ("  MISMATCH: stated " + with_commas(line.stated)).c_str() : "");
    report.text += buffer;
  }
  char buffer[200];
  std::snprintf(buffer, sizeof buffer,
                "amphipod: %zu burrows in %.3f ms CPU, %.3f ms wall (fastest of %d each), %llu "
                "states expanded, %zu failures\n",
                lines.size() - report.failures, total_ms, total_wall_ms, std::max(repeats, 1),
                static_cast<unsigned long long>(total_expanded), report.failures);
  report.text += buffer;
  return report;
}

}  // namespace

const PuzzleInfo& puzzle_info() {
  static const PuzzleInfo info{
      .id = "amphipod",
      .title = "Amphipod",
      .parse = &parse_game,
      .summary =
          "Sort the amphipods into their rooms through the hallway with the least energy "
          "(A 1, B 10, C 100, D 1000 a step).",
      .unit = "energy",
      .algorithms = {{.name = "astar",
                      .help = "Least energy first, guided by a lower bound on the energy still "
                              "needed: optimal, and the fastest here.",
                      .label = "A* search"},
                     {.name = "dijkstra",
                      .help = "Least energy first with no guide: optimal, but looks at many more "
                              "positions than A*.",
                      .label = "Dijkstra (uniform cost)"}},
      .bench = PUZZLELAB_BENCH_HOOK(&bench_lines),
      .rules =
          {
              .text =
                  "Bring every amphipod home (A's to the first room, B's to the second...) "
                  "with the least energy. A step costs A 1, B 10, C 100, D 1000.\n"
                  "- Never stop on a doorway, the hallway cell right above a room (marked). "
                  "Walking through is fine.\n"
                  "- Enter only your own room, and only when no stranger is inside.\n"
                  "- Once parked in the hallway, stay there until you can walk straight home.\n"
                  "Drag an amphipod to a lit cell (the cost shows there), or pick it with Tab or "
                  "its letter, choose a cell with the arrows and press Enter.",
              .demo_board = "BA/AB",
              .demo =
                  {{"",
                    "Each room holds a stranger on top of one of its own kind. The doorways are "
                    "the marked hallway cells right above the rooms.",
                    {}},
                   {"B1-h1",
                    "A leaves room B. It walks over room A's doorway but may not stop there, so "
                    "it parks on the cell beyond: 4 steps, 4 energy.",
                    {}},
                   {"A1-B1",
                    "B goes straight from room A into room B, where only a B is: 4 steps, 40 "
                    "energy.",
                    {}},
                   {"h1-A1",
                    "A walks home from its parking cell: 2 steps, 2 energy. All home with 46, "
                    "the least possible.",
                    {}}},
          },
      .format_example = "#############\n#...........#\n###B#C#B#D###\n  #A#D#C#A#\n  #########\n",
      .format_help =
          "Advent of Code's diagram: the hallway, then one line per room depth, an "
          "amphipod's letter in each room (2 to 8 rooms).",
      .editor = &editor(),
      .has_hints = true,
      .hooks =
          {
              .text_options =
                  {{"unfold",
                    "Part 2: insert the lines #D#C#B#A# and #D#B#A#C# under the first room "
                    "line (4 rooms; an already unfolded burrow gets 6 deep)",
                    &unfold_text, "Part 2 (unfold)"}},
              .space = &space_by_moves,
              .trace = &trace_game,
          },
  };
  return info;
}

}  // namespace puzzlelab::amphipod
