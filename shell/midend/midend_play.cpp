// The midend's moves and playback: moves by hand and the Cluster view's
// jumps, a hint applied, undo and redo, and the solution played back along
// the chain.
#include <algorithm>
#include <cstdlib>
#include <utility>

#include "midend/midend.h"

namespace puzzlelab::shell {

namespace {

constexpr double kKeyboardSlideSeconds = 0.12;
constexpr double kUndoSlideSeconds = 0.16;
constexpr double kHintSeconds = 0.3;

}  // namespace

void Midend::play(std::string_view move, bool animate) {
  if (move.empty() || session_.empty()) return;  // the views' "no move" every frame
  changed();
  if (editing()) {  // the view sent an edit
    apply_edit(move);
    return;
  }
  const int before = session_.index();
  const ApplyResult result = session_.play(move);
  if (!result) {
    set_note(result.error, true);
    return;
  }
  after_move(before, animate, kKeyboardSlideSeconds);
}

void Midend::after_move(int before, bool animate, double seconds) {
  cancel_side_work();
  drop_hint();
  playback_.pause();
  position_changed();
  if (animate)
    tween_.start(before, session_.index(), now(), seconds);
  else
    tween_.stop();
  const bool solved = session_.current().is_solved();
  if (solved) set_note(solved_text() + "!");
  announce(session_.move_into(session_.index()) + ". " + counter_text() + "." +
           (solved ? " " + solved_text() + "!" : ""));
}

void Midend::play_steps(const std::vector<std::string>& moves) {
  if (moves.empty() || session_.empty() || !interactive() || editing()) return;
  changed();
  const int before = session_.index();
  const ApplyResult result = session_.play_all(moves, StepOrigin::jump);
  if (!result) {
    set_note(result.error, true);
    return;
  }
  after_move(before, false, 0);
}

void Midend::apply_hint() {
  changed();
  if (editing()) return;  // Edit mode has its own toolbar
  if (!hint_ || hint_->moves.empty() || searching()) return;
  const int before = session_.index();
  const ApplyResult result = session_.play_all(hint_->moves, StepOrigin::hint);  // one undo step
  if (!result) {
    set_note(result.error, true);
    return;
  }
  note_.clear();  // the hint's note is done with
  after_move(before, true, kHintSeconds);
}

void Midend::step_to(int index, bool animate) {
  changed();
  if (session_.empty()) return;
  index = std::clamp(index, 0, session_.size() - 1);
  const int before = session_.index();
  if (index == before) return;
  cancel_side_work();
  session_.go_to(index);
  ++view_epoch_;
  drop_hint();
  position_changed();
  const bool neighbour = std::abs(index - before) == 1;
  const double seconds = playback_.playing() ? playback_.slide_seconds() : kUndoSlideSeconds;
  if (animate && neighbour)
    tween_.start(before, index, now(), seconds);
  else
    tween_.stop();
}

void Midend::undo() {
  walk_history(-1);
}

void Midend::redo() {
  walk_history(+1);
}

// One step back (-1) or forward (+1): along the edits while editing, else
// along the game's moves, said aloud when it moved.
void Midend::walk_history(int step) {
  changed();
  if (editing()) {
    if (step < 0 ? !edit_->can_undo() : !edit_->can_redo()) return;
    step < 0 ? edit_->undo(now()) : edit_->redo(now());
    ++view_epoch_;
    edit_changed();
    return;
  }
  if (searching()) return;
  playback_.pause();
  const int before = session_.index();
  step_to(before + step, true);
  if (session_.index() != before)
    announce(std::string(step < 0 ? "Undone. " : "Redone. ") + counter_text() + ".");
}

void Midend::restart() {
  changed();
  if (editing()) return;  // Edit mode has its own toolbar
  if (searching()) return;
  playback_.pause();
  const int before = session_.index();
  step_to(0, false);
  if (session_.index() != before) announce("Back to the start. " + counter_text() + ".");
}

void Midend::play_solution() {
  changed();
  if (editing()) return;  // Edit mode has its own toolbar
  const auto solution = session_.solution();
  if (!solution || searching()) return;
  if (session_.index() >= solution->last || session_.index() < solution->first)
    step_to(solution->first, false);
  playback_.play(now());
}

void Midend::pause() {
  changed();
  playback_.pause();
}

void Midend::step(int delta) {
  if (editing()) return;
  changed();
  if (searching()) return;
  playback_.pause();
  step_to(session_.index() + delta, true);
}

void Midend::solution_end(bool last) {
  if (editing()) return;
  changed();
  const auto solution = session_.solution();
  if (!solution || searching()) return;
  playback_.pause();
  step_to(last ? solution->last : solution->first, false);
  if (last) rules_after_watching();  // watched to its end, by a jump
}

void Midend::seek(int index) {
  if (editing()) return;
  changed();
  const auto solution = session_.solution();
  if (!solution || searching()) return;
  playback_.pause();
  step_to(std::clamp(index, solution->first, solution->last), false);
}

void Midend::advance_playback() {
  if (!playback_.playing()) return;
  const auto solution = session_.solution();
  const int last = solution ? solution->last : session_.size() - 1;
  if (session_.index() >= last) {
    changed();  // playing: false
    playback_.pause();
    announce("Playback done. " +
             (session_.current().is_solved() ? solved_text() + "." : counter_text() + "."));
    rules_after_watching();
    return;
  }
  if (playback_.step_due(now())) step_to(session_.index() + 1, true);
}

}  // namespace puzzlelab::shell
