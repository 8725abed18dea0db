// Runs slow work away from the UI thread: solves, hints, ratings and
// generated puzzles. Natively a std::thread with the SolveOptions cancel flag
// (ThreadSolverClient); in the browser a Web Worker that is destroyed to
// cancel (web/worker_solver_client). Both speak the engine's JSON messages
// (api/solve_protocol.h), so they share one path.
#pragma once

#include <functional>
#include <string>
#include <utility>
#include <vector>

#include "api/solve_protocol.h"

namespace puzzlelab::shell {

// What the solver reported since the last poll, oldest first: progress,
// then one Reply that ends the request.
using SolverEvent = WorkerMessage;

class SolverClient {
 public:
  virtual ~SolverClient() = default;

  // Starts a request; one still running is cancelled first.
  virtual void start(const SolveRequest& request) = 0;
  // Stops the running request. Its reply never arrives; no-op when idle.
  virtual void cancel() = 0;
  // Called once a frame on the UI thread; never blocks.
  virtual std::vector<SolverEvent> poll() = 0;
  virtual bool busy() const = 0;
  // "Web Worker" or "thread", shown in the stats panel.
  virtual std::string where() const = 0;
  // Called whenever a message arrives, so a host that draws on demand polls
  // soon. Natively it is called on the solver's thread: it must be safe
  // there (glfwPostEmptyEvent is).
  void set_wake(std::function<void()> wake) { wake_ = std::move(wake); }

 protected:
  void wake() const {
    if (wake_) wake_();
  }

 private:
  std::function<void()> wake_;
};

// Turns a worker message back into an event (see decode_message).
inline SolverEvent decode_solver_message(std::string_view message) {
  return decode_message(message);
}

}  // namespace puzzlelab::shell
