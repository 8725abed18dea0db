// Browser solver: each solve runs in a Web Worker (solver_worker.js) made
// with Emscripten's worker API. Progress arrives as provisional responses;
// cancelling terminates the worker and a fresh one is started for next time.
// No SharedArrayBuffer, so the page needs no special headers to embed.
//
// A worker that dies (abort, out of memory, an exception, a script that does
// not load) fires `error` on its Worker object; Emscripten's worker API has
// no hook for it, so a listener is added from JS (worker_watch). The running
// solve then ends at once as a failed result in words a player understands,
// and the next solve gets a fresh worker.
//
// A worker can also stop without an error event (the browser ends it, or it
// hangs): that is the work room's to notice (shell/midend/work.h ends any
// job that stays silent, natively too); it then cancels, which drops this
// worker. This client is only the transport.
//
// The worker's files are a third of the site (its wasm is built for speed):
// the page's solver loads them only after the page has drawn its first frame
// (window.puzzleLab.ready), so they do not delay it. A request made before
// the worker has loaded waits in Emscripten's queue; meanwhile poll() says
// "loading the solver" about once a second, so the work room does not take
// a slow download for a silent worker.
#pragma once

#include <string>
#include <vector>

#include "midend/solver_client.h"

namespace puzzlelab::web {

class WorkerSolverClient final : public shell::SolverClient {
 public:
  // `preload`: load the worker once the page has drawn its first frame (the
  // midend's, so a solve starts soon after); otherwise at the first request
  // (a view's).
  explicit WorkerSolverClient(std::string script_url, bool preload = true);
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
  static void on_loaded(char* data, int size, void* self);
  // Called on each animation frame until the page is ready, then loads.
  static int on_animation_frame(double time, void* self);
  void ensure_worker();
  void drop_worker();
  // Turns a worker's death into a failed result (if a solve was running).
  void check_worker(std::vector<shell::SolverEvent>& events);

  std::string script_url_;
  int worker_ = -1;  // worker_handle; -1 = none yet
  bool busy_ = false;
  bool loaded_ = false;             // a worker of this client has answered "loaded" once
  double told_loading_ms_ = -1;     // when a running job last heard "loading the solver"
  long waiting_frame_ = 0;          // the animation frame asked for; 0 = none
  SearchStats last_stats_;          // from the running solve's last progress
  std::vector<std::string> inbox_;  // encoded WorkerMessages since the last poll
};

// The player's words for a worker's dying message ("Uncaught RuntimeError:
// Aborted(OOM)" -> "The solver ran out of memory (...)").
std::string describe_worker_failure(const std::string& error);

}  // namespace puzzlelab::web
