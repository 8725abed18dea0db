// The generic enumeration of a space (space_by_moves, and the budgets every
// enumeration keeps: SpaceBudget): a search, so the browser page's copy of
// the engine leaves this file to the solver worker (engine/CMakeLists.txt);
// the laying out, encoding and decoding of spaces are core/space.cpp's.
#include <algorithm>
#include <memory>
#include <string>
#include <unordered_map>
#include <vector>

#include "core/space.h"

namespace puzzlelab {

SpaceBudget::SpaceBudget(const SolveOptions& options, size_t bytes_per_position)
    : options_(options),
      started_(options.now_ms()),
      last_report_(started_),
      per_position_(bytes_per_position) {}

bool SpaceBudget::keep_going(Space& space, size_t explored, size_t found, int depth) {
  const uint64_t nodes =
      options_.node_budget ? options_.node_budget : SolveOptions::kDefaultNodeBudget;
  space.status = SolveStatus::budget_exceeded;
  if (options_.cancel && options_.cancel->load()) {
    space.status = SolveStatus::cancelled;
    space.message = "cancelled";
  } else if (found > nodes) {
    space.message = "node budget of " + std::to_string(nodes) + " positions reached";
  } else if (found * per_position_ > options_.memory_budget()) {
    space.message =
        "memory budget of " + std::to_string(options_.memory_budget() >> 20) + " MiB reached";
  } else if (options_.time_budget_ms > 0 && elapsed_ms() > options_.time_budget_ms) {
    space.message =
        "time budget of " + std::to_string(int64_t(options_.time_budget_ms)) + " ms reached";
  } else {
    space.status = SolveStatus::solved;
  }
  if (space.status != SolveStatus::solved) return false;
  const double now = options_.now_ms();
  if (options_.progress && now - last_report_ >= 100) {
    last_report_ = now;
    SolveProgress progress;
    progress.stats.expanded = explored;
    progress.stats.peak_stored = found;
    progress.stats.elapsed_ms = now - started_;
    progress.bound = depth;
    progress.phase = std::to_string(found) + " positions";
    options_.progress(progress);
  }
  return true;
}

Space space_by_moves(const Game& position, const SolveOptions& options, size_t cap) {
  Space space;
  space.directed = true;
  space.cap = cap ? cap : kDefaultSpaceCap;
  const std::string start = position.format();
  // A position's text twice (the list and the index), its game while
  // waiting, its columns and about five moves.
  SpaceBudget budget(options, 2 * start.size() + 256 + 5 * 16);
  std::vector<std::unique_ptr<Game>> waiting;  // by node, released once explored
  std::unordered_map<std::string, int> index{{start, 0}};
  std::vector<bool> solved;
  space.boards.push_back(start);
  space.depth.push_back(0);
  waiting.push_back(position.clone());
  for (size_t at = 0; at < space.boards.size(); ++at) {
    if (at % 64 == 0 && !budget.keep_going(space, at, space.boards.size(), space.depth[at]))
      return space;
    const std::unique_ptr<Game> here = std::move(waiting[at]);
    solved.push_back(here->is_solved());
    for (const Move& move : here->legal_moves()) {
      std::unique_ptr<Game> next = here->clone();
      const ApplyResult applied = next->apply(move.text);
      if (!applied) continue;
      std::string text = next->format();
      auto [it, added] = index.try_emplace(text, static_cast<int>(space.boards.size()));
      if (added && space.boards.size() >= space.cap) {
        index.erase(it);  // beyond the cap: left out, and the moves to it
        space.truncated = true;
        continue;
      }
      if (added) {
        space.boards.push_back(std::move(text));
        space.depth.push_back(space.depth[at] + 1);
        waiting.push_back(std::move(next));
      }
      space.edges.push_back(static_cast<int>(at));
      space.edges.push_back(it->second);
      space.edge_cost.push_back(applied.cost);
    }
  }
  // Moves that all cost 1 need no costs: the distance says it.
  if (std::all_of(space.edge_cost.begin(), space.edge_cost.end(), [](int64_t c) { return c == 1; }))
    space.edge_cost.clear();
  finish_space(space, solved);
  space.status = SolveStatus::solved;
  space.message = space_summary(space);
  space.elapsed_ms = budget.elapsed_ms();
  return space;
}

}  // namespace puzzlelab
