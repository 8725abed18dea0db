// Makes Sudoku puzzles of a chosen difficulty, reproducibly from a seed.
//
//   auto result = generate(Difficulty::hard, 42);
//   if (result) show(result.generated->puzzle); else report(result.error);
//
// How: a random complete grid, then clues removed in random order as long as
// the solution stays unique (count_solutions with limit 2); then rate(). A
// puzzle rated harder than asked gets removed clues back one at a time until
// it is easy enough; a puzzle that ends at the asked difficulty is kept,
// otherwise the next attempt starts from the same random stream.
#pragma once

#include <array>
#include <atomic>
#include <cstdint>
#include <optional>
#include <string>

#include "core/puzzle.h"
#include "puzzles/sudoku/solver.h"
#include "puzzles/sudoku/techniques.h"

namespace puzzlelab::sudoku {

// xoshiro256** seeded through splitmix64: small, fast, and the same numbers
// on every platform, so a seed gives the same puzzle natively and in
// WebAssembly (std:: distributions differ between standard libraries).
class Random {
 public:
  explicit Random(uint64_t seed);
  uint64_t next();
  // Uniform enough in [0, bound) for bound <= 2^32 (bias below 2^-32 * bound).
  uint32_t below(uint32_t bound);

 private:
  std::array<uint64_t, 4> state_;
};

struct GeneratorOptions {
  bool symmetric = false;     // clues in pairs mirrored through the centre, as newspapers print
  int max_attempts = 0;       // puzzles to try before giving up; 0 = a default per difficulty
  double time_budget_ms = 0;  // 0 = none; checked before each attempt
  const std::atomic<bool>* cancel = nullptr;  // checked before each attempt
  const Clock* clock = nullptr;               // the time budget's; nullptr = the steady clock
};

struct GeneratedPuzzle {
  Cells puzzle{};    // the clues, 0 = blank
  Cells solution{};  // its only solution
  Rating rating;     // rating.difficulty is the difficulty asked for
  int attempts = 0;  // puzzles tried, this one included
};

struct GenerateResult {
  std::optional<GeneratedPuzzle> generated;
  std::string error;  // why not, when generated is empty
  // solved, or why not: cancelled, or budget_exceeded (attempts or time ran out)
  SolveStatus status = SolveStatus::solved;

  explicit operator bool() const { return generated.has_value(); }
};

// Default attempts for a difficulty, generous enough that giving up is rare.
int default_max_attempts(Difficulty difficulty);

GenerateResult generate(Difficulty difficulty, uint64_t seed, const GeneratorOptions& options = {});

// A random complete valid grid (one building block of generate).
Cells random_solution(Random& random);

}  // namespace puzzlelab::sudoku
