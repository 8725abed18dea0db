#include "midend/midend.h"

#include <algorithm>
#include <cctype>
#include <chrono>
#include <cstdlib>
#include <utility>

#include "core/random.h"
#include "core/text.h"
#include "puzzles/puzzle_list.h"

namespace puzzlelab::shell {

namespace {

constexpr double kKeyboardSlideSeconds = 0.12;
constexpr double kUndoSlideSeconds = 0.16;
constexpr double kHintSeconds = 0.3;
constexpr double kNoteSeconds = 6;
constexpr uint64_t kSeedRange = 1'000'000;       // short seeds keep shared links readable
constexpr uint64_t kAnyPosition = ~uint64_t{0};  // a note that stands wherever the game goes
constexpr size_t kMaxLinkMoves = 100'000;        // a position a link reopens, move by move

template <class Names>
int index_of(const Names& names, std::string_view name) {
  const auto found = std::find(names.begin(), names.end(), name);
  return found == names.end() ? 0 : static_cast<int>(found - names.begin());
}

// A seed from the clock, mixed (splitmix64) so that clocks with coarse
// ticks still give seeds all over the range.
uint64_t clock_seed() {
  uint64_t state =
      static_cast<uint64_t>(std::chrono::system_clock::now().time_since_epoch().count());
  return splitmix64(state) % kSeedRange + 1;
}

Midend::Clock steady_clock_seconds() {
  const auto start = std::chrono::steady_clock::now();
  return [start] {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  };
}

// A link that names no board: the saved position may stand in for it.
bool names_no_board(const LaunchOptions& options) {
  return !options.board && options.difficulty.empty() && !options.seed && options.others.empty() &&
         options.moves.empty();
}

}  // namespace

Midend::Midend(std::string assets_dir, std::unique_ptr<SolverClient> solver, Clock clock)
    : library_(std::move(assets_dir)),
      solver_(std::move(solver)),
      clock_(clock ? std::move(clock) : steady_clock_seconds()) {
  if (!all_puzzles().empty()) show_puzzle(*all_puzzles().front());
}

// --- boards ---------------------------------------------------------------

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

bool Midend::restore_saved(const std::string& id, const LaunchOptions& asked) {
  const std::optional<std::string> saved = store_ ? store_->load(id) : std::nullopt;
  if (!saved) return false;
  LaunchOptions options = parse_hash(*saved);
  const PuzzleInfo* info = find_puzzle(id);
  if (!info || options.puzzle != id) return false;
  if (!asked.algorithm.empty()) options.algorithm = asked.algorithm;
  if (!asked.metric.empty()) options.metric = asked.metric;
  options.solve = asked.solve;
  options.embed = asked.embed;
  open_link(options);
  if (load_error_.empty()) return true;
  // Saved by another version, or the bundled boards changed: start afresh.
  const std::string why = load_error_;
  load_error_.clear();
  show_puzzle(*info);
  set_note("The saved position could not be reopened (" + why + "); here is a fresh board.", true);
  return true;
}

namespace {

// The store's key for "reopening KEY now" (see Midend::restore_stored).
constexpr const char* kRestoringKey = "restoring";

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

void Midend::restore_stored(const std::string& id, const LaunchOptions& asked, bool* restored) {
  const bool marked = store_ && autosave_;
  if (marked) {
    const std::string unfinished = store_->load(kRestoringKey).value_or("");
    if (!unfinished.empty()) {
      set_aside_note_ = set_aside(unfinished, "What was open when the page last stopped",
                                  "the page stopped while reopening it");
    }
  }
  const auto mark = [&](const std::string& key) {
    if (marked) store_->save(kRestoringKey, key);
  };
  bool done = false;
  if (!id.empty()) {
    mark(id);
    done = restore_saved(id, asked);
  }
  if (restored) {
    *restored = done;
    if (!done) open_link(asked);
    embed_ = asked.embed;
  }
  if (puzzle_) mark("edit:" + std::string(puzzle_->id));
  restore_edit();
  mark("");
  if (!set_aside_note_.empty()) set_note(std::exchange(set_aside_note_, {}), true, NoteAbout::app);
}

std::string Midend::set_aside(const std::string& key, std::string_view what, std::string_view why) {
  const std::string value = store_->load(key).value_or("");
  store_->save("set-aside:" + key, value);
  store_->save(key, "");
  store_->save(kRestoringKey, "");
  return std::string(what) + " could not be reopened (" + text::excerpt(why, 200) +
         "); it was set aside, and the page starts afresh.";
}

void Midend::autosave() {
  if (!store_ || !autosave_ || !puzzle_ || playing()) return;
  const std::string hash = share_hash();
  if (hash.empty() || hash == saved_hash_) return;
  store_->save(std::string(puzzle_->id), hash);
  store_->save("last", std::string(puzzle_->id));
  saved_hash_ = hash;
}

void Midend::link_problem(const std::string& text) {
  set_note(text, true);
  note_position_ = kAnyPosition;  // about the link, whatever position it leads to
  link_error_ += (link_error_.empty() ? "" : " ") + text;
}

void Midend::play_link_moves(const std::vector<std::string>& moves, std::string_view shown) {
  // A solution the sender was shown stays the solver's: never the recipient's.
  const LinkOrigins origins = read_shown(shown, moves.size());
  if (!origins.error.empty()) link_problem(origins.error);
  // Each move is a position on the undo chain (a few hundred bytes): a link
  // may hold at most kMaxLinkMoves of them.
  const size_t playable = std::min(moves.size(), kMaxLinkMoves);
  for (size_t i = 0; i < playable; ++i) {
    const ApplyResult result = session_.play(moves[i], origins.origins[i]);
    if (!result) {
      link_problem("Move " + std::to_string(i + 1) + " of the link ('" + text::excerpt(moves[i]) +
                   "') does not apply: " + text::excerpt(result.error, 200) +
                   "; the board stops before it.");
      return;
    }
  }
  if (moves.size() > playable) {
    link_problem("The link holds " + std::to_string(moves.size()) +
                 " moves; the board stops after " + std::to_string(kMaxLinkMoves) + ".");
  }
}

std::optional<std::string> Midend::rewrite_board(std::string text, const LinkKeys& others) {
  for (const auto& [key, value] : others) {
    const TextOption* option = find_text_option(key);
    if (!option || !is_true(value)) continue;
    auto rewritten = option->apply(text);
    if (!rewritten) {
      load_error_ = text::excerpt(key) + ": " + rewritten.error().describe();
      return std::nullopt;
    }
    text = std::move(rewritten).value();
  }
  return text;
}

const TextOption* Midend::find_text_option(std::string_view name) const {
  for (const TextOption& option : puzzle_->hooks.text_options) {
    if (option.name == name) return &option;
  }
  return nullptr;
}

void Midend::note_unknown_keys(const LinkKeys& others) {
  // A few are named, the rest counted: a link may repeat a key 200,000 times.
  constexpr size_t kKeysNamed = 3;
  std::vector<std::string> named;  // distinct "'key=value'"
  size_t unknown = 0;
  for (const auto& [key, value] : others) {
    if (find_text_option(key)) continue;
    const auto& view_keys = puzzle_->hooks.view_keys;
    if (std::find(view_keys.begin(), view_keys.end(), key) != view_keys.end()) continue;
    ++unknown;
    if (named.size() == kKeysNamed) continue;
    std::string shown = "'" + text::excerpt(key) + "=" + text::excerpt(value) + "'";
    if (std::find(named.begin(), named.end(), shown) == named.end()) named.push_back(shown);
  }
  if (unknown == 0) return;
  std::string list;
  for (const std::string& shown : named) list += (list.empty() ? "" : ", ") + shown;
  if (unknown > named.size()) list += " and " + std::to_string(unknown - named.size()) + " more";
  link_problem(list + (unknown == 1 ? " in the link is" : " in the link are") +
               " not understood: ignored.");
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

void Midend::request_puzzle(std::string difficulty, std::optional<uint64_t> seed, bool by_player) {
  if (editing()) {  // a new board asked for: the one being built stays saved
    solver_->cancel();
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

void Midend::start_session(std::unique_ptr<Game> game, std::string board) {
  if (editing()) {  // another board: the one being built stays saved
    solver_->cancel();
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

void Midend::open(const LaunchOptions& options) {
  changed();
  autosave_ = !options.embed;
  link_error_.clear();
  // An embed shows what its blogger chose, never the reader's saved game.
  bool restored = false;
  std::string id;
  if (store_ && !options.embed && names_no_board(options)) {
    id = options.puzzle.empty() ? store_->load("last").value_or("") : options.puzzle;
  }
  restore_stored(id, options, &restored);
  rules_deferred_ = options.solve && !embed_;
  if (!rules_deferred_) open_rules_if_unseen();
  announce_board();
  if (options.rules && !rules_shown_) show_rules();  // rules=1: an embed's blogger asked for it
}

void Midend::open_link(const LaunchOptions& options) {
  if (!options.puzzle.empty()) {
    const PuzzleInfo* info = find_puzzle(options.puzzle);
    if (!info) {
      load_error_ =
          "unknown puzzle '" + text::excerpt(options.puzzle) + "': expected one of " + puzzle_ids();
      return;
    }
    if (info != puzzle_) show_puzzle(*info);
  }
  if (!puzzle_) return;
  algorithm_ = index_of(puzzle_->algorithms, options.algorithm);
  metric_ = index_of(puzzle_->metrics, options.metric);
  for (const auto& [asked, names] : {std::pair{options.algorithm, puzzle_->algorithms},
                                     std::pair{options.metric, puzzle_->metrics}}) {
    if (!asked.empty() && std::find(names.begin(), names.end(), asked) == names.end()) {
      link_problem("No '" + text::excerpt(asked) + "' for " + std::string(puzzle_->title) +
                   "; using the default.");
    }
  }
  auto others = options.others;
  std::optional<std::string> link_board = options.board;
  if (!link_board && puzzle_->hooks.board_from_link) {
    auto built = puzzle_->hooks.board_from_link(others);
    if (!built) {
      load_error_ = built.error().describe();
      return;
    }
    if (!built.value().empty()) link_board = std::move(built).value();
  }
  note_unknown_keys(others);
  if (link_board) {
    const auto board = rewrite_board(*link_board, others);
    if (!board || !open_board(*board)) return;
    base_board_ = *link_board;
    for (const auto& [key, value] : others) {
      if (find_text_option(key) && is_true(value)) options_on_.push_back(key);
    }
    play_link_moves(options.moves, options.shown);
  } else if (!options.difficulty.empty() || options.seed) {
    request_puzzle(options.difficulty, options.seed, false);
    solve_when_generated_ = options.solve && generating_.has_value();
    moves_when_generated_ = options.moves;
    shown_when_generated_ = options.shown;
    return;
  } else if (!options.moves.empty()) {
    play_link_moves(options.moves, options.shown);  // on the puzzle's first bundled board
  }
  if (options.solve) solve();
}

// --- slow work ------------------------------------------------------------

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
  work_started_ = now();
  work_progress_.reset();
  solver_->start(request);
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
  solver_->cancel();
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
  std::vector<SolverEvent> events = solver_->poll();
  if (!events.empty()) changed();
  if (editing()) {  // the solver is the editor's: its verdicts
    on_edit_events(std::move(events));
    return;
  }
  for (SolverEvent& event : events) {
    if (const auto* progress = std::get_if<SolveProgress>(&event)) {
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
  if (working_ || tween_.active()) return 0;
  double wait = kNever;
  if (playback_.playing()) wait = std::max(0.0, playback_.next_step_at() - now());
  if (!note_.empty() && now() - note_time_ < kNoteSeconds)
    wait = std::min(wait, note_time_ + kNoteSeconds - now());
  return wait;
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

// --- moves ------------------------------------------------------------------

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
  changed();
  if (editing()) {
    if (!edit_->can_undo()) return;
    edit_->undo(now());
    ++view_epoch_;
    edit_changed();
    return;
  }
  if (searching()) return;
  playback_.pause();
  const int before = session_.index();
  step_to(before - 1, true);
  if (session_.index() != before) announce("Undone. " + counter_text() + ".");
}

void Midend::redo() {
  changed();
  if (editing()) {
    if (!edit_->can_redo()) return;
    edit_->redo(now());
    ++view_epoch_;
    edit_changed();
    return;
  }
  if (searching()) return;
  playback_.pause();
  const int before = session_.index();
  step_to(before + 1, true);
  if (session_.index() != before) announce("Redone. " + counter_text() + ".");
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

// --- playback -------------------------------------------------------------

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

void Midend::describe() {
  changed();
  if (session_.empty()) return;
  announce(std::string(puzzle_->title) + ". " + session_.current().describe() + " " +
           counter_text() + ".");
}

// --- the rules card, announcements -------------------------------------------

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
             std::string(puzzle_->rules.text));
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

// --- what the player reads -------------------------------------------------

void Midend::set_note(std::string text, bool is_error, NoteAbout about) {
  changed();
  note_ = std::move(text);
  note_is_error_ = is_error;
  note_time_ = now();
  note_position_ = about == NoteAbout::position ? position_stamp_ : kAnyPosition;
  announce(note_);
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

const std::string& Midend::board_link(const std::string& board) const {
  if (board_link_.puzzle != puzzle_->id || board_link_.board != board)
    board_link_ = {puzzle_->id, board, make_hash(puzzle_->id, board)};
  return board_link_.hash;
}

std::string Midend::share_hash() const {
  // After a failed load the URL keeps what the user gave, so it can be
  // fixed; while a puzzle is being made it keeps what was asked for.
  if (!puzzle_ || start_board_.empty() || !load_error_.empty() || generating_) return "";
  // A board rewritten by text options is linked as it was before them, with
  // the options: the link reopens it with the same switches on.
  std::string hash = generated_
                         ? make_generate_hash(puzzle_->id, generated_->difficulty, generated_->seed)
                         : board_link(options_on_.empty() ? start_board_ : base_board_);
  for (const std::string& option : options_on_) hash += "&" + option + "=1";
  if (algorithm_ > 0 && algorithm_ < static_cast<int>(puzzle_->algorithms.size()))
    hash += "&algorithm=" + url_encode(puzzle_->algorithms[algorithm_].name);
  if (metric_ > 0 && metric_ < static_cast<int>(puzzle_->metrics.size()))
    hash += "&metric=" + url_encode(puzzle_->metrics[metric_].name);
  return hash + record().link_part(session_.index());
}

}  // namespace puzzlelab::shell
