// Every "packed" arrangement of a board size, numbered in the order of
// Fogleman's enumerator (github.com/fogleman/rush, cpp/), so that a number
// names the same board in his program and in ours (docs/rushhour.md,
// "Every puzzle of a size", says it in words).
//
// Packed: no piece can slide left or up (every cluster holds such a position;
// its smallest one in the order of lanes.h is one). The other rules of his
// enumeration, checked against his code:
//   * Car A (length 2) lies in row 2 and is the only piece of that row that
//     can move; walls of that row stand to its left.
//   * Pieces are cars (2) and trucks (3); walls are single horizontal cells,
//     at most `max_walls` of them on the board.
//   * No row or column is full (a full line could never move).
//   * Each row's (and column's) possible contents are listed by placing
//     pieces from the left (top), shorter first, before leaving a cell empty,
//     then stably sorted by the list of their lengths ("groups", numbered in
//     the same depth-first order); in car A's row car A comes first.
//   * Boards are formed row by row (car A's row first, then the others from
//     the top) and then column by column from the left, the last column
//     changing fastest; a board's number counts the boards before it.
// Pieces are lettered in that order too: car A, then its row's walls, each
// row's pieces from the left, then each column's from the top; a wall takes
// a letter's place but is written `x`.
//
// The columns are independent once the rows are set (a column's choices
// depend only on the rows' cells and demands in it), so the boards of one
// choice of rows are a mixed-radix range of numbers: counting them, or
// skipping to any number, does not visit each board.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <vector>

#include "puzzles/rushhour/enumerate/lanes.h"

namespace puzzlelab::rushhour::enumerate {

inline constexpr int kRedRow = 2;  // Fogleman's PrimaryRow
inline constexpr int kMinBoard = 4;

// A piece as the enumerator places it.
struct PlacedPiece {
  bool horizontal = true;
  bool wall = false;
  int8_t x = 0, y = 0;  // first (left or top) cell
  int8_t length = 0;
};

// One way to fill a row (horizontal pieces and walls) or a column (vertical
// pieces), in Fogleman's order, with its cells as lane masks.
struct LineFill {
  std::vector<PlacedPiece> pieces;
  uint64_t cells = 0;   // every cell it fills, walls included
  uint64_t movers = 0;  // cells of its pieces (not walls)
  uint64_t heads = 0;   // first cell of each piece
  uint64_t walls = 0;
  uint64_t demands = 0;  // cells before its pieces (left or above) that must be filled
  int group = 0;
  int wall_count = 0;
};

// The rows chosen for a range of boards, and each column's possible fills.
struct RowChoice {
  std::vector<const LineFill*> rows;  // car A's row first, then the others from the top
  uint64_t across = 0, across_heads = 0, walls = 0;
  std::vector<const std::vector<const LineFill*>*> columns;  // choices per column
  uint64_t first = 0;                                        // number of its first board
  uint64_t count = 0;                                        // product of the column choices
};

// One board: its position, and (for lettering) its pieces in Fogleman's order.
struct Arrangement {
  uint64_t number = 0;
  Position position;
  uint64_t walls = 0;
  const RowChoice* rows = nullptr;
  std::vector<const LineFill*> columns;

  std::vector<PlacedPiece> pieces() const;
};

// A long walk's check, made every kChoicesBetweenChecks choices of rows
// (well under a millisecond of work): false stops the walk.
using KeepGoing = std::function<bool()>;
inline constexpr uint64_t kChoicesBetweenChecks = 1024;

class Arrangements {
 public:
  // Counting the boards walks every choice of rows (minutes on a 7x7
  // board): `keep_going` may stop it, and then counted() is false.
  Arrangements(int size, int max_walls, const KeepGoing& keep_going = {});

  int size() const { return size_; }
  int max_walls() const { return max_walls_; }
  bool counted() const { return counted_; }

  // Calls on_rows(choice) for every choice of rows in order (with its range
  // of board numbers), stopping when it returns false, or when keep_going
  // (if given) does. Boards: board(choice, number, out) for a number in the
  // choice's range. With `from`, choices whose boards all come before *from
  // (which may grow meanwhile) are mostly skipped unformed: a shard's blocks
  // are far apart.
  template <class OnRows>
  void for_each_row_choice(OnRows&& on_rows, const uint64_t* from = nullptr,
                           const KeepGoing& keep_going = {}) const {
    RowChoice choice;
    choice.rows.resize(row_order_.size());
    Walk walk;
    walk.from = from;
    walk.keep_going = keep_going ? &keep_going : nullptr;
    choose_rows(0, choice, walk, on_rows);
  }
  void board(const RowChoice& choice, uint64_t number, Arrangement& out) const;

  // How many boards there are (Fogleman's MaxID + 1), once counted().
  uint64_t count() const { return boards_; }

 private:
  struct Walk {
    uint64_t next = 0;                          // number of the next board
    const uint64_t* from = nullptr;             // skip the boards before *from
    size_t prefix = 0;                          // subtrees of the first rows met
    std::vector<uint64_t>* counting = nullptr;  // notes each subtree's boards
    const KeepGoing* keep_going = nullptr;
    uint64_t choices = 0;  // choices of rows met
  };
  // The first rows' subtree: noted or skipped, else walked.
  template <class OnRows>
  bool choose_rows(size_t slot, RowChoice& choice, Walk& walk, OnRows& on_rows) const {
    if (slot != prefix_rows_) return choose_more_rows(slot, choice, walk, on_rows);
    if (walk.counting != nullptr) {
      const uint64_t first = walk.next;
      const bool go_on = choose_more_rows(slot, choice, walk, on_rows);
      walk.counting->push_back(walk.next - first);
      return go_on;
    }
    if (walk.from != nullptr) {
      const uint64_t boards = prefix_boards_[walk.prefix++];
      if (walk.next + boards <= *walk.from) {
        walk.next += boards;
        return true;
      }
    }
    return choose_more_rows(slot, choice, walk, on_rows);
  }
  template <class OnRows>
  bool choose_more_rows(size_t slot, RowChoice& choice, Walk& walk, OnRows& on_rows) const {
    if (slot == row_order_.size()) {
      if (walk.keep_going != nullptr && ++walk.choices % kChoicesBetweenChecks == 0 &&
          !(*walk.keep_going)())
        return false;
      if (!finish_rows(choice)) return true;
      choice.first = walk.next;
      walk.next += choice.count;
      return on_rows(const_cast<const RowChoice&>(choice));
    }
    for (const LineFill& fill : row_fills_[row_order_[slot]]) {
      int walls = fill.wall_count;
      for (size_t i = 0; i < slot; ++i) walls += choice.rows[i]->wall_count;
      if (walls > max_walls_) continue;
      choice.rows[slot] = &fill;
      if (!choose_rows(slot + 1, choice, walk, on_rows)) return false;
    }
    return true;
  }
  // Counts the boards, in all and under each choice of the first rows.
  void count_boards(const KeepGoing& keep_going);
  // Fills in the masks and the columns' choices; false when a column has none.
  bool finish_rows(RowChoice& choice) const;
  const std::vector<const LineFill*>& column_choices(int x, uint64_t filled,
                                                     uint64_t demanded) const;

  int size_;
  int max_walls_;
  std::vector<int> row_order_;                       // car A's row, then the others
  std::vector<std::vector<LineFill>> row_fills_;     // by row
  std::vector<std::vector<LineFill>> column_fills_;  // by column
  // Per column, by (cells the rows fill in it, cells they demand in it),
  // each as a y-bit mask: the column's fills that fit.
  std::vector<std::vector<std::vector<const LineFill*>>> fitting_;
  // The first prefix_rows_ rows (in row_order_) of every choice, in order,
  // each with the number of boards under it: a walk skips whole subtrees.
  size_t prefix_rows_ = 0;
  std::vector<uint64_t> prefix_boards_;
  uint64_t boards_ = 0;
  bool counted_ = false;
};

}  // namespace puzzlelab::rushhour::enumerate
