#include "core/memory.h"

#include <cstdlib>
#include <new>

namespace puzzlelab {

namespace {

// What operator new does when it finds no memory: the new handler may free
// some (or end the program, as the solver worker's does, saying why);
// without one, std::bad_alloc.
template <class Allocate>
void* allocate_or_fail(Allocate allocate) {
  for (;;) {
    if (void* memory = allocate()) return memory;
    const std::new_handler handler = std::get_new_handler();
    if (!handler) throw std::bad_alloc();
    handler();
  }
}

}  // namespace

std::string out_of_memory_message(uint64_t budget_bytes) {
  if (budget_bytes == 0) return "out of memory: the machine refused more (try a smaller problem)";
  return "out of memory: the machine gave less than the memory budget of " +
         std::to_string(budget_bytes >> 20) + " MiB (try a lower budget or a smaller problem)";
}

void* allocate_aligned(size_t alignment, size_t bytes) {
  bytes = (bytes + alignment - 1) / alignment * alignment;
  return allocate_or_fail([&] { return std::aligned_alloc(alignment, bytes); });
}

void* allocate_zeroed(size_t count, size_t size) {
  return allocate_or_fail([&] { return std::calloc(count, size); });
}

}  // namespace puzzlelab
