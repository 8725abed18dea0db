// Browser solver: each solve runs in a Web Worker (solver_worker.js) made
// with Emscripten's worker API. Progress arrives as provisional responses;
// cancelling terminates the worker and a fresh one is started for next time.
// No SharedArrayBuffer, so the page needs no special headers to embed.
#pragma once

#include <string>
#include <vector>

#include "solver_client.h"

namespace puzzlelab::web {

class WorkerSolverClient final : public shell::SolverClient {
 public:
  explicit WorkerSolverClient(std::string script_url);
  ~WorkerSolverClient() override;
  WorkerSolverClient(const WorkerSolverClient&) = delete;
  WorkerSolverClient& operator=(const WorkerSolverClient&) = delete;

  void start(const SolveRequest& request) override;
  void cancel() override;
  std::vector<shell::SolverEvent> poll() override;
  bool busy() const override { return busy_; }
  std::string where() const override { return "Web Worker"; }

 private:
  static void on_message(char* data, int size, void* self);
  void ensure_worker();

  std::string script_url_;
  int worker_ = -1;  // worker_handle; -1 = none yet
  bool busy_ = false;
  std::vector<std::string> inbox_;  // tagged messages since the last poll
};

}  // namespace puzzlelab::web
