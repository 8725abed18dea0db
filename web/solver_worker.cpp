// The solver Web Worker (built with -sBUILD_AS_WORKER=1). The page calls
// `solve` with an encoded SolveRequest of any kind (solve, hint, rate,
// generate); progress goes back about every 100 ms as provisional responses
// and the reply as the final one, all in the engine's text protocol
// (api/solve_protocol.h). The page cancels by terminating the worker, so no
// cancel flag is needed.
#include <emscripten/emscripten.h>

#include <string>
#include <string_view>

#include "api/solve_protocol.h"

extern "C" EMSCRIPTEN_KEEPALIVE void solve(char* data, int size) {
  using namespace puzzlelab;
  auto request = decode_request(std::string_view(data, static_cast<size_t>(size)));
  Reply reply;
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
