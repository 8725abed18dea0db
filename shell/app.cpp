#include "app.h"

#include <algorithm>
#include <cmath>
#include <numbers>

#include "midend/launch_options.h"
#include "views/view_registry.h"

namespace puzzlelab::shell {

namespace {

// A hint's marks pulse twice (sin(4t) from its middle), ending at full glow.
constexpr double kHintPulseSeconds = (std::numbers::pi / 2 + 4 * std::numbers::pi) / 4;

}  // namespace

App::App(AppConfig config, std::unique_ptr<WorkRoom> work)
    : config_(std::move(config)),
      fonts_(config_.font_dir),
      midend_(config_.assets_dir, std::move(work), [] { return ImGui::GetTime(); }) {}

bool App::prepare(float ui_scale) {
  scale_ = ui_scale;
  if (!fonts_.update(ui_scale)) return false;
  apply_style(ui_scale);
  return true;
}

void App::open(const LaunchOptions& options) {
  embed_ = options.embed;
  midend_.open(options);
  // A board that did not load stays in the paste box, next to its error.
  if (options.board && !midend_.load_error().empty()) {
    paste_text_ = *options.board;
    paste_puzzle_ = midend_.puzzle();
  }
  if (!midend_.puzzle() || !midend_.load_error().empty() || midend_.session().empty()) return;
  const auto& names = midend_.puzzle()->hooks.view_keys;
  std::vector<std::pair<std::string, std::string>> keys;
  for (const auto& pair : options.others) {
    if (std::find(names.begin(), names.end(), pair.first) != names.end()) keys.push_back(pair);
  }
  if (!keys.empty()) view().open_link(keys);
}

void App::pinch(float factor, ImVec2 middle, ImVec2 moved) {
  if (cluster_open_ && offers_cluster()) cluster_.pinch(factor, middle, moved);
}

void App::command(std::string_view name) {
  if (name == "keys") {
    keys_shown_ = !keys_shown_;
    return;
  }
  if (name == "cluster") {
    toggle_cluster();
    return;
  }
  if (name == "watch") {
    toggle_watch();
    return;
  }
  midend_.command(name);  // H on a puzzle without hints says so
}

std::string App::accessible_name() const {
  const PuzzleInfo* puzzle = midend_.puzzle();
  return puzzle ? "Puzzle Lab: " + std::string(puzzle->title) : "Puzzle Lab";
}

void App::link_copied(bool ok, const std::string& detail) {
  if (ok) {
    copied_at_ = ImGui::GetTime();
    copied_what_ = "link";
    midend_.set_note("Copied the link to this position.");
  } else {
    midend_.set_note("Could not copy the link (" + detail + "); the address bar has it.", true);
  }
}

std::string App::share_hash() const {
  std::string hash = midend_.share_hash();
  // A view made for an older board has nothing to add to this one's link.
  if (hash.empty() || !view_ || view_board_epoch_ != midend_.board_epoch()) return hash;
  for (const auto& [key, value] : view_->link_keys()) hash += "&" + key + "=" + url_encode(value);
  return hash;
}

double App::next_frame_in() const {
  if (scroller_.busy() || (view_ && view_->animating()) || animation_job_) return 0;
  // A held button repeats (the +/- of a number box) while frames come.
  if (ImGui::GetIO().MouseDown[0] && ImGui::IsAnyItemActive()) return 0;
  const double now = ImGui::GetTime();
  if (hint_since_ >= 0 && now - hint_since_ < kHintPulseSeconds) return 0;
  // The room's deadlines too: a silent job ends at one, whoever asked for it.
  double wait = std::min(midend_.seconds_to_next_change(), midend_.work().seconds_to_deadline());
  if (now - copied_at_ < kCopiedSeconds) wait = std::min(wait, copied_at_ + kCopiedSeconds - now);
  if (midend_.rules_shown()) wait = std::min(wait, rules_demo_wait(now));
  if (watch_open_) wait = std::min(wait, watch_.seconds_to_next_step(now));
  return wait;
}

float App::hint_pulse() {
  if (!midend_.current_hint()) {
    hint_since_ = -1;
    return 1;
  }
  const double now = ImGui::GetTime();
  if (hint_since_ < 0) hint_since_ = now;
  const double t = now - hint_since_;
  return t >= kHintPulseSeconds ? 1.0f : float(0.5 + 0.5 * std::sin(4 * t));
}

BoardView& App::view() {
  if (!view_ || view_board_epoch_ != midend_.board_epoch()) {
    midend_.work().lane(Lane::view).cancel();  // work the old view asked for
    view_ = make_view(midend_.puzzle() ? midend_.puzzle()->id : std::string_view());
    view_board_epoch_ = midend_.board_epoch();
    view_epoch_ = midend_.view_epoch();
  } else if (view_epoch_ != midend_.view_epoch()) {
    view_->reset();
    view_epoch_ = midend_.view_epoch();
  }
  return *view_;
}

void App::play_move(const ViewAction& action) {
  const int before = midend_.session().empty() ? 0 : midend_.session().index();
  midend_.play(action.move, action.animate);
  // After the move: a note is about the position it leaves on screen. A
  // refused move's reason stays.
  const bool refused =
      !action.move.empty() && !midend_.session().empty() && midend_.session().index() == before;
  if (!action.note.empty() && !refused) midend_.set_note(action.note);
}

}  // namespace puzzlelab::shell
