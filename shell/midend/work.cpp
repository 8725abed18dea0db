#include "midend/work.h"

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <utility>

#include "frame_pacer.h"
#include "midend/in_process_client.h"

namespace puzzlelab::shell {

namespace {

WorkRoom::Clock steady_seconds() {
  const auto start = std::chrono::steady_clock::now();
  return [start] {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  };
}

}  // namespace

std::string describe_silent_job(RequestKind kind, double silent) {
  const std::string again = kind == RequestKind::solve ? "Press Solve to try again." : "Try again.";
  return "The solver stopped answering (no word from it for " +
         std::to_string(static_cast<int64_t>(silent)) +
         " s): it may have been ended or be stuck. " + again;
}

// --- a lane -------------------------------------------------------------------

void WorkLane::start(const SolveRequest& request) {
  cancel();
  job_ = request.kind;
  heard_ = room_.now();
  last_stats_ = {};
  client_->start(request);
}

void WorkLane::cancel() {
  if (!job_) return;
  job_.reset();
  client_->cancel();
}

std::vector<SolverEvent> WorkLane::poll() {
  std::vector<SolverEvent> events;
  std::vector<SolverEvent> heard = client_->poll();
  if (!job_) return events;  // a cancelled job's last words: stale
  for (SolverEvent& event : heard) {
    heard_ = room_.now();
    if (const auto* progress = std::get_if<SolveProgress>(&event)) {
      last_stats_ = progress->stats;
      events.push_back(std::move(event));
      continue;
    }
    // The job's kind is the room's to say (a crashed worker's reply has none).
    Reply& reply = std::get<Reply>(event);
    reply.kind = *job_;
    events.push_back(std::move(event));
    job_.reset();
    return events;
  }
  const double silent = room_.now() - heard_;
  if (silent >= room_.silence_limit()) end_silent(events, silent);
  return events;
}

void WorkLane::end_silent(std::vector<SolverEvent>& events, double silent) {
  const RequestKind kind = *job_;
  job_.reset();
  client_->cancel();  // a transport that is only slow stops too
  SolveResult failed = SolveResult::invalid(describe_silent_job(kind, silent));
  failed.stats = last_stats_;
  Reply reply(std::move(failed));
  reply.kind = kind;
  events.emplace_back(std::move(reply));
}

double WorkLane::seconds_to_deadline() const {
  if (!job_) return kNever;
  // An in-process job cannot fall silent: it runs whole at the next poll
  // (its start woke the host for that).
  if (in_process_) return kNever;
  // Once past, the frame at the deadline has come: the lane's next poll
  // ends the job. A lane nobody polls now (the Cluster view closed) asks
  // for no more frames.
  const double left = heard_ + room_.silence_limit() - room_.now();
  return left >= 0 ? left : kNever;
}

std::string WorkLane::where() const {
  return client_->where();
}

// --- the room -------------------------------------------------------------------

WorkRoom::WorkRoom(Clock clock) : clock_(clock ? std::move(clock) : steady_seconds()) {
  for (auto& lane : lanes_) lane.reset(new WorkLane(*this));
  for (const Lane which : {Lane::game, Lane::view, Lane::space}) set_client(which, nullptr);
}

void WorkRoom::set_client(Lane which, std::unique_ptr<SolverClient> client) {
  WorkLane& to = lane(which);
  to.cancel();
  to.client_ = client ? std::move(client) : std::make_unique<InProcessSolverClient>();
  to.in_process_ = dynamic_cast<const InProcessSolverClient*>(to.client_.get()) != nullptr;
  to.client_->set_wake([this] {
    if (wake_) wake_();
  });
}

void WorkRoom::set_wake(std::function<void()> wake) {
  wake_ = std::move(wake);
}

void WorkRoom::cancel_all() {
  for (auto& lane : lanes_) lane->cancel();
}

double WorkRoom::seconds_to_deadline() const {
  double soonest = kNever;
  for (const auto& lane : lanes_) soonest = std::min(soonest, lane->seconds_to_deadline());
  return soonest;
}

}  // namespace puzzlelab::shell
