// The enumerator's own compact Rush Hour positions: whole boards as four
// 64-bit masks, one byte a row (cell (x, y) at bit y * 8 + x), for boards up
// to 7x7 so that column 7 and row 7 are always off the board and stop every
// slide without a bounds check.
//
// A position needs no list of pieces: the cells of the horizontal pieces
// ("across"), of the vertical ones ("down"), and the first cell of each
// ("heads") tell where every piece is; a piece's last cell is the next cell
// of its kind that does not continue it. So the same code moves the pieces of
// any board, and a new board costs nothing to set up (the enumerator meets
// hundreds of millions of them).
//
// Order: Fogleman's (horizontal cells, then vertical cells, as integers with
// cell (x, y) at bit y * N + x). Numbering the cells y * 8 + x instead keeps
// the order of every mask (both numberings are increasing in (y, x)), so
// masks compare as they are.
#pragma once

#include <cstdint>

namespace puzzlelab::rushhour::enumerate {

inline constexpr int kLane = 8;
inline constexpr int kMaxBoardSize = 7;
inline constexpr uint64_t kColumn0 = 0x0101010101010101ULL;

inline constexpr uint64_t cell_bit(int x, int y) {
  return uint64_t{1} << (y * kLane + x);
}

struct Position {
  uint64_t across = 0;        // cells of the horizontal pieces
  uint64_t down = 0;          // cells of the vertical pieces
  uint64_t across_heads = 0;  // the leftmost cell of each horizontal piece
  uint64_t down_heads = 0;    // the top cell of each vertical piece
};

// Fogleman's order of positions (see the top of this file).
inline bool comes_before(const Position& a, const Position& b) {
  return a.across < b.across || (a.across == b.across && a.down < b.down);
}

inline int lowest_bit(uint64_t x) {
  return __builtin_ctzll(x);
}  // x != 0
inline int highest_bit(uint64_t x) {
  return 63 - __builtin_clzll(x);
}  // x != 0
inline uint64_t below(int bit) {
  return (uint64_t{1} << bit) - 1;
}
inline uint64_t up_to(int bit) {
  return (uint64_t{2} << bit) - 1;
}  // bit <= 62

// The last cell of every piece: a cell of the kind whose next cell along the
// lane is not a continuation (a cell of the kind that is not a head).
inline uint64_t across_tails(const Position& p) {
  return p.across & ~((p.across & ~p.across_heads) >> 1);
}
inline uint64_t down_tails(const Position& p) {
  return p.down & ~((p.down & ~p.down_heads) >> kLane);
}

// The slide that reached a position, for the breadth-first searches' pruning
// (see Lanes::children): the cells it swept (bits 0-54), where the moved
// piece's first cell is now + 1 (bits 56-61, off the board) and whether it
// is vertical (bit 62). 0 for a start.
using LastSlide = uint64_t;
inline constexpr int kHeadShift = 56;
inline constexpr uint64_t kVerticalSlide = uint64_t{1} << 62;

// A position one slide away, with the slide that reached it.
struct Child {
  Position position;
  LastSlide last;
};
// More than any position of a board up to 7x7 has: 24 pieces at most, each
// with at most 5 slides.
inline constexpr int kMaxChildren = 128;

// One board size with its walls: what stops a slide, and where car A is done.
class Lanes {
 public:
  Lanes(int size, int red_row, uint64_t walls) : size_(size), red_row_(red_row), walls_(walls) {
    for (int y = 0; y < size; ++y) inside_ |= ((uint64_t{1} << size) - 1) << (y * kLane);
    blocked_ = ~inside_ | walls;
    red_lane_ = uint64_t{0xFF} << (red_row * kLane) & inside_;
    goal_ = cell_bit(size - 1, red_row);
  }

  int size() const { return size_; }
  uint64_t walls() const { return walls_; }
  // The same board with other walls.
  Lanes with_walls(uint64_t walls) const { return Lanes(size_, red_row_, walls); }

  // Car A (the only horizontal piece of its row) touches the right edge.
  bool solved(const Position& p) const { return (p.across & goal_) != 0; }
  // Nothing between car A and the right edge: solved, or one slide from it.
  bool exit_clear(const Position& p) const {
    const uint64_t car = p.across & red_lane_;
    return ((p.across | p.down | walls_) & red_lane_ & ~up_to(highest_bit(car))) == 0;
  }

  // The positions one slide away that a breadth-first search needs; `last`
  // is how p was reached. Writes them to `out` (room for kMaxChildren) and
  // returns how many.
  //
  // Pieces are ranked: the horizontal ones row by row, then the vertical
  // ones column by column, each line in order (no slide changes the ranks).
  // After a slide of piece b, no slide of b is needed (it leads at most as
  // deep, to a position seen), nor one of a piece before b that keeps off
  // the cells b swept: the two slides commute. Every position is still
  // reached at its depth, from one start or from many at depth 0 (the
  // argument of Model::last_move in bitboard_model.h): among T's parents
  // at depth k take S whose slide to T moves the highest piece a; were it
  // skipped, S was reached from R by a slide of b > a that a's slide keeps
  // off, so a's slide is legal at R and b's then leads to T: a parent of T
  // moving b > a.
  //
  // The slides are found for all pieces at once, one length at a time: the
  // ends whose next k cells are free.
  //
  // With `all_of_red`, every slide of car A is kept whatever `last` says:
  // for a search whose first layer is every solved position, spread from a
  // few by the other pieces' slides (with this pruning: they keep car A
  // where it is), and whose second layer is car A's slides out of them.
  int children(const Position& p, LastSlide last, Child* out, bool all_of_red = false) const {
    const uint64_t free = ~(p.across | p.down | blocked_);
    const uint64_t across_ends = across_tails(p);
    const uint64_t down_ends = down_tails(p);
    // The pieces that move freely (after b, or all at a start) and those
    // that must enter the cells b swept (before b), by their ends.
    uint64_t across_heads = p.across_heads, across_last = across_ends;
    uint64_t down_heads = p.down_heads, down_last = down_ends;
    uint64_t across_heads_before = 0, across_last_before = 0;
    uint64_t down_heads_before = 0, down_last_before = 0;
    const uint64_t swept = last & below(kHeadShift);
    if (last != 0) {
      const int b = static_cast<int>((last >> kHeadShift) & 63) - 1;
      if ((last & kVerticalSlide) == 0) {
        const int b_tail = b + lowest_bit(across_ends >> b);
        across_heads_before = p.across_heads & below(b);
        across_last_before = across_ends & below(b);
        across_heads &= ~up_to(b);
        across_last &= ~up_to(b_tail);
      } else {
        const uint64_t column = kColumn0 << (b & (kLane - 1));
        const int b_tail = b + lowest_bit((down_ends & column) >> b);
        const uint64_t before = (column - kColumn0) | (column & below(b));
        across_heads_before = across_heads;
        across_last_before = across_last;
        across_heads = across_last = 0;
        down_heads_before = p.down_heads & before;
        down_last_before = down_ends & before;
        down_heads &= ~before & ~(uint64_t{1} << b);
        down_last &= ~before & ~(uint64_t{1} << b_tail);
      }
      if (all_of_red) {
        across_heads |= across_heads_before & red_lane_;
        across_last |= across_last_before & red_lane_;
        across_heads_before &= ~red_lane_;
        across_last_before &= ~red_lane_;
      }
    }
    int count = 0;
    // Left: heads whose k cells to the left are free.
    uint64_t run = (across_heads | across_heads_before) & (free << 1);
    uint64_t reached = across_heads_before & (swept << 1);
    for (int k = 1; run != 0; ++k) {
      for (uint64_t m = run & (across_heads | reached); m != 0; m &= m - 1) {
        const int h = lowest_bit(m);
        const int t = h + lowest_bit(across_ends >> h);
        const uint64_t cells = up_to(t) & ~below(h);
        out[count++] =
            Child{{p.across ^ cells ^ (cells >> k), p.down,
                   p.across_heads ^ (uint64_t{1} << h) ^ (uint64_t{1} << (h - k)), p.down_heads},
                  (up_to(t) & ~below(h - k)) | uint64_t(h - k + 1) << kHeadShift};
      }
      run &= free << (k + 1);
      reached |= across_heads_before & (swept << (k + 1));
    }
    // Right: tails whose k cells to the right are free.
    run = (across_last | across_last_before) & (free >> 1);
    reached = across_last_before & (swept >> 1);
    for (int k = 1; run != 0; ++k) {
      for (uint64_t m = run & (across_last | reached); m != 0; m &= m - 1) {
        const int t = lowest_bit(m);
        const int h = highest_bit(p.across_heads & up_to(t));
        const uint64_t cells = up_to(t) & ~below(h);
        out[count++] =
            Child{{p.across ^ cells ^ (cells << k), p.down,
                   p.across_heads ^ (uint64_t{1} << h) ^ (uint64_t{1} << (h + k)), p.down_heads},
                  (up_to(t + k) & ~below(h)) | uint64_t(h + k + 1) << kHeadShift};
      }
      run &= free >> (k + 1);
      reached |= across_last_before & (swept >> (k + 1));
    }
    // Up: heads whose k cells above are free.
    run = (down_heads | down_heads_before) & (free << kLane);
    reached = down_heads_before & (swept << kLane);
    for (int k = 1; run != 0; ++k) {
      const int shift = kLane * k;
      for (uint64_t m = run & (down_heads | reached); m != 0; m &= m - 1) {
        const int h = lowest_bit(m);
        const uint64_t column = kColumn0 << (h & (kLane - 1));
        const int t = h + lowest_bit((down_ends & column) >> h);
        const uint64_t cells = column & up_to(t) & ~below(h);
        out[count++] = Child{{p.across, p.down ^ cells ^ (cells >> shift), p.across_heads,
                              p.down_heads ^ (uint64_t{1} << h) ^ (uint64_t{1} << (h - shift))},
                             (column & up_to(t) & ~below(h - shift)) |
                                 uint64_t(h - shift + 1) << kHeadShift | kVerticalSlide};
      }
      run &= free << (shift + kLane);
      reached |= down_heads_before & (swept << (shift + kLane));
    }
    // Down: tails whose k cells below are free.
    run = (down_last | down_last_before) & (free >> kLane);
    reached = down_last_before & (swept >> kLane);
    for (int k = 1; run != 0; ++k) {
      const int shift = kLane * k;
      for (uint64_t m = run & (down_last | reached); m != 0; m &= m - 1) {
        const int t = lowest_bit(m);
        const uint64_t column = kColumn0 << (t & (kLane - 1));
        const int h = highest_bit(p.down_heads & column & up_to(t));
        const uint64_t cells = column & up_to(t) & ~below(h);
        out[count++] = Child{{p.across, p.down ^ cells ^ (cells << shift), p.across_heads,
                              p.down_heads ^ (uint64_t{1} << h) ^ (uint64_t{1} << (h + shift))},
                             (column & up_to(t + shift) & ~below(h)) |
                                 uint64_t(h + shift + 1) << kHeadShift | kVerticalSlide};
      }
      run &= free >> (shift + kLane);
      reached |= down_last_before & (swept >> (shift + kLane));
    }
    return count;
  }

  // Every slide of the piece whose first cell is bit `head`, in Fogleman's
  // order: back (left or up) by 1, 2, ..., then on (right or down) by 1,
  // 2... Calls visit(child) until it returns false.
  template <class Visit>
  void for_each_slide_of(const Position& p, int head, Visit&& visit) const {
    const uint64_t occupied = p.across | p.down | blocked_;
    const bool across = (p.across_heads >> head) & 1;
    const int step = across ? 1 : kLane;
    const uint64_t line =
        across ? uint64_t{0xFF} << (head & ~(kLane - 1)) : kColumn0 << (head & (kLane - 1));
    const uint64_t kind = across ? p.across : p.down;
    const uint64_t heads = across ? p.across_heads : p.down_heads;
    const uint64_t ends = across ? across_tails(p) : down_tails(p);
    const int tail = head + lowest_bit((ends & line) >> head);
    const uint64_t cells = line & up_to(tail) & ~below(head);
    const uint64_t behind = occupied & line & below(head);
    const int back = behind != 0 ? (head - highest_bit(behind)) / step - 1
                     : across    ? head & (kLane - 1)
                                 : head / kLane;
    const int on = (lowest_bit(occupied & line & ~up_to(tail)) - tail) / step - 1;
    auto slide = [&](int shift) {
      const uint64_t moved = shift < 0 ? cells >> -shift : cells << shift;
      const uint64_t now = kind ^ cells ^ moved;
      const uint64_t now_heads = heads ^ (uint64_t{1} << head) ^ (uint64_t{1} << (head + shift));
      return across ? Position{now, p.down, now_heads, p.down_heads}
                    : Position{p.across, now, p.across_heads, now_heads};
    };
    for (int k = 1; k <= back; ++k) {
      if (!visit(slide(-k * step))) return;
    }
    for (int k = 1; k <= on; ++k) {
      if (!visit(slide(k * step))) return;
    }
  }

 private:
  int size_;
  int red_row_;
  uint64_t walls_;
  uint64_t inside_ = 0;
  uint64_t blocked_ = 0;   // walls and every cell off the board
  uint64_t red_lane_ = 0;  // car A's row
  uint64_t goal_ = 0;      // the rightmost cell of car A's row
};

}  // namespace puzzlelab::rushhour::enumerate
