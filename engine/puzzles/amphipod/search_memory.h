// The containers a search works in (SolverWorkspace keeps them between
// searches): a radix heap, a position -> node hash table, chunked node
// storage. Part of solver.cpp.
#pragma once

#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <type_traits>
#include <utility>
#include <vector>

#include "core/memory.h"

namespace puzzlelab::amphipod {
namespace {  // internal linkage, as in one file: see solver.cpp

// A monotone priority queue for integer keys (Dijkstra, consistent A*):
// bucket i holds keys whose highest bit differing from the last key popped
// is bit i-1; popping refills from the first non-empty bucket.
class RadixHeap {
 public:
  void push(uint64_t key, uint32_t node) {
    key = std::max(key, last_);
    buckets_[bucket_of(key)].push_back({key, node});
    ++size_;
  }
  bool empty() const { return size_ == 0; }
  size_t size() const { return size_; }
  void clear() {  // keeps the buckets' memory
    for (auto& bucket : buckets_) bucket.clear();
    last_ = 0;
    size_ = 0;
  }
  std::pair<uint64_t, uint32_t> pop() {
    if (buckets_[0].empty()) {
      int i = 1;
      while (buckets_[i].empty()) ++i;
      auto& from = buckets_[i];
      last_ = std::min_element(from.begin(), from.end())->first;
      for (const auto& entry : from) buckets_[bucket_of(entry.first)].push_back(entry);
      from.clear();
    }
    const auto top = buckets_[0].back();
    buckets_[0].pop_back();
    --size_;
    return top;
  }

 private:
  int bucket_of(uint64_t key) const {
    return key == last_ ? 0 : 64 - std::countl_zero(key ^ last_);
  }
  std::array<std::vector<std::pair<uint64_t, uint32_t>>, 65> buckets_;
  uint64_t last_ = 0;
  size_t size_ = 0;
};

// Open addressing from a position's key to its node: 24 bits of hash and
// the node number a slot, linear probing, grown at half full (the search
// puts its nodes back, in the order it stored them). reset() empties it to
// its first size, keeping its memory for the next search.
class NodeTable {
 public:
  static constexpr uint32_t kNone = UINT32_MAX;
  static constexpr size_t kFirstSize = size_t{1} << 14;

  // Where a position's node is: `node` is kNone when it is not there yet,
  // and `slot` where it goes.
  struct Probe {
    size_t slot;
    uint32_t node;
  };

  void reset() {
    slots_.make_empty(kFirstSize);
    size_ = 0;
  }
  template <class Same>
  Probe find(uint64_t hash, Same&& same) const {
    const uint32_t want = slots_.tagged(hash);
    const size_t mask = slots_.size() - 1;
    for (size_t i = hash & mask;; i = (i + 1) & mask) {
      const Slot slot = slots_[i];
      if (!slots_.in_use(slot)) return {i, kNone};
      if (slot.tag == want && same(slot.node)) return {i, slot.node};
    }
  }
  // Fills the slot find() gave for `hash` (no insert in between).
  void insert(size_t slot, uint64_t hash, uint32_t node) {
    slots_[slot] = {slots_.tagged(hash), node};
    ++size_;
  }
  bool full() const { return (size_ + 1) * 2 > slots_.size(); }
  // Empties the table at twice its size: every node is to be put back.
  void grow_empty() {
    slots_.make_empty(slots_.size() * 2);
    size_ = 0;
  }
  // Adds a node known to be absent.
  void put_back(uint64_t hash, uint32_t node) {
    const size_t mask = slots_.size() - 1;
    size_t i = hash & mask;
    while (slots_.in_use(slots_[i])) i = (i + 1) & mask;
    insert(i, hash, node);
  }
  size_t bytes() const { return slots_.size() * sizeof(Slot); }

 private:
  // The tag: the hash's top 24 bits, then the stamp of the search that
  // wrote the slot.
  struct Slot {
    uint32_t tag;
    uint32_t node;
  };
  // Slots that need no writing to be emptied: a slot is in use only when
  // its tag carries the current stamp, so emptying bumps the stamp (zeroing
  // every slot once in 255 times). Fresh memory comes zeroed from calloc,
  // which leaves fresh pages untouched until used.
  class Slots {
   public:
    void make_empty(size_t size) {
      if (size > capacity_) {
        data_.reset();  // the old table first: it may be what makes room
        capacity_ = 0;
        data_.reset(static_cast<Slot*>(allocate_zeroed(size, sizeof(Slot))));
        capacity_ = size;
        stamp_ = 0;
      }
      if (++stamp_ == 0) {
        std::memset(data_.get(), 0, capacity_ * sizeof(Slot));
        stamp_ = 1;
      }
      size_ = size;
    }
    size_t size() const { return size_; }
    uint32_t tagged(uint64_t hash) const { return static_cast<uint32_t>(hash >> 40) << 8 | stamp_; }
    bool in_use(Slot slot) const { return static_cast<uint8_t>(slot.tag) == stamp_; }
    Slot& operator[](size_t i) { return data_.get()[i]; }
    const Slot& operator[](size_t i) const { return data_.get()[i]; }

   private:
    struct Free {
      void operator()(Slot* p) const { std::free(p); }
    };
    std::unique_ptr<Slot, Free> data_;
    size_t size_ = 0, capacity_ = 0;
    uint8_t stamp_ = 0;  // 1..255 once emptied
  };
  Slots slots_;
  size_t size_ = 0;
};

// Items in fixed chunks: growing never moves (so never touches again) what
// is stored, memory is touched only as items arrive, and clear() keeps the
// chunks for the next search.
template <class T>
class Chunked {
  static_assert(std::is_trivially_destructible_v<T>);

 public:
  static constexpr int kShift = 12;
  static constexpr uint32_t kChunkItems = 1u << kShift;  // 4096 a chunk

  Chunked() = default;
  Chunked(const Chunked&) = delete;
  Chunked& operator=(const Chunked&) = delete;
  ~Chunked() {
    for (T* chunk : chunks_) std::allocator<T>().deallocate(chunk, kChunkItems);
  }

  T& operator[](uint32_t i) { return chunks_[i >> kShift][i & (kChunkItems - 1)]; }
  const T& operator[](uint32_t i) const { return chunks_[i >> kShift][i & (kChunkItems - 1)]; }
  uint32_t size() const { return size_; }
  void clear() { size_ = 0; }
  void push_back(const T& item) {
    if (size_ >> kShift == chunks_.size()) {
      chunks_.reserve(chunks_.size() + 1);
      chunks_.push_back(std::allocator<T>().allocate(kChunkItems));  // not touched yet
    }
    std::construct_at(&(*this)[size_], item);
    ++size_;
  }
  // The memory of the chunks this search uses.
  size_t bytes() const {
    return size_t{(size_ + kChunkItems - 1) >> kShift} * kChunkItems * sizeof(T);
  }

 private:
  std::vector<T*> chunks_;
  uint32_t size_ = 0;
};

}  // namespace
}  // namespace puzzlelab::amphipod
