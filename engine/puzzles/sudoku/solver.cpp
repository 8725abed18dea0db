// Exact Sudoku solver: DPLL-style search over a "box + band" model with strong
// propagation (singles, hidden singles, locked candidates and band-wide
// placement reasoning), vectorised with portable GCC/Clang vector extensions.
//
// The model (after Tom Dillon's tdoku, re-derived and written from scratch):
//
// Box: a 4x4 matrix of 9-bit digit sets, one 16-lane vector, lane = 4*row+col.
//   rows 0..2 x cols 0..2   the candidates of the box's nine cells;
//   col 3, rows 0..2        digits that may still be ABSENT from minirow r;
//   row 3, cols 0..2        digits that may still be ABSENT from minicol c;
//   lane 15                 unused, always 0.
//   Every matrix row r < 3 holds each digit exactly once: a digit is either in
//   one of minirow r's three cells or absent from minirow r. Likewise for every
//   column c < 3. A cell holds at least one digit and a minirow (minicol) holds
//   exactly three, so at least six digits are absent from it.
//
// Band: three boxes in a row of boxes (a "row band", elements = minirows) or in
//   a column of boxes (a "column band", elements = minicols). A digit occupies
//   one element per box and each element index once across the band, so there
//   are six possible "configurations" (permutations) per digit. A band is an
//   8-lane vector; lane p < 6 holds the digits for which configuration p is
//   still possible.
//
// Boxes and bands restrict each other: a box tells its two bands which
// elements can still hold each digit; a band tells its three boxes which
// elements can hold (and which can lack) each digit. Each restriction that
// changes something propagates further (a depth-first flood over the 9 + 6
// constraint nodes). All node indices are template parameters, so every
// shuffle pattern is a compile-time constant.
#include "puzzles/sudoku/solver.h"

#include <array>
#include <bit>
#include <cstdint>

#include "puzzles/sudoku/solver_simd.h"

namespace puzzlelab::sudoku {
namespace {

using simd::U16x16;
using simd::U16x8;

constexpr uint16_t kAllDigits = 0x1ff;

// ---------------------------------------------------------------------------
// Layout

constexpr int lane(int row, int col) { return 4 * row + col; }

enum Orientation { kRowBand = 0, kColBand = 1 };

// The lane holding "digits that may be absent from element e" (a minirow for
// a row band, a minicol for a column band).
constexpr int absent_lane(int orientation, int element) {
  return orientation == kRowBand ? lane(element, 3) : lane(3, element);
}

// Which element of a box a cell belongs to, seen from a band of this orientation.
constexpr int element_of_cell(int orientation, int row, int col) {
  return orientation == kRowBand ? row : col;
}

// The box at position `pos` (0..2) of band `band` (0..2).
constexpr int box_of(int orientation, int band, int pos) {
  return orientation == kRowBand ? 3 * band + pos : 3 * pos + band;
}

// kConfigElement[p][b]: the element (0..2) holding the digit in box b of the
// band under configuration p. Each column of this table is a permutation.
constexpr int kConfigElement[6][3] = {{0, 1, 2}, {1, 2, 0}, {2, 0, 1},
                                      {0, 2, 1}, {1, 0, 2}, {2, 1, 0}};

// Triad vectors describe a band per (box, element): lane 4*b + e holds the
// digits that may lie in element e of the band's box b. Other lanes are 0.
constexpr int triad_lane(int box_pos, int element) { return 4 * box_pos + element; }

constexpr U16x16 lanes_where(auto predicate, uint16_t value) {
  return simd::make_u16x16([=](int k) { return predicate(k) ? value : 0; });
}

constexpr bool is_cell_lane(int k) { return k / 4 < 3 && k % 4 < 3; }
constexpr bool is_triad_lane(int k) { return k / 4 < 3 && k % 4 < 3; }
constexpr bool in_row_clause(int k) { return k / 4 < 3; }  // matrix rows 0..2
constexpr bool in_col_clause(int k) { return k % 4 < 3; }  // matrix cols 0..2

constexpr U16x16 kCellLanes = lanes_where(is_cell_lane, 0xffff);
constexpr U16x16 kRowClauseLanes = lanes_where(in_row_clause, 0xffff);
constexpr U16x16 kColClauseLanes = lanes_where(in_col_clause, 0xffff);
constexpr U16x16 kTriadLanes = lanes_where(is_triad_lane, 0xffff);

// Lower bounds on each lane's digit count: a cell keeps >= 1 candidate, and
// >= 6 digits are absent from each minirow/minicol (it holds exactly three).
constexpr U16x16 kMinimum =
    simd::make_u16x16([](int k) { return k == 15 ? 0 : is_cell_lane(k) ? 1 : 6; });
constexpr U16x16 kThree = simd::splat16(3);

// ---------------------------------------------------------------------------
// Shuffle tables: for each result lane, its source lane or a fill (see
// solver_simd.h). Restriction masks fill with ones (no restriction).

// The two configurations that put a digit in element e of box b.
constexpr int config_with(int box_pos, int element, int which) {
  for (int p = 0; p < 6; ++p) {
    if (kConfigElement[p][box_pos] == element && which-- == 0) return p;
  }
  return -1;
}

// Band configs -> triads. Or the two results.
template <int kWhich>
constexpr std::array<int, 16> kConfigsToTriads = [] {
  std::array<int, 16> idx{};
  idx.fill(simd::kZeroFill);
  for (int b = 0; b < 3; ++b) {
    for (int e = 0; e < 3; ++e) idx[triad_lane(b, e)] = config_with(b, e, kWhich);
  }
  return idx;
}();

// Triads -> restriction of the band's box at position kPos. Or the two results: a cell may keep a digit only if its element may
// hold it; "absent from element e" may keep a digit only if one of the two
// other elements may hold it.
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

// Box at position kPos -> restriction of the band's configurations.
// Configuration p may keep a digit only if its element e in this
// box can hold it (kWhich 0, taken from the lane where the element's cell
// union was gathered, which is e's absent lane) and both other elements can
// lack it (kWhich 1 and 2, taken from their absent lanes). And the results.
template <int kOrientation, int kPos, int kWhich>
constexpr std::array<int, 8> kBoxToConfigs = [] {
  std::array<int, 8> idx{};
  idx.fill(simd::kOnesFill);
  for (int p = 0; p < 6; ++p) {
    int element = (kConfigElement[p][kPos] + kWhich) % 3;
    idx[p] = absent_lane(kOrientation, element);
  }
  return idx;
}();

// Triads of box kPos -> configurations that use them.
template <int kPos>
constexpr std::array<int, 8> kTriadsToConfigs = [] {
  std::array<int, 8> idx{};
  idx.fill(simd::kZeroFill);
  for (int p = 0; p < 6; ++p) idx[p] = triad_lane(kPos, kConfigElement[p][kPos]);
  return idx;
}();

// ---------------------------------------------------------------------------
// State

struct State {
  U16x16 boxes[9];
  U16x8 bands[2][3];  // [orientation][band index]
};

constexpr U16x16 kInitialBox = lanes_where([](int k) { return k < 15; }, kAllDigits);
constexpr U16x8 kInitialBand = simd::make_u16x8([](int k) { return k < 6 ? kAllDigits : 0; });
constexpr State kInitialState = {
    {kInitialBox, kInitialBox, kInitialBox, kInitialBox, kInitialBox, kInitialBox, kInitialBox,
     kInitialBox, kInitialBox},
    {{kInitialBand, kInitialBand, kInitialBand}, {kInitialBand, kInitialBand, kInitialBand}}};

template <int kBox>
bool restrict_box(State& state, U16x16 allowed);
template <int kOrientation, int kBand, int kFromPos>
bool restrict_band(State& state, U16x8 allowed);

// ---------------------------------------------------------------------------
// Box propagation

// A matrix row is a group of four consecutive lanes; a matrix column takes
// every fourth lane. These rotate each row (column) by one and two places.
enum Direction { kAlongRows, kAlongCols };

template <Direction kDirection>
[[gnu::always_inline]] inline U16x16 rotate_by_1(U16x16 x) {
  if constexpr (kDirection == kAlongRows) return simd::rotate_in_groups_of_4(x);
  return simd::rotate_groups(x);
}

template <Direction kDirection>
[[gnu::always_inline]] inline U16x16 rotate_by_2(U16x16 x) {
  if constexpr (kDirection == kAlongRows) return simd::rotate_in_groups_of_4_by_2(x);
  return simd::rotate_groups_by_2(x);
}

template <Direction kDirection>
[[gnu::always_inline]] inline U16x16 rotate_by_3(U16x16 x) {
  if constexpr (kDirection == kAlongRows) return simd::rotate_in_groups_of_4_by_3(x);
  return simd::rotate_groups_by_3(x);
}

// Each lane gets the union of its row (column).
template <Direction kDirection>
[[gnu::always_inline]] inline U16x16 or_across(U16x16 x) {
  x |= rotate_by_2<kDirection>(x);
  return x | rotate_by_1<kDirection>(x);
}

// Each lane gets the union of the other three lanes of its row (column).
template <Direction kDirection>
[[gnu::always_inline]] inline U16x16 or_of_others(U16x16 x) {
  return rotate_by_1<kDirection>(x) | rotate_by_2<kDirection>(x) | rotate_by_3<kDirection>(x);
}

// The candidates to remove because of asserted facts: a digit placed in a cell
// leaves the rest of the box, the cell's other digits, and the "absent" lanes
// of its minirow and minicol; a digit known absent from an element leaves the
// element's cells.
[[gnu::always_inline]] inline U16x16 eliminations(U16x16 asserted) {
  U16x16 cell_asserted = asserted & kCellLanes;
  U16x16 in_box = or_across<kAlongCols>(or_across<kAlongRows>(cell_asserted)) & kCellLanes;
  U16x16 in_rows = or_across<kAlongRows>(asserted & kRowClauseLanes);
  U16x16 in_cols = or_across<kAlongCols>(asserted & kColClauseLanes);
  U16x16 decided_cells = simd::lanes_nonzero(cell_asserted);
  return ((in_box | in_rows | in_cols) & ~asserted) | (decided_cells & ~cell_asserted);
}

// Box -> band message: which configurations remain possible given this box.
template <int kOrientation, int kPos>
[[gnu::always_inline]] inline U16x8 configs_allowed_by_box(U16x16 box) {
  U16x16 cells = box & kCellLanes;
  // Union of each element's cells, gathered into the element's absent lane.
  U16x16 unions = kOrientation == kRowBand ? or_across<kAlongRows>(cells) : or_across<kAlongCols>(cells);
  return simd::shuffle<kBoxToConfigs<kOrientation, kPos, 0>>(unions) &
         simd::shuffle<kBoxToConfigs<kOrientation, kPos, 1>>(box) &
         simd::shuffle<kBoxToConfigs<kOrientation, kPos, 2>>(box);
}

template <int kBox>
bool restrict_box(State& state, U16x16 allowed) {
  U16x16 box = state.boxes[kBox];
  U16x16 removing = box & ~allowed;
  if (simd::is_zero(removing)) return true;
  do {
    box &= ~removing;
    U16x16 counts = simd::popcount9(box);
    if (!simd::is_zero(simd::lanes_less(counts, kMinimum))) return false;
    U16x16 asserted = box & simd::lanes_equal(counts, kMinimum);  // naked singles, full triads
    // Hidden singles: a digit no other lane of a row (column) clause can take.
    asserted |= box & ((~or_of_others<kAlongRows>(box) & kRowClauseLanes) |
                       (~or_of_others<kAlongCols>(box) & kColClauseLanes));
    removing = eliminations(asserted);
  } while (!simd::is_zero(removing & box));
  state.boxes[kBox] = box;

  constexpr int kRow = kBox / 3, kCol = kBox % 3;
  return restrict_band<kRowBand, kRow, kCol>(state,
                                             configs_allowed_by_box<kRowBand, kCol>(box)) &&
         restrict_band<kColBand, kCol, kRow>(state, configs_allowed_by_box<kColBand, kRow>(box));
}

// ---------------------------------------------------------------------------
// Band propagation

[[gnu::always_inline]] inline U16x16 configs_to_triads(U16x8 configs) {
  return simd::shuffle<kConfigsToTriads<0>>(configs) |
         simd::shuffle<kConfigsToTriads<1>>(configs);
}

// Configurations contradicting triads known to be full: an element holds
// exactly three digits, so when only three may lie there, all three do.
[[gnu::always_inline]] inline U16x8 full_triad_eliminations(U16x16 triads, U16x16 counts) {
  U16x16 full = triads & simd::lanes_equal(counts, kThree) & kTriadLanes;
  // A digit forced into one element of a box is excluded from its other two.
  U16x16 excluded = or_across<kAlongRows>(full) & ~full;
  return simd::shuffle<kTriadsToConfigs<0>>(excluded) |
         simd::shuffle<kTriadsToConfigs<1>>(excluded) |
         simd::shuffle<kTriadsToConfigs<2>>(excluded);
}

template <int kOrientation, int kPos>
[[gnu::always_inline]] inline U16x16 box_allowed_by_triads(U16x16 triads) {
  return simd::shuffle<kTriadsToBox<kOrientation, kPos, 0>>(triads) |
         simd::shuffle<kTriadsToBox<kOrientation, kPos, 1>>(triads);
}

template <int kOrientation, int kBand, int kPos>
[[gnu::always_inline]] inline bool restrict_box_in_band(State& state, U16x16 triads) {
  return restrict_box<box_of(kOrientation, kBand, kPos)>(
      state, box_allowed_by_triads<kOrientation, kPos>(triads));
}

template <int kOrientation, int kBand, int kFromPos>
bool restrict_band(State& state, U16x8 allowed) {
  U16x8 configs = state.bands[kOrientation][kBand];
  if (simd::is_zero(configs & ~allowed)) return true;
  configs &= allowed;
  U16x16 triads = configs_to_triads(configs);
  U16x16 counts = simd::popcount9(triads);
  if (!simd::is_zero(simd::lanes_less(counts, kThree) & kTriadLanes)) return false;
  U16x8 excluded = full_triad_eliminations(triads, counts);
  if (!simd::is_zero(excluded & configs)) {
    configs &= ~excluded;
    triads = configs_to_triads(configs);
  }
  state.bands[kOrientation][kBand] = configs;
  // Tell the other two boxes first, the box the news came from last.
  constexpr int kFirst = (kFromPos + 1) % 3, kSecond = (kFromPos + 2) % 3;
  return restrict_box_in_band<kOrientation, kBand, kFirst>(state, triads) &&
         restrict_box_in_band<kOrientation, kBand, kSecond>(state, triads) &&
         restrict_box_in_band<kOrientation, kBand, kFromPos>(state, triads);
}

// Runtime-indexed entry point.
using BandRestriction = bool (*)(State&, U16x8);
constexpr BandRestriction kRestrictBand[6] = {
    restrict_band<kRowBand, 0, 0>, restrict_band<kRowBand, 1, 0>, restrict_band<kRowBand, 2, 0>,
    restrict_band<kColBand, 0, 0>, restrict_band<kColBand, 1, 0>, restrict_band<kColBand, 2, 0>};

U16x8& band_at(State& state, int band) { return state.bands[band / 3][band % 3]; }



// ---------------------------------------------------------------------------
// Search

struct Search {
  int limit;
  int found = 0;
  uint64_t guesses = 0;
  Cells solution{};
};

// Reads the grid off a state whose bands are all decided, and checks it: each
// cell holds one digit and every row, column and box holds each digit once.
bool extract_valid_grid(const State& state, Cells& grid) {
  for (int box = 0; box < 9; ++box) {
    for (int r = 0; r < 3; ++r) {
      for (int c = 0; c < 3; ++c) {
        uint16_t digits = simd::get_lane(state.boxes[box], lane(r, c));
        if (!std::has_single_bit(digits)) return false;
        int cell = (box / 3 * 3 + r) * 9 + box % 3 * 3 + c;
        grid[cell] = uint8_t(std::countr_zero(digits) + 1);
      }
    }
  }
  for (int i = 0; i < 9; ++i) {
    unsigned row = 0, col = 0, box = 0;
    for (int j = 0; j < 9; ++j) {
      row |= 1u << grid[i * 9 + j];
      col |= 1u << grid[j * 9 + i];
      box |= 1u << grid[(i / 3 * 3 + j / 3) * 9 + i % 3 * 3 + j % 3];
    }
    if (row != 0x3fe || col != 0x3fe || box != 0x3fe) return false;
  }
  return true;
}

struct Choice {
  enum Kind { kSolved, kDead, kBranch } kind;
  int band = -1;
  int digit = -1;
};

// Configuration count per digit, bit-sliced: bit d of at_least[n] is set when
// digit d has more than n configurations left (n = 0, 1, 2).
struct DigitCounts {
  uint32_t at_least[3] = {0, 0, 0};
};

DigitCounts count_configs(U16x8 band) {
  DigitCounts counts;
  for (int p = 0; p < 6; ++p) {
    uint32_t w = band[p];
    counts.at_least[2] |= counts.at_least[1] & w;
    counts.at_least[1] |= counts.at_least[0] & w;
    counts.at_least[0] |= w;
  }
  return counts;
}

int config_total(U16x8 band) {
  simd::U64x2 q = (simd::U64x2)band;
  return std::popcount(q[0]) + std::popcount(q[1]);
}

// Branch on the undecided band with the fewest configurations, and within it
// on a digit with the fewest (ideally two) configurations.
Choice choose_branch(const State& state) {
  int best_band = -1, best_total = 1000;
  for (int band = 0; band < 6; ++band) {
    int total = config_total(state.bands[band / 3][band % 3]);
    if (total > 9 && total < best_total) best_band = band, best_total = total;
  }
  if (best_band < 0) return {Choice::kSolved};
  U16x8 band = state.bands[best_band / 3][best_band % 3];
  DigitCounts counts = count_configs(band);
  if (counts.at_least[0] != kAllDigits) return {Choice::kDead};
  uint32_t exactly_two = counts.at_least[1] & ~counts.at_least[2];
  if (exactly_two != 0) return {Choice::kBranch, best_band, std::countr_zero(exactly_two)};
  int best_digit = -1, best_count = 7;
  for (int d = 0; d < 9; ++d) {
    int n = 0;
    for (int p = 0; p < 6; ++p) n += (band[p] >> d) & 1;
    if (n >= 2 && n < best_count) best_digit = d, best_count = n;
  }
  return {Choice::kBranch, best_band, best_digit};
}

void count_from(State& state, Search& search);

// The configurations (lanes) of `band` still open to `digit`.
uint32_t configs_of_digit(U16x8 band, int digit) {
  uint32_t lanes = 0;
  for (int p = 0; p < 6; ++p) lanes |= ((band[p] >> digit) & 1u) << p;
  return lanes;
}

// Tries the first remaining configuration of `digit` in `band`, then the rest.
void branch(State& state, int band, int digit, Search& search) {
  const uint16_t bit = uint16_t(1u << digit);
  for (;;) {
    int first = std::countr_zero(configs_of_digit(band_at(state, band), digit));
    U16x8 only_first = simd::splat8(0xffff);
    U16x8 without_first = only_first;
    for (int p = 0; p < 8; ++p) {
      if (p == first) {
        without_first[p] = uint16_t(~bit);
      } else {
        only_first[p] = uint16_t(~bit);
      }
    }
    ++search.guesses;
    State guess = state;
    if (kRestrictBand[band](guess, only_first)) count_from(guess, search);
    if (search.found >= search.limit) return;
    if (!kRestrictBand[band](state, without_first)) return;
    if (std::popcount(configs_of_digit(band_at(state, band), digit)) < 2) break;
  }
  count_from(state, search);
}

void count_from(State& state, Search& search) {
  Choice choice = choose_branch(state);
  switch (choice.kind) {
    case Choice::kDead:
      return;
    case Choice::kSolved: {
      Cells grid;
      if (!extract_valid_grid(state, grid)) return;
      if (search.found++ == 0) search.solution = grid;
      return;
    }
    case Choice::kBranch:
      branch(state, choice.band, choice.digit, search);
      return;
  }
}

// Lane masks of the configurations that put a digit anywhere but element e of
// the band's box at position b, indexed [b][e].
constexpr auto kConfigsAvoiding = [] {
  std::array<std::array<U16x8, 3>, 3> masks{};
  for (int b = 0; b < 3; ++b) {
    for (int e = 0; e < 3; ++e) {
      masks[b][e] = simd::make_u16x8(
          [=](int p) { return p < 6 && kConfigElement[p][b] != e ? 0xffff : 0; });
    }
  }
  return masks;
}();

// Writes the clues into their boxes and gathers, per band, the configurations
// they rule out; then restricts the six bands, which propagates everything.
// (Batching all clues per band beats placing them one box at a time.) False if
// the clues contradict each other.
bool place_clues(State& state, const Cells& puzzle) {
  U16x8 ruled_out[2][3] = {};
  for (int cell = 0; cell < 81; ++cell) {
    int digit = puzzle[cell];
    if (digit < 1 || digit > 9) continue;
    int row = cell / 9, col = cell % 9;
    uint16_t bit = uint16_t(1u << (digit - 1));
    simd::set_lane(state.boxes[row / 3 * 3 + col / 3], lane(row % 3, col % 3), bit);
    U16x8 digit_lanes = simd::splat8(bit);
    ruled_out[kRowBand][row / 3] |= kConfigsAvoiding[col / 3][row % 3] & digit_lanes;
    ruled_out[kColBand][col / 3] |= kConfigsAvoiding[row / 3][col % 3] & digit_lanes;
  }
  for (int band = 0; band < 6; ++band) {
    if (!kRestrictBand[band](state, ~ruled_out[band / 3][band % 3])) return false;
  }
  return true;
}

}  // namespace

SolverResult count_solutions(const Cells& puzzle, int limit) {
  SolverResult result;
  Search search{limit < 1 ? 1 : limit};
  State state = kInitialState;
  if (place_clues(state, puzzle)) count_from(state, search);
  result.solutions = search.found;
  result.guesses = search.guesses;
  if (search.found > 0) result.solution = search.solution;
  return result;
}

SolverResult count_solutions(const char* puzzle81, int limit) {
  Cells cells{};
  for (int i = 0; i < 81; ++i) {
    char ch = puzzle81[i];
    cells[i] = (ch >= '1' && ch <= '9') ? uint8_t(ch - '0') : 0;
  }
  return count_solutions(cells, limit);
}

}  // namespace puzzlelab::sudoku
