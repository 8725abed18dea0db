// The hash-set store's set of keys: flat open addressing (no per-node
// allocation), huge pages when large, children's slots prefetched in bursts.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <memory>
#include <utility>

#include "puzzles/rushhour/bitboard_key.h"
#include "puzzles/rushhour/flat_array.h"

namespace puzzlelab::rushhour::fast {

// Word 0 of an empty slot in the open-addressing tables (no key has it: its
// top bit is free, see kKeyWord0Bits).
inline constexpr uint64_t kEmptySlot = ~uint64_t{0};

// Open addressing with linear probing from `slot` over mask + 1 slots: true
// when `key` was absent (it is now stored). The table must have an empty slot.
template <class KeyT>
PUZZLELAB_HOT bool probe_insert(KeyT* slots, size_t mask, size_t slot, const KeyT& key) {
  for (size_t i = slot;; i = (i + 1) & mask) {
    if (slots[i] == key) return false;
    if (slots[i].words[0] == kEmptySlot) {
      slots[i] = key;
      return true;
    }
  }
}

// A flat set of keys: open addressing, linear probing, power-of-two capacity,
// grows at half full. An all-ones word 0 marks an empty slot. A large table
// asks for huge pages (fewer TLB misses on its random probes).
template <int KW>
class KeySet {
 public:
  using KeyT = Key<KW>;

  // No memory until the first insertion.
  KeySet() = default;

  // Empties the set, keeping its memory for reuse (it clears only the slots
  // it starts with again).
  void clear() {
    size_ = 0;
    if (capacity_ != 0) reset(kReusedLog2);
  }

  // Makes sure `count` more keys fit without growing (slots stay valid).
  void make_room(size_t count) {
    while (size_ + count > grow_at_) grow();
  }
  // Bytes the set would hold after making room for `count` more keys.
  size_t bytes_after_growth(size_t count) const {
    if (size_ + count <= grow_at_) return bytes();
    if (capacity_ == 0) return std::max(allocated_, size_t{1} << kInitialLog2) * sizeof(KeyT);
    return (allocated_ + std::max(spare_allocated_, 2 * capacity_)) * sizeof(KeyT);
  }
  PUZZLELAB_HOT size_t home(const KeyT& key) const { return home(key, shift_); }
  PUZZLELAB_HOT static size_t home(const KeyT& key, int shift) {
    // Fibonacci hashing: the product's top bits depend on every key bit.
    uint64_t h = key.words[0];
    for (int i = 1; i < KW; ++i) h ^= key.words[i] * 0xC2B2AE3D27D4EB4FULL;
    return static_cast<size_t>((h * 0x9E3779B97F4A7C15ULL) >> shift);
  }
  // The table held in locals for one expansion's insertions (needs
  // make_room first): a store into the table or anywhere else no longer
  // makes the compiler reload the set's fields before the next probe.
  class Burst {
   public:
    explicit Burst(KeySet& set)
        : set_(set), slots_(set.slots_.get()), mask_(set.mask_), shift_(set.shift_) {}
    ~Burst() { set_.size_ += added_; }
    Burst(const Burst&) = delete;
    Burst& operator=(const Burst&) = delete;

    PUZZLELAB_HOT size_t home(const KeyT& key) const { return KeySet::home(key, shift_); }
    // True when the key was absent (and is now present).
    PUZZLELAB_HOT bool insert_at(size_t slot, const KeyT& key) {
      const bool added = probe_insert(slots_, mask_, slot, key);
      added_ += added;
      return added;
    }
    PUZZLELAB_HOT bool insert(const KeyT& key) { return insert_at(home(key), key); }

   private:
    KeySet& set_;
    KeyT* const slots_;
    const size_t mask_;
    const int shift_;
    size_t added_ = 0;
  };
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
    const bool added = probe_insert(slots_.get(), mask_, slot, key);
    size_ += added;
    return added;
  }
  bool insert(const KeyT& key) {
    make_room(1);
    return insert_at(home(key), key);
  }
  size_t size() const {
    return size_;
  }
  // Memory held, the spare table included.
  size_t bytes() const {
    return (allocated_ + spare_allocated_) * sizeof(KeyT);
  }
  // Memory of the slots in use (what the probes range over).
  size_t table_bytes() const {
    return capacity_ * sizeof(KeyT);
  }

 private:
  static constexpr uint64_t kEmpty = kEmptySlot;
  // A new set starts small (a one-off search pays for fresh memory); one
  // emptied for reuse starts at 2^16 slots, half a megabyte of one-word
  // keys (a core's L2 cache holds it), where most 6x6 clusters fit without
  // growing: each growth rehashes every key, as costly as inserting them.
  static constexpr int kInitialLog2 = 14;
  static constexpr int kReusedLog2 = 16;
  using Slots = std::unique_ptr<KeyT[], FreeFlat>;

  // Makes `slots` hold at least `count` slots (their contents are lost when
  // it does not already).
  static void ensure(Slots& slots, size_t& allocated, size_t count) {
    if (allocated >= count) return;
    slots.reset();
    allocated = 0;  // still right if the allocation below fails
    slots = Slots(static_cast<KeyT*>(allocate_flat(count * sizeof(KeyT))));
    allocated = count;
  }

  // Uses the first 2^log2_capacity slots of slots_, all empty.
  void reset(int log2_capacity) {
    capacity_ = size_t{1} << log2_capacity;
    ensure(slots_, allocated_, capacity_);
    std::memset(static_cast<void*>(slots_.get()), 0xFF, capacity_ * sizeof(KeyT));  // all kEmpty
    mask_ = capacity_ - 1;
    grow_at_ = capacity_ / 2;
    log2_ = log2_capacity;
    shift_ = 64 - log2_capacity;
  }
  // Rehashes into the spare memory (kept from the growth before, or from an
  // earlier search), which then becomes the table.
  void grow() {
    if (capacity_ == 0) {
      reset(kInitialLog2);
      return;
    }
    std::swap(slots_, spare_);
    std::swap(allocated_, spare_allocated_);
    const KeyT* old = spare_.get();
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
  Slots spare_;  // the table before the last growth: the next one's memory
  size_t allocated_ = 0;
  size_t spare_allocated_ = 0;
  size_t capacity_ = 0;  // slots in use (a power of two), <= allocated_
  size_t mask_ = 0;
  size_t size_ = 0;
  size_t grow_at_ = 0;
  int log2_ = 0;
  int shift_ = 64;
};

}  // namespace puzzlelab::rushhour::fast
