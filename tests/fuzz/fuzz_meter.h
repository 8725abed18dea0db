// The memory rule for fuzz targets (engine/core/text.h): at most 16 bytes
// held at once per byte of input, plus 64 KiB, measured with the sanitizer's
// allocation hooks while a reader runs. Shared by puzzle_fuzz (the parsers)
// and editor_fuzz (the editors' readers).
#pragma once

#include <sanitizer/allocator_interface.h>

#include <algorithm>
#include <cstddef>
#include <cstdint>

namespace puzzlelab::fuzz {

constexpr size_t kBytesPerInputByte = 16;
constexpr size_t kParseSlack = 64 << 10;

// Bytes allocated and not freed since the meter started, and their peak.
struct ParseMeter {
  bool on = false;
  int64_t held = 0;
  int64_t peak = 0;
};
inline ParseMeter meter;

inline void on_malloc(const volatile void*, size_t size) {
  if (!meter.on) return;
  meter.held += static_cast<int64_t>(size);
  meter.peak = std::max(meter.peak, meter.held);
}
inline void on_free(const volatile void* memory) {
  if (meter.on && memory) {
    meter.held -= static_cast<int64_t>(__sanitizer_get_allocated_size(const_cast<void*>(memory)));
  }
}
inline const int hooks_installed = __sanitizer_install_malloc_and_free_hooks(on_malloc, on_free);

// Runs `read`; the most bytes it held at once.
template <class Read>
size_t peak_while(Read&& read) {
  (void)hooks_installed;
  meter = ParseMeter{true, 0, 0};
  read();
  meter.on = false;
  return static_cast<size_t>(std::max<int64_t>(meter.peak, 0));
}

inline size_t allowed_for(size_t input_size) {
  return kBytesPerInputByte * input_size + kParseSlack;
}

}  // namespace puzzlelab::fuzz
