// The dead-end test run on every position taken for expansion: whether some
// order of cleaning the rooms can still finish it. Part of solver.cpp.
#pragma once

#include <array>
#include <bit>
#include <cstdint>
#include <utility>

#include "puzzles/amphipod/burrow.h"
#include "puzzles/amphipod/position.h"
#include "puzzles/amphipod/shape.h"

namespace puzzlelab::amphipod {
namespace {  // internal linkage, as in one file: see solver.cpp

// The dead-end test: whether some order of cleaning the rooms can still
// finish the position. It follows the orders of the events "room r becomes
// clean" (at most 2^rooms sets of clean rooms) and checks, for each phase
// between two events, what every solution must then have parked. In the
// phase where the rooms S are clean:
//   * the amphipods that left the rooms of S and cannot be home are parked:
//     their room is not in S, or its door lies beyond an amphipod parked at
//     the start that is still there. Each stands between the amphipods
//     parked at the start on either side of the door it came out of (it
//     never passed them), so they must fit the parking cells there;
//   * an amphipod parked at the start goes home in this phase only if its
//     room is in S, nobody parked at the start stands on its way, and those
//     that must be parked on its door's side can all stand off its way;
//   * room r is cleaned next only if its leavers, taken from the top, fit
//     beside those parked there: a leaver goes home at once only if its room
//     is in S, its door lies between the same amphipods parked at the start,
//     and those parked (with the leavers of r before it that must park) can
//     stand off its way; otherwise it waits parked until r is clean.
// Each check only asks for what a solution must do, so when no order gets
// every room clean and every amphipod parked at the start home, there is no
// solution. (Neither the cells the parked amphipods take nor the costs are
// followed: a relaxation, cheap enough to run on every position expanded.)
// Orders that reach the same clean rooms keep the union of the amphipods
// gone home: more gone never makes a check fail.
template <int W>
class CleaningOrders {
 public:
  CleaningOrders(const Shape& s, const Work<W>& w) : s_(s), w_(w) {}

  bool any_finishes() {
    const uint32_t all = (1u << s_.rooms) - 1;
    // gone_at[S]: the amphipods parked at the start that some order making
    // exactly the rooms S clean has sent home (hallway cells, a bit each).
    // Valid only for the sets S marked in `reached` (not zeroed: 256 words).
    std::array<uint32_t, 1u << kMaxRooms> gone_at;
    std::array<uint64_t, (1u << kMaxRooms) / 64> reached{};  // a bit a set of clean rooms
    // A set is pushed when reached and again each time its gone grows: at
    // most 1 + (hallway cells) times.
    std::array<uint8_t, (1u << kMaxRooms) * (kMaxHall + 1)> stack;
    int top = 0;
    stack[top++] = static_cast<uint8_t>(w_.clean);
    reached[w_.clean >> 6] |= uint64_t{1} << (w_.clean & 63);
    gone_at[w_.clean] = 0;
    while (top) {
      const uint32_t rooms = stack[--top];
      uint32_t present = w_.hall_mask & ~gone_at[rooms];  // parked at the start, still there
      if (!settle(rooms, present)) continue;
      if (rooms == all) {
        if (present == 0) return true;
        continue;
      }
      const uint32_t gone = w_.hall_mask & ~present;
      for (uint32_t m = all & ~rooms; m; m &= m - 1) {
        const int r = std::countr_zero(m);
        if (!can_clean(rooms, present, r)) continue;
        const uint32_t next = rooms | 1u << r;
        uint64_t& bit = reached[next >> 6];
        const uint64_t mask = uint64_t{1} << (next & 63);
        if (!(bit & mask)) {
          bit |= mask;
          gone_at[next] = gone;
        } else if (gone & ~gone_at[next]) {
          gone_at[next] |= gone;
        } else {
          continue;
        }
        stack[top++] = static_cast<uint8_t>(next);
      }
    }
    return false;
  }

 private:
  // The hallway cells lo..hi-1 around room r's door, between the amphipods
  // parked at the start that are still there.
  std::pair<int, int> segment_of(int r, uint32_t present) const {
    return {32 - std::countl_zero(present & s_.left_of_door[r]),
            std::countr_zero((present & s_.right_of_door[r]) | 1u << s_.hall)};
  }

  // Counts the leavers of the clean rooms that must be parked, by segment
  // (parked_[lo]); false when they overflow one.
  bool count_parked(uint32_t rooms, uint32_t present) {
    parked_.fill(0);
    for (uint32_t m = rooms & ~w_.clean; m; m &= m - 1) {
      const int q = std::countr_zero(m);
      const auto [lo, hi] = segment_of(q, present);
      const Shape::Segment within = s_.segment[lo][hi];
      const uint32_t waiting = w_.leaving[q] & ~kKindNibbles[rooms & within.doors];
      parked_[lo] = static_cast<int8_t>(parked_[lo] + ((waiting * 0x11111111u) >> 28));
      if (parked_[lo] > within.parking) return false;
    }
    return true;
  }

  // Sends home the amphipods parked at the start that may go in this phase.
  bool settle(uint32_t rooms, uint32_t& present) {
    uint32_t homeward = 0;  // those whose room is clean
    for (uint32_t m = rooms; m; m &= m - 1) homeward |= w_.parked[std::countr_zero(m)];
    for (;;) {
      if (!count_parked(rooms, present)) return false;
      // Counts made before some go home are never too low, so all that may
      // go on them go at once; then count again.
      const uint32_t before = present;
      for (uint32_t m = before & homeward; m; m &= m - 1) {
        const int h = std::countr_zero(m);
        const int k = w_.hall[h];
        const uint32_t way = s_.span[h][Burrow::door(k)];
        if (way & before) continue;
        const auto [lo, hi] = segment_of(k, before);
        if (parked_[lo] > s_.segment[lo][hi].parking - std::popcount(way & s_.parking)) continue;
        present &= ~(1u << h);
      }
      if (present == before) return true;
    }
  }

  // Whether room r's leavers fit its segment beside those parked there.
  bool can_clean(uint32_t rooms, uint32_t present, int r) const {
    const auto [lo, hi] = segment_of(r, present);
    const Shape::Segment within = s_.segment[lo][hi];
    const uint32_t open = rooms & within.doors;  // rooms a leaver may go straight into
    int parked = parked_[lo];
    // Quick answers: all its leavers fit, or those that cannot go straight
    // home already do not.
    if (parked + w_.size[r] - w_.settled[r] <= within.parking) return true;
    const uint32_t stay = w_.leaving[r] & ~kKindNibbles[open];
    if (parked + static_cast<int>((stay * 0x11111111u) >> 28) > within.parking) return false;
    for (int i = w_.size[r] - 1; i >= w_.settled[r] && parked <= within.parking; --i) {
      const int k = w_.stack[r][i];
      if (!(open >> k & 1) || parked > within.parking - s_.parking_between_doors[r][k]) ++parked;
    }
    return parked <= within.parking;
  }

  const Shape& s_;
  const Work<W>& w_;
  std::array<int8_t, kMaxHall + 1> parked_{};  // by a segment's first cell
};

}  // namespace
}  // namespace puzzlelab::amphipod
