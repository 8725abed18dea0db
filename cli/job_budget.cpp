#include "job_budget.h"

#include <algorithm>
#include <csignal>

#include "options.h"

namespace puzzlelab::cli {

namespace {

std::atomic<bool> interrupted{false};
std::atomic<int> interrupting_signal{0};
static_assert(std::atomic<bool>::is_always_lock_free && std::atomic<int>::is_always_lock_free);

// Only what a signal handler may do: note the signal (SA_RESETHAND lets
// the next one of its kind act as it would have).
extern "C" void on_stop_signal(int signal_number) {
  interrupting_signal.store(signal_number);
  interrupted.store(true);
}

struct sigaction previous_interrupt {};
struct sigaction previous_terminate {};

void catch_once(int signal_number, struct sigaction& previous) {
  struct sigaction action {};
  action.sa_handler = on_stop_signal;
  sigemptyset(&action.sa_mask);
  action.sa_flags = SA_RESETHAND;
  sigaction(signal_number, &action, &previous);
}

}  // namespace

uint64_t BudgetArgs::memory_bytes() const {
  return memory_mb > (UINT64_MAX >> 20) ? UINT64_MAX : memory_mb << 20;
}

uint64_t BudgetArgs::memory_in_force() const {
  return memory_mb ? memory_bytes() : SolveOptions::kDefaultMemoryBudget;
}

void BudgetArgs::apply_to(SolveOptions& options) const {
  options.node_budget = nodes;
  options.memory_budget_bytes = memory_bytes();
  options.time_budget_ms = static_cast<double>(time_ms);
}

void add_budget_options(CLI::App& command, BudgetArgs& args, const std::string& nodes_help) {
  add_count_option(command, "--nodes", args.nodes, nodes_help);
  add_count_option(command, "--memory-mb", args.memory_mb, "memory budget in MiB (0: default)");
  add_count_option(command, "--time-ms", args.time_ms, "time budget in ms (0: none)");
}

InterruptScope::InterruptScope() {
  interrupted.store(false);
  interrupting_signal.store(0);
  catch_once(SIGINT, previous_interrupt);
  catch_once(SIGTERM, previous_terminate);
}

InterruptScope::~InterruptScope() {
  sigaction(SIGINT, &previous_interrupt, nullptr);
  sigaction(SIGTERM, &previous_terminate, nullptr);
}

const std::atomic<bool>& InterruptScope::flag() {
  return interrupted;
}

std::string InterruptScope::signal_name() {
  switch (interrupting_signal.load()) {
    case SIGINT:
      return "SIGINT";
    case SIGTERM:
      return "SIGTERM";
    default:
      return "";
  }
}

JobBudget::JobBudget(const BudgetArgs& args, const std::atomic<bool>* cancel, const Clock* clock)
    : args_(args), cancel_(cancel), clock_(clock), start_ms_(clock_or_steady(clock).now_ms()) {}

double JobBudget::elapsed_ms() const {
  return clock_or_steady(clock_).now_ms() - start_ms_;
}

std::optional<SolveStatus> JobBudget::stop() const {
  if (cancel_ && cancel_->load()) return SolveStatus::cancelled;
  if (args_.time_ms > 0 && elapsed_ms() >= double(args_.time_ms))
    return SolveStatus::budget_exceeded;
  return std::nullopt;
}

std::string JobBudget::stop_message(SolveStatus why) const {
  if (why == SolveStatus::cancelled) {
    const std::string name =
        cancel_ == &InterruptScope::flag() ? InterruptScope::signal_name() : "";
    return name.empty() ? "cancelled" : "interrupted (" + name + ")";
  }
  return "time budget of " + std::to_string(args_.time_ms) + " ms ran out";
}

SolveOptions JobBudget::bound(SolveOptions options) const {
  args_.apply_to(options);
  if (args_.time_ms > 0)
    options.time_budget_ms = std::max(1.0, double(args_.time_ms) - elapsed_ms());
  options.cancel = cancel_;
  options.clock = clock_;
  return options;
}

std::string mib_text(uint64_t bytes) {
  const uint64_t mib = bytes / (1u << 20) + (bytes % (1u << 20) != 0);
  return std::to_string(mib) + " MiB";
}

}  // namespace puzzlelab::cli
