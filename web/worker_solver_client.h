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
// hangs): a running solve sends progress about every 100 ms, so a solve that
// has sent nothing for kSilenceMs is taken as dead, said in the same way.
//
// The worker's files are a third of the site (its wasm is built for speed):
// the page's solver loads them only after the page has drawn its first frame
// (window.puzzleLab.ready), so they do not delay it. A request made before
// the worker has loaded waits in Emscripten's queue; meanwhile the running
// solve's progress says "loading the solver", and the silence clock starts
// only once the worker has loaded (a slow network is not a dead worker).
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
  // Notes that the worker answered now, and wakes the page once it has been
  // silent for kSilenceMs (poll() then finds it dead).
  void heard_from_worker();
  void stop_listening();

  // A running solve's longest silence before it counts as dead: progress
  // comes about every 100 ms, a busy phone's tab may stall for seconds.
  static constexpr double kSilenceMs = 20'000;

  std::string script_url_;
  int worker_ = -1;  // worker_handle; -1 = none yet
  bool busy_ = false;
  bool loaded_ = false;             // a worker of this client has answered "loaded" once
  bool told_loading_ = false;       // the running solve heard "loading the solver"
  long waiting_frame_ = 0;          // the animation frame asked for; 0 = none
  SearchStats last_stats_;          // from the running solve's last progress
  double last_heard_ms_ = 0;        // emscripten_get_now() of its last message
  int silence_timer_ = 0;           // the page's setTimeout id; 0 = none
  std::vector<std::string> inbox_;  // encoded WorkerMessages since the last poll
};

// The player's words for a worker's dying message ("Uncaught RuntimeError:
// Aborted(OOM)" -> "The solver ran out of memory (...)").
std::string describe_worker_failure(const std::string& error);
// The player's words for a worker silent for `silent_ms` during a solve.
std::string describe_silent_worker(double silent_ms);

}  // namespace puzzlelab::web
