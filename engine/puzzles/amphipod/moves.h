// Move generation: the forced moves home, and every parking move with the
// prunings that drop a child at once (crossing, sealing, squeezing a room,
// the part of the burrow searched). Part of solver.cpp.
#pragma once

#include <bit>
#include <cstdint>
#include <cstdlib>
#include <vector>

#include "puzzles/amphipod/burrow.h"
#include "puzzles/amphipod/lower_bound.h"
#include "puzzles/amphipod/position.h"
#include "puzzles/amphipod/shape.h"

namespace puzzlelab::amphipod {
namespace {  // internal linkage, as in one file: see solver.cpp

// The game's name for a room cell: depth from the top.
inline Place room_place(const Shape& s, int r, int stack_index) {
  return Place{true, r, s.depth - 1 - stack_index, 0};
}
inline Place hall_place(int h) {
  return Place{false, 0, 0, h};
}

// Forced moves: every amphipod that can walk into its own room does, until
// none can. Returns the energy spent; logs the steps when `log` is set.
// Going home at once keeps an optimal solution: the walk costs the same
// whenever it is taken (the amphipods of a kind fill their room from the
// bottom, whatever their order), it never has to leave again (its room is
// clean), and until it goes it only stands in others' way.
template <int W>
int64_t go_home(const Shape& s, Work<W>& w, std::vector<Step>* log) {
  int64_t energy = 0;
  for (bool moved = true; moved;) {
    moved = false;
    for (uint32_t m = w.hall_mask; m; m &= m - 1) {
      const int h = std::countr_zero(m);
      const int k = w.hall[h];
      const int door = Burrow::door(k);
      if (!w.is_clean(k) || (w.hall_mask & s.span[h][door])) continue;
      energy += (std::abs(h - door) + s.depth - w.size[k]) * s.energy[k];
      if (log) log->push_back({hall_place(h), room_place(s, k, w.size[k])});
      w.clear_hall(s, h);
      w.push_home(s, k);
      moved = true;
    }
    for (int r = 0; r < s.rooms; ++r) {
      if (w.is_clean(r)) continue;
      const int k = w.stack[r][w.size[r] - 1];
      const int from = Burrow::door(r), to = Burrow::door(k);
      if (k == r || !w.is_clean(k) || (w.hall_mask & s.span[from][to])) continue;
      energy += (s.depth - w.size[r] + 1 + std::abs(from - to) + s.depth - w.size[k]) * s.energy[k];
      if (log) log->push_back({room_place(s, r, w.size[r] - 1), room_place(s, k, w.size[k])});
      w.pop(s, r);
      w.push_home(s, k);
      moved = true;
    }
  }
  return energy;
}

// Whether the amphipod of kind k just parked on cell h and another parked
// amphipod must pass each other (the rest of the hallway was checked before), or seals its room.
template <int W>
bool parks_into_deadlock(const Shape& s, const Work<W>& w, int h, int k) {
  const int target = Burrow::door(k);
  // Parked amphipods on the way (the door itself is never taken) whose doors
  // lie on the other side of h.
  for (uint32_t m = w.hall_mask & s.span[h][target]; m; m &= m - 1) {
    const int other = Burrow::door(w.hall[std::countr_zero(m)]);
    if ((other < h) == (target > h)) return true;
  }
  // Parking beside its own door, the other side held by its kind, seals it.
  if (std::abs(h - target) != 1) return false;
  const int other = 2 * target - h;
  return (w.hall_mask >> other & 1) && w.hall[other] == k && !w.is_clean(k);
}

// Whether an amphipod of kind k parking on a hallway cell, its room still
// to be cleaned, leaves too little room to clean it. Parked amphipods of
// kind k (this one too) stay put until room k is clean; until then the
// amphipods leaving room k that are of kind k, or belong to a room whose
// door lies beyond the nearest of those on either side, can neither get
// home nor enter another room. So when room k becomes clean they all stand
// on distinct parking cells between those two: more of them than such
// cells means no solution. The parent passed the full dead-end test, which
// implies this one, so only a cell nearer the door than the kind-k
// amphipods already parked can fail it.
class OwnRoomSqueeze {
 public:
  // The amphipod leaves room `from`.
  template <int W>
  OwnRoomSqueeze(const Shape& s, const Work<W>& w, int from, int k)
      : s_(s), k_(k), door_(Burrow::door(k)), active_(!w.is_clean(k)) {
    if (!active_) return;
    leaving_ = w.leaving[k] - (from == k ? 1u << 4 * k : 0u);
    lo_ = 32 - std::countl_zero(w.parked[k] & s.left_of_door[k]);
    hi_ = std::countr_zero((w.parked[k] & s.right_of_door[k]) | 1u << s.hall);
  }
  bool starves(int h) const {
    if (!active_ || h < lo_ || h >= hi_) return false;
    const Shape::Segment within = h < door_ ? s_.segment[h + 1][hi_] : s_.segment[lo_][h];
    const uint32_t waiting_kinds = ~kKindNibbles[within.doors] | 15u << 4 * k_;
    const int waiting = static_cast<int>(((leaving_ & waiting_kinds) * 0x11111111u) >> 28);
    return waiting > within.parking;
  }

 private:
  const Shape& s_;
  int k_, door_;
  bool active_;
  uint32_t leaving_ = 0;
  int lo_ = 0, hi_ = 0;  // cells lo_..hi_-1 lie between the kind-k amphipods parked
};

// A child position: its key, the energy to reach it, and how much the A*
// bound's f = g + h grows (the energy wasted beyond the bound's walks, and
// the change in steps aside: the forced moves home match the bound exactly,
// so only the parking counts).
template <int W>
struct Child {
  Packed<W> key;
  int64_t cost = 0;
  int64_t waste = 0;
};

// The rooms whose parking moves are searched. An amphipod parked between
// two doors splits the burrow in two parts that cannot interact until it
// goes home, which waits only on the part its room lies in. Take the
// leftmost such amphipod bound left (or the right end when there is none):
// the part to its left is bounded by it and by one bound right (or a wall),
// and both wait on that part alone (if the one bound right must pass the
// other, the position is a deadlock anyway). In any solution, the moves in
// that part up to the first of them going home can come first, the moves
// elsewhere after it, at no change in energy: they touch disjoint cells,
// and a move put later can only find a way home open sooner, never longer.
// So searching only that part's rooms keeps an optimal solution (and none
// there means neither amphipod ever moves: no solution).
template <int W>
uint32_t rooms_to_search(const Shape& s, const Work<W>& w) {
  int first = 0;  // the part's first room
  for (uint32_t m = w.hall_mask & s.gaps; m; m &= m - 1) {
    const int h = std::countr_zero(m);
    const int left_room = (h - 3) / 2;  // doors 2 + 2r: the gap right of room r is 3 + 2r
    if (Burrow::door(w.hall[h]) < h) return ((2u << left_room) - 1) & ~((1u << first) - 1);
    first = left_room + 1;
  }
  return ((1u << s.rooms) - 1) & ~((1u << first) - 1);
}

// Every position one parking move away (then the forced moves home). The
// parent has no forced move left, so after a parking move only room r
// emptying of strangers, or r's new top going straight home, can start new
// ones; otherwise the child is the parent with two cells changed and is
// built without copying the position. With `log`, every child is built in
// full and its steps logged (for rebuilding the solution).
template <int W, class Visit>
void expand(const Shape& s, const Work<W>& w, std::vector<Step>* log, Visit&& visit) {
  for (uint32_t rooms = rooms_to_search(s, w) & ~w.clean; rooms; rooms &= rooms - 1) {
    const int r = std::countr_zero(rooms);
    const int i = w.size[r] - 1;
    const int k = w.stack[r][i];
    const int door = Burrow::door(r), home = Burrow::door(k);
    const int out = s.depth - i;  // steps up to the hallway
    const bool empties = w.settled[r] == i;
    const int next = i > 0 ? w.stack[r][i - 1] : r;
    const uint32_t next_path =
        !empties && next != r && w.is_clean(next) ? s.span[door][Burrow::door(next)] : ~0u;
    Packed<W> base = w.key;
    set_cell(base, s.room_cell(r, i), 0);
    const OwnRoomSqueeze squeeze(s, w, r, k);
    const ParkingChange bound_change(s, w, r, k);
    // The parking cells reachable from the door: up to the nearest parked
    // amphipod on either side; nearest first on the left, then on the right.
    const uint32_t left = w.hall_mask & ((1u << door) - 1);
    const uint32_t right = w.hall_mask & ~((2u << door) - 1);
    const int lo = 32 - std::countl_zero(left);  // 0 when left is empty
    const int hi = std::countr_zero(right | 1u << s.hall);
    const uint32_t reach = s.parking & ~((1u << lo) - 1) & ((1u << hi) - 1);
    const uint32_t reach_left = reach & ((1u << door) - 1);
    const uint32_t reach_right = reach & ~reach_left;
    for (uint32_t m = reach_left, n = reach_right; m | n;) {
      int h;
      if (m) {
        h = 31 - std::countl_zero(m);
        m &= ~(1u << h);
      } else {
        h = std::countr_zero(n);
        n &= n - 1;
      }
      {
        if (parks_into_deadlock(s, w, h, k)) continue;
        Child<W> child;
        child.cost = (out + std::abs(h - door)) * s.energy[k];
        child.waste = (k == r ? 2 * (std::abs(h - door) - 1)
                              : std::abs(h - door) + std::abs(h - home) - std::abs(door - home)) *
                          s.energy[k] +
                      bound_change.at(h);
        const bool forced = empties || (next_path != ~0u && !((w.hall_mask | 1u << h) & next_path));
        if (!log && squeeze.starves(h)) continue;
        if (!log && !forced) {
          child.key = base;
          set_cell(child.key, h, uint64_t(k) + 1);
          visit(child);
          continue;
        }
        Work<W> full = w;
        full.pop(s, r);
        full.put_hall(s, h, k);
        if (log) {
          log->clear();
          log->push_back({room_place(s, r, i), hall_place(h)});
        }
        // No deadlock check here: the forced moves cannot undo the ones
        // parks_into_deadlock finds, and the dead-end test of the position
        // when it is taken for expansion finds the rest.
        child.cost += go_home(s, full, log);
        child.key = full.key;
        visit(child);
      }
    }
  }
}

}  // namespace
}  // namespace puzzlelab::amphipod
