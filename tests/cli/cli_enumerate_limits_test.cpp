// puzzlelab enumerate under its budgets, Ctrl-C and SIGTERM, and merge of
// hostile shards (issue 45): a long run ends within a fraction of a second
// of running out with its output marked incomplete; a merge refuses counts
// that overflow and says what disagrees with what.
#include <catch2/catch.hpp>

#include <atomic>
#include <chrono>
#include <csignal>
#include <string>
#include <thread>
#include <vector>

#include "cli.h"
#include "support/cli_run.h"
#include "support/temp_dir.h"

#if !defined(__EMSCRIPTEN__)
#include <signal.h>
#endif

using namespace puzzlelab::cli;
using puzzlelab::testing::CliRun;
using puzzlelab::testing::run_cli_with;

namespace {

double seconds_since(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

// Replaces the last line that starts with `start` by `replacement`.
std::string replace_line(std::string text, const std::string& start,
                         const std::string& replacement) {
  const size_t at = text.rfind("\n" + start);
  REQUIRE(at != std::string::npos);
  const size_t end = text.find('\n', at + 1);
  return text.replace(at + 1, end - at - 1, replacement);
}

// Shard I of 2 of the 4x4 run, as its file says it.
std::string shard_of_two(int shard) {
  const CliRun part = run_cli_with(
      {"enumerate", "rushhour", "--size", "4", "--shard", std::to_string(shard) + "/2"});
  REQUIRE(part.code == kOk);
  return part.out;
}

}  // namespace

// A 7x7 run takes hours; counting its boards alone took minutes and was
// not checked, so `--time-ms 5000` ran past 120 s.
TEST_CASE("cli: enumerate ends at its time budget, even on a 7x7 board, marked incomplete",
          "[cli][enumerate]") {
  for (const std::vector<std::string>& args :
       {std::vector<std::string>{"--size", "7", "--threads", "1"},
        std::vector<std::string>{"--size", "6", "--walls", "2", "--threads", "2"}}) {
    std::vector<std::string> command = {"enumerate", "rushhour", "--time-ms", "20"};
    command.insert(command.end(), args.begin(), args.end());
    INFO(args[1]);
    const auto start = std::chrono::steady_clock::now();
    const CliRun r = run_cli_with(command);
    CHECK(seconds_since(start) < 2.0);
    CHECK(r.code == kGaveUp);
    CHECK_THAT(r.out, Catch::Contains(" stopped: time budget of 20 ms reached"));
    CHECK_THAT(r.out, Catch::Contains("\n# incomplete: the lines and counts of "));
    CHECK_THAT(r.err, Catch::Contains("gave up: time budget of 20 ms reached"));
    CHECK_THAT(r.err, Catch::Contains("; the output is incomplete ("));
  }
}

#if !defined(__EMSCRIPTEN__)
namespace {

// Whether `signal` has a handler of the program's own (not ignored, not the default).
bool handled(int signal) {
  struct sigaction now {};
  sigaction(signal, nullptr, &now);
  return now.sa_handler != SIG_IGN && now.sa_handler != SIG_DFL;
}

// Runs `args` and sends `signal` once, 50 ms after the command's handler is
// in place (never, when none comes within 10 s); the run, and the seconds it
// took after the signal.
std::pair<CliRun, double> run_signalled(const std::vector<std::string>& args, int signal) {
  // Ignored outside the command: a signal that came late would not end the tests.
  const auto previous = std::signal(signal, SIG_IGN);
  std::atomic<bool> sent{false};
  std::chrono::steady_clock::time_point sent_at;
  std::thread sender([&] {
    const auto give_up = std::chrono::steady_clock::now() + std::chrono::seconds(10);
    while (!handled(signal) && std::chrono::steady_clock::now() < give_up)
      std::this_thread::sleep_for(std::chrono::milliseconds(1));
    if (!handled(signal)) return;  // the command does not take it
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
    sent_at = std::chrono::steady_clock::now();
    sent = true;
    std::raise(signal);
  });
  CliRun r = run_cli_with(args);
  sender.join();
  std::signal(signal, previous);
  REQUIRE(sent);
  return {r, seconds_since(sent_at)};
}

}  // namespace

// Ctrl-C was ignored for more than 90 s on a 7x7 board.
TEST_CASE("cli: enumerate stops within a second of Ctrl-C or SIGTERM, with its summary",
          "[cli][enumerate]") {
  for (const auto& [signal, reason] :
       {std::pair{SIGINT, "interrupted (SIGINT)"}, std::pair{SIGTERM, "interrupted (SIGTERM)"}}) {
    INFO(reason);
    const auto [r, after] =
        // The time budget only ends a run that misses the signal (hours, else).
        run_signalled(
            {"enumerate", "rushhour", "--size", "7", "--threads", "2", "--time-ms", "20000"},
            signal);
    CHECK(after < 2.0);
    CHECK(r.code == kGaveUp);
    CHECK_THAT(r.out, Catch::Contains(std::string(" stopped: ") + reason + "\n# incomplete: "));
    CHECK_THAT(r.err, Catch::Contains("the output is incomplete"));
  }
}
#endif

TEST_CASE("cli: enumerate merge refuses counts that add up past 2^64 - 1, naming file and line",
          "[cli][enumerate]") {
  const puzzlelab::testing::TempDir dir;
  const std::string huge = "# boards 18446744073709551615";
  const std::string one = dir.file("one.txt", replace_line(shard_of_two(1), "# boards ", huge));
  const std::string two = dir.file("two.txt", replace_line(shard_of_two(2), "# boards ", huge));
  const CliRun r = run_cli_with({"enumerate", "merge", one, two});
  CHECK(r.code == kBadInput);
  CHECK(r.out.empty());
  CHECK_THAT(r.err, Catch::Contains(two + ": line "));
  CHECK_THAT(r.err, Catch::Contains("'# boards' 18446744073709551615 takes the merged total past "
                                    "18446744073709551615"));
}

TEST_CASE("cli: enumerate merge says which count disagrees with the puzzle lines",
          "[cli][enumerate]") {
  const puzzlelab::testing::TempDir dir;
  const std::string two = dir.file("two.txt", shard_of_two(2));
  // One puzzle line moved to another number of moves: the total still agrees.
  std::string text = shard_of_two(1);
  REQUIRE(text.compare(0, 3, "01 ") == 0);
  text[1] = '9';
  const CliRun r = run_cli_with({"enumerate", "merge", dir.file("one.txt", text), two});
  CHECK(r.code == kBadInput);
  CHECK_THAT(r.err, Catch::Contains("line "));
  CHECK_THAT(r.err, Catch::Contains("its histogram counts "));
  CHECK_THAT(r.err, Catch::Contains(" puzzles of 1 moves, but the file has "));

  // A line missing: the '# minimal' count disagrees.
  const std::string cut =
      dir.file("cut.txt", shard_of_two(1).substr(shard_of_two(1).find('\n') + 1));
  const CliRun truncated = run_cli_with({"enumerate", "merge", cut, two});
  CHECK(truncated.code == kBadInput);
  CHECK_THAT(truncated.err, Catch::Matches(".*cut\\.txt: line \\d+: its summary counts (\\d+) "
                                           "minimal puzzles, but the file has \\d+ puzzle lines "
                                           "\\(a truncated file\\?\\)\\s*"));
}
