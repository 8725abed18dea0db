// splitmix64 (Steele, Lea and Flood, 2014): a 64-bit mixer and a tiny
// generator built on it. The same numbers on every platform, so seeds give
// the same results natively and in WebAssembly. Used to hash states, to seed
// bigger generators (Sudoku's xoshiro256**) and to spread clock seeds.
#pragma once

#include <cstdint>

namespace puzzlelab {

// The golden-ratio increment splitmix64 steps its state by.
inline constexpr uint64_t kGoldenGamma = 0x9E3779B97F4A7C15ull;

// splitmix64's finaliser: every input bit affects every output bit.
constexpr uint64_t mix64(uint64_t z) {
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

// The next number of the sequence that starts from `state` (and advances it).
constexpr uint64_t splitmix64(uint64_t& state) {
  return mix64(state += kGoldenGamma);
}

}  // namespace puzzlelab
