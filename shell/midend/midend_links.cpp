// The midend's links and stored positions: opening what a URL hash or the
// command line asks for, replaying a link's moves, reopening the position
// saved for a puzzle (and setting aside one that cannot be reopened),
// saving it, and the share link of the position on screen.
#include <algorithm>
#include <utility>

#include "core/text.h"
#include "midend/midend.h"
#include "puzzles/puzzle_list.h"

namespace puzzlelab::shell {

namespace {

constexpr size_t kMaxLinkMoves = 100'000;  // a position a link reopens, move by move

// The store's key for "reopening KEY now" (see Midend::restore_stored).
constexpr const char* kRestoringKey = "restoring";

template <class Names>
int index_of(const Names& names, std::string_view name) {
  const auto found = std::find(names.begin(), names.end(), name);
  return found == names.end() ? 0 : static_cast<int>(found - names.begin());
}

// A link that names no board: the saved position may stand in for it.
bool names_no_board(const LaunchOptions& options) {
  return !options.board && options.difficulty.empty() && !options.seed && options.others.empty() &&
         options.moves.empty();
}

}  // namespace

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
