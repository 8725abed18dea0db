// Where the engine's frame (car A leaves on the right) lies on the board as
// it was written, which is what the player sees. A golf board whose exit gap
// is on another side is solved turned: mirrored (exit on the left),
// transposed (at the bottom) or transposed then mirrored (at the top).
// Orientation maps cells, steps and boxes both ways, so the parser, the
// formatter, the move texts and the app's view all share one transform.
// Every other board is written as solved: the identity.
#pragma once

#include <cstdint>

namespace puzzlelab::rushhour {

enum class Axis : uint8_t { horizontal, vertical };

// The side of the written board with the exit (golf.h reads it from the gap).
enum class ExitSide : uint8_t { right, left, bottom, top };

const char* to_string(ExitSide side);  // "right", "left", "bottom", "top"

struct Cell {
  int row = 0;
  int col = 0;
  bool operator==(const Cell& other) const { return row == other.row && col == other.col; }
};

// A one-cell step: along an axis, +1 right/down or -1 left/up.
struct Direction {
  Axis axis = Axis::horizontal;
  int sign = 1;
  bool operator==(const Direction& other) const { return axis == other.axis && sign == other.sign; }
};

// A rectangle in cell units: cell (r, c) is [r, r + 1) x [c, c + 1). Pieces
// part way through a slide sit at fractional places.
struct Box {
  double row0 = 0, col0 = 0, row1 = 0, col1 = 0;
};

class Orientation {
 public:
  // A board written `width` x `height` cells (as the player sees it), with
  // its exit on `exit`.
  Orientation(ExitSide exit, int width, int height);

  ExitSide exit_side() const { return exit_; }
  bool is_identity() const { return !mirrored_ && !transposed_; }
  // The board's size as written, and as the engine holds it.
  int screen_width() const { return screen_width_; }
  int screen_height() const { return screen_height_; }
  int engine_width() const { return transposed_ ? screen_height_ : screen_width_; }
  int engine_height() const { return transposed_ ? screen_width_ : screen_height_; }

  // Plain arithmetic: cells just outside the board (the exit gap) map too.
  Cell to_screen(Cell engine) const;
  Cell from_screen(Cell screen) const;
  Direction to_screen(Direction engine) const;
  Direction from_screen(Direction screen) const;
  Box to_screen(Box engine) const;

 private:
  ExitSide exit_;
  bool mirrored_;    // columns reversed in the engine's frame
  bool transposed_;  // rows and columns swapped (applied before mirroring)
  int screen_width_;
  int screen_height_;
};

}  // namespace puzzlelab::rushhour
