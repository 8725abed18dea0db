// The puzzlelab command driven in-process: output formats and exit codes.
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "cli.h"
#include "support/cli_run.h"
#include "support/rushhour_games.h"
#include "support/temp_dir.h"

using namespace puzzlelab::cli;

namespace {

using puzzlelab::testing::cli_run;
using puzzlelab::testing::CliRun;

using puzzlelab::testing::kHardestRushHour;

std::vector<std::string> stream_lines(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream stream(text);
  for (std::string line; std::getline(stream, line);) lines.push_back(line);
  return lines;
}

}  // namespace

TEST_CASE("cli: solve rushhour prints the move count then the moves", "[cli]") {
  const CliRun r = cli_run({"solve", "rushhour", "-"}, std::string(kHardestRushHour) + "\n");
  REQUIRE(r.code == kOk);
  const auto lines = stream_lines(r.out);
  REQUIRE(lines.size() == 2);
  CHECK(lines[0] == "60");
  std::istringstream moves(lines[1]);
  std::vector<std::string> words;
  for (std::string w; moves >> w;) words.push_back(w);
  CHECK(words.size() == 60);

  // ...and `check` accepts exactly those moves.
  std::vector<std::string> check_args = {"check", "rushhour", kHardestRushHour};
  check_args.insert(check_args.end(), words.begin(), words.end());
  const CliRun checked = cli_run(check_args);
  CHECK(checked.code == kOk);
  CHECK_THAT(checked.out, Catch::EndsWith("solved after 60 moves, cost 60\n"));
}

TEST_CASE("cli: solve --json", "[cli]") {
  const CliRun r = cli_run({"solve", "rushhour", "--json", "--metric", "moves"}, kHardestRushHour);
  REQUIRE(r.code == kOk);
  CHECK_THAT(r.out,
             Catch::StartsWith("{\"solved\":true,\"cost\":60,\"optimal\":true,\"moves\":[\""));
  CHECK_THAT(r.out, Catch::Contains("\"stats\":{\"expanded\":"));
  CHECK_THAT(r.out, Catch::Contains("\"generated\":"));
  CHECK_THAT(r.out, Catch::Contains("\"ms\":"));
}

TEST_CASE("cli: bad input, unsolvable boards and bad options", "[cli]") {
  CliRun r = cli_run({"solve", "rushhour"}, "IBBxooIooLDDJAALooJoKEEMFFKooMGGHHHq");
  CHECK(r.code == kBadInput);
  CHECK_THAT(r.err, Catch::Contains("line 1, column 36: unexpected 'q'"));

  r = cli_run({"solve", "rushhour"}, "AABB\noooo\noooo\noooo\n");
  CHECK(r.code == kNoSolution);
  CHECK(r.out == "no solution\n");

  r = cli_run({"solve", "rushhour", "--nodes", "10"}, kHardestRushHour);
  CHECK(r.code == kGaveUp);
  CHECK_THAT(r.err, Catch::Contains("node budget"));

  CHECK(cli_run({"solve", "chess"}, kHardestRushHour).code == kBadInput);
  CHECK_THAT(cli_run({"solve", "rushhour", "--metric"}, kHardestRushHour).err,
             Catch::Contains("needs a value"));
  CHECK_THAT(cli_run({"solve", "rushhour", "--colour", "red"}, kHardestRushHour).err,
             Catch::Contains("unknown option --colour"));
  CHECK_THAT(cli_run({"solve", "rushhour", "--nodes", "many"}, kHardestRushHour).err,
             Catch::Contains("whole number"));
  CHECK(cli_run({"solve", "rushhour", "/no/such/file"}).code == kBadInput);
  CHECK(cli_run({"frobnicate"}).code == kBadInput);
}

TEST_CASE("cli: check reports the first illegal move and unsolved endings", "[cli]") {
  CliRun r = cli_run({"check", "rushhour", kHardestRushHour, "M-1 A+1"});
  CHECK(r.code == kNoSolution);
  CHECK_THAT(r.out, Catch::Contains("move 1 M-1: ok"));
  CHECK_THAT(r.out, Catch::Contains("move 2 A+1: illegal: A+1: car A is blocked by car L at r3c4"));

  r = cli_run({"check", "rushhour", kHardestRushHour, "M-1"});
  CHECK(r.code == kNoSolution);
  CHECK_THAT(r.out, Catch::EndsWith("not solved after 1 move, cost 1\n"));
}

TEST_CASE("cli: bench checks stated move counts", "[cli]") {
  const std::string path = PUZZLELAB_TEST_DATA_DIR "/rushhour/sample75.txt";
  CliRun r = cli_run({"bench", "rushhour", path});
  CHECK(r.code == kOk);
  CHECK_THAT(r.out, Catch::Contains("rushhour: 75 puzzles in"));
  // The figure is CPU time, said so, with the wall time beside it.
  CHECK_THAT(r.out,
             Catch::Matches("rushhour: 75 puzzles in [0-9.]+ s CPU, [0-9.]+ s wall [\\s\\S]*"));
  CHECK_THAT(r.out, Catch::Contains("75 stated costs checked, 0 failures"));
  CHECK_THAT(r.out, Catch::Contains("puzzles/s"));

  // A wrong stated count is reported and fails the run.
  r = cli_run({"bench", "rushhour", "-"}, std::string("59 ") + kHardestRushHour + " 2332\n");
  CHECK(r.code == kBadInput);
  CHECK_THAT(r.err, Catch::Contains("line 1: MISMATCH: stated 59 moves, solver found 60"));
}

TEST_CASE("cli: every bench says its figure is CPU time and prints wall time beside it",
          "[cli][bench]") {
  const std::string burrow = PUZZLELAB_TEST_DATA_DIR "/amphipod/sample.txt";
  // --unfold rewrites the board, so this takes the generic bench, not Amphipod's own.
  CliRun r = cli_run({"bench", "amphipod", burrow, "--unfold"});
  CHECK(r.code == kOk);
  CHECK_THAT(r.out,
             Catch::Matches("amphipod: 1 puzzles in [0-9.]+ s CPU, [0-9.]+ s wall [\\s\\S]*"));
  r = cli_run({"bench", "amphipod", burrow});
  CHECK(r.code == kOk);
  CHECK_THAT(r.out, Catch::Contains(" ms CPU "));
  CHECK_THAT(r.out,
             Catch::Matches("[\\s\\S]*amphipod: 1 burrows in [0-9.]+ ms CPU, [0-9.]+ ms wall "
                            "[\\s\\S]*"));
}

TEST_CASE("cli: solve sudoku answers one line per puzzle", "[cli][sudoku]") {
  const std::string easy =
      "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
  const std::string solution =
      "534678912672195348198342567859761423426853791713924856961537284287419635345286179";
  std::string none = "12345678." + std::string(72, '.');
  none[17] = '9';
  const std::string input =
      "# a comment\n" + easy + "\n" + std::string(81, '.') + "\n" + none + "\n";
  CliRun r = cli_run({"solve", "sudoku", "-"}, input);
  CHECK(r.code == kNoSolution);  // not every line was uniquely solvable
  CHECK(r.out == solution + "\nmultiple solutions\nno solution\n");

  r = cli_run({"solve", "sudoku", "--json"}, easy);
  CHECK(r.code == kOk);
  CHECK_THAT(r.out, Catch::Contains("\"answer\":\"" + solution + "\""));
  CHECK_THAT(r.out, Catch::Contains("\"guesses\":"));
  CHECK_THAT(r.out, Catch::Contains("\"ms\":"));

  // A 9-line grid is one puzzle, not nine.
  std::string grid;
  for (int row = 0; row < 9; ++row) grid += easy.substr(row * 9, 9) + "\n";
  r = cli_run({"solve", "sudoku"}, grid);
  CHECK(r.code == kOk);
  CHECK(r.out == solution + "\n");

  r = cli_run({"solve", "sudoku"}, easy.substr(0, 80) + "\n");
  CHECK(r.code == kBadInput);
  CHECK_THAT(r.err, Catch::Contains("got 80"));
}

TEST_CASE("cli: hint, rate and generate sudoku", "[cli][sudoku]") {
  const std::string easy =
      "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
  CliRun r = cli_run({"hint", "sudoku", easy});
  CHECK(r.code == kOk);
  CHECK_THAT(r.out, Catch::Contains("single"));
  CHECK_THAT(r.out, Catch::Contains("moves: r"));
  r = cli_run({"hint", "sudoku", easy, "--json"});
  CHECK_THAT(r.out, Catch::StartsWith("{\"status\":\"solved\",\"technique\":"));

  r = cli_run({"rate", "sudoku", "-"}, easy + "\n" + std::string(81, '.') + "\n");
  CHECK(r.out == "easy (hardest technique: Naked single)\nnot unique (more than one solution)\n");

  r = cli_run({"generate", "sudoku", "--difficulty", "medium", "--seed", "3"});
  CHECK(r.code == kOk);
  const std::string puzzle = r.out.substr(0, 81);
  CHECK(cli_run({"generate", "sudoku", "--difficulty", "medium", "--seed", "3"}).out == r.out);
  CHECK_THAT(cli_run({"rate", "sudoku"}, puzzle).out, Catch::StartsWith("medium"));
  CHECK(cli_run({"generate", "sudoku", "--difficulty", "fiendish"}).code == kBadInput);
  CHECK(cli_run({"generate", "rushhour", "--difficulty", "hard"}).code ==
        kBadInput);  // moves, not names
}

TEST_CASE("cli: bench sudoku prints speed, guesses and a checksum", "[cli][sudoku]") {
  const CliRun r =
      cli_run({"bench", "sudoku", PUZZLELAB_TEST_DATA_DIR "/sudoku/hard20_with_solutions.txt"});
  CHECK(r.code == kOk);
  CHECK_THAT(r.out, Catch::Contains("sudoku: 20 puzzles in"));
  CHECK_THAT(r.out,
             Catch::Matches("sudoku: 20 puzzles in [0-9.]+ s CPU, [0-9.]+ s wall [\\s\\S]*"));
  CHECK_THAT(r.out, Catch::Contains("us/puzzle"));
  CHECK_THAT(r.out, Catch::Contains("guesses/puzzle"));
  CHECK_THAT(r.out, Catch::Contains("unique 20, multiple 0, none 0, checksum "));

  const CliRun repeated =
      cli_run({"bench", "sudoku", PUZZLELAB_TEST_DATA_DIR "/sudoku/hard20_with_solutions.txt",
               "--repeat", "3"});
  CHECK_THAT(repeated.out, Catch::Contains("(fastest of 3)"));
  // The same solutions whichever pass is reported.
  CHECK(repeated.out.substr(repeated.out.find("checksum")) == r.out.substr(r.out.find("checksum")));
  CHECK(cli_run({"bench", "sudoku", "-", "--repeat", "0"}).code == kBadInput);
}

namespace {

// The checksum line of a Sudoku bench report.
std::string bench_checksum(const CliRun& r) {
  const size_t at = r.out.find("unique ");
  return at == std::string::npos ? "(none) " + r.out + r.err : r.out.substr(at);
}

}  // namespace

TEST_CASE("cli: bench sudoku streams a batch file, reads a grid whole, names bad lines",
          "[cli][sudoku]") {
  // A batch file goes to the solver a line at a time; the same lines from
  // standard input are read whole: the same solutions either way.
  const std::string batch = PUZZLELAB_TEST_DATA_DIR "/sudoku/hard20_with_solutions.txt";
  std::ifstream in(batch);
  const std::string batch_text((std::istreambuf_iterator<char>(in)), {});
  const CliRun streamed = cli_run({"bench", "sudoku", batch});
  CHECK(streamed.code == kOk);
  CHECK(bench_checksum(streamed) == bench_checksum(cli_run({"bench", "sudoku", "-"}, batch_text)));

  // A file holding one grid over nine lines is one puzzle, the same as its one-line form.
  const puzzlelab::testing::TempDir dir;
  const std::string grid = dir.file("grid.txt",
                                    "53..7....\n6..195...\n.98....6.\n8...6...3\n4..8.3..1\n"
                                    "7...2...6\n.6....28.\n...419..5\n....8..79\n");
  const CliRun whole = cli_run({"bench", "sudoku", grid});
  CHECK(whole.code == kOk);
  CHECK_THAT(whole.out, Catch::Contains("unique 1, multiple 0, none 0"));
  const std::string one_line =
      "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79\n";
  CHECK(bench_checksum(whole) == bench_checksum(cli_run({"bench", "sudoku", "-"}, one_line)));

  // A bad line in a batch file: the failure is named by its line.
  const std::string bad = dir.file("bad.txt", "# two puzzles\n" + one_line + "12.4\n");
  const CliRun failed = cli_run({"bench", "sudoku", bad});
  CHECK(failed.code == kBadInput);
  CHECK_THAT(failed.err, Catch::Contains("line 3: expected 81 cells"));
}

TEST_CASE("cli: enumerate rushhour prints Fogleman's lines, then a summary", "[cli][enumerate]") {
  CliRun r = cli_run({"enumerate", "rushhour", "--size", "4", "--threads", "1"});
  REQUIRE(r.code == kOk);
  const auto lines = stream_lines(r.out);
  const auto puzzles = std::count_if(lines.begin(), lines.end(),
                                     [](const std::string& line) { return line[0] != '#'; });
  CHECK(puzzles == 32);
  CHECK(lines.front() == "01 ........AA...... 3 1,2");
  CHECK_THAT(r.out, Catch::Contains("# enumerate rushhour size 4 walls 0 shard 1/1 blocks 5/5 "
                                    "complete\n# boards 1150\n# canonical 880\n"
                                    "# solvable 493\n# minimal 32\n# moves  1: 1 ="));
  CHECK_THAT(r.out, Catch::Contains("# moves  7: 3 ="));
  CHECK_THAT(r.out, Catch::Contains("# expanded "));

  // Shards in files, merged: the whole run's counts.
  const puzzlelab::testing::TempDir dir;
  std::vector<std::string> merge = {"enumerate", "merge"};
  for (int shard = 1; shard <= 2; ++shard) {
    const CliRun part =
        cli_run({"enumerate", "rushhour", "--size", "4", "--shard", std::to_string(shard) + "/2"});
    REQUIRE(part.code == kOk);
    merge.push_back(dir.file("shard" + std::to_string(shard) + ".txt", part.out));
  }
  r = cli_run(merge);
  CHECK(r.code == kOk);
  CHECK_THAT(r.out, Catch::StartsWith("# enumerate rushhour size 4 walls 0 shards 2/2 blocks 5/5 "
                                      "merged\n# boards 1150\n# canonical 880\n"));
  merge.pop_back();
  r = cli_run(merge);
  CHECK(r.code == kBadInput);
  CHECK_THAT(r.err, Catch::Contains("shards missing (of 2): 2"));
}

TEST_CASE("cli: enumerate's bad options, budgets and files", "[cli][enumerate]") {
  CliRun r = cli_run({"enumerate", "rushhour", "--size", "3"});
  CHECK(r.code == kBadInput);
  CHECK_THAT(r.err, Catch::Contains("--size 3: expected 4 to 7"));
  for (const char* shard : {"0/3", "4/3", "3", "a/b", "1/0"}) {
    r = cli_run({"enumerate", "rushhour", "--size", "4", "--shard", shard});
    CHECK(r.code == kBadInput);
    CHECK_THAT(r.err, Catch::Contains("expected I/N with I from 1 to N"));
  }
  CHECK_THAT(cli_run({"enumerate", "rushhour", "--walls", "9"}).err,
             Catch::Contains("--walls 9: expected 0 to 4"));
  CHECK(cli_run({"enumerate"}).code == kBadInput);
  CHECK(cli_run({"enumerate", "chess"}).code == kBadInput);

  r = cli_run({"enumerate", "rushhour", "--size", "5", "--nodes", "50000"});
  CHECK(r.code == kGaveUp);
  CHECK_THAT(r.err, Catch::Contains("gave up: node budget"));
  CHECK_THAT(r.out, Catch::Contains(" stopped: node budget of 50000 positions expanded reached\n"));

  r = cli_run({"enumerate", "merge", "/no/such/file"});
  CHECK(r.code == kBadInput);
  r = cli_run({"enumerate", "merge", "-"}, "01 ........AA...... 3 1,2\n");
  CHECK(r.code == kBadInput);
  CHECK_THAT(r.err, Catch::Contains("an unfinished run?"));
}
