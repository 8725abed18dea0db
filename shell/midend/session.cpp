#include "midend/session.h"

#include <algorithm>

namespace puzzlelab::shell {

Session::Session(std::unique_ptr<Game> start) {
  chain_.push_back({std::move(start), "", {}, 0, 0, StepOrigin::hand});
}

int64_t Session::cost_so_far() const {
  int64_t total = 0;
  for (int i = 1; i <= index_; ++i) total += chain_[i].cost;
  return total;
}

int64_t Session::solution_cost_to(int index) const {
  if (!solution_ || index <= solution_->first || index > solution_->last) return 0;
  int64_t total = 0;
  for (int i = solution_->first + 1; i <= index; ++i) total += chain_[i].solution_cost;
  return total;
}

std::vector<std::string> Session::moves_to(int index) const {
  std::vector<std::string> moves;
  for (int i = 1; i <= index && i < size(); ++i)
    moves.insert(moves.end(), chain_[i].parts.begin(), chain_[i].parts.end());
  return moves;
}

void Session::truncate_after(int index) {
  chain_.resize(index + 1);
  // A solution cut short is no solution any more.
  if (solution_ && solution_->last > index) solution_.reset();
}

ApplyResult Session::play(std::string_view move, StepOrigin origin) {
  std::unique_ptr<Game> next = current().clone();
  ApplyResult result = next->apply(move);
  if (!result) return result;
  truncate_after(index_);
  chain_.push_back(
      {std::move(next), std::string(move), {std::string(move)}, result.cost, 0, origin});
  ++index_;
  return result;
}

ApplyResult Session::play_all(const std::vector<std::string>& moves, StepOrigin origin) {
  if (moves.empty()) return ApplyResult::failure("nothing to play");
  std::unique_ptr<Game> next = current().clone();
  std::string joined;
  int64_t cost = 0;
  for (const std::string& move : moves) {
    ApplyResult result = next->apply(move);
    if (!result) return ApplyResult::failure(move + ": " + result.error);
    cost += result.cost;
    joined += (joined.empty() ? "" : " ") + move;
  }
  truncate_after(index_);
  chain_.push_back({std::move(next), std::move(joined), moves, cost, 0, origin});
  ++index_;
  return ApplyResult::success(cost);
}

void Session::go_to(int index) {
  index_ = std::clamp(index, 0, size() - 1);
}

ApplyResult Session::add_solution(const std::vector<Move>& moves) {
  std::vector<Entry> added;
  const Game* from = &current();
  for (const Move& move : moves) {
    std::unique_ptr<Game> next = from->clone();
    ApplyResult result = next->apply(move.text);
    if (!result) return ApplyResult::failure("solution move " + move.text + ": " + result.error);
    added.push_back(
        {std::move(next), move.text, {move.text}, result.cost, move.cost, StepOrigin::solution});
    from = added.back().game.get();
  }
  truncate_after(index_);
  solution_ = Range{index_, index_ + static_cast<int>(added.size())};
  for (Entry& entry : added) chain_.push_back(std::move(entry));
  return ApplyResult::success(0);
}

}  // namespace puzzlelab::shell
