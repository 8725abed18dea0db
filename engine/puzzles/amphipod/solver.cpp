// The solver's entry points. Its parts, in the order a search uses them:
//   shape.h          fixed facts about the burrow's shape
//   position.h       a position packed (stored) and unpacked (worked on)
//   moves.h          forced moves home, parking moves and their prunings
//   dead_end_test.h  can some order of cleaning the rooms still finish?
//   lower_bound.h    A*'s bound and its change when one amphipod parks
//   search_memory.h  radix heap, node table, chunked node storage
//   search.h         Dijkstra / A* over them, the solution rebuilt
// This file and trace.cpp (the traced search) include them, and they keep
// the internal linkage (an unnamed namespace) they had when all were one
// file: the inliner then
// weighs them as this file's own (in a named namespace, 0.8-1.4% more
// instructions on the bench sets).
#include "puzzles/amphipod/solver.h"

#include <memory>
#include <optional>
#include <string>
#include <tuple>

#include "core/memory.h"
#include "puzzles/amphipod/search.h"

namespace puzzlelab::amphipod {

// One node store for each key size: a workspace serves any shape.
struct SolverWorkspace::Parts {
  std::tuple<NodeStore<2>, NodeStore<3>, NodeStore<4>, NodeStore<6>, NodeStore<8>> stores;
  NodeTable table;
  RadixHeap heap;
};

SolverWorkspace::SolverWorkspace() : parts_(std::make_unique<Parts>()) {}
SolverWorkspace::~SolverWorkspace() = default;

namespace {

template <int W>
SolveResult run_search(const Shape& shape, const Burrow& start, Algorithm algorithm,
                       const SolveOptions& options, SolverWorkspace::Parts& parts) {
  return Search<W>(shape, algorithm, options, std::get<NodeStore<W>>(parts.stores), parts.table,
                   parts.heap)
      .run(start);
}

SolveResult solve_in_workspace(const Shape& shape, const Burrow& start, Algorithm algorithm,
                               const SolveOptions& options, SolverWorkspace* workspace) {
  std::optional<SolverWorkspace> own;
  SolverWorkspace::Parts& parts = (workspace ? *workspace : own.emplace()).parts();
  switch (shape.words) {
    case 1:
    case 2:
      return run_search<2>(shape, start, algorithm, options, parts);
    case 3:
      return run_search<3>(shape, start, algorithm, options, parts);
    case 4:
      return run_search<4>(shape, start, algorithm, options, parts);
    case 5:
    case 6:
      return run_search<6>(shape, start, algorithm, options, parts);
    default:
      return run_search<8>(shape, start, algorithm, options, parts);
  }
}

}  // namespace

std::optional<SolveResult> overfull_room(const Burrow& start) {
  const auto count = start.counts();
  for (int k = 0; k < start.rooms; ++k) {
    if (count[k] > start.depth) {
      SolveResult result;
      result.status = SolveStatus::unsolvable;
      result.optimal = true;
      result.message = "no solution: " + std::to_string(count[k]) + " amphipods " +
                       kind_letter(k) + " cannot fit room " + kind_letter(k) + " of " +
                       std::to_string(start.depth) + " cells";
      return result;
    }
  }
  return std::nullopt;
}

SolveResult solve_burrow(const Burrow& start, Algorithm algorithm, const SolveOptions& options,
                         SolverWorkspace* workspace) {
  if (auto hopeless = overfull_room(start)) return *hopeless;
  const Shape shape(start);
  return answer_out_of_memory(
      [&] { return solve_in_workspace(shape, start, algorithm, options, workspace); },
      [&] {
        SolveResult result;
        result.status = SolveStatus::budget_exceeded;
        result.message = out_of_memory_message(options.memory_budget());
        return result;
      });
}

int64_t lower_bound(const Burrow& burrow) {
  const Shape shape(burrow);
  return bound(shape, work_from_burrow<8>(shape, burrow));
}

}  // namespace puzzlelab::amphipod
