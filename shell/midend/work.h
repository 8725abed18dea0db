// The work room: the one place that talks to solvers. Solves, hints,
// ratings, generated puzzles, Compare's rows, the editor's verdicts, the
// board views' own computing and the Cluster view's space all go through
// it; nothing else holds a SolverClient. The clients themselves (a thread
// natively, a Web Worker in the browser) are only transports, made by the
// host's main() and handed to the room. A lane the host gives none runs its
// jobs in-process (midend/in_process_client.h: the same job, on the
// caller's thread at the next poll), so every lane can always work and a
// view always asks the room, in tests and pictures as in the app.
//
// The room keeps its policies in one place, for every job and both hosts:
//   - a lane runs one job at a time, and a job started on a busy lane
//     replaces the one there: the old one's cancel reaches the transport,
//     and nothing it still says arrives (not even a late reply);
//   - lanes run side by side, so a view's jump and a solve never cancel or
//     wait for each other;
//   - a job that says nothing for silence_limit() seconds (progress comes
//     about every 100 ms) is taken as dead: its transport is cancelled and
//     the job ends with a failed reply that says so.
#pragma once

#include <array>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "api/solve_protocol.h"
#include "midend/solver_client.h"

namespace puzzlelab::shell {

// Who works on a lane.
enum class Lane {
  game,   // the midend's: solve, hint, rate, generate, Compare's rows, the editor's verdict
  view,   // the board views' own computing (RequestKind::compute: Tree of Life's jumps, Bender's
          // Compress)
  space,  // the Cluster view's space (RequestKind::space)
};
inline constexpr int kLanes = 3;

class WorkRoom;

// One lane of the room, as the midend, a view or the Cluster pane sees it.
// Its calls are SolverClient's, so a view asks the room as it asked a worker.
class WorkLane {
 public:
  WorkLane(const WorkLane&) = delete;
  WorkLane& operator=(const WorkLane&) = delete;

  // The lane runs its jobs in-process, on the caller's thread (the host
  // gave it no transport of its own).
  bool in_process() const { return in_process_; }
  // Starts a job; a job running on the lane is cancelled first.
  void start(const SolveRequest& request);
  // Stops the running job; nothing more of it arrives. No-op when idle.
  void cancel();
  // What the running job said since the last poll, oldest first: progress,
  // then one Reply (of the job's kind) that ends it. A silent job ends here.
  std::vector<SolverEvent> poll();
  bool busy() const { return job_.has_value(); }
  // The kind of the running job.
  std::optional<RequestKind> job() const { return job_; }
  // Seconds until poll() would end the running job as silent (so a host
  // that draws on demand polls then); kNever when idle or already past.
  double seconds_to_deadline() const;
  std::string where() const;

 private:
  friend class WorkRoom;
  explicit WorkLane(const WorkRoom& room) : room_(room) {}
  void end_silent(std::vector<SolverEvent>& events, double silent);

  const WorkRoom& room_;
  std::unique_ptr<SolverClient> client_;  // never nullptr
  bool in_process_ = true;
  std::optional<RequestKind> job_;
  double heard_ = 0;        // when the job started or last said something
  SearchStats last_stats_;  // from its last progress
};

class WorkRoom {
 public:
  using Clock = std::function<double()>;         // seconds, any origin
  static constexpr double kSilenceSeconds = 20;  // a busy phone's tab may stall for seconds

  // `clock`: nullptr = a steady clock.
  explicit WorkRoom(Clock clock = nullptr);
  WorkRoom(const WorkRoom&) = delete;
  WorkRoom& operator=(const WorkRoom&) = delete;

  // Gives `lane` its transport (nullptr: in-process again, with no bounds).
  // Its wake-up (set_wake) is the room's.
  void set_client(Lane lane, std::unique_ptr<SolverClient> client);
  // Called when any transport has news, so a host that draws on demand
  // polls soon (natively on a solver's thread: it must be safe there).
  void set_wake(std::function<void()> wake);

  WorkLane& lane(Lane lane) { return *lanes_[static_cast<size_t>(lane)]; }
  const WorkLane& lane(Lane lane) const { return *lanes_[static_cast<size_t>(lane)]; }
  void cancel_all();

  double silence_limit() const { return silence_seconds_; }
  void set_silence_limit(double seconds) { silence_seconds_ = seconds; }
  // The soonest lane deadline (WorkLane::seconds_to_deadline).
  double seconds_to_deadline() const;
  // Where the game's work runs: "Web Worker", "thread" or "in process".
  std::string where() const { return lane(Lane::game).where(); }
  double now() const { return clock_(); }

 private:
  Clock clock_;
  double silence_seconds_ = kSilenceSeconds;
  std::function<void()> wake_;
  std::array<std::unique_ptr<WorkLane>, kLanes> lanes_;
};

// The player's words for a job that said nothing for `silent` seconds.
std::string describe_silent_job(RequestKind kind, double silent);

}  // namespace puzzlelab::shell
