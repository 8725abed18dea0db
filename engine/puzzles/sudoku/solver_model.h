// The solver's model of a Sudoku: how boxes and bands are laid out in vector
// lanes, and the constant tables that translate between them. Private to
// solver.cpp, which has the propagation rules. (The model follows Tom Dillon's
// tdoku; this is an independent re-derivation.)
//
// Box: a 4x4 matrix of 9-bit digit sets in one 16-lane vector, lane 4*r+c:
//
//      c0   c1   c2   c3                  cells: candidates of the box's cells
//    +----+----+----+----+                r3: digits that may still be ABSENT
//    |cell|cell|cell| r0 |  minirow 0         from minirow r (a row of three
//    |cell|cell|cell| r1 |  minirow 1         cells of the box)
//    |cell|cell|cell| r2 |  minirow 2     c3: digits that may still be ABSENT
//    | c0 | c1 | c2 | -- |                    from minicol c
//    +----+----+----+----+                --: unused, always 0
//
//   Each matrix row r < 3 holds every digit exactly once: a digit is in one
//   of minirow r's cells or absent from minirow r. Likewise each column c < 3.
//   A cell holds at least one digit; a minirow (minicol) holds exactly three,
//   so at least six digits are absent from it.
//
// Band: three boxes side by side. A row band (boxes 3k..3k+2) sees each box
//   as three minirows, a column band (boxes k, k+3, k+6) as three minicols;
//   these are the band's "elements". A digit lies in one element of each of
//   the band's boxes, and in different element indices (different rows or
//   columns of the grid), so it has six possible "configurations": the six
//   permutations. A band is an 8-lane vector whose lane p < 6 holds the digits
//   for which configuration p is still possible (lanes 6 and 7 are 0).
//
// Triads: to talk to its boxes a band expands its configurations into a
//   16-lane vector whose lane 4*b+e holds the digits that may lie in element
//   e of the band's box b (at position b = 0..2); the other lanes are 0.
#pragma once

#include <array>
#include <cstdint>

#include "puzzles/sudoku/solver_simd.h"

namespace puzzlelab::sudoku::model {

using simd::U16x16;
using simd::U16x8;

constexpr uint16_t kAllDigits = 0x1ff;

// ---------------------------------------------------------------------------
// Layout

constexpr int lane(int row, int col) {
  return 4 * row + col;
}
constexpr int triad_lane(int box_pos, int element) {
  return 4 * box_pos + element;
}

enum Orientation { kRowBand = 0, kColBand = 1 };

// The box lane of "digits that may be absent from element e".
constexpr int absent_lane(int orientation, int element) {
  return orientation == kRowBand ? lane(element, 3) : lane(3, element);
}

// The element a cell belongs to, seen from a band of this orientation.
constexpr int element_of_cell(int orientation, int row, int col) {
  return orientation == kRowBand ? row : col;
}

// The band of this orientation through a box, and the box's position in it.
constexpr int band_of_box(int orientation, int box) {
  return orientation == kRowBand ? box / 3 : box % 3;
}
constexpr int position_in_band(int orientation, int box) {
  return orientation == kRowBand ? box % 3 : box / 3;
}
constexpr int box_at(int orientation, int band, int pos) {
  return orientation == kRowBand ? 3 * band + pos : 3 * pos + band;
}

// kConfigElement[p][b]: the element holding the digit in the band's box b
// under configuration p.
constexpr int kConfigElement[6][3] = {{0, 1, 2}, {1, 2, 0}, {2, 0, 1},
                                      {0, 2, 1}, {1, 0, 2}, {2, 1, 0}};

// ---------------------------------------------------------------------------
// Lane masks and bounds

constexpr U16x16 lanes_where(auto predicate, uint16_t value) {
  return simd::make_u16x16([=](int k) { return predicate(k) ? value : 0; });
}

constexpr bool is_cell_lane(int k) {
  return k / 4 < 3 && k % 4 < 3;
}
constexpr bool is_triad_lane(int k) {
  return k / 4 < 3 && k % 4 < 3;
}

constexpr U16x16 kCellLanes = lanes_where(is_cell_lane, 0xffff);
constexpr U16x16 kTriadLanes = lanes_where(is_triad_lane, 0xffff);
// The lanes of the matrix rows (columns) that hold each digit exactly once.
constexpr U16x16 kRowClauseLanes = lanes_where([](int k) { return k / 4 < 3; }, 0xffff);
constexpr U16x16 kColClauseLanes = lanes_where([](int k) { return k % 4 < 3; }, 0xffff);

// Lower bounds on each box lane's digit count (see above).
constexpr U16x16 kMinimum = simd::make_u16x16([](int k) {
  return k == 15 ? 0 : is_cell_lane(k) ? 1 : 6;
});
// Each element holds exactly three digits: a lower bound for triads.
constexpr U16x16 kThree = simd::splat16(3);

constexpr U16x16 kInitialBox = lanes_where([](int k) { return k < 15; }, kAllDigits);
constexpr U16x8 kInitialBand = simd::make_u16x8([](int k) { return k < 6 ? kAllDigits : 0; });

// kConfigsAvoiding[b][e]: lanes (all ones) of the configurations that put a
// digit anywhere but element e of the band's box b.
constexpr auto kConfigsAvoiding = [] {
  std::array<std::array<U16x8, 3>, 3> masks{};
  for (int b = 0; b < 3; ++b) {
    for (int e = 0; e < 3; ++e) {
      masks[b][e] =
          simd::make_u16x8([=](int p) { return p < 6 && kConfigElement[p][b] != e ? 0xffff : 0; });
    }
  }
  return masks;
}();

// kSingleLane[p]: lane p all ones, the others 0.
constexpr auto kSingleLane = [] {
  std::array<U16x8, 8> masks{};
  for (int p = 0; p < 8; ++p) {
    masks[p] = simd::make_u16x8([p](int k) { return k == p ? 0xffff : 0; });
  }
  return masks;
}();

// ---------------------------------------------------------------------------
// Shuffle tables (see simd::shuffle): for each result lane, the source lane,
// or a fill. Restrictions fill with ones, which restrict nothing.

// One of the two configurations (which = 0, 1) that put a digit in element e
// of the band's box b.
constexpr int config_placing(int box_pos, int element, int which) {
  for (int p = 0; p < 6; ++p) {
    if (kConfigElement[p][box_pos] == element && which-- == 0) return p;
  }
  return -1;
}

// Configurations -> triads: OR the results for kWhich = 0 and 1.
template <int kWhich>
constexpr std::array<int, 16> kConfigsToTriads = [] {
  std::array<int, 16> idx{};
  idx.fill(simd::kZeroFill);
  for (int b = 0; b < 3; ++b) {
    for (int e = 0; e < 3; ++e) idx[triad_lane(b, e)] = config_placing(b, e, kWhich);
  }
  return idx;
}();

// Triads -> what the band allows in its box at position kPos: OR the results
// for kWhich = 0 and 1. A cell may keep a digit if its element may hold it;
// "absent from element e" may keep a digit if another element may hold it.
template <int kOrientation, int kPos, int kWhich>
constexpr std::array<int, 16> kTriadsToBox = [] {
  std::array<int, 16> idx{};
  idx.fill(simd::kOnesFill);
  for (int r = 0; r < 3; ++r) {
    for (int c = 0; c < 3; ++c) {
      idx[lane(r, c)] = triad_lane(kPos, element_of_cell(kOrientation, r, c));
    }
  }
  for (int e = 0; e < 3; ++e) {
    idx[absent_lane(kOrientation, e)] = triad_lane(kPos, (e + 1 + kWhich) % 3);
  }
  return idx;
}();

// Box at position kPos -> the configurations it allows: AND the results for
// kWhich = 0, 1, 2. Configuration p keeps a digit if some cell of its element
// e in this box may hold it (kWhich 0: read from e's absent lane in a vector
// where that lane holds the union of e's cells), and if the digit may be
// absent from both other elements (kWhich 1, 2: their absent lanes).
template <int kOrientation, int kPos, int kWhich>
constexpr std::array<int, 8> kBoxToConfigs = [] {
  std::array<int, 8> idx{};
  idx.fill(simd::kOnesFill);
  for (int p = 0; p < 6; ++p) {
    idx[p] = absent_lane(kOrientation, (kConfigElement[p][kPos] + kWhich) % 3);
  }
  return idx;
}();

// Triads of the band's box at position kPos -> the configurations that use
// them: lane p reads the triad of p's element in that box.
template <int kPos>
constexpr std::array<int, 8> kTriadsToConfigs = [] {
  std::array<int, 8> idx{};
  idx.fill(simd::kZeroFill);
  for (int p = 0; p < 6; ++p) idx[p] = triad_lane(kPos, kConfigElement[p][kPos]);
  return idx;
}();

}  // namespace puzzlelab::sudoku::model
