// libFuzzer target over the solver worker's JSON messages
// (api/solve_protocol.h): any bytes decode, as a request, a reply and a
// worker message, to a value or to an error with a message, never a crash or
// a throw; and whatever decodes encodes to text that decodes to the same
// encoding. Run (after scripts/fuzz has built the debug preset):
//   build/debug/tests/fuzz/protocol_fuzz -max_total_time=60 CORPUS_DIR tests/fuzz/protocol_seeds
#include <cstdio>
#include <string>
#include <string_view>

#include "api/solve_protocol.h"

using namespace puzzlelab;

namespace {

[[noreturn]] void fail(const char* what, std::string_view text) {
  std::fprintf(stderr, "protocol_fuzz: %s\n--- text ---\n%.*s\n---\n", what,
               static_cast<int>(text.size()), text.data());
  __builtin_trap();
}

// Decodes `text`; when it decodes, encode -> decode -> encode must be stable.
template <class Decode, class Encode>
void check(std::string_view text, Decode decode, Encode encode, const char* what) {
  auto decoded = decode(text);
  if (!decoded) {
    if (decoded.error().message.empty()) fail("an error without a message", text);
    return;
  }
  const std::string once = encode(decoded.value());
  auto again = decode(once);
  if (!again) fail(what, once);
  if (encode(again.value()) != once) fail(what, once);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  check(text, decode_request, encode_request, "a decoded request does not survive re-encoding");
  check(text, decode_reply, encode_reply, "a decoded reply does not survive re-encoding");
  const WorkerMessage message = decode_message(text);
  const std::string once = encode_message(message);
  if (encode_message(decode_message(once)) != once)
    fail("a worker message does not survive re-encoding", once);
  return 0;
}
