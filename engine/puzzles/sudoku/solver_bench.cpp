#include "puzzles/sudoku/solver_bench.h"

#include <algorithm>
#include <cstring>

#include "core/bench_totals.h"
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

void PuzzleBatch::add(std::string_view puzzle81) {
  Cells cells{};
  const size_t n = std::min<size_t>(puzzle81.size(), 81);
  for (size_t cell = 0; cell < n; ++cell) {
    const uint8_t digit = uint8_t(puzzle81[cell] - '0');
    cells[cell] = digit >= 1 && digit <= 9 ? digit : 0;
  }
  add(cells);
}

void PuzzleBatch::add(const Cells& cells) {
  uint8_t digits[82] = {};  // one more: the last byte's high nibble is padding
  std::memcpy(digits, cells.data(), cells.size());
  std::array<uint8_t, 41> packed;
  for (size_t k = 0; k < 41; ++k)
    packed[k] = uint8_t((digits[2 * k] & 15) | digits[2 * k + 1] << 4);
  packed_.push_back(packed);
}

Cells PuzzleBatch::cells(size_t index) const {
  const std::array<uint8_t, 41>& packed = packed_[index];
  uint8_t cells[82];  // one more: the last byte's high nibble is padding
  for (size_t k = 0; k < 41; ++k) {
    cells[2 * k] = packed[k] & 15;
    cells[2 * k + 1] = packed[k] >> 4;
  }
  Cells grid;
  std::memcpy(grid.data(), cells, grid.size());
  return grid;
}

BenchSummary bench_solve(const PuzzleBatch& puzzles, int limit) {
  BenchSummary summary;
  summary.puzzles = puzzles.size();
  summary.checksum = kFnvOffset;
  BenchTotals timed;
  const BenchClock clock;
  for (size_t i = 0; i < puzzles.size(); ++i) {
    SolverResult result = count_solutions(puzzles.cells(i), limit);
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
  clock.add_to(timed);
  summary.seconds = timed.seconds;
  summary.wall_seconds = timed.wall_seconds;
  return summary;
}

}  // namespace puzzlelab::sudoku
