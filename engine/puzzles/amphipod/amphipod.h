// Amphipod as a Game: the burrow (burrow.h) with its rules, the exact solver
// (solver.h), hints, the part-2 "unfold" text option and a bench fast path.
#pragma once

#include <memory>
#include <string>
#include <string_view>

#include "core/puzzle.h"
#include "puzzles/amphipod/burrow.h"

namespace puzzlelab::amphipod {

class AmphipodGame final : public Game {
 public:
  explicit AmphipodGame(Burrow burrow) : burrow_(burrow) {}

  const PuzzleInfo& info() const override;
  std::string format() const override;
  std::vector<Move> legal_moves() const override;
  ApplyResult apply(std::string_view move) override;
  bool is_solved() const override;
  std::unique_ptr<Game> clone() const override;
  SolveResult solve(const SolveOptions& options) const override;
  // The first move of a least-energy solution, explained; its cells are the
  // mover's start and stop (Burrow::cell_number).
  using Game::hint;
  std::optional<Hint> hint(const SolveOptions& options) const override;
  // The hallway's amphipods, then each room from the top.
  std::string describe() const override;

  const Burrow& burrow() const { return burrow_; }

 private:
  Burrow burrow_;
};

// "44,169": energies are easier to read with thousands separators.
std::string with_commas(int64_t value);

const PuzzleInfo& puzzle_info();

}  // namespace puzzlelab::amphipod
