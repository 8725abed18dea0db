#include "puzzles/sudoku/solver_bench.h"

#include "core/cpu_clock.h"
#include "puzzles/sudoku/solver.h"

namespace puzzlelab::sudoku {
namespace {

constexpr uint64_t kFnvOffset = 14695981039346656037ull;
constexpr uint64_t kFnvPrime = 1099511628211ull;

uint64_t fnv1a(uint64_t hash, const Cells& grid) {
  for (uint8_t digit : grid) hash = (hash ^ digit) * kFnvPrime;
  return hash;
}

}  // namespace

BenchSummary bench_solve(const std::vector<std::string>& puzzles81, int limit) {
  // Parse first so that only solving is timed.
  std::vector<Cells> puzzles(puzzles81.size());
  for (size_t i = 0; i < puzzles81.size(); ++i) {
    const std::string& text = puzzles81[i];
    for (size_t cell = 0; cell < 81; ++cell) {
      char ch = cell < text.size() ? text[cell] : '.';
      puzzles[i][cell] = (ch >= '1' && ch <= '9') ? uint8_t(ch - '0') : 0;
    }
  }

  BenchSummary summary;
  summary.puzzles = puzzles.size();
  summary.checksum = kFnvOffset;
  const double start = cpu_seconds();
  for (const Cells& puzzle : puzzles) {
    SolverResult result = count_solutions(puzzle, limit);
    summary.guesses += result.guesses;
    if (result.solutions == 0) {
      ++summary.none;
    } else {
      if (result.solutions == 1) {
        ++summary.unique;
      } else {
        ++summary.multiple;
      }
      summary.checksum = fnv1a(summary.checksum, result.solution);
    }
  }
  summary.seconds = cpu_seconds() - start;
  return summary;
}

}  // namespace puzzlelab::sudoku
