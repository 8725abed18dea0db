// A position as the solver stores it (Packed: 4 bits a cell in W words)
// and as it works on it (Work: rooms as stacks, the hallway, what must still
// leave each room), with the conversions between them. Part of solver.cpp.
#pragma once

#include <array>
#include <bit>
#include <cstdint>
#include <cstring>

#include "puzzles/amphipod/burrow.h"
#include "puzzles/amphipod/shape.h"
#include "search/state_table.h"  // mix64

namespace puzzlelab::amphipod {
namespace {  // internal linkage, as in one file: see solver.cpp

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
  // Own kind from the bottom up: they never move (nothing below them has to
  // leave, and leaving would only add their walk out and back).
  std::array<int8_t, kMaxRooms> settled{};
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

// Nibble k of kind_nibbles(mask) is 15 when bit k of the mask is set.
inline constexpr std::array<uint32_t, 256> kKindNibbles = [] {
  std::array<uint32_t, 256> table{};
  for (uint32_t mask = 0; mask < 256; ++mask) {
    for (int k = 0; k < 8; ++k) table[mask] |= (mask >> k & 1) * (uint32_t{15} << 4 * k);
  }
  return table;
}();

}  // namespace
}  // namespace puzzlelab::amphipod
