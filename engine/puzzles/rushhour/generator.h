// Hard Rush Hour boards on demand, after Fogleman's database: a board's
// difficulty is how far its cluster's farthest position is from a solution.
//
// How: a hill climb over arrangements. A dense random 6x6 arrangement (car A
// in the third row, 10-14 pieces, a third of them trucks) has its whole
// cluster explored (analyse_cluster); its farthest position is then changed
// at random (a piece added, replaced, lifted over another on its line, rarely
// removed) and the change kept when the new cluster's farthest position is at
// least as far (now and then one move nearer, to leave a local summit).
// Clusters too large to be hard are abandoned early. After a run of changes
// without progress the climb restarts, from one of the best boards so far
// (a few changes away) or afresh. Stops when the farthest position needs
// `target` moves or more, and returns it. Reproducible from the seed on every
// platform (our own PRNG, no std:: distributions); budgeted in explored
// states, cancellable, with progress.
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>

#include "core/puzzle.h"
#include "puzzles/rushhour/rushhour.h"

namespace puzzlelab::rushhour {

struct BoardRequest {
  int target_moves = 20;
  uint64_t seed = 1;
  uint64_t state_budget = 0;  // positions expanded over all attempts; 0 = kDefaultStateBudget
  uint64_t memory_budget_bytes = 0;  // each cluster's search; 0 = SolveOptions' default
  double time_budget_ms = 0;         // the whole run; 0 = none
  const std::atomic<bool>* cancel = nullptr;
  std::function<void(const SolveProgress&)> progress;  // bound = best moves so far
  const Clock* clock = nullptr;  // the time budget's clock; nullptr = the steady clock

  static constexpr uint64_t kDefaultStateBudget = 400'000'000;
};

struct GeneratedBoard {
  Board board;                // the farthest position of its cluster
  int moves = 0;              // its fewest moves (proven by the cluster search)
  uint64_t cluster_size = 0;  // positions in its cluster
  int arrangements = 0;       // climbs started
  int changes = 0;            // clusters explored in all
  uint64_t states = 0;        // positions expanded in all
};

struct GenerateOutcome {
  std::optional<GeneratedBoard> generated;
  SolveStatus status = SolveStatus::invalid;  // solved, budget_exceeded or cancelled
  std::string message;
};

GenerateOutcome generate_board(const BoardRequest& request);

// The difficulties offered ("20", "30", "40"); any whole number 1..kMaxTarget is read.
inline constexpr int kMaxTarget = 60;

}  // namespace puzzlelab::rushhour
