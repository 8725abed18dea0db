// The solver Web Worker (built with -sBUILD_AS_WORKER=1). The page calls
// `solve` with an encoded SolveRequest of any kind (solve, hint, rate,
// generate); progress goes back about every 100 ms as provisional responses
// and the reply as the final one, all as the engine's JSON messages
// (api/solve_protocol.h). The page cancels by terminating the worker, so no
// cancel flag is needed. If the module still runs out of memory, it aborts
// with "OOM" in the message, which the page's worker client shows as such.
#include <emscripten/emscripten.h>
#include <emscripten/heap.h>

#include <algorithm>
#include <new>
#include <string>
#include <string_view>

#include "api/solve_protocol.h"

namespace {

// The search's memory budget must fit what this module can grow to (its
// -sMAXIMUM_MEMORY). The search counts what its tables hold, not the moment a
// table doubles (old and new copies both alive) nor allocator slack, so it
// gets a quarter of the limit and stops with "memory budget reached" well
// before an allocation fails.
uint64_t worker_memory_budget(uint64_t requested) {
  const uint64_t limit = emscripten_get_heap_max() / 4;
  return std::min(requested ? requested : puzzlelab::SolveOptions::kDefaultMemoryBudget, limit);
}

// Called when an allocation fails (the browser may give less than the
// maximum): abort with a message the page recognises as out of memory.
void abort_out_of_memory() {
  EM_ASM({ abort("OOM: solver heap " + (HEAP8.length >> 20) + " MiB"); });
}

}  // namespace

// Answers at once, so the page learns this worker (its script and wasm) has
// loaded: the page registers its service worker only then, which then finds
// both files in the browser's cache instead of downloading them again.
extern "C" EMSCRIPTEN_KEEPALIVE void loaded(char* /*data*/, int /*size*/) {
  emscripten_worker_respond(nullptr, 0);
}

extern "C" EMSCRIPTEN_KEEPALIVE void solve(char* data, int size) {
  using namespace puzzlelab;
  auto request = decode_request(std::string_view(data, static_cast<size_t>(size)));
  std::set_new_handler(abort_out_of_memory);
  Reply reply;
  if (request)
    request.value().memory_budget_bytes = worker_memory_budget(request.value().memory_budget_bytes);
  if (!request) {
    reply.result = SolveResult::invalid("bad request: " + request.error().describe());
  } else {
    reply = serve_request(request.value(), nullptr, [](const SolveProgress& progress) {
      std::string message = encode_message(progress);
      emscripten_worker_respond_provisionally(message.data(), static_cast<int>(message.size()));
    });
  }
  std::string message = encode_message(reply);
  emscripten_worker_respond(message.data(), static_cast<int>(message.size()));
}
