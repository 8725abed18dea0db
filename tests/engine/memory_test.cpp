// Running out of memory is an answer: the large blocks the searches take
// for themselves (core/memory.h) fail the way operator new does, the new
// handler first (the solver worker's tells the page it ran out of memory),
// then std::bad_alloc, which the searches turn into their budget answer.
// They threw std::bad_alloc straight away: the worker then stopped with a
// bare exception pointer ("The solver stopped unexpectedly (5286488)").
#include <catch2/catch.hpp>

#include <cstdint>
#include <new>

#include "core/memory.h"
#include "support/limited_run.h"  // PUZZLELAB_TEST_ASAN

using namespace puzzlelab;

namespace {

int handler_calls = 0;

// A new handler that frees nothing: counted, then gone, so the next try throws.
void count_and_give_up() {
  ++handler_calls;
  std::set_new_handler(nullptr);
}

// More than any allocator gives, without overflowing the rounding up.
constexpr size_t kTooMuch = SIZE_MAX - (size_t{1} << 20);

}  // namespace

TEST_CASE("large blocks fail as operator new does: the new handler, then std::bad_alloc",
          "[limits]") {
#ifdef PUZZLELAB_TEST_ASAN
  return;  // AddressSanitizer reports a request this large instead of refusing it
#endif
  const std::new_handler previous = std::set_new_handler(count_and_give_up);
  handler_calls = 0;
  CHECK_THROWS_AS(allocate_aligned(64, kTooMuch), std::bad_alloc);
  CHECK(handler_calls == 1);
  std::set_new_handler(count_and_give_up);
  handler_calls = 0;
  CHECK_THROWS_AS(allocate_zeroed(kTooMuch / 8, 16), std::bad_alloc);
  CHECK(handler_calls == 1);
  std::set_new_handler(previous);

  // What a search answers then: its budget answer, not an abort.
  const int answer =
      answer_out_of_memory([]() -> int { throw std::bad_alloc(); }, [] { return 3; });
  CHECK(answer == 3);
  CHECK_THAT(out_of_memory_message(64 << 20), Catch::Contains("memory budget of 64 MiB"));
}
