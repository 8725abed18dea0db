#include "worker_solver_client.h"

#include <emscripten/emscripten.h>
#include <emscripten/html5.h>

#include <array>
#include <cstdint>
#include <string>

// clang-format off
// Listens for the death of worker `id` (Emscripten keeps its Worker objects in
// Browser.workers) and keeps the last error text until it is taken.
// Whether the page has drawn its first frame (it publishes ready then).
EM_JS(int, js_page_ready, (), {
  return typeof window !== "undefined" && window.puzzleLab && window.puzzleLab.ready ? 1 : 0;
});

EM_JS(void, js_watch_worker, (int id), {
  var info = typeof Browser !== "undefined" && Browser.workers && Browser.workers[id];
  if (!info || !info.worker) return;
  var failures = Module.puzzleLabWorkerFailures || (Module.puzzleLabWorkerFailures = {});
  info.worker.addEventListener("error", function(event) {
    event.preventDefault();  // handled here: no "uncaught" report on the page
    failures[id] = String(event.message || "the solver's script could not be loaded");
    if (Module.puzzleLabWake) Module.puzzleLabWake();
  });
  info.worker.addEventListener("messageerror", function() {
    failures[id] = "a message from the solver could not be read";
    if (Module.puzzleLabWake) Module.puzzleLabWake();
  });
});

// Tells the page a solver worker has loaded (index.html registers its service
// worker then: the worker's files are in the browser's cache by that time).
EM_JS(void, js_solver_worker_loaded, (), {
  if (Module.puzzleLabSolverLoaded) Module.puzzleLabSolverLoaded();
});

// Returns the error text's size in bytes (+1), 0 when the worker has not failed.
EM_JS(int, js_take_worker_failure, (int id, char* buffer, int capacity), {
  var failures = Module.puzzleLabWorkerFailures;
  if (!failures || !(id in failures)) return 0;
  var text = failures[id];
  delete failures[id];
  stringToUTF8(text, buffer, capacity);
  return Math.min(lengthBytesUTF8(text), capacity - 1) + 1;
});
// clang-format on

namespace puzzlelab::web {

namespace {

bool contains(const std::string& text, const char* part) {
  return text.find(part) != std::string::npos;
}

}  // namespace

std::string describe_worker_failure(const std::string& error) {
  const bool memory = contains(error, "OOM") || contains(error, "out of memory") ||
                      contains(error, "Out of memory") || contains(error, "Cannot enlarge") ||
                      contains(error, "could not allocate");
  // solver_worker.cpp aborts with "OOM: solver heap N MiB" when an allocation fails.
  const size_t heap = error.find("solver heap ");
  if (memory && heap != std::string::npos) {
    const size_t from = heap + 12;
    const std::string mib = error.substr(from, error.find(' ', from) - from);
    return "The solver ran out of memory (it used all " + mib +
           " MiB the browser gave it). Try another algorithm or a smaller board.";
  }
  std::string detail = error;
  if (detail.rfind("Uncaught ", 0) == 0) detail.erase(0, 9);
  if (detail.size() > 160) detail = detail.substr(0, 157) + "...";
  if (memory) {
    return "The solver ran out of memory (" + detail +
           "). Try another algorithm or a smaller board.";
  }
  return "The solver stopped unexpectedly (" + detail + "). Press Solve to try again.";
}

WorkerSolverClient::WorkerSolverClient(std::string script_url, bool preload)
    : script_url_(std::move(script_url)) {
  if (preload) waiting_frame_ = emscripten_request_animation_frame(&on_animation_frame, this);
}

WorkerSolverClient::~WorkerSolverClient() {
  if (waiting_frame_) emscripten_cancel_animation_frame(waiting_frame_);
  drop_worker();
}

int WorkerSolverClient::on_animation_frame(double /*time*/, void* self) {
  auto& client = *static_cast<WorkerSolverClient*>(self);
  client.waiting_frame_ = 0;
  if (js_page_ready())
    client.ensure_worker();
  else if (client.worker_ < 0)  // a request may have loaded it already
    client.waiting_frame_ = emscripten_request_animation_frame(&on_animation_frame, self);
  return EM_FALSE;
}

void WorkerSolverClient::ensure_worker() {
  if (worker_ >= 0) return;
  worker_ = emscripten_create_worker(script_url_.c_str());
  js_watch_worker(worker_);
  // The worker keeps calls until its wasm runs, so this answer means "loaded".
  if (!loaded_)
    emscripten_call_worker(worker_, "loaded", nullptr, 0, &WorkerSolverClient::on_loaded, this);
}

void WorkerSolverClient::on_loaded(char* /*data*/, int /*size*/, void* self) {
  auto& client = *static_cast<WorkerSolverClient*>(self);
  client.loaded_ = true;
  js_solver_worker_loaded();
  if (client.busy_) client.wake();
}

void WorkerSolverClient::drop_worker() {
  if (worker_ < 0) return;
  emscripten_destroy_worker(worker_);
  std::array<char, 8> ignored{};
  js_take_worker_failure(worker_, ignored.data(), static_cast<int>(ignored.size()));
  worker_ = -1;
}

void WorkerSolverClient::start(const SolveRequest& request) {
  cancel();
  ensure_worker();
  std::string message = encode_request(request);
  emscripten_call_worker(worker_, "solve", message.data(), static_cast<int>(message.size()),
                         &WorkerSolverClient::on_message, this);
  busy_ = true;
  last_stats_ = {};
  told_loading_ms_ = -1;
  if (!loaded_) wake();  // poll() says "loading the solver" while it is on its way
}

void WorkerSolverClient::cancel() {
  if (!busy_) return;
  // A search cannot be interrupted from outside, so the worker goes; its
  // pending messages are dropped by Emscripten. A new one warms up at once.
  drop_worker();
  busy_ = false;
  inbox_.clear();
  ensure_worker();
}

void WorkerSolverClient::on_message(char* data, int size, void* self) {
  auto& client = *static_cast<WorkerSolverClient*>(self);
  client.inbox_.emplace_back(data ? data : "", data ? static_cast<size_t>(size) : 0);
  client.wake();  // the page draws on demand: this message is the demand
}

void WorkerSolverClient::check_worker(std::vector<shell::SolverEvent>& events) {
  if (worker_ < 0) return;
  std::array<char, 512> error{};
  const int size = js_take_worker_failure(worker_, error.data(), static_cast<int>(error.size()));
  if (size <= 0) return;
  const std::string failure =
      describe_worker_failure(std::string(error.data(), static_cast<size_t>(size - 1)));
  // A dead worker answers nothing more; the next solve starts a fresh one.
  drop_worker();
  if (!busy_) return;
  busy_ = false;
  SolveResult failed = SolveResult::invalid(failure);
  failed.stats = last_stats_;
  events.emplace_back(std::move(failed));
}

std::vector<shell::SolverEvent> WorkerSolverClient::poll() {
  std::vector<shell::SolverEvent> events;
  for (const std::string& message : inbox_) {
    events.push_back(shell::decode_solver_message(message));
    if (std::holds_alternative<Reply>(events.back())) busy_ = false;
    if (const auto* progress = std::get_if<SolveProgress>(&events.back())) {
      last_stats_ = progress->stats;
    }
  }
  inbox_.clear();
  check_worker(events);
  // Until the worker has loaded, its silence is its download's: say so about
  // once a second (the room ends a job it hears nothing from).
  const double now = emscripten_get_now();
  if (busy_ && !loaded_ && events.empty() &&
      (told_loading_ms_ < 0 || now - told_loading_ms_ >= 1000)) {
    SolveProgress loading;
    loading.phase = "loading the solver";
    events.emplace_back(std::move(loading));
    told_loading_ms_ = now;
  }
  return events;
}

}  // namespace puzzlelab::web
