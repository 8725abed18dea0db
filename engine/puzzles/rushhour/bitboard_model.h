// The fast Rush Hour state space's model of a layout (Model): the key's
// codec and the line bitboards, and the move generator over them.
//
//   Model::Planes the occupied cells twice, row by row ("across") and column
//                 by column ("down"), each line in its own 8- or 16-bit lane,
//                 and the end cells of the pieces on the same lanes. A search
//                 keeps them for the states it is about to expand and updates
//                 them by XOR when a piece slides; the ends next to an empty
//                 cell are the pieces that can move, found for all lines at
//                 once, and a free run is one bit scan along the lane.
//
// The move generator's body is in bitboard_moves.h (included at the end),
// the key in bitboard_key.h, the stores in frontier.h (a hash set of keys,
// key_set.h) and sorted_layers.h; the searches in fast_solver.cpp.
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <utility>
#include <vector>

#include "puzzles/rushhour/bitboard_key.h"
#include "puzzles/rushhour/flat_array.h"
#include "puzzles/rushhour/rushhour.h"

namespace puzzlelab::rushhour::fast {

// At most every piece slid to every other place on its line.
constexpr uint32_t kMaxChildren = kMaxPieces * kMaxSize;

// What the inner loop needs of a piece, kept small.
struct PieceModel {
  uint8_t key_word = 0;   // key word holding the piece's field
  uint8_t key_shift = 0;  // bit offset of the field in that word
  uint8_t field_mask = 0;
  uint8_t length = 0;
  uint8_t board_word = 0;  // word of Planes::words holding the piece's line
  uint8_t lane_shift = 0;  // bit offset of the line in that word
  uint32_t span_mask = 0;  // the line's cells: (1 << span) - 1
  uint32_t sentinel = 0;   // 1 << span: stops a scan at the far edge
};

template <int KW, int BW, bool Ranked = false>
class Model {
  static_assert(!Ranked || KW == 1, "a ranked key is one word");

 public:
  using KeyT = Key<KW>;
  static constexpr int kKeyWords = KW;
  static constexpr int kBoardWords = BW;
  static constexpr bool kRanked = Ranked;
  // What a search keeps of a position besides its key, updated by XOR when a
  // piece slides (no per-position rebuild from every piece). Four planes of
  // BW words: the occupied cells across (row by row) and down (column by
  // column), and the end cells of the horizontal pieces (across) and of the
  // vertical ones (down). The ends find every piece that can move with a few
  // board-wide operations: an end whose outer neighbour is empty.
  struct Planes {
    std::array<uint64_t, 4 * BW> words{};
  };
  static constexpr int kEndsPlane = 2 * BW;  // words [2 BW, 4 BW): the ends
  // Cells only: the occupancy planes' words.
  using Cells = std::array<uint64_t, 2 * BW>;

  // What a search keeps of the move that reached a position, for
  // for_each_child (move, from and to as passed to its visit).
  //
  // After a move of piece b, for_each_child skips the moves of pieces a < b
  // that keep off the cells b swept (its cells before, after and between):
  // such a move and b's commute (neither enters the other's cells). Any
  // fixed order of the pieces does; for_each_child's is the order of their
  // ends along the planes' words, which no move changes. Every
  // position T of depth k + 1 is still reached: among its parents at depth k
  // (and their moves to T), take one, S, whose move moves the highest piece
  // a. Were it skipped, S was first reached from R (depth k - 1) by a move of
  // b > a whose swept cells a's move keeps off (b = a cannot be: T would be
  // one slide from R). Then a's move is legal from R, R' = R + a's move is of
  // depth k, and b's move is legal from R' and reaches T: a parent of T
  // moving a piece higher than a, a contradiction.
  static unsigned last_move(unsigned move, unsigned from, unsigned to) {
    return move | from << 8 | to << 20;  // from, to < kMaxPieces * kMaxSize < 2^12
  }
  // Lane width (lane_bits): boards up to 8x8 fit one word a plane in 8-bit lanes.
  static constexpr int kLane = BW == 1 ? 8 : 16;
  static constexpr int kLaneLog2 = BW == 1 ? 3 : 4;

  // `start` only tells the order of the pieces along each line (which no
  // slide changes): any position of the searched cluster does.
  Model(const Layout& layout, const Positions& start) : layout_(layout) {
    for (int r = 0; r < layout.height(); ++r) {
      for (int c = 0; c < layout.width(); ++c) {
        set_cell(inside_, r, c);
        if (layout.is_wall(r, c)) set_cell(walls_, r, c);
        if (c == 0) set_bit(edges_back_, 0, r * kLane);
        if (r == 0) set_bit(edges_back_, BW, c * kLane);
        if (c == layout.width() - 1) set_bit(edges_on_, 0, r * kLane + c);
        if (r == layout.height() - 1) set_bit(edges_on_, BW, c * kLane + r);
      }
    }
    const auto& pieces = layout.pieces();
    piece_count_ = static_cast<int>(pieces.size());
    red_ = layout.red_car();
    red_goal_ = red_ >= 0 ? layout.max_position(red_) : -1;
    masks_.resize(pieces.size() * kMaxSize);
    red_lane_.assign(pieces.size() * kMaxSize, 0);
    field_bits_ = key_field_bits(layout);
    fields_in_word0_ = kKeyWord0Bits / field_bits_;
    field_mask_ = (uint64_t{1} << field_bits_) - 1;
    line_from_.resize(pieces.size() * kMaxSize);
    line_upto_.resize(pieces.size() * kMaxSize);
    for (int p = 0; p < piece_count_; ++p) add_piece(p, pieces[p]);
    rank_pieces_on_lines(start);
    if (red_ >= 0) {
      const PieceModel& pm = pieces_[red_];
      exit_watch_ = ExitWatch{pm.key_word, pm.key_shift,  pm.board_word, pm.lane_shift,
                              pm.length,   pm.field_mask, pm.span_mask};
    }
    if (Ranked) build_line_codec();
  }

  int piece_count() const { return piece_count_; }
  const Layout& layout() const { return layout_; }

  int position(const KeyT& key, int piece) const {
    if constexpr (Ranked) {
      const RankedPiece& rp = ranked_[piece];
      const LineCodec& line = lines_[rp.line];
      const uint32_t arrangement =
          arrangements_[line.first + ((key.words[0] >> line.shift) & line.mask)];
      return static_cast<int>((arrangement >> rp.nibble) & 15);
    }
    const PieceModel& pm = pieces_[piece];
    const uint64_t word = KW == 1 ? key.words[0] : key.words[pm.key_word];
    return static_cast<int>((word >> pm.key_shift) & pm.field_mask);
  }
  KeyT pack(const Positions& positions) const {
    KeyT key;
    for (int p = 0; p < piece_count(); ++p) {
      if constexpr (Ranked) {
        key.words[0] += values_[p * kMaxSize + positions.get(p)];
      } else {
        key.words[pieces_[p].key_word] |= uint64_t(positions.get(p)) << pieces_[p].key_shift;
      }
    }
    return key;
  }
  // The codec hook of the inner loop, for a ranked key: its word after a
  // piece slid from mask `from` to mask `to` (the numbers for_each_child
  // passes to visit), the piece's share of its line's number swapped. (A
  // packed key adds the distance to the piece's field.)
  PUZZLELAB_HOT uint64_t ranked_slide(const KeyT& key, unsigned from, unsigned to) const {
    return key.words[0] - values_[from] + values_[to];
  }
  Positions unpack(const KeyT& key) const {
    Positions positions;
    for (int p = 0; p < piece_count(); ++p) positions.set(p, position(key, p));
    return positions;
  }
  bool has_red_car() const { return red_ >= 0; }
  bool is_goal(const KeyT& key) const { return red_ >= 0 && position(key, red_) == red_goal_; }
  // Car A has nothing between it and the exit (one slide from solved).
  bool exit_is_clear(const KeyT& key) const {
    if (red_ < 0) return false;
    return (red_line(planes_of(key)) & ahead_of_red(position(key, red_))) == 0;
  }
  // exit_is_clear() for a position whose planes are at hand, with car A's
  // fields copied for a search to keep in registers (car A exists).
  struct ExitWatch {
    int key_word, key_shift, board_word, lane_shift, length;
    uint32_t field_mask, span_mask;
    PUZZLELAB_HOT bool clear(const KeyT& key, const Planes& planes) const {
      const uint64_t word = KW == 1 ? key.words[0] : key.words[key_word];
      const int pos = static_cast<int>((word >> key_shift) & field_mask);
      const uint32_t line =
          static_cast<uint32_t>(planes.words[board_word] >> lane_shift) & span_mask;
      return (line >> (pos + length)) == 0;
    }
  };
  // Read from memory where used (few, new positions): copies would take
  // registers the search's inner loop needs.
  const ExitWatch& exit_watch() const {
    static_assert(!Ranked, "reads car A's packed field: not in a ranked key");
    return exit_watch_;
  }
  // The slide of car A from a position whose exit is clear to the goal.
  Slide slide_to_exit(const KeyT& key) const {
    return Slide{static_cast<uint8_t>(red_), static_cast<int8_t>(red_goal_ - position(key, red_))};
  }

  // The planes of a position built from every piece (for starts; children
  // get theirs from moved()).
  Planes planes_of(const KeyT& key) const {
    Planes planes = walls_;
    if constexpr (Ranked) {  // a line's cells at a time
      for (const LineCodec& line : lines_)
        add(planes, line_planes_[line.first + ((key.words[0] >> line.shift) & line.mask)]);
      return planes;
    }
    for (int p = 0; p < piece_count_; ++p) add(planes, masks_[p * kMaxSize + position(key, p)]);
    return planes;
  }
  // The planes after a piece left mask `from` for mask `to` (numbers passed
  // to for_each_child's visit).
  PUZZLELAB_HOT Planes moved(const Planes& planes, unsigned from, unsigned to) const {
    Planes out;
    const Planes& a = masks_[from];
    const Planes& b = masks_[to];
    for (int i = 0; i < 4 * BW; ++i) out.words[i] = planes.words[i] ^ a.words[i] ^ b.words[i];
    return out;
  }

  // Calls visit(child, move, flag, from, to) for every slide, or only
  // one-cell steps when `Steps`; move is piece * 2 + (1 if forward); from and
  // to are the moved piece's masks before and after (for moved()). flag:
  // with `Steps`, the child is solved; with `WatchExit`, the child's exit is
  // clear (car A's way out is empty); otherwise false. `last` is the move
  // that reached `key` (kNoMove at the start): a breadth-first search over
  // slides gains nothing from moving that piece again (every slide of it
  // leads to a state at most as deep, seen already), over steps from
  // stepping it straight back. Nor does it gain from a move of a piece
  // before p (in the order of their ends along the planes' words), after a
  // move of p, that keeps off the cells p swept (the two moves commute): see
  // last_move() for why every state is still reached at its depth. `last`
  // is last_move() of that move.
  template <bool Steps, bool WatchExit, class Visit>
  PUZZLELAB_HOT void for_each_child(const KeyT& key, const Planes planes, unsigned last,
                                    Visit&& visit) const;  // bitboard_moves.h

  // The one slide that turns `from` into `to` (neighbours in the search).
  Slide slide_between(const KeyT& from, const KeyT& to) const {
    for (int p = 0; p < piece_count(); ++p) {
      const int a = position(from, p), b = position(to, p);
      if (a != b) return Slide{static_cast<uint8_t>(p), static_cast<int8_t>(b - a)};
    }
    return Slide{};
  }

 private:
  // The cells swept by the move `last` (last_move()).
  PUZZLELAB_HOT Cells swept_by(unsigned last) const {
    const unsigned from = (last >> 8) & 0xFFF, to = last >> 20;
    const Cells& a = line_from_[from < to ? from : to];
    const Cells& b = line_upto_[from < to ? to : from];
    Cells cells;
    for (int i = 0; i < 2 * BW; ++i) cells[i] = a[i] & b[i];
    return cells;
  }
  // Bit `index` of plane `plane` (0 across, BW down, 2 BW ends across...).
  static void set_bit(Planes& planes, int plane, int index) {
    planes.words[plane + (index >> 6)] |= uint64_t{1} << (index & 63);
  }
  void set_cell(Planes& planes, int row, int col) const {
    set_bit(planes, 0, row * kLane + col);
    set_bit(planes, BW, col * kLane + row);
  }
  void add_piece(int p, const Piece& piece) {
    PieceModel& pm = pieces_[p];
    const int max = layout_.max_position(p);
    const int word = p < fields_in_word0_ ? 0 : 1;
    pm.key_word = static_cast<uint8_t>(word);
    pm.key_shift = static_cast<uint8_t>((p - word * fields_in_word0_) * field_bits_);
    pm.field_mask = static_cast<uint8_t>(field_mask_);
    pm.length = piece.length;
    const bool across = piece.axis == Axis::horizontal;
    const int bit = piece.line * kLane;
    pm.board_word = static_cast<uint8_t>((across ? 0 : BW) + (bit >> 6));
    pm.lane_shift = static_cast<uint8_t>(bit & 63);
    const int span = max + piece.length;
    pm.span_mask = (uint32_t{1} << span) - 1;
    pm.sentinel = uint32_t{1} << span;
    for (int pos = 0; pos <= max; ++pos) {
      Planes from, upto;
      for (int i = 0; i < span; ++i) {
        if (i >= pos) set_cell(from, layout_.row_of(p, 0, i), layout_.col_of(p, 0, i));
        if (i < pos + piece.length)
          set_cell(upto, layout_.row_of(p, 0, i), layout_.col_of(p, 0, i));
      }
      std::copy_n(from.words.begin(), 2 * BW, line_from_[p * kMaxSize + pos].begin());
      std::copy_n(upto.words.begin(), 2 * BW, line_upto_[p * kMaxSize + pos].begin());
      Planes& mask = masks_[p * kMaxSize + pos];
      set_bit(mask, kEndsPlane + (across ? 0 : BW), bit + pos);
      set_bit(mask, kEndsPlane + (across ? 0 : BW), bit + pos + piece.length - 1);
      for (int k = 0; k < piece.length; ++k) {
        const int row = layout_.row_of(p, pos, k), col = layout_.col_of(p, pos, k);
        set_cell(mask, row, col);
        if (red_ >= 0 && crosses_red_line(row, col)) {
          red_lane_[p * kMaxSize + pos] |= uint32_t{1} << red_index(row, col);
        }
      }
    }
  }
  // Pieces never pass each other on their line, nor leave it, so the i-th
  // piece along a plane's word (its lines in order, by its ends' order) is
  // always the same one.
  void rank_pieces_on_lines(const Positions& start) {
    const auto& pieces = layout_.pieces();
    std::array<int, 2 * BW> placed{};
    for (int plane = 0; plane < 2; ++plane) {
      for (int line = 0; line < kMaxSize; ++line) {
        std::vector<std::pair<int, int>> on_line;  // (start position, piece)
        for (int p = 0; p < piece_count_; ++p) {
          const bool across = pieces[p].axis == Axis::horizontal;
          if ((across ? 0 : 1) == plane && pieces[p].line == line)
            on_line.push_back({start.get(p), p});
        }
        std::sort(on_line.begin(), on_line.end());
        const int w = plane * BW + line * kLane / 64;  // lines of pieces fit the planes
        for (size_t i = 0; i < on_line.size(); ++i) {
          const auto p = static_cast<uint8_t>(on_line[i].second);
          line_pieces_[plane][line][i] = p;
          word_pieces_[w][placed[w]++] = p;
        }
      }
    }
  }
  // The ranked key's tables: every line's arrangements, numbered in the
  // combinatorial number system (below), with its pieces' positions and its
  // cells; every piece's share of its line's number at each position.
  void build_line_codec() {
    const auto& pieces = layout_.pieces();
    int shift = 0;
    for (int plane = 0; plane < 2; ++plane) {
      for (int line = 0; line < kMaxSize; ++line) {
        LineContents contents = line_contents(layout_, plane, line);
        if (contents.count == 0) continue;
        const uint64_t arrangements = contents.arrangements();
        const int bits = bits_for(arrangements);
        LineCodec codec{static_cast<uint32_t>(arrangements_.size()),
                        static_cast<uint8_t>(bits == 0 ? 0 : shift), (uint64_t{1} << bits) - 1};
        const uint8_t line_index = static_cast<uint8_t>(lines_.size());
        lines_.push_back(codec);
        // Piece i along the line (in the order no slide changes) at `pos` is
        // the i-th of k one-cell tokens at q = pos - offset[i], the cells the
        // pieces before it cover beyond one each; q_0 < q_1 < ... < q_{k-1}
        // < m, and the arrangement's number is the sum of C(q_i, i + 1).
        std::array<int, kMaxSize / 2> offset{};
        const uint8_t* order = line_pieces_[plane][line].data();
        for (int i = 1; i < contents.count; ++i)
          offset[i] = offset[i - 1] + pieces[order[i - 1]].length - 1;
        for (int i = 0; i < contents.count; ++i) {
          const int p = order[i];
          ranked_[p] = RankedPiece{line_index, static_cast<uint8_t>(4 * i)};
          for (int pos = 0; pos <= layout_.max_position(p); ++pos) {
            const int q = pos - offset[i];
            values_[p * kMaxSize + pos] = q < 0 ? 0 : binomial(q, i + 1) << codec.shift;
          }
        }
        for (uint64_t number = 0; number < arrangements; ++number) {
          uint64_t rest = number;
          uint32_t packed = 0;
          Planes cells{};
          for (int i = contents.count - 1; i >= 0; --i) {
            int q = i;  // the largest q with C(q, i + 1) <= rest
            while (binomial(q + 1, i + 1) <= rest) ++q;
            rest -= binomial(q, i + 1);
            const int pos = q + offset[i];
            packed |= static_cast<uint32_t>(pos) << (4 * i);
            add(cells, masks_[order[i] * kMaxSize + pos]);
          }
          arrangements_.push_back(packed);
          line_planes_.push_back(cells);
        }
        shift += bits;
      }
    }
  }
  // The piece whose end is at bit `bit` of a plane's word: `ends` is that
  // word, `word_pieces` its pieces (word_pieces_).
  PUZZLELAB_HOT static int piece_at(const uint8_t* word_pieces, uint64_t ends, int bit) {
    const int rank = population(ends & ((uint64_t{1} << bit) - 1)) >> 1;  // two ends a piece
    return word_pieces[rank];
  }
  static void add(Planes& planes, const Planes& mask) {
    for (int i = 0; i < 4 * BW; ++i) planes.words[i] |= mask.words[i];
  }
  bool crosses_red_line(int row, int col) const {
    const Piece& red = layout_.pieces()[red_];
    return red.axis == Axis::horizontal ? row == red.line : col == red.line;
  }
  int red_index(int row, int col) const {
    return layout_.pieces()[red_].axis == Axis::horizontal ? col : row;
  }
  // Car A's line on the planes (bits by cell along it, walls included).
  uint32_t red_line(const Planes& planes) const {
    const PieceModel& pm = pieces_[red_];
    return static_cast<uint32_t>(planes.words[pm.board_word] >> pm.lane_shift) & pm.span_mask;
  }
  // Cells of car A's line past its front when its first cell is at `pos`.
  uint32_t ahead_of_red(int pos) const {
    const PieceModel& pm = pieces_[red_];
    return pm.span_mask & ~((uint32_t{1} << (pos + pm.length)) - 1);
  }

  // The ranked key (Ranked): each line holding pieces has a field of the
  // key, its arrangement's number.
  struct LineCodec {
    uint32_t first = 0;  // its first arrangement in arrangements_ and line_planes_
    uint8_t shift = 0;   // the field's place in the key
    uint64_t mask = 0;   // the field's width
  };
  struct RankedPiece {
    uint8_t line = 0;    // in lines_
    uint8_t nibble = 0;  // where its position is in an arrangement
  };
  std::vector<LineCodec> lines_;
  std::array<RankedPiece, kMaxPieces> ranked_{};
  std::vector<uint32_t> arrangements_;  // positions along the line, 4 bits a piece
  std::vector<Planes> line_planes_;     // the line's pieces' cells and ends
  std::vector<uint64_t> values_ = std::vector<uint64_t>(kMaxPieces * kMaxSize);

  const Layout& layout_;
  Planes walls_;
  Planes inside_;      // the board's cells (occupancy planes only)
  Planes edges_back_;  // the first cell of every line: nothing behind it
  Planes edges_on_;    // the last cell of every line: nothing ahead of it
  std::array<PieceModel, kMaxPieces> pieces_{};
  // piece * kMaxSize + position -> the cells of the piece's line from the
  // piece's first cell on, and up to its last cell (occupancy planes only).
  std::vector<Cells> line_from_;
  std::vector<Cells> line_upto_;
  // word of the planes (across words, then down words), rank -> piece
  std::array<std::array<uint8_t, kMaxPieces>, 2 * BW> word_pieces_{};
  // plane (0 across, 1 down), line, rank along it -> piece (the ranked key's)
  std::array<std::array<std::array<uint8_t, kMaxSize / 2>, kMaxSize>, 2> line_pieces_{};
  std::vector<Planes> masks_;       // piece * kMaxSize + position -> its cells and ends
  std::vector<uint32_t> red_lane_;  // piece * kMaxSize + position -> its cells on A's line
  int piece_count_ = 0;
  int field_bits_ = 0;
  int fields_in_word0_ = 0;
  uint64_t field_mask_ = 0;
  int red_ = -1;
  int red_goal_ = -1;
  ExitWatch exit_watch_{};
};

// Calls f(model) with the narrowest key and planes that fit the layout.
template <class F>
decltype(auto) with_model(const Layout& layout, const Positions& start, F&& f) {
  const bool one_word_key = key_words_needed(layout) == 1;
  switch (board_words(layout)) {
    case 1:
      if (one_word_key) return f(Model<1, 1>(layout, start));
      return f(Model<2, 1>(layout, start));
    case 2:
      if (one_word_key) return f(Model<1, 2>(layout, start));
      return f(Model<2, 2>(layout, start));
    default:
      if (one_word_key) return f(Model<1, 4>(layout, start));
      return f(Model<2, 4>(layout, start));
  }
}

// with_model for the sorted-layer search: a ranked key where packed fields
// would need two words and the lines' arrangement numbers fit one (its top
// bit free, as a packed key's: an all-ones word marks empty slots).
template <class F>
decltype(auto) with_layered_model(const Layout& layout, const Positions& start, F&& f) {
  if (key_words_needed(layout) == 2 && ranked_key_bits(layout) <= kKeyWord0Bits) {
    switch (board_words(layout)) {
      case 1:
        return f(Model<1, 1, true>(layout, start));
      case 2:
        return f(Model<1, 2, true>(layout, start));
      default:
        return f(Model<1, 4, true>(layout, start));
    }
  }
  return with_model(layout, start, std::forward<F>(f));
}

}  // namespace puzzlelab::rushhour::fast

// The move generator's definition (for_each_child).
#include "puzzles/rushhour/bitboard_moves.h"  // IWYU pragma: export
