// Rush Hour's search traces (PuzzleHooks::trace, core/trace.h): BFS, A*,
// IDA* and Dijkstra over the generic search space (search_space.h). The
// fast bitboard BFS that Solve uses keeps no parent links on large boards
// and reads its layers in another order, so a BFS trace runs the generic
// BFS: the same depths and the same optimum, in the order the slides are
// listed.
#pragma once

#include <cstdint>

#include "core/puzzle.h"
#include "core/trace.h"

namespace puzzlelab::rushhour {

SearchTrace trace(const Game& position, const SolveOptions& options, uint64_t limit);

}  // namespace puzzlelab::rushhour
