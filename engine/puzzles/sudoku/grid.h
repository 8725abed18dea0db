// A Sudoku grid as a person solving it sees it: the digits placed so far and,
// in every empty cell, the digits still possible there (pencil marks).
//
// Numbering used throughout the Sudoku engine:
//   cells   0..80, row-major; named "r3c5" (1-based row and column, as
//           players write them).
//   houses  0..8 rows, 9..17 columns, 18..26 boxes (boxes numbered
//           left-to-right, top-to-bottom); named "row 3", "column 5", "box 2".
//   digits  1..9; a set of digits is a DigitMask with bit d-1 for digit d.
#pragma once

#include <array>
#include <bit>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "puzzles/sudoku/solver.h"

namespace puzzlelab::sudoku {

constexpr int kCellCount = 81;
constexpr int kHouseCount = 27;

// ---- Digit sets ------------------------------------------------------------

using DigitMask = uint16_t;
constexpr DigitMask kAllDigits = 0x1FF;

constexpr DigitMask digit_bit(int digit) {
  return DigitMask(1u << (digit - 1));
}
constexpr int digit_count(DigitMask digits) {
  return std::popcount(unsigned{digits});
}
constexpr int lowest_digit(DigitMask digits) {
  return std::countr_zero(unsigned{digits}) + 1;
}

// Lets `for (int digit : digits_in(mask))` walk a set in increasing order.
class DigitRange {
 public:
  class Iterator {
   public:
    explicit constexpr Iterator(DigitMask rest) : rest_(rest) {}
    constexpr int operator*() const { return lowest_digit(rest_); }
    constexpr Iterator& operator++() {
      rest_ &= DigitMask(rest_ - 1);
      return *this;
    }
    constexpr bool operator!=(const Iterator& other) const { return rest_ != other.rest_; }

   private:
    DigitMask rest_;
  };

  explicit constexpr DigitRange(DigitMask digits) : digits_(digits) {}
  constexpr Iterator begin() const { return Iterator(digits_); }
  constexpr Iterator end() const { return Iterator(0); }

 private:
  DigitMask digits_;
};

constexpr DigitRange digits_in(DigitMask digits) {
  return DigitRange(digits);
}

// ---- Geometry --------------------------------------------------------------

enum class HouseKind { row, column, box };

constexpr int row_of(int cell) {
  return cell / 9;
}
constexpr int column_of(int cell) {
  return cell % 9;
}
constexpr int box_of(int cell) {
  return cell / 27 * 3 + cell % 9 / 3;
}
constexpr int cell_at(int row, int column) {
  return row * 9 + column;
}

constexpr int row_house(int row) {
  return row;
}
constexpr int column_house(int column) {
  return 9 + column;
}
constexpr int box_house(int box) {
  return 18 + box;
}
constexpr HouseKind house_kind(int house) {
  return HouseKind(house / 9);
}

// The row, column and box a cell lies in, as house numbers.
constexpr std::array<int, 3> houses_of(int cell) {
  return {row_house(row_of(cell)), column_house(column_of(cell)), box_house(box_of(cell))};
}

// The nine cells of a house, in reading order.
const std::array<int, 9>& house_cells(int house);
// The 20 other cells that share a row, column or box with `cell`.
const std::array<int, 20>& peers(int cell);
// True when two different cells share a house (so cannot hold the same digit).
bool sees(int cell_a, int cell_b);

std::string cell_name(int cell);    // "r3c5"
std::string house_name(int house);  // "row 3", "column 5", "box 2"

// ---- The grid ----------------------------------------------------------------

class Grid {
 public:
  // An empty grid: no clues, every digit possible everywhere.
  Grid();

  // Givens (clues) and the player's entries, 0 = blank; candidates follow by
  // basic elimination. Nothing when a digit is out of range, two digits clash
  // in a house, or an entry covers a given.
  static std::optional<Grid> from_cells(const Cells& givens, const Cells& entries = {});
  // 81 characters: '1'..'9' are givens, '.' or '0' blank; nothing on any other text.
  static std::optional<Grid> from_string(std::string_view puzzle81);

  int value(int cell) const { return values_[cell]; }  // 0 when empty
  bool is_empty(int cell) const { return values_[cell] == 0; }
  bool is_given(int cell) const { return given_[cell]; }
  DigitMask candidates(int cell) const { return candidates_[cell]; }  // 0 when filled
  bool has_candidate(int cell, int digit) const {
    return (candidates_[cell] & digit_bit(digit)) != 0;
  }
  // Where `digit` may still go in `house`: bit i for the house's i-th cell.
  uint16_t positions(int house, int digit) const;

  // Writes `digit` into an empty cell where it is a candidate and removes it
  // from the cell's peers. Returns false (changing nothing) otherwise.
  bool place(int cell, int digit);
  // Removes a candidate. Returns false when it was not there.
  bool eliminate(int cell, int digit);

  int empty_count() const;
  // Every cell filled and every house holds each digit once.
  bool is_solved() const;
  // An empty cell without candidates, or a digit with no place left in a
  // house that lacks it: the grid cannot be completed.
  bool has_contradiction() const;

  Cells values() const { return values_; }
  Cells givens() const;
  std::string to_string() const;  // 81 characters, '.' for blanks

  bool operator==(const Grid&) const = default;

 private:
  Cells values_{};
  std::array<DigitMask, kCellCount> candidates_;
  std::array<bool, kCellCount> given_{};
};

}  // namespace puzzlelab::sudoku
