// The board pane, the part of the screen that is always in view: the
// toolbar (the midend's actions: Solve or Cancel, Hint, Apply hint, Undo,
// Redo, Restart, and the move count), the board, the playback bar, the
// outcome of the last solve (status, cost, the search's counters) and a
// status line with hints and messages. Nothing here knows a puzzle: what
// to offer comes from the midend, the board from the view.
#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <string>

#include "app.h"
#include "widgets.h"

namespace puzzlelab::shell {

namespace {

constexpr ImU32 kHintText = colors::rgb(255, 210, 100);  // the hint's board marks are amber too

float icon_size() {
  return ImGui::GetFrameHeight();
}

// window.puzzleLab.layout's names for the toolbar's buttons.
const char* target_of(std::string_view command) {
  if (command == "solve" || command == "cancel") return "solveButton";
  if (command == "hint") return "hintButton";
  if (command == "applyHint") return "applyHintButton";
  if (command == "undo") return "undoButton";
  if (command == "redo") return "redoButton";
  if (command == "editPlay") return "editPlayButton";
  if (command == "editStop") return "editStopButton";
  return "restartButton";
}

bool is_history(std::string_view command) {
  return command == "undo" || command == "redo" || command == "restart";
}

}  // namespace

bool App::narrow_board_area(float width) const {
  return width < 600 * scale_;
}

bool App::shows_playback() const {
  // A puzzle without a goal (Tree of Life) has no solution to play: its
  // view's own time line is its one transport bar. A short screen plays a
  // solution from the toolbar's row (toolbar_transport).
  const PuzzleInfo* puzzle = midend_.puzzle();
  return puzzle && puzzle->hooks.has_goal && !midend_.editing() && !compact();
}

// A short screen (an embed): a solution to play, from the toolbar's row.
bool App::transport_in_toolbar() const {
  const PuzzleInfo* puzzle = midend_.puzzle();
  return compact() && puzzle && puzzle->hooks.has_goal && !midend_.editing() &&
         midend_.session().solution().has_value();
}

// The lines kept under the board for the outcome and the status line, the
// same from the start, so the board never moves as they fill: a short
// screen shares one line between them (shared_line).
int App::outcome_lines(float width) const {
  (void)width;  // one line, cut after a word (the SEARCH section has every figure)
  return compact() || !midend_.puzzle() ? 0 : 1;
}

int App::status_lines(float width) const {
  if (compact()) return 1;
  if (narrow_board_area(width)) return 2;
  return offers_hints() ? 3 : 1;  // a hint's explanation
}

// What the line under the playback bar says about the last solve: its
// status, cost and the search's counters, while it runs and after.
App::Line App::outcome() const {
  if (midend_.editing()) return edit_outcome();
  // A comparison under way: the last solve's outcome is not what runs.
  if (const auto& compare = midend_.comparison(); compare && midend_.comparing()) {
    const size_t row = std::min(compare->runs().size(), compare->size());
    return {"Comparing " + std::to_string(compare->size()) + " searches\u2026 search " +
                std::to_string(std::max<size_t>(row, 1)) + " of " + std::to_string(compare->size()),
            colors::kText};
  }
  const auto& run = midend_.run();
  if (!run) return {};
  const SolveRun& r = *run;
  if (!r.running() && !midend_.result_current()) {  // for another position: no figures
    if (r.status() == RunStatus::cancelled) return {};
    std::string text = "The last solve (" + std::string(headline(r.status()));
    if (const auto cost = midend_.solved_cost())
      text += ": " + std::to_string(*cost) + " " + std::string(midend_.solve_unit());
    return {text + ") was for another position: Solve again for this one.", colors::kMuted};
  }
  const bool has_metrics = !midend_.puzzle()->metrics.empty();
  const double seconds = r.elapsed_seconds(midend_.work_clock());
  if (r.running()) {
    const SolveProgress& last = r.last_progress();
    std::string text = "Solving in a " + midend_.where() + "\u2026 " +
                       group_digits(last.stats.expanded) + " expanded \u00b7 " +
                       running_duration(seconds);
    // The phase names its bound itself ("bound 23", "depth 12").
    if (!last.phase.empty())
      text += " \u00b7 " + last.phase;
    else if (last.bound >= 0)
      text += " \u00b7 bound " + std::to_string(last.bound);
    return {text, colors::kText};
  }
  const SearchStats& stats = r.result() ? r.result()->stats : r.last_progress().stats;
  std::string text;
  ImU32 color = colors::kWarn;
  if (const auto cost = midend_.solved_cost()) {
    text = "Solved: " + std::to_string(*cost) + " " + std::string(midend_.solve_unit());
    if (has_metrics)
      text += r.result()->optimal ? " \u00b7 optimal (proven)" : " \u00b7 not proven optimal";
    // The answer itself where it is the puzzle's output (Tree of Life's
    // query answers, Bender's program), on one line.
    std::string answer = midend_.puzzle()->hooks.answer_only ? r.result()->answer : "";
    std::erase(answer, '\n');
    if (answer.size() > 40) answer = answer.substr(0, 39) + "\u2026";
    if (!answer.empty()) text += " \u00b7 " + answer;
    color = colors::kGood;
  } else {
    text = std::string(headline(r.status()));
    if (r.status() == RunStatus::cancelled) color = colors::kMuted;
  }
  if (stats.expanded > 0) text += " \u00b7 " + group_digits(stats.expanded) + " expanded";
  text += " \u00b7 " + short_duration(stats.elapsed_ms > 0 ? stats.elapsed_ms : seconds * 1000);
  if (!r.message().empty() && r.status() != RunStatus::cancelled) text += ": " + r.message();
  return {text, color};
}

// The status line: a hint's explanation, a recent note, the slow work under
// way (not a solve: the outcome line has that), or how to play.
App::Line App::status() {
  // An edit the press under way would make, refused: why, before letting go.
  if (midend_.editing() && !midend_.session().empty()) {
    if (std::string why = view().pending_refusal(); !why.empty()) return {why, colors::kWarn};
  }
  // While the view shows another position (a program running), a note about
  // the game's position ("Solved: 3 turns!") would contradict the board.
  const auto note = midend_.status_note();
  const bool elsewhere = !midend_.session().empty() && view().shows_other_position();
  if (note && !(elsewhere && note->kind != Midend::Note::Kind::error)) {
    const ImU32 color = note->kind == Midend::Note::Kind::hint    ? kHintText
                        : note->kind == Midend::Note::Kind::error ? colors::kWarn
                                                                  : colors::kText;
    return {note->text, color};
  }
  if (midend_.comparing())
    return {"Comparing in a " + midend_.where() + ": " + compare_running_text(), colors::kMuted};
  if (const auto work = midend_.working(); work && *work != RequestKind::solve) {
    const char* what = *work == RequestKind::hint   ? "Looking for a hint"
                       : *work == RequestKind::rate ? "Rating the puzzle"
                                                    : "Making a new puzzle";
    return {std::string(what) + " in a " + midend_.where() + "\u2026 " +
                running_duration(midend_.working_seconds()),
            colors::kMuted};
  }
  if (midend_.session().empty()) return {};
  if (const EditSession* edit = midend_.edit()) {  // what the tool in hand does
    const EditTool& tool = edit->editor().tools[edit->tool()];
    std::string line = std::string(tool.label) + ": " + std::string(tool.help);
    if (edit->editor().summary) line += ". " + edit->editor().summary(edit->board());
    return {line, colors::kMuted, true};
  }
  return {help_line(view().help(), device_), colors::kMuted, true};
}

// The status line as it fits: up to three lines (a hint's explanation),
// on a short screen one for how to play and two for anything else; cut
// after a word when longer (the list of keys, ?, has all of how to play).
App::Line App::fitted_status(float width) {
  Line line = status();
  line.text = fit_lines(line.text, width, status_lines(width));
  return line;
}

float App::below_board_height(float width) {
  const ImGuiStyle& style = ImGui::GetStyle();
  const float row = ImGui::GetFrameHeight() + style.ItemSpacing.y;
  const float line = ImGui::GetTextLineHeight();
  float height = 0;
  if (shows_playback()) height += (narrow_board_area(width) ? 2 : 1) * row;
  if (const int lines = outcome_lines(width)) height += line * float(lines) + style.ItemSpacing.y;
  return height + line * float(status_lines(width)) + style.ItemSpacing.y;
}

void App::board_area(ImVec2 size) {
  const float top = ImGui::GetCursorPosY();
  counter_drawn_ = false;
  const bool watching = watch_open_ && offers_watch();
  if (!watching || size.y > 420 * scale_) toolbar();  // a short frame's searches take it all
  if (tools_by_board()) edit_tools(size.x);
  const float used = ImGui::GetCursorPosY() - top;
  if (watching) {  // the searches take the rest: no playback, no status
    board_canvas(ImVec2(size.x, std::max(40.0f * scale_, size.y - used)));
    return;
  }
  const float canvas_h = std::max(40.0f * scale_, size.y - used - below_board_height(size.x));
  board_canvas(ImVec2(size.x, canvas_h));
  if (shows_playback()) playback_bar();
  if (compact()) {
    shared_line();
    return;
  }
  outcome_line(outcome_lines(size.x));
  if (banner_in_status_line())
    status_banner(ImGui::GetContentRegionAvail().x);
  else
    status_line();
}

// What a toolbar action does, with its key where there is a keyboard.
std::string App::action_tooltip(std::string_view command) const {
  const bool keys = device_ == Device::keyboard;
  if (command == "solve") {
    const bool from_start = midend_.puzzle() && midend_.puzzle()->hooks.solve_from_start;
    return std::string(from_start ? "Solve from the start" : "Solve from here") +
           " and play the answer back" + (keys ? " (S)" : "");
  }
  if (command == "cancel") return keys ? "Stop the search (Esc)" : "Stop the search";
  if (command == "hint")
    return keys ? "Show the next step, explained (H)" : "Show the next step, explained";
  if (command == "applyHint") return "Play the hint's step on the board";
  if (command == "undo") return keys ? "Undo the last move (U or Ctrl+Z)" : "Undo the last move";
  if (command == "redo") return keys ? "Redo (Ctrl+Y)" : "Redo";
  if (command == "restart") return keys ? "Back to the start (R)" : "Back to the start";
  if (command == "editPlay") return "Play the board you built: it gets its own link";
  if (command == "editStop") return "Leave the editor; the game is where you left it";
  return "";
}

// One of the midend's actions: history ones as icons, the rest as words.
void App::action_button(const ToolbarAction& action, float height, float width) {
  bool pressed = false;
  if (is_history(action.command)) {
    const Icon icon = action.command == "undo"   ? Icon::undo
                      : action.command == "redo" ? Icon::redo
                                                 : Icon::restart;
    pressed =
        icon_button(("##" + std::string(action.command)).c_str(), icon, height, action.enabled);
  } else {
    ImGui::BeginDisabled(!action.enabled);
    const std::string label = action.label + "###" + std::string(action.command);
    if (action.primary) {
      pressed = primary_button(label.c_str(), ImVec2(width, height),
                               action.command == "cancel" ? colors::kBad : colors::kAccent);
    } else {
      pressed = ImGui::Button(label.c_str(), ImVec2(0, height));
    }
    ImGui::EndDisabled();
  }
  note_target(target_of(action.command));
  tooltip(action_tooltip(action.command));
  if (pressed) command(action.command);
}

// The actions in one row: Apply hint waits off it while there is no hint
// to apply, and takes Hint's place where the row is short; on a short
// screen a solution's transport joins the row (and Hint goes). A second
// row only when nothing else makes room.
void App::toolbar() {
  const ImGuiStyle& style = ImGui::GetStyle();
  const float s = icon_size();
  const float avail = ImGui::GetContentRegionAvail().x;
  std::vector<ToolbarAction> actions = midend_.actions(offers_hints());
  const bool transport = transport_in_toolbar();
  if (transport) {
    std::erase_if(actions, [](const ToolbarAction& a) {
      return a.command == "hint" || a.command == "applyHint";
    });
  }
  float primary_w = (compact() ? 80 : 110) * scale_;  // Solve's least width, where it fits
  auto width_of = [&](const ToolbarAction& a) {
    if (is_history(a.command)) return s;
    const float text = ImGui::CalcTextSize(a.label.c_str()).x;
    return a.primary ? std::max(primary_w, text + 24 * scale_) : text + style.FramePadding.x * 2;
  };
  auto total = [&] {
    float sum = transport ? s * 3 + style.ItemSpacing.x * 2 : 0;  // play and a short scrubber
    for (const ToolbarAction& a : actions) sum += width_of(a) + style.ItemSpacing.x;
    return sum;
  };
  auto drop = [&](std::string_view command, bool only_disabled) {
    std::erase_if(actions, [&](const ToolbarAction& a) {
      return a.command == command && (!only_disabled || !a.enabled);
    });
  };
  if (total() > avail) drop("applyHint", true);
  const bool can_apply = std::any_of(actions.begin(), actions.end(), [](const ToolbarAction& a) {
    return a.command == "applyHint";
  });
  if (total() > avail && can_apply) drop("hint", false);
  if (total() > avail) primary_w = 0;
  float x = 0;
  for (size_t i = 0; i < actions.size(); ++i) {
    const float w = width_of(actions[i]);
    if (i > 0) {
      if (x + w <= avail)
        ImGui::SameLine();
      else
        x = 0;
    }
    action_button(actions[i], s, w);
    x += w + style.ItemSpacing.x;
  }
  if (transport) {
    ImGui::SameLine();
    toolbar_transport(avail - x);
    return;
  }
  toolbar_counter(avail, x);
}

// The counter, or on a narrow toolbar its score ("Energy: 40" of "Moves:
// 1 \u00b7 Energy: 40", "Your energy: 40" during a playback); the How to
// play button when both fit. Where neither fits, the counter goes to the
// end of the playback bar, or of the line under the board.
void App::toolbar_counter(float avail, float x) {
  const ImGuiStyle& style = ImGui::GetStyle();
  const float s = icon_size();
  const std::string full = midend_.counter_text();
  std::string counter = full;
  const bool rules = midend_.puzzle() && !midend_.puzzle()->rules.text.empty();
  const float room = avail - x - (rules ? s + style.ItemSpacing.x : 0);
  if (ImGui::CalcTextSize(full.c_str()).x > room) counter = midend_.short_counter_text();
  const float counter_w = ImGui::CalcTextSize(counter.c_str()).x;
  if (counter_w > avail - x) return;  // no room left on the row
  ImGui::SameLine();
  if (rules && counter_w <= room) {
    if (ImGui::Button("?###rulesSmall", ImVec2(s, s))) midend_.show_rules();
    note_target("rulesButton");
    tooltip("How to play");
    ImGui::SameLine();
  }
  counter_text(counter);
  x += counter_w + style.ItemSpacing.x + (rules && counter_w <= room ? s + style.ItemSpacing.x : 0);
  if (const auto known = midend_.known_cost(); known && !compact() && !midend_.editing()) {
    char text[64];
    std::snprintf(text, sizeof text, "(best %lld)", static_cast<long long>(*known));
    if (x + ImGui::CalcTextSize(text).x <= avail) {
      ImGui::SameLine();
      ImGui::TextDisabled("%s", text);
      tooltip("The proven optimum of this board");
    }
  }
}

// The counter as text on the current row, published as layout.counter.
void App::counter_text(const std::string& text) {
  ImGui::AlignTextToFramePadding();
  ImGui::TextUnformatted(text.c_str());
  note_target("counter");
  tooltip(midend_.counter_text() + ": your own progress (a solution played back is not yours)");
  counter_drawn_ = true;
}

// The room the counter still needs at the end of a row (0: it is drawn).
float App::pending_counter_width() const {
  if (counter_drawn_ || midend_.session().empty()) return 0;
  return ImGui::CalcTextSize(midend_.short_counter_text().c_str()).x +
         ImGui::GetStyle().ItemSpacing.x;
}

// The counter the toolbar had no room for, at the right end of this row.
void App::pending_counter(float right) {
  if (pending_counter_width() == 0) return;
  const std::string text = midend_.short_counter_text();
  ImGui::SameLine(std::max(0.0f, right - ImGui::CalcTextSize(text.c_str()).x));
  counter_text(text);
}

void App::board_canvas(ImVec2 size) {
  banner_ = board_drawn_ = board_canvas_ = {};
  banner_strip_taken_ = 0;
  if (watch_open_ && offers_watch()) {
    watch_canvas(size);
    return;
  }
  if (cluster_open_ && offers_cluster()) {
    cluster_canvas(size);
    return;
  }
  const ImVec2 lo = ImGui::GetCursorScreenPos();
  const ImVec2 hi(lo.x + size.x, lo.y + size.y);
  const Session& session = midend_.session();
  if (session.empty()) {
    ImGui::Dummy(size);
    const char* text = "Paste a board in the side panel to start.";
    const ImVec2 extent = ImGui::CalcTextSize(text);
    ImGui::GetWindowDrawList()->AddText(
        ImVec2((lo.x + hi.x - extent.x) / 2, (lo.y + hi.y - extent.y) / 2), colors::kMuted, text);
    targets_.clear();
    return;
  }
  ImGui::InvisibleButton("##canvas", size);
  board_canvas_ = {"boardArea", lo.x, lo.y, size.x, size.y};
  BoardFrame frame;
  frame.draw = ImGui::GetWindowDrawList();
  frame.min = lo;
  frame.max = hi;
  frame.position = &session.current();
  const EditSession* edit = midend_.edit();
  if (edit && !edit->shown()) edit = nullptr;  // nothing drawable yet: the game's board
  if (edit) {                                  // the board being built, with the tool in hand
    frame.position = edit->shown();
    frame.edit_tool = &edit->editor().tools[edit->tool()];
    frame.editor = &edit->editor();
    frame.edit_board = edit->board();
    if (edit->verdict().cell >= 0) frame.highlight = {edit->verdict().cell};
  } else if (const auto slide = midend_.slide(); slide && slide->to == session.index()) {
    frame.previous = &session.at(slide->from);
    frame.progress = slide->progress;
  }
  frame.interactive = midend_.interactive();
  if (const auto& hint = midend_.current_hint(); hint && !edit) {
    frame.highlight = hint->cells;
    frame.related = hint->related_cells;
  }
  if (const auto& run = midend_.run(); run && !edit && run->result() &&
                                       run->status() == RunStatus::solved &&
                                       midend_.result_current())
    frame.result = &*run->result();
  BoardView& board = view();
  const bool banner = banner_due();
  const auto place = board.banner_place(session.current());
  // The banner gets a strip when the board leaves it none; an embed's takes
  // the status line's place instead (status_banner).
  if (!embed_ && (banner || banner_reserved())) {
    banner_strip_taken_ = banner_room(board, frame, place);
    if (place == BoardView::BannerPlace::top)
      frame.min.y += banner_strip_taken_;
    else
      frame.max.y -= banner_strip_taken_;
  }
  frame.fonts = &fonts_.fonts();
  frame.scale = scale_;
  frame.worker = &midend_.work().lane(Lane::view);
  frame.pulse = hint_pulse();
  const ImGuiIO& io = ImGui::GetIO();
  frame.input = {io.MousePos,
                 ImGui::IsItemHovered(),
                 ImGui::IsItemActivated(),
                 ImGui::IsItemActive(),
                 ImGui::IsItemDeactivated(),
                 !io.WantTextInput && !keys_shown_ && !midend_.rules_shown() && !board_keys_taken_};
  play_move(board.show(frame));
  targets_ = board.targets();
  board_drawn_ = board.drawn_board();
  if (banner && !embed_) {
    const float margin = 10 * scale_ * 0.4f, height = banner_height();
    solved_banner(lo.x, hi.x,
                  place == BoardView::BannerPlace::top ? lo.y + margin : hi.y - margin - height,
                  height);
  }
}

// The "Solved" banner is about the game's position: not over a board being
// built, a move sliding in or another position the view shows (a program
// running).
bool App::banner_due() {
  const Session& session = midend_.session();
  if (session.empty() || midend_.editing() || !session.current().is_solved()) return false;
  if (const auto slide = midend_.slide(); slide && slide->to == session.index()) return false;
  return !view().shows_other_position();
}

// Whether the board area keeps the banner's strip while it does not show:
// whenever the puzzle has positions to solve, so the board never moves or
// shrinks as the banner comes and goes (the last move, a playback's last
// step). Not in an embed, whose board keeps its 250 px while played: its
// banner takes the status line's place (status_banner).
bool App::banner_reserved() const {
  const PuzzleInfo* puzzle = midend_.puzzle();
  return !embed_ && puzzle && puzzle->hooks.has_goal && !midend_.session().empty();
}

float App::banner_height() const {
  const ImFont* font = fonts_.fonts().bold;
  return font->FontSize + 10 * scale_ * 1.2f;
}

// The banner's strip: its height and a margin above and below.
float App::banner_strip() const {
  return banner_height() + 10 * scale_ * 0.8f;
}

// How much of the board's area the banner needs for itself: none when the
// board, as the view draws it there (BoardView::drawn_board_in: a view may
// cap its cells), leaves a gap on the banner's side as tall as the
// banner's strip, else the strip, so the board gives it up only where it
// would fill the height (the stacked layouts give the board area the strip
// besides: there the board keeps its size).
float App::banner_room(const BoardView& board, const BoardFrame& frame,
                       BoardView::BannerPlace place) const {
  const Target drawn = board.drawn_board_in(*frame.position, frame.min, frame.max, scale_);
  const float gap = place == BoardView::BannerPlace::top ? drawn.y - frame.min.y
                                                         : frame.max.y - (drawn.y + drawn.h);
  return gap >= banner_strip() ? 0 : banner_strip();
}

// The banner, centred between left and right, its words cut after one
// where they would be wider than that.
void App::solved_banner(float left, float right, float top, float height) {
  ImDrawList& draw = *ImGui::GetWindowDrawList();
  ImFont* font = fonts_.fonts().bold;
  const float pad = 10 * scale_;
  ImGui::PushFont(font);
  const std::string text = fit_lines(midend_.solved_text(), right - left - pad * 3.2f, 1);
  ImGui::PopFont();
  const ImVec2 extent = font->CalcTextSizeA(font->FontSize, 1e9f, 0, text.c_str());
  const ImVec2 a((left + right - extent.x) / 2 - pad * 1.6f, top);
  const ImVec2 b(a.x + extent.x + pad * 3.2f, top + height);
  banner_ = {"solvedBanner", a.x, a.y, b.x - a.x, b.y - a.y};
  draw.AddRectFilled(a, b, colors::rgb(40, 150, 90, 235), height / 2);
  draw.AddText(font, font->FontSize, ImVec2(a.x + pad * 1.6f, top + (height - font->FontSize) / 2),
               colors::rgb(255, 255, 255), text.c_str());
}

// Whether the banner shows in the status line's place: in an embed, whose
// board has no height to spare for the banner's strip.
bool App::banner_in_status_line() {
  return embed_ && banner_due();
}

// The banner in the status line's place: as tall as the line and the
// spacing round it, so the board keeps its size and place as the banner
// comes and goes (the status line said "Solved" there anyway).
void App::status_banner(float width) {
  const float line = ImGui::GetTextLineHeight(), gap = ImGui::GetStyle().ItemSpacing.y;
  const ImVec2 at = ImGui::GetCursorScreenPos();
  ImGui::Dummy(ImVec2(width, line));
  solved_banner(at.x, at.x + width, at.y - gap / 2, line + gap);
}

}  // namespace puzzlelab::shell
