// Running out of memory is an answer, not an abort. A search stops at its
// memory budget (SolveOptions::memory_budget_bytes) before it allocates past
// it; when the machine (or the browser) gives less than the budget allows,
// the allocation that fails ends the work with the same budget answer:
//   - the large blocks the searches allocate themselves fail the way
//     operator new does (allocate_aligned, allocate_zeroed): the new handler
//     runs first (the solver worker's tells the page it ran out of memory),
//     then std::bad_alloc is thrown;
//   - the front ends (the CLI, serve_request) turn a std::bad_alloc into
//     status budget_exceeded with out_of_memory_message(): exit code 3, the
//     page's "ran out of memory" note.
#pragma once

#include <cstddef>
#include <cstdint>
#include <new>
#include <string>

namespace puzzlelab {

// "out of memory: the machine gave less than the memory budget of N MiB
// ..."; budget_bytes 0 when the budget is not known where it is said.
std::string out_of_memory_message(uint64_t budget_bytes);

// `bytes` (rounded up to a multiple of `alignment`, a power of two), freed
// with std::free; never nullptr (see above).
void* allocate_aligned(size_t alignment, size_t bytes);
// `count` zeroed items of `size` bytes (std::calloc), freed with std::free;
// never nullptr.
void* allocate_zeroed(size_t count, size_t size);

// work(), or on_out_of_memory() when work throws std::bad_alloc: a search's
// entry point gives its budget answer (natively; a WebAssembly build
// catches nothing, and the solver worker's new handler speaks instead).
template <class Work, class OnOutOfMemory>
auto answer_out_of_memory(Work&& work, OnOutOfMemory&& on_out_of_memory) -> decltype(work()) {
  try {
    return work();
  } catch (const std::bad_alloc&) {
    return on_out_of_memory();
  }
}

}  // namespace puzzlelab
