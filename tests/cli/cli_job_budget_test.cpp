// One budget for every long job (cli/job_budget.h): hint and rate take the
// budgets solve takes and answer with the documented exit codes; Ctrl-C and
// SIGTERM become a cancel flag while a job runs and act as before after it.
#include <catch2/catch.hpp>

#include <csignal>
#include <string>

#include "cli.h"
#include "job_budget.h"
#include "support/allocation_meter.h"
#include "support/cli_run.h"
#include "support/rushhour_games.h"

using namespace puzzlelab;
using namespace puzzlelab::cli;
using puzzlelab::testing::AllocationMeter;
using puzzlelab::testing::kWalledIn16;

namespace {

using puzzlelab::testing::cli_run;
using puzzlelab::testing::CliRun;

// The bundled 60-mover: far more than a few nodes from its answer.
constexpr const char* kHardRushHour = "IBBxooIooLDDJAALooJoKEEMFFKooMGGHHHM";
constexpr const char* kEasySudoku =
    "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........";

}  // namespace

TEST_CASE("cli budgets: hint takes the budgets and exits 3 when its search gives up",
          "[cli][budget]") {
  // It said "No quick hint" with exit 0, and rejected --nodes.
  CliRun r = cli_run({"hint", "rushhour", kHardRushHour, "--nodes", "10"});
  CHECK(r.code == kGaveUp);
  CHECK_THAT(r.out, Catch::Contains("No quick hint"));
  CHECK_THAT(r.err, Catch::Contains("gave up"));
  r = cli_run({"hint", "rushhour", kHardRushHour, "--time-ms", "60000", "--memory-mb", "64"});
  CHECK(r.code == kOk);
  CHECK_THAT(r.out, Catch::Contains("Next move"));
  // Sudoku's hint under a guess budget; a board with no solution exits 2.
  r = cli_run({"hint", "sudoku", std::string(kEasySudoku), "--nodes", "1"});
  CHECK(r.code == kGaveUp);
  CHECK_THAT(r.out, Catch::Contains("node budget of 1 guesses reached"));
  r = cli_run({"hint", "rushhour", "-"}, "oooooo\noooooo\nAAxooo\noooooo\noooooo\noooooo\n");
  CHECK(r.code == kNoSolution);
  CHECK_THAT(r.out, Catch::Contains("No solution"));
}

TEST_CASE("cli budgets: a quick hint on a huge board stays small", "[cli][budget][memory]") {
  // The walled-in 16x16: its quick hint held 552 MB and said "No quick
  // hint" with exit 0; the hint's own memory budget is 128 MiB.
  AllocationMeter meter;
  const CliRun r = cli_run({"hint", "rushhour", kWalledIn16});
  CHECK(r.code == kGaveUp);
  CHECK_THAT(r.out, Catch::Contains("No quick hint"));
  CHECK(meter.peak() < size_t{160} << 20);
  // A budget given is the hint's.
  AllocationMeter small;
  CHECK(cli_run({"hint", "rushhour", kWalledIn16, "--memory-mb", "16"}).code == kGaveUp);
  CHECK(small.peak() < size_t{40} << 20);
}

TEST_CASE("cli budgets: rate takes the budgets and says when it stopped", "[cli][budget]") {
  // --time-ms was an unknown option.
  CliRun r =
      cli_run({"rate", "sudoku", "-", "--time-ms", "60000", "--nodes", "1000", "--memory-mb", "64"},
              std::string(kEasySudoku) + "\n");
  CHECK(r.code == kOk);
  CHECK_THAT(r.out, Catch::StartsWith("needs guessing"));
  // A run out of time rates no more puzzles, and the summary says so.
  std::string many;
  for (int i = 0; i < 20000; ++i) many += std::string(kEasySudoku) + "\n";
  r = cli_run({"rate", "sudoku", "-", "--time-ms", "1"}, many);
  CHECK(r.code == kGaveUp);
  CHECK_THAT(r.err, Catch::Contains("time budget of 1 ms ran out"));
  CHECK_THAT(r.err, Catch::Contains("the output is incomplete"));
}

TEST_CASE("cli budgets: SIGTERM and SIGINT cancel the job while a scope lives", "[cli][budget]") {
  BudgetArgs args;
  args.time_ms = 3'600'000;
  struct sigaction before {};
  sigaction(SIGTERM, nullptr, &before);
  for (const int signal_number : {SIGTERM, SIGINT}) {
    const InterruptScope scope;
    const JobBudget budget(args);
    CHECK_FALSE(budget.stop());
    std::raise(signal_number);  // caught: the flag is set, the test goes on
    REQUIRE(budget.stop() == SolveStatus::cancelled);
    CHECK(budget.stop_message(SolveStatus::cancelled) ==
          std::string("interrupted (") + (signal_number == SIGTERM ? "SIGTERM" : "SIGINT") + ")");
    CHECK(budget.bound(SolveOptions{}).cancel == &InterruptScope::flag());
  }
  // After the scope the old handler is back (Catch2's, here).
  struct sigaction after {};
  sigaction(SIGTERM, nullptr, &after);
  CHECK(after.sa_handler == before.sa_handler);
}

TEST_CASE("cli budgets: a job's time budget is the time left for a search in it", "[cli][budget]") {
  BudgetArgs args;
  args.time_ms = 1000;
  args.nodes = 7;
  args.memory_mb = uint64_t{1} << 60;  // saturates, never wraps
  const JobBudget budget(args, nullptr);
  const SolveOptions options = budget.bound(SolveOptions{});
  CHECK(options.node_budget == 7);
  CHECK(options.memory_budget_bytes == UINT64_MAX);
  CHECK(options.time_budget_ms <= 1000);
  CHECK(options.time_budget_ms > 0);
  CHECK(budget.stop_message(SolveStatus::budget_exceeded) == "time budget of 1000 ms ran out");
  CHECK(mib_text(1) == "1 MiB");
  CHECK(mib_text(uint64_t{100} << 20) == "100 MiB");
}
