// The fast searches over the bitboard state space (bitboard_model.h):
// breadth-first solving (the default "bfs" algorithm, both metrics) and the
// analysis of a position's whole cluster used by the generator.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "core/puzzle.h"
#include "puzzles/rushhour/rushhour.h"

namespace puzzlelab::rushhour {

struct BfsOutcome {
  SolveStatus status = SolveStatus::invalid;
  std::vector<Slide> slides;  // from the start to a solved position, fewest possible
  SearchStats stats;
  std::string message;  // why the search stopped early
};

// Where a breadth-first search keeps the states it reached: a hash set
// (parent links, the fastest on small boards) or sorted layers of keys (no
// set: a third of the memory, read in order; faster on large boards).
enum class BfsStore { automatic, hash_set, sorted_layers };
// Boards up to this many cells use the hash set (automatic).
inline constexpr int kHashSetMaxCells = 36;
BfsStore default_bfs_store(const Layout& layout);

// Memory a breadth-first search keeps for the next one. A caller solving
// many boards in a row (the bench, a batch) passes the same workspace to
// every fast_bfs and saves each board's allocations, page faults and growth
// copies. One search at a time: not for sharing between threads.
class BfsWorkspace {
 public:
  struct Parts;  // fast_solver.cpp

  BfsWorkspace();
  ~BfsWorkspace();
  BfsWorkspace(BfsWorkspace&&) noexcept;
  BfsWorkspace& operator=(BfsWorkspace&&) noexcept;

  Parts& parts() { return *parts_; }

 private:
  std::unique_ptr<Parts> parts_;
};

// Fewest slides (or, with `single_cells`, fewest one-cell steps) to a solved
// position. Honours the node and memory budgets and the cancel flag. Both
// stores give the same move counts, and so does a reused workspace (nullptr:
// the search's own, freed on return).
BfsOutcome fast_bfs(const Layout& layout, const Positions& start, bool single_cells,
                    const SolveOptions& options, BfsStore store = BfsStore::automatic,
                    BfsWorkspace* workspace = nullptr);

// A cluster: every position reachable from a start (slides are reversible,
// so they all reach each other). Distances count slides (the moves metric).
struct ClusterReport {
  SolveStatus status = SolveStatus::invalid;  // solved = fully explored
  uint64_t size = 0;                          // positions in the cluster
  uint64_t solved_positions = 0;              // of which car A is at the exit
  int farthest_moves = -1;                    // -1: no position of it is solved
  Positions farthest;                         // a position that far from any solution
  uint64_t farthest_count = 0;                // positions that far
  SearchStats stats;
  std::string message;
};

// Explores the start's cluster, then runs a breadth-first search backwards
// from all its solved positions at once to find the farthest one. A reused
// workspace saves allocating and faulting in fresh memory for every cluster.
ClusterReport analyse_cluster(const Layout& layout, const Positions& start,
                              const SolveOptions& options, BfsWorkspace* workspace = nullptr);

}  // namespace puzzlelab::rushhour
