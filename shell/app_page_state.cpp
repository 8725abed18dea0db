// window.puzzleLab: what tests and embedding pages can read about the app.
//   ready, puzzle, puzzles (the picker's list: [{id, hints}]), status
//   (idle | solving | solved | unsolvable | cancelled | error), cost, optimal, moves, error, note,
//   moveCount, board, startBoard, knownCost, solvedPosition, playing, frames, legalMoves, stats and
//   progress ({expanded, generated, peakStored, ms}: the CLI's stats_json), algorithm and metric
//   (of the last solve run; "" = the puzzle's default), comparison (the last
//   Compare: Midend::write_compare_state), embed (the app
//   runs as an embedded board),
//   message (the note under the board: a hint's explanation, a recent
//   message), extras (puzzle-specific figures of the result), lastMove (the move that
//   led to the position shown), hint ({status, technique, explanation, moves, cells,
//   relatedCells}: the CLI's hint_json, or null), generated ({difficulty,
//   seed} or null), layout (piece, cell, board and button rectangles in CSS pixels), work (the slow
//   work under way: "", "solve", "hint", "rate" or "generate"), unit (what the cost counts),
//   solution ({first, last} chain positions or null), playbackSpeed (the
//   speed slider's moves/s), playbackLabel, solvedText, rating, display
//   (the CSS size the layout was made for), view (the puzzle view's own state,
//   BoardView::write_state, with boardDrawn and solvedBanner: where the board
//   and the "Solved" banner were drawn, the board's frame included, or null,
//   boardArea and bannerStrip: the area the board was given and the strip
//   of it kept for the banner (0: none), and pendingRefusal: in Edit mode,
//   why letting go now would be refused), keysShown (the list of
//   keyboard shortcuts is open), copied (the link last put on the clipboard, set by the page),
//   counter (the player's own progress as the toolbar says it: "Moves: 3 · Energy: 240"), handMoves
//   (moves played by hand, not the solver's), resultStale (the last solve
//   was for another position), rulesShown (the How to play card is open),
//   rulesDemo (its demonstration: {step, steps, done}, null if none),
//   announcement ({serial, text}: what the live region says), tooltip (the
//   tooltip on screen, "" if none), device ("keyboard" or "touch"),
//   popupOpen (a menu is open), panelScroll ({y, max}: how far the panel
//   that scrolls is scrolled, CSS pixels), textPx (the panels' text size),
//   savingAnimation ({done, total}: Save animation's frames made so far, or
//   null when it is not working), pasteChars (the length of the text in the
//   "Paste your own board" box).
//   The page adds frames (frames drawn), settled (no frame is due until
//   the next event or the app's timer), redrawn (the share of the canvas
//   the last frame drew again), build and serviceWorker (the page's
//   build and that of the service worker in charge). Layout names of the
//   shell's own controls: solveButton (Solve, or Cancel while solving),
//   hintButton, applyHintButton, undoButton, redoButton, restartButton,
//   rulesButton, playButton, speedSlider and playbackBar (the playback bar), outcome (the
//   line with the last solve's status, cost and counters), panel (the pane
//   that scrolls), puzzlePicker, pasteToggle, pasteBox, loadBoardButton,
//   copyLinkButton, keysButton, statusLine (the line under the board),
//   helpLine, counter (the player's progress, on the toolbar or at the end
//   of the playback bar or the line under the board), playColumn (the
//   column by the board on a wide screen: the view's controls, then
//   compareButton and clusterButton); savePictureButton and
//   saveAnimationButton (Save picture, Save animation: each opens its popup,
//   picturePopup or animationPopup, with pictureWidth and its choices
//   pictureWidth-screen, -320, -480, -800 and -1200, animationSpeed,
//   pictureCaption, then pictureSave or animationSave).
//   Every key is camelCase, with no underscore (the page check "page"
//   asserts it); moves, stats, extras and optimal are the fields of the
//   result's one JSON form (core/json_writer.h's solve_result_json).
#include <cmath>
#include <functional>
#include <string>

#include "app.h"
#include "core/json_writer.h"
#include "puzzles/puzzle_list.h"

namespace puzzlelab::shell {

namespace {

void write_rect(JsonWriter& json, const Target& t, float k) {
  json.begin_object();
  json.key("x").value(double(t.x * k)).key("y").value(double(t.y * k));
  json.key("w").value(double(t.w * k)).key("h").value(double(t.h * k));
  json.end_object();
}

void write_targets(JsonWriter& json, const std::vector<Target>& targets, float k) {
  json.begin_object();
  for (const Target& t : targets) {
    json.key(t.name);
    write_rect(json, t, k);
  }
  json.end_object();
}

// One rectangle, or null when there is none (nothing drawn).
void write_rect_or_null(JsonWriter& json, const Target& t, float k) {
  if (t.w > 0 && t.h > 0)
    write_rect(json, t, k);
  else
    json.null();
}

}  // namespace

void Midend::write_state(JsonWriter& json) const {
  json.key("puzzle").value(puzzle_ ? puzzle_->id : std::string_view());
  json.key("canEdit").value(can_edit());
  json.key("editing").value(editing());
  if (editing()) {  // the board being built and the solver's verdict on it
    const EditVerdict& verdict = edit_->verdict();
    json.key("edit").begin_object();
    json.key("board").value(edit_->board());
    json.key("edits").value(edit_->edits());
    json.key("tool").value(edit_->editor().tools[edit_->tool()].name);
    if (edit_->editor().summary) json.key("summary").value(edit_->editor().summary(edit_->board()));
    json.key("verdict").value(to_string(verdict.kind));
    json.key("verdictText").value(verdict.text);
    json.key("verdictCell").value(verdict.cell);
    if (verdict.cost)
      json.key("verdictCost").value(*verdict.cost);
    else
      json.key("verdictCost").null();
    json.key("verdictMs").value(verdict.seconds * 1000);
    json.end_object();
  }
  json.key("puzzles").begin_array();  // the picker's list, in its order
  for (const PuzzleInfo* info : all_puzzles()) {
    json.begin_object();
    json.key("id").value(info->id);
    json.key("hints").value(info->has_hints);
    json.end_object();
  }
  json.end_array();
  const std::string status = !load_error_.empty() ? "error"
                             : run_               ? std::string(to_string(run_->status()))
                                                  : "idle";
  json.key("status").value(status);
  json.key("work").value(working_ ? to_string(*working_) : std::string_view());
  std::string error = load_error_;
  if (error.empty() && run_ && run_->status() == RunStatus::error) error = run_->message();
  if (error.empty()) error = link_error_;  // a link's unknown option or value, besides its note
  json.key("error").value(error);
  json.key("note").value(run_ && run_->status() == RunStatus::solved ? run_->message()
                                                                     : std::string());
  const auto shown = status_note();
  json.key("message").value(shown ? shown->text : std::string());

  const SolveResult* result = run_ && run_->result() ? &*run_->result() : nullptr;
  if (const auto cost = solved_cost())
    json.key("cost").value(*cost);
  else
    json.key("cost").null();
  json.key("unit").value(solve_unit());
  // The result's own fields in its one form (solve_result_json: the CLI's
  // --json, the worker's reply), an empty result's when there is none.
  Json form = solve_result_json(result ? *result : SolveResult{});
  json.key("optimal").json(form["optimal"]);
  json.key("moves").json(std::move(form["moves"]));
  json.key("stats").json(std::move(form["stats"]));
  json.key("extras").json(form.contains("extras") ? std::move(form["extras"]) : Json::object());
  json.key("progress").json(stats_json(run_ ? run_->last_progress().stats : SearchStats{}));
  json.key("algorithm").value(run_ ? run_->request().algorithm : std::string());
  json.key("metric").value(run_ ? run_->request().metric : std::string());
  write_compare_state(json);

  json.key("moveCount").value(session_.empty() ? 0 : session_.index());
  json.key("handMoves").value(int64_t{hand_moves()});
  json.key("solutionMoves").value(int64_t{session_.empty() ? 0 : record().solution_moves()});
  json.key("boardName").value(puzzle_ ? board_name() : std::string());
  json.key("counter").value(counter_text());
  json.key("resultStale").value(run_.has_value() && !result_current());
  json.key("rulesShown").value(rules_shown_);
  json.key("announcement").begin_object();
  json.key("serial").value(announcement_.serial);
  json.key("text").value(announcement_.text);
  json.end_object();
  json.key("positions").value(session_.size());
  json.key("playing").value(playback_.playing());
  json.key("solution");
  if (const auto solution = session_.solution()) {
    json.begin_object();
    json.key("first").value(int64_t{solution->first});
    json.key("last").value(int64_t{solution->last});
    json.end_object();
  } else {
    json.null();
  }
  json.key("playbackLabel").value(playback_label());
  const bool solved = !session_.empty() && session_.current().is_solved();
  json.key("solvedText").value(solved ? solved_text() : std::string());
  json.key("startBoard").value(start_board_);
  json.key("lastMove")
      .value(session_.empty() ? std::string() : session_.move_into(session_.index()));
  json.key("hint").json(hint_ ? hint_json(*hint_) : Json());
  json.key("rating").value(rating_);
  json.key("generated");
  if (generated_) {
    json.begin_object();
    json.key("difficulty").value(generated_->difficulty);
    json.key("seed").value(generated_->seed);
    json.end_object();
  } else {
    json.null();
  }
  if (start_.optimum && !editing())  // not the optimum of the board being built
    json.key("knownCost").value(*start_.optimum);
  else
    json.key("knownCost").null();
  if (!session_.empty()) {
    json.key("board").value(session_.current().format());
    json.key("solvedPosition").value(session_.current().is_solved());
    json.key("legalMoves").begin_array();
    for (const Move& move : session_.current().legal_moves()) json.value(move.text);
    json.end_array();
  }
}

std::string App::game_state_json() const {
  JsonWriter json;
  json.begin_object();
  midend_.write_state(json);
  json.end_object();
  return json.str();
}

std::string App::frame_state_json(float css_per_pixel) const {
  JsonWriter json;
  json.begin_object();
  write_frame_state(json, css_per_pixel);
  json.end_object();
  return json.str();
}

uint64_t App::state_fingerprint() const {
  const auto [revision, note] = midend_.state_version();
  const uint64_t frame = std::hash<std::string>{}(frame_state_json(1));
  return frame ^ (revision * 0x9e3779b97f4a7c15ull) ^ (note ? 0x5bd1e995ull : 0);
}

std::string App::state_json(float css_per_pixel) const {
  JsonWriter json;
  json.begin_object();
  json.key("frames").value(frames_);
  midend_.write_state(json);
  write_frame_state(json, css_per_pixel);
  json.end_object();
  return json.str();
}

void App::write_frame_state(JsonWriter& json, float css_per_pixel) const {
  json.key("ready").value(ready_);
  json.key("embed").value(embed_);
  json.key("keysShown").value(keys_shown_);
  json.key("popupOpen").value(popup_open_);
  // The Embed popup's code while it is open (null when closed).
  json.key("embedCode");
  if (embed_preview_ || embed_open_) {
    const EmbedCode code = embed_code();
    json.begin_object();
    json.key("iframe").value(code.iframe);
    json.key("script").value(code.script);
    json.key("src").value(code.src);
    json.key("width").value(int64_t(code.width));
    json.key("height").value(int64_t(code.height));
    json.end_object();
  } else {
    json.null();
  }
  json.key("tooltip").value(report_.tooltip);
  json.key("device").value(device_ == Device::touch ? "touch" : "keyboard");
  json.key("savingAnimation");
  write_animation_progress(json);
  json.key("pasteChars").value(static_cast<uint64_t>(paste_text_.size()));
  // The panels' text size in CSS pixels (boards draw their own).
  const ImFont* font = fonts_.fonts().regular;
  json.key("textPx").value(double(font ? font->FontSize * css_per_pixel : 0));
  // The size the layout below was made for: after a resize, wait for this.
  json.key("display").begin_object();
  json.key("w").value(double(display_.x * css_per_pixel));
  json.key("h").value(double(display_.y * css_per_pixel));
  json.end_object();
  std::vector<Target> all = targets_;
  all.insert(all.end(), ui_targets_.begin(), ui_targets_.end());
  json.key("layout");
  write_targets(json, all, css_per_pixel);
  // The panel that scrolls (the side panel, an embed's controls): how far.
  json.key("panelScroll").begin_object();
  json.key("y").value(double(pane_scroll_.x * css_per_pixel));
  json.key("max").value(double(pane_scroll_.y * css_per_pixel));
  json.end_object();
  // The line under the playback bar (the last solve's outcome, or the
  // comparison under way).
  json.key("outcomeText").value(outcome().text);
  json.key("rulesDemo");
  if (demo_.puzzle && !demo_.positions.empty()) {
    json.begin_object();
    json.key("step").value(int64_t{demo_.step});
    json.key("steps").value(static_cast<int64_t>(demo_.positions.size()));
    json.key("done").value(demo_.done);
    json.end_object();
  } else {
    json.null();
  }
  // The compare table's columns in the panel (the rest in the card), and
  // whether the card with every column is open.
  json.key("compareColumns").begin_array();
  for (const std::string& heading : compare_columns_shown_) json.value(heading);
  json.end_array();
  // The slider changes no game state: published with the frame's.
  json.key("playbackSpeed").value(double(midend_.chosen_playback_speed()));
  json.key("compareAllOpen").value(compare_all_open_);
  json.key("compareAllStacked").value(compare_all_open_ && compare_all_stacked_);
  json.key("compareLogScale").value(compare_plot_log_);
  json.key("cluster").begin_object();  // the Cluster view, when open
  json.key("open").value(cluster_open_ && offers_cluster());
  if (cluster_open_) cluster_.write_state(json, css_per_pixel);
  json.end_object();
  write_watch_state(json, css_per_pixel);  // Watch the search, when open
  json.key("view").begin_object();         // the puzzle view's own state
  if (view_) view_->write_state(json);
  // Where the board and the "Solved" banner were drawn (null: no banner).
  json.key("boardDrawn");
  write_rect_or_null(json, board_drawn_, css_per_pixel);
  json.key("solvedBanner");
  write_rect_or_null(json, banner_, css_per_pixel);
  // The board's area (the banner's strip included), and the strip it kept
  // for the banner (0: none, the banner fits in the board's gap).
  json.key("boardArea");
  write_rect_or_null(json, board_canvas_, css_per_pixel);
  json.key("bannerStrip").value(double(banner_strip_taken_ * css_per_pixel));
  // Edit mode: why letting go now would be refused ("": it would not be).
  json.key("pendingRefusal").value(view_ ? view_->pending_refusal() : std::string());
  json.end_object();
}

}  // namespace puzzlelab::shell
