// Shortest walks to Fry by breadth-first search over the whole game state
// (Bender's cell, the field states, the ball cells), unit moves U D L R.
// Bumps are never part of a shortest walk; moves that lose are pruned.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "puzzles/bender/budget_clock.h"
#include "puzzles/bender/compressor.h"
#include "puzzles/bender/map.h"
#include "puzzles/bender/simulator.h"
#include "search/search_monitor.h"

namespace puzzlelab::bender {

enum class WalkStatus { found, unreachable, stopped };

struct WalkResult {
  WalkStatus status = WalkStatus::stopped;
  std::string walk;  // letters U D L R
};

// `seed` shuffles the order moves are tried in, so different seeds give
// different walks among the shortest ones. Without `pushes` the balls stay
// put (a much smaller space); walks longer than `bound` are not looked for.
// Both searches stop (as the monitor would) once `deadline` has passed.
WalkResult shortest_walk(const Map& map, search::SearchMonitor& monitor, uint64_t seed,
                         bool pushes = true, int bound = kLastArrival,
                         const Deadline& deadline = {});

// Every shortest walk with the balls left in place, as one graph of the
// states they pass (breadth-first layers, then the states that lead on to
// Fry), given the length of one (from shortest_walk without pushes: it
// prunes the layers). nullopt when the search stopped or the graph would
// hold more than `max_nodes` states.
std::optional<StateGraph> shortest_walks_graph(const Map& map, search::SearchMonitor& monitor,
                                               size_t max_nodes, int length,
                                               const Deadline& deadline = {});

}  // namespace puzzlelab::bender
