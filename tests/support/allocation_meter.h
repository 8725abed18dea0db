// What code run under a meter allocates through operator new, measured in
// the test process itself (allocation_meter.cpp replaces the test binary's
// global operator new and delete): the most bytes held at once, and an
// optional limit past which allocations fail with std::bad_alloc, as on a
// small machine. Only the thread that made the meter is counted; meters
// nest (the inner one counts for both).
//
//   AllocationMeter meter(64 << 20);   // refuse anything past 64 MiB
//   auto game = info.parse(text);
//   CHECK(meter.peak() <= 16 * text.size() + 65536);
#pragma once

#include <cstddef>
#include <cstdint>

namespace puzzlelab::testing {

class AllocationMeter {
 public:
  explicit AllocationMeter(size_t limit = SIZE_MAX);
  ~AllocationMeter();
  AllocationMeter(const AllocationMeter&) = delete;
  AllocationMeter& operator=(const AllocationMeter&) = delete;

  // The most bytes held at once since the meter started, over what was held
  // then (blocks freed that were allocated before count as nothing).
  size_t peak() const { return peak_ > 0 ? static_cast<size_t>(peak_) : 0; }
  // Bytes held now that were not held when the meter started.
  int64_t held() const { return held_; }
  // An allocation was refused for the limit.
  bool refused() const { return refused_; }

  // For allocation_meter.cpp: the meter this thread counts under, if any.
  static AllocationMeter* current();
  // Counts `bytes` (negative: freed); false when the limit refuses them.
  bool count(int64_t bytes);

 private:
  int64_t held_ = 0;
  int64_t peak_ = 0;
  int64_t limit_;
  bool refused_ = false;
  AllocationMeter* outer_;
};

}  // namespace puzzlelab::testing
