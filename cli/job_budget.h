// One budget for every long job (solve, hint, rate, render...): the options
// --nodes, --memory-mb and --time-ms declared in one place, the clock and
// memory figures a job checks between its pieces of work, and Ctrl-C or
// SIGTERM turned into a cancel flag, so that a job ends with a summary that
// says its output is incomplete instead of dying mid-write.
#pragma once

#include <CLI/CLI.hpp>
#include <atomic>
#include <cstdint>
#include <optional>
#include <string>

#include "core/puzzle.h"

namespace puzzlelab::cli {

// --nodes, --memory-mb, --time-ms as given (0: the job's default).
struct BudgetArgs {
  uint64_t nodes = 0;
  uint64_t memory_mb = 0;
  uint64_t time_ms = 0;

  // The memory budget in bytes as SolveOptions takes it (0: the default;
  // a huge --memory-mb saturates rather than wraps).
  uint64_t memory_bytes() const;
  // The memory a job may take: the budget, or the default for 0.
  uint64_t memory_in_force() const;
  // The three budgets set on `options` (the rest left as they are).
  void apply_to(SolveOptions& options) const;
};
// Declares the three options on `command`; `nodes_help` says what a node
// is for this command.
void add_budget_options(
    CLI::App& command, BudgetArgs& args,
    const std::string& nodes_help = "node budget: states expanded (0: default)");

// While one lives, SIGINT and SIGTERM set a flag instead of ending the
// process (a second signal ends it as the signal would); the old handlers
// come back when it goes. Install one only around a job that reads the
// flag (through JobBudget): elsewhere Ctrl-C must still stop at once.
class InterruptScope {
 public:
  InterruptScope();
  ~InterruptScope();
  InterruptScope(const InterruptScope&) = delete;
  InterruptScope& operator=(const InterruptScope&) = delete;

  // Set by a signal while a scope lives; cleared when one starts.
  static const std::atomic<bool>& flag();
  // "SIGINT" or "SIGTERM": the signal that set the flag ("" before one).
  static std::string signal_name();
};

// A job's budgets from its start: whether to stop now, the time left for a
// search inside it, and the memory it may take.
class JobBudget {
 public:
  // `cancel`: the flag that stops the job (the signals' by default);
  // `clock`: what its time budget reads (core/clock.h), and every search
  // inside it (bound()); nullptr = the steady clock, and each search its own
  // default (Bender's CPU time).
  explicit JobBudget(const BudgetArgs& args,
                     const std::atomic<bool>* cancel = &InterruptScope::flag(),
                     const Clock* clock = nullptr);

  // Why the job must stop now (cancelled, or budget_exceeded when its
  // time ran out); nullopt to go on. Cheap: check it between frames, rows,
  // puzzles.
  std::optional<SolveStatus> stop() const;
  // What stop() said, in words: "time budget of 500 ms ran out",
  // "interrupted (SIGINT)".
  std::string stop_message(SolveStatus why) const;
  // `options` for a search inside the job: the budgets, with the time left
  // of the job's (at least 1 ms when it had one) and its cancel flag.
  SolveOptions bound(SolveOptions options) const;
  uint64_t memory_in_force() const { return args_.memory_in_force(); }
  const BudgetArgs& args() const { return args_; }
  double elapsed_ms() const;

 private:
  BudgetArgs args_;
  const std::atomic<bool>* cancel_;
  const Clock* clock_;
  double start_ms_;
};

// "12 MiB": a count of bytes for a message, in whole MiB rounded up.
std::string mib_text(uint64_t bytes);

}  // namespace puzzlelab::cli
