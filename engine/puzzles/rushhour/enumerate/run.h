// A whole enumeration run (arrangements.h, cluster.h): every board of a size
// in blocks of kBlockSize numbers, block b in shard b mod N (shards numbered
// from 1), the blocks of a shard shared out to threads as they free up. A
// block's lines come out when it and every block before it are done, so the
// output is the same for any number of threads; a shard's lines are exactly
// the whole run's lines of its blocks.
//
// Budgets and cancel stop a run within about a millisecond of work: they are
// checked while the boards are counted (minutes on a 7x7 board), between
// choices of rows and inside a cluster's searches. The blocks finished by
// then are reported (their lines and their counts), the rest are not.
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "core/puzzle.h"

namespace puzzlelab::rushhour::enumerate {

inline constexpr uint64_t kBlockSize = 256;
inline constexpr int kSmallestSize = 4;  // board sizes the enumerator takes
inline constexpr int kLargestSize = 7;

// What a run (or several, merged) counted: Fogleman's four counts, the
// printed puzzles by moves, and the work done.
struct Totals {
  uint64_t boards = 0;             // boards considered (his "inp")
  uint64_t canonical = 0;          // canonical clusters ("can")
  uint64_t solvable = 0;           // canonical and solvable ("slv")
  uint64_t minimal = 0;            // canonical, solvable and minimal: the lines ("min")
  uint64_t expanded = 0;           // positions expanded by all the searches
  std::vector<uint64_t> by_moves;  // minimal puzzles by their moves

  void add(const Totals& other);
  void count_puzzle(int moves);
};

struct RunRequest {
  int size = 6;
  int max_walls = 0;
  uint64_t shard = 1;  // 1..shards
  uint64_t shards = 1;
  int threads = 1;
  uint64_t node_budget = 0;          // positions expanded; 0 = none
  uint64_t memory_budget_bytes = 0;  // the searches' memory, all threads; 0 = none
  double time_budget_ms = 0;         // 0 = none
  const std::atomic<bool>* cancel = nullptr;
  const Clock* clock = nullptr;  // the time budget's and the figures'; nullptr = the steady clock
};

struct RunProgress {
  uint64_t boards_done = 0;  // of this shard
  uint64_t boards_total = 0;
  uint64_t expanded = 0;
  double seconds = 0;
};

struct RunOutcome {
  SolveStatus status = SolveStatus::invalid;  // solved = every block done
  Totals totals;                              // of the blocks done
  uint64_t blocks_done = 0;
  uint64_t blocks_total = 0;  // of this shard
  uint64_t boards_total = 0;  // of the whole size (all shards)
  double seconds = 0;
  std::string message;  // why it stopped early, or what was wrong
};

// Runs the request. `write` receives the output lines ("MOVES BOARD SIZE
// D0,D1,...\n" each) in order, a block at a time, from whichever thread
// completes them. `progress` is called about every `progress_ms` from the
// calling thread. Never two calls at once, of either: the two may write to
// streams that share a buffer (std::cerr flushes std::cout, its tie).
RunOutcome run_enumeration(const RunRequest& request,
                           const std::function<void(std::string_view)>& write,
                           const std::function<void(const RunProgress&)>& progress = {},
                           int progress_ms = 1000);

// How many boards a size has (Fogleman's MaxID + 1): no cluster is explored.
uint64_t count_boards(int size, int max_walls);

}  // namespace puzzlelab::rushhour::enumerate
