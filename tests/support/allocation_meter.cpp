// The test binary's global operator new and delete (allocation_meter.h):
// every block carries its size in a small header, so a meter can count what
// is freed as well as what is allocated.
#include "allocation_meter.h"

#include <algorithm>
#include <cstdlib>
#include <new>

namespace puzzlelab::testing {

namespace {

thread_local AllocationMeter* current_meter = nullptr;

constexpr size_t kHeader = alignof(std::max_align_t);

void* allocate(size_t size) {
  AllocationMeter* meter = current_meter;
  if (meter && !meter->count(static_cast<int64_t>(size))) return nullptr;
  auto* block = static_cast<unsigned char*>(std::malloc(size + kHeader));
  if (!block) {
    if (meter) meter->count(-static_cast<int64_t>(size));
    return nullptr;
  }
  *reinterpret_cast<size_t*>(block) = size;
  return block + kHeader;
}

void* allocate_or_throw(size_t size) {
  for (;;) {
    if (void* memory = allocate(size)) return memory;
    const std::new_handler handler = std::get_new_handler();
    if (!handler) throw std::bad_alloc();
    handler();
  }
}

void release(void* memory) {
  if (!memory) return;
  unsigned char* block = static_cast<unsigned char*>(memory) - kHeader;
  if (AllocationMeter* meter = current_meter)
    meter->count(-static_cast<int64_t>(*reinterpret_cast<size_t*>(block)));
  std::free(block);
}

}  // namespace

AllocationMeter::AllocationMeter(size_t limit)
    : limit_(uint64_t{limit} > uint64_t{INT64_MAX} ? INT64_MAX : static_cast<int64_t>(limit)),
      outer_(current_meter) {
  current_meter = this;
}

AllocationMeter::~AllocationMeter() {
  current_meter = outer_;
}

AllocationMeter* AllocationMeter::current() {
  return current_meter;
}

bool AllocationMeter::count(int64_t bytes) {
  if (bytes > 0 && held_ + bytes > limit_) {
    refused_ = true;
    return false;
  }
  if (outer_ && !outer_->count(bytes)) {
    refused_ = true;
    return false;
  }
  held_ += bytes;
  peak_ = std::max(peak_, held_);
  return true;
}

}  // namespace puzzlelab::testing

using puzzlelab::testing::allocate;
using puzzlelab::testing::allocate_or_throw;
using puzzlelab::testing::release;

void* operator new(size_t size) {
  return allocate_or_throw(size);
}
void* operator new[](size_t size) {
  return allocate_or_throw(size);
}
void* operator new(size_t size, const std::nothrow_t&) noexcept {
  return allocate(size);
}
void* operator new[](size_t size, const std::nothrow_t&) noexcept {
  return allocate(size);
}
void operator delete(void* memory) noexcept {
  release(memory);
}
void operator delete[](void* memory) noexcept {
  release(memory);
}
void operator delete(void* memory, size_t) noexcept {
  release(memory);
}
void operator delete[](void* memory, size_t) noexcept {
  release(memory);
}
void operator delete(void* memory, const std::nothrow_t&) noexcept {
  release(memory);
}
void operator delete[](void* memory, const std::nothrow_t&) noexcept {
  release(memory);
}
