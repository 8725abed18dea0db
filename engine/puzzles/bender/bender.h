// Bender - Episode 4 as a Game: a position is the map state (Bender, the
// fields, the balls) plus the walk so far; moves are the letters U D L R (a
// bump into a wall or a stuck ball is a legal no-op that uses a step, as in
// the referee); a move that would lose is refused with the referee's reason.
// The answer is a program, checked by the referee-exact simulator.
#pragma once

#include <memory>
#include <string>

#include "core/puzzle.h"
#include "puzzles/bender/map.h"

namespace puzzlelab::bender {

class BenderGame final : public Game {
 public:
  explicit BenderGame(Map map);

  const PuzzleInfo& info() const override;
  std::string format() const override;
  std::vector<Move> legal_moves() const override;
  ApplyResult apply(std::string_view move) override;
  bool is_solved() const override;
  std::unique_ptr<Game> clone() const override;
  SolveResult solve(const SolveOptions& options) const override;
  std::optional<AnswerCheck> check_answer(std::string_view answer) const override;
  // "compress": the walk played by hand (the request's moves), written as a
  // short program by the compressor (the view's Compress button). The answer
  // is the program; `invalid` with the referee's verdict when the walk does
  // not win as a program. Anneals for the time budget (kCompressMs if none).
  SolveResult compute(std::string_view task, const SolveOptions& options) const override;
  // Bender, Fry, the switches with their fields' states, and the balls, by
  // column and row from the top left.
  std::string describe() const override;
  // The turns of the walk so far (a move by hand is one turn).
  std::optional<Counter> counter() const override;

  const Map& map() const { return map_; }            // the current position
  const Map& start() const { return start_; }        // the position before the walk
  const std::string& walk() const { return walk_; }  // the moves applied so far

 private:
  Map start_;
  Map map_;
  std::string walk_;
};

// Solves every map (one text each) with `options` and lists per map the
// program length and time, then the total. The CLI's `bench bender FILE...`.
BenchReport bench_maps(const std::vector<std::string>& texts, const SolveOptions& options);

const PuzzleInfo& puzzle_info();

}  // namespace puzzlelab::bender
