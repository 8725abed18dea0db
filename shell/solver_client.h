// Runs solves away from the UI thread. Natively a std::thread with the
// SolveOptions cancel flag (ThreadSolverClient); in the browser a Web Worker
// that is destroyed to cancel (web/worker_solver_client). Both speak the
// engine's text protocol (api/solve_protocol.h), so they share one path.
#pragma once

#include <string>
#include <variant>
#include <vector>

#include "api/solve_protocol.h"

namespace puzzlelab::shell {

// What the solver reported since the last poll, oldest first.
using SolverEvent = std::variant<SolveProgress, SolveResult>;

class SolverClient {
 public:
  virtual ~SolverClient() = default;

  // Starts a solve; a solve still running is cancelled first.
  virtual void start(const SolveRequest& request) = 0;
  // Stops the running solve. Its result never arrives; no-op when idle.
  virtual void cancel() = 0;
  // Called once a frame on the UI thread; never blocks.
  virtual std::vector<SolverEvent> poll() = 0;
  virtual bool busy() const = 0;
  // "Web Worker" or "thread", shown in the stats panel.
  virtual std::string where() const = 0;
};

// Worker message framing: one tag byte before the protocol text.
inline constexpr char kProgressTag = 'P';
inline constexpr char kResultTag = 'R';

// Turns a tagged message back into an event; a message that does not decode
// becomes an `invalid` result saying so, never a crash.
SolverEvent decode_solver_message(std::string_view message);

}  // namespace puzzlelab::shell
