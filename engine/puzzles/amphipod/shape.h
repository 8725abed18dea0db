// The solver's fixed facts about one burrow shape (rooms, depth, hallway
// cells and the masks between them), worked out once a search. Part of
// solver.cpp.
#pragma once

#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>

#include "puzzles/amphipod/burrow.h"

namespace puzzlelab::amphipod {
namespace {  // internal linkage, as in one file: see solver.cpp

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

}  // namespace
}  // namespace puzzlelab::amphipod
