#include "puzzles/amphipod/solver.h"

#include <algorithm>
#include <bit>
#include <cassert>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <memory>
#include <new>
#include <optional>
#include <tuple>
#include <type_traits>
#include <utility>
#include <vector>

#include "core/memory.h"
#include "search/search_monitor.h"
#include "search/state_table.h"  // mix64

namespace puzzlelab::amphipod {

namespace {

// Fixed facts about one burrow shape, shared by every position of a search.
struct Shape {
  int rooms = 0;
  int depth = 0;
  int hall = 0;
  std::array<int, kMaxRooms> count{};  // amphipods of each kind
  std::array<int64_t, kMaxRooms> energy{};
  uint32_t parking = 0;  // hallway cells where amphipods may stop
  uint32_t gaps = 0;     // parking cells between two doors
  // Hallway cells walked going from cell a to cell b: strictly between, and b.
  std::array<std::array<uint32_t, kMaxHall>, kMaxHall> span{};
  int words = 0;  // 4 bits a cell: kind + 1, 0 = empty
  // For hallway cells lo..hi-1: how many are parking cells, which rooms'
  // doors they hold (a bit a room).
  struct Segment {
    int8_t parking = 0;
    uint8_t doors = 0;
  };
  std::array<std::array<Segment, kMaxHall + 1>, kMaxHall + 1> segment{};
  std::array<uint32_t, kMaxRooms> left_of_door{}, right_of_door{};  // hallway cells
  // Hallway cells strictly between room a's door and room b's.
  std::array<std::array<uint32_t, kMaxRooms>, kMaxRooms> between_doors{};
  // How many of those are parking cells.
  std::array<std::array<int, kMaxRooms>, kMaxRooms> parking_between_doors{};

  explicit Shape(const Burrow& b) : rooms(b.rooms), depth(b.depth), hall(b.hall_size()) {
    words = (hall + rooms * depth + 15) / 16;
    for (int r = 0; r < rooms; ++r) {
      left_of_door[r] = (1u << Burrow::door(r)) - 1;
      for (int q = 0; q < rooms; ++q) {
        const int lo = std::min(Burrow::door(r), Burrow::door(q));
        const int hi = std::max(Burrow::door(r), Burrow::door(q));
        between_doors[r][q] = lo == hi ? 0 : ((1u << hi) - 1) & ~((2u << lo) - 1);
      }
      right_of_door[r] = ((1u << hall) - 1) & ~((2u << Burrow::door(r)) - 1);
    }
    count = b.counts();
    for (int k = 0; k < rooms; ++k) energy[k] = step_energy(k);
    for (int h = 0; h < hall; ++h) {
      if (!b.is_door(h)) parking |= 1u << h;
      if (!b.is_door(h) && h > Burrow::door(0) && h < Burrow::door(rooms - 1)) gaps |= 1u << h;
    }
    for (int r = 0; r < rooms; ++r) {
      for (int q = 0; q < rooms; ++q)
        parking_between_doors[r][q] = std::popcount(between_doors[r][q] & parking);
    }
    for (int a = 0; a < hall; ++a) {
      for (int c = 0; c < hall; ++c) {
        uint32_t mask = 0;
        const int lo = std::min(a, c), hi = std::max(a, c);
        for (int h = lo; h <= hi; ++h) mask |= 1u << h;
        span[a][c] = a == c ? 0 : mask & ~(1u << a);
      }
    }
    for (int lo = 0; lo <= hall; ++lo) {
      for (int hi = lo; hi <= hall; ++hi) {
        for (int h = lo; h < hi; ++h) {
          segment[lo][hi].parking += (parking >> h & 1) != 0;
          if (b.is_door(h)) segment[lo][hi].doors |= static_cast<uint8_t>(1u << (h - 2) / 2);
        }
      }
    }
  }
  // Packed cell numbers: the hallway first, then room r's cell i (0 = bottom).
  int room_cell(int r, int i) const { return hall + r * depth + i; }
};

template <int W>
struct Packed {
  std::array<uint64_t, W> w{};
  bool operator==(const Packed& other) const {  // word by word: no memcmp call
    uint64_t diff = 0;
    for (int i = 0; i < W; ++i) diff |= w[i] ^ other.w[i];
    return diff == 0;
  }
};

// Cell c's nibble: word c / 16; cells 0-7 of a word in the low nibbles of
// its bytes, cells 8-15 in the high nibbles, so that two masks unpack a word
// into 16 bytes (see decode).
inline int nibble_shift(int cell) {
  return 8 * (cell & 7) + 4 * (cell >> 3 & 1);
}

template <int W>
void set_cell(Packed<W>& p, int cell, uint64_t value) {
  uint64_t& word = p.w[cell >> 4];
  const int shift = nibble_shift(cell);
  word = (word & ~(uint64_t{15} << shift)) | (value << shift);
}

// One multiply a word, one finalising mix (the words are already dense).
template <int W>
uint64_t hash_of(const Packed<W>& p) {
  uint64_t h = p.w[0];
  for (int i = 1; i < W; ++i) h = std::rotl(h * 0x9e3779b97f4a7c15ULL, 29) ^ p.w[i];
  return search::mix64(h);
}

// A position unpacked for move generation; every change keeps `key` in step.
template <int W>
struct Work {
  Packed<W> key;
  uint32_t hall_mask = 0;  // occupied hallway cells
  std::array<int8_t, kMaxHall> hall{};
  std::array<std::array<int8_t, kMaxDepth>, kMaxRooms> stack{};  // bottom first
  std::array<int8_t, kMaxRooms> size{};
  std::array<int8_t, kMaxRooms> settled{};  // own kind from the bottom up: never move
  // Nibble k of leaving[r]: amphipods of kind k that must still leave room r
  // (at most kMaxDepth < 16, so sums of nibbles do not carry).
  std::array<uint32_t, kMaxRooms> leaving{};
  uint32_t clean = 0;                        // a bit a room: holds only its own kind (leaving is 0)
  std::array<uint32_t, kMaxRooms> parked{};  // occupied hallway cells by kind

  void set(const Shape&, int cell, uint64_t value) { set_cell(key, cell, value); }
  void put_hall(const Shape& s, int h, int kind) {
    hall[h] = static_cast<int8_t>(kind);
    hall_mask |= 1u << h;
    parked[kind] |= 1u << h;
    set(s, h, uint64_t(kind) + 1);
  }
  void clear_hall(const Shape& s, int h) {
    parked[hall[h]] &= ~(1u << h);
    hall[h] = kEmpty;
    hall_mask &= ~(1u << h);
    set(s, h, 0);
  }
  int pop(const Shape& s, int r) {
    const int i = --size[r];
    set(s, s.room_cell(r, i), 0);
    leaving[r] -= 1u << 4 * stack[r][i];  // only unclean rooms are emptied
    clean |= uint32_t{leaving[r] == 0} << r;
    return stack[r][i];
  }
  void push_home(const Shape& s, int r) {  // room r is clean
    const int i = size[r]++;
    stack[r][i] = static_cast<int8_t>(r);
    settled[r] = size[r];
    set(s, s.room_cell(r, i), uint64_t(r) + 1);
  }
  bool is_clean(int r) const { return clean >> r & 1; }
};

template <int W>
Work<W> work_from_burrow(const Shape& s, const Burrow& b) {
  Work<W> w;
  w.hall.fill(kEmpty);
  for (int h = 0; h < s.hall; ++h) {
    if (b.hall[h] != kEmpty) w.put_hall(s, h, b.hall[h]);
  }
  for (int r = 0; r < s.rooms; ++r) {
    for (int d = s.depth - 1; d >= 0 && b.room[r][d] != kEmpty; --d) {
      const int i = w.size[r]++;
      w.stack[r][i] = b.room[r][d];
      w.set(s, s.room_cell(r, i), uint64_t(b.room[r][d]) + 1);
      if (w.settled[r] == i && b.room[r][d] == r) ++w.settled[r];
    }
    for (int i = w.settled[r]; i < w.size[r]; ++i) w.leaving[r] += 1u << 4 * w.stack[r][i];
    w.clean |= uint32_t{w.leaving[r] == 0} << r;
  }
  return w;
}

// Bytes 0-7 of x, each 1 when non-zero (values below 16), as 8 bits.
static_assert(std::endian::native == std::endian::little, "decode unpacks words as bytes");

inline uint32_t nonzero_bytes(uint64_t x) {
  const uint64_t ones = (x | x >> 1 | x >> 2 | x >> 3) & 0x0101010101010101ULL;
  return static_cast<uint32_t>((ones * 0x0102040810204080ULL) >> 56);
}

template <int W>
Work<W> decode(const Shape& s, const Packed<W>& key) {
  std::array<uint8_t, 16 * W + 8> cells{};  // kind + 1 a byte, in packed order
  for (int i = 0; i < W; ++i) {
    const uint64_t low = key.w[i] & 0x0F0F0F0F0F0F0F0FULL;
    const uint64_t high = key.w[i] >> 4 & 0x0F0F0F0F0F0F0F0FULL;
    std::memcpy(&cells[16 * i], &low, 8);  // little-endian: native and wasm
    std::memcpy(&cells[16 * i + 8], &high, 8);
  }
  Work<W> w;
  w.key = key;
  for (int h = 0; h < s.hall; h += 8) {
    uint64_t chunk;
    std::memcpy(&chunk, &cells[h], 8);
    w.hall_mask |= nonzero_bytes(chunk) << h;
  }
  w.hall_mask &= (1u << s.hall) - 1;
  for (int h = 0; h < s.hall; ++h) w.hall[h] = static_cast<int8_t>(cells[h] - 1);
  for (uint32_t m = w.hall_mask; m; m &= m - 1) w.parked[w.hall[std::countr_zero(m)]] |= m & -m;
  for (int r = 0; r < s.rooms; ++r) {
    const uint8_t* room = &cells[s.room_cell(r, 0)];
    int i = 0;
    while (i < s.depth && room[i] == r + 1) w.stack[r][i] = static_cast<int8_t>(r), ++i;
    w.settled[r] = static_cast<int8_t>(i);
    uint32_t leaving = 0;
    for (; i < s.depth && room[i] != 0; ++i) {
      w.stack[r][i] = static_cast<int8_t>(room[i] - 1);
      leaving += 1u << 4 * (room[i] - 1);
    }
    w.leaving[r] = leaving;
    w.size[r] = static_cast<int8_t>(i);
    w.clean |= uint32_t{leaving == 0} << r;
  }
  return w;
}

// The game's name for a room cell: depth from the top.
Place room_place(const Shape& s, int r, int stack_index) {
  return Place{true, r, s.depth - 1 - stack_index, 0};
}
Place hall_place(int h) {
  return Place{false, 0, 0, h};
}

// Forced moves: every amphipod that can walk into its own room does, until
// none can. Returns the energy spent; logs the steps when `log` is set.
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

// Nibble k of kind_nibbles(mask) is 15 when bit k of the mask is set.
constexpr std::array<uint32_t, 256> kKindNibbles = [] {
  std::array<uint32_t, 256> table{};
  for (uint32_t mask = 0; mask < 256; ++mask) {
    for (int k = 0; k < 8; ++k) table[mask] |= (mask >> k & 1) * (uint32_t{15} << 4 * k);
  }
  return table;
}();

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
    std::array<uint32_t, 1u << kMaxRooms> gone_at;  // by clean rooms, once reached
    std::array<uint64_t, (1u << kMaxRooms) / 64> reached{};
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

// A monotone priority queue for integer keys (Dijkstra, consistent A*):
// bucket i holds keys whose highest bit differing from the last key popped
// is bit i-1; popping refills from the first non-empty bucket.
class RadixHeap {
 public:
  void push(uint64_t key, uint32_t node) {
    key = std::max(key, last_);
    buckets_[bucket_of(key)].push_back({key, node});
    ++size_;
  }
  bool empty() const { return size_ == 0; }
  size_t size() const { return size_; }
  void clear() {  // keeps the buckets' memory
    for (auto& bucket : buckets_) bucket.clear();
    last_ = 0;
    size_ = 0;
  }
  std::pair<uint64_t, uint32_t> pop() {
    if (buckets_[0].empty()) {
      int i = 1;
      while (buckets_[i].empty()) ++i;
      auto& from = buckets_[i];
      last_ = std::min_element(from.begin(), from.end())->first;
      for (const auto& entry : from) buckets_[bucket_of(entry.first)].push_back(entry);
      from.clear();
    }
    const auto top = buckets_[0].back();
    buckets_[0].pop_back();
    --size_;
    return top;
  }

 private:
  int bucket_of(uint64_t key) const {
    return key == last_ ? 0 : 64 - std::countl_zero(key ^ last_);
  }
  std::array<std::vector<std::pair<uint64_t, uint32_t>>, 65> buckets_;
  uint64_t last_ = 0;
  size_t size_ = 0;
};

// Open addressing from a position's key to its node: 24 bits of hash and
// the node number a slot, linear probing, grown at half full (the search
// puts its nodes back, in the order it stored them). reset() empties it to
// its first size, keeping its memory for the next search.
class NodeTable {
 public:
  static constexpr uint32_t kNone = UINT32_MAX;
  static constexpr size_t kFirstSize = size_t{1} << 14;

  // Where a position's node is: `node` is kNone when it is not there yet,
  // and `slot` where it goes.
  struct Probe {
    size_t slot;
    uint32_t node;
  };

  void reset() {
    slots_.make_empty(kFirstSize);
    size_ = 0;
  }
  template <class Same>
  Probe find(uint64_t hash, Same&& same) const {
    const uint32_t want = slots_.tagged(hash);
    const size_t mask = slots_.size() - 1;
    for (size_t i = hash & mask;; i = (i + 1) & mask) {
      const Slot slot = slots_[i];
      if (!slots_.in_use(slot)) return {i, kNone};
      if (slot.tag == want && same(slot.node)) return {i, slot.node};
    }
  }
  // Fills the slot find() gave for `hash` (no insert in between).
  void insert(size_t slot, uint64_t hash, uint32_t node) {
    slots_[slot] = {slots_.tagged(hash), node};
    ++size_;
  }
  bool full() const { return (size_ + 1) * 2 > slots_.size(); }
  // Empties the table at twice its size: every node is to be put back.
  void grow_empty() {
    slots_.make_empty(slots_.size() * 2);
    size_ = 0;
  }
  // Adds a node known to be absent.
  void put_back(uint64_t hash, uint32_t node) {
    const size_t mask = slots_.size() - 1;
    size_t i = hash & mask;
    while (slots_.in_use(slots_[i])) i = (i + 1) & mask;
    insert(i, hash, node);
  }
  size_t bytes() const { return slots_.size() * sizeof(Slot); }

 private:
  // The tag: the hash's top 24 bits, then the stamp of the search that
  // wrote the slot.
  struct Slot {
    uint32_t tag;
    uint32_t node;
  };
  // Slots that need no writing to be emptied: a slot is in use only when
  // its tag carries the current stamp, so emptying bumps the stamp (zeroing
  // every slot once in 255 times). Fresh memory comes zeroed from calloc,
  // which leaves fresh pages untouched until used.
  class Slots {
   public:
    void make_empty(size_t size) {
      if (size > capacity_) {
        data_.reset();  // the old table first: it may be what makes room
        capacity_ = 0;
        data_.reset(static_cast<Slot*>(allocate_zeroed(size, sizeof(Slot))));
        capacity_ = size;
        stamp_ = 0;
      }
      if (++stamp_ == 0) {
        std::memset(data_.get(), 0, capacity_ * sizeof(Slot));
        stamp_ = 1;
      }
      size_ = size;
    }
    size_t size() const { return size_; }
    uint32_t tagged(uint64_t hash) const { return static_cast<uint32_t>(hash >> 40) << 8 | stamp_; }
    bool in_use(Slot slot) const { return static_cast<uint8_t>(slot.tag) == stamp_; }
    Slot& operator[](size_t i) { return data_.get()[i]; }
    const Slot& operator[](size_t i) const { return data_.get()[i]; }

   private:
    struct Free {
      void operator()(Slot* p) const { std::free(p); }
    };
    std::unique_ptr<Slot, Free> data_;
    size_t size_ = 0, capacity_ = 0;
    uint8_t stamp_ = 0;  // 1..255 once emptied
  };
  Slots slots_;
  size_t size_ = 0;
};

// Items in fixed chunks: growing never moves (so never touches again) what
// is stored, memory is touched only as items arrive, and clear() keeps the
// chunks for the next search.
template <class T>
class Chunked {
  static_assert(std::is_trivially_destructible_v<T>);

 public:
  static constexpr int kShift = 12;
  static constexpr uint32_t kChunkItems = 1u << kShift;  // 4096 a chunk

  Chunked() = default;
  Chunked(const Chunked&) = delete;
  Chunked& operator=(const Chunked&) = delete;
  ~Chunked() {
    for (T* chunk : chunks_) std::allocator<T>().deallocate(chunk, kChunkItems);
  }

  T& operator[](uint32_t i) { return chunks_[i >> kShift][i & (kChunkItems - 1)]; }
  const T& operator[](uint32_t i) const { return chunks_[i >> kShift][i & (kChunkItems - 1)]; }
  uint32_t size() const { return size_; }
  void clear() { size_ = 0; }
  void push_back(const T& item) {
    if (size_ >> kShift == chunks_.size()) {
      chunks_.reserve(chunks_.size() + 1);
      chunks_.push_back(std::allocator<T>().allocate(kChunkItems));  // not touched yet
    }
    std::construct_at(&(*this)[size_], item);
    ++size_;
  }
  // The memory of the chunks this search uses.
  size_t bytes() const {
    return size_t{(size_ + kChunkItems - 1) >> kShift} * kChunkItems * sizeof(T);
  }

 private:
  std::vector<T*> chunks_;
  uint32_t size_ = 0;
};

template <int W>
struct Node {
  Packed<W> key;
  int64_t g;
  uint32_t parent;
  bool closed;
};

// A search's positions: the start, and every position reached.
template <int W>
using NodeStore = Chunked<Node<W>>;

template <int W>
class Search {
 public:
  // The workspace's parts are cleared before use (what a stopped search
  // left in them does not matter).
  Search(const Shape& shape, Algorithm algorithm, const SolveOptions& options, NodeStore<W>& store,
         NodeTable& table, RadixHeap& heap)
      : s_(shape),
        astar_(algorithm == Algorithm::astar),
        monitor_(options),
        nodes_(store),
        table_(table),
        heap_(heap) {}

  SolveResult run(const Burrow& start) {
    nodes_.clear();
    Work<W> first = work_from_burrow<W>(s_, start);
    std::vector<Step> opening;
    const int64_t g0 = go_home(s_, first, &opening);
    goal_ = goal_key();
    if (!CleaningOrders<W>(s_, first).any_finishes()) {
      return finish_unsolvable(
          "no solution: in every order of clearing the rooms, the hallway cannot hold the "
          "amphipods that must wait in it");
    }
    table_.reset();
    heap_.clear();
    nodes_.push_back({first.key, g0, UINT32_MAX, false});
    table_.put_back(hash_of(first.key), 0);  // the table is empty: no probe for a match
    heap_.push(static_cast<uint64_t>(g0 + (astar_ ? bound(s_, first) : 0)), 0);
    while (!heap_.empty()) {
      const auto [f, u] = heap_.pop();
      if (nodes_[u].closed) continue;  // a stale entry: improved since
      monitor_.set_bound(static_cast<int64_t>(f));
      nodes_[u].closed = true;
      if (nodes_[u].key == goal_) return finish_solved(start, opening, u);
      if (!monitor_.on_expand() || !check_memory()) return finish_stopped();
      expand_node(u, f);
      if (monitor_.stopped()) return finish_stopped();  // no room to grow the table
      if (nodes_.size() >= kMaxNodes - kMaxChildren) {
        monitor_.exceed_memory();
        return finish_stopped();
      }
    }
    return finish_unsolvable("no solution: all " + std::to_string(stored()) +
                             " reachable positions explored");
  }

 private:
  Packed<W> goal_key() const {
    Work<W> w;
    for (int k = 0; k < s_.rooms; ++k) {
      for (int i = 0; i < s_.count[k]; ++i) w.push_home(s_, k);
    }
    return w.key;
  }

  // More than one expansion can add (8 rooms, 11 parking cells); node
  // numbers stay below UINT32_MAX (no parent) and NodeTable::kNone.
  static constexpr uint32_t kMaxChildren = 1024;
  static constexpr uint32_t kMaxNodes = 1u << 31;

  uint64_t stored() const { return nodes_.size(); }

  // Doubles the table, putting the nodes back in the order they were stored
  // (reading the store in order, not the old table at random).
  void grow_table() {
    table_.grow_empty();
    for (uint32_t id = 0; id < nodes_.size(); ++id) table_.put_back(hash_of(nodes_[id].key), id);
  }

  void expand_node(uint32_t u, uint64_t f) {
    const int64_t g = nodes_[u].g;
    const Work<W> w = decode(s_, nodes_[u].key);
    // Dead ends are found here, not when stored: most positions stored are
    // never taken (their f is above the answer), and a closed dead end met
    // again costs one lookup.
    if (!CleaningOrders<W>(s_, w).any_finishes()) return;
    expand(s_, w, nullptr, [&](const Child<W>& child) {
      monitor_.on_generated();
      const int64_t g2 = g + child.cost;
      assert(child.waste >= 0);  // the bound is consistent
      const uint64_t f2 = astar_ ? f + static_cast<uint64_t>(child.waste) : uint64_t(g2);
      const uint64_t hash = hash_of(child.key);
      if (monitor_.stopped()) return;
      if (table_.full()) {
        // The memory budget is checked before the table doubles, not after.
        if (!monitor_.on_stored(stored(), memory_bytes() + table_.bytes())) return;
        grow_table();
      }
      const NodeTable::Probe found =
          table_.find(hash, [&](uint32_t id) { return nodes_[id].key == child.key; });
      if (found.node == NodeTable::kNone) {
        table_.insert(found.slot, hash, nodes_.size());
        heap_.push(f2, nodes_.size());
        nodes_.push_back({child.key, g2, u, false});
      } else {
        Node<W>& v = nodes_[found.node];
        if (!v.closed && g2 < v.g) {
          v.g = g2;
          v.parent = u;
          heap_.push(f2, found.node);
        }
      }
    });
  }

  uint64_t memory_bytes() const {
    return nodes_.bytes() + table_.bytes() + heap_.size() * sizeof(std::pair<uint64_t, uint32_t>);
  }

  bool check_memory() {
    if ((monitor_.stats().expanded & 1023) != 0) return true;
    return monitor_.on_stored(stored(), memory_bytes());
  }

  // The steps from node p's position to node c's, found by expanding p again.
  std::vector<Step> steps_between(uint32_t p, uint32_t c) const {
    std::vector<Step> log, found;
    const int64_t wanted = nodes_[c].g - nodes_[p].g;
    bool done = false;
    expand(s_, decode(s_, nodes_[p].key), &log, [&](const Child<W>& child) {
      if (!done && child.cost == wanted && child.key == nodes_[c].key) {
        found = log;
        done = true;
      }
    });
    return found;
  }

  SolveResult finish_solved(const Burrow& start, const std::vector<Step>& opening, uint32_t goal) {
    std::vector<uint32_t> path;
    for (uint32_t n = goal; n != UINT32_MAX; n = nodes_[n].parent) path.push_back(n);
    std::reverse(path.begin(), path.end());
    std::vector<Step> steps = opening;
    for (size_t i = 1; i < path.size(); ++i) {
      const std::vector<Step> more = steps_between(path[i - 1], path[i]);
      steps.insert(steps.end(), more.begin(), more.end());
    }
    SolveResult result;
    result.status = SolveStatus::solved;
    result.optimal = true;
    Burrow b = start;
    for (const Step& step : steps) {
      result.moves.push_back({format_step(step), step_cost(b, step)});
      result.cost += result.moves.back().cost;
      if (!result.answer.empty()) result.answer += ' ';
      result.answer += result.moves.back().text;
      apply_step(b, step);
    }
    result.stats = finish_stats();
    return result;
  }

  SolveResult finish_unsolvable(std::string message) {
    SolveResult result;
    result.status = SolveStatus::unsolvable;
    result.optimal = true;
    result.stats = finish_stats();
    result.message = std::move(message);
    return result;
  }

  SolveResult finish_stopped() {
    SolveResult result;
    result.status = monitor_.stop_status();
    result.message = monitor_.stop_message();
    result.stats = finish_stats();
    return result;
  }

  SearchStats finish_stats() {
    monitor_.on_stored(stored(), 0);
    return monitor_.finish();
  }

  const Shape& s_;
  bool astar_;
  search::SearchMonitor monitor_;
  Chunked<Node<W>>& nodes_;
  NodeTable& table_;
  RadixHeap& heap_;
  Packed<W> goal_;
};

}  // namespace

// One node store for each key size: a workspace serves any shape.
struct SolverWorkspace::Parts {
  std::tuple<NodeStore<2>, NodeStore<3>, NodeStore<4>, NodeStore<6>, NodeStore<8>> stores;
  NodeTable table;
  RadixHeap heap;
};

SolverWorkspace::SolverWorkspace() : parts_(std::make_unique<Parts>()) {}
SolverWorkspace::~SolverWorkspace() = default;

namespace {

template <int W>
SolveResult run_search(const Shape& shape, const Burrow& start, Algorithm algorithm,
                       const SolveOptions& options, SolverWorkspace::Parts& parts) {
  return Search<W>(shape, algorithm, options, std::get<NodeStore<W>>(parts.stores), parts.table,
                   parts.heap)
      .run(start);
}

}  // namespace

namespace {
SolveResult solve_in_workspace(const Shape& shape, const Burrow& start, Algorithm algorithm,
                               const SolveOptions& options, SolverWorkspace* workspace);
}  // namespace

SolveResult solve_burrow(const Burrow& start, Algorithm algorithm, const SolveOptions& options,
                         SolverWorkspace* workspace) {
  const Shape shape(start);
  for (int k = 0; k < start.rooms; ++k) {
    if (shape.count[k] > start.depth) {
      SolveResult result;
      result.status = SolveStatus::unsolvable;
      result.optimal = true;
      result.message = "no solution: " + std::to_string(shape.count[k]) + " amphipods " +
                       kind_letter(k) + " cannot fit room " + kind_letter(k) + " of " +
                       std::to_string(start.depth) + " cells";
      return result;
    }
  }
  return answer_out_of_memory(
      [&] { return solve_in_workspace(shape, start, algorithm, options, workspace); },
      [&] {
        SolveResult result;
        result.status = SolveStatus::budget_exceeded;
        result.message = out_of_memory_message(options.memory_budget());
        return result;
      });
}

namespace {

SolveResult solve_in_workspace(const Shape& shape, const Burrow& start, Algorithm algorithm,
                               const SolveOptions& options, SolverWorkspace* workspace) {
  std::optional<SolverWorkspace> own;
  SolverWorkspace::Parts& parts = (workspace ? *workspace : own.emplace()).parts();
  switch (shape.words) {
    case 1:
    case 2:
      return run_search<2>(shape, start, algorithm, options, parts);
    case 3:
      return run_search<3>(shape, start, algorithm, options, parts);
    case 4:
      return run_search<4>(shape, start, algorithm, options, parts);
    case 5:
    case 6:
      return run_search<6>(shape, start, algorithm, options, parts);
    default:
      return run_search<8>(shape, start, algorithm, options, parts);
  }
}

}  // namespace

int64_t lower_bound(const Burrow& burrow) {
  const Shape shape(burrow);
  return bound(shape, work_from_burrow<8>(shape, burrow));
}

}  // namespace puzzlelab::amphipod
