// puzzlelab compare: the rows against individual solves, the JSON over every
// bundled board, budgets per row, and the contradiction a wrong solver makes.
#include <catch2/catch.hpp>

#include <fstream>
#include <map>
#include <sstream>

#include "cli.h"
#include "core/collection.h"
#include "core/compare.h"
#include "core/json_reader.h"
#include "puzzles/puzzle_list.h"
#include "support/cli_run.h"
#include "support/puzzle_examples.h"
#include "support/rushhour_games.h"

using namespace puzzlelab;
using puzzlelab::testing::run_cli_with;

namespace {

using puzzlelab::testing::kHardestRushHour;

std::unique_ptr<Game> parse_board(std::string_view puzzle, std::string_view board) {
  for (const PuzzleInfo* info : all_puzzles()) {
    if (info->id == puzzle) return std::move(info->parse(board).value());
  }
  return nullptr;
}

// The array `puzzlelab compare --json` printed, each row's fields checked
// for their types as they are read.
Json compare_json(const std::vector<std::string>& args, int expected_code = cli::kOk) {
  const auto r = run_cli_with(args);
  INFO(r.err);
  REQUIRE(r.code == expected_code);
  auto json = parse_json(r.out);
  REQUIRE(json);
  REQUIRE(json.value().is_array());
  for (const Json& row : json.value()) {
    CHECK(row.at("algorithm").is_string());
    CHECK(row.at("metric").is_string());
    CHECK((row.at("cost").is_number_integer() || row.at("cost").is_null()));
    CHECK(row.at("optimal").is_boolean());
    CHECK(row.at("expanded").is_number_unsigned());
    CHECK(row.at("stored").is_number_unsigned());
    CHECK((row.at("peakBytes").is_number_unsigned() || row.at("peakBytes").is_null()));
    CHECK(row.at("ms").is_number());
    const std::string status = row.at("status");
    CHECK(
        (status == "solved" || status == "unsolvable" || status == "budget" || status == "error"));
    CHECK(row.at("cost").is_null() == (status != "solved"));
  }
  return std::move(json).value();
}

std::string read_text(const std::string& path) {
  std::ifstream file(path, std::ios::binary);
  std::stringstream text;
  text << file.rdbuf();
  return text.str();
}

}  // namespace

TEST_CASE("compare: each row is what the same solve gives alone", "[cli][compare]") {
  const auto game = parse_board("rushhour", kHardestRushHour);
  const auto rows = compare_algorithms(*game, SolveOptions{});
  REQUIRE(rows.size() == 8);  // 4 algorithms x (moves, steps)
  for (const CompareRow& row : rows) {
    INFO(row.algorithm << " " << row.metric);
    SolveOptions options;
    options.algorithm = row.algorithm;
    options.metric = row.metric;
    const SolveResult alone = game->solve(options);
    CHECK(row.status == CompareStatus::solved);
    CHECK(row.cost == alone.cost);
    CHECK(row.cost == (row.metric == "moves" ? 60 : 103));  // Fogleman's 60 moves
    CHECK(row.optimal == alone.optimal);
    CHECK(row.stats.expanded == alone.stats.expanded);
    CHECK(row.stats.peak_stored == alone.stats.peak_stored);
    CHECK(row.stats.layers == alone.stats.layers);
#if defined(__linux__)
    CHECK(row.peak_measured);  // the system says the row's peak resident memory
#endif
    // The row's own moves solve the board at its cost.
    const auto replay = game->clone();
    int64_t cost = 0;
    for (const Move& move : row.moves) {
      REQUIRE(replay->apply(move.text));
      cost += replay->cost_in(row.metric, move.text).value_or(move.cost);
    }
    CHECK(replay->is_solved());
    CHECK(cost == row.cost);
  }
  // And the CLI's JSON says the same, in the same order.
  const Json json = compare_json({"compare", "rushhour", kHardestRushHour, "--json"});
  REQUIRE(json.size() == rows.size());
  for (size_t i = 0; i < rows.size(); ++i) {
    CHECK(json[i].at("algorithm") == rows[i].algorithm);
    CHECK(json[i].at("metric") == rows[i].metric);
    CHECK(json[i].at("cost") == rows[i].cost);
    CHECK(json[i].at("expanded") == rows[i].stats.expanded);
  }
}

// States per layer in `--json`: each of the four searches is layered, its
// counts sum to its expanded states, and IDA*'s finished rounds never shrink.
TEST_CASE("compare and solve --json: states per layer, summing to the states expanded",
          "[cli][compare][layers]") {
  const Json json = compare_json({"compare", "rushhour", kHardestRushHour, "--json"});
  const std::map<std::string, std::string> layered_by = {
      {"bfs", "depth"}, {"astar", "f"}, {"idastar", "bound"}, {"dijkstra", "cost"}};
  for (const Json& row : json) {
    const std::string algorithm = row.at("algorithm");
    INFO(algorithm << " " << row.at("metric"));
    CHECK(row.at("layeredBy") == layered_by.at(algorithm));
    uint64_t sum = 0;
    std::vector<uint64_t> counts;
    for (const Json& layer : row.at("layers")) {
      CHECK(layer.at("layer").is_number_integer());
      CHECK_FALSE(layer.contains("last"));  // a hundred layers at most: none merged
      counts.push_back(layer.at("expanded"));
      sum += counts.back();
    }
    CHECK(sum == row.at("expanded"));
    if (algorithm != "idastar") continue;
    // A higher bound admits every state a lower one did; the final round
    // stops at the goal.
    for (size_t i = 1; i + 1 < counts.size(); ++i) CHECK(counts[i] >= counts[i - 1]);
  }
  // solve --json carries the same layers in its stats.
  const auto r = run_cli_with({"solve", "rushhour", "-", "--json"}, kHardestRushHour);
  REQUIRE(r.code == cli::kOk);
  const auto solved = parse_json(r.out);
  REQUIRE(solved);
  const Json& stats = solved.value().at("stats");
  CHECK(stats.at("layeredBy") == "depth");
  CHECK(stats.at("layers") == json[0].at("layers"));  // the first row: bfs, moves
  CHECK(stats.at("layers").size() > 50);              // a 60-move solution
}

TEST_CASE("compare: the table names the algorithms in words and marks the winners",
          "[cli][compare]") {
  const auto r = run_cli_with({"compare", "rushhour", kHardestRushHour});
  REQUIRE(r.code == cli::kOk);
  CHECK_THAT(r.out, Catch::StartsWith("algorithm "));
  CHECK_THAT(r.out, Catch::Contains("peak memory"));
  for (const Choice& algorithm : all_puzzles()[0]->algorithms) {
    CHECK_THAT(r.out, Catch::Contains(std::string(algorithm.shown())));
  }
  CHECK(std::count(r.out.begin(), r.out.end(), '\n') == 9);  // the header and 8 rows
  // One winner of each kind per metric (moves, steps): rows 1-4, then 5-8.
  std::istringstream lines(r.out);
  std::string line;
  std::getline(lines, line);  // the header
  std::map<std::string, int> fastest, least;
  while (std::getline(lines, line)) {
    const std::string metric = line.find(" moves ") != std::string::npos ? "moves" : "steps";
    fastest[metric] += line.find("fastest") != std::string::npos;
    least[metric] += line.find("least memory") != std::string::npos;
  }
  CHECK(fastest == std::map<std::string, int>{{"moves", 1}, {"steps", 1}});
  CHECK(least == std::map<std::string, int>{{"moves", 1}, {"steps", 1}});
}

TEST_CASE("compare: a node budget stops the row that needs more, not the others",
          "[cli][compare]") {
  // IDA* re-expands states each iteration: 3000 are far too few for it,
  // enough for the other three.
  const Json json =
      compare_json({"compare", "rushhour", kHardestRushHour, "--json", "--nodes", "3000"});
  REQUIRE(json.size() == 8);
  for (const Json& row : json) {
    INFO(row.dump());
    if (row.at("algorithm") == "idastar") {
      CHECK(row.at("status") == "budget");
      CHECK_THAT(row.at("why").get<std::string>(), Catch::Contains("node budget"));
      CHECK(row.at("expanded") == 3000);
    } else {
      CHECK(row.at("status") == "solved");
      CHECK(row.at("cost") == (row.at("metric") == "moves" ? 60 : 103));
    }
  }
  const auto table = run_cli_with({"compare", "rushhour", kHardestRushHour, "--nodes", "3000"});
  CHECK(table.code == cli::kOk);
  CHECK_THAT(table.out, Catch::Contains("gave up: node budget"));
}

TEST_CASE("compare: the optima agree across algorithms on every bundled board", "[cli][compare]") {
  // A small node budget keeps it quick: a row that runs out says "budget",
  // and the rows that finish must still agree (the exit code is not 4).
  // Under AddressSanitizer, every fifth rung of Rush Hour's ladder.
  for (const PuzzleInfo* info : all_puzzles()) {
    const auto entries = parse_collection(read_text(std::string(PUZZLELAB_ASSETS_DIR) +
                                                    "/puzzles/" + std::string(info->id) + ".txt"));
    REQUIRE(entries);
    REQUIRE(!entries.value().empty());
    for (const CollectionEntry& entry : entries.value()) {
      if (!testing::walked(entry)) continue;
      INFO(info->id << ": " << entry.title);
      const Json rows = compare_json(
          {"compare", std::string(info->id), entry.board, "--json", "--nodes", "20000"});
      CHECK(rows.size() == info->algorithms.size() * std::max<size_t>(1, info->metrics.size()));
      std::map<std::string, int64_t> optimum;  // metric -> the proven cost
      for (const Json& row : rows) {
        INFO(row.dump());
        CHECK(row.at("status") != "error");
        if (row.at("status") != "solved" || !row.at("optimal")) continue;
        const auto [known, fresh] = optimum.emplace(row.at("metric"), row.at("cost"));
        CHECK(known->second == row.at("cost").get<int64_t>());
      }
      // The collection's own cost (from outside: Fogleman's database, AoC)
      // is the default metric's optimum.
      const auto cost = entry.property("cost");
      const std::string metric = info->metrics.empty() ? "" : std::string(info->metrics[0].name);
      if (cost && optimum.count(metric)) CHECK(std::to_string(optimum[metric]) == *cost);
    }
  }
}

namespace {

// A puzzle of one position whose solvers' answers are scripted.
class Scripted : public Game {
 public:
  using Answer = SolveResult (*)(const SolveOptions&);
  Scripted(const PuzzleInfo& info, Answer answer) : info_(info), answer_(answer) {}
  const PuzzleInfo& info() const override { return info_; }
  std::string format() const override { return "x"; }
  std::vector<Move> legal_moves() const override { return {}; }
  ApplyResult apply(std::string_view) override { return ApplyResult::failure("no moves"); }
  bool is_solved() const override { return false; }
  std::unique_ptr<Game> clone() const override { return std::make_unique<Scripted>(*this); }
  SolveResult solve(const SolveOptions& options) const override { return answer_(options); }

 private:
  const PuzzleInfo& info_;
  Answer answer_;
};

Parsed<std::unique_ptr<Game>> scripted(const PuzzleInfo& info, Scripted::Answer answer) {
  return std::unique_ptr<Game>(std::make_unique<Scripted>(info, answer));
}

SolveResult optimum(int64_t cost) {
  SolveResult result;
  result.status = SolveStatus::solved;
  result.optimal = true;
  result.cost = cost;
  return result;
}

PuzzleInfo scripted_info(std::string_view id, decltype(PuzzleInfo::parse) parse,
                         std::vector<Choice> algorithms) {
  return PuzzleInfo{.id = id, .title = id, .parse = parse, .algorithms = std::move(algorithms)};
}

// A puzzle whose second algorithm is wrong: it claims a shorter optimum.
const PuzzleInfo& liar_info() {
  static const PuzzleInfo info =
      scripted_info("liar",
                    [](std::string_view) {
                      return scripted(liar_info(), [](const SolveOptions& options) {
                        return optimum(options.algorithm == "honest" ? 3 : 2);
                      });
                    },
                    {{"honest", "the right answer"}, {"buggy", "a wrong optimum"}});
  return info;
}

// Native only: the WebAssembly engine is built without exceptions (a worker
// that runs out of memory answers for the whole request), so the row's catch
// in core/compare.cpp is compiled out there.
#if !defined(__EMSCRIPTEN__)
// A puzzle whose second algorithm asks for more memory than the machine
// gives (std::bad_alloc, as under `ulimit -v`); the others solve.
const PuzzleInfo& glutton_info() {
  static const PuzzleInfo info =
      scripted_info("glutton",
                    [](std::string_view) {
                      return scripted(glutton_info(), [](const SolveOptions& options) {
                        if (options.algorithm == "greedy") throw std::bad_alloc();
                        return optimum(3);
                      });
                    },
                    {{"before", "solves"}, {"greedy", "runs out of memory"}, {"after", "solves"}});
  return info;
}
#endif

CompareRow row(std::string algorithm, CompareStatus status, int64_t cost, bool optimal,
               std::string metric = "moves") {
  CompareRow made;
  made.algorithm = std::move(algorithm);
  made.metric = std::move(metric);
  made.unit = made.metric;
  made.status = status;
  made.cost = cost;
  made.optimal = optimal;
  return made;
}

}  // namespace

TEST_CASE("compare: two rows that claim different optima exit 4, naming both", "[cli][compare]") {
  const auto r = run_cli_with({"compare", "liar", "x"}, "", {&liar_info()});
  CHECK(r.code == cli::kDisagree);
  CHECK(r.code == 4);
  CHECK_THAT(r.err, Catch::Contains("honest"));
  CHECK_THAT(r.err, Catch::Contains("buggy"));
  CHECK_THAT(r.out, Catch::Contains("honest"));  // the table is printed all the same
}

TEST_CASE("compare: find_contradiction judges the rows of each metric", "[compare]") {
  using S = CompareStatus;
  CHECK(!find_contradiction({}));
  CHECK(!find_contradiction({row("a", S::solved, 5, true), row("b", S::solved, 5, true),
                             row("c", S::solved, 7, false), row("d", S::budget, 0, false)}));
  // Another metric counts another thing.
  CHECK(!find_contradiction({row("a", S::solved, 5, true), row("a", S::solved, 9, true, "steps")}));

  const auto both = find_contradiction(
      {row("a", S::solved, 5, true), row("b", S::budget, 0, false), row("c", S::solved, 6, true)});
  REQUIRE(both);
  CHECK(both->first == 0);
  CHECK(both->second == 2);
  CHECK_THAT(both->message, Catch::Contains("a (moves) and c (moves)"));

  const auto below =
      find_contradiction({row("a", S::solved, 5, true), row("b", S::solved, 4, false)});
  REQUIRE(below);
  CHECK_THAT(below->message, Catch::Contains("below the optimum 5"));

  const auto none =
      find_contradiction({row("a", S::unsolvable, 0, false), row("b", S::solved, 4, false)});
  REQUIRE(none);
  CHECK_THAT(none->message, Catch::Contains("no solution"));
}

TEST_CASE("compare: mark_rows picks among solved rows only, and only among two or more",
          "[compare]") {
  using S = CompareStatus;
  std::vector<CompareRow> rows = {row("a", S::solved, 5, true), row("b", S::budget, 0, false),
                                  row("c", S::solved, 5, true)};
  for (CompareRow& each : rows) each.peak_measured = true;
  rows[0].ms = 9, rows[0].peak_bytes = 100;
  rows[1].ms = 1, rows[1].peak_bytes = 1;  // gave up: wins nothing
  rows[2].ms = 3, rows[2].peak_bytes = 200;
  const CompareMarks marks = mark_rows(rows);
  CHECK(marks.fastest == 2u);
  CHECK(marks.least_memory == 0u);
  rows.pop_back();
  CHECK(!mark_rows(rows).fastest);
}

TEST_CASE("compare: the winners are marked per metric, not across metrics", "[compare]") {
  using S = CompareStatus;
  std::vector<CompareRow> rows = {row("a", S::solved, 5, true), row("b", S::solved, 5, true),
                                  row("a", S::solved, 9, true), row("b", S::solved, 9, true)};
  rows[2].metric = rows[3].metric = "steps";
  for (CompareRow& each : rows) each.peak_measured = true;
  // The moves rows are faster and smaller than both steps rows.
  rows[0].ms = 1, rows[0].peak_bytes = 20;
  rows[1].ms = 2, rows[1].peak_bytes = 10;
  rows[2].ms = 40, rows[2].peak_bytes = 300;
  rows[3].ms = 30, rows[3].peak_bytes = 400;
  CHECK(marks_per_metric(rows) ==
        std::vector<std::string>{"fastest", "least memory", "least memory", "fastest"});
  rows[3].status = S::budget;  // one solved row of steps: nothing to win against
  CHECK(marks_per_metric(rows) == std::vector<std::string>{"fastest", "least memory", "", ""});
}

// Under `ulimit -v 500000` a 16x16 board's comparison exited 3 with no table
// (native only, as glutton_info above).
#if !defined(__EMSCRIPTEN__)
TEST_CASE("compare: a row that runs out of memory is marked, the other rows print",
          "[cli][compare]") {
  const auto r =
      run_cli_with({"compare", "glutton", "x", "--memory-mb", "64"}, "", {&glutton_info()});
  INFO(r.err);
  CHECK(r.code == cli::kOk);
  const auto lines = [&] {
    std::vector<std::string> all;
    std::istringstream stream(r.out);
    for (std::string line; std::getline(stream, line);) all.push_back(line);
    return all;
  }();
  REQUIRE(lines.size() == 4);  // the heading and three rows
  CHECK_THAT(lines[1], Catch::StartsWith("before") && Catch::Contains(" 3 "));
  CHECK_THAT(lines[2], Catch::StartsWith("greedy") && Catch::Contains("gave up: out of memory") &&
                           Catch::Contains("memory budget of 64 MiB"));
  CHECK_THAT(lines[3], Catch::StartsWith("after") && Catch::Contains(" 3 "));

  const auto printed = run_cli_with({"compare", "glutton", "x", "--json"}, "", {&glutton_info()});
  CHECK(printed.code == cli::kOk);
  const auto parsed = parse_json(printed.out);
  REQUIRE(parsed);
  const Json& json = parsed.value();
  REQUIRE(json.size() == 3);
  CHECK(json[1].at("status") == "budget");
  CHECK_THAT(json[1].at("why").get<std::string>(), Catch::Contains("out of memory"));
  CHECK(json[2].at("status") == "solved");
}
#endif
