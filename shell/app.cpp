#include "app.h"

#include <algorithm>
#include <chrono>

#include "puzzles/puzzle_list.h"
#include "view_registry.h"

namespace puzzlelab::shell {

namespace {

constexpr double kKeyboardSlideSeconds = 0.12;
constexpr double kUndoSlideSeconds = 0.16;
constexpr double kHintSeconds = 0.3;
constexpr uint64_t kSeedRange = 1'000'000;  // short seeds keep shared links readable

template <class Names>
int index_of(const Names& names, std::string_view name) {
  const auto found = std::find(names.begin(), names.end(), name);
  return found == names.end() ? 0 : static_cast<int>(found - names.begin());
}

// A seed from the clock, mixed (splitmix64) so that clocks with coarse
// ticks still give seeds all over the range.
uint64_t clock_seed() {
  uint64_t z = static_cast<uint64_t>(std::chrono::system_clock::now().time_since_epoch().count());
  z += 0x9E3779B97F4A7C15ull;
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return (z ^ (z >> 31)) % kSeedRange + 1;
}

}  // namespace

App::App(AppConfig config, std::unique_ptr<SolverClient> solver)
    : config_(std::move(config)),
      fonts_(config_.font_dir),
      library_(config_.assets_dir),
      solver_(std::move(solver)) {
  if (!all_puzzles().empty()) select_puzzle(*all_puzzles().front());
}

double App::now() const {
  return ImGui::GetTime();
}

bool App::prepare(float ui_scale) {
  scale_ = ui_scale;
  if (!fonts_.update(ui_scale)) return false;
  apply_style(ui_scale);
  return true;
}

void App::select_puzzle(const PuzzleInfo& info) {
  cancel_solve();
  puzzle_ = &info;
  view_ = make_view(info.id);
  algorithm_ = metric_ = difficulty_ = 0;
  session_ = Session();
  start_board_.clear();
  generated_.reset();
  run_.reset();
  const auto& bundled = library_.bundled(info.id);
  if (!bundled.empty()) {
    bundled_index_ = 0;
    load_board(bundled.front().board);
  } else {
    bundled_index_ = -1;
  }
}

bool App::load_board(std::string_view text) {
  auto game = puzzle_->parse(text);
  if (!game) {
    load_error_ = game.error().describe();
    return false;
  }
  start_session(std::move(game).value(), std::string(text));
  return true;
}

bool App::new_puzzle(std::string difficulty, std::optional<uint64_t> seed) {
  GenerateOptions options;
  options.difficulty = std::move(difficulty);
  if (options.difficulty.empty() && !puzzle_->difficulties.empty())
    options.difficulty = std::string(puzzle_->difficulties.front());
  options.seed = seed.value_or(clock_seed());
  return generate_board(options);
}

bool App::generate_board(const GenerateOptions& options) {
  if (!puzzle_->generate) {
    load_error_ = std::string(puzzle_->title) + " has no puzzle generator";
    return false;
  }
  auto game = puzzle_->generate(options);
  if (!game) {
    load_error_ = game.error().message;
    return false;
  }
  std::string board = game.value()->format();
  start_session(std::move(game).value(), std::move(board));
  generated_ = options;
  difficulty_ = index_of(puzzle_->difficulties, options.difficulty);
  bundled_index_ = -1;
  return true;
}

void App::start_session(std::unique_ptr<Game> game, std::string board) {
  cancel_solve();
  load_error_.clear();
  run_.reset();
  hint_.reset();
  tween_.stop();
  playback_.pause();
  generated_.reset();
  known_cost_ = library_.known_cost(puzzle_->id, board);
  start_board_ = std::move(board);
  session_ = Session(std::move(game));
  view_ = make_view(puzzle_->id);  // nothing selected or dragged from the last board
}

void App::open(const LaunchOptions& options) {
  embed_ = options.embed;
  if (!options.puzzle.empty()) {
    const PuzzleInfo* info = find_puzzle(options.puzzle);
    if (!info) {
      load_error_ = "unknown puzzle '" + options.puzzle + "': expected one of " + puzzle_ids();
      return;
    }
    if (info != puzzle_) select_puzzle(*info);
  }
  if (!puzzle_) return;
  algorithm_ = index_of(puzzle_->algorithms, options.algorithm);
  metric_ = index_of(puzzle_->metrics, options.metric);
  for (const auto& [asked, names] : {std::pair{options.algorithm, puzzle_->algorithms},
                                     std::pair{options.metric, puzzle_->metrics}}) {
    if (!asked.empty() && std::find(names.begin(), names.end(), asked) == names.end()) {
      set_note("No '" + asked + "' for " + std::string(puzzle_->title) + "; using the default.",
               true);
    }
  }
  if (options.board) {
    if (!load_board(*options.board)) {
      paste_text_ = *options.board;  // show it next to the error so it can be fixed
      return;
    }
    bundled_index_ = -1;
    const auto& bundled = library_.bundled(puzzle_->id);
    for (int i = 0; i < static_cast<int>(bundled.size()); ++i) {
      if (bundled[i].board == *options.board) bundled_index_ = i;
    }
  } else if (!options.difficulty.empty() || options.seed) {
    if (!new_puzzle(options.difficulty, options.seed)) return;
  }
  if (options.solve) start_solve();
}

void App::start_solve() {
  if (session_.empty() || solving()) return;
  SolveRequest request;
  request.puzzle = std::string(puzzle_->id);
  request.board = session_.current().format();
  if (!puzzle_->algorithms.empty())
    request.algorithm = std::string(puzzle_->algorithms[algorithm_].name);
  if (!puzzle_->metrics.empty()) request.metric = std::string(puzzle_->metrics[metric_].name);
  playback_.pause();
  tween_.stop();
  view_->reset();
  hint_.reset();
  run_.emplace(request, now());
  solver_->start(request);
}

void App::cancel_solve() {
  if (!solving()) return;
  solver_->cancel();
  run_->cancel(now());
}

void App::poll_solver() {
  for (SolverEvent& event : solver_->poll()) {
    if (!run_) continue;
    if (const auto* progress = std::get_if<SolveProgress>(&event))
      run_->add(*progress);
    else
      on_result(std::get<SolveResult>(event));
  }
}

void App::on_result(const SolveResult& result) {
  if (!run_ || !run_->running()) return;
  run_->finish(result);
  if (run_->status() != RunStatus::solved) return;
  const ApplyResult added = session_.add_solution(result.moves);
  if (!added) {
    set_note(added.error, true);
    return;
  }
  if (result.moves.empty()) return;
  playback_.fit_length(static_cast<int>(result.moves.size()));
  playback_.play(now());  // watch it play back at once
}

void App::play_move(const ViewAction& action) {
  if (!action.note.empty()) set_note(action.note);
  if (action.move.empty()) return;
  const int before = session_.index();
  const ApplyResult result = session_.play(action.move);
  if (!result) {
    set_note(result.error, true);
    return;
  }
  after_move(before, action.animate, kKeyboardSlideSeconds);
}

void App::after_move(int before, bool animate, double seconds) {
  hint_.reset();
  playback_.pause();
  if (animate)
    tween_.start(before, session_.index(), now(), seconds);
  else
    tween_.stop();
  if (session_.current().is_solved()) set_note(solved_text() + "!");
}

void App::step_to(int index, bool animate) {
  index = std::clamp(index, 0, session_.size() - 1);
  const int before = session_.index();
  if (index == before) return;
  session_.go_to(index);
  view_->reset();
  hint_.reset();
  const bool neighbour = std::abs(index - before) == 1;
  const double seconds = playback_.playing() ? playback_.slide_seconds() : kUndoSlideSeconds;
  if (animate && neighbour)
    tween_.start(before, index, now(), seconds);
  else
    tween_.stop();
}

void App::advance_playback() {
  if (!playback_.playing()) return;
  const auto solution = session_.solution();
  const int last = solution ? solution->last : session_.size() - 1;
  if (session_.index() >= last) {
    playback_.pause();
    return;
  }
  if (playback_.step_due(now())) step_to(session_.index() + 1, true);
}

void App::set_note(std::string text, bool is_error) {
  note_ = std::move(text);
  note_is_error_ = is_error;
  note_time_ = now();
}

void App::show_hint() {
  if (session_.empty() || solving() || !view_->offers_hints()) return;
  hint_ = session_.current().hint();
  if (!hint_)
    set_note("No hint for this position.");
  else  // the explanation names the technique itself
    set_note(hint_->explanation.empty() ? hint_->technique : hint_->explanation);
}

void App::apply_hint() {
  if (!hint_ || hint_->moves.empty() || solving()) return;
  const int before = session_.index();
  const ApplyResult result = session_.play_all(hint_->moves);  // one undo step
  if (!result) {
    set_note(result.error, true);
    return;
  }
  note_.clear();  // the hint's note is done with
  after_move(before, true, kHintSeconds);
}

void App::command(std::string_view name) {
  if (name == "solve")
    start_solve();
  else if (name == "cancel")
    cancel_solve();
  else if (name == "play")
    playback_.play(now());
  else if (name == "pause")
    playback_.pause();
  if (solving()) return;  // the rest change the position, which waits for the solve
  if (name == "undo" || name == "redo" || name == "restart") playback_.pause();
  if (name == "undo")
    step_to(session_.index() - 1, true);
  else if (name == "redo")
    step_to(session_.index() + 1, true);
  else if (name == "restart")
    step_to(0, false);
  else if (name == "first" || name == "last")
    show_solution_end(name == "last");
  else if (name == "hint")
    show_hint();
  else if (name == "applyHint")
    apply_hint();
}

void App::show_solution_end(bool last) {
  const auto solution = session_.solution();
  if (!solution || solving()) return;
  playback_.pause();
  step_to(last ? solution->last : solution->first, false);
}

std::string App::share_hash() const {
  // After a failed load the URL keeps what the user gave, so it can be fixed.
  if (!puzzle_ || start_board_.empty() || !load_error_.empty()) return "";
  if (generated_) return make_generate_hash(puzzle_->id, generated_->difficulty, generated_->seed);
  return make_hash(puzzle_->id, start_board_);
}

std::string App::solved_text() const {
  const int64_t cost = session_.cost_so_far();
  const std::string_view metric = puzzle_->metrics.empty() ? "" : puzzle_->metrics[metric_].name;
  std::string text =
      "Solved: " + std::to_string(cost) + " " + std::string(cost_unit(*puzzle_, metric));
  if (known_cost_ && cost == *known_cost_) text += " \u2013 optimal";
  return text;
}

}  // namespace puzzlelab::shell
