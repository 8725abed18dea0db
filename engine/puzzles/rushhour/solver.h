// Rush Hour's solve from a position: the algorithm and metric named in
// `options` ("" = bfs, moves). bfs is the bitboard breadth-first search
// (fast_solver.h); astar, idastar and dijkstra search the generic space
// (search_space.h). `workspace`: the fast search's memory, kept from an
// earlier solve (or nullptr: its own).
#pragma once

#include "core/puzzle.h"
#include "puzzles/rushhour/fast_solver.h"
#include "puzzles/rushhour/rushhour.h"

namespace puzzlelab::rushhour {

SolveResult solve_board(const Layout& layout, const Positions& start, const SolveOptions& options,
                        BfsWorkspace* workspace = nullptr);

}  // namespace puzzlelab::rushhour
