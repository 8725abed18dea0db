// The work room's in-process transport: a job runs right here, on the
// caller's thread, when the lane is next polled (serve_request, the very
// function the Web Worker and the solver thread run, and its messages go
// through the same JSON). Every lane of a WorkRoom has one until the host
// hands the room a transport of its own (a thread, a Web Worker); pictures
// (`puzzlelab render`, Save picture), the How to play card's demonstration
// and tests keep it. So a view always asks the room, and the room decides
// where the work runs.
#pragma once

#include <atomic>
#include <optional>
#include <string>
#include <vector>

#include "core/clock.h"
#include "midend/solver_client.h"

namespace puzzlelab::shell {

// What a job run in-process is held to besides its request's own budgets.
struct InProcessBounds {
  const std::atomic<bool>* cancel = nullptr;  // stops the job (a signal's flag); nullptr = none
  const puzzlelab::Clock* clock = nullptr;    // its budgets' clock; nullptr = the steady clock
  double time_budget_ms = 0;                  // a cap on each job's time (0 = the request's)
};

class InProcessSolverClient final : public SolverClient {
 public:
  explicit InProcessSolverClient(InProcessBounds bounds = {}) : bounds_(bounds) {}

  // Takes the request; the work is done at the next poll().
  void start(const SolveRequest& request) override;
  void cancel() override { request_.reset(); }
  // Runs the job taken, if any, to its end: its progress, then its reply.
  std::vector<SolverEvent> poll() override;
  bool busy() const override { return request_.has_value(); }
  std::string where() const override { return "in process"; }
  // Jobs run to their end so far (tests count them).
  int jobs_run() const { return jobs_run_; }

 private:
  InProcessBounds bounds_;
  std::optional<SolveRequest> request_;
  int jobs_run_ = 0;
};

}  // namespace puzzlelab::shell
