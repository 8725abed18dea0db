// Amphipod (Advent of Code 2021, day 23), generalised to 2..8 rooms of any
// depth: the burrow, its text forms and the movement rules
// (docs/amphipod.md).
//
// Text forms read by parse_burrow():
//   * The puzzle's diagram: top wall, hallway, one line per room depth, bottom
//     wall. Trailing spaces, CRLF and a missing final newline are fine.
//   * One line, for URLs and batch files: the room lines top to bottom
//     joined by '/' ("BCBD/ADCA"), the hallway first when it is not empty
//     ("...B......./.CBD/ADCA": a first part 2R+3 long is the hallway). A
//     leading number (a stated energy, "12521 BCBD/ADCA") is ignored.
// Moves are "FROM-TO": hallway cell "hN" (N from 0 on the left), room cell
// letter + depth from the top ("C1" is room C's top cell).
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "core/parse_result.h"

namespace puzzlelab::amphipod {

inline constexpr int kMinRooms = 2;
inline constexpr int kMaxRooms = 8;
inline constexpr int kMaxDepth = 12;
inline constexpr int kMaxHall = 2 * kMaxRooms + 3;
inline constexpr int8_t kEmpty = -1;

// 10^kind: A 1, B 10, C 100, ...
int64_t step_energy(int kind);
inline char kind_letter(int kind) {
  return static_cast<char>('A' + kind);
}

// A place in the burrow: a hallway cell, or a room cell (depth 0 = top).
struct Place {
  bool in_room = false;
  int room = 0;   // when in_room
  int depth = 0;  // when in_room, 0-based from the top
  int hall = 0;   // when !in_room

  bool operator==(const Place&) const = default;
};

// One position: which kind (0 = A) stands on every cell, or kEmpty.
struct Burrow {
  int rooms = 4;
  int depth = 2;
  std::array<int8_t, kMaxHall> hall{};
  std::array<std::array<int8_t, kMaxDepth>, kMaxRooms> room{};

  Burrow() {
    hall.fill(kEmpty);
    for (auto& r : room) r.fill(kEmpty);
  }
  int hall_size() const { return 2 * rooms + 3; }
  static int door(int room) { return 2 + 2 * room; }
  bool is_door(int cell) const { return cell >= 2 && cell % 2 == 0 && cell <= door(rooms - 1); }

  int8_t at(const Place& p) const { return p.in_room ? room[p.room][p.depth] : hall[p.hall]; }
  int8_t& at(const Place& p) { return p.in_room ? room[p.room][p.depth] : hall[p.hall]; }

  // Cells numbered for views and hints: hallway 0..H-1, then room r's cell
  // at depth d is H + r * depth + d.
  int cell_number(const Place& p) const {
    return p.in_room ? hall_size() + p.room * depth + p.depth : p.hall;
  }
  Place place_of(int cell) const;
  int cell_count() const { return hall_size() + rooms * depth; }

  // Hallway empty and every room holds only its own kind.
  bool is_solved() const;
  // Room r holds only its own kind (or nothing): others may enter.
  bool room_is_clean(int r) const;
  // Topmost occupied depth of room r, or depth when empty.
  int top(int r) const;
  // Amphipods of each kind (index = kind).
  std::array<int, kMaxRooms> counts() const;

  bool operator==(const Burrow& other) const;
};

Parsed<Burrow> parse_burrow(std::string_view text);
// The diagram, exactly as the puzzle draws it (parse_burrow reads it back).
std::string format_burrow(const Burrow& burrow);
// The one-line form "BCBD/ADCA" (hallway first when it is not empty).
std::string format_one_line(const Burrow& burrow);

// Part 2: the two lines "#D#C#B#A#" / "#D#B#A#C#" inserted under the first
// room line. 4 rooms only.
Parsed<std::string> unfold_text(std::string_view text);
Parsed<Burrow> unfold(const Burrow& burrow);

// A move of one amphipod from one cell to another.
struct Step {
  Place from, to;
  bool operator==(const Step&) const = default;
};

std::string format_place(const Place& place);
std::string format_step(const Step& step);
// Reads "C1-h9" (checks the cells exist, not that the move is legal).
Parsed<Step> parse_step(const Burrow& burrow, std::string_view text);

// Cells walked from `from` to `to` (both excluded) along the only route.
std::vector<Place> route(const Place& from, const Place& to);
int step_count(const Place& from, const Place& to);
// Energy of a legal step (steps * the mover's energy per step).
int64_t step_cost(const Burrow& burrow, const Step& step);

// Empty when the step is legal, otherwise why not ("room B still holds a D").
std::string check_step(const Burrow& burrow, const Step& step);
// Every legal step by the rules (room -> parking cell, hallway -> own room,
// room -> own room directly). Entering a room means its deepest free cell.
std::vector<Step> legal_steps(const Burrow& burrow);
// Applies a step already checked legal.
void apply_step(Burrow& burrow, const Step& step);

}  // namespace puzzlelab::amphipod
