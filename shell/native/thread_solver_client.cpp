#include "native/thread_solver_client.h"

#include <utility>

namespace puzzlelab::shell {

ThreadSolverClient::~ThreadSolverClient() {
  for (Worker& worker : workers_) {
    worker.run->cancel = true;
    worker.thread.join();
  }
}

void ThreadSolverClient::work(std::shared_ptr<Run> run, SolveRequest request) {
  auto post = [&run](const WorkerMessage& message) {
    std::string text = encode_message(message);
    {
      const std::lock_guard lock(run->mutex);
      run->messages.push_back(std::move(text));
    }
    run->posted.notify_all();
    if (run->wake) run->wake();
  };
  const Reply reply =
      serve_request(request, &run->cancel, [&](const SolveProgress& progress) { post(progress); });
  post(reply);
  run->done = true;
}

void ThreadSolverClient::start(const SolveRequest& request) {
  cancel();
  join_finished();
  run_ = std::make_shared<Run>();
  run_->wake = [this] { wake(); };
  workers_.push_back({std::thread(&ThreadSolverClient::work, run_, request), run_});
}

void ThreadSolverClient::cancel() {
  if (!run_) return;
  run_->cancel = true;  // the search stops within a few hundred expansions
  run_.reset();         // and whatever it still says is dropped
}

std::vector<SolverEvent> ThreadSolverClient::poll() {
  join_finished();
  std::vector<SolverEvent> events;
  if (!run_) return events;
  std::vector<std::string> messages;
  {
    const std::lock_guard lock(run_->mutex);
    messages.swap(run_->messages);
  }
  for (const std::string& message : messages) {
    events.push_back(decode_solver_message(message));
    if (std::holds_alternative<Reply>(events.back())) run_.reset();
  }
  return events;
}

void ThreadSolverClient::wait_for_messages(std::chrono::milliseconds limit) {
  if (!run_) return;
  std::unique_lock lock(run_->mutex);
  run_->posted.wait_for(lock, limit, [this] { return !run_->messages.empty(); });
}

bool ThreadSolverClient::busy() const {
  return run_ != nullptr;
}

void ThreadSolverClient::join_finished() {
  std::erase_if(workers_, [](Worker& worker) {
    if (!worker.run->done) return false;
    worker.thread.join();
    return true;
  });
}

}  // namespace puzzlelab::shell
