// Rush Hour: cars (length 2) and trucks (length 3+) slide along their axis on
// a grid with optional walls; car A must reach the right edge of its row.
//
// Text forms read by parse():
//   * Fogleman's database string: 36 characters row-major for 6x6 (any n*n
//     for an n x n board), `o` or `.` empty, `x` wall, letters the pieces,
//     e.g. IBBxooIooLDDJAALooJoKEEMFFKooMGGHHHM; a database line
//     "60 IBBx...HHHM 2332" (moves, board, cluster size) is accepted too.
//   * A grid of text lines, one per row, any size from 3x3 to 16x16
//     (`#` is also a wall).
// Moves are written "A+1", "C-2": the piece's letter, + for right/down and -
// for left/up, and the distance in cells.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/puzzle.h"
#include "puzzles/rushhour/orientation.h"

namespace puzzlelab::rushhour {

inline constexpr int kMinSize = 3;
inline constexpr int kMaxSize = 16;    // positions are packed in 4 bits
inline constexpr int kMaxPieces = 26;  // letters A..Z
inline constexpr char kRedCar = 'A';

struct Piece {
  char label = 0;
  Axis axis = Axis::horizontal;
  uint8_t length = 0;
  uint8_t line = 0;  // the fixed row (horizontal) or column (vertical)
};

// Where every piece is: its first (left or top) cell along its axis, 4 bits
// per piece in two 64-bit words. This is the search state.
struct Positions {
  std::array<uint64_t, 2> words{};

  int get(int piece) const {
    return static_cast<int>((words[piece / 16] >> (piece % 16 * 4)) & 15);
  }
  void set(int piece, int pos) {
    uint64_t& word = words[piece / 16];
    const int shift = piece % 16 * 4;
    word = (word & ~(uint64_t{15} << shift)) | (uint64_t(pos) << shift);
  }
  bool operator==(const Positions& other) const {
    return words[0] == other.words[0] && words[1] == other.words[1];
  }
};

// A slide of one piece by `delta` cells (+ right/down, - left/up).
struct Slide {
  uint8_t piece = 0;
  int8_t delta = 0;
};

inline constexpr int kEmptyCell = -1;
inline constexpr int kWallCell = -2;

// Everything about a board that does not move: size, walls, pieces.
class Layout {
 public:
  Layout(int width, int height, std::vector<bool> walls, std::vector<Piece> pieces);

  int width() const { return width_; }
  int height() const { return height_; }
  bool is_wall(int row, int col) const { return walls_[row * width_ + col]; }
  const std::vector<Piece>& pieces() const { return pieces_; }
  int red_car() const { return red_car_; }
  int piece_index(char label) const;  // -1 if no such piece
  // How far a piece's first cell can go along its axis.
  int max_position(int piece) const;

  // Row and column of cell k (0-based along the piece) at position pos.
  int row_of(int piece, int pos, int k) const;
  int col_of(int piece, int pos, int k) const;
  // Row-major index of cell k of a piece at position pos.
  int cell_index(int piece, int pos, int k) const {
    return origin_[piece] + (pos + k) * stride_[piece];
  }

  // Cell contents (piece number, kEmptyCell or kWallCell), row-major.
  using Occupancy = std::array<int8_t, kMaxSize * kMaxSize>;
  void fill_occupancy(const Positions& positions, Occupancy& cells) const;

  bool is_solved(const Positions& positions) const;
  // Free cells before the piece (backward) and after it (forward).
  void free_run(const Occupancy& cells, int piece, int pos, int& backward, int& forward) const;

 private:
  int width_;
  int height_;
  std::vector<bool> walls_;
  std::vector<Piece> pieces_;
  int red_car_ = -1;
  Occupancy empty_board_;  // walls and empty cells, copied before placing pieces
  // Cell index of a piece's cell k at position p is origin + (p + k) * stride.
  std::array<int, kMaxPieces> origin_{};
  std::array<int, kMaxPieces> stride_{};
};

// A parsed board: the layout (shared by every position of it) and positions.
struct Board {
  std::shared_ptr<const Layout> layout;
  Positions positions;
};

Parsed<Board> parse_board(std::string_view text);
// Square boards as one Fogleman line, other shapes as rows of text.
std::string format_board(const Layout& layout, const Positions& positions);

std::string format_slide(const Layout& layout, Slide slide);
// Parses "A+1"; checks the letter names a piece, not that the slide is legal.
Parsed<Slide> parse_slide(const Layout& layout, std::string_view text);
// Empty when legal, otherwise why not ("car B is blocked by car C at r3c4").
std::string check_slide(const Layout& layout, const Positions& positions, Slide slide);

// Every slide of any length (the "moves" metric's successors).
std::vector<Slide> legal_slides(const Layout& layout, const Positions& positions);

class RushHourGame final : public Game {
 public:
  explicit RushHourGame(Board board);
  // A board read in the golf format (golf.h): written back so, and its moves,
  // hints and view in the frame it was written in.
  RushHourGame(Board board, Orientation golf_orientation);

  const PuzzleInfo& info() const override;
  std::string format() const override;
  std::vector<Move> legal_moves() const override;
  ApplyResult apply(std::string_view move) override;
  bool is_solved() const override;
  std::unique_ptr<Game> clone() const override;
  SolveResult solve(const SolveOptions& options) const override;
  // The first move of a fewest-moves solution; its cells are the moving
  // piece's, numbered row * width + column as the board is written.
  using Game::hint;
  std::optional<Hint> hint(const SolveOptions& options) const override;
  // Every vehicle with its cells as the board is written, then the walls.
  std::string describe() const override;
  // Under "steps" a slide costs its length ("C-3": 3).
  std::optional<int64_t> cost_in(std::string_view metric, std::string_view move) const override;
  // Set on a board the generator made (its cluster search proved it); a
  // move played on it forgets it.
  std::optional<int64_t> known_optimum() const override { return known_optimum_; }
  void set_known_optimum(int64_t moves) { known_optimum_ = moves; }

  // The board in the engine's frame (car A leaves on the right).
  const Layout& layout() const { return *board_.layout; }
  const Positions& positions() const { return board_.positions; }
  // From the engine's frame to the board as written (the identity unless a
  // golf board's exit is not on the right).
  const Orientation& orientation() const { return orientation_; }
  // Set when the board was read in the golf format (and is written back so).
  std::optional<ExitSide> golf_side() const;
  // A slide of the engine's frame as a move of the board as written ("B+1"
  // is right or down as the player sees it).
  std::string move_text(Slide slide) const;

 private:
  // A slide between the engine's frame and the board as written (the same
  // both ways: only a mirror changes a sign).
  Slide oriented(Slide slide) const;

  Board board_;
  Orientation orientation_;
  bool golf_ = false;
  std::optional<int64_t> known_optimum_;
};

const PuzzleInfo& puzzle_info();

}  // namespace puzzlelab::rushhour
