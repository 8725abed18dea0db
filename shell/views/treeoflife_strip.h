// Tree of Life's space-time strip, under the tree: a row per generation, a
// column per run of cells in the tree's in-order (left to right as the tree
// is drawn: a small tree's columns sit under its cells, a big tree's under
// the stretch of the icicle they count), shaded by how many are live. The
// rows shown (TreeOfLifeView::strip_first, strip_last) are generations
// 0-63 until the clock passes 63, the clock's last 64 after: the strip is
// full from the first frame, and a line marks the clock's row.
#pragma once

#include <cstdint>
#include <memory>
#include <utility>
#include <vector>

#include "puzzles/treeoflife/evolve.h"

namespace puzzlelab::shell {

// UI units: the tree's margin inside the board area, and the strip's, so
// the strip's columns sit under the tree's cells.
inline constexpr float kTreeOfLifePad = 10;

// The strip's columns: in-order runs of the tree's cells, each kept level by
// level as ranges of cells in breadth-first order (a level's cells run left
// to right), so a row is counted a word at a time.
class StripColumns {
 public:
  // `columns` runs (at most the cells) over `shape`; again only when either
  // changed. True when it built them anew (the rows counted before are void).
  // The shape is held: another tree cannot come at its address meanwhile.
  bool fit(std::shared_ptr<const treeoflife::Shape> shape, int columns);
  int columns() const { return columns_; }
  // Each column's share of live cells in `state`.
  std::vector<float> shares(const treeoflife::Bits& state) const;
  // Column c's span across the tree in leaf units (a leaf is one unit wide,
  // the tree `leaves()` units; a cell sits at the middle of its in-order
  // half-unit): a one-cell column is centred under its cell.
  std::pair<float, float> span(int c) const;
  float leaves() const { return float(cells_ + 1) / 2; }
  // The column cell i counts in.
  int column_of(int64_t cell) const;

 private:
  struct Run {
    int column;
    int64_t from, to;  // cells [from, to), breadth-first
  };
  int64_t first_position(int c) const { return (int64_t(c) * cells_ + columns_ - 1) / columns_; }

  std::shared_ptr<const treeoflife::Shape> shape_;
  int64_t cells_ = 0;
  int columns_ = 0;
  std::vector<Run> runs_;          // level by level, left to right
  std::vector<int64_t> sizes_;     // cells per column
  std::vector<int64_t> position_;  // in-order position of the first kCellSpots cells
};

}  // namespace puzzlelab::shell
