// Hostile and huge input through the puzzlelab command: whatever comes in,
// the answer is a clear error, a result, or "a budget ran out", with the
// documented exit code, in bounded memory and time. Inputs are generated
// here; memory limits are set inside the test (a forked child with
// setrlimit, support/limited_run.h), not by the shell.
#include <catch2/catch.hpp>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <random>
#include <sstream>

#include "cli.h"
#include "support/cli_run.h"
#include "support/limited_run.h"
#include "support/rushhour_games.h"
#include "support/temp_dir.h"
#include "support/treeoflife_inputs.h"

using namespace puzzlelab::cli;
using puzzlelab::testing::kWalledIn16;
using puzzlelab::testing::limited_runs;
using puzzlelab::testing::LimitedRun;
using puzzlelab::testing::run_limited;
using puzzlelab::testing::TempDir;

namespace {

using puzzlelab::testing::cli_run;
using puzzlelab::testing::CliRun;

// cli_run() in a child that may map `megabytes` more than the test process:
// the exit code, then standard error after a newline.
LimitedRun run_in(size_t megabytes, const std::vector<std::string>& args,
                  const std::string& input = "") {
  return run_limited(megabytes << 20, [&](std::string& output) {
    const CliRun r = cli_run(args, input);
    output = r.err;
    return r.code;
  });
}

// A golf border of `rows` one-character rows and a last line `width` long:
// padding every row to the longest line first took 982 MB for 210 KB.
std::string golf_bomb(int rows, size_t width) {
  std::string text = "###\n";
  for (int i = 0; i < rows; ++i) text += "#\n";
  return text + std::string(width, '#') + "\n";
}

// Eight rooms four deep: an Amphipod burrow with millions of positions.
constexpr const char* kBurrow8x4 = "FBDGEBEG/GAHEDGAC/CFAFCHFB/HHABDDCE\n";

// A Tree of Life of `cells` cells asked for generation 2^40 (rule 6030
// shows no cycle for a long time).
std::string far_tree_of_life(int cells) {
  std::mt19937 rng(40);
  return "6030\n" + puzzlelab::testing::random_tree(cells, rng) + "\n1\n1099511627776 []\n";
}

}  // namespace

TEST_CASE("cli limits: a huge golf board is refused in bounded memory", "[cli][limits]") {
  // 1.2 MB: the yard's size is read before any row is padded.
  CliRun r = cli_run({"solve", "rushhour", "-"}, golf_bomb(5000, 1'200'000));
  CHECK(r.code == kBadInput);
  CHECK_THAT(r.err, Catch::Contains("the yard inside the border is 1199998x5000"));
  if (!limited_runs()) return;  // (ASan or WebAssembly: no forked limit here)
  const LimitedRun limited = run_in(64, {"solve", "rushhour", "-"}, golf_bomb(5000, 1'200'000));
  CHECK(limited.exit_code == kBadInput);
  CHECK_THAT(limited.output, Catch::Contains("expected 3 to 16 cells a side"));
}

TEST_CASE("cli limits: Tree of Life honours --nodes and --time-ms", "[cli][limits][treeoflife]") {
  const std::string input = far_tree_of_life(100'001);
  CliRun r = cli_run({"solve", "treeoflife", "-", "--time-ms", "2000", "--nodes", "1000"}, input);
  CHECK(r.code == kGaveUp);
  CHECK_THAT(r.err, Catch::Contains("node budget of 1000"));
  r = cli_run({"solve", "treeoflife", "-", "--time-ms", "100"}, input);
  CHECK(r.code == kGaveUp);
  CHECK_THAT(r.err, Catch::Contains("time budget of 100 ms"));
}

TEST_CASE("cli limits: running out of memory is the budget answer, not an abort", "[cli][limits]") {
  // The memory budget: checked before the tables grow past it (every build).
  CliRun r = cli_run({"solve", "rushhour", "-", "--memory-mb", "16"}, kWalledIn16);
  CHECK(r.code == kGaveUp);
  CHECK_THAT(r.err, Catch::Contains("memory budget of 16 MiB"));
  r = cli_run({"solve", "amphipod", "-", "--memory-mb", "16"}, kBurrow8x4);
  CHECK(r.code == kGaveUp);
  CHECK_THAT(r.err, Catch::Contains("memory budget of 16 MiB"));
  if (!limited_runs()) return;
  // The machine: an allocation refused below the budget (as `ulimit -v`
  // does) ends the search with exit code 3 too (it was 134, std::bad_alloc).
  for (const auto& [puzzle, board] :
       {std::pair{"rushhour", kWalledIn16}, std::pair{"amphipod", kBurrow8x4}}) {
    INFO(puzzle);
    const LimitedRun limited = run_in(160, {"solve", puzzle, "-"}, board);
    CHECK(limited.exit_code == kGaveUp);
    CHECK_THAT(limited.output, Catch::Contains("out of memory"));
    CHECK(limited.peak_rss_kb < 400 << 10);
  }
}

TEST_CASE("cli limits: errors quote a short excerpt of a huge line", "[cli][limits]") {
  const std::string number(10'000'000, '1');
  CliRun r = cli_run({"solve", "treeoflife", "-"}, number + "\n(. X .)\n");
  CHECK(r.code == kBadInput);
  CHECK_THAT(r.err, Catch::Contains("out of range for the rule"));
  CHECK(r.err.size() < 300);
  r = cli_run({"solve", "treeoflife", "-"}, "42354\n(. X .)\n1\n0 [" + std::string(2'000'000, '<'));
  CHECK(r.code == kBadInput);
  CHECK(r.err.size() < 300);
}

TEST_CASE("cli limits: empty input, directories and closed input say so", "[cli][limits]") {
  const TempDir dir;
  for (const char* puzzle : {"sudoku", "rushhour", "treeoflife"}) {
    INFO(puzzle);
    CliRun r = cli_run({"solve", puzzle, dir.file("empty.txt", "")});
    CHECK(r.code == kBadInput);
    CHECK_THAT(r.err, Catch::Contains("empty input"));
    r = cli_run({"solve", puzzle, dir.file("blank.txt", "\n  \n\t\n")});
    CHECK(r.code == kBadInput);
    CHECK_THAT(r.err, Catch::Contains("empty input"));
    r = cli_run({"solve", puzzle, dir.path()});
    CHECK(r.code == kBadInput);
    CHECK_THAT(r.err, Catch::Contains("is a directory"));
    r = cli_run({"solve", puzzle, "-"}, "");
    CHECK(r.code == kBadInput);
    CHECK_THAT(r.err, Catch::Contains("empty input (standard input)"));
    r = cli_run({"rate", puzzle, dir.path()});
    CHECK(r.code == kBadInput);
  }
  // A Sudoku batch of comments only holds no puzzle.
  CliRun r = cli_run({"solve", "sudoku", "-"}, "# one\n# two\n");
  CHECK(r.code == kBadInput);
  CHECK_THAT(r.err, Catch::Contains("empty input"));
  r = cli_run({"rate", "sudoku", "-"}, "# one\n");
  CHECK(r.code == kBadInput);

#ifdef PUZZLELAB_LIMITED_RUNS
  // Standard input closed (`puzzlelab solve sudoku - <&-`).
  const LimitedRun closed = run_limited(size_t{256} << 20, [](std::string& output) {
    std::ios::sync_with_stdio(false);  // as main() has it: std::cin reads through a file buffer
    close(0);
    std::ostringstream out, err;
    Io io{std::cin, out, err, false};
    const int code = run_cli({"solve", "sudoku", "-"}, io);
    output = err.str();
    return code;
  });
  CHECK(closed.exit_code == kBadInput);
  CHECK_THAT(closed.output, Catch::Contains("empty input"));
#endif
}

TEST_CASE("cli limits: answers fit their input", "[cli][limits]") {
  const std::string easy =
      "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
  // `rate` on a grid with several solutions: no rating, exit 2.
  CliRun r = cli_run({"rate", "sudoku", "-"}, std::string(81, '.') + "\n");
  CHECK(r.code == kNoSolution);
  CHECK(r.out == "not unique (more than one solution)\n");
  r = cli_run({"rate", "sudoku", "-"}, easy + "\n" + std::string(81, '.') + "\n");
  CHECK(r.code == kNoSolution);

  // A grid of ten rows is one puzzle with one error, not ten.
  std::string grid;
  for (int row = 0; row < 9; ++row) grid += easy.substr(row * 9, 9) + "\n";
  r = cli_run({"solve", "sudoku", "-"}, grid + "123456789\n");
  CHECK(r.code == kBadInput);
  CHECK_THAT(r.err, Catch::Contains("line 10, column 1: expected 9 rows, found a 10th"));
  CHECK(std::count(r.err.begin(), r.err.end(), '\n') == 1);
  // ...while a batch whose first line is wrong still reads the others.
  r = cli_run({"solve", "sudoku", "-"}, easy.substr(0, 80) + "\n" + easy + "\n");
  CHECK(r.code == kBadInput);
  CHECK(r.out.find("error\n") == 0);
  CHECK(std::count(r.out.begin(), r.out.end(), '\n') == 2);

  // Numbers too large are out of range, not "not a number".
  r = cli_run({"solve", "treeoflife", "-"}, "42354\n(. X .)\n1\n1000000000000000000 []\n");
  CHECK(r.code == kBadInput);
  CHECK_THAT(r.err,
             Catch::Contains("line 4, column 1: the step 1000000000000000000 is out of range"));
  r = cli_run({"solve", "rushhour", "--nodes", "99999999999999999999999"}, easy);
  CHECK(r.code == kBadInput);
  CHECK_THAT(r.err, Catch::Contains("out of range"));

  // `generate` gives up on its budget with exit code 3.
  r = cli_run({"generate", "rushhour", "--difficulty", "60", "--nodes", "20000"});
  CHECK(r.code == kGaveUp);
  CHECK_THAT(r.err, Catch::Contains("gave up"));
  CHECK_THAT(r.err, Catch::Contains("budget of 20000"));
  r = cli_run({"generate", "sudoku", "--difficulty", "expert", "--nodes", "1", "--seed", "2"});
  CHECK((r.code == kGaveUp || r.code == kOk));  // one attempt may be enough
  // (55: more than any board of the 6x6 pack needs, so it is climbed to.)
  r = cli_run({"generate", "rushhour", "--difficulty", "55", "--time-ms", "1"});
  CHECK(r.code == kGaveUp);
  CHECK_THAT(r.err, Catch::Contains("time budget of 1 ms"));

  // `check` with a file that is not there says so (it was read as a board).
  r = cli_run({"check", "rushhour", "board.txt", "A+1"});
  CHECK(r.code == kBadInput);
  CHECK_THAT(r.err, Catch::Contains("no such file: board.txt"));
  r = cli_run({"check", "rushhour", "no/such/dir", "A+1"});
  CHECK_THAT(r.err, Catch::Contains("no such file: no/such/dir"));
  r = cli_run({"hint", "sudoku", "puzzle.txt"});
  CHECK_THAT(r.err, Catch::Contains("no such file: puzzle.txt"));
}
