// The midend's core (see midend.h): made with its work room, the puzzle and
// the board being played, and page commands by name. The rest is by
// concern: links and stored positions (midend_links.cpp), slow work through
// the room (midend_work.cpp), moves and playback (midend_play.cpp), what
// the player reads and hears (midend_words.cpp), Compare
// (midend_compare.cpp) and Edit mode (midend_edit.cpp).
#include "midend/midend.h"

#include <algorithm>
#include <chrono>
#include <utility>

#include "puzzles/puzzle_list.h"

namespace puzzlelab::shell {

namespace {

Midend::Clock steady_clock_seconds() {
  const auto start = std::chrono::steady_clock::now();
  return [start] {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  };
}

// A room with `solver` on its game lane, on `clock`.
std::unique_ptr<WorkRoom> room_with(std::unique_ptr<SolverClient> solver, Midend::Clock clock) {
  auto room = std::make_unique<WorkRoom>(std::move(clock));
  room->set_client(Lane::game, std::move(solver));
  return room;
}

}  // namespace

Midend::Midend(std::string assets_dir, std::unique_ptr<WorkRoom> work, Clock clock)
    : library_(std::move(assets_dir)),
      clock_(clock ? std::move(clock) : steady_clock_seconds()),
      work_(std::move(work)) {
  if (!all_puzzles().empty()) show_puzzle(*all_puzzles().front());
}

Midend::Midend(std::string assets_dir, std::unique_ptr<SolverClient> solver, Clock clock)
    : Midend(std::move(assets_dir), room_with(std::move(solver), clock), clock) {}

void Midend::select_puzzle(const PuzzleInfo& info) {
  changed();
  rules_deferred_ = false;
  link_error_.clear();
  show_puzzle(info);
  restore_stored(std::string(info.id), {}, nullptr);
  ++board_choices_;
  open_rules_if_unseen();
  announce_board();
}

void Midend::show_puzzle(const PuzzleInfo& info) {
  cancel();
  if (puzzle_ != &info) rules_shown_ = false;  // the card was the other puzzle's
  puzzle_ = &info;
  algorithm_ = metric_ = 0;
  difficulty_.clear();
  session_ = Session();
  start_board_.clear();
  generated_.reset();
  run_.reset();
  ++board_epoch_;
  const auto& bundled = library_.bundled(info.id);
  bundled_index_ = -1;
  if (!bundled.empty() && open_board(bundled.front().board)) bundled_index_ = 0;
}

bool Midend::load_board(std::string_view text) {
  changed();
  if (!open_board(text)) return false;
  link_error_.clear();
  ++board_choices_;
  announce_board();
  return true;
}

bool Midend::open_board(std::string_view text) {
  auto game = puzzle_->parse(text);
  if (!game) {
    load_error_ = game.error().describe();
    return false;
  }
  start_session(std::move(game).value(), std::string(text));
  bundled_index_ = -1;
  const auto& bundled = library_.bundled(puzzle_->id);
  for (int i = 0; i < static_cast<int>(bundled.size()); ++i) {
    if (bundled[i].board == text) bundled_index_ = i;
  }
  name_start(bundled_index_ >= 0 ? RecordStart::Kind::bundled : RecordStart::Kind::pasted);
  return true;
}

bool Midend::load_bundled(int index) {
  changed();
  const auto& bundled = library_.bundled(puzzle_->id);
  if (index < 0 || index >= static_cast<int>(bundled.size())) return false;
  if (!open_board(bundled[index].board)) return false;
  bundled_index_ = index;
  name_start(RecordStart::Kind::bundled);
  link_error_.clear();
  ++board_choices_;
  announce_board();
  return true;
}

int Midend::difficulty() const {
  if (!puzzle_ || difficulty_.empty()) return 0;
  const auto& names = puzzle_->difficulties;
  const auto found = std::find(names.begin(), names.end(), difficulty_);
  return found == names.end() ? -1 : static_cast<int>(found - names.begin());
}

void Midend::set_difficulty(int index) {
  changed();
  const auto& names = puzzle_->difficulties;
  if (index >= 0 && index < static_cast<int>(names.size())) difficulty_ = names[index];
}

void Midend::next_board() {
  changed();
  if (!puzzle_ || searching()) return;
  if (puzzle_->generate) {
    new_puzzle(difficulty_, std::nullopt);
    return;
  }
  const int count = static_cast<int>(library_.bundled(puzzle_->id).size());
  if (count > 1 || (count == 1 && bundled_index_ != 0))
    load_bundled((bundled_index_ + 1) % count);
  else
    set_note(std::string(puzzle_->title) + " has no other board to go to: paste one.");
}

void Midend::new_puzzle(std::string difficulty, std::optional<uint64_t> seed) {
  changed();
  request_puzzle(std::move(difficulty), seed, true);
}

void Midend::start_session(std::unique_ptr<Game> game, std::string board) {
  if (editing()) {  // another board: the one being built stays saved
    game_work().cancel();
    edit_.reset();
  }
  cancel();
  load_error_.clear();
  run_.reset();
  compare_.reset();
  drop_hint();
  rating_.clear();
  tween_.stop();
  playback_.pause();
  generated_.reset();
  start_ = RecordStart{};
  start_.optimum = library_.known_cost(puzzle_->id, board);
  base_board_ = board;
  options_on_.clear();
  start_board_ = std::move(board);
  session_ = Session(std::move(game));
  ++board_epoch_;  // nothing selected or dragged from the last board
  position_changed();
}

void Midend::command(std::string_view name) {
  if (name == "solve")
    solve();
  else if (name == "compare")
    compare();
  else if (name == "cancel")
    cancel();
  else if (name == "play")
    play_solution();
  else if (name == "pause")
    pause();
  else if (name == "undo")
    undo();
  else if (name == "redo")
    redo();
  else if (name == "restart")
    restart();
  else if (name == "first" || name == "last")
    solution_end(name == "last");
  else if (name == "hint")
    hint();
  else if (name == "applyHint")
    apply_hint();
  else if (name == "rate")
    rate();
  else if (name == "new")
    next_board();
  else if (name == "describe")
    describe();
  else if (name == "rules")
    show_rules();
  else if (name == "closeRules")
    close_rules();
  else if (name == "edit")
    start_editing();
  else if (name == "editPlay")
    play_edited();
  else if (name == "editStop")
    stop_editing();
}

void Midend::position_changed() {
  changed();
  ++position_stamp_;
  rating_.clear();
  const auto solution = session_.solution();
  const int at = session_.index();
  if (solution && (at < solution->first || at > solution->last)) session_.drop_solution();
}

bool Midend::text_option_on(std::string_view name) const {
  return std::find(options_on_.begin(), options_on_.end(), name) != options_on_.end();
}

void Midend::set_text_option(std::string_view name, bool on) {
  changed();
  if (!puzzle_ || searching() || base_board_.empty() || text_option_on(name) == on) return;
  std::vector<std::string> wanted;
  for (const TextOption& option : puzzle_->hooks.text_options) {
    if (option.name == name ? on : text_option_on(option.name))
      wanted.push_back(std::string(option.name));
  }
  std::string text = base_board_;
  for (const std::string& option : wanted) {
    auto rewritten = find_text_option(option)->apply(text);
    if (!rewritten) {
      set_note(option + ": " + rewritten.error().describe(), true);
      return;
    }
    text = std::move(rewritten).value();
  }
  const std::string base = base_board_;
  if (!open_board(text)) {
    set_note(load_error_, true);
    return;
  }
  base_board_ = base;
  options_on_ = wanted;
  link_error_.clear();
  ++board_choices_;
  announce_board();
}

}  // namespace puzzlelab::shell
