// Rush Hour's state space for the generic searches (search/search_domain.h):
// A*, IDA* and Dijkstra solve over it, and the traces (trace.cpp) run every
// algorithm over it.
#pragma once

#include <algorithm>
#include <cstdint>
#include <cstdlib>

#include "core/random.h"
#include "puzzles/rushhour/rushhour.h"
#include "search/search_domain.h"
#include "search/state_table.h"

namespace puzzlelab::rushhour {

// Internal linkage, as when this lived in rushhour.cpp: each includer gets
// its own copy, which the inliner weighs as the file's own (in a named
// namespace the A* bench ran 0.9% more instructions).
namespace {

enum class Metric { moves, steps };

// The state space for the generic searches. With `single_cells` successors
// are one-cell steps (so plain BFS counts steps); otherwise every slide, which
// costs 1 under the moves metric and its length under the steps metric.
class SearchSpace {
 public:
  using State = Positions;
  using Move = Slide;

  SearchSpace(const Layout& layout, Metric metric, bool single_cells)
      : layout_(layout), metric_(metric), single_cells_(single_cells) {}

  uint64_t hash(const Positions& p) const {
    return search::mix64(p.words[0] ^ search::mix64(p.words[1] + kGoldenGamma));
  }
  bool is_goal(const Positions& p) const { return layout_.is_solved(p); }

  template <class Visit>
  void for_each_successor(const Positions& p, Visit&& visit) const {
    Layout::Occupancy cells;
    layout_.fill_occupancy(p, cells);
    for (int piece = 0; piece < static_cast<int>(layout_.pieces().size()); ++piece) {
      const int pos = p.get(piece);
      int backward = 0, forward = 0;
      layout_.free_run(cells, piece, pos, backward, forward);
      if (single_cells_) {
        backward = std::min(backward, 1);
        forward = std::min(forward, 1);
      }
      for (int d = -backward; d <= forward; ++d) {
        if (d == 0) continue;
        Positions next = p;
        next.set(piece, pos + d);
        visit(next, Slide{uint8_t(piece), int8_t(d)}, metric_ == Metric::moves ? 1 : std::abs(d));
      }
    }
  }

  // Moves: car A must move once more and each piece in its way at least once.
  // Steps: A's distance to the edge plus, for each blocker, the shortest shift
  // that clears A's row. Both never overestimate and change by at most a
  // move's cost, so they are consistent.
  int64_t heuristic(const Positions& p) const {
    const int red = layout_.red_car();
    const int pos = p.get(red);
    const int distance = layout_.max_position(red) - pos;
    if (distance == 0) return 0;
    Layout::Occupancy cells;
    layout_.fill_occupancy(p, cells);
    const int row = layout_.pieces()[red].line;
    int64_t total = metric_ == Metric::moves ? 1 : distance;
    for (int col = pos + layout_.pieces()[red].length; col < layout_.width(); ++col) {
      const int cell = cells[row * layout_.width() + col];
      if (cell == kEmptyCell) continue;
      if (cell == kWallCell || layout_.pieces()[cell].axis == Axis::horizontal) {
        return search::kUnreachable;
      }
      const int64_t clear = clearing_shift(cell, p.get(cell), row);
      if (clear >= search::kUnreachable) return clear;
      total += metric_ == Metric::moves ? 1 : clear;
    }
    return total;
  }

 private:
  // Fewest cells a vertical piece must move to leave `row` (ignoring others).
  int64_t clearing_shift(int piece, int top, int row) const {
    const int length = layout_.pieces()[piece].length;
    const int up = top + length - row;  // bottom end moves above the row
    const int down = row - top + 1;     // top end moves below the row
    int64_t best = search::kUnreachable;
    if (top - up >= 0) best = up;
    if (top + down <= layout_.max_position(piece)) best = std::min<int64_t>(best, down);
    return best;
  }

  const Layout& layout_;
  Metric metric_;
  bool single_cells_;
};

}  // namespace

}  // namespace puzzlelab::rushhour
