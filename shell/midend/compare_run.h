// Compare in the app: every algorithm x metric of the puzzle on the
// position on screen (core/compare.h's plan), solved one row after another
// through the solver client (the page's Web Worker, the native thread), each
// a solve request with Solve's budgets. Each row keeps its SolveRun (its
// progress curve, its result and solution moves), so the table can show it
// and a click can play that row's solution back without solving again.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "api/solve_protocol.h"
#include "core/compare.h"
#include "midend/solve_run.h"

namespace puzzlelab::shell {

class CompareRun {
 public:
  // `position`: the solve request for the position compared (board, moves,
  // budgets); each row replaces its algorithm and metric. `key` is the
  // position's Game::solve_key and `chain_index` where it is on the undo
  // chain, so that a row's solution can be played from it later.
  CompareRun(const PuzzleInfo& info, SolveRequest position, std::string key, int chain_index);

  size_t size() const { return plan_.size(); }
  // Row i's algorithm in words, and its metric ("" when the puzzle has none).
  std::string label(size_t row) const;
  std::string metric(size_t row) const;
  // The rows started so far, in order; the last one runs while running().
  const std::vector<SolveRun>& runs() const { return runs_; }
  bool running() const { return !runs_.empty() && runs_.back().running(); }
  bool cancelled() const { return cancelled_; }
  // Every row has run (or the whole was cancelled).
  bool done() const { return cancelled_ || (runs_.size() == size() && !running()); }

  // Starts the next row: its request, or nullopt when none is left.
  std::optional<SolveRequest> start_next(double now);
  void add(const SolveProgress& progress);  // the running row's
  void finish(SolveResult result);          // the running row's reply
  void cancel(double now);                  // the running row and every row after it

  // The finished rows as the engine's compare table has them (a cancelled
  // row: budget, "cancelled"); peak memory is the search's own count.
  std::vector<CompareRow> rows() const;
  // Per row: "fastest", "least memory", both or "", among the solved rows of
  // its metric (when two or more solved).
  std::vector<std::string> marks() const;

  const std::string& key() const { return key_; }
  int chain_index() const { return chain_index_; }
  std::optional<size_t> selected;  // the row shown below the table

 private:
  const PuzzleInfo* info_;
  std::vector<ComparePlan> plan_;
  SolveRequest position_;
  std::string key_;
  int chain_index_;
  std::vector<SolveRun> runs_;
  bool cancelled_ = false;
};

}  // namespace puzzlelab::shell
