// The Rush Hour enumerator (engine/puzzles/rushhour/enumerate/) against
// Michael Fogleman's own enumerator: its lines and counts, as his program
// printed them, are in tests/data/rushhour/enumerate/ (each file's header
// says how it was made). Every printed puzzle is also re-solved by the
// ordinary solver and its cluster measured by the generator's analysis (an
// independent state model), and shards are checked to add up to the whole.
#include <catch2/catch.hpp>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <fstream>
#include <numeric>
#include <set>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "puzzles/rushhour/enumerate/arrangements.h"
#include "puzzles/rushhour/enumerate/cluster.h"
#include "puzzles/rushhour/enumerate/pack.h"
#include "puzzles/rushhour/enumerate/run.h"
#include "puzzles/rushhour/enumerate/summary.h"
#include "puzzles/rushhour/fast_solver.h"
#include "puzzles/rushhour/rushhour.h"
#include "support/sanitizer.h"

using namespace puzzlelab;
namespace enumerate = puzzlelab::rushhour::enumerate;

namespace {

struct Enumerated {
  enumerate::RunOutcome outcome;
  std::string text;  // the puzzle lines, in the order written
};

Enumerated run_enumerate(int size, int walls, uint64_t shard = 1, uint64_t shards = 1,
                         int threads = 1, uint64_t node_budget = 0,
                         const std::atomic<bool>* cancel = nullptr) {
  enumerate::RunRequest request;
  request.size = size;
  request.max_walls = walls;
  request.shard = shard;
  request.shards = shards;
  request.threads = threads;
  request.node_budget = node_budget;
  request.cancel = cancel;
  Enumerated result;
  result.outcome =
      enumerate::run_enumeration(request, [&](std::string_view lines) { result.text += lines; });
  return result;
}

std::vector<std::string> puzzle_lines(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream stream(text);
  for (std::string line; std::getline(stream, line);) {
    if (!line.empty() && line[0] != '#') lines.push_back(line);
  }
  return lines;
}

std::vector<std::string> sorted(std::vector<std::string> lines) {
  std::sort(lines.begin(), lines.end());
  return lines;
}

// A file of Fogleman's output: his lines, and his closing counts from the
// header ("#   1150 inp 880 can 493 slv 32 min").
struct Reference {
  std::vector<std::string> lines;
  uint64_t boards = 0, canonical = 0, solvable = 0, minimal = 0;
};

Reference read_reference(const std::string& name) {
  std::ifstream file(std::string(PUZZLELAB_TEST_DATA_DIR) + "/rushhour/enumerate/" + name);
  REQUIRE(file);
  Reference reference;
  for (std::string line; std::getline(file, line);) {
    if (line.rfind("#   ", 0) == 0 && line.find(" inp ") != std::string::npos) {
      std::istringstream counts(line.substr(1));
      std::string inp, can, slv, min;
      counts >> reference.boards >> inp >> reference.canonical >> can >> reference.solvable >>
          slv >> reference.minimal >> min;
      REQUIRE(min == "min");
    } else if (!line.empty() && line[0] != '#') {
      reference.lines.push_back(line);
    }
  }
  REQUIRE(reference.minimal > 0);
  return reference;
}

void check_counts(const enumerate::Totals& totals, const Reference& reference) {
  CHECK(totals.boards == reference.boards);
  CHECK(totals.canonical == reference.canonical);
  CHECK(totals.solvable == reference.solvable);
  CHECK(totals.minimal == reference.minimal);
}

// A line's fields: "MOVES BOARD CLUSTER_SIZE D0,D1,...".
struct Line {
  int moves = -1;
  std::string board;
  uint64_t cluster = 0;
  std::vector<uint64_t> distances;
};

Line parse_line(const std::string& text) {
  Line line;
  std::istringstream fields(text);
  std::string moves, counts;
  fields >> moves >> line.board >> line.cluster >> counts;
  REQUIRE(moves.size() >= 2);
  line.moves = std::stoi(moves);
  std::istringstream each(counts);
  for (std::string count; std::getline(each, count, ',');)
    line.distances.push_back(std::stoull(count));
  return line;
}

// The ordinary solver and the generator's cluster analysis agree with the
// line: its moves, its cluster's size, its farthest distance; and the
// counts by distance add up to the cluster.
void check_with_solver(const std::string& text) {
  INFO(text);
  const Line line = parse_line(text);
  REQUIRE(line.distances.size() == static_cast<size_t>(line.moves) + 1);
  CHECK(std::accumulate(line.distances.begin(), line.distances.end(), uint64_t{0}) == line.cluster);
  auto game = rushhour::puzzle_info().parse(line.board);
  REQUIRE(game.ok());
  const SolveResult solved = game.value()->solve({});
  REQUIRE(solved.status == SolveStatus::solved);
  CHECK(solved.cost == line.moves);
  const auto& rush = static_cast<const rushhour::RushHourGame&>(*game.value());
  const rushhour::ClusterReport cluster =
      rushhour::analyse_cluster(rush.layout(), rush.positions(), SolveOptions{});
  REQUIRE(cluster.status == SolveStatus::solved);
  CHECK(cluster.size == line.cluster);
  CHECK(cluster.farthest_moves == line.moves);
  CHECK(cluster.farthest_count == line.distances.back());
}

}  // namespace

TEST_CASE("Rush Hour enumeration, 4x4: every line and count of Fogleman's enumerator",
          "[rushhour][enumerate]") {
  const Reference reference = read_reference("fogleman-4x4.txt");
  const Enumerated whole = run_enumerate(4, 0);
  REQUIRE(whole.outcome.status == SolveStatus::solved);
  check_counts(whole.outcome.totals, reference);
  CHECK(sorted(puzzle_lines(whole.text)) == reference.lines);
  for (const std::string& line : puzzle_lines(whole.text)) check_with_solver(line);

  // Five blocks of 256 boards in three shards: together, the whole run.
  std::vector<std::string> shards;
  enumerate::Totals added;
  for (uint64_t shard = 1; shard <= 3; ++shard) {
    const Enumerated part = run_enumerate(4, 0, shard, 3);
    REQUIRE(part.outcome.status == SolveStatus::solved);
    const auto lines = puzzle_lines(part.text);
    shards.insert(shards.end(), lines.begin(), lines.end());
    added.add(part.outcome.totals);
  }
  CHECK(sorted(shards) == reference.lines);
  check_counts(added, reference);
}

TEST_CASE("Rush Hour enumeration, 5x5: Fogleman's counts and lines, the solver's moves, shards",
          "[rushhour][enumerate]") {
  const Reference reference = read_reference("fogleman-5x5-sample.txt");
  const Enumerated whole = run_enumerate(5, 0, 1, 1, 2);
  REQUIRE(whole.outcome.status == SolveStatus::solved);
  check_counts(whole.outcome.totals, reference);
  const std::vector<std::string> lines = sorted(puzzle_lines(whole.text));
  for (const std::string& line : reference.lines) {
    INFO(line);
    CHECK(std::binary_search(lines.begin(), lines.end(), line));
  }
  for (const std::string& line : lines) check_with_solver(line);
  // The histogram counts the lines.
  const enumerate::Totals& totals = whole.outcome.totals;
  for (size_t moves = 0; moves < totals.by_moves.size(); ++moves) {
    const auto with = std::count_if(lines.begin(), lines.end(), [&](const std::string& line) {
      return parse_line(line).moves == static_cast<int>(moves);
    });
    CHECK(static_cast<uint64_t>(with) == totals.by_moves[moves]);
  }

  // Four shards, one of them on two threads: the same lines in all, and the
  // same order within a shard whatever the threads.
  std::vector<std::string> shards;
  for (uint64_t shard = 1; shard <= 4; ++shard) {
    const Enumerated part = run_enumerate(5, 0, shard, 4, shard == 2 ? 2 : 1);
    REQUIRE(part.outcome.status == SolveStatus::solved);
    CHECK(part.outcome.blocks_done == part.outcome.blocks_total);
    const auto part_lines = puzzle_lines(part.text);
    shards.insert(shards.end(), part_lines.begin(), part_lines.end());
    if (shard == 2) CHECK(puzzle_lines(run_enumerate(5, 0, 2, 4, 1).text) == part_lines);
  }
  CHECK(sorted(shards) == lines);
}

TEST_CASE("Rush Hour enumeration, 5x5 with a wall: one shard equal to his on the same boards",
          "[rushhour][enumerate]") {
  const Reference reference = read_reference("fogleman-5x5-walls1-shard1of16.txt");
  const Enumerated part = run_enumerate(5, 1, 1, 16);
  REQUIRE(part.outcome.status == SolveStatus::solved);
  check_counts(part.outcome.totals, reference);
  CHECK(sorted(puzzle_lines(part.text)) == reference.lines);
  // A wall is a piece: lettered in its place, written 'x'.
  const auto walled =
      std::find_if(reference.lines.begin(), reference.lines.end(),
                   [](const std::string& line) { return line.find('x') != line.npos; });
  REQUIRE(walled != reference.lines.end());
  check_with_solver(*walled);
}

TEST_CASE("Rush Hour enumeration: budgets and cancel stop between boards, with the blocks done",
          "[rushhour][enumerate]") {
  const std::vector<std::string> all = sorted(puzzle_lines(run_enumerate(5, 0).text));
  const Enumerated stopped = run_enumerate(5, 0, 1, 1, 2, 200'000);
  CHECK(stopped.outcome.status == SolveStatus::budget_exceeded);
  CHECK(stopped.outcome.blocks_done < stopped.outcome.blocks_total);
  // What it printed is the whole run's, and its counts count what it printed.
  const auto lines = puzzle_lines(stopped.text);
  CHECK(lines.size() == stopped.outcome.totals.minimal);
  for (const std::string& line : lines) CHECK(std::binary_search(all.begin(), all.end(), line));

  std::atomic<bool> cancel{true};
  const Enumerated cancelled = run_enumerate(5, 0, 1, 1, 1, 0, &cancel);
  CHECK(cancelled.outcome.status == SolveStatus::cancelled);
  CHECK(cancelled.outcome.totals.boards <= 2 * enumerate::kBlockSize);

  enumerate::RunRequest bad;
  bad.size = 8;
  CHECK(enumerate::run_enumeration(bad, [](std::string_view) {}).status == SolveStatus::invalid);
  bad.size = 4;
  bad.shard = 4;
  bad.shards = 3;
  CHECK(enumerate::run_enumeration(bad, [](std::string_view) {}).status == SolveStatus::invalid);
}

#if !defined(__EMSCRIPTEN__) || defined(__EMSCRIPTEN_PTHREADS__)
// Counting a 7x7 board's boards took minutes and saw neither budgets nor
// cancel: a cancelled run went on for more than 90 s.
TEST_CASE("Rush Hour enumeration: cancel stops a 7x7 run within a second, while it counts",
          "[rushhour][enumerate]") {
  std::atomic<bool> cancel{false};
  std::chrono::steady_clock::time_point cancelled_at;
  std::thread canceller([&] {
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
    cancelled_at = std::chrono::steady_clock::now();
    cancel = true;
  });
  const Enumerated stopped = run_enumerate(7, 0, 1, 1, 2, 0, &cancel);
  const auto returned = std::chrono::steady_clock::now();
  canceller.join();
  CHECK(stopped.outcome.status == SolveStatus::cancelled);
  CHECK(std::chrono::duration<double>(returned - cancelled_at).count() < 2.0);
  CHECK(stopped.text.empty());
}
#endif

TEST_CASE("Rush Hour enumeration: the walks over boards and clusters ask whether to go on",
          "[rushhour][enumerate]") {
  // Counting: asked every kChoicesBetweenChecks choices of rows.
  int asked = 0;
  const enumerate::Arrangements stopped(6, 0, [&] { return ++asked < 3; });
  CHECK(!stopped.counted());
  CHECK(asked == 3);
  const enumerate::Arrangements boards(5, 0, [] { return true; });
  REQUIRE(boards.counted());
  CHECK(boards.count() == enumerate::count_boards(5, 0));

  // A walk over the choices of rows stops when told, between choices too.
  uint64_t choices = 0;
  asked = 0;
  boards.for_each_row_choice([&](const enumerate::RowChoice&) { return ++choices < 1'000'000; },
                             nullptr, [&] { return ++asked < 2; });
  CHECK(asked == 2);
  CHECK(choices <= 2 * enumerate::kChoicesBetweenChecks);

  // A cluster's searches: asked every 4096 expansions (cumulative), and the
  // first "no" stops the analysis there, whatever the board.
  enumerate::ClusterAnalyser analyser;
  enumerate::Arrangement board;
  enumerate::ClusterFacts facts;
  bool interrupted = false;
  boards.for_each_row_choice([&](const enumerate::RowChoice& choice) {
    for (uint64_t number = choice.first; number < choice.first + choice.count; ++number) {
      boards.board(choice, number, board);
      if (!analyser.analyse(board, 5, facts, [] { return false; })) {
        interrupted = true;
        return false;
      }
    }
    return true;
  });
  REQUIRE(interrupted);
  CHECK(analyser.stopped());
  CHECK(analyser.expanded() == 4096);
}

// The command line's progress goes to std::cerr, which flushes std::cout (its
// tie) where the lines go: a report during a write repeated a block's lines.
TEST_CASE("Rush Hour enumeration: progress is never reported during a write",
          "[rushhour][enumerate]") {
  enumerate::RunRequest request;
  request.size = 5;
  request.shard = 1;
  request.shards = 4;
  request.threads = 2;
  std::atomic<bool> inside{false};
  std::atomic<int> overlaps{0}, reports{0};
  auto enter = [&] {
    if (inside.exchange(true)) ++overlaps;
    std::this_thread::sleep_for(std::chrono::microseconds(200));  // a slow stream
    inside = false;
  };
  std::string text;
  const enumerate::RunOutcome outcome = enumerate::run_enumeration(
      request,
      [&](std::string_view lines) {
        enter();
        text += lines;
      },
      [&](const enumerate::RunProgress&) {
        ++reports;
        enter();
      },
      0);
  REQUIRE(outcome.status == SolveStatus::solved);
  CHECK(reports > 0);
  CHECK(overlaps == 0);
  CHECK(puzzle_lines(text).size() == outcome.totals.minimal);
}

TEST_CASE("Rush Hour enumeration summaries: read back, merged, and refused when a shard is wrong",
          "[rushhour][enumerate]") {
  std::vector<enumerate::ReadSummary> shards;
  std::vector<std::string> names;
  enumerate::Totals added;
  for (uint64_t shard = 1; shard <= 3; ++shard) {
    const Enumerated part = run_enumerate(4, 0, shard, 3);
    enumerate::Summary summary;
    summary.size = 4;
    summary.shard = shard;
    summary.shards = 3;
    summary.blocks_done = part.outcome.blocks_done;
    summary.blocks_total = part.outcome.blocks_total;
    summary.complete = true;
    summary.totals = part.outcome.totals;
    summary.threads = 1;
    const auto read = enumerate::read_summary(part.text + enumerate::format_summary(summary));
    REQUIRE(read.ok());
    CHECK(read.value().summary.totals.minimal == part.outcome.totals.minimal);
    CHECK(read.value().puzzle_lines == part.outcome.totals.minimal);
    shards.push_back(read.value());
    names.push_back("shard" + std::to_string(shard));
    added.add(part.outcome.totals);
  }
  const auto merged = enumerate::merge_summaries(shards, names);
  REQUIRE(merged.ok());
  CHECK(merged.value().totals.boards == 1150);
  CHECK(merged.value().totals.minimal == 32);
  CHECK(merged.value().totals.by_moves == added.by_moves);
  CHECK_THAT(enumerate::format_summary(merged.value()),
             Catch::StartsWith("# enumerate rushhour size 4 walls 0 shards 3/3 blocks 5/5 merged\n"
                               "# boards 1150\n# canonical 880\n# solvable 493\n# minimal 32\n"));

  auto without = shards;
  without.pop_back();
  CHECK_THAT(enumerate::merge_summaries(without, names).error().message,
             Catch::Contains("shards missing (of 3): 3"));
  auto twice = shards;
  twice[2] = twice[1];
  CHECK_THAT(enumerate::merge_summaries(twice, names).error().message,
             Catch::Contains("appears twice"));
  auto unfinished = shards;
  unfinished[1].summary.complete = false;
  unfinished[1].summary.stopped_because = "cancelled";
  CHECK_THAT(enumerate::merge_summaries(unfinished, names).error().message,
             Catch::Contains("shard2: shard 2 is not complete (cancelled)"));
  auto truncated = shards;
  if (truncated[0].puzzle_lines > 0) {
    --truncated[0].puzzle_lines;
    CHECK_THAT(enumerate::merge_summaries(truncated, names).error().message,
               Catch::Contains("a truncated file?"));
  }
  CHECK_THAT(enumerate::read_summary("01 ........AA...... 3 1,2\n").error().message,
             Catch::Contains("no '# enumerate rushhour ...' summary"));
  CHECK(
      enumerate::read_summary("# enumerate rushhour size 4 walls 0 shard 1/3 blocks 2/2 complete\n"
                              "# boards many\n")
          .error()
          .line == 2);
  CHECK(
      enumerate::read_summary("# enumerate rushhour size 4\nthis is not a puzzle\n").error().line ==
      1);
}

TEST_CASE("Rush Hour pack: every puzzle takes its moves and has its cluster, New puzzle draws it",
          "[rushhour][enumerate][generate]") {
  const auto pack = enumerate::pack_puzzles();
  REQUIRE(pack.size() >= 40);
  CHECK(pack.front().moves == 1);
  int moves = 1;  // by moves, in order (pack_puzzles(moves) relies on it)
  for (size_t i = 0; i < pack.size(); ++i) {
    const enumerate::PackedPuzzle& puzzle = pack[i];
    INFO(puzzle.board);
    REQUIRE(puzzle.moves >= moves);
    moves = puzzle.moves;
    // Under AddressSanitizer, every fifth puzzle and the longest ones.
    if (!testing::sampled(i) && puzzle.moves < pack.back().moves - 2) continue;
    auto game = rushhour::puzzle_info().parse(puzzle.board);
    REQUIRE(game.ok());
    CHECK(game.value()->solve({}).cost == puzzle.moves);
    const auto& rush = static_cast<const rushhour::RushHourGame&>(*game.value());
    const rushhour::ClusterReport cluster =
        rushhour::analyse_cluster(rush.layout(), rush.positions(), SolveOptions{});
    CHECK(cluster.size == puzzle.cluster);
    CHECK(cluster.farthest_moves == puzzle.moves);  // the farthest of its cluster
  }

  // A difficulty the pack has: one of its boards at once, with its proven
  // optimum; the same seed, the same board.
  const PuzzleInfo& info = rushhour::puzzle_info();
  const auto thirty = enumerate::pack_puzzles(30);
  REQUIRE(thirty.size() > 1);
  std::set<std::string> seen;
  for (uint64_t seed = 1; seed <= 8; ++seed) {
    auto game = info.generate({"30", seed});
    REQUIRE(game.ok());
    const std::string board = game.value()->format();
    CHECK(std::any_of(thirty.begin(), thirty.end(),
                      [&](const enumerate::PackedPuzzle& p) { return board == p.board; }));
    CHECK(game.value()->known_optimum() == 30);
    CHECK(info.generate({"30", seed}).value()->format() == board);
    seen.insert(board);
  }
  CHECK(seen.size() >= 3);
}
