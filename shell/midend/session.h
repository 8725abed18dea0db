// The positions a player has seen, as one undo chain (after Simon Tatham's
// collection): index() is the position on screen, everything after it can be
// redone. A solve puts its solution's positions right after the current one,
// so playback walks the chain and the player can step back into play.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/puzzle.h"

namespace puzzlelab::shell {

// Where a step of the chain came from (see GameRecord): the player's own
// (by hand, a hint applied, a jump across the Cluster view carrying the
// moves of its path) or a solution's move shown in playback.
enum class StepOrigin { hand, hint, jump, solution };

class Session {
 public:
  Session() = default;
  explicit Session(std::unique_ptr<Game> start);

  bool empty() const { return chain_.empty(); }
  const Game& current() const { return *chain_[index_].game; }
  const Game& at(int index) const { return *chain_[index].game; }
  int index() const { return index_; }
  int size() const { return static_cast<int>(chain_.size()); }
  // The move that led to position `index` ("" for the start).
  const std::string& move_into(int index) const { return chain_[index].move; }
  // The moves from the start to position `index`, one by one (a step played
  // with play_all counts its moves separately): replayed on the start, they
  // give that position exactly, pencil marks and all, which its text may not.
  std::vector<std::string> moves_to(int index) const;
  // Sum of move costs from the start to the current position, as
  // Game::apply counts them (the puzzle's default metric).
  int64_t cost_so_far() const;
  // Sum of the solution's own move costs (in its solve's metric) from its
  // first position to `index`; 0 outside the solution.
  int64_t solution_cost_to(int index) const;
  // The cost of the step into position `index`, as Game::apply counts it.
  int64_t cost_into(int index) const { return chain_[index].cost; }
  // The moves of the step into position `index` (one, or a hint's several).
  const std::vector<std::string>& parts_into(int index) const { return chain_[index].parts; }
  // Where the step into position `index` came from; whether it was a
  // solver's (add_solution, or a link's shown solution) rather than the player's.
  StepOrigin origin_into(int index) const { return chain_[index].origin; }
  bool by_solver(int index) const { return chain_[index].origin == StepOrigin::solution; }

  // Applies a move; on success drops the redo part first. Returns the error.
  ApplyResult play(std::string_view move, StepOrigin origin = StepOrigin::hand);
  // Applies several moves as one step (a hint's placements and eliminations,
  // a jump's path; undone together): all or nothing. The step's move text
  // joins them with spaces.
  ApplyResult play_all(const std::vector<std::string>& moves, StepOrigin origin = StepOrigin::hand);
  bool can_undo() const { return index_ > 0; }
  bool can_redo() const { return index_ + 1 < size(); }
  void undo() {
    if (can_undo()) --index_;
  }
  void redo() {
    if (can_redo()) ++index_;
  }
  void restart() { index_ = 0; }
  void go_to(int index);

  // Replaces the redo part with the positions the moves lead to. Fails (and
  // changes nothing) if a move does not apply, naming the move.
  ApplyResult add_solution(const std::vector<Move>& moves);

  // The solution still on the chain: positions [first, last]; nullopt when a
  // later move cut it off or there is none.
  struct Range {
    int first = 0;
    int last = 0;
  };
  std::optional<Range> solution() const { return solution_; }
  // Forgets which positions were the solution (they stay on the chain as
  // positions to redo, still marked as the solver's).
  void drop_solution() { solution_.reset(); }

 private:
  struct Entry {
    std::unique_ptr<Game> game;
    std::string move;                // the step's moves, joined by spaces
    std::vector<std::string> parts;  // and one by one
    int64_t cost = 0;                // as Game::apply counts it
    int64_t solution_cost = 0;       // as the solve counted it (solution moves only)
    StepOrigin origin = StepOrigin::hand;
  };
  void truncate_after(int index);

  std::vector<Entry> chain_;
  int index_ = 0;
  std::optional<Range> solution_;
};

}  // namespace puzzlelab::shell
