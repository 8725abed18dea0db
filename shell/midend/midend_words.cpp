// What the midend says: the How to play card, announcements for a screen
// reader, notes under the board, the toolbar's actions, the counter, the
// "Solved" text and the playback label, all read from the game's record.
#include <algorithm>
#include <cctype>
#include <string_view>
#include <utility>

#include "core/text.h"
#include "midend/midend.h"

namespace puzzlelab::shell {

namespace {

// The rules as a screen reader says them: every line, without the card's
// "[keys] " and "[touch] " marks (which pick a line per input method).
std::string rules_read_aloud(std::string_view text) {
  std::string said(text);
  for (const std::string_view mark : {"[keys] ", "[touch] "}) {
    for (size_t at = said.find(mark); at != std::string::npos; at = said.find(mark, at))
      said.erase(at, mark.size());
  }
  return said;
}

}  // namespace

void Midend::describe() {
  changed();
  if (session_.empty()) return;
  announce(std::string(puzzle_->title) + ". " + session_.current().describe() + " " +
           counter_text() + ".");
}

void Midend::open_rules_if_unseen() {
  changed();
  if (!autosave_ || !puzzle_ || puzzle_->rules.text.empty()) return;  // an embed: never
  const std::string key = "rules:" + std::string(puzzle_->id);
  const bool seen =
      store_ ? store_->load(key).has_value()
             : std::find(rules_seen_.begin(), rules_seen_.end(), key) != rules_seen_.end();
  if (!seen) rules_shown_ = true;
}

void Midend::rules_after_watching() {
  if (!rules_deferred_) return;
  rules_deferred_ = false;
  open_rules_if_unseen();
  if (rules_shown_)
    announce("How to play " + std::string(puzzle_->title) + ". " +
             rules_read_aloud(puzzle_->rules.text));
}

void Midend::show_rules() {
  changed();
  if (!puzzle_ || puzzle_->rules.text.empty()) return;
  rules_shown_ = true;
  announce("How to play " + std::string(puzzle_->title) + ". " +
           rules_read_aloud(puzzle_->rules.text));
}

void Midend::close_rules() {
  changed();
  if (!rules_shown_) return;
  rules_shown_ = false;
  const std::string key = "rules:" + std::string(puzzle_->id);
  if (store_ && autosave_)
    store_->save(key, "seen");
  else
    rules_seen_.push_back(key);
}

void Midend::announce(std::string text) {
  changed();
  announcement_.text = std::move(text);
  ++announcement_.serial;
}

std::string Midend::board_name() const {
  return editing() ? "the board being built" : start_.name;
}

void Midend::name_start(RecordStart::Kind kind) {
  start_.kind = kind;
  start_.seed.reset();
  const auto& bundled = library_.bundled(puzzle_->id);
  if (kind == RecordStart::Kind::bundled && bundled_index_ >= 0 &&
      bundled_index_ < static_cast<int>(bundled.size())) {
    start_.name = bundled[bundled_index_].title;
  } else if (kind == RecordStart::Kind::generated && generated_) {
    start_.seed = generated_->seed;
    start_.name = "a new puzzle, " + difficulty_label(*puzzle_, generated_->difficulty) +
                  ", seed " + std::to_string(generated_->seed);
  } else {
    start_.kind = kind == RecordStart::Kind::edited ? kind : RecordStart::Kind::pasted;
    start_.name = "your own board";
  }
}

void Midend::announce_board() {
  if (!puzzle_) return;
  if (session_.empty()) {
    announce(std::string(puzzle_->title) + ": no board. " + load_error_);
    return;
  }
  std::string text = std::string(puzzle_->title) + ", " + board_name() + ". " + counter_text() +
                     ". Press . to hear the position, ? for the keys.";
  if (const auto note = status_note()) text += " " + note->text;  // a link's problem, say
  if (rules_shown_) text += " How to play: " + rules_read_aloud(puzzle_->rules.text);
  announce(std::move(text));
}

void Midend::set_note(std::string text, bool is_error, NoteAbout about) {
  changed();
  note_ = std::move(text);
  note_is_error_ = is_error;
  note_time_ = now();
  note_position_ = about == NoteAbout::position ? position_stamp_ : kAnyPosition;
  announce(note_);
}

std::optional<Midend::Note> Midend::status_note() const {
  // A note describes the position it was made on (a link's, the link).
  if (note_position_ != kAnyPosition && note_position_ != position_stamp_) return std::nullopt;
  const bool fresh = now() - note_time_ < kNoteSeconds && !note_.empty();
  // The hint stays explained as long as its marks are on the board.
  if (hint_ && !(fresh && note_is_error_)) return Note{hint_->explanation, Note::Kind::hint};
  if (fresh) return Note{note_, note_is_error_ ? Note::Kind::error : Note::Kind::plain};
  return std::nullopt;
}

std::vector<ToolbarAction> Midend::actions(bool with_hints) const {
  std::vector<ToolbarAction> list;
  if (editing()) {  // Edit mode's own: play the board, walk the edits, leave
    list.push_back({"editPlay", "Play this board", true, true});
    list.push_back({"undo", "Undo", edit_->can_undo()});
    list.push_back({"redo", "Redo", edit_->can_redo()});
    list.push_back({"editStop", "Stop editing", true});
    return list;
  }
  if (searching())
    list.push_back({"cancel", "Cancel", true, true});
  else
    list.push_back({"solve", "Solve", !session_.empty() && puzzle_, true});
  if (with_hints && !session_.empty()) {
    const bool thinking = working_ == RequestKind::hint;
    list.push_back({"hint", thinking ? "Thinking\u2026" : "Hint",
                    interactive() && !thinking && !session_.current().is_solved()});
    list.push_back({"applyHint", "Apply hint", interactive() && hint_ && !hint_->moves.empty()});
  }
  const bool idle = !searching() && !session_.empty();
  list.push_back({"undo", "Undo", idle && session_.can_undo()});
  list.push_back({"redo", "Redo", idle && session_.can_redo()});
  list.push_back({"restart", "Restart", idle && session_.index() > 0});
  return list;
}

std::string_view Midend::solve_unit() const {
  return cost_unit(*puzzle_, run_ ? std::string_view(run_->request().metric) : "");
}

std::string Midend::solved_text() const {
  const auto solution = session_.solution();
  const std::optional<int64_t> solved = solved_cost();
  if (solution && solved && session_.index() == solution->last &&
      solution->last > solution->first) {
    // The answer played back: its cost is the solve's own (a Bender
    // program's length is not the sum of its walk's moves), as the panel
    // says; moves played by hand before the solve are counted apart, not
    // added in (a wrong digit and its erasure filled no cell).
    std::string text = "Solved: " + text::amount(*solved, solve_unit());
    const int mine = record().player_moves(solution->first);
    if (mine > 0) return text + " after your " + text::amount(mine, "moves");
    const bool default_metric =
        run_->request().metric.empty() ||
        (!puzzle_->metrics.empty() && run_->request().metric == puzzle_->metrics.front().name);
    // The bundled board's optimum (given in the default metric), or proven
    // by a search whose goal was chosen (a Sudoku's cost has no optimum).
    const bool chosen_goal = !puzzle_->metrics.empty() && run_->result()->optimal;
    if (chosen_goal || (default_metric && start_.optimum && *solved == *start_.optimum))
      text += " \u2013 optimal";
    return text;
  }
  // Played to here: the cost of every move from the start, as the counter's
  // unit counts; moves that were the solver's are said.
  int64_t cost = 0;
  int solver_moves = 0;
  for (int i = 1; i <= session_.index(); ++i) {
    cost += move_cost(i);
    solver_moves += session_.by_solver(i);
  }
  const std::string_view unit = hand_unit();
  std::string text = "Solved: " + text::amount(cost, unit);
  const bool counts_as_known = puzzle_->hooks.play_unit.empty() && unit == cost_unit(*puzzle_, "");
  if (counts_as_known && start_.optimum && cost == *start_.optimum) text += " \u2013 optimal";
  if (solver_moves > 0) {
    text += " (" + std::to_string(solver_moves) + " of the moves were the solver's)";
  }
  return text;
}

std::string_view Midend::hand_unit() const {
  if (!puzzle_) return "moves";
  if (!puzzle_->hooks.play_unit.empty()) return puzzle_->hooks.play_unit;
  const int metrics = static_cast<int>(puzzle_->metrics.size());
  return cost_unit(*puzzle_,
                   metrics ? puzzle_->metrics[std::clamp(metric_, 0, metrics - 1)].name : "");
}

int64_t Midend::move_cost(int index) const {
  if (!puzzle_ || puzzle_->metrics.empty() || metric_ <= 0 ||
      metric_ >= static_cast<int>(puzzle_->metrics.size()))
    return session_.cost_into(index);  // as apply() counts: the default metric
  const std::string_view metric = puzzle_->metrics[metric_].name;
  int64_t cost = 0;
  for (const std::string& part : session_.parts_into(index)) {
    const auto in_metric = session_.at(index - 1).cost_in(metric, part);
    cost += in_metric.value_or(1);
  }
  return cost;
}

int Midend::hand_moves() const {
  return session_.empty() ? 0 : record().player_moves();
}

bool Midend::solver_moves_shown() const {
  return !session_.empty() && record().solution_moves() > 0;
}

int64_t Midend::hand_cost() const {
  int64_t cost = 0;
  for (int i = 1; !session_.empty() && i <= session_.index(); ++i) {
    if (!session_.by_solver(i)) cost += move_cost(i);
  }
  return cost;
}

std::string Midend::counter_text() const {
  if (session_.empty() || !puzzle_) return "";
  if (editing()) return "Edits: " + std::to_string(edit_->edits());
  if (const auto counter = session_.current().counter()) {
    std::string name(counter->name);
    if (!name.empty())
      name[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(name[0])));
    return name + ": " + std::to_string(counter->value) +
           (counter->of > 0 ? " of " + std::to_string(counter->of) : "");
  }
  const int moves = hand_moves();
  std::string unit(hand_unit());
  // With a solution's moves on screen the board is past the player's own
  // count, so the counter says whose moves it counts.
  std::string text = (solver_moves_shown() ? "Your moves: " : "Moves: ") + std::to_string(moves);
  if (unit == "moves") return text;
  if (!unit.empty()) unit[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(unit[0])));
  return text + " \u00b7 " + unit + ": " + std::to_string(hand_cost());
}

std::string Midend::short_counter_text() const {
  const std::string full = counter_text();
  const std::string separator = " \u00b7 ";
  const size_t last_part = full.rfind(separator);
  if (last_part == std::string::npos) return full;
  std::string part = full.substr(last_part + separator.size());
  if (!solver_moves_shown()) return part;
  part[0] = static_cast<char>(std::tolower(static_cast<unsigned char>(part[0])));
  return "Your " + part;
}

bool Midend::result_current() const {
  if (!run_ || run_->running()) return true;
  if (session_.empty()) return false;
  const auto solution = session_.solution();
  const int at = session_.index();
  if (solution && at >= solution->first && at <= solution->last) return true;
  return session_.current().solve_key() == run_key_;
}

std::string Midend::playback_label() const {
  const auto solution = session_.solution();
  if (!solution || solution->last == solution->first) return "";  // nothing to play back
  const int moves = solution->last - solution->first;
  const int at = std::clamp(session_.index() - solution->first, 0, moves);
  std::string label = "move " + std::to_string(at) + " of " + std::to_string(moves);
  const int64_t total = session_.solution_cost_to(solution->last);
  if (total != moves) {
    label += " \u00b7 " + std::to_string(session_.solution_cost_to(solution->first + at)) + " of " +
             std::to_string(total) + " " + std::string(solve_unit());
  }
  return label;
}

std::optional<int64_t> Midend::solved_cost() const {
  if (!run_ || run_->status() != RunStatus::solved || !run_->result()) return std::nullopt;
  return run_->result()->cost;
}

}  // namespace puzzlelab::shell
