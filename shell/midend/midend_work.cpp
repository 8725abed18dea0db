// The midend's slow work: solve, hint, rate and generated puzzles, asked of
// the work room's game lane (work.h) for the position on screen, and what
// comes back. Compare's rows (midend_compare.cpp) and the editor's verdicts
// (midend_edit.cpp) go through the same lane.
#include <algorithm>
#include <chrono>
#include <cmath>
#include <utility>

#include "core/random.h"
#include "midend/midend.h"

namespace puzzlelab::shell {

namespace {

constexpr uint64_t kSeedRange = 1'000'000;  // short seeds keep shared links readable

// A seed from the clock, mixed (splitmix64) so that clocks with coarse
// ticks still give seeds all over the range.
uint64_t clock_seed() {
  uint64_t state =
      static_cast<uint64_t>(std::chrono::system_clock::now().time_since_epoch().count());
  return splitmix64(state) % kSeedRange + 1;
}

}  // namespace

void Midend::request_puzzle(std::string difficulty, std::optional<uint64_t> seed, bool by_player) {
  if (editing()) {  // a new board asked for: the one being built stays saved
    game_work().cancel();
    edit_.reset();
  }
  GenerateOptions options;
  options.difficulty = std::move(difficulty);
  if (options.difficulty.empty() && !puzzle_->difficulties.empty())
    options.difficulty = std::string(puzzle_->difficulties.front());
  options.seed = seed.value_or(clock_seed());
  if (!puzzle_->generate) {
    load_error_ = std::string(puzzle_->title) + " has no puzzle generator";
    return;
  }
  difficulty_ = options.difficulty;  // the picker shows the difficulty being made
  SolveRequest request = make_request(RequestKind::generate);
  request.difficulty = options.difficulty;
  request.seed = options.seed;
  start_work(request);
  generating_ = options;
  generating_by_player_ = by_player;
  moves_when_generated_.clear();
  shown_when_generated_.clear();
}

SolveRequest Midend::make_request(RequestKind kind) const {
  SolveRequest request;
  request.kind = kind;
  request.puzzle = std::string(puzzle_->id);
  if (!session_.empty() && kind != RequestKind::generate) {
    // The start and the moves, not the position's text: the text may leave
    // out what play builds up (pencil marks) that a hint reads.
    request.board = session_.at(0).format();
    request.moves = session_.moves_to(session_.index());
  }
  if (kind == RequestKind::solve) {
    request.node_budget = budgets_.nodes;
    request.memory_budget_bytes = budgets_.memory_bytes;
    request.time_budget_ms = budgets_.time_ms;
  }
  return request;
}

void Midend::start_work(SolveRequest request) {
  cancel();
  begin_work(request);
}

void Midend::begin_work(const SolveRequest& request) {
  working_ = request.kind;
  work_started_ = work_heard_ = now();
  work_progress_.reset();
  game_work().start(request);
}

void Midend::solve() {
  changed();
  if (editing()) return;  // Edit mode has its own toolbar
  if (session_.empty() || searching() || !puzzle_) return;
  if (puzzle_->hooks.has_goal && !puzzle_->hooks.solve_from_start &&
      session_.current().is_solved()) {
    set_note(
        "Already solved: there is nothing left to solve. Restart (R) to solve it from the "
        "start.");
    return;
  }
  SolveRequest request = make_request(RequestKind::solve);
  if (puzzle_->hooks.solve_from_start) request.moves.clear();  // an answer runs from the start
  run_key_ = (puzzle_->hooks.solve_from_start ? session_.at(0) : session_.current()).solve_key();
  session_.drop_solution();  // the last solve's transport goes; a cancel leaves none
  if (!puzzle_->algorithms.empty())
    request.algorithm = std::string(puzzle_->algorithms[algorithm_].name);
  if (!puzzle_->metrics.empty()) request.metric = std::string(puzzle_->metrics[metric_].name);
  playback_.pause();
  tween_.stop();
  ++view_epoch_;
  drop_hint();
  start_work(request);
  run_.emplace(request, now());
  announce("Solving in a " + where() + ".");
}

void Midend::cancel() {
  changed();
  if (!working_) return;
  game_work().cancel();
  if (solving()) {
    run_->cancel(now());
    announce("Solve cancelled.");
    rules_after_watching();
  }
  if (comparing()) {
    compare_->cancel(now());
    announce("Compare cancelled.");
  }
  working_.reset();
  work_progress_.reset();
  generating_.reset();
  solve_when_generated_ = false;
  moves_when_generated_.clear();
  shown_when_generated_.clear();
}

// The hint's marks and its note go together: a note left after the marks
// would explain a position no longer on the board.
void Midend::drop_hint() {
  if (hint_ && !note_is_error_) note_.clear();
  hint_.reset();
}

void Midend::cancel_side_work() {
  if (working_ == RequestKind::hint || working_ == RequestKind::rate) cancel();
}

void Midend::hint() {
  changed();
  if (editing()) return;  // Edit mode has its own toolbar
  if (session_.empty() || searching() || working_ == RequestKind::hint) return;
  if (!puzzle_->has_hints) {
    set_note(std::string(puzzle_->title) + " has no hints: Solve shows a whole solution instead.");
    return;
  }
  start_work(make_request(RequestKind::hint));
}

void Midend::rate() {
  changed();
  if (editing()) return;  // Edit mode has its own toolbar
  if (session_.empty() || searching() || working_ == RequestKind::rate) return;
  start_work(make_request(RequestKind::rate));
}

void Midend::tick() {
  std::vector<SolverEvent> events = game_work().poll();
  if (!events.empty()) changed();
  if (editing()) {  // the solver is the editor's: its verdicts
    on_edit_events(std::move(events));
    return;
  }
  for (SolverEvent& event : events) {
    if (const auto* progress = std::get_if<SolveProgress>(&event)) {
      work_heard_ = now();
      if (solving())
        run_->add(*progress);
      else if (comparing())
        compare_->add(*progress);
      else if (working_)
        work_progress_ = *progress;
    } else {
      on_reply(std::move(std::get<Reply>(event)));
    }
  }
  advance_playback();
  autosave();
}

double Midend::seconds_to_next_change() const {
  if (tween_.active()) return 0;
  double wait = working_ ? seconds_to_work_clock_step() : kNever;
  if (playback_.playing()) wait = std::max(0.0, playback_.next_step_at() - now());
  if (!note_.empty() && now() - note_time_ < kNoteSeconds)
    wait = std::min(wait, note_time_ + kNoteSeconds - now());
  return wait;
}

// The work's clock steps (work_clock_step) while it is quiet. While its
// progress flows, each report's frame shows the clock as it stands, and no
// timer frame is due until a report is late by half a period: one frame
// for both, not one for each (which would be twice the frames).
double Midend::seconds_to_work_clock_step() const {
  const double t = now();
  const double quiet_at = work_heard_ + kQuietSeconds;
  if (t < quiet_at) return quiet_at - t;
  const double since = t - work_started_;
  return work_clock_shown(since) + work_clock_step(since) - since;
}

double Midend::work_clock_shown(double seconds) {
  const double step = work_clock_step(seconds);
  // A hair over the step's count first: 0.3 / 0.1 is 2.9999999999999996.
  return std::floor(seconds / step + 1e-9) * step;
}

double Midend::work_clock() const {
  const double t = now();
  if (!working_) return t;
  if (t < work_heard_ + kQuietSeconds) return work_heard_;
  // Never back before the last report (a whole-second step can be).
  return std::max(work_heard_, work_started_ + work_clock_shown(t - work_started_));
}

void Midend::on_reply(Reply reply) {
  if (!working_) return;               // cancelled: whatever it says is stale
  const RequestKind kind = *working_;  // what was asked (a crashed worker's reply has no kind)
  working_.reset();
  work_progress_.reset();
  switch (kind) {
    case RequestKind::solve:
      if (comparing())
        on_compare_row(reply.result);
      else
        on_solved(reply.result);
      break;
    case RequestKind::hint:
      on_hint(reply);
      break;
    case RequestKind::rate:
      // A rating, or the puzzle's reason for none ("not unique"), goes in
      // the rating's place; a failure to rate is a note.
      if (!reply.rating.empty())
        rating_ = reply.rating;
      else
        set_note(reply.result.message, true);
      break;
    case RequestKind::generate:
      on_generated(reply);
      break;
    case RequestKind::compute:  // the views' own (BoardFrame::worker), never the midend's
    case RequestKind::space:    // the Cluster pane's own, never the midend's
    case RequestKind::trace:    // the Watch the search pane's own, never the midend's
      break;
  }
}

void Midend::on_solved(const SolveResult& result) {
  if (!solving()) return;
  run_->finish(result);
  present_solution();
}

void Midend::present_solution() {
  const SolveResult& result = *run_->result();
  if (run_->status() != RunStatus::solved) {
    announce("No solution found: " + run_->message());
    rules_after_watching();  // nothing to watch
    return;
  }
  if (puzzle_->hooks.solve_from_start) step_to(0, false);  // the answer runs from the start
  const ApplyResult added = session_.add_solution(result.moves);
  if (!added) {
    set_note(added.error, true);
    return;
  }
  const std::string found = std::string(result.optimal ? "Optimal solution: " : "Solution: ") +
                            std::to_string(result.cost) + " " + std::string(solve_unit()) + ".";
  if (result.moves.empty()) {
    announce(found + (result.answer.empty() ? "" : " Answer: " + result.answer));
    rules_after_watching();
    return;
  }
  announce(found + " Playing it back.");
  playback_.fit_length(static_cast<int>(result.moves.size()));
  playback_.play(now());  // watch it play back at once
}

void Midend::on_hint(const Reply& reply) {
  if (reply.result.status != SolveStatus::solved) {
    set_note(reply.result.message, true);
    return;
  }
  hint_ = reply.hint;
  if (!hint_)
    set_note("No hint for this position.");
  else  // the explanation names the technique itself
    set_note(hint_->explanation.empty() ? hint_->technique : hint_->explanation);
}

void Midend::on_generated(const Reply& reply) {
  const std::optional<GenerateOptions> options = generating_;
  const bool then_solve = solve_when_generated_;
  const bool by_player = generating_by_player_;
  const std::vector<std::string> moves = std::move(moves_when_generated_);
  const std::string shown = std::move(shown_when_generated_);
  generating_.reset();
  solve_when_generated_ = false;
  moves_when_generated_.clear();
  shown_when_generated_.clear();
  if (!options) return;
  if (reply.result.status != SolveStatus::solved) {
    load_error_ = reply.result.message;
    return;
  }
  auto game = puzzle_->parse(reply.board);
  if (!game) {
    load_error_ = "the generator made a board that does not parse: " + game.error().describe();
    return;
  }
  start_session(std::move(game).value(), reply.board);
  generated_ = options;
  // The generator may know the new board's optimum (Game::known_optimum).
  if (reply.result.optimal && reply.result.cost > 0) start_.optimum = reply.result.cost;
  difficulty_ = options->difficulty;
  bundled_index_ = -1;
  name_start(RecordStart::Kind::generated);
  if (by_player) {
    link_error_.clear();
    ++board_choices_;
  }
  play_link_moves(moves, shown);
  announce_board();
  if (then_solve) solve();
}

}  // namespace puzzlelab::shell
