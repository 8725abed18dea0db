// The solver Web Worker (built with -sBUILD_AS_WORKER=1). The page calls
// `solve` with an encoded SolveRequest; progress goes back about every
// 100 ms as provisional responses and the result as the final one, all in
// the engine's text protocol with a one-byte tag (see shell/solver_client.h).
// The page cancels by terminating the worker, so no cancel flag is needed.
#include <emscripten/emscripten.h>

#include <string>
#include <string_view>

#include "api/solve_protocol.h"
#include "solver_client.h"

namespace {

std::string tagged(char tag, std::string text) {
  return tag + std::move(text);
}

}  // namespace

extern "C" EMSCRIPTEN_KEEPALIVE void solve(char* data, int size) {
  using namespace puzzlelab;
  auto request = decode_request(std::string_view(data, static_cast<size_t>(size)));
  SolveResult result;
  if (!request) {
    result = SolveResult::invalid("bad solve request: " + request.error().describe());
  } else {
    result = run_request(request.value(), nullptr, [](const SolveProgress& progress) {
      std::string message = tagged(shell::kProgressTag, encode_progress(progress));
      emscripten_worker_respond_provisionally(message.data(), static_cast<int>(message.size()));
    });
  }
  std::string message = tagged(shell::kResultTag, encode_result(result));
  emscripten_worker_respond(message.data(), static_cast<int>(message.size()));
}
