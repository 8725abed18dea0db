// Amphipod's search traces (solver.h: trace_burrow): the solver's own search
// (search.h) with a recorder. A file of its own, apart from solver.cpp: the
// traced instantiations there grew the file and changed what the inliner
// did for the untraced search (1.5% more instructions on the bench set).
#include <optional>
#include <string>

#include "core/memory.h"
#include "puzzles/amphipod/search.h"
#include "puzzles/amphipod/solver.h"

namespace puzzlelab::amphipod {

namespace {

template <int W>
SearchTrace run_trace(const Shape& shape, const Burrow& start, Algorithm algorithm,
                      const SolveOptions& options, uint64_t limit) {
  NodeStore<W> store;
  NodeTable table;
  RadixHeap heap;
  NodeTrace recorder(limit);
  Search<W, NodeTrace> search(shape, algorithm, options, store, table, heap, &recorder);
  const SolveResult result = search.run(start);
  SearchTrace trace;
  trace.status = result.status;
  trace.message = result.message;
  trace.cost = result.cost;
  trace.stats = result.stats;
  search.fill_trace(trace, start);
  return trace;
}

SearchTrace trace_by_shape(const Shape& shape, const Burrow& start, Algorithm algorithm,
                           const SolveOptions& options, uint64_t limit) {
  switch (shape.words) {
    case 1:
    case 2:
      return run_trace<2>(shape, start, algorithm, options, limit);
    case 3:
      return run_trace<3>(shape, start, algorithm, options, limit);
    case 4:
      return run_trace<4>(shape, start, algorithm, options, limit);
    case 5:
    case 6:
      return run_trace<6>(shape, start, algorithm, options, limit);
    default:
      return run_trace<8>(shape, start, algorithm, options, limit);
  }
}

}  // namespace

SearchTrace trace_burrow(const Burrow& start, Algorithm algorithm, const SolveOptions& options,
                         uint64_t limit) {
  if (auto hopeless = overfull_room(start)) {
    SearchTrace trace;
    trace.status = hopeless->status;
    trace.message = hopeless->message;
    return trace;
  }
  const Shape shape(start);
  return answer_out_of_memory(
      [&] { return trace_by_shape(shape, start, algorithm, options, limit); },
      [&] {
        SearchTrace trace;
        trace.status = SolveStatus::budget_exceeded;
        trace.message = out_of_memory_message(options.memory_budget());
        return trace;
      });
}

}  // namespace puzzlelab::amphipod
