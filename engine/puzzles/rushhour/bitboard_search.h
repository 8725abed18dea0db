// The fast Rush Hour state space: a packed state key and line bitboards.
//
//   Key<KW>    every piece's position packed in a bit field of KW 64-bit words
//              (3 bits a piece on 6x6 and 8x8). A slide by d adds d << shift.
//   Boards<BW> the occupied cells twice: row by row ("across") and column by
//              column ("down"), each line in its own 8- or 16-bit lane, so
//              that the line a piece slides along is one shift and mask away
//              and its free run ahead or behind is one bit scan.
//   KeySet     a flat open-addressing set of keys (no per-node allocation).
//
// The searches over it are in bitboard_search.cpp.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <new>
#include <type_traits>
#include <vector>

#include "puzzles/rushhour/rushhour.h"

#if defined(__linux__) && !defined(__EMSCRIPTEN__)
#include <sys/mman.h>
#endif

namespace puzzlelab::rushhour::fast {

// The search's inner loop is a few calls deep; GCC would not inline them.
#define PUZZLELAB_HOT [[gnu::always_inline]] inline

// Memory for the large flat arrays: 2 MB aligned and marked for huge pages
// when that large (far fewer page faults and TLB misses); free with std::free.
inline void* allocate_flat(size_t bytes) {
  constexpr size_t kHugePage = size_t{2} << 20;
  const size_t align = bytes >= kHugePage ? kHugePage : 64;
  bytes = (bytes + align - 1) / align * align;
  void* memory = std::aligned_alloc(align, bytes);
  if (memory == nullptr) throw std::bad_alloc();
#if defined(__linux__) && !defined(__EMSCRIPTEN__)
  if (align == kHugePage) madvise(memory, bytes, MADV_HUGEPAGE);  // a hint: failure is fine
#endif
  return memory;
}
struct FreeFlat {
  void operator()(void* memory) const { std::free(memory); }
};

// A growable array of plain values in allocate_flat memory.
template <class T>
class FlatArray {
  static_assert(std::is_trivially_copyable_v<T>);

 public:
  PUZZLELAB_HOT void push_back(const T& value) {
    if (size_ == capacity_) [[unlikely]]
      grow();
    data_[size_++] = value;
  }
  T& operator[](size_t i) { return data_[i]; }
  const T& operator[](size_t i) const { return data_[i]; }
  size_t size() const { return size_; }
  size_t capacity() const { return capacity_; }

 private:
  void grow() {
    const size_t capacity = capacity_ ? 2 * capacity_ : 4096;
    std::unique_ptr<T[], FreeFlat> data(static_cast<T*>(allocate_flat(capacity * sizeof(T))));
    if (size_ > 0) std::memcpy(static_cast<void*>(data.get()), data_.get(), size_ * sizeof(T));
    data_ = std::move(data);
    capacity_ = capacity;
  }

  std::unique_ptr<T[], FreeFlat> data_;
  size_t size_ = 0;
  size_t capacity_ = 0;
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

inline constexpr uint8_t kNoMove = 0xFF;

// Every piece's field in a key has the same width (the widest needed), so
// that unpacking is a shift by a constant. Word 0 keeps its top bit free, so
// that an all-ones word 0 can mark empty slots.
int key_field_bits(const Layout& layout);
inline constexpr int kKeyWord0Bits = 63;
inline int key_words_needed(const Layout& layout) {
  const int fields_in_word0 = kKeyWord0Bits / key_field_bits(layout);
  return static_cast<int>(layout.pieces().size()) <= fields_in_word0 ? 1 : 2;
}

// Lane width of a line on the boards: lines never straddle a word.
inline int lane_bits(const Layout& layout) {
  return layout.width() <= 8 && layout.height() <= 8 ? 8 : 16;
}
// Words a board needs (1, 2 or 4).
inline int board_words(const Layout& layout) {
  const int lines = layout.width() > layout.height() ? layout.width() : layout.height();
  const int words = (lines * lane_bits(layout) + 63) / 64;
  return words <= 1 ? 1 : words <= 2 ? 2 : 4;
}

inline int count_trailing_zeros(uint32_t x) {
  return __builtin_ctz(x);
}  // x != 0
inline int highest_bit(uint32_t x) {
  return 31 - __builtin_clz(x);
}  // x != 0

// What the inner loop needs of a piece, kept small.
struct PieceModel {
  uint8_t key_word = 0;   // key word holding the piece's field
  uint8_t key_shift = 0;  // bit offset of the field in that word
  uint8_t field_mask = 0;
  uint8_t length = 0;
  uint8_t board_word = 0;  // word of Boards::words holding the piece's line
  uint8_t lane_shift = 0;  // bit offset of the line in that word
  uint32_t span_mask = 0;  // the line's cells: (1 << span) - 1
  uint32_t sentinel = 0;   // 1 << span: stops a scan at the far edge
};

template <int KW, int BW>
class Model {
 public:
  using KeyT = Key<KW>;
  struct Boards {  // across board in words [0, BW), down board in [BW, 2 BW)
    std::array<uint64_t, 2 * BW> words{};
  };

  explicit Model(const Layout& layout) : layout_(layout) {
    const int lane = lane_bits(layout);
    auto set = [&](Boards& boards, int row, int col) {
      const int across = row * lane + col, down = col * lane + row;
      boards.words[across >> 6] |= uint64_t{1} << (across & 63);
      boards.words[BW + (down >> 6)] |= uint64_t{1} << (down & 63);
    };
    for (int r = 0; r < layout.height(); ++r) {
      for (int c = 0; c < layout.width(); ++c) {
        if (layout.is_wall(r, c)) set(walls_, r, c);
      }
    }
    const auto& pieces = layout.pieces();
    piece_count_ = static_cast<int>(pieces.size());
    red_ = layout.red_car();
    red_goal_ = red_ >= 0 ? layout.max_position(red_) : -1;
    masks_.resize(pieces.size() * kMaxSize);
    red_lane_.assign(pieces.size() * kMaxSize, 0);
    neighbours_.assign(pieces.size() * kMaxSize, 0);
    field_bits_ = key_field_bits(layout);
    fields_in_word0_ = kKeyWord0Bits / field_bits_;
    field_mask_ = (uint64_t{1} << field_bits_) - 1;
    for (int p = 0; p < piece_count_; ++p) {
      PieceModel& pm = pieces_[p];
      const Piece& piece = pieces[p];
      const int max = layout.max_position(p);
      const int word = p < fields_in_word0_ ? 0 : 1;
      pm.key_word = static_cast<uint8_t>(word);
      pm.key_shift = static_cast<uint8_t>((p - word * fields_in_word0_) * field_bits_);
      pm.field_mask = static_cast<uint8_t>(field_mask_);
      pm.length = piece.length;
      const bool across = piece.axis == Axis::horizontal;
      const int bit = piece.line * lane;
      pm.board_word = static_cast<uint8_t>((across ? 0 : BW) + (bit >> 6));
      pm.lane_shift = static_cast<uint8_t>(bit & 63);
      const int span = max + piece.length;
      pm.span_mask = (uint32_t{1} << span) - 1;
      pm.sentinel = uint32_t{1} << span;
      for (int pos = 0; pos <= max; ++pos) {
        const uint64_t on_line =
            (pos > 0 ? uint64_t{1} << (pos - 1) : 0) |
            (pos + piece.length < span ? uint64_t{1} << (pos + piece.length) : 0);
        neighbours_[p * kMaxSize + pos] = on_line << pm.lane_shift;
        for (int k = 0; k < piece.length; ++k) {
          const int row = layout.row_of(p, pos, k), col = layout.col_of(p, pos, k);
          set(masks_[p * kMaxSize + pos], row, col);
          if (red_ >= 0 && crosses_red_line(row, col)) {
            red_lane_[p * kMaxSize + pos] |= uint32_t{1} << red_index(row, col);
          }
        }
      }
    }
  }

  int piece_count() const { return piece_count_; }
  const Layout& layout() const { return layout_; }

  int position(const KeyT& key, int piece) const {
    const PieceModel& pm = pieces_[piece];
    const uint64_t word = KW == 1 ? key.words[0] : key.words[pm.key_word];
    return static_cast<int>((word >> pm.key_shift) & pm.field_mask);
  }
  KeyT pack(const Positions& positions) const {
    KeyT key;
    for (int p = 0; p < piece_count(); ++p) {
      key.words[pieces_[p].key_word] |= uint64_t(positions.get(p)) << pieces_[p].key_shift;
    }
    return key;
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
    const Boards boards = occupancy(key);
    return (red_line(boards) & ahead_of_red(position(key, red_))) == 0;
  }
  // The slide of car A from a position whose exit is clear to the goal.
  Slide slide_to_exit(const KeyT& key) const {
    return Slide{static_cast<uint8_t>(red_), static_cast<int8_t>(red_goal_ - position(key, red_))};
  }

  Boards occupancy(const KeyT& key) const {
    Boards boards = walls_;
    for (int p = 0; p < piece_count_; ++p) add(boards, masks_[p * kMaxSize + position(key, p)]);
    return boards;
  }

  // Calls visit(child, move, flag) for every slide, or only one-cell steps
  // when `Steps`; move is piece * 2 + (1 if forward). flag: with `Steps`, the
  // child is solved; with `WatchExit`, the child's exit is clear (car A's way
  // out is empty); otherwise false. `last` is the move that reached `key`
  // (kNoMove at the start): a breadth-first search over slides gains nothing
  // from moving that piece again (every slide of it leads to a state at most
  // as deep, seen already), over steps from stepping it straight back.
  template <bool Steps, bool WatchExit, class Visit>
  PUZZLELAB_HOT void for_each_child(const KeyT& key, uint8_t last, Visit&& visit) const {
    std::array<unsigned, kMaxPieces> positions;
    Boards boards = walls_;
    unpack_fields(key.words[0], 0, KW > 1 ? fields_in_word0_ : piece_count_, positions, boards);
    if (KW > 1) unpack_fields(key.words[KW - 1], fields_in_word0_, piece_count_, positions, boards);
    // Cells between car A and the exit, and those of them that are taken.
    uint32_t ahead = 0, blocked = 0;
    if (WatchExit) {
      ahead = ahead_of_red(positions[red_]);
      blocked = red_line(boards) & ahead;
    }
    const int last_piece = last >> 1;
    for (int p = 0; p < piece_count_; ++p) {
      const bool again = p == last_piece;
      if (!Steps && again) continue;
      const PieceModel& pm = pieces_[p];
      const int pos = static_cast<int>(positions[p]);
      const uint64_t lanes = boards.words[pm.board_word];
      // Most pieces cannot move: the cells just behind and ahead are taken.
      if ((~lanes & neighbours_[p * kMaxSize + pos]) == 0) continue;
      const uint32_t line =
          (static_cast<uint32_t>(lanes >> pm.lane_shift) & pm.span_mask) | pm.sentinel;
      // Free cells behind the piece (down to the nearest taken cell or the
      // edge) and ahead of it (up to the sentinel at the far edge).
      const int behind = pos - highest_bit(((line << 1) | 1) & ((uint32_t{2} << pos) - 1));
      const int forward = count_trailing_zeros(line >> (pos + pm.length));
      // Only the piece that is alone in car A's way can clear it.
      const uint32_t* red_lane = &red_lane_[p * kMaxSize];
      const bool can_clear = WatchExit && (blocked & ~red_lane[pos]) == 0;
      const uint64_t unit = uint64_t{1} << pm.key_shift;
      const int word = KW == 1 ? 0 : pm.key_word;
      const uint8_t move = static_cast<uint8_t>(p * 2);
      KeyT child = key;
      const int back_to = Steps ? (again && (last & 1) ? 0 : (behind > 0 ? 1 : 0)) : behind;
      for (int d = 1; d <= back_to; ++d) {
        child.words[word] = key.words[word] - d * unit;
        visit(child, move, can_clear && (red_lane[pos - d] & ahead) == 0);
      }
      const int on_to = Steps ? (again && !(last & 1) ? 0 : (forward > 0 ? 1 : 0)) : forward;
      for (int d = 1; d <= on_to; ++d) {
        child.words[word] = key.words[word] + d * unit;
        const bool flag = Steps ? p == red_ && pos + 1 == red_goal_
                                : can_clear && (red_lane[pos + d] & ahead) == 0;
        visit(child, move + 1, flag);
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
  // Positions of pieces [from, to) from one key word, their cells added to boards.
  PUZZLELAB_HOT void unpack_fields(uint64_t fields, int from, int to,
                                   std::array<unsigned, kMaxPieces>& positions,
                                   Boards& boards) const {
    const unsigned field_mask = static_cast<unsigned>(field_mask_);
    const unsigned field_bits = static_cast<unsigned>(field_bits_);
    const Boards* masks = masks_.data() + static_cast<size_t>(from) * kMaxSize;
    for (int p = from; p < to; ++p, masks += kMaxSize) {
      const unsigned pos = static_cast<unsigned>(fields) & field_mask;
      fields >>= field_bits;
      positions[p] = pos;
      add(boards, masks[pos]);
    }
  }
  static void add(Boards& boards, const Boards& mask) {
    for (int i = 0; i < 2 * BW; ++i) boards.words[i] |= mask.words[i];
  }
  bool crosses_red_line(int row, int col) const {
    const Piece& red = layout_.pieces()[red_];
    return red.axis == Axis::horizontal ? row == red.line : col == red.line;
  }
  int red_index(int row, int col) const {
    return layout_.pieces()[red_].axis == Axis::horizontal ? col : row;
  }
  // Car A's line on the boards (bits by cell along it, walls included).
  uint32_t red_line(const Boards& boards) const {
    const PieceModel& pm = pieces_[red_];
    return static_cast<uint32_t>(boards.words[pm.board_word] >> pm.lane_shift) & pm.span_mask;
  }
  // Cells of car A's line past its front when its first cell is at `pos`.
  uint32_t ahead_of_red(int pos) const {
    const PieceModel& pm = pieces_[red_];
    return pm.span_mask & ~((uint32_t{1} << (pos + pm.length)) - 1);
  }

  const Layout& layout_;
  Boards walls_;
  std::array<PieceModel, kMaxPieces> pieces_{};
  std::vector<Boards> masks_;       // piece * kMaxSize + position -> its cells
  std::vector<uint32_t> red_lane_;  // piece * kMaxSize + position -> its cells on A's line
  // piece * kMaxSize + position -> the cells just behind and ahead on its line
  // (edges left out), in place on its board word
  std::vector<uint64_t> neighbours_;
  int piece_count_ = 0;
  int field_bits_ = 0;
  int fields_in_word0_ = 0;
  uint64_t field_mask_ = 0;
  int red_ = -1;
  int red_goal_ = -1;
};

// A flat set of keys: open addressing, linear probing, power-of-two capacity,
// grows at half full. An all-ones word 0 marks an empty slot. A large table
// asks for huge pages (fewer TLB misses on its random probes).
template <int KW>
class KeySet {
 public:
  using KeyT = Key<KW>;

  KeySet() { reset(kInitialLog2); }

  // Makes sure `count` more keys fit without growing (slots stay valid).
  void make_room(size_t count) {
    while (size_ + count > grow_at_) grow();
  }
  // Bytes the table would take after the next growth.
  size_t bytes_after_growth(size_t count) const {
    return size_ + count > grow_at_ ? 2 * bytes() : bytes();
  }
  PUZZLELAB_HOT size_t home(const KeyT& key) const {
    // Fibonacci hashing: the product's top bits depend on every key bit.
    uint64_t h = key.words[0];
    for (int i = 1; i < KW; ++i) h ^= key.words[i] * 0xC2B2AE3D27D4EB4FULL;
    return static_cast<size_t>((h * 0x9E3779B97F4A7C15ULL) >> shift_);
  }
  // Starts loading a slot, so that a batch of lookups waits for memory once
  // rather than once per key (large searches are memory bound).
  PUZZLELAB_HOT void prefetch(size_t slot) const {
#if defined(__GNUC__)
    __builtin_prefetch(&slots_[slot]);
#else
    (void)slot;
#endif
  }
  // True when the key was absent (and is now present). Needs make_room first.
  PUZZLELAB_HOT bool insert_at(size_t slot, const KeyT& key) {
    for (size_t i = slot;; i = (i + 1) & mask_) {
      if (slots_[i] == key) return false;
      if (slots_[i].words[0] == kEmpty) {
        slots_[i] = key;
        ++size_;
        return true;
      }
    }
  }
  bool insert(const KeyT& key) {
    make_room(1);
    return insert_at(home(key), key);
  }
  size_t size() const {
    return size_;
  }
  size_t bytes() const {
    return capacity_ * sizeof(KeyT);
  }

 private:
  static constexpr uint64_t kEmpty = ~uint64_t{0};
  static constexpr int kInitialLog2 = 14;
  using Slots = std::unique_ptr<KeyT[], FreeFlat>;

  static Slots allocate(size_t count) {
    return Slots(static_cast<KeyT*>(allocate_flat(count * sizeof(KeyT))));
  }

  void reset(int log2_capacity) {
    capacity_ = size_t{1} << log2_capacity;
    slots_ = allocate(capacity_);
    std::memset(static_cast<void*>(slots_.get()), 0xFF, capacity_ * sizeof(KeyT));  // all kEmpty
    mask_ = capacity_ - 1;
    grow_at_ = capacity_ / 2;
    log2_ = log2_capacity;
    shift_ = 64 - log2_capacity;
  }
  void grow() {
    Slots old = std::move(slots_);
    const size_t old_capacity = capacity_;
    reset(log2_ + 1);
    for (size_t i = 0; i < old_capacity; ++i) {
      if (old[i].words[0] == kEmpty) continue;
      size_t j = home(old[i]);
      while (slots_[j].words[0] != kEmpty) j = (j + 1) & mask_;
      slots_[j] = old[i];
    }
  }

  Slots slots_;
  size_t capacity_ = 0;
  size_t mask_ = 0;
  size_t size_ = 0;
  size_t grow_at_ = 0;
  int log2_ = 0;
  int shift_ = 64;
};

// Calls f(model) with the narrowest key and boards that fit the layout.
template <class F>
decltype(auto) with_model(const Layout& layout, F&& f) {
  const bool one_word_key = key_words_needed(layout) == 1;
  switch (board_words(layout)) {
    case 1:
      if (one_word_key) return f(Model<1, 1>(layout));
      return f(Model<2, 1>(layout));
    case 2:
      if (one_word_key) return f(Model<1, 2>(layout));
      return f(Model<2, 2>(layout));
    default:
      if (one_word_key) return f(Model<1, 4>(layout));
      return f(Model<2, 4>(layout));
  }
}

}  // namespace puzzlelab::rushhour::fast
