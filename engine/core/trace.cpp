#include "core/trace.h"

#include <algorithm>
#include <unordered_map>

#include "core/json_writer.h"
#include "core/space.h"

namespace puzzlelab {

std::vector<uint32_t> SearchTrace::solution_steps() const {
  std::vector<uint32_t> path;
  if (!ends_at_goal || steps.empty()) return path;
  for (uint32_t k = static_cast<uint32_t>(steps.size() - 1); k != TraceStep::kNoParent;
       k = steps[k].parent) {
    path.push_back(k);
  }
  std::reverse(path.begin(), path.end());
  return path;
}

void attach_cluster(SearchTrace& trace, const std::vector<std::string>& space_boards) {
  std::unordered_map<std::string_view, int> node;
  node.reserve(space_boards.size());
  for (size_t i = 0; i < space_boards.size(); ++i) node.emplace(space_boards[i], int(i));
  trace.cluster.assign(trace.boards.size(), -1);
  for (size_t i = 0; i < trace.boards.size(); ++i) {
    if (auto it = node.find(trace.boards[i]); it != node.end()) trace.cluster[i] = it->second;
  }
}

std::string encode_trace(const SearchTrace& trace) {
  Json steps = {{"state", Json::array()},     {"parent", Json::array()},
                {"g", Json::array()},         {"f", Json::array()},
                {"iteration", Json::array()}, {"frontier", Json::array()},
                {"visited", Json::array()},   {"move", Json::array()}};
  for (const TraceStep& step : trace.steps) {
    steps["state"].push_back(step.state);
    steps["parent"].push_back(step.parent == TraceStep::kNoParent ? int64_t{-1}
                                                                  : int64_t{step.parent});
    steps["g"].push_back(step.g);
    steps["f"].push_back(step.f);
    steps["iteration"].push_back(step.iteration);
    steps["frontier"].push_back(step.frontier);
    steps["visited"].push_back(step.visited);
    steps["move"].push_back(step.move);
  }
  Json json = {{"algorithm", trace.algorithm},
               {"metric", trace.metric},
               {"status", std::string(to_string(trace.status))},
               {"message", trace.message},
               {"limit", trace.limit},
               {"truncated", trace.truncated},
               {"endsAtGoal", trace.ends_at_goal},
               {"cost", trace.status == SolveStatus::solved ? Json(trace.cost) : Json(nullptr)},
               {"expanded", trace.stats.expanded},
               {"roundBounds", trace.round_bounds},
               {"solution", trace.solution_steps()},
               {"boards", trace.boards},
               {"cluster", trace.cluster},
               {"steps", std::move(steps)}};
  return dump_json(json);
}

SearchTrace trace_search(const Game& position, const SolveOptions& options, uint64_t limit) {
  const auto hook = position.info().hooks.trace;
  if (!hook) {
    SearchTrace trace;
    trace.message = std::string(position.info().id) + " has no search traces";
    return trace;
  }
  if (limit == 0 || limit > kMaxTraceLimit) {
    SearchTrace trace;
    trace.message = "a trace holds 1 to " + std::to_string(kMaxTraceLimit) + " expansions, not " +
                    std::to_string(limit);
    return trace;
  }
  return hook(position, options, limit);
}

SearchTrace trace_for_watching(const Game& position, const SolveOptions& options, uint64_t limit) {
  SearchTrace trace = trace_search(position, options, limit);
  const auto space_of = position.info().hooks.space;
  if (trace.status == SolveStatus::invalid || !space_of) return trace;
  const Space space = space_of(position, options, 0);
  if (space.status == SolveStatus::solved) attach_cluster(trace, space.boards);
  return trace;
}

}  // namespace puzzlelab
