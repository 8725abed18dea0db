// A set of positions (lanes.h) by their cells, each with a small number (a
// distance), for one cluster at a time: open addressing over 16-byte slots.
// It starts small for every cluster and is emptied in time proportional to
// what the cluster used: the enumerator meets hundreds of millions of
// clusters, most of them small. A cluster searched more than once keeps its
// table: a new pass counts every position as absent until it adds it again.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "puzzles/rushhour/enumerate/lanes.h"

namespace puzzlelab::rushhour::enumerate {

class PositionTable {
 public:
  static constexpr uint32_t kAbsent = ~uint32_t{0};

  // Empty, at the first capacity.
  void clear() {
    pass_ = 0;
    std::fill(slots_.begin(), slots_.begin() + static_cast<ptrdiff_t>(capacity_), kFree);
    capacity_ = kFirstCapacity;
    shift_ = 64 - kFirstLog2;
    size_ = 0;
    slots_used_ = 0;
    if (slots_.size() < capacity_) {
      slots_.resize(capacity_, kFree);
      values_.resize(capacity_);
    }
  }
  // Positions added in this pass.
  uint32_t size() const { return size_; }
  // Starts a pass: every position is absent again (but its slot is kept).
  void new_pass() {
    ++pass_;
    size_ = 0;
  }
  size_t bytes() const {
    return (slots_.capacity() + spare_.capacity()) * sizeof(Slot) +
           (values_.capacity() + spare_values_.capacity()) * sizeof(uint32_t);
  }

  // Where p's probe starts (valid until the table grows), and a hint to
  // start loading it: a batch of lookups then waits for memory once.
  size_t home(const Position& p) const {
    // The top bits of a product depend on every bit of the masks below them.
    const uint64_t mixed = (p.across * 0x9E3779B97F4A7C15ULL) ^ (p.down * 0xC2B2AE3D27D4EB4FULL);
    return static_cast<size_t>(mixed >> shift_);
  }
  void prefetch(size_t home) const { __builtin_prefetch(&slots_[home]); }
  // Makes room for `count` more positions (homes computed after this stay
  // valid for that many additions).
  void reserve(uint32_t count) {
    while (2 * (slots_used_ + count) > capacity_) grow();
  }

  // Adds p with `value` unless present in this pass (see lower_at): true
  // when added.
  [[gnu::always_inline]] inline bool add(const Position& p, uint16_t value = 0) {
    reserve(1);
    return add_at(p, home(p), value);
  }
  // The same from p's home (after reserve).
  [[gnu::always_inline]] inline bool add_at(const Position& p, size_t home, uint16_t value = 0) {
    return lower_at(p, home, value) == kNew;
  }
  // Adds p with `value` unless present in this pass, and then lowers its
  // value to `value` if higher: the value it had (kNew when added).
  static constexpr uint32_t kNew = ~uint32_t{0};
  [[gnu::always_inline]] inline uint32_t lower_at(const Position& p, size_t home, uint16_t value) {
    const size_t mask = capacity_ - 1;
    const uint32_t marked = pass_ << 16 | value;
    for (size_t s = home;; s = (s + 1) & mask) {
      Slot& slot = slots_[s];
      if (slot.across == p.across && slot.down == p.down) {
        if (values_[s] >> 16 != pass_) {  // met in an earlier pass: its slot is kept
          values_[s] = marked;
          ++size_;
          return kNew;
        }
        const auto had = static_cast<uint16_t>(values_[s]);
        if (value < had) values_[s] = marked;
        return had;
      }
      if (slot.across == kEmpty) {
        slot = Slot{p.across, p.down};
        values_[s] = marked;
        ++size_;
        ++slots_used_;
        return kNew;
      }
    }
  }
  // The value of a slot find() gave (the pass's, for a position of it).
  uint16_t value(uint32_t slot) const { return static_cast<uint16_t>(values_[slot]); }
  // p's slot, or kAbsent.
  [[gnu::always_inline]] inline uint32_t find(const Position& p) const {
    return find_at(p, home(p));
  }
  [[gnu::always_inline]] inline uint32_t find_at(const Position& p, size_t home) const {
    const size_t mask = capacity_ - 1;
    for (size_t s = home;; s = (s + 1) & mask) {
      const Slot& slot = slots_[s];
      if (slot.across == p.across && slot.down == p.down) return static_cast<uint32_t>(s);
      if (slot.across == kEmpty) return kAbsent;
    }
  }

 private:
  static constexpr uint64_t kEmpty = ~uint64_t{0};  // no position fills every cell
  static constexpr int kFirstLog2 = 8;
  static constexpr size_t kFirstCapacity = size_t{1} << kFirstLog2;
  static constexpr size_t kQuickGrowthEnd = size_t{1} << 16;  // slots
  struct Slot {
    uint64_t across, down;
  };
  static constexpr Slot kFree{kEmpty, kEmpty};

  void grow() {
    if (capacity_ == 0) {
      clear();
      return;
    }
    const auto old_end = static_cast<ptrdiff_t>(capacity_);
    spare_.assign(slots_.begin(), slots_.begin() + old_end);
    spare_values_.assign(values_.begin(), values_.begin() + old_end);
    std::fill(slots_.begin(), slots_.begin() + old_end, kFree);
    // Sixteen times while the table is small, then four times: a cluster
    // of a few thousand positions (the bulk of the work) is rehashed twice,
    // not four times, and probes a sparser table; a large one costs at most
    // four times its slots, not sixteen.
    const int log2_growth = capacity_ < kQuickGrowthEnd ? 4 : 2;
    capacity_ <<= log2_growth;
    shift_ -= log2_growth;
    if (slots_.size() < capacity_) {
      slots_.resize(capacity_, kFree);
      values_.resize(capacity_);
    }
    const size_t mask = capacity_ - 1;
    for (size_t i = 0; i < spare_.size(); ++i) {
      const Slot& old = spare_[i];
      if (old.across == kEmpty) continue;
      size_t s = home(Position{old.across, old.down, 0, 0});
      while (slots_[s].across != kEmpty) s = (s + 1) & mask;
      slots_[s] = old;
      values_[s] = spare_values_[i];
    }
  }

  // The first capacity_ slots are the table; the others are always free.
  std::vector<Slot> slots_;
  std::vector<uint32_t> values_;  // by slot: pass << 16 | value
  std::vector<Slot> spare_;       // the table before a growth, rehashed from
  std::vector<uint32_t> spare_values_;
  size_t capacity_ = 0;
  int shift_ = 64;
  uint32_t size_ = 0;        // positions of this pass
  uint32_t slots_used_ = 0;  // positions of all passes
  uint32_t pass_ = 0;
};

}  // namespace puzzlelab::rushhour::enumerate
