// A*'s lower bound on the energy still to spend (described in solver.h),
// and how it changes when one amphipod parks. Part of solver.cpp.
#pragma once

#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>
#include <cstdlib>

#include "puzzles/amphipod/burrow.h"
#include "puzzles/amphipod/position.h"
#include "puzzles/amphipod/shape.h"

namespace puzzlelab::amphipod {
namespace {  // internal linkage, as in one file: see solver.cpp

// Whether a leaver of kind y in room x must step aside: an amphipod of kind
// x parked between room x's door and room y's blocks its way home, and waits
// for room x to be emptied; the leaver cannot wait between them either (it
// would block the other's way home), so it parks beyond room x's door on the
// other side and comes back past it: two steps at least beyond the bound's
// walk. (Both stepping aside and parking in between are caught early: by
// parks_into_deadlock.)
inline bool must_step_aside(const Shape& s, uint32_t parked_x, int x, int y) {
  return (parked_x & s.between_doors[x][y]) != 0;
}

// The energy of the steps aside that every such leaver must take.
template <int W>
int64_t step_aside_energy(const Shape& s, const Work<W>& w) {
  int64_t total = 0;
  for (int x = 0; x < s.rooms; ++x) {
    if (!w.parked[x]) continue;
    for (int i = w.settled[x]; i < w.size[x]; ++i) {
      const int y = w.stack[x][i];
      if (must_step_aside(s, w.parked[x], x, y)) total += 2 * s.energy[y];
    }
  }
  return total;
}

// Bit k set when nibble k of x is not zero.
inline uint32_t nonzero_nibbles(uint32_t x) {
  x = (x | x >> 1 | x >> 2 | x >> 3) & 0x11111111u;
  x = (x | x >> 3) & 0x03030303u;
  x = (x | x >> 6) & 0x000F000Fu;
  return (x | x >> 12) & 0xFFu;
}

// Two rooms that each hold amphipods of the other's kind: whichever of a
// crossing pair gets home second waits parked while the first walks past,
// so one of them parks beyond the two doors (two steps at least beyond its
// walk). The ones that detour cover every such pair, so they include all
// of one room's crossers: the cheaper side pays. Rooms whose crossers
// already step aside (above) add nothing.
inline int64_t crossing_pair_energy(const Shape& s, uint32_t leaving_x, uint32_t leaving_y,
                                    uint32_t parked_x, uint32_t parked_y, int x, int y) {
  const int64_t x_holds = leaving_x >> 4 * y & 15, y_holds = leaving_y >> 4 * x & 15;
  if (!x_holds || !y_holds || must_step_aside(s, parked_x, x, y) ||
      must_step_aside(s, parked_y, y, x))
    return 0;
  return 2 * std::min(x_holds * s.energy[y], y_holds * s.energy[x]);
}

template <int W>
int64_t crossing_energy(const Shape& s, const Work<W>& w) {
  int64_t total = 0;
  for (int x = 0; x < s.rooms; ++x) {
    for (int y = x + 1; y < s.rooms; ++y)
      total += crossing_pair_energy(s, w.leaving[x], w.leaving[y], w.parked[x], w.parked[y], x, y);
  }
  return total;
}

// How the bound's extra terms change when the top of room r (kind k) parks
// on hallway cell h. Steps aside: k no longer steps aside (its own walk pays
// for it) and room k's leavers it now blocks must. Crossing pairs: only
// pairs with room k change (room r's pair (r, k) loses a crosser; a pair
// (k, y) ends when the one parked stands between the two doors, where it
// makes room k's crossers step aside instead). Both depend on h only
// through which doors' spans it stands in, so this is worked out once a
// room: each cell then costs a check of a few spans. (The forced moves
// after the parking change neither term: who steps aside or crosses cannot
// go home straight.)
class ParkingChange {
 public:
  template <int W>
  ParkingChange(const Shape& s, const Work<W>& w, int r, int k) {
    if (must_step_aside(s, w.parked[r], r, k)) base_ -= 2 * s.energy[k];
    for (uint32_t m = nonzero_nibbles(w.leaving[k]) & ~(1u << k); m; m &= m - 1) {
      const int y = std::countr_zero(m);
      if (must_step_aside(s, w.parked[k], k, y)) continue;  // no change from room k's y's
      const int64_t count = w.leaving[k] >> 4 * y & 15;     // room k's leavers of kind y
      int64_t after = 0;  // the pair (k, y) when h is not between the doors
      if (w.leaving[y] >> 4 * k & 15) {
        const uint32_t leaving_y = w.leaving[y] - (y == r ? 1u << 4 * k : 0u);
        after = crossing_pair_energy(s, w.leaving[k], leaving_y, w.parked[k], w.parked[y], k, y);
        base_ += after - crossing_pair_energy(s, w.leaving[k], w.leaving[y], w.parked[k],
                                              w.parked[y], k, y);
      }
      span_[spans_] = s.between_doors[k][y];
      energy_[spans_++] = 2 * count * s.energy[y] - after;
    }
  }
  int64_t at(int h) const {
    int64_t change = base_;
    for (int i = 0; i < spans_; ++i) change += (span_[i] >> h & 1) * energy_[i];
    return change;
  }

 private:
  int64_t base_ = 0;
  int spans_ = 0;
  std::array<uint32_t, kMaxRooms> span_;   // the first spans_ are set
  std::array<int64_t, kMaxRooms> energy_;  // the change when h stands in span_
};

// The consistent lower bound described in solver.h.
template <int W>
int64_t bound(const Shape& s, const Work<W>& w) {
  int64_t total = step_aside_energy(s, w) + crossing_energy(s, w);
  for (uint32_t m = w.hall_mask; m; m &= m - 1) {
    const int h = std::countr_zero(m);
    const int k = w.hall[h];
    total += (std::abs(h - Burrow::door(k)) + 1) * s.energy[k];
  }
  for (int r = 0; r < s.rooms; ++r) {
    for (int i = w.settled[r]; i < w.size[r]; ++i) {
      const int k = w.stack[r][i];
      const int out = s.depth - i;  // steps up to the hallway
      const int across = k == r ? 2 : std::abs(Burrow::door(r) - Burrow::door(k));
      total += (out + across + 1) * s.energy[k];
    }
    const int64_t n = s.count[r] - w.settled[r];  // still to come in
    total += (n * (s.depth - w.settled[r] - 1) - n * (n - 1) / 2) * s.energy[r];
  }
  return total;
}

}  // namespace
}  // namespace puzzlelab::amphipod
