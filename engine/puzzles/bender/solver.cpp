#include "puzzles/bender/solver.h"

#include <algorithm>
#include <memory>

#include "puzzles/bender/budget_clock.h"
#include "puzzles/bender/compressor.h"
#include "puzzles/bender/simulator.h"
#include "puzzles/bender/text_search.h"
#include "puzzles/bender/walk_search.h"
#include "search/search_monitor.h"

namespace puzzlelab::bender {

namespace {

SolveResult stopped_result(search::SearchMonitor& monitor, std::string message) {
  SolveResult result;
  if (monitor.stopped()) {
    result.status = monitor.stop_status();
    result.message = monitor.stop_message();
  } else if (message.empty()) {  // the time budget ran out
    result.status = SolveStatus::budget_exceeded;
    result.message = "time budget used before a walk to Fry was found";
  } else {
    result.status = SolveStatus::unsolvable;
    result.message = std::move(message);
  }
  result.stats = monitor.finish();
  return result;
}

// A portfolio: settings.portfolio anneals per walk graph, each on its own
// seed; every round shares its part of the time among those left, then the
// worse half stops. Each anneal's schedule spans the time the last one left
// will have had, so a survivor's temperature never jumps. Returns the best's
// index; `found` gets each anneal's best after each of its parts when
// settings.round_bests (the text search's starts).
size_t run_portfolio(std::vector<std::unique_ptr<Compressor>>& compressors, uint64_t seed,
                     const SolverSettings& settings, search::SearchMonitor& monitor,
                     const Deadline& deadline, std::vector<std::string>& found) {
  const size_t graphs = compressors.size();
  for (size_t g = 0; g < graphs; ++g) {
    for (int k = 1; k < settings.portfolio; ++k) {
      compressors.push_back(
          std::make_unique<Compressor>(*compressors[g], seed + 7919 * static_cast<uint64_t>(k)));
    }
  }
  size_t best = 0;
  auto report = [&] {
    for (size_t k = 0; k < compressors.size(); ++k) {
      if (compressors[k]->best_length() < compressors[best]->best_length()) best = k;
    }
    monitor.set_bound(compressors[best]->best_length());
  };
  report();
  std::vector<size_t> alive(compressors.size());
  for (size_t k = 0; k < alive.size(); ++k) alive[k] = k;
  int rounds = 1;
  for (size_t n = alive.size(); n > 1; n = (n + 1) / 2) ++rounds;
  const Clock& clock = *deadline.clock;
  const double left = deadline.at_ms - clock.now_ms();
  double survivor_ms = 0;
  for (size_t n = alive.size(), r = 0; r < size_t(rounds); ++r, n = (n + 1) / 2) {
    survivor_ms += left / rounds / static_cast<double>(n);
  }
  for (int r = 0; r < rounds && !monitor.stopped(); ++r) {
    const double now = clock.now_ms();
    const double round_end =
        r + 1 == rounds ? deadline.at_ms : std::min(deadline.at_ms, now + left / rounds);
    const double share = (round_end - now) / static_cast<double>(alive.size());
    for (size_t k = 0; k < alive.size() && !monitor.stopped(); ++k) {
      compressors[alive[k]]->run_part(monitor, clock, survivor_ms,
                                      now + share * static_cast<double>(k + 1),
                                      compressors[best]->best_length());
      if (settings.round_bests) found.push_back(compressors[alive[k]]->best_program());
      report();
    }
    std::stable_sort(alive.begin(), alive.end(), [&](size_t a, size_t b) {
      return compressors[a]->best_length() < compressors[b]->best_length();
    });
    alive.resize((alive.size() + 1) / 2);
  }
  return best;
}

// The text search from the settings.text_starts shortest different programs
// the anneals found (their bests at the end, and those they had before: the
// halving stops some early, and a longer program may still edit into a
// shorter one), the time left shared among them; the shortest result. One
// search settles within about 100 ms of CPU, so several starts use the time
// better than one long search.
std::string shorten_best_programs(const Map& map, const std::vector<std::string>& found,
                                  uint64_t seed, const SolverSettings& settings,
                                  search::SearchMonitor& monitor, const Deadline& deadline) {
  std::vector<std::string> starts;
  for (const std::string& program : found) {
    if (std::find(starts.begin(), starts.end(), program) == starts.end()) {
      starts.push_back(program);
    }
  }
  std::stable_sort(starts.begin(), starts.end(),
                   [](const std::string& a, const std::string& b) { return a.size() < b.size(); });
  const auto count = static_cast<size_t>(std::max(1, settings.text_starts));
  if (starts.size() > count) starts.resize(count);
  std::string best = starts[0];
  const double now = deadline.clock->now_ms();
  for (size_t k = 0; k < starts.size() && !monitor.stopped(); ++k) {
    const Deadline part{deadline.clock, now + (deadline.at_ms - now) * static_cast<double>(k + 1) /
                                                  static_cast<double>(starts.size())};
    std::string shorter = shorten_program_text(map, starts[k], seed + k, monitor, part);
    if (shorter.size() < best.size()) best = std::move(shorter);
  }
  return best;
}

}  // namespace

SolveResult solve_map(const Map& map, const SolveOptions& options, const SolverSettings& settings) {
  // The time budget is kept here, on budget_clock (CPU time, or the
  // options' clock), so the monitor has none: it keeps the node and memory
  // budgets and cancel.
  const double budget_ms = options.time_budget_ms > 0 ? options.time_budget_ms : kDefaultTimeMs;
  SolveOptions untimed = options;
  untimed.time_budget_ms = 0;
  search::SearchMonitor monitor(untimed);
  const Clock& clock = budget_clock(options);
  const Deadline deadline = Deadline::in(clock, budget_ms);

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
  bool proven = map.balls.empty();  // that no walk is shorter (for the editor's verdict)
  if (auto graph = shortest_walks_graph(map, monitor, kMaxGraphStates, kLastArrival, deadline)) {
    shortest = static_cast<int>(graph->walk.size());
    compressors.push_back(std::make_unique<Compressor>(map, std::move(*graph), options.seed));
  }
  for (int k = 0; k < kWalks && compressors.empty() && !monitor.stopped(); ++k) {
    // Too many shortest walks for one graph (or none): a few, one by one.
    const WalkResult found =
        shortest_walk(map, monitor, options.seed + k, /*pushes=*/false, kLastArrival, deadline);
    if (found.status != WalkStatus::found) break;
    shortest = static_cast<int>(found.walk.size());
    add_walk(found.walk, options.seed + k);
  }
  if (!monitor.stopped() && !deadline.passed() && !map.balls.empty()) {
    // All the time left when pushing balls is the only way to Fry.
    const Deadline push_deadline{
        &clock, compressors.empty()
                    ? deadline.at_ms
                    : std::min(deadline.at_ms, clock.now_ms() + budget_ms * kPushShare)};
    search::SearchMonitor push_monitor(untimed);
    if (!compressors.empty()) push_monitor.set_bound(compressors[0]->best_length());
    const WalkResult found = shortest_walk(map, push_monitor, options.seed, /*pushes=*/true,
                                           shortest - 1, push_deadline);
    proven = found.status != WalkStatus::stopped;  // none shorter, or this one is the shortest
    if (found.status == WalkStatus::found) {
      shortest = static_cast<int>(found.walk.size());
      add_walk(found.walk, options.seed);
    } else if (found.status == WalkStatus::unreachable && compressors.empty()) {
      return stopped_result(monitor, "Fry cannot be reached: every path is blocked or deadly");
    }
  } else if (compressors.empty() && !monitor.stopped() && !deadline.passed()) {
    return stopped_result(monitor, "Fry cannot be reached: every path is blocked or deadly");
  }
  if (compressors.empty()) return stopped_result(monitor, "");
  const size_t graphs = compressors.size();
  // The compressor's best, then edits of its text that the referee judges.
  const Deadline compress_deadline{&clock, deadline.at_ms - budget_ms * settings.text_share};
  std::vector<std::string> earlier, found;
  const size_t best =
      run_portfolio(compressors, options.seed, settings, monitor, compress_deadline, earlier);
  for (const auto& c : compressors) found.push_back(c->best_program());
  found.insert(found.end(), earlier.begin(), earlier.end());
  const Compressor& winner = *compressors[best];
  SolveResult result;
  result.answer = shorten_best_programs(map, found, options.seed, settings, monitor, deadline);
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
  result.message = monitor.stopped()
                       ? monitor.stop_message()
                       : "time budget of " + std::to_string(static_cast<int64_t>(budget_ms)) +
                             " ms of CPU time used";
  result.stats = monitor.finish();
  result.extras = {{"steps", std::to_string(verdict.steps)},
                   {"annealedLength", std::to_string(winner.best_length())},
                   {"walkLength", std::to_string(winner.walk().size())},
                   {"shortestWalk", std::to_string(shortest)},
                   {"shortestWalkProven", proven ? "yes" : "no"},
                   {"walkGraphs", std::to_string(graphs)},
                   {"graphStates", std::to_string(winner.states())}};
  return result;
}

}  // namespace puzzlelab::bender
