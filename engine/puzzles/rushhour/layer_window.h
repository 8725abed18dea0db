// The keys of the last breadth-first layers in a flat hash set: moves are
// reversible, so the children of layer d lie in layers d - 1, d and d + 1,
// and a set of those three layers alone (a small fraction of the states
// reached) tells which children are new. Rebuilt from the kept sorted layers
// when the search moves on a layer; no deletion.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <memory>
#include <utility>

#include "puzzles/rushhour/bitboard_key.h"
#include "puzzles/rushhour/flat_array.h"
#include "puzzles/rushhour/key_set.h"

namespace puzzlelab::rushhour::fast {

// Open addressing, linear probing, power-of-two capacity, at most half full.
// An all-ones word 0 marks an empty slot (no key has one: see KeySet).
template <int KW>
class LayerWindow {
 public:
  using KeyT = Key<KW>;

  // Empties the set with room for `count` keys (it keeps its memory).
  void reset(size_t count) {
    int log2 = kMinLog2;
    while ((size_t{1} << log2) < 2 * count) ++log2;
    use(log2);
  }
  // Makes sure `count` more keys fit (rehashing into a larger table).
  void make_room(size_t count) {
    if (size_ + count <= capacity_ / 2) return;
    int log2 = log2_;
    while ((size_t{1} << log2) < 2 * (size_ + count)) ++log2;
    Slots old = std::move(slots_);
    const size_t old_capacity = capacity_;
    allocated_ = 0;
    use(log2);
    for (size_t i = 0; i < old_capacity; ++i) {
      if (old[i].words[0] != kEmpty) insert_at(home(old[i]), old[i]);
    }
  }
  PUZZLELAB_HOT size_t home(const KeyT& key) const { return KeySet<KW>::home(key, shift_); }
  // Starts loading a slot, so that a batch of lookups waits for memory once.
  // WebAssembly has no prefetch: there the slot is read and its first word
  // returned (the caller keeps it, so the read stays); the batch's reads do
  // not wait on each other, so their misses overlap all the same.
  PUZZLELAB_HOT uint64_t fetch(size_t slot) const {
#if defined(__EMSCRIPTEN__)
    return slots_[slot].words[0];
#elif defined(__GNUC__)
    __builtin_prefetch(&slots_[slot]);
    return 0;
#else
    (void)slot;
    return 0;
#endif
  }
  // True when the key was absent (and is now present). Needs make_room first.
  PUZZLELAB_HOT bool insert_at(size_t slot, const KeyT& key) {
    const bool added = probe_insert(slots_.get(), mask_, slot, key);
    size_ += added;
    return added;
  }
  // Adds a run of keys (room for them must be made).
  void insert_run(const KeyT* keys, size_t count) {
    for (size_t i = 0; i < count; ++i) insert_at(home(keys[i]), keys[i]);
  }
  bool contains(const KeyT& key) const {
    for (size_t i = home(key);; i = (i + 1) & mask_) {
      if (slots_[i] == key) return true;
      if (slots_[i].words[0] == kEmpty) return false;
    }
  }
  size_t size() const {
    return size_;
  }
  size_t bytes() const {
    return allocated_ * sizeof(KeyT);
  }
  // Bytes after make_room(count).
  size_t bytes_after_room(size_t count) const {
    if (size_ + count <= capacity_ / 2) return bytes();
    size_t capacity = capacity_;
    while (capacity < 2 * (size_ + count)) capacity *= 2;
    return bytes() + capacity * sizeof(KeyT);  // both tables while rehashing
  }

 private:
  static constexpr uint64_t kEmpty = kEmptySlot;
  static constexpr int kMinLog2 = 12;
  using Slots = std::unique_ptr<KeyT[], FreeFlat>;

  // Uses the first 2^log2 slots, all emptied.
  void use(int log2) {
    capacity_ = size_t{1} << log2;
    if (allocated_ < capacity_) {
      slots_.reset();
      allocated_ = 0;  // still right if the allocation below fails
      slots_ = Slots(static_cast<KeyT*>(allocate_flat(capacity_ * sizeof(KeyT))));
      allocated_ = capacity_;
    }
    std::memset(static_cast<void*>(slots_.get()), 0xFF, capacity_ * sizeof(KeyT));
    mask_ = capacity_ - 1;
    log2_ = log2;
    shift_ = 64 - log2;
    size_ = 0;
  }

  Slots slots_;
  size_t allocated_ = 0;
  size_t capacity_ = 0;
  size_t mask_ = 0;
  size_t size_ = 0;
  int log2_ = 0;
  int shift_ = 64;
};

}  // namespace puzzlelab::rushhour::fast
