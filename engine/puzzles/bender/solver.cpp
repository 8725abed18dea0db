#include "puzzles/bender/solver.h"

#include <algorithm>
#include <chrono>
#include <memory>

#include "puzzles/bender/compressor.h"
#include "puzzles/bender/simulator.h"
#include "puzzles/bender/walk_search.h"
#include "search/search_monitor.h"

namespace puzzlelab::bender {

namespace {

using Clock = std::chrono::steady_clock;

SolveResult stopped_result(search::SearchMonitor& monitor, std::string message) {
  SolveResult result;
  result.status = monitor.stopped() ? monitor.stop_status() : SolveStatus::unsolvable;
  result.message = monitor.stopped() ? monitor.stop_message() : std::move(message);
  result.stats = monitor.finish();
  return result;
}

}  // namespace

SolveResult solve_map(const Map& map, const SolveOptions& options) {
  SolveOptions timed = options;
  if (timed.time_budget_ms <= 0) timed.time_budget_ms = kDefaultTimeMs;
  search::SearchMonitor monitor(timed);
  const auto start = Clock::now();
  const auto deadline =
      start + std::chrono::microseconds(static_cast<int64_t>(timed.time_budget_ms * 1000));

  // Walks: shortest ones with the balls left in place (a small space; the
  // shuffled move order gives different ones among ties), then a search that
  // pushes balls for a shorter walk, on part of the time.
  std::vector<std::unique_ptr<Compressor>> compressors;
  auto add_walk = [&](const std::string& walk, uint64_t seed) {
    for (const auto& c : compressors) {
      if (c->walk() == walk) return;
    }
    compressors.push_back(std::make_unique<Compressor>(map, graph_of_walk(map, walk), seed));
  };
  int shortest = kLastArrival + 1;
  if (auto graph = shortest_walks_graph(map, monitor, kMaxGraphStates, kLastArrival)) {
    shortest = static_cast<int>(graph->walk.size());
    compressors.push_back(std::make_unique<Compressor>(map, std::move(*graph), options.seed));
  }
  for (int k = 0; k < kWalks && compressors.empty() && !monitor.stopped(); ++k) {
    // Too many shortest walks for one graph (or none): a few, one by one.
    const WalkResult found = shortest_walk(map, monitor, options.seed + k, /*pushes=*/false);
    if (found.status != WalkStatus::found) break;
    shortest = static_cast<int>(found.walk.size());
    add_walk(found.walk, options.seed + k);
  }
  if (!monitor.stopped() && !map.balls.empty()) {
    SolveOptions phase = timed;
    // All the time left when pushing balls is the only way to Fry.
    const double spent = std::chrono::duration<double, std::milli>(Clock::now() - start).count();
    phase.time_budget_ms = compressors.empty() ? std::max(1.0, timed.time_budget_ms - spent)
                                               : timed.time_budget_ms * kPushShare;
    search::SearchMonitor push_monitor(phase);
    if (!compressors.empty()) push_monitor.set_bound(compressors[0]->best_length());
    const WalkResult found =
        shortest_walk(map, push_monitor, options.seed, /*pushes=*/true, shortest - 1);
    if (found.status == WalkStatus::found) {
      add_walk(found.walk, options.seed);
    } else if (found.status == WalkStatus::unreachable && compressors.empty()) {
      return stopped_result(monitor, "Fry cannot be reached: every path is blocked or deadly");
    }
  } else if (compressors.empty() && !monitor.stopped()) {
    return stopped_result(monitor, "Fry cannot be reached: every path is blocked or deadly");
  }
  if (compressors.empty()) return stopped_result(monitor, "no walk found in the budget");
  size_t best = 0;
  auto report = [&] {
    for (size_t k = 0; k < compressors.size(); ++k) {
      if (compressors[k]->best_length() < compressors[best]->best_length()) best = k;
    }
    monitor.set_bound(compressors[best]->best_length());
  };
  report();
  // Each walk gets an equal share of the time left.
  const auto now = Clock::now();
  const auto share = (deadline - now) / static_cast<int>(compressors.size());
  for (size_t k = 0; k < compressors.size() && !monitor.stopped(); ++k) {
    compressors[k]->run(monitor, now + share * static_cast<int>(k + 1),
                        compressors[best]->best_length());
    report();
  }

  const Compressor& winner = *compressors[best];
  SolveResult result;
  result.answer = winner.best_program();
  std::string moves;
  const Verdict verdict = Simulator(map).run(result.answer, &moves);
  if (!verdict.win) {  // never expected: every program is verified on the way
    result.status = SolveStatus::invalid;
    result.message = "internal error: the program does not win: " + verdict.describe();
    result.stats = monitor.finish();
    return result;
  }
  result.status = SolveStatus::solved;  // a cancel or a budget keeps the best so far
  result.cost = static_cast<int64_t>(result.answer.size());
  for (char letter : moves) result.moves.push_back({std::string(1, letter), 1});
  result.message = monitor.stopped() ? monitor.stop_message() : "";
  result.stats = monitor.finish();
  result.extras = {{"steps", std::to_string(verdict.steps)},
                   {"walk length", std::to_string(winner.walk().size())},
                   {"walk graphs", std::to_string(compressors.size())},
                   {"graph states", std::to_string(winner.states())}};
  return result;
}

}  // namespace puzzlelab::bender
