// Edit mode: the midend's side of it (see Midend::editing). Every puzzle's
// editor goes through here; nothing below names a puzzle.
#include <utility>

#include "midend/midend.h"

namespace puzzlelab::shell {

namespace {

// Where the board being built is kept: beside the puzzle's saved position.
std::string edit_key(std::string_view id) {
  return "edit:" + std::string(id);
}

}  // namespace

void Midend::start_editing() {
  changed();
  if (!can_edit() || editing() || session_.empty()) return;
  cancel();
  playback_.pause();
  tween_.stop();
  drop_hint();
  const PuzzleEditor& editor = *puzzle_->editor;
  const Game& position = session_.current();
  std::string board = editor.board_of ? editor.board_of(position) : position.format();
  edit_.emplace(*puzzle_, std::move(board), now());
  ++view_epoch_;
  announce("Editing the board. " + std::string(editor.tools.front().label) + " in hand.");
  edit_changed();
}

void Midend::edit_blank(EditSize size) {
  changed();
  if (!editing()) return;
  const PuzzleEditor& editor = edit_->editor();
  size.width = std::clamp(size.width, editor.min_size.width, editor.max_size.width);
  size.height = std::clamp(size.height, editor.min_size.height, editor.max_size.height);
  edit_->replace(editor.blank(size),
                 "new " + std::to_string(size.width) + "x" + std::to_string(size.height), now());
  ++view_epoch_;
  edit_changed();
}

void Midend::set_edit_tool(int index) {
  changed();
  if (editing() && index >= 0 && index < static_cast<int>(edit_->editor().tools.size()))
    edit_->set_tool(index);
}

void Midend::apply_edit(std::string_view edit) {
  const std::string refused = edit_->apply(edit, now());
  if (!refused.empty()) {
    set_note(refused, true);
    return;
  }
  note_.clear();
  edit_changed();
}

void Midend::edit_changed() {
  game_work().cancel();
  working_.reset();
  if (auto request = edit_->check(now())) game_work().start(*request);
  save_edit();
}

void Midend::on_edit_events(std::vector<SolverEvent> events) {
  for (SolverEvent& event : events) {
    const auto* reply = std::get_if<Reply>(&event);
    if (!reply) continue;  // progress: the verdict says "checking" meanwhile
    if (auto next = edit_->on_reply(*reply, now())) game_work().start(*next);
  }
}

bool Midend::play_edited() {
  changed();
  if (!editing()) return false;
  const std::string board = edit_->board();
  auto game = puzzle_->parse(board);
  if (!game) {
    set_note("Not a valid board yet: " + game.error().describe(), true);
    return false;
  }
  // The verdict's optimum goes with the board: the record's start keeps it.
  const EditVerdict& verdict = edit_->verdict();
  const bool proven = verdict.kind == EditVerdict::Kind::solvable && verdict.optimal &&
                      verdict.cost && puzzle_->hooks.has_goal;
  const std::optional<int64_t> optimum = proven ? verdict.cost : std::nullopt;
  game_work().cancel();
  edit_.reset();
  save_edit();
  load_board(board);  // a board of the player's choice: its own link and history entry
  if (bundled_index_ < 0) name_start(RecordStart::Kind::edited);
  if (optimum && !start_.optimum) start_.optimum = optimum;
  return true;
}

void Midend::stop_editing() {
  changed();
  if (!editing()) return;
  game_work().cancel();
  edit_.reset();
  ++view_epoch_;
  save_edit();
  announce("Back to the game.");
}

void Midend::save_edit() {
  if (!store_ || !autosave_ || !puzzle_) return;
  const std::string board = editing() ? edit_->board() : "";
  if (board == saved_edit_) return;
  store_->save(edit_key(puzzle_->id), board);
  saved_edit_ = board;
}

// The board being built when the page closed, in Edit mode again (its undo
// chain starts there).
void Midend::restore_edit() {
  edit_.reset();
  if (!store_ || !autosave_ || !puzzle_ || !puzzle_->editor) return;
  const std::string board = store_->load(edit_key(puzzle_->id)).value_or("");
  saved_edit_ = board;
  if (board.empty() || session_.empty()) return;
  // A text the editor reads no board from (larger than any: the readers
  // refuse it unread) is set aside, and the parser says why.
  const EditSize size = puzzle_->editor->size_of(board);
  if (size.width <= 0 || size.height <= 0) {
    auto parsed = puzzle_->parse(board);
    const std::string why = parsed ? "the editor cannot read it" : parsed.error().describe();
    set_aside_note_ = set_aside(edit_key(puzzle_->id), "The board being built", why);
    saved_edit_.clear();
    return;
  }
  edit_.emplace(*puzzle_, board, now());
  ++view_epoch_;
  edit_changed();
}

}  // namespace puzzlelab::shell
