#include "puzzles/bender/compressor.h"

#include <algorithm>
#include <cmath>

namespace puzzlelab::bender {

namespace {

constexpr int kMaxBody = 24;
constexpr int kInfinity = 1 << 28;

// Classic greedy compression of a text: while it pays, the substring whose
// replacement by a new function saves the most characters becomes one.
std::array<std::string, kMaxFunctions + 1> greedy_functions(std::string text) {
  std::array<std::string, kMaxFunctions + 1> bodies;
  for (int f = 1; f <= kMaxFunctions; ++f) {
    int best_saving = 0;
    std::string best;
    const int n = static_cast<int>(text.size());
    for (int length = 2; length <= std::min(kMaxBody, n / 2); ++length) {
      for (int at = 0; at + length <= n; ++at) {
        const std::string_view piece(text.data() + at, length);
        int count = 0;
        for (size_t k = text.find(piece); k != std::string::npos;
             k = text.find(piece, k + length)) {
          ++count;
        }
        const int saving = count * (length - 1) - length - 1;
        if (saving > best_saving) {
          best_saving = saving;
          best = std::string(piece);
        }
      }
    }
    if (best.empty()) break;
    bodies[f] = best;
    std::string replaced;
    for (size_t k = 0; k < text.size();) {
      if (text.compare(k, best.size(), best) == 0) {
        replaced += static_cast<char>('0' + f);
        k += best.size();
      } else {
        replaced += text[k++];
      }
    }
    text = replaced;
  }
  return bodies;
}

}  // namespace

uint8_t blocked_directions(const Map& map, const World& world) {
  uint8_t blocked = 0;
  for (int d = 0; d < 4; ++d) {
    World copy = world;
    if (move(map, copy, d) == Moved::blocked) blocked |= static_cast<uint8_t>(1 << d);
  }
  return blocked;
}

StateGraph graph_of_walk(const Map& map, const std::string& walk) {
  StateGraph graph;
  graph.walk = walk;
  World world;
  world.load(map);
  std::vector<uint16_t> balls(map.balls);
  const int n = static_cast<int>(walk.size());
  for (int i = 0; i <= n; ++i) {
    StateGraph::Node node{world.bender, world.fields_on,  balls,
                          n - i,        {-1, -1, -1, -1}, blocked_directions(map, world)};
    if (i == n) {
      graph.nodes.push_back(node);
      break;
    }
    const int direction = direction_of(walk[i]);
    node.next[direction] = i + 1;
    graph.nodes.push_back(node);
    const int from = world.bender;
    if (move(map, world, direction) == Moved::pushed) {
      const int delta = map.step(direction);
      *std::find(balls.begin(), balls.end(), static_cast<uint16_t>(from + delta)) =
          static_cast<uint16_t>(from + 2 * delta);
      std::sort(balls.begin(), balls.end());
    }
  }
  return graph;
}

std::optional<StateGraph> graph_of_hand_walk(const Map& map, std::string_view walk,
                                             std::string* why) {
  std::string moves;  // the walk as a program: the simulator keeps the moves, not the bumps
  const Verdict verdict = Simulator(map).run(walk, &moves);
  if (!verdict.win) {
    if (why) *why = verdict.describe();
    return std::nullopt;
  }
  return graph_of_walk(map, moves);
}

Compressor::Compressor(const Map& map, StateGraph graph, uint64_t seed)
    : map_(map),
      graph_(std::move(graph)),
      goal_(static_cast<int>(graph_.nodes.size())),
      depth_(graph_.nodes[0].remaining),
      rng_(seed),
      simulator_(map) {
  for (int k = 0; k < goal_; ++k) order_.push_back(k);
  std::stable_sort(order_.begin(), order_.end(), [&](int a, int b) {
    return graph_.nodes[a].remaining < graph_.nodes[b].remaining;
  });
  for (auto& edges : edges_) edges.assign(goal_, Edge{});
  for (auto& edges : returns_) edges.assign(goal_, Edge{});
  running_.assign(size_t(kMaxFunctions + 1) * goal_, 0);
  wander_marks_.assign(size_t(kMaxFunctions + 1) * size_t(map.cell_count()), WanderMark{});
  paths_.assign(goal_ + 1, Path{});
  best_program_ = graph_.walk;
  bodies_ = greedy_functions(graph_.walk);
  world_.load(map);
  std::fill(world_.ball.begin(), world_.ball.end(), 0);
  recursive_ = recursive_functions();
  recompute_all(~0u);
  evaluate();
  const std::string program = build_program();
  if (program.size() < best_program_.size() && simulator_.run(program).win) best_program_ = program;
}

// Runs function `function` as one token of main from `index`. Every move
// must follow a shortest walk (a bump, which changes nothing, is fine), so
// the run is a walk over the graph; it stops as soon as a move leaves it.
Compressor::Edge Compressor::simulate(int function, int index) {
  std::array<Frame, kLastArrival + 2>& stack = stack_;
  if (++stamp_ == 0) {  // wrapped: forget every mark
    std::fill(running_.begin(), running_.end(), 0);
    stamp_ = 1;
  }
  auto running = [&](int f, int at) -> uint32_t& { return running_[size_t(f) * goal_ + at]; };
  int depth = 1;
  stack[0] = {static_cast<int8_t>(function), 0, index};
  running(function, index) = stamp_;
  const StateGraph::Node& start = graph_.nodes[index];
  // Main reaches this state after at least this many steps. Recursive calls
  // that run much longer than the walk left (going round) are cut short.
  const int left = kLastArrival - (depth_ - start.remaining);
  const int cap = recursive_ >> function & 1 ? std::min(left, 4 * start.remaining + 40) : left;
  int node = index;
  int steps = 1;  // the call
  while (depth > 0 && steps <= cap) {
    Frame& frame = stack[depth - 1];
    const std::string& body = bodies_[frame.function];
    ++steps;
    if (frame.position >= body.size()) {
      running(frame.function, frame.entry) = 0;
      if (--depth > 0) ++stack[depth - 1].position;
      continue;
    }
    const char c = body[frame.position];
    if (c >= '1' && c <= '9') {
      const int callee = c - '0';
      if (!(recursive_ >> callee & 1)) {  // its edge is known: no need to run it
        const Edge& call = returns_[callee][node];
        if (call.end < 0) return {};
        steps += call.steps - 1;  // the call's own step is counted above
        if (call.end == goal_)
          return steps <= cap ? Edge{goal_, static_cast<int16_t>(steps)} : Edge{};
        node = call.end;
        ++frame.position;
        continue;
      }
      if (running(callee, node) == stamp_) return {};  // round and round, here
      running(callee, node) = stamp_;
      stack[depth++] = {static_cast<int8_t>(callee), 0, node};
      continue;
    }
    ++frame.position;
    const int direction = direction_of(c);
    const StateGraph::Node& here = graph_.nodes[node];
    if (here.blocked >> direction & 1) continue;
    if (here.next[direction] < 0) {
      // Off the shortest walks: only a call that recurses forever can still
      // be worth it, if it runs into Fry (the game's "1;DR1").
      if (!(recursive_ >> function & 1)) return {};
      return wander(node, direction, depth, steps, cap);
    }
    node = here.next[direction];
    if (graph_.nodes[node].remaining == 0) return {goal_, static_cast<int16_t>(steps)};
  }
  if (depth > 0) return {};
  return {node, static_cast<int16_t>(steps)};
}

// Goes on with the game's full rules from `node` after a move off the graph.
Compressor::Edge Compressor::wander(int node, int direction, int depth, int steps, int cap) {
  const StateGraph::Node& from = graph_.nodes[node];
  world_.bender = from.bender;
  world_.fields_on = from.fields;
  for (uint16_t cell : from.balls) world_.ball[cell] = 1;
  if (++wander_stamp_ == 0) {
    std::fill(wander_marks_.begin(), wander_marks_.end(), WanderMark{});
    wander_stamp_ = 1;
  }
  auto mark = [&](int f, int cell) -> WanderMark& {
    return wander_marks_[size_t(f) * size_t(map_.cell_count()) + size_t(cell)];
  };
  uint32_t pushes = 0;
  // 1 at Fry, -1 dead, 0 on.
  auto step = [&](int d) {
    const Moved moved = move(map_, world_, d);
    if (moved == Moved::blocked) return 0;
    pushes += moved == Moved::pushed;
    if (map_.kills(world_.bender, world_.fields_on) || world_.ball[map_.target]) return -1;
    return world_.bender == map_.target ? 1 : 0;
  };
  int outcome = step(direction);
  while (outcome == 0 && depth > 0 && steps <= cap) {
    Frame& frame = stack_[depth - 1];
    const std::string& body = bodies_[frame.function];
    ++steps;
    if (frame.position >= body.size()) {
      if (frame.entry <= -2) mark(frame.function, -2 - frame.entry).stamp = 0;
      if (--depth > 0) ++stack_[depth - 1].position;
      continue;
    }
    const char c = body[frame.position];
    if (c >= '1' && c <= '9') {
      // A call at the state of one still running goes round forever.
      WanderMark& m = mark(c - '0', world_.bender);
      if (m.stamp == wander_stamp_ && m.fields == world_.fields_on && m.pushes == pushes) break;
      m = {wander_stamp_, pushes, world_.fields_on};
      stack_[depth++] = {static_cast<int8_t>(c - '0'), 0, -2 - world_.bender};
      continue;
    }
    ++frame.position;
    if (direction_of(c) >= 0) outcome = step(direction_of(c));
  }
  std::fill(world_.ball.begin(), world_.ball.end(), 0);
  if (outcome == 1) return {goal_, static_cast<int16_t>(steps)};
  return {};
}

uint32_t Compressor::recursive_functions() const {
  uint32_t recursive = 0;
  for (int f = 1; f <= kMaxFunctions; ++f) {
    uint32_t reach = 0;  // functions f's calls can reach
    std::vector<int> todo = {f};
    while (!todo.empty()) {
      const int g = todo.back();
      todo.pop_back();
      for (char c : bodies_[g]) {
        const int h = c - '0';
        if (c >= '1' && c <= '9' && !(reach >> h & 1)) {
          reach |= 1u << h;
          todo.push_back(h);
        }
      }
    }
    if (reach >> f & 1) recursive |= 1u << f;
  }
  return recursive;
}

void Compressor::recompute(int function) {
  std::vector<Edge>& edges = edges_[function];
  std::vector<Edge>& returns = returns_[function];
  if (bodies_[function].empty()) {  // a call and a return, nowhere
    std::fill(edges.begin(), edges.end(), Edge{});
    for (int i = 0; i < goal_; ++i) returns[i] = {i, 2};
    return;
  }
  for (int i = 0; i < goal_; ++i) {
    returns[i] = simulate(function, i);
    edges[i] = returns[i].end == i ? Edge{} : returns[i];  // main has no use for these
  }
}

void Compressor::recompute_all(uint32_t functions) {
  uint32_t done = 0;
  // Depth first: a function after the functions it calls (recursive ones,
  // which are run in full, in any order).
  auto visit = [&](auto&& self, int f) -> void {
    if ((done >> f & 1) || !(functions >> f & 1)) return;
    done |= 1u << f;
    for (char c : bodies_[f]) {
      if (c >= '1' && c <= '9') self(self, c - '0');
    }
    recompute(f);
  };
  for (int f = 1; f <= kMaxFunctions; ++f) visit(visit, f);
}

int Compressor::follow(int node, int8_t token) const {
  if (token < 0) return graph_.nodes[node].next[-1 - token];
  return edges_[token][node].end;
}

int Compressor::evaluate() {
  paths_[goal_] = {0, 0, 0};
  for (int i : order_) {
    const StateGraph::Node& node = graph_.nodes[i];
    Path best{kInfinity, kInfinity, 0};
    if (node.remaining == 0) best = {0, 0, 0};
    for (int d = 0; d < 4; ++d) {
      if (node.next[d] < 0) continue;
      const Path& rest = paths_[node.next[d]];
      const Path candidate{rest.tokens + 1, rest.steps + 1, static_cast<int8_t>(-1 - d)};
      if (candidate.tokens < best.tokens ||
          (candidate.tokens == best.tokens && candidate.steps < best.steps)) {
        best = candidate;
      }
    }
    for (int f = 1; f <= kMaxFunctions; ++f) {
      const Edge& edge = edges_[f][i];
      if (edge.end < 0) continue;
      const Path& rest = paths_[edge.end];
      const Path candidate{rest.tokens + 1, rest.steps + edge.steps, static_cast<int8_t>(f)};
      if (candidate.tokens < best.tokens ||
          (candidate.tokens == best.tokens && candidate.steps < best.steps)) {
        best = candidate;
      }
    }
    paths_[i] = best;
  }
  // Length: main's tokens, plus every function main needs with its ';'.
  uint32_t used = 0;
  for (int i = 0; i != goal_ && paths_[i].tokens > 0; i = follow(i, paths_[i].token)) {
    if (paths_[i].token > 0) used |= 1u << paths_[i].token;
  }
  for (bool grew = true; grew;) {  // functions called from used functions
    grew = false;
    for (int f = 1; f <= kMaxFunctions; ++f) {
      if (!(used >> f & 1)) continue;
      for (char c : bodies_[f]) {
        const int g = c - '0';
        if (c >= '1' && c <= '9' && !bodies_[g].empty() && !(used >> g & 1)) {
          used |= 1u << g;
          grew = true;
        }
      }
    }
  }
  int length = paths_[0].tokens;
  for (int f = 1; f <= kMaxFunctions; ++f) {
    if (!(used >> f & 1)) continue;
    length += 1;  // its ';'
    for (char c : bodies_[f]) {
      const bool empty_call = c >= '1' && c <= '9' && bodies_[c - '0'].empty();
      if (!empty_call) ++length;
    }
  }
  return length;
}

std::string Compressor::main_tokens() const {
  std::string tokens;
  for (int i = 0; i != goal_ && paths_[i].tokens > 0; i = follow(i, paths_[i].token)) {
    const int8_t token = paths_[i].token;
    tokens += token < 0 ? kDirectionLetters[-1 - token] : static_cast<char>('0' + token);
  }
  return tokens;
}

// main;f1;...: the used functions renumbered 1..k in order of first use.
std::string Compressor::build_program() const {
  std::array<int, kMaxFunctions + 1> number{};
  std::vector<int> order;
  auto visit = [&](const std::string& text) {
    for (char c : text) {
      const int f = c - '0';
      if (c >= '1' && c <= '9' && !bodies_[f].empty() && number[f] == 0) {
        order.push_back(f);
        number[f] = static_cast<int>(order.size());
      }
    }
  };
  const std::string main = main_tokens();
  visit(main);
  for (size_t k = 0; k < order.size(); ++k) visit(bodies_[order[k]]);
  auto renumber = [&](const std::string& text) {
    std::string out;
    for (char c : text) {
      if (c >= '1' && c <= '9') {
        if (bodies_[c - '0'].empty()) continue;  // a call that does nothing
        out += static_cast<char>('0' + number[c - '0']);
      } else {
        out += c;
      }
    }
    return out;
  };
  std::string program = renumber(main);
  for (int f : order) program += ";" + renumber(bodies_[f]);
  return program;
}

uint32_t Compressor::affected(int function) const {
  uint32_t set = 1u << function;
  for (bool grew = true; grew;) {
    grew = false;
    for (int f = 1; f <= kMaxFunctions; ++f) {
      if (set >> f & 1) continue;
      for (char c : bodies_[f]) {
        if (c >= '1' && c <= '9' && (set >> (c - '0') & 1)) {
          set |= 1u << f;
          grew = true;
          break;
        }
      }
    }
  }
  return set;
}

void Compressor::mutate(int f) {
  std::string& body = bodies_[f];
  auto random_symbol = [&]() -> char {
    if (rng_() % 10 < 7) return kDirectionLetters[rng_() % 4];
    return static_cast<char>('1' + rng_() % kMaxFunctions);
  };
  const int kind = static_cast<int>(rng_() % 100);
  if (body.empty() || kind < 12) {  // a piece of the walk
    const int n = static_cast<int>(graph_.walk.size());
    const int span = 2 + static_cast<int>(rng_() % std::min(11, std::max(1, n - 1)));
    const int from = static_cast<int>(rng_() % std::max(1, n - span + 1));
    body = graph_.walk.substr(from, span);
  } else if (kind < 22) {  // a piece of main: nests functions
    const std::string main = main_tokens();
    const int span = 2 + static_cast<int>(rng_() % 5);
    if (static_cast<int>(main.size()) > span) {
      body = main.substr(rng_() % (main.size() - span + 1), span);
    }
  } else if (kind < 25) {
    body.clear();
  } else if (kind < 47) {
    body[rng_() % body.size()] = random_symbol();
  } else if (kind < 64) {
    if (static_cast<int>(body.size()) < kMaxBody) {
      body.insert(body.begin() + rng_() % (body.size() + 1), random_symbol());
    }
  } else if (kind < 81) {
    body.erase(body.begin() + rng_() % body.size());
  } else if (kind < 88) {
    if (body.size() >= 2) {
      const size_t at = rng_() % (body.size() - 1);
      std::swap(body[at], body[at + 1]);
    }
  } else if (kind < 94) {
    extract_call(f);
  } else {
    inline_call(f);
  }
}

// f's body with a piece that is another function's body replaced by a call
// of it: functions calling functions.
void Compressor::extract_call(int f) {
  std::string& body = bodies_[f];
  const int g = 1 + static_cast<int>(rng_() % kMaxFunctions);
  const std::string& piece = bodies_[g];
  if (g == f || piece.size() < 2) return;
  const size_t at = body.find(piece);
  if (at != std::string::npos) body.replace(at, piece.size(), 1, static_cast<char>('0' + g));
}

// The reverse: a call in f's body replaced by its callee's body.
void Compressor::inline_call(int f) {
  std::string& body = bodies_[f];
  const size_t at = rng_() % body.size();
  const int g = body[at] - '0';
  if (g < 1 || g > 9 || g == f) return;
  if (body.size() - 1 + bodies_[g].size() > size_t(kMaxBody)) return;
  body.replace(at, 1, bodies_[g]);
}

void Compressor::run(search::SearchMonitor& monitor, const Clock& clock, double deadline_ms,
                     int best_elsewhere) {
  run_slice(monitor, clock, clock.now_ms(), deadline_ms, deadline_ms, best_elsewhere);
}

void Compressor::run_part(search::SearchMonitor& monitor, const Clock& clock, double total_ms,
                          double stop_ms, int best_elsewhere) {
  const double now = clock.now_ms();
  const double begin = now - spent_ms_;
  run_slice(monitor, clock, begin, begin + total_ms, stop_ms, best_elsewhere);
  spent_ms_ += clock.now_ms() - now;
}

void Compressor::run_slice(search::SearchMonitor& monitor, const Clock& clock, double begin,
                           double end, double stop, int best_elsewhere) {
  const double deadline = std::min(stop, end);
  const double total = end - begin;
  constexpr double kHot = 0.8, kCold = 0.05;
  int current = evaluate();
  std::uniform_real_distribution<double> unit(0.0, 1.0);
  double temperature = kHot;
  for (uint64_t iteration = 0;; ++iteration) {
    if ((iteration & 63) == 0) {
      const double now = clock.now_ms();
      if (now >= deadline) break;
      const double progress = total > 0 ? (now - begin) / total : 1;
      temperature = kHot * std::pow(kCold / kHot, progress);
    }
    if (!monitor.on_expand()) break;
    const int f = 1 + static_cast<int>(rng_() % kMaxFunctions);
    const uint32_t touched_before = affected(f);
    const std::string old_body = bodies_[f];
    mutate(f);
    if (bodies_[f] == old_body) continue;
    const uint32_t touched = touched_before | affected(f);
    const uint32_t old_recursive = recursive_;
    recursive_ = recursive_functions();
    saved_paths_ = paths_;  // capacity kept: no allocation after the first rounds
    for (int g = 1; g <= kMaxFunctions; ++g) {
      if (!(touched >> g & 1)) continue;
      saved_edges_[g] = edges_[g];
      saved_returns_[g] = returns_[g];
    }
    recompute_all(touched);
    const int length = evaluate();
    if (length <= current || unit(rng_) < std::exp((current - length) / temperature)) {
      current = length;
      if (length < best_length()) {
        const std::string program = build_program();
        if (simulator_.run(program).win && program.size() < best_program_.size()) {
          best_program_ = program;
          monitor.set_bound(std::min(best_elsewhere, best_length()));
        }
      }
      continue;
    }
    bodies_[f] = old_body;
    recursive_ = old_recursive;
    for (int g = 1; g <= kMaxFunctions; ++g) {
      if (!(touched >> g & 1)) continue;
      edges_[g].swap(saved_edges_[g]);
      returns_[g].swap(saved_returns_[g]);
    }
    paths_.swap(saved_paths_);
  }
}

}  // namespace puzzlelab::bender
