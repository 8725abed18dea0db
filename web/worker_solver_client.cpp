#include "worker_solver_client.h"

#include <emscripten/emscripten.h>

namespace puzzlelab::web {

WorkerSolverClient::WorkerSolverClient(std::string script_url)
    : script_url_(std::move(script_url)) {
  ensure_worker();  // start loading the worker's wasm now, so the first solve starts at once
}

WorkerSolverClient::~WorkerSolverClient() {
  if (worker_ >= 0) emscripten_destroy_worker(worker_);
}

void WorkerSolverClient::ensure_worker() {
  if (worker_ < 0) worker_ = emscripten_create_worker(script_url_.c_str());
}

void WorkerSolverClient::start(const SolveRequest& request) {
  cancel();
  ensure_worker();
  std::string message = encode_request(request);
  emscripten_call_worker(worker_, "solve", message.data(), static_cast<int>(message.size()),
                         &WorkerSolverClient::on_message, this);
  busy_ = true;
}

void WorkerSolverClient::cancel() {
  if (!busy_) return;
  // A search cannot be interrupted from outside, so the worker goes; its
  // pending messages are dropped by Emscripten. A new one warms up at once.
  emscripten_destroy_worker(worker_);
  worker_ = -1;
  busy_ = false;
  inbox_.clear();
  ensure_worker();
}

void WorkerSolverClient::on_message(char* data, int size, void* self) {
  auto& client = *static_cast<WorkerSolverClient*>(self);
  client.inbox_.emplace_back(data ? data : "", data ? static_cast<size_t>(size) : 0);
}

std::vector<shell::SolverEvent> WorkerSolverClient::poll() {
  std::vector<shell::SolverEvent> events;
  for (const std::string& message : inbox_) {
    events.push_back(shell::decode_solver_message(message));
    if (std::holds_alternative<Reply>(events.back())) busy_ = false;
  }
  inbox_.clear();
  return events;
}

}  // namespace puzzlelab::web
