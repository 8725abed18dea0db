// One solve as the UI sees it: the request, the progress reports that came in
// (kept for the progress plot), and how it ended.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "api/solve_protocol.h"

namespace puzzlelab::shell {

// The page-level status that window.puzzleLab reports.
enum class RunStatus { solving, solved, unsolvable, cancelled, error };
std::string_view to_string(RunStatus status);
// The status in words for the player: "Solved", "No solution", "Cancelled"...
std::string_view headline(RunStatus status);

class SolveRun {
 public:
  struct Sample {
    double ms = 0;          // elapsed when the report was made
    uint64_t expanded = 0;  // states expanded by then
  };

  SolveRun(SolveRequest request, double started_at);

  void add(const SolveProgress& progress);
  void finish(SolveResult result);
  void cancel(double now);

  RunStatus status() const { return status_; }
  bool running() const { return status_ == RunStatus::solving; }
  const SolveRequest& request() const { return request_; }
  const std::vector<Sample>& samples() const { return samples_; }
  const SolveProgress& last_progress() const { return last_; }
  // The result; only when the solve ended by itself (not cancelled).
  const std::optional<SolveResult>& result() const { return result_; }
  // Seconds since the start while running, the search's own time after.
  double elapsed_seconds(double now) const;
  // For the player: why it failed, or a note (e.g. more than one solution).
  const std::string& message() const { return message_; }

 private:
  SolveRequest request_;
  double started_at_;
  double ended_at_ = -1;
  RunStatus status_ = RunStatus::solving;
  SolveProgress last_;
  std::vector<Sample> samples_;
  std::optional<SolveResult> result_;
  std::string message_;
};

}  // namespace puzzlelab::shell
