#include "puzzles/rushhour/cluster.h"

#include <unordered_map>

#include "puzzles/rushhour/golf.h"
#include "puzzles/rushhour/rushhour.h"

namespace puzzlelab::rushhour {

namespace {

struct PositionsHash {
  size_t operator()(const Positions& p) const {
    uint64_t h = p.words[0] * 0x9E3779B97F4A7C15ULL ^ (p.words[1] + 0x632BE59BD9B4E019ULL);
    h ^= h >> 29;
    return static_cast<size_t>(h * 0xBF58476D1CE4E5B9ULL);
  }
};

// Bytes a position costs: its key and index in the table, its text, depth,
// distance and place, and about five moves of two ints.
size_t bytes_per_position(const Layout& layout) {
  return 64 + size_t(layout.width() * layout.height() + 32) + 4 * 4 + 5 * 8;
}

// The budgets and the cancel flag: check() says `solved` to go on, or why
// the enumeration must stop (and `why` in words).
struct Limits {
  const SolveOptions& options;
  double started;
  size_t per_position;

  SolveStatus check(size_t positions, std::string& why) const {
    if (options.cancel && options.cancel->load()) {
      why = "cancelled";
      return SolveStatus::cancelled;
    }
    const uint64_t nodes =
        options.node_budget ? options.node_budget : SolveOptions::kDefaultNodeBudget;
    if (positions > nodes) {
      why = "node budget of " + std::to_string(nodes) + " positions reached";
      return SolveStatus::budget_exceeded;
    }
    if (positions * per_position > options.memory_budget()) {
      why = "memory budget of " + std::to_string(options.memory_budget() >> 20) + " MiB reached";
      return SolveStatus::budget_exceeded;
    }
    if (options.time_budget_ms > 0 && options.now_ms() - started > options.time_budget_ms) {
      why = "time budget of " + std::to_string(int64_t(options.time_budget_ms)) + " ms reached";
      return SolveStatus::budget_exceeded;
    }
    return SolveStatus::solved;
  }
};

}  // namespace

Space cluster(const Game& position, const SolveOptions& options, size_t cap) {
  Space space;
  const auto* game = dynamic_cast<const RushHourGame*>(&position);
  if (!game) {
    space.message = "not a Rush Hour position";
    return space;
  }
  const Layout& layout = game->layout();
  const auto text = [&](const Positions& p) {
    return game->golf_side() ? format_golf(layout, p, game->orientation())
                             : format_board(layout, p);
  };
  space.cap = cap ? cap : kDefaultSpaceCap;
  const Limits limits{options, options.now_ms(), bytes_per_position(layout)};
  double last_report = limits.started;

  std::vector<Positions> nodes{game->positions()};
  std::unordered_map<Positions, int, PositionsHash> index{{game->positions(), 0}};
  std::vector<bool> solved;
  space.depth.push_back(0);
  for (size_t at = 0; at < nodes.size(); ++at) {
    if (at % 64 == 0) {
      space.status = limits.check(nodes.size(), space.message);
      if (space.status != SolveStatus::solved) return space;
      if (options.progress && options.now_ms() - last_report >= 100) {
        last_report = options.now_ms();
        SolveProgress progress;
        progress.stats.expanded = at;
        progress.stats.peak_stored = nodes.size();
        progress.stats.elapsed_ms = last_report - limits.started;
        progress.bound = space.depth[at];
        progress.phase = std::to_string(nodes.size()) + " positions";
        options.progress(progress);
      }
    }
    const Positions here = nodes[at];
    solved.push_back(layout.is_solved(here));
    for (const Slide& s : legal_slides(layout, here)) {
      Positions next = here;
      next.set(s.piece, here.get(s.piece) + s.delta);
      auto [it, added] = index.try_emplace(next, static_cast<int>(nodes.size()));
      if (added && nodes.size() >= space.cap) {
        index.erase(it);  // beyond the cap: left out, and the moves to it
        space.truncated = true;
        continue;
      }
      if (added) {
        nodes.push_back(next);
        space.depth.push_back(space.depth[at] + 1);
      }
      if (it->second > static_cast<int>(at)) {  // each move once, from its lower end
        space.edges.push_back(static_cast<int>(at));
        space.edges.push_back(it->second);
      }
    }
  }
  space.boards.reserve(nodes.size());
  for (const Positions& p : nodes) space.boards.push_back(text(p));
  finish_space(space, solved);
  space.status = SolveStatus::solved;
  space.message = space.truncated
                      ? "more than " + std::to_string(space.cap) + " positions: showing the " +
                            std::to_string(space.cap) + " nearest the board"
                      : std::to_string(nodes.size()) + " positions";
  space.elapsed_ms = options.now_ms() - limits.started;
  return space;
}

}  // namespace puzzlelab::rushhour
