// The fast Rush Hour state space: bitboard occupancy and a packed state key.
//
//   Key<KW>   every piece's position packed in a bit field of KW 64-bit words
//             (3 bits a piece on 6x6 and 8x8). A slide by d adds d << shift.
//   Bits<BW>  one bit per cell, BW words (1 up to 8x8, 2 up to 128 cells, 4 up
//             to 16x16); rebuilt per expanded state from per-piece masks.
//   KeySet    a flat open-addressing set of keys (no per-node allocation).
//
// The searches over it are in bitboard_search.cpp; this header is shared so
// that benchmarks can run the same successors through the generic library.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "puzzles/rushhour/rushhour.h"

namespace puzzlelab::rushhour::fast {

// The search's inner loop is a few calls deep; GCC would not inline them.
#define PUZZLELAB_HOT [[gnu::always_inline]] inline

template <int N>
struct Bits {
  std::array<uint64_t, N> words{};

  void set(int cell) { words[cell >> 6] |= uint64_t{1} << (cell & 63); }
  bool test(int cell) const { return (words[cell >> 6] >> (cell & 63)) & 1; }
  Bits& operator|=(const Bits& other) {
    for (int i = 0; i < N; ++i) words[i] |= other.words[i];
    return *this;
  }
};

template <int N>
struct Key {
  std::array<uint64_t, N> words{};

  bool operator==(const Key& other) const {  // not memcmp: a call per probe costs more
    bool same = words[0] == other.words[0];
    for (int i = 1; i < N; ++i) same = same && words[i] == other.words[i];
    return same;
  }
};

// Where a piece lives in the key and on the bitboard.
struct PieceModel {
  int word = 0;             // key word holding the piece's field
  int shift = 0;            // bit offset of the field in that word
  uint64_t field_mask = 0;  // the field's bits, unshifted
  int length = 0;
  int span = 0;  // cells along its line (width or height)
  // Bit index of the line's cells, k-th at [k + 1], framed by a sentinel bit
  // that is always set, so a slide stops at the edge without a bounds test.
  std::array<uint16_t, kMaxSize + 2> cells{};
};

inline constexpr uint8_t kNoMove = 0xFF;

// Bits a key needs for a layout, with the top bit of word 0 kept free so that
// an all-ones word 0 can mark empty slots.
int key_bits_needed(const Layout& layout);
inline constexpr int kKeyWord0Bits = 63;

template <int KW, int BW>
class Model {
 public:
  using KeyT = Key<KW>;
  using BitsT = Bits<BW>;

  explicit Model(const Layout& layout) : layout_(layout) {
    const int width = layout.width();
    const int sentinel = width * layout.height();
    walls_.set(sentinel);
    for (int r = 0; r < layout.height(); ++r) {
      for (int c = 0; c < width; ++c) {
        if (layout.is_wall(r, c)) walls_.set(r * width + c);
      }
    }
    int word = 0, shift = 0;
    const auto& pieces = layout.pieces();
    pieces_.resize(pieces.size());
    masks_.resize(pieces.size() * kMaxSize);
    for (size_t i = 0; i < pieces.size(); ++i) {
      PieceModel& pm = pieces_[i];
      const int piece = static_cast<int>(i);
      const int max = layout.max_position(piece);
      int bits = 1;
      while ((1 << bits) <= max) ++bits;
      if (shift + bits > (word == 0 ? kKeyWord0Bits : 64)) word += 1, shift = 0;
      pm.word = word;
      pm.shift = shift;
      pm.field_mask = (uint64_t{1} << bits) - 1;
      shift += bits;
      pm.length = pieces[i].length;
      pm.span = max + pm.length;
      pm.cells.fill(static_cast<uint16_t>(sentinel));
      for (int k = 0; k < pm.span; ++k) {
        pm.cells[k + 1] =
            static_cast<uint16_t>(layout.row_of(piece, k, 0) * width + layout.col_of(piece, k, 0));
      }
      for (int pos = 0; pos <= max; ++pos) {
        BitsT& mask = masks_[i * kMaxSize + pos];
        for (int k = 0; k < pm.length; ++k) mask.set(pm.cells[pos + k + 1]);
      }
    }
    piece_count_ = static_cast<int>(pieces.size());
    red_ = layout.red_car();
    red_goal_ = red_ >= 0 ? layout.max_position(red_) : -1;
  }

  int piece_count() const { return piece_count_; }
  const Layout& layout() const { return layout_; }

  int position(const KeyT& key, int piece) const {
    const PieceModel& pm = pieces_[piece];
    const uint64_t word = KW == 1 ? key.words[0] : key.words[pm.word];
    return static_cast<int>((word >> pm.shift) & pm.field_mask);
  }
  KeyT pack(const Positions& positions) const {
    KeyT key;
    for (int p = 0; p < piece_count(); ++p) {
      key.words[pieces_[p].word] |= uint64_t(positions.get(p)) << pieces_[p].shift;
    }
    return key;
  }
  Positions unpack(const KeyT& key) const {
    Positions positions;
    for (int p = 0; p < piece_count(); ++p) positions.set(p, position(key, p));
    return positions;
  }
  bool is_goal(const KeyT& key) const { return red_ >= 0 && position(key, red_) == red_goal_; }

  BitsT occupancy(const KeyT& key) const {
    BitsT occ = walls_;
    for (int p = 0; p < piece_count(); ++p) occ |= masks_[p * kMaxSize + position(key, p)];
    return occ;
  }

  // Calls visit(child, move, child_is_goal) for every slide, or only one-cell
  // steps when `SingleCells`; move is piece * 2 + (1 if forward). `last` is
  // the move that reached `key` (kNoMove at the start): a breadth-first
  // search gains nothing from moving that piece again (every slide of it
  // leads to a state at most as deep, seen already), or with single cells
  // from stepping it straight back.
  template <bool SingleCells, class Visit>
  PUZZLELAB_HOT void for_each_child(const KeyT& key, uint8_t last, Visit&& visit) const {
    std::array<int, kMaxPieces> positions;
    BitsT occ = walls_;
    for (int p = 0; p < piece_count_; ++p) {
      positions[p] = position(key, p);
      occ |= masks_[p * kMaxSize + positions[p]];
    }
    const int last_piece = last >> 1;
    for (int p = 0; p < piece_count_; ++p) {
      const bool again = p == last_piece;
      if (!SingleCells && again) continue;
      const PieceModel& pm = pieces_[p];
      const int pos = positions[p];
      const int word = KW == 1 ? 0 : pm.word;
      const uint64_t unit = uint64_t{1} << pm.shift;
      const uint8_t move = static_cast<uint8_t>(p * 2);
      KeyT child = key;
      // cells[pos] is the cell just behind the piece, cells[pos + length + 1]
      // the one just ahead (sentinels past the ends).
      if (!(again && (last & 1))) {
        for (int d = 1; !occ.test(pm.cells[pos + 1 - d]); ++d) {
          child.words[word] = key.words[word] - d * unit;
          visit(child, move, false);
          if (SingleCells) break;
        }
      }
      if (!(again && !(last & 1))) {
        for (int d = 1; !occ.test(pm.cells[pos + pm.length + d]); ++d) {
          child.words[word] = key.words[word] + d * unit;
          visit(child, move + 1, p == red_ && pos + d == red_goal_);
          if (SingleCells) break;
        }
      }
    }
  }

  // The one slide that turns `from` into `to` (neighbours in the search).
  Slide slide_between(const KeyT& from, const KeyT& to) const {
    for (int p = 0; p < piece_count(); ++p) {
      const int a = position(from, p), b = position(to, p);
      if (a != b) return Slide{static_cast<uint8_t>(p), static_cast<int8_t>(b - a)};
    }
    return Slide{};
  }

 private:
  const Layout& layout_;
  BitsT walls_;
  std::vector<PieceModel> pieces_;
  std::vector<BitsT> masks_;  // piece * kMaxSize + position -> its cells
  int piece_count_ = 0;
  int red_ = -1;
  int red_goal_ = -1;
};

// A flat set of keys: open addressing, linear probing, power-of-two capacity,
// grows at half full. An all-ones word 0 marks an empty slot.
template <int KW>
class KeySet {
 public:
  using KeyT = Key<KW>;

  KeySet() { reset(kInitialLog2); }

  // True when the key was absent (and is now present).
  PUZZLELAB_HOT bool insert(const KeyT& key) {
    if (size_ >= grow_at_) [[unlikely]]
      grow();
    for (size_t i = index(key);; i = (i + 1) & mask_) {
      if (slots_[i] == key) return false;
      if (slots_[i].words[0] == kEmpty) {
        slots_[i] = key;
        ++size_;
        return true;
      }
    }
  }
  // Starts loading the key's first slot, so that a batch of lookups waits
  // for memory once rather than once per key (large searches are memory bound).
  PUZZLELAB_HOT void prefetch(const KeyT& key) const {
#if defined(__GNUC__)
    __builtin_prefetch(&slots_[index(key)]);
#else
    (void)key;
#endif
  }
  bool contains(const KeyT& key) const {
    for (size_t i = index(key);; i = (i + 1) & mask_) {
      if (slots_[i] == key) return true;
      if (slots_[i].words[0] == kEmpty) return false;
    }
  }
  size_t size() const {
    return size_;
  }
  size_t bytes() const {
    return slots_.size() * sizeof(KeyT);
  }

 private:
  static constexpr uint64_t kEmpty = ~uint64_t{0};
  static constexpr int kInitialLog2 = 10;

  void reset(int log2_capacity) {
    log2_ = log2_capacity;
    KeyT empty;
    empty.words[0] = kEmpty;
    slots_.assign(size_t{1} << log2_, empty);
    mask_ = slots_.size() - 1;
    grow_at_ = slots_.size() / 2;
  }
  PUZZLELAB_HOT size_t index(const KeyT& key) const {
    // Fibonacci hashing: the product's top bits depend on every key bit.
    uint64_t h = key.words[0];
    for (int i = 1; i < KW; ++i) h ^= key.words[i] * 0xC2B2AE3D27D4EB4FULL;
    return static_cast<size_t>((h * 0x9E3779B97F4A7C15ULL) >> (64 - log2_));
  }
  bool place(const KeyT& key) {
    for (size_t i = index(key);; i = (i + 1) & mask_) {
      if (slots_[i].words[0] == kEmpty) {
        slots_[i] = key;
        return true;
      }
      if (slots_[i] == key) return false;
    }
  }
  void grow() {
    std::vector<KeyT> old;
    old.swap(slots_);
    reset(log2_ + 1);
    for (const KeyT& key : old) {
      if (key.words[0] != kEmpty) place(key);
    }
  }

  std::vector<KeyT> slots_;
  size_t mask_ = 0;
  size_t size_ = 0;
  size_t grow_at_ = 0;
  int log2_ = 0;
};

// Calls f(model) with the narrowest key and bitboard that fit the layout.
template <class F>
decltype(auto) with_model(const Layout& layout, F&& f) {
  const int cells = layout.width() * layout.height() + 1;  // + the sentinel
  const bool one_word_key = key_bits_needed(layout) <= kKeyWord0Bits;
  if (cells <= 64) {
    if (one_word_key) return f(Model<1, 1>(layout));
    return f(Model<2, 1>(layout));
  }
  if (cells <= 128) {
    if (one_word_key) return f(Model<1, 2>(layout));
    return f(Model<2, 2>(layout));
  }
  if (one_word_key) return f(Model<1, 4>(layout));
  return f(Model<2, 4>(layout));
}

}  // namespace puzzlelab::rushhour::fast
