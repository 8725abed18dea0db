// The midend's Compare (see Midend::compare): the rows run one after
// another as ordinary solve requests, so the page's worker and the native
// thread serve them as they serve Solve, with its budgets, progress and
// cancel. Each reply carries its row's solution moves; they are kept, so a
// click on a row plays it back at once, without solving it again.
#include "core/json_writer.h"
#include "midend/midend.h"

namespace puzzlelab::shell {

namespace {

// What Solve and Compare read: the position on screen, or the start for a
// puzzle whose answer runs from there (Bender's program).
int solved_position(const PuzzleInfo& puzzle, const Session& session) {
  return puzzle.hooks.solve_from_start ? 0 : session.index();
}

}  // namespace

void Midend::compare() {
  changed();
  if (editing()) return;  // Edit mode has its own toolbar
  if (session_.empty() || searching() || !puzzle_) return;
  if (!can_compare()) {
    set_note(std::string(puzzle_->title) +
             " has one search only: nothing to compare it with. Solve shows its figures.");
    return;
  }
  if (puzzle_->hooks.has_goal && !puzzle_->hooks.solve_from_start &&
      session_.current().is_solved()) {
    set_note("Already solved: nothing to compare. Restart (R) to compare from the start.");
    return;
  }
  SolveRequest request = make_request(RequestKind::solve);
  if (puzzle_->hooks.solve_from_start) request.moves.clear();  // an answer runs from the start
  const int at = solved_position(*puzzle_, session_);
  cancel();  // a hint or rating under way
  playback_.pause();
  tween_.stop();
  drop_hint();
  compare_.emplace(*puzzle_, request, session_.at(at).solve_key(), at);
  announce("Comparing " + std::to_string(compare_->size()) + " searches in a " + where() + ".");
  start_compare_row();
}

bool Midend::can_compare() const {
  return puzzle_ && compare_plan(*puzzle_).size() > 1;
}

void Midend::start_compare_row() {
  if (const auto request = compare_->start_next(now())) {
    begin_work(*request);
    return;
  }
  const std::vector<CompareRow> rows = compare_->rows();
  size_t solved = 0;
  for (const CompareRow& row : rows) solved += row.status == CompareStatus::solved;
  std::string said = "Compare done: " + std::to_string(solved) + " of " +
                     std::to_string(rows.size()) + " searches solved it.";
  if (const auto contradiction = find_contradiction(rows)) {
    said += " The algorithms disagree: " + contradiction->message + ".";
    set_note(said, true);
  }
  announce(said);
}

void Midend::on_compare_row(const SolveResult& result) {
  compare_->finish(result);
  start_compare_row();
}

void Midend::play_compare_row(size_t row) {
  changed();
  if (!compare_ || searching() || row >= compare_->runs().size()) return;
  compare_->selected = row;
  const SolveRun& chosen = compare_->runs()[row];
  if (!chosen.result() || chosen.status() != RunStatus::solved) return;  // the table says why
  const int at = compare_->chain_index();
  if (at >= session_.size() || session_.at(at).solve_key() != compare_->key()) {
    set_note("The board changed since Compare: compare again to play a row back.", true);
    return;
  }
  playback_.pause();
  tween_.stop();
  drop_hint();
  step_to(at, false);
  session_.drop_solution();
  run_ = chosen;
  run_key_ = compare_->key();
  ++view_epoch_;
  present_solution();
}

bool Midend::comparison_current() const {
  if (!compare_ || session_.empty() || !puzzle_) return false;
  if (comparing()) return true;
  if (session_.at(solved_position(*puzzle_, session_)).solve_key() == compare_->key()) return true;
  const auto solution = session_.solution();
  return solution && solution->first == compare_->chain_index() && run_key_ == compare_->key() &&
         session_.index() >= solution->first && session_.index() <= solution->last;
}

// window.puzzleLab.comparison: null, or {rows (how many the comparison runs),
// running (the row running, 0-based; -1 when none), cancelled, current (for
// the position on screen), selected (-1: none), results: the finished rows
// as `puzzlelab compare --json` writes them, with "mark"}.
void Midend::write_compare_state(JsonWriter& json) const {
  json.key("comparison");
  if (!compare_) {
    json.null();
    return;
  }
  json.begin_object();
  json.key("rows").value(uint64_t{compare_->size()});
  json.key("running").value(compare_->running() ? int64_t(compare_->runs().size()) - 1 : -1);
  json.key("cancelled").value(compare_->cancelled());
  json.key("current").value(comparison_current());
  json.key("selected").value(compare_->selected ? int64_t(*compare_->selected) : -1);
  json.key("results").begin_array();
  const std::vector<CompareRow> rows = compare_->rows();
  const std::vector<std::string> marks = compare_->marks();
  for (size_t i = 0; i < rows.size(); ++i) {
    const CompareRow& row = rows[i];
    Json item = compare_row_json(row);
    item["why"] = row.why;
    item["mark"] = marks[i];
    item["moves"] = row.moves.size();
    json.json(item);
  }
  json.end_array();
  json.end_object();
}

}  // namespace puzzlelab::shell
