// The memory rule every reader of untrusted text keeps, and a named hostile
// input: shared by the hostile corpus (hostile_input_test) and the made-up
// huge inputs (input_limits_test), which check the same rule.
#pragma once

#include <cstddef>
#include <string>

namespace puzzlelab::testing {

// At most kBytesPerInputByte bytes held at once per byte of input, plus
// kParseSlack.
inline constexpr size_t kBytesPerInputByte = 16;
inline constexpr size_t kParseSlack = 64 << 10;

struct Hostile {
  std::string name;
  std::string text;
};

}  // namespace puzzlelab::testing
