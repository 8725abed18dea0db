// A set of positions (lanes.h) by their cells, for one cluster at a time:
// open addressing over 16-byte slots, a slot's number usable as an index
// into arrays of the caller's. It starts small for every cluster and is
// emptied in time proportional to what the cluster used: the enumerator
// meets hundreds of millions of clusters, most of them small.
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
    std::fill(slots_.begin(), slots_.begin() + static_cast<ptrdiff_t>(capacity_), kFree);
    capacity_ = kFirstCapacity;
    shift_ = 64 - kFirstLog2;
    size_ = 0;
    if (slots_.size() < capacity_) slots_.resize(capacity_, kFree);
  }
  uint32_t size() const { return size_; }
  // Slots in use: an array indexed by slot needs this many entries.
  uint32_t capacity() const { return static_cast<uint32_t>(capacity_); }
  size_t bytes() const { return (slots_.capacity() + spare_.capacity()) * sizeof(Slot); }

  // Where p's probe starts (valid until the table grows), and a hint to
  // start loading it: a batch of lookups then waits for memory once.
  size_t home(const Position& p) const {
    const uint64_t mixed = p.across * 0x9E3779B97F4A7C15ULL + p.down * 0xC2B2AE3D27D4EB4FULL;
    return static_cast<size_t>((mixed ^ (mixed >> 29)) * 0xBF58476D1CE4E5B9ULL >> shift_);
  }
  void prefetch(size_t home) const { __builtin_prefetch(&slots_[home]); }
  // Makes room for `count` more positions (homes computed after this stay
  // valid for that many additions).
  void reserve(uint32_t count) {
    while (2 * (size_ + count) > capacity_) grow();
  }

  // Adds p unless present: true when added.
  [[gnu::always_inline]] inline bool add(const Position& p) {
    reserve(1);
    return add_at(p, home(p));
  }
  // The same from p's home (after reserve).
  [[gnu::always_inline]] inline bool add_at(const Position& p, size_t home) {
    const size_t mask = capacity_ - 1;
    for (size_t s = home;; s = (s + 1) & mask) {
      Slot& slot = slots_[s];
      if (slot.across == p.across && slot.down == p.down) return false;
      if (slot.across == kEmpty) {
        slot = Slot{p.across, p.down};
        ++size_;
        return true;
      }
    }
  }
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
  struct Slot {
    uint64_t across, down;
  };
  static constexpr Slot kFree{kEmpty, kEmpty};

  void grow() {
    if (capacity_ == 0) {
      clear();
      return;
    }
    spare_.assign(slots_.begin(), slots_.begin() + static_cast<ptrdiff_t>(capacity_));
    std::fill(slots_.begin(), slots_.begin() + static_cast<ptrdiff_t>(capacity_), kFree);
    capacity_ *= 4;  // rehashing a quarter as often as doubling does
    shift_ -= 2;
    if (slots_.size() < capacity_) slots_.resize(capacity_, kFree);
    const size_t mask = capacity_ - 1;
    for (const Slot& old : spare_) {
      if (old.across == kEmpty) continue;
      size_t s = home(Position{old.across, old.down, 0, 0});
      while (slots_[s].across != kEmpty) s = (s + 1) & mask;
      slots_[s] = old;
    }
  }

  // The first capacity_ slots are the table; the others are always free.
  std::vector<Slot> slots_;
  std::vector<Slot> spare_;  // the table before a growth, rehashed from
  size_t capacity_ = 0;
  int shift_ = 64;
  uint32_t size_ = 0;
};

}  // namespace puzzlelab::rushhour::enumerate
