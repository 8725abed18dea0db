// Open-addressing hash index from a search state to its node number.
// The states themselves live in the caller's node array; each slot holds 32
// bits of the state's hash (to skip most mismatches without touching the
// node array) and the node number. Linear probing, power-of-two capacity,
// grows at 50% load.
#pragma once

#include <cstddef>
#include <cstdint>
#include <utility>
#include <vector>

#include "core/random.h"

namespace puzzlelab::search {

class StateTable {
 public:
  static constexpr uint32_t kNone = UINT32_MAX;

  explicit StateTable(size_t initial_capacity = 1024) { slots_.resize(round_up(initial_capacity)); }

  // Looks a state up by hash; `same(node)` says whether node holds the state.
  // Returns the node number or kNone.
  template <class SameState>
  uint32_t find(uint64_t hash, SameState&& same) const {
    const uint32_t tag = tag_of(hash);
    for (size_t i = hash & mask();; i = (i + 1) & mask()) {
      const Slot& slot = slots_[i];
      if (slot.node == kNone) return kNone;
      if (slot.tag == tag && same(slot.node)) return slot.node;
    }
  }

  // Inserts a node known to be absent.
  void insert(uint64_t hash, uint32_t node) {
    if ((size_ + 1) * 2 > slots_.size()) grow();
    place(Slot{tag_of(hash), node}, hash);
    ++size_;
  }

  // Like find; when absent, inserts `new_node` and returns {new_node, true}.
  template <class SameState>
  std::pair<uint32_t, bool> find_or_insert(uint64_t hash, uint32_t new_node, SameState&& same) {
    const uint32_t found = find(hash, same);
    if (found != kNone) return {found, false};
    insert(hash, new_node);
    return {new_node, true};
  }

  size_t size() const { return size_; }
  size_t bytes() const { return slots_.size() * sizeof(Slot) + hashes_.size() * sizeof(uint64_t); }
  // Bytes after the next growth, so callers can refuse to grow past a budget.
  size_t bytes_if_grown() const { return bytes() * 2; }

 private:
  struct Slot {
    uint32_t tag = 0;
    uint32_t node = kNone;
  };

  static uint32_t tag_of(uint64_t hash) { return static_cast<uint32_t>(hash >> 32); }
  static size_t round_up(size_t n) {
    size_t capacity = 16;
    while (capacity < n) capacity *= 2;
    return capacity;
  }
  size_t mask() const { return slots_.size() - 1; }

  void place(Slot slot, uint64_t hash) {
    size_t i = hash & mask();
    while (slots_[i].node != kNone) i = (i + 1) & mask();
    slots_[i] = slot;
    if (slot.node >= hashes_.size()) hashes_.resize(slot.node + 1);
    hashes_[slot.node] = hash;
  }

  // Rehash needs each node's full hash; keep them (8 bytes a node) rather
  // than ask the caller to hash every state again.
  void grow() {
    std::vector<Slot> old(slots_.size() * 2);
    old.swap(slots_);
    for (const Slot& slot : old) {
      if (slot.node != kNone) place(slot, hashes_[slot.node]);
    }
  }

  std::vector<Slot> slots_;
  std::vector<uint64_t> hashes_;  // full hash by node number
  size_t size_ = 0;
};

// A good 64-bit mixer (splitmix64's finaliser) for building state hashes.
using puzzlelab::mix64;

}  // namespace puzzlelab::search
