// The Tree of Life view's far jumps: generations too far to walk in a few
// frames are the work room's (the views' lane: a Web Worker in the page, a
// thread natively, in-process for pictures and tests). The view asks for
// the strip's first row before the clock, takes the cells the room sends
// and walks the last few generations itself (treeoflife_view.cpp).
#include <algorithm>
#include <thread>
#include <utility>

#include "views/treeoflife_view.h"

namespace puzzlelab::shell {

using treeoflife::TreeOfLifeGame;

namespace {

// Polls `work` until its job replies (an in-process lane: at once).
Reply wait_for_reply(WorkLane& work) {
  for (;;) {
    for (SolverEvent& event : work.poll())
      if (auto* reply = std::get_if<Reply>(&event)) return std::move(*reply);
    if (!work.busy()) return Reply(SolveResult::invalid("the job ended without a reply"));
    std::this_thread::yield();
  }
}

}  // namespace

SolveRequest TreeOfLifeView::jump_request(const TreeOfLifeGame& game, int64_t target) {
  SolveRequest request;
  request.kind = RequestKind::compute;
  request.puzzle = std::string(game.info().id);
  if (worker_board_.empty()) {
    const treeoflife::Problem& p = game.problem();
    worker_board_ =
        std::to_string(p.rule) + "\n" + treeoflife::format_tree(*p.shape, *p.generation0) + "\n";
  }
  request.board = worker_board_;
  request.task = "generation " + std::to_string(target);
  return request;
}

std::string TreeOfLifeView::land_jump(const TreeOfLifeGame& game, int64_t target,
                                      const SolveResult& result) {
  if (result.status != SolveStatus::solved) return "The jump stopped: " + result.message;
  const auto cells = treeoflife::decode_generation_cells(result.answer, *game.problem().shape);
  if (!cells || cells.value().generation != target)
    return "The jump's answer did not read back: " +
           (cells ? std::string("another generation") : cells.error().describe());
  worker_cycle_ = cells.value().cycle;
  worker_frontier_ = std::max(worker_frontier_, cells.value().frontier);
  start_local(game.problem(), target, cells.value().cells);
  return {};
}

void TreeOfLifeView::ask_worker(const TreeOfLifeGame& game, WorkLane& worker) {
  if (jump_ && jump_->clock == clock_) return;  // on its way
  if (failed_clock_ == clock_) return;          // it would fail again: the note said why
  // The strip's first row: the rest is a few local steps.
  const Jump jump{std::max<int64_t>(0, clock_ - (kStripRows - 1)), clock_};
  worker.start(jump_request(game, jump.target));  // cancels a jump for another clock
  jump_ = jump;
  failed_clock_.reset();
  reached_ = 0;
}

void TreeOfLifeView::collect_worker(const TreeOfLifeGame& game, WorkLane& worker) {
  for (const SolverEvent& event : worker.poll()) {
    if (!jump_) continue;  // what a dropped jump still said
    if (const auto* progress = std::get_if<SolveProgress>(&event)) {
      reached_ = std::max(reached_, progress->bound);
      continue;
    }
    const Reply& reply = std::get<Reply>(event);
    const Jump jump = *jump_;
    jump_.reset();
    if (reply.result.status == SolveStatus::cancelled) continue;
    worker_note_ = land_jump(game, jump.target, reply.result);
    if (!worker_note_.empty()) failed_clock_ = jump.clock;
  }
}

void TreeOfLifeView::drop_jump(WorkLane* worker) {
  if (jump_ && worker) worker->cancel();
  jump_.reset();
}

void TreeOfLifeView::start_over(const TreeOfLifeGame& game, const std::string& key,
                                WorkLane* worker) {
  const treeoflife::Problem& p = game.problem();
  evolution_key_ = key;
  drop_jump(worker);  // it was for another rule or generation 0
  start_local(p, 0, *p.generation0);
  worker_board_.clear();
  worker_cycle_.reset();
  worker_frontier_ = 0;
  failed_clock_.reset();
  shown_t_ = -1;
  strip_rows_.clear();
}

SolveResult TreeOfLifeView::jump_now(const TreeOfLifeGame& game, int64_t target,
                                     const SolveOptions& options, WorkLane& work) {
  SolveRequest request = jump_request(game, target);
  request.node_budget = options.node_budget;
  request.memory_budget_bytes = options.memory_budget_bytes;
  request.time_budget_ms = options.time_budget_ms;
  work.start(request);
  Reply reply = wait_for_reply(work);
  if (reply.result.status != SolveStatus::solved) return std::move(reply.result);
  if (std::string why = land_jump(game, target, reply.result); !why.empty())
    return SolveResult::invalid(std::move(why));
  return std::move(reply.result);
}

std::optional<TreeOfLifeView::KnownCycle> TreeOfLifeView::known_cycle() const {
  if (worker_cycle_) return KnownCycle{*worker_cycle_, true};
  if (!evolution_ || !evolution_->cycle()) return std::nullopt;
  // The local evolution's first repeat: exact when it started at 0 or found
  // states before the cycle; else the cycle began by its start.
  const treeoflife::Cycle local = *evolution_->cycle();
  return KnownCycle{{base_ + local.start, local.period}, base_ == 0 || local.start > 0};
}

int64_t TreeOfLifeView::cancel_generation() const {
  // Back to the cells on screen; with none for this rule, where the local
  // walk got (the worker's work ends with it).
  if (shown_t_ >= 0) return shown_t_;
  return jump_ ? base_ : base_ + evolution_->reached_toward(clock_ - base_);
}

}  // namespace puzzlelab::shell
