// Exact Sudoku solver: depth-first search with strong propagation over the
// box/band model of solver_model.h, vectorised with portable vector
// extensions (solver_simd.h).
//
// Propagation. Boxes and bands restrict each other: a box tells its two bands
// which configurations its candidates still allow; a band tells its three
// boxes which elements may hold (and which may lack) each digit. Whenever a
// restriction removes something, the restricted node draws its own
// conclusions and tells its neighbours, depth first. Inside a box that means
// naked singles, hidden singles along each matrix row and column, and "a
// minirow (minicol) holds three digits", a naked triple; through the bands it
// adds hidden singles in boxes, rows and columns, locked candidates both
// ways, and whatever the six configurations per digit and band imply. Node
// indices are template parameters, so every lane shuffle has a compile-time
// pattern.
//
// Search. Branch on the band and digit with the fewest configurations left
// (ideally two): try the first configuration, then rule it out.
#include "puzzles/sudoku/solver.h"

#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>
#include <cstring>
#include <utility>

#include "puzzles/sudoku/solver_model.h"
#include "puzzles/sudoku/solver_simd.h"

namespace puzzlelab::sudoku {
namespace {

using namespace model;
using simd::U16x16;
using simd::U16x8;

struct State {
  U16x16 boxes[9];
  U16x8 bands[2][3];  // [orientation][band]
};

constexpr State kInitialState = {
    {kInitialBox, kInitialBox, kInitialBox, kInitialBox, kInitialBox, kInitialBox, kInitialBox,
     kInitialBox, kInitialBox},
    {{kInitialBand, kInitialBand, kInitialBand}, {kInitialBand, kInitialBand, kInitialBand}}};

// ---------------------------------------------------------------------------
// Propagation entry points. restrict_box and restrict_band narrow a box
// (band) to `allowed`; when that removes something, propagate_box and
// propagate_band draw the consequences. All return false on a contradiction.
// kFrom... name the neighbour the news came from, to order the messages.

template <int kBox, int kFromOrientation>
bool propagate_box(State& state);
template <int kOrientation, int kBand, int kFromPos>
bool propagate_band(State& state);

template <int kBox, int kFromOrientation>
[[gnu::always_inline]] inline bool restrict_box(State& state, U16x16 allowed) {
  U16x16& box = state.boxes[kBox];
  if (simd::is_zero(box & ~allowed)) return true;
  box &= allowed;
  return propagate_box<kBox, kFromOrientation>(state);
}

template <int kOrientation, int kBand, int kFromPos>
[[gnu::always_inline]] inline bool restrict_band(State& state, U16x8 allowed) {
  U16x8& band = state.bands[kOrientation][kBand];
  if (simd::is_zero(band & ~allowed)) return true;
  band &= allowed;
  return propagate_band<kOrientation, kBand, kFromPos>(state);
}

// ---------------------------------------------------------------------------
// Boxes

// A matrix row of a box is a group of four consecutive lanes; a matrix column
// takes every fourth lane. rotate<D, n> rotates every row (column) n places.
enum Direction { kAlongRows, kAlongCols };

template <Direction kDirection, int kPlaces>
[[gnu::always_inline]] inline U16x16 rotate(U16x16 x) {
  if constexpr (kDirection == kAlongRows) return simd::rotate_within_groups<kPlaces>(x);
  return simd::rotate_groups<kPlaces>(x);
}

// Each lane gets the union of its row (column).
template <Direction kDirection>
[[gnu::always_inline]] inline U16x16 union_across(U16x16 x) {
  x |= rotate<kDirection, 2>(x);
  return x | rotate<kDirection, 1>(x);
}

// Each lane gets the union of the other three lanes of its row (column).
// With a box in two 128-bit halves (SSE, wasm), two shuffles instead of
// three: lanes k+1 and k+3 come from one rotation of x | its half-turn
// (wasm forum 1905 61.1 -> 59.5 us, 1106 93.2 -> 90.4; x86-64-v2 -1%). With
// AVX2, three independent shuffles make a shorter chain (1-2% faster).
template <Direction kDirection>
[[gnu::always_inline]] inline U16x16 union_of_others(U16x16 x) {
  if constexpr (PUZZLELAB_SUDOKU_SIMD_256) {
    return rotate<kDirection, 1>(x) | rotate<kDirection, 2>(x) | rotate<kDirection, 3>(x);
  } else {
    U16x16 opposite = rotate<kDirection, 2>(x);
    return rotate<kDirection, 1>(x | opposite) | opposite;
  }
}

// The candidates that asserted facts remove: a digit placed in a cell leaves
// the rest of the box, the cell's other digits, and the "absent" lanes of the
// cell's minirow and minicol; a digit known absent from an element leaves the
// element's cells.
[[gnu::always_inline]] inline U16x16 eliminations(U16x16 asserted) {
  U16x16 cell_asserted = asserted & kCellLanes;
  U16x16 in_box = union_across<kAlongCols>(union_across<kAlongRows>(cell_asserted)) & kCellLanes;
  U16x16 in_rows = union_across<kAlongRows>(asserted & kRowClauseLanes);
  U16x16 in_cols = union_across<kAlongCols>(asserted & kColClauseLanes);
  // A decided cell loses its other digits. Written as "keep" (undecided lanes
  // compare equal to 0) because a lane-wise "nonzero" costs SSE two compares.
  U16x16 keep_in_cells = simd::lanes_equal(cell_asserted, U16x16{}) | cell_asserted;
  return ((in_box | in_rows | in_cols) & ~asserted) | ~keep_in_cells;
}

// What a box tells its band of this orientation: the configurations it allows.
template <int kOrientation, int kPos>
[[gnu::always_inline]] inline U16x8 configs_allowed_by_box(U16x16 box) {
  constexpr Direction kElements = kOrientation == kRowBand ? kAlongRows : kAlongCols;
  // The union of each element's cells lands in the element's absent lane.
  U16x16 element_unions = union_across<kElements>(box & kCellLanes);
  return simd::shuffle<kBoxToConfigs<kOrientation, kPos, 0>>(element_unions) &
         simd::shuffle<kBoxToConfigs<kOrientation, kPos, 1>>(box) &
         simd::shuffle<kBoxToConfigs<kOrientation, kPos, 2>>(box);
}

template <int kOrientation, int kBox>
[[gnu::always_inline]] inline bool tell_band(State& state, U16x16 box) {
  constexpr int kBand = band_of_box(kOrientation, kBox);
  constexpr int kPos = position_in_band(kOrientation, kBox);
  return restrict_band<kOrientation, kBand, kPos>(state,
                                                  configs_allowed_by_box<kOrientation, kPos>(box));
}

// Draws a box's own conclusions until it has no more, without telling its
// bands; false on a contradiction.
template <int kBox>
[[gnu::always_inline]] inline bool settle_box(State& state) {
  U16x16 box = state.boxes[kBox];
  for (;;) {
    U16x16 counts = simd::popcount9(box);
    if (!simd::is_zero(simd::lanes_less(counts, kMinimum))) return false;
    // Naked singles, and minirows (minicols) whose three digits are known.
    U16x16 asserted = box & simd::lanes_equal(counts, kMinimum);
    // Hidden singles: digits that no other lane of a matrix row (column) has.
    asserted |= box & ((~union_of_others<kAlongRows>(box) & kRowClauseLanes) |
                       (~union_of_others<kAlongCols>(box) & kColClauseLanes));
    U16x16 removing = eliminations(asserted) & box;
    if (simd::is_zero(removing)) break;
    box &= ~removing;
  }
  state.boxes[kBox] = box;
  return true;
}

template <int kBox, int kFromOrientation>
bool propagate_box(State& state) {
  if (!settle_box<kBox>(state)) return false;
  const U16x16 box = state.boxes[kBox];
  // Tell the band of the other orientation first: the news came from this one.
  constexpr int kOther = kFromOrientation == kRowBand ? kColBand : kRowBand;
  return tell_band<kOther, kBox>(state, box) && tell_band<kFromOrientation, kBox>(state, box);
}

// ---------------------------------------------------------------------------
// Bands

[[gnu::always_inline]] inline U16x16 configs_to_triads(U16x8 configs) {
  return simd::shuffle<kConfigsToTriads<0>>(configs) | simd::shuffle<kConfigsToTriads<1>>(configs);
}

// The configurations that full triads rule out. An element holds exactly
// three digits, so when only three may lie there, all three do, and none of
// them lies in another element of that box.
[[gnu::always_inline]] inline U16x8 full_triad_eliminations(U16x16 triads, U16x16 counts) {
  U16x16 full = triads & simd::lanes_equal(counts, kThree) & kTriadLanes;
  U16x16 forced_elsewhere = union_across<kAlongRows>(full) & ~full;
  return simd::shuffle<kTriadsToConfigs<0>>(forced_elsewhere) |
         simd::shuffle<kTriadsToConfigs<1>>(forced_elsewhere) |
         simd::shuffle<kTriadsToConfigs<2>>(forced_elsewhere);
}

template <int kOrientation, int kPos>
[[gnu::always_inline]] inline U16x16 box_allowed_by_triads(U16x16 triads) {
  return simd::shuffle<kTriadsToBox<kOrientation, kPos, 0>>(triads) |
         simd::shuffle<kTriadsToBox<kOrientation, kPos, 1>>(triads);
}

template <int kOrientation, int kBand, int kPos>
[[gnu::always_inline]] inline bool tell_box(State& state, U16x16 triads) {
  return restrict_box<box_at(kOrientation, kBand, kPos), kOrientation>(
      state, box_allowed_by_triads<kOrientation, kPos>(triads));
}

template <int kOrientation, int kBand, int kFromPos>
bool propagate_band(State& state) {
  U16x8 configs = state.bands[kOrientation][kBand];
  U16x16 triads = configs_to_triads(configs);
  U16x16 counts = simd::popcount9(triads);
  if (!simd::is_zero(simd::lanes_less(counts, kThree) & kTriadLanes)) return false;
  // One round of the full-triad rule catches most of what repeating it would.
  U16x8 excluded = full_triad_eliminations(triads, counts);
  if (!simd::is_zero(excluded & configs)) {
    configs &= ~excluded;
    triads = configs_to_triads(configs);
  }
  state.bands[kOrientation][kBand] = configs;
  // Tell the other two boxes first, the box the news came from last.
  constexpr int kFirst = (kFromPos + 1) % 3, kSecond = (kFromPos + 2) % 3;
  return tell_box<kOrientation, kBand, kFirst>(state, triads) &&
         tell_box<kOrientation, kBand, kSecond>(state, triads) &&
         tell_box<kOrientation, kBand, kFromPos>(state, triads);
}

// Bands by runtime index: 0..2 are the row bands, 3..5 the column bands.
U16x8& band_at(State& state, int band) {
  return state.bands[band / 3][band % 3];
}

bool restrict_band_at(State& state, int band, U16x8 allowed) {
  switch (band) {
    case 0:
      return restrict_band<kRowBand, 0, 0>(state, allowed);
    case 1:
      return restrict_band<kRowBand, 1, 0>(state, allowed);
    case 2:
      return restrict_band<kRowBand, 2, 0>(state, allowed);
    case 3:
      return restrict_band<kColBand, 0, 0>(state, allowed);
    case 4:
      return restrict_band<kColBand, 1, 0>(state, allowed);
    default:
      return restrict_band<kColBand, 2, 0>(state, allowed);
  }
}

// ---------------------------------------------------------------------------
// Clues

// Narrows box kBox to what its two bands allow, without propagating.
template <int kBox>
void take_in_bands(State& state) {
  constexpr int kRow = kBox / 3, kCol = kBox % 3;
  U16x16 row_triads = configs_to_triads(state.bands[kRowBand][kRow]);
  U16x16 col_triads = configs_to_triads(state.bands[kColBand][kCol]);
  state.boxes[kBox] &= box_allowed_by_triads<kRowBand, kCol>(row_triads) &
                       box_allowed_by_triads<kColBand, kRow>(col_triads);
}

// Narrows a band to what its three boxes allow and applies the full-triad
// rule once, without telling its boxes; false on a contradiction.
template <int kOrientation, int kBand>
[[gnu::always_inline]] inline bool take_in_boxes(State& state) {
  U16x8 configs =
      state.bands[kOrientation][kBand] &
      configs_allowed_by_box<kOrientation, 0>(state.boxes[box_at(kOrientation, kBand, 0)]) &
      configs_allowed_by_box<kOrientation, 1>(state.boxes[box_at(kOrientation, kBand, 1)]) &
      configs_allowed_by_box<kOrientation, 2>(state.boxes[box_at(kOrientation, kBand, 2)]);
  U16x16 triads = configs_to_triads(configs);
  U16x16 counts = simd::popcount9(triads);
  if (!simd::is_zero(simd::lanes_less(counts, kThree) & kTriadLanes)) return false;
  state.bands[kOrientation][kBand] = configs & ~full_triad_eliminations(triads, counts);
  return true;
}

// Rounds pay where a box is one vector register (AVX2 and wider): the nine
// boxes and six bands stay in registers. With boxes in two 128-bit halves
// (SSE, wasm simd128) they spill, and depth first is faster (17-clue set:
// x86-64-v2 3.2 us a puzzle depth first, 3.4 in rounds; wasm twice as slow).
constexpr bool kSettleInRounds = PUZZLELAB_SUDOKU_SIMD_256;

// Propagates everything at once. In rounds: each box takes in its bands and
// settles, then each band takes in its boxes, until a round changes no band:
// then every node agrees with its neighbours, as after propagate_box and
// propagate_band (or a little more: the full-triad rule runs until it finds
// nothing, so a puzzle with several solutions may find another one first).
// When news is everywhere (the clues), rounds repeat less work than
// following each change depth first.
template <int... kBox>
bool settle_all(State& state, std::integer_sequence<int, kBox...>) {
  if constexpr (!kSettleInRounds) {
    (take_in_bands<kBox>(state), ...);
    return (propagate_box<kBox, kRowBand>(state) && ...);
  } else {
    for (;;) {
      U16x8 bands_before[2][3];
      std::memcpy(bands_before, state.bands, sizeof bands_before);
      (take_in_bands<kBox>(state), ...);
      if (!(settle_box<kBox>(state) && ...)) return false;
      if (!(take_in_boxes<kRowBand, 0>(state) && take_in_boxes<kRowBand, 1>(state) &&
            take_in_boxes<kRowBand, 2>(state) && take_in_boxes<kColBand, 0>(state) &&
            take_in_boxes<kColBand, 1>(state) && take_in_boxes<kColBand, 2>(state)))
        return false;
      if (std::memcmp(bands_before, state.bands, sizeof bands_before) == 0) return true;
    }
  }
}

// Places the clues; false if they contradict each other. All that the clues
// say goes in before anything propagates (placing them one at a time would
// repeat much of the propagation): each clue fills its cell and rules out
// configurations in its two bands, and then everything propagates at once.
bool place_clues(State& state, const Cells& puzzle) {
  std::array<std::array<uint16_t, 16>, 9> box_clues;  // per box lane, as in a box
  for (auto& lanes : box_clues) lanes.fill(0xffff);
  U16x8 ruled_out[2][3] = {};
  // The clues' cells as bits, so that the loop visits clues only (testing
  // each cell, a 17-clue puzzle's blanks would mispredict the test often):
  // bit k of clues[w] is cell 64 w + k.
  uint64_t clues[2] = {0, puzzle[80] != 0 ? uint64_t(1) << 16 : 0};
  for (int first = 0; first < 80; first += 16) {
    clues[first / 64] |= uint64_t(simd::nonzero_byte_bits(&puzzle[first])) << first % 64;
  }
  for (int word = 0; word < 2; ++word) {
    for (uint64_t bits = clues[word]; bits != 0; bits &= bits - 1) {
      int cell = 64 * word + std::countr_zero(bits);
      int digit = puzzle[cell];
      if (digit > 9) continue;  // not a digit: no clue
      int row = cell / 9, col = cell % 9;
      uint16_t bit = uint16_t(1u << (digit - 1));
      box_clues[row / 3 * 3 + col / 3][lane(row % 3, col % 3)] = bit;
      U16x8 digit_lanes = simd::splat8(bit);
      ruled_out[kRowBand][row / 3] |= kConfigsAvoiding[col / 3][row % 3] & digit_lanes;
      ruled_out[kColBand][col / 3] |= kConfigsAvoiding[row / 3][col % 3] & digit_lanes;
    }
  }
  for (int box = 0; box < 9; ++box) state.boxes[box] &= simd::load_u16x16(box_clues[box].data());
  for (int band = 0; band < 6; ++band) band_at(state, band) &= ~ruled_out[band / 3][band % 3];
  return settle_all(state, std::make_integer_sequence<int, 9>{});
}

// ---------------------------------------------------------------------------
// Search

struct Search {
  int limit;
  uint64_t max_guesses;
  int found = 0;
  uint64_t guesses = 0;
  Cells solution{};

  // Enough solutions, or the guesses ran out.
  bool done() const { return found >= limit || guesses > max_guesses; }
};

// Reads the grid off a state whose bands are all decided and checks it (a
// cheap safety net): each cell holds one digit, and every row, column and box
// holds all nine.
bool read_valid_grid(const State& state, Cells& grid) {
  uint16_t lanes[9][16];
  static_assert(sizeof lanes == sizeof state.boxes);
  std::memcpy(lanes, state.boxes, sizeof lanes);
  uint32_t in_row[9] = {}, in_col[9] = {}, in_box[9] = {};
  for (int box = 0; box < 9; ++box) {
    for (int r = 0; r < 3; ++r) {
      for (int c = 0; c < 3; ++c) {
        uint16_t digits = lanes[box][lane(r, c)];
        if (!std::has_single_bit(digits)) return false;
        int row = box / 3 * 3 + r, col = box % 3 * 3 + c;
        grid[row * 9 + col] = uint8_t(std::countr_zero(digits) + 1);
        in_row[row] |= digits, in_col[col] |= digits, in_box[box] |= digits;
      }
    }
  }
  for (int i = 0; i < 9; ++i) {
    if ((in_row[i] & in_col[i] & in_box[i]) != kAllDigits) return false;
  }
  return true;
}

// The number of (digit, configuration) pairs left in a band; 9 once decided.
int config_total(U16x8 band) {
  simd::U64x2 counts = (simd::U64x2)simd::popcount9(band);
  // Multiplying adds up the four 16-bit lanes of a 64-bit half in its top lane.
  constexpr uint64_t kAddLanes = 0x0001000100010001;
  return int(((counts[0] * kAddLanes) >> 48) + ((counts[1] * kAddLanes) >> 48));
}

// Configuration counts per digit, bit-sliced: bit d of more_than[n] is set
// when digit d has more than n configurations left (n = 0, 1, 2).
struct DigitCounts {
  uint32_t more_than[3] = {0, 0, 0};
};

DigitCounts count_configs(U16x8 band) {
  DigitCounts counts;
  for (int p = 0; p < 6; ++p) {
    uint32_t digits = band[p];
    counts.more_than[2] |= counts.more_than[1] & digits;
    counts.more_than[1] |= counts.more_than[0] & digits;
    counts.more_than[0] |= digits;
  }
  return counts;
}

struct Choice {
  enum Kind { kSolved, kDead, kBranch } kind;
  int band = -1;
  int digit = -1;
};

// The undecided band with the fewest configurations, and in it a digit with
// the fewest (ideally two) configurations.
Choice choose_branch(const State& state) {
  int best_band = -1, best_total = 1000;
  for (int band = 0; band < 6; ++band) {
    int total = config_total(state.bands[band / 3][band % 3]);
    if (total > 9 && total < best_total) best_band = band, best_total = total;
  }
  if (best_band < 0) return {Choice::kSolved};
  U16x8 band = state.bands[best_band / 3][best_band % 3];
  DigitCounts counts = count_configs(band);
  if (counts.more_than[0] != kAllDigits) return {Choice::kDead};
  uint32_t exactly_two = counts.more_than[1] & ~counts.more_than[2];
  if (exactly_two != 0) return {Choice::kBranch, best_band, std::countr_zero(exactly_two)};
  int best_digit = -1, best_count = 7;
  for (int digit = 0; digit < 9; ++digit) {
    int count = 0;
    for (int p = 0; p < 6; ++p) count += (band[p] >> digit) & 1;
    if (count >= 2 && count < best_count) best_digit = digit, best_count = count;
  }
  return {Choice::kBranch, best_band, best_digit};
}

void count_from(State& state, Search& search);

// Tries the first remaining configuration of `digit` in `band`, then the
// others (directly when one is left, else by branching again).
void branch(State& state, int band, int digit, Search& search) {
  const U16x8 digit_lanes = simd::splat8(uint16_t(1u << digit));
  uint32_t configs = simd::nonzero_lane_bits(band_at(state, band) & digit_lanes);
  for (;;) {
    // The digit in the lane of its first configuration.
    U16x8 first = digit_lanes & kSingleLane[std::countr_zero(configs)];
    if (++search.guesses > search.max_guesses) return;
    State guess = state;
    if (restrict_band_at(guess, band, ~(digit_lanes ^ first))) count_from(guess, search);
    if (search.done()) return;
    if (!restrict_band_at(state, band, ~first)) return;
    configs = simd::nonzero_lane_bits(band_at(state, band) & digit_lanes);
    if (std::popcount(configs) < 2) break;
  }
  count_from(state, search);
}

// Counts the solutions of a propagated state (may modify it).
void count_from(State& state, Search& search) {
  Choice choice = choose_branch(state);
  switch (choice.kind) {
    case Choice::kDead:
      return;
    case Choice::kSolved: {
      Cells grid;
      if (!read_valid_grid(state, grid)) return;
      if (search.found++ == 0) search.solution = grid;
      return;
    }
    case Choice::kBranch:
      branch(state, choice.band, choice.digit, search);
      return;
  }
}

}  // namespace

SolverResult count_solutions(const Cells& puzzle, int limit, uint64_t max_guesses) {
  Search search{limit < 1 ? 1 : limit, max_guesses};
  State state = kInitialState;
  if (place_clues(state, puzzle)) count_from(state, search);
  SolverResult result;
  result.solutions = search.found;
  result.stopped = search.guesses > max_guesses;
  result.guesses = std::min(search.guesses, max_guesses);
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
