// The puzzlelab command driven in-process: output formats and exit codes.
#include <catch2/catch.hpp>

#include <sstream>

#include "cli.h"

using namespace puzzlelab::cli;

namespace {

struct Run {
  int code = -1;
  std::string out;
  std::string err;
};

Run run(const std::vector<std::string>& args, const std::string& input = "") {
  std::istringstream in(input);
  std::ostringstream out, err;
  Io io{in, out, err, false};
  Run result;
  result.code = run_cli(args, io);
  result.out = out.str();
  result.err = err.str();
  return result;
}

constexpr const char* kHardest = "IBBxooIooLDDJAALooJoKEEMFFKooMGGHHHM";

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream stream(text);
  for (std::string line; std::getline(stream, line);) lines.push_back(line);
  return lines;
}

}  // namespace

TEST_CASE("cli: solve rushhour prints the move count then the moves", "[cli]") {
  const Run r = run({"solve", "rushhour", "-"}, std::string(kHardest) + "\n");
  REQUIRE(r.code == kOk);
  const auto lines = lines_of(r.out);
  REQUIRE(lines.size() == 2);
  CHECK(lines[0] == "60");
  std::istringstream moves(lines[1]);
  std::vector<std::string> words;
  for (std::string w; moves >> w;) words.push_back(w);
  CHECK(words.size() == 60);

  // ...and `check` accepts exactly those moves.
  std::vector<std::string> check_args = {"check", "rushhour", kHardest};
  check_args.insert(check_args.end(), words.begin(), words.end());
  const Run checked = run(check_args);
  CHECK(checked.code == kOk);
  CHECK_THAT(checked.out, Catch::EndsWith("solved after 60 moves, cost 60\n"));
}

TEST_CASE("cli: solve --json", "[cli]") {
  const Run r = run({"solve", "rushhour", "--json", "--metric", "moves"}, kHardest);
  REQUIRE(r.code == kOk);
  CHECK_THAT(r.out,
             Catch::StartsWith("{\"solved\":true,\"cost\":60,\"optimal\":true,\"moves\":[\""));
  CHECK_THAT(r.out, Catch::Contains("\"stats\":{\"expanded\":"));
  CHECK_THAT(r.out, Catch::Contains("\"generated\":"));
  CHECK_THAT(r.out, Catch::Contains("\"ms\":"));
}

TEST_CASE("cli: bad input, unsolvable boards and bad options", "[cli]") {
  Run r = run({"solve", "rushhour"}, "IBBxooIooLDDJAALooJoKEEMFFKooMGGHHHq");
  CHECK(r.code == kBadInput);
  CHECK_THAT(r.err, Catch::Contains("line 1, column 36: unexpected 'q'"));

  r = run({"solve", "rushhour"}, "AABB\noooo\noooo\noooo\n");
  CHECK(r.code == kNoSolution);
  CHECK(r.out == "no solution\n");

  r = run({"solve", "rushhour", "--nodes", "10"}, kHardest);
  CHECK(r.code == kGaveUp);
  CHECK_THAT(r.err, Catch::Contains("node budget"));

  CHECK(run({"solve", "chess"}, kHardest).code == kBadInput);
  CHECK_THAT(run({"solve", "rushhour", "--metric"}, kHardest).err,
             Catch::Contains("needs a value"));
  CHECK_THAT(run({"solve", "rushhour", "--colour", "red"}, kHardest).err,
             Catch::Contains("unknown option --colour"));
  CHECK_THAT(run({"solve", "rushhour", "--nodes", "many"}, kHardest).err,
             Catch::Contains("whole number"));
  CHECK(run({"solve", "rushhour", "/no/such/file"}).code == kBadInput);
  CHECK(run({"frobnicate"}).code == kBadInput);
}

TEST_CASE("cli: check reports the first illegal move and unsolved endings", "[cli]") {
  Run r = run({"check", "rushhour", kHardest, "M-1 A+1"});
  CHECK(r.code == kNoSolution);
  CHECK_THAT(r.out, Catch::Contains("move 1 M-1: ok"));
  CHECK_THAT(r.out, Catch::Contains("move 2 A+1: illegal: A+1: car A is blocked by car L at r3c4"));

  r = run({"check", "rushhour", kHardest, "M-1"});
  CHECK(r.code == kNoSolution);
  CHECK_THAT(r.out, Catch::EndsWith("not solved after 1 moves, cost 1\n"));
}

TEST_CASE("cli: bench checks stated move counts", "[cli]") {
  const std::string path = PUZZLELAB_TEST_DATA_DIR "/rushhour/sample75.txt";
  Run r = run({"bench", "rushhour", path});
  CHECK(r.code == kOk);
  CHECK_THAT(r.out, Catch::Contains("rushhour: 75 puzzles in"));
  CHECK_THAT(r.out, Catch::Contains("75 stated costs checked, 0 failures"));
  CHECK_THAT(r.out, Catch::Contains("puzzles/s"));

  // A wrong stated count is reported and fails the run.
  r = run({"bench", "rushhour", "-"}, std::string("59 ") + kHardest + " 2332\n");
  CHECK(r.code == kBadInput);
  CHECK_THAT(r.err, Catch::Contains("line 1: MISMATCH: stated 59 moves, solver found 60"));
}
