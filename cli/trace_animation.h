// `puzzlelab render --trace`: a search's trace (core/trace.h) as a time
// line of boards that the animation code draws (shell/render/animation.h):
// states in the order the search takes them, at most kTraceFrames of them
// spread evenly over the trace (the first and the last always), each with
// a counter "A*: 1,234 of 5,678 taken, g 12, f 40, frontier 345", then one
// frame per position of the solution it found.
#pragma once

#include <cstddef>
#include <memory>
#include <vector>

#include "core/puzzle.h"
#include "core/trace.h"

namespace puzzlelab::cli {

inline constexpr size_t kTraceFrames = 100;

// The steps a GIF shows: at most `most`, evenly spread, first and last kept.
std::vector<size_t> sampled_steps(size_t steps, size_t most);

// The frames of `trace`, made from `start`'s puzzle (its parse reads each
// board back). The trace is shared with the time line, which outlives it.
TimeLine trace_time_line(const Game& start, std::shared_ptr<const SearchTrace> trace);

}  // namespace puzzlelab::cli
