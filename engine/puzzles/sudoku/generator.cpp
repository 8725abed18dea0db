#include "puzzles/sudoku/generator.h"

#include <utility>
#include <vector>

#include "core/random.h"
#include "core/text.h"

namespace puzzlelab::sudoku {
namespace {

constexpr uint64_t rotate_left(uint64_t x, int k) {
  return (x << k) | (x >> (64 - k));
}

// Fisher-Yates with our own Random, so the order is the same everywhere
// (std::shuffle's algorithm is up to the standard library).
template <class T>
void shuffle(std::vector<T>& items, Random& random) {
  for (size_t i = items.size(); i > 1; --i) {
    std::swap(items[i - 1], items[random.below(uint32_t(i))]);
  }
}

// Randomised backtracking over a plain grid: fill the cell with the fewest
// possible digits, trying them in random order.
class Filler {
 public:
  explicit Filler(Random& random) : random_(random) {}

  bool fill() {
    const int cell = most_constrained_cell();
    if (cell == -1) return true;  // every cell filled
    std::vector<int> digits;
    for (int digit : digits_in(free_digits(cell))) digits.push_back(digit);
    shuffle(digits, random_);
    for (int digit : digits) {
      set(cell, digit);
      if (fill()) return true;
      clear(cell, digit);
    }
    return false;
  }

  const Cells& cells() const { return cells_; }

 private:
  // The first empty cell with the fewest free digits; -1 when none is empty.
  int most_constrained_cell() const {
    int best = -1;
    int fewest = 10;
    for (int cell = 0; cell < kCellCount; ++cell) {
      if (cells_[cell] != 0) continue;
      const int count = digit_count(free_digits(cell));
      if (count < fewest) {
        best = cell;
        fewest = count;
      }
    }
    return best;
  }
  DigitMask free_digits(int cell) const {
    DigitMask used = 0;
    for (int house : houses_of(cell)) used |= used_in_house_[house];
    return DigitMask(kAllDigits & ~used);
  }
  void set(int cell, int digit) {
    cells_[cell] = uint8_t(digit);
    for (int house : houses_of(cell)) used_in_house_[house] |= digit_bit(digit);
  }
  void clear(int cell, int digit) {
    cells_[cell] = 0;
    for (int house : houses_of(cell)) used_in_house_[house] &= DigitMask(~digit_bit(digit));
  }

  Random& random_;
  Cells cells_{};
  std::array<DigitMask, kHouseCount> used_in_house_{};
};

// Clues that are removed and restored together: one cell, or (symmetric) a
// cell and its mirror through the centre (the centre cell is its own mirror).
using ClueGroup = std::pair<int, int>;

std::vector<ClueGroup> clue_groups(bool symmetric) {
  std::vector<ClueGroup> groups;
  for (int cell = 0; cell < kCellCount; ++cell) {
    const int mirror = kCellCount - 1 - cell;
    if (!symmetric) {
      groups.push_back({cell, cell});
    } else if (cell <= mirror) {
      groups.push_back({cell, mirror});
    }
  }
  return groups;
}

void set_group(Cells& puzzle, const Cells& solution, const ClueGroup& group, bool present) {
  puzzle[group.first] = present ? solution[group.first] : 0;
  puzzle[group.second] = present ? solution[group.second] : 0;
}

struct Thinned {
  Cells puzzle{};
  std::vector<ClueGroup> removed;
};

// Removes clue groups in random order, each only if the solution stays unique.
Thinned remove_clues(const Cells& solution, bool symmetric, Random& random) {
  Thinned thinned{solution, {}};
  std::vector<ClueGroup> groups = clue_groups(symmetric);
  shuffle(groups, random);
  for (const ClueGroup& group : groups) {
    set_group(thinned.puzzle, solution, group, false);
    if (count_solutions(thinned.puzzle, 2).solutions == 1) {
      thinned.removed.push_back(group);
    } else {
      set_group(thinned.puzzle, solution, group, true);
    }
  }
  return thinned;
}

// One attempt: a puzzle of exactly `target` difficulty, or nothing.
std::optional<GeneratedPuzzle> try_generate(Difficulty target, bool symmetric, Random& random) {
  const Cells solution = random_solution(random);
  Thinned thinned = remove_clues(solution, symmetric, random);
  Rating rating = rate(thinned.puzzle);
  // Too hard: give clues back until it is not. More clues keep it unique.
  shuffle(thinned.removed, random);
  for (const ClueGroup& group : thinned.removed) {
    if (rating.difficulty <= target) break;
    set_group(thinned.puzzle, solution, group, true);
    rating = rate(thinned.puzzle);
  }
  if (rating.difficulty != target) return std::nullopt;
  return GeneratedPuzzle{thinned.puzzle, solution, std::move(rating), 0};
}

}  // namespace

Random::Random(uint64_t seed) {
  for (uint64_t& word : state_) word = splitmix64(seed);
}

uint64_t Random::next() {
  const uint64_t result = rotate_left(state_[1] * 5, 7) * 9;
  const uint64_t t = state_[1] << 17;
  state_[2] ^= state_[0];
  state_[3] ^= state_[1];
  state_[1] ^= state_[2];
  state_[0] ^= state_[3];
  state_[2] ^= t;
  state_[3] = rotate_left(state_[3], 45);
  return result;
}

uint32_t Random::below(uint32_t bound) {
  // The top 32 bits scaled to [0, bound): cheap and the same everywhere.
  return uint32_t(((next() >> 32) * uint64_t{bound}) >> 32);
}

Cells random_solution(Random& random) {
  Filler filler(random);
  filler.fill();  // always succeeds from an empty grid
  return filler.cells();
}

int default_max_attempts(Difficulty difficulty) {
  switch (difficulty) {
    case Difficulty::easy:
    case Difficulty::medium:
      return 200;
    case Difficulty::hard:
    case Difficulty::expert:
      return 2000;
    case Difficulty::needs_guessing:
      return 5000;
  }
  return 2000;
}

GenerateResult generate(Difficulty difficulty, uint64_t seed, const GeneratorOptions& options) {
  Random random(seed);
  const int max_attempts =
      options.max_attempts > 0 ? options.max_attempts : default_max_attempts(difficulty);
  const Clock& clock = clock_or_steady(options.clock);
  const double start_ms = clock.now_ms();
  for (int attempt = 1; attempt <= max_attempts; ++attempt) {
    if (options.cancel && options.cancel->load(std::memory_order_relaxed))
      return {{}, "cancelled", SolveStatus::cancelled};
    const double ms = clock.now_ms() - start_ms;
    if (options.time_budget_ms > 0 && ms >= options.time_budget_ms) {
      return {{},
              "time budget of " + std::to_string(static_cast<int64_t>(options.time_budget_ms)) +
                  " ms reached after " + text::amount(attempt - 1, "attempts"),
              SolveStatus::budget_exceeded};
    }
    auto puzzle = try_generate(difficulty, options.symmetric, random);
    if (!puzzle) continue;
    puzzle->attempts = attempt;
    return {std::move(puzzle), {}, SolveStatus::solved};
  }
  const std::string attempts =
      std::to_string(max_attempts) + (max_attempts == 1 ? " attempt" : " attempts");
  return {std::nullopt,
          "no " + std::string(difficulty_name(difficulty)) + " puzzle after " + attempts +
              " from seed " + std::to_string(seed),
          SolveStatus::budget_exceeded};
}

}  // namespace puzzlelab::sudoku
