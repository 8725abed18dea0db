// Large flat arrays for the fast searches: memory 2 MB aligned and marked
// for huge pages when that large, and a growable array of plain values in it.
#pragma once

#include <cstddef>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <type_traits>
#include <utility>

#include "core/memory.h"

#if defined(__linux__) && !defined(__EMSCRIPTEN__)
#include <sys/mman.h>
#endif

namespace puzzlelab::rushhour::fast {

// The search's inner loop is a few calls deep; GCC would not inline them.
#define PUZZLELAB_HOT [[gnu::always_inline]] inline

// Memory for the large flat arrays: 2 MB aligned and marked for huge pages
// when that large (far fewer page faults and TLB misses); free with std::free.
// When the machine has no more, it fails as operator new does (core/memory.h):
// the search's caller answers "out of memory", a budget answer.
inline void* allocate_flat(size_t bytes) {
  constexpr size_t kHugePage = size_t{2} << 20;
  const size_t align = bytes >= kHugePage ? kHugePage : 64;
  bytes = (bytes + align - 1) / align * align;
  void* memory = allocate_aligned(align, bytes);
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
  T* data() { return data_.get(); }
  const T* data() const { return data_.get(); }
  size_t size() const { return size_; }
  size_t capacity() const { return capacity_; }
  void clear() { size_ = 0; }
  // Room for `count` more values past the end: write them there, then extend().
  T* room_for(size_t count) {
    reserve(size_ + count);
    return data_.get() + size_;
  }
  void extend(size_t count) { size_ += count; }  // count <= room_for's
  void truncate(size_t size) { size_ = size; }   // size <= size()
  void reserve(size_t count) {
    while (capacity_ < count) grow();
  }

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

}  // namespace puzzlelab::rushhour::fast
