// Tests that drive the thread solver wait on states (a verdict in, the work
// done, a reply published), never on the clock: a busy 2-core machine makes
// a solve slower, not a test fail. The only bound is a hang guard, minutes
// past any example's solve on any machine, so that a bug that never ends the
// work fails the test rather than the whole run's time limit.
#pragma once

#include <chrono>
#include <memory>

#include "native/thread_solver_client.h"

namespace puzzlelab::testing {

inline constexpr std::chrono::minutes kHangGuard{10};

// A thread solver for a Midend; `out` keeps it to wait on.
inline std::unique_ptr<shell::SolverClient> thread_client(shell::ThreadSolverClient*& out) {
  auto client = std::make_unique<shell::ThreadSolverClient>();
  out = client.get();
  return client;
}

// Sleeps on the solver's messages and calls `tick` after each wake until
// `done()` holds; false if the hang guard ran out first.
template <class Done, class Tick>
bool wait_until(shell::ThreadSolverClient& client, Done done, Tick tick) {
  const auto give_up = std::chrono::steady_clock::now() + kHangGuard;
  while (!done()) {
    if (std::chrono::steady_clock::now() > give_up) return false;
    client.wait_for_messages(std::chrono::milliseconds(500));
    tick();
  }
  return true;
}

}  // namespace puzzlelab::testing
