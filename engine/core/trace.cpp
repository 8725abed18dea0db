#include "core/trace.h"

#include <algorithm>
#include <unordered_map>

#include "core/json_reader.h"
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

namespace {

struct StepColumns {
  std::vector<int64_t> state, parent, g, f, iteration, frontier, visited;
  std::vector<std::string> move;
};

std::optional<std::string> fill_steps(SearchTrace& trace, const StepColumns& c) {
  const size_t n = c.state.size();
  for (size_t size : {c.parent.size(), c.g.size(), c.f.size(), c.iteration.size(),
                      c.frontier.size(), c.visited.size(), c.move.size()}) {
    if (size != n) return "trace: the step columns differ in length";
  }
  if (!trace.cluster.empty() && trace.cluster.size() != trace.boards.size())
    return "trace: cluster needs one node per board";
  trace.steps.resize(n);
  for (size_t k = 0; k < n; ++k) {
    if (c.state[k] < 0 || static_cast<size_t>(c.state[k]) >= trace.boards.size())
      return "trace: step " + std::to_string(k) + " names no board";
    if (c.parent[k] < -1 || c.parent[k] >= static_cast<int64_t>(k))
      return "trace: step " + std::to_string(k) + "'s parent is not an earlier step";
    if (c.iteration[k] < 0 || c.frontier[k] < 0 || c.visited[k] < 0)
      return "trace: step " + std::to_string(k) + " has a negative count";
    TraceStep& step = trace.steps[k];
    step.state = static_cast<uint32_t>(c.state[k]);
    step.parent = c.parent[k] < 0 ? TraceStep::kNoParent : static_cast<uint32_t>(c.parent[k]);
    step.g = c.g[k];
    step.f = c.f[k];
    step.iteration = static_cast<uint32_t>(c.iteration[k]);
    step.frontier = static_cast<uint64_t>(c.frontier[k]);
    step.visited = static_cast<uint64_t>(c.visited[k]);
    step.move = c.move[k];
  }
  return std::nullopt;
}

}  // namespace

Parsed<SearchTrace> decode_trace(std::string_view text) {
  auto json = parse_json(text);
  if (!json) return json.error();
  if (!json.value().is_object()) return parse_error(0, 0, "trace: expected a JSON object");
  SearchTrace trace;
  std::optional<ParseError> error;
  FieldReader fields(json.value(), "trace", error);
  std::string status;
  fields.text("status", status, FieldReader::Need::required);
  fields.text("algorithm", trace.algorithm);
  fields.text("metric", trace.metric);
  fields.text("message", trace.message);
  fields.count("limit", trace.limit);
  fields.flag("truncated", trace.truncated);
  fields.flag("endsAtGoal", trace.ends_at_goal);
  const auto cost = json.value().find("cost");  // null when not solved
  if (cost == json.value().end() || !cost->is_null()) fields.integer("cost", trace.cost);
  fields.count("expanded", trace.stats.expanded);
  fields.integers("roundBounds", trace.round_bounds);
  fields.texts("boards", trace.boards);
  fields.ints("cluster", trace.cluster);
  StepColumns c;
  if (auto steps = fields.object("steps", FieldReader::Need::required)) {
    steps->integers("state", c.state);
    steps->integers("parent", c.parent);
    steps->integers("g", c.g);
    steps->integers("f", c.f);
    steps->integers("iteration", c.iteration);
    steps->integers("frontier", c.frontier);
    steps->integers("visited", c.visited);
    steps->texts("move", c.move);
  }
  if (error) return *error;
  for (SolveStatus s : {SolveStatus::solved, SolveStatus::unsolvable, SolveStatus::budget_exceeded,
                        SolveStatus::cancelled, SolveStatus::ambiguous, SolveStatus::invalid}) {
    if (to_string(s) == status) trace.status = s;
  }
  if (auto why = fill_steps(trace, c)) return parse_error(0, 0, *why);
  return trace;
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
