#include "midend/in_process_client.h"

#include <algorithm>
#include <utility>

namespace puzzlelab::shell {

void InProcessSolverClient::start(const SolveRequest& request) {
  request_ = request;
  SolveRequest& job = *request_;
  const double cap = bounds_.time_budget_ms;
  if (cap > 0)
    job.time_budget_ms = job.time_budget_ms > 0 ? std::min(job.time_budget_ms, cap) : cap;
  wake();  // there is something to poll
}

std::vector<SolverEvent> InProcessSolverClient::poll() {
  std::vector<SolverEvent> events;
  if (!request_) return events;
  const SolveRequest job = *std::exchange(request_, std::nullopt);
  // Through the protocol's JSON as a worker's messages are: one form.
  auto post = [&events](const WorkerMessage& message) {
    events.push_back(decode_solver_message(encode_message(message)));
  };
  const Reply reply = serve_request(
      job, bounds_.cancel, [&](const SolveProgress& progress) { post(progress); }, bounds_.clock);
  post(reply);
  ++jobs_run_;
  return events;
}

}  // namespace puzzlelab::shell
