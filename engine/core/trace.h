// A search's trace: the states it took for expansion, in order, so that a
// person can watch it explore (the app's "Watch the search", `puzzlelab
// trace`, `puzzlelab render --trace`). A puzzle offers traces with
// PuzzleHooks::trace; the searches record them through a recorder
// (search/trace_recorder.h) that costs nothing when no trace is asked for.
//
// A trace replays: step k's state is its parent step's state with the
// step's moves applied (Game::apply, one move per space-separated word), and
// the first step's state is the board with its moves applied (usually none;
// Amphipod's forced walks home). tests/engine/trace_test.cpp checks that,
// and what each algorithm promises of its order (BFS's depths and A*'s f
// never fall, IDA*'s rounds raise their bound).
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "core/parse_result.h"
#include "core/puzzle.h"

namespace puzzlelab {

// The most expansions a trace may hold, and what a caller gets without
// asking: enough to watch any search the page offers from its start.
inline constexpr uint64_t kMaxTraceLimit = 1'000'000;
inline constexpr uint64_t kDefaultTraceLimit = 200'000;

struct TraceStep {
  static constexpr uint32_t kNoParent = UINT32_MAX;

  uint32_t state = 0;           // its number in SearchTrace::boards
  uint32_t parent = kNoParent;  // the step whose expansion reached it; kNoParent: the start
  int64_t g = 0;                // moves (BFS) or cost from the start
  int64_t f = -1;               // g plus the lower bound (A*, IDA*); -1: none
  uint32_t iteration = 0;       // IDA*'s round, 0 first; 0 for the others
  uint64_t frontier = 0;        // states waiting to be expanded (IDA*: the path's length)
  uint64_t visited = 0;         // distinct states taken so far, this one included
  std::string move;             // from the parent's state (or the board) to this one
};

struct SearchTrace {
  // The search's own end: solved, unsolvable, budget_exceeded, cancelled;
  // invalid when the request was wrong (message says why).
  SolveStatus status = SolveStatus::invalid;
  std::string message;
  std::string algorithm;
  std::string metric;
  uint64_t limit = 0;
  // Each state the trace meets, as Game::format writes it, numbered in the
  // order the steps first reach it (IDA* takes a state again in each round).
  std::vector<std::string> boards;
  std::vector<TraceStep> steps;
  // The limit cut the trace short; the search itself went on to its end.
  bool truncated = false;
  // The last step is a solved state (taken from the frontier or, for BFS,
  // found among the successors; not expanded) and its g is the answer.
  bool ends_at_goal = false;
  int64_t cost = 0;  // the search's answer when solved
  // IDA*: each round's bound on f, the round's number its index (empty for
  // the others). A round's steps have f at most its bound.
  std::vector<int64_t> round_bounds;
  SearchStats stats;
  // For puzzles with a cluster picture (PuzzleHooks::space): each board's
  // node number in it, -1 where the picture leaves it out. Empty: none.
  std::vector<int> cluster;

  // Steps from the first to the goal (the solution), when ends_at_goal.
  std::vector<uint32_t> solution_steps() const;
};

// Fills trace.cluster from a cluster picture's boards (Space::boards).
void attach_cluster(SearchTrace& trace, const std::vector<std::string>& space_boards);

// The trace as one JSON object, columns of numbers (camelCase keys):
// {"algorithm","metric","status","message","limit","truncated","endsAtGoal",
//  "cost","expanded","boards":[..],"cluster":[..],"steps":{"state":[..],
//  "parent":[..] (-1: the start),"g","f","iteration","frontier","move"}}.
std::string encode_trace(const SearchTrace& trace);

// encode_trace's JSON read back (the app reads the worker's answer with it):
// every column checked for its length, every parent and state for its range.
Parsed<SearchTrace> decode_trace(std::string_view text);

// The trace of `position`'s puzzle search named in `options` (algorithm,
// metric, budgets), the first `limit` expansions; invalid with a message
// when the puzzle offers no traces or the options are wrong.
SearchTrace trace_search(const Game& position, const SolveOptions& options, uint64_t limit);

// trace_search, then the cluster picture's node of each board (attach_cluster)
// when the puzzle draws one (PuzzleHooks::space, its default cap, under the
// same budgets): what `puzzlelab trace` prints and the app's worker sends.
SearchTrace trace_for_watching(const Game& position, const SolveOptions& options, uint64_t limit);

}  // namespace puzzlelab
