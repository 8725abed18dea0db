// The space lane as the shell tests drive it: a worker that serves each
// request on the next poll (its answer was on its way even when cancelled),
// and a work room whose space lane it is, as the app gives the Cluster view
// and Watch the search.
#pragma once

#include <memory>
#include <optional>
#include <vector>

#include "api/solve_protocol.h"
#include "midend/work.h"

namespace puzzlelab::testing {

class LateWorker : public shell::SolverClient {
 public:
  void start(const SolveRequest& request) override { request_ = request; }
  void cancel() override {}
  std::vector<shell::SolverEvent> poll() override {
    if (!request_) return {};
    std::vector<shell::SolverEvent> events;
    events.emplace_back(serve_request(*request_, nullptr, nullptr));
    request_.reset();
    return events;
  }
  bool busy() const override { return request_.has_value(); }
  std::string where() const override { return "test"; }

 private:
  std::optional<SolveRequest> request_;
};

// `client` as the work room's space lane.
struct SpaceLane {
  shell::WorkRoom room{[] { return 0.0; }};
  shell::WorkLane& lane;
  explicit SpaceLane(std::unique_ptr<shell::SolverClient> client)
      : lane(room.lane(shell::Lane::space)) {
    room.set_client(shell::Lane::space, std::move(client));
  }
};

}  // namespace puzzlelab::testing
