// Native solver: each solve runs on its own std::thread and is stopped with
// the SolveOptions cancel flag. Messages go through the same text protocol as
// the browser's Web Worker.
#pragma once

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <memory>
#include <mutex>
#include <thread>
#include <vector>

#include "midend/solver_client.h"

namespace puzzlelab::shell {

class ThreadSolverClient final : public SolverClient {
 public:
  ThreadSolverClient() = default;
  ~ThreadSolverClient() override;
  ThreadSolverClient(const ThreadSolverClient&) = delete;
  ThreadSolverClient& operator=(const ThreadSolverClient&) = delete;

  void start(const SolveRequest& request) override;
  void cancel() override;
  std::vector<SolverEvent> poll() override;
  bool busy() const override;
  std::string where() const override { return "thread"; }

  // Blocks until the running request has something to poll, or `limit`
  // passes; returns at once when idle. For tests and hosts that wait on the
  // solver instead of the clock.
  void wait_for_messages(std::chrono::milliseconds limit);

 private:
  // Shared between the UI thread and one solve thread; the solve thread keeps
  // it alive, so a cancelled run can finish after the client moved on.
  struct Run {
    std::atomic<bool> cancel{false};
    std::atomic<bool> done{false};
    std::mutex mutex;
    std::condition_variable posted;
    std::vector<std::string> messages;  // encoded WorkerMessages, oldest first
    std::function<void()> wake;         // the client's, called after each message
  };
  static void work(std::shared_ptr<Run> run, SolveRequest request);

  struct Worker {
    std::thread thread;
    std::shared_ptr<Run> run;
  };
  // Joins threads whose search has ended, so the UI never waits on one.
  void join_finished();

  std::shared_ptr<Run> run_;     // the solve whose messages are wanted
  std::vector<Worker> workers_;  // running or cancelled-but-still-stopping
};

}  // namespace puzzlelab::shell
