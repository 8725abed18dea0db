// The anytime solver: shortest walks by BFS (a few, different among the
// ties), then each compressed into a program by annealing, then the best
// programs' text edited with the simulator as judge (text_search.h); the
// shortest program that the simulator confirms wins is the answer.
#pragma once

#include "core/puzzle.h"
#include "puzzles/bender/map.h"

namespace puzzlelab::bender {

inline constexpr double kDefaultTimeMs = 3000;  // when SolveOptions gives none
inline constexpr double kCompressMs = 1500;     // a hand walk's compression, when none is given
inline constexpr int kWalks = 3;                // single walks tried when the walk graph is too big
inline constexpr size_t kMaxGraphStates = 20000;  // states of all shortest walks, at most
// Anneals started per walk graph (different seeds); after each round the
// better half goes on (successive halving), so the time left ends with one.
inline constexpr int kPortfolio = 4;
inline constexpr double kPushShare = 0.3;  // of the time, looking for shorter walks with pushes
// Of the time, the last part: edits of the compressed program's text.
inline constexpr double kTextShare = 0.45;
inline constexpr int kTextStarts = 8;  // programs it starts from, the shortest the anneals found

// How the solver shares its time; the defaults are the product's (above),
// other values are for experiments: a caller passes them to solve_map to
// measure a setting against the defaults (docs/performance.md, "Bender", has
// the figures).
struct SolverSettings {
  int portfolio = kPortfolio;
  double text_share = kTextShare;
  int text_starts = kTextStarts;
  // Each anneal's best after each round among the text search's starts, not
  // only its final best.
  bool round_bests = true;
};

SolveResult solve_map(const Map& map, const SolveOptions& options,
                      const SolverSettings& settings = {});

}  // namespace puzzlelab::bender
