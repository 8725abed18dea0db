// Bender - Episode 4 (CodinGame): the maze, its switches and fields, the
// garbage balls, Bender and Fry, read from and written to the game's input
// format (see docs/bender.md and map.cpp for the grammar).
//
// Cells are numbered in a grid padded with one ring of walls, so a move or a
// push never needs a bounds check: cell = (y + 1) * stride + (x + 1).
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "core/parse_result.h"

namespace puzzlelab::bender {

inline constexpr int kMinSize = 3;
inline constexpr int kMaxSize = 64;
inline constexpr int kMaxSwitches = 64;  // field states are one 64-bit mask

struct SwitchSpec {
  int switch_x = 0, switch_y = 0;
  int field_x = 0, field_y = 0;
  bool initially_on = false;
};

// Directions in the order of the program letters "UDLR".
inline constexpr char kDirectionLetters[4] = {'U', 'D', 'L', 'R'};
// 0..3, or -1 for any other character.
inline int direction_of(char letter) {
  switch (letter) {
    case 'U':
      return 0;
    case 'D':
      return 1;
    case 'L':
      return 2;
    case 'R':
      return 3;
    default:
      return -1;
  }
}

// One value per padded cell that no move changes (walls, switches, fields),
// shared by every copy of a map: a position copies where Bender, the fields
// and the balls are, never the maze. Reads cost what a vector's do.
template <class T>
class CellTable {
 public:
  CellTable() = default;
  explicit CellTable(std::vector<T> cells)
      : cells_(std::make_shared<const std::vector<T>>(std::move(cells))), data_(cells_->data()) {}
  T operator[](int cell) const { return data_[cell]; }
  int size() const { return static_cast<int>(cells_->size()); }

 private:
  std::shared_ptr<const std::vector<T>> cells_ = std::make_shared<const std::vector<T>>();
  const T* data_ = cells_->data();
};

struct Map {
  int width = 0, height = 0;  // without the padding
  int stride = 0;             // width + 2
  CellTable<uint8_t> wall;    // per padded cell
  // The referee's Cell.sw overwrite (doc section 4), resolved once: the
  // switch a cell toggles when entered, and the switch whose field is here.
  CellTable<int8_t> toggles;
  CellTable<int8_t> field;
  std::vector<SwitchSpec> switches;  // input order
  int target = 0;

  // The position: where Bender is, which fields are on, where the balls are.
  int bender = 0;
  uint64_t fields_on = 0;
  std::vector<uint16_t> balls;  // cells, sorted

  int cell(int x, int y) const { return (y + 1) * stride + (x + 1); }
  int x_of(int cell) const { return cell % stride - 1; }
  int y_of(int cell) const { return cell / stride - 1; }
  int cell_count() const { return stride * (height + 2); }
  int step(int direction) const {
    static constexpr int dx[4] = {0, 0, -1, 1};
    static constexpr int dy[4] = {-1, 1, 0, 0};
    return dy[direction] * stride + dx[direction];
  }
  bool has_ball(int cell) const;
  // A field that is on covers this cell (Bender dies here).
  bool kills(int cell, uint64_t fields) const {
    return field[cell] >= 0 && ((fields >> field[cell]) & 1);
  }
};

// Reads the game's format; lines may also be joined with '|' (as in the
// game's test files). Errors name the line and column.
Parsed<Map> parse_map(std::string_view text);
// The game's format for the current position (Bender as the start, the
// current field states as the initial ones); parse_map reads it back.
std::string format_map(const Map& map);

}  // namespace puzzlelab::bender
