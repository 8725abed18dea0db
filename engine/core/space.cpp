#include "core/space.h"

#include <algorithm>
#include <cmath>
#include <deque>
#include <numbers>
#include <queue>

#include "core/json_reader.h"
#include "core/json_writer.h"

namespace puzzlelab {

namespace {

constexpr double kTau = 2 * std::numbers::pi;
constexpr double kFixedPoint = 10000;  // x and y travel as whole numbers of 1/10000

// Breadth-first distances from every source at once over the adjacency;
// -1 where none is reachable.
std::vector<int> distances_from(const Adjacency& adj, const std::vector<int>& sources) {
  std::vector<int> distance(adj.offsets.size() - 1, -1);
  std::deque<int> queue;
  for (int s : sources) {
    distance[s] = 0;
    queue.push_back(s);
  }
  while (!queue.empty()) {
    const int node = queue.front();
    queue.pop_front();
    for (int k = adj.offsets[node]; k < adj.offsets[node + 1]; ++k) {
      const int next = adj.targets[k];
      if (distance[next] >= 0) continue;
      distance[next] = distance[node] + 1;
      queue.push_back(next);
    }
  }
  return distance;
}

// Least costs from every source at once over the adjacency (Dijkstra),
// each edge costing edge_cost[its number]; -1 where none is reachable.
std::vector<int64_t> least_costs_from(const Adjacency& adj, const std::vector<int64_t>& edge_cost,
                                      const std::vector<int>& sources) {
  std::vector<int64_t> cost(adj.offsets.size() - 1, -1);
  using Entry = std::pair<int64_t, int>;
  std::priority_queue<Entry, std::vector<Entry>, std::greater<>> queue;
  for (int s : sources) queue.emplace(0, s);
  while (!queue.empty()) {
    const auto [c, node] = queue.top();
    queue.pop();
    if (cost[node] >= 0) continue;
    cost[node] = c;
    for (int k = adj.offsets[node]; k < adj.offsets[node + 1]; ++k) {
      if (cost[adj.targets[k]] < 0) queue.emplace(c + edge_cost[adj.edge[k]], adj.targets[k]);
    }
  }
  return cost;
}

// The circular mean of the angles of a node's neighbours on the ring inside
// it, or nullopt when it has none there.
std::optional<double> inner_mean(const Adjacency& adj, const std::vector<int>& ring_of,
                                 const std::vector<double>& angle, int node) {
  double sx = 0, sy = 0;
  bool any = false;
  for (int k = adj.offsets[node]; k < adj.offsets[node + 1]; ++k) {
    const int next = adj.targets[k];
    if (ring_of[next] != ring_of[node] - 1) continue;
    sx += std::cos(angle[next]);
    sy += std::sin(angle[next]);
    any = true;
  }
  if (!any || (sx == 0 && sy == 0)) return std::nullopt;
  return std::atan2(sy, sx);
}

// Places one ring's nodes near where their inner neighbours are (so the
// moves between rings stay short and a way to solved runs inwards), no
// closer to each other than most of an even share of the ring (so a crowded
// ring still goes all the way round).
void place_ring(const Adjacency& adj, const std::vector<int>& ring_of, std::vector<int> nodes,
                std::vector<double>& angle) {
  const size_t n = nodes.size();
  std::vector<std::pair<double, int>> keyed;
  keyed.reserve(n);
  for (size_t i = 0; i < n; ++i) {
    const auto mean = inner_mean(adj, ring_of, angle, nodes[i]);
    // No inner neighbour (the first ring, unknown distances): even slots in order.
    double key = mean ? *mean : kTau * (double(i) + 0.5) / double(n);
    if (key < 0) key += kTau;
    keyed.emplace_back(key, nodes[i]);
  }
  std::sort(keyed.begin(), keyed.end());
  // Push apart, going round once from the widest gap between wished angles.
  size_t start = 0;
  double widest = -1;
  for (size_t i = 0; i < n; ++i) {
    const double next = i + 1 < n ? keyed[i + 1].first : keyed[0].first + kTau;
    if (next - keyed[i].first > widest) {
      widest = next - keyed[i].first;
      start = (i + 1) % n;
    }
  }
  const double gap = 0.8 * kTau / double(n);
  std::vector<double> placed(n);
  double previous = 0;
  for (size_t k = 0; k < n; ++k) {
    const size_t i = (start + k) % n;
    double wish = keyed[i].first + (i < start ? kTau : 0);
    if (k > 0) wish = std::max(wish, previous + gap);
    placed[k] = previous = wish;
  }
  // Squeeze back into one turn if pushing made it longer, then centre the
  // shift over the wished angles.
  const double span = placed[n - 1] - placed[0];
  const double room = kTau - gap;
  const double squeeze = span > room ? room / span : 1;
  double shift = 0;
  for (size_t k = 0; k < n; ++k) {
    const size_t i = (start + k) % n;
    placed[k] = placed[0] + (placed[k] - placed[0]) * squeeze;
    shift += keyed[i].first + (i < start ? kTau : 0) - placed[k];
  }
  shift /= double(n);
  for (size_t k = 0; k < n; ++k) angle[keyed[(start + k) % n].second] = placed[k] + shift;
}

void lay_out(Space& space, const Adjacency& adj, const std::vector<int>& ring_of) {
  const size_t n = space.size();
  std::vector<std::vector<int>> rings(space.rings);
  for (size_t i = 0; i < n; ++i) rings[ring_of[i]].push_back(static_cast<int>(i));
  std::vector<double> angle(n, 0);
  for (const auto& ring : rings) place_ring(adj, ring_of, ring, angle);
  space.x.assign(n, 0);
  space.y.assign(n, 0);
  const double outer = space.rings - 0.5;
  for (size_t i = 0; i < n; ++i) {
    const int r = ring_of[i];
    // A lone position in the middle sits at the centre; rings are evenly spaced.
    const double radius = (r == 0 && rings[0].size() == 1) ? 0 : (r + 0.5) / std::max(outer, 1.0);
    space.x[i] = static_cast<float>(std::min(1.0, radius) * std::cos(angle[i]));
    space.y[i] = static_cast<float>(std::min(1.0, radius) * std::sin(angle[i]));
  }
}

}  // namespace

Adjacency adjacency(const Space& space, Along along) {
  const size_t n = space.size();
  const bool forward = !space.directed || along != Along::backward;
  const bool backward = !space.directed || along != Along::forward;
  Adjacency adj;
  adj.offsets.assign(n + 1, 0);
  for (size_t e = 0; e + 1 < space.edges.size(); e += 2) {
    if (forward) ++adj.offsets[space.edges[e] + 1];
    if (backward) ++adj.offsets[space.edges[e + 1] + 1];
  }
  for (size_t i = 0; i < n; ++i) adj.offsets[i + 1] += adj.offsets[i];
  adj.targets.resize(adj.offsets[n]);
  adj.edge.resize(adj.offsets[n]);
  std::vector<int> fill(adj.offsets.begin(), adj.offsets.end() - 1);
  const auto add = [&](int from, int to, size_t e) {
    adj.edge[fill[from]] = static_cast<int>(e / 2);
    adj.targets[fill[from]++] = to;
  };
  for (size_t e = 0; e + 1 < space.edges.size(); e += 2) {
    const int a = space.edges[e], b = space.edges[e + 1];
    if (forward) add(a, b, e);
    if (backward) add(b, a, e);
  }
  return adj;
}

void finish_space(Space& space, const std::vector<bool>& solved) {
  const Adjacency back = adjacency(space, Along::backward);
  std::vector<int> sources;
  for (size_t i = 0; i < space.size(); ++i) {
    if (solved[i]) sources.push_back(static_cast<int>(i));
  }
  space.distance = distances_from(back, sources);
  space.cost.clear();
  if (!space.edge_cost.empty()) space.cost = least_costs_from(back, space.edge_cost, sources);
  std::vector<int> ring_of = sources.empty() ? space.depth : space.distance;
  space.rings_by = sources.empty() ? "moves from the board" : "distance to solved";
  const int deepest = ring_of.empty() ? 0 : *std::max_element(ring_of.begin(), ring_of.end());
  const bool unknown = std::find(ring_of.begin(), ring_of.end(), -1) != ring_of.end();
  // Positions with no solved one reachable in the space go on a ring outside.
  for (int& r : ring_of) r = r < 0 ? deepest + 1 : r;
  space.rings = deepest + 1 + (unknown ? 1 : 0);
  lay_out(space, space.directed ? adjacency(space, Along::both) : back, ring_of);
}

std::vector<int> space_path(const Space& space, int from, int to) {
  const std::vector<int> distance = distances_from(adjacency(space, Along::backward), {to});
  if (distance[from] < 0) return {};
  const Adjacency forward = adjacency(space, Along::forward);
  std::vector<int> path{from};
  while (path.back() != to) {
    const int node = path.back();
    for (int k = forward.offsets[node]; k < forward.offsets[node + 1]; ++k) {
      if (distance[forward.targets[k]] == distance[node] - 1) {
        path.push_back(forward.targets[k]);
        break;
      }
    }
  }
  return path;
}

std::vector<int> path_to_solved(const Space& space, const Adjacency& forward, int node) {
  // Each step keeps to a least-cost way (or fewest moves): the cost still
  // to go drops by exactly the step's cost.
  const bool costed = !space.cost.empty();
  const auto still = [&](int at) { return costed ? space.cost[at] : int64_t(space.distance[at]); };
  const auto step = [&](int k) { return costed ? space.edge_cost[forward.edge[k]] : int64_t(1); };
  std::vector<int> path{node};
  // No path is longer than the space (a decoded space's costs could lie).
  while (space.distance[path.back()] > 0 && path.size() <= space.size()) {
    const int at = path.back();
    for (int k = forward.offsets[at]; k < forward.offsets[at + 1]; ++k) {
      const int next = forward.targets[k];
      if (still(next) >= 0 && still(next) + step(k) == still(at)) {
        path.push_back(next);
        break;
      }
    }
    if (path.back() == at) break;  // cannot happen: a cost comes from a move
  }
  return path;
}

std::string space_summary(const Space& space) {
  if (!space.truncated) return std::to_string(space.size()) + " positions";
  return "more than " + std::to_string(space.cap) + " positions: showing the " +
         std::to_string(space.cap) + " nearest the board";
}

std::string encode_space(const Space& space) {
  auto fixed = [](const std::vector<float>& values) {
    std::vector<int64_t> out;
    out.reserve(values.size());
    for (float v : values) out.push_back(std::lround(v * kFixedPoint));
    return out;
  };
  Json json = {{"status", std::string(to_string(space.status))},
               {"message", space.message},
               {"truncated", space.truncated},
               {"cap", space.cap},
               {"rings_by", space.rings_by},
               {"rings", space.rings},
               {"ms", round_millis(space.elapsed_ms)},
               {"boards", space.boards},
               {"depth", space.depth},
               {"distance", space.distance},
               {"x", fixed(space.x)},
               {"y", fixed(space.y)},
               {"edges", space.edges},
               {"directed", space.directed},
               {"edge_cost", space.edge_cost},
               {"cost", space.cost}};
  return dump_json(json);
}

Parsed<Space> decode_space(std::string_view text) {
  auto json = parse_json(text);
  if (!json) return json.error();
  if (!json.value().is_object()) return parse_error(0, 0, "space: expected a JSON object");
  Space space;
  std::optional<ParseError> error;
  FieldReader fields(json.value(), "space", error);
  std::string status;
  fields.text("status", status, FieldReader::Need::required);
  fields.text("message", space.message);
  fields.flag("truncated", space.truncated);
  fields.count("cap", space.cap);
  fields.text("rings_by", space.rings_by);
  int64_t rings = 0;
  fields.integer("rings", rings);
  fields.number("ms", space.elapsed_ms);
  fields.texts("boards", space.boards);
  fields.ints("depth", space.depth);
  fields.ints("distance", space.distance);
  std::vector<int> x, y;
  fields.ints("x", x);
  fields.ints("y", y);
  fields.ints("edges", space.edges);
  fields.flag("directed", space.directed);
  fields.integers("edge_cost", space.edge_cost);
  fields.integers("cost", space.cost);
  if (error) return *error;
  for (SolveStatus s : {SolveStatus::solved, SolveStatus::unsolvable, SolveStatus::budget_exceeded,
                        SolveStatus::cancelled, SolveStatus::ambiguous, SolveStatus::invalid}) {
    if (to_string(s) == status) space.status = s;
  }
  const size_t n = space.boards.size();
  if (space.depth.size() != n || space.distance.size() != n || x.size() != n || y.size() != n ||
      space.edges.size() % 2 != 0) {
    return parse_error(0, 0, "space: the columns boards, depth, distance, x, y differ in length");
  }
  if ((!space.edge_cost.empty() && space.edge_cost.size() != space.edges.size() / 2) ||
      (!space.cost.empty() && space.cost.size() != n)) {
    return parse_error(0, 0, "space: edge_cost needs one per edge and cost one per position");
  }
  for (int node : space.edges) {
    if (node < 0 || static_cast<size_t>(node) >= n) {
      return parse_error(
          0, 0, "space: an edge names node " + std::to_string(node) + " of " + std::to_string(n));
    }
  }
  space.rings = static_cast<int>(rings);
  for (size_t i = 0; i < n; ++i) {
    space.x.push_back(static_cast<float>(x[i] / kFixedPoint));
    space.y.push_back(static_cast<float>(y[i] / kFixedPoint));
  }
  return space;
}

}  // namespace puzzlelab
