// Tree of Life's course over time (PuzzleHooks::time_line): the tree from
// generation 0 to the last query's generation, one frame a generation, each
// query's cell marked in the frame of the generation it asks about. What
// Save animation shows: Solve's answer is the queries' marks, not moves.
#include <algorithm>

#include "puzzles/treeoflife/treeoflife.h"

namespace puzzlelab::treeoflife {

namespace {

// The generation the frames run to, and what it is, for the player.
struct LastGeneration {
  int64_t generation = 0;
  std::string what;  // "the last query's"; "" when no more than a preview
};

// The last query's generation; with no queries, the clock's; at generation
// 0 with no queries, none: the frames are a preview of the first ones.
LastGeneration last_generation(const Problem& problem) {
  if (!problem.queries->empty()) {
    int64_t last = 0;
    for (const Query& q : *problem.queries) last = std::max(last, q.generation);
    return {last, "the last query's"};
  }
  if (problem.clock > 0) return {problem.clock, "the one shown"};
  return {-1, ""};
}

std::string span_text(const LastGeneration& last, int64_t shown_last) {
  std::string span = "generations 0 to " + std::to_string(shown_last);
  if (last.what.empty()) return span;
  if (last.generation == shown_last) return span + ", " + last.what;
  return span + " (the first " + std::to_string(shown_last + 1) + "; " + last.what + " is " +
         std::to_string(last.generation) + ")";
}

}  // namespace

TimeLine time_line(const Game& position, size_t most) {
  const Problem& problem = static_cast<const TreeOfLifeGame&>(position).problem();
  const LastGeneration last = last_generation(problem);
  const int64_t cap = int64_t(std::max<size_t>(most, 1)) - 1;
  const int64_t shown_last = last.generation < 0 ? cap : std::min(last.generation, cap);
  const auto frames = size_t(shown_last + 1);
  // Each frame's marks: the cells of the queries about its generation.
  auto marks = std::make_shared<std::vector<std::vector<int>>>(frames);
  for (const Query& q : *problem.queries) {
    if (q.generation <= shown_last) (*marks)[size_t(q.generation)].push_back(int(q.cell));
  }
  TimeLine line;
  line.frames = frames;
  line.unit = "generations";
  line.span = span_text(last, shown_last);
  Problem start = problem;
  line.frame = [start, marks, shown_last](size_t k) {
    Problem at = start;
    at.clock = int64_t(k);
    return TimeFrame{std::make_unique<TreeOfLifeGame>(std::move(at)),
                     "generation " + std::to_string(k) + " / " + std::to_string(shown_last),
                     k < marks->size() ? (*marks)[k] : std::vector<int>{}};
  };
  return line;
}

}  // namespace puzzlelab::treeoflife
