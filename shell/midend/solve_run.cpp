#include "midend/solve_run.h"

#include <cctype>

namespace puzzlelab::shell {

namespace {

// Engine outcome -> page status, with the text the player sees.
RunStatus map_status(const SolveResult& result, std::string& message) {
  switch (result.status) {
    case SolveStatus::solved:
      return RunStatus::solved;
    case SolveStatus::ambiguous:
      message = result.message.empty() ? "More than one solution exists; this is one of them."
                                       : result.message;
      return RunStatus::solved;
    case SolveStatus::unsolvable:
      return RunStatus::unsolvable;
    case SolveStatus::cancelled:
      return RunStatus::cancelled;
    case SolveStatus::budget_exceeded:
      message = "Gave up: " +
                (result.message.empty() ? std::string("search budget reached") : result.message);
      return RunStatus::error;
    case SolveStatus::invalid:
      message = result.message.empty() ? "The solver rejected the request." : result.message;
      return RunStatus::error;
  }
  return RunStatus::error;
}

}  // namespace

std::string_view to_string(RunStatus status) {
  switch (status) {
    case RunStatus::solving:
      return "solving";
    case RunStatus::solved:
      return "solved";
    case RunStatus::unsolvable:
      return "unsolvable";
    case RunStatus::cancelled:
      return "cancelled";
    case RunStatus::error:
      return "error";
  }
  return "error";
}

std::string_view headline(RunStatus status) {
  switch (status) {
    case RunStatus::solving:
      return "Solving";
    case RunStatus::solved:
      return "Solved";
    case RunStatus::unsolvable:
      return "No solution";
    case RunStatus::cancelled:
      return "Cancelled";
    case RunStatus::error:
      return "Stopped";
  }
  return "Stopped";
}

SolveRun::SolveRun(SolveRequest request, double started_at)
    : request_(std::move(request)), started_at_(started_at) {
  samples_.push_back({0, 0});
}

void SolveRun::add(const SolveProgress& progress) {
  if (!running()) return;
  last_ = progress;
  samples_.push_back({progress.stats.elapsed_ms, progress.stats.expanded});
}

void SolveRun::finish(SolveResult result) {
  if (!running()) return;
  status_ = map_status(result, message_);
  if (result.status == SolveStatus::unsolvable && message_.empty()) {
    message_ = result.message.empty() ? "No solution exists." : result.message;
    // The headline says "No solution" already: the reason alone follows it.
    if (message_.starts_with("no solution: ")) message_ = message_.substr(13);
    if (!message_.empty()) message_[0] = static_cast<char>(std::toupper(message_[0]));
  }
  samples_.push_back({result.stats.elapsed_ms, result.stats.expanded});
  last_.stats = result.stats;
  ended_at_ = started_at_ + result.stats.elapsed_ms / 1000;
  result_ = std::move(result);
}

void SolveRun::cancel(double now) {
  if (!running()) return;
  status_ = RunStatus::cancelled;
  ended_at_ = now;
  message_ = "Cancelled.";
}

double SolveRun::elapsed_seconds(double now) const {
  return (ended_at_ >= 0 ? ended_at_ : now) - started_at_;
}

}  // namespace puzzlelab::shell
