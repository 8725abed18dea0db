// The exact minimum energy of a burrow, by Dijkstra or A*, over positions
// packed into 1..8 64-bit words. Reductions (all keep the answer exact):
//   * amphipods home with only their own kind below never move again;
//   * an amphipod that can walk into its own room does so at once (a forced
//     move: every position stored is one where nobody can go home);
//   * a parking move is dropped at once when it makes two parked amphipods
//     that must cross, or seals a room with its own kind parked on both
//     sides of its door; or when the room of the amphipod parking cannot be
//     emptied into the cells left between the amphipods of its kind parked
//     (they wait for it, and so must its leavers that belong beyond them);
//   * every position taken for expansion first passes a dead-end test that
//     follows every order in which the rooms may become clean: in each phase
//     between two such events, the amphipods that must wait parked (their
//     room is not clean yet, or lies beyond one parked from the start that
//     is still there) must fit the parking cells between those parked from
//     the start, one goes home only if those that must wait can stand off
//     its way, and the next room's leavers, taken from the top, must fit
//     beside them. A position where no order gets every room clean has no
//     solution. On real part-2 inputs about two thirds of the positions
//     taken are proven dead here; the rest of the dead ends need the search
//     (where amphipods stand is not followed);
//   * an amphipod parked between two doors splits the burrow in two parts
//     that cannot meet until it goes home, and it waits on one of them:
//     only the rooms of a part that the amphipods parked at its ends both
//     wait on are searched (partial-order reduction: the moves elsewhere
//     can come after, at the same energy, so an optimal solution remains);
//   * A*'s bound: every amphipod's walk to its room's door and one step in,
//     the detour out and back for own-kind amphipods above a stranger, the
//     steps down to fill each room from the bottom, and two steps aside for
//     every amphipod that must leave a room whose kind is parked between the
//     room's door and its own (it can neither pass nor wait in between: it
//     parks beyond the door and comes back), and, for two rooms that each
//     hold the other's kind, two steps aside for every such amphipod of
//     the room where that costs less (of two that cross, the one home
//     second waits parked while the other walks past, so it waits beyond
//     the doors; the ones that do must include all of one room's). It is
//     consistent, so both searches pop states in non-decreasing order and
//     can use a radix heap.
// Each argument is spelt out at the code that relies on it: moves.h (going
// home, the parking prunings, the part searched), dead_end_test.h,
// lower_bound.h, search.h (the order positions are taken and closed).
#pragma once

#include <memory>
#include <optional>

#include "core/puzzle.h"
#include "core/trace.h"
#include "puzzles/amphipod/burrow.h"

namespace puzzlelab::amphipod {

enum class Algorithm { dijkstra, astar };

// The memory a search works in: its stored positions, their lookup table and
// its priority queue. A search clears it (keeping what it has allocated), so
// solving many burrows with one workspace touches fresh memory only when a
// search outgrows every one before it. Serves burrows of any shape; not for
// two searches at once.
class SolverWorkspace {
 public:
  SolverWorkspace();
  ~SolverWorkspace();
  SolverWorkspace(const SolverWorkspace&) = delete;
  SolverWorkspace& operator=(const SolverWorkspace&) = delete;

  struct Parts;  // defined in solver.cpp
  Parts& parts() { return *parts_; }

 private:
  std::unique_ptr<Parts> parts_;
};

// Moves are the game's steps ("C1-h9"), each with its energy; an
// unsolvable burrow gives SolveStatus::unsolvable after exhausting the space.
// Without a workspace the search uses one of its own.
SolveResult solve_burrow(const Burrow& start, Algorithm algorithm, const SolveOptions& options,
                         SolverWorkspace* workspace = nullptr);

// The answer for a burrow whose rooms cannot hold their kinds (no search
// needed), or nullopt.
std::optional<SolveResult> overfull_room(const Burrow& start);

// The search's trace (core/trace.h): its first `limit` nodes taken, with
// the steps between them and their boards. Budgets as for solve_burrow.
SearchTrace trace_burrow(const Burrow& start, Algorithm algorithm, const SolveOptions& options,
                         uint64_t limit);

// The A* bound for `burrow` (exposed for tests: 0 on a solved burrow, never
// above the true cost).
int64_t lower_bound(const Burrow& burrow);

}  // namespace puzzlelab::amphipod
