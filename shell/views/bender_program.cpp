// The Bender view's program panel (see bender_view.h): the program editor
// with its mistakes explained, the runner that plays a program on the board
// a turn at a time with the referee's rules, the call stack and the
// verdict, and Compress, which asks the work room to write the walk on the
// board as a program. The maze and its input are in bender_view.cpp.
#include <algorithm>
#include <cctype>
#include <utility>
#include <variant>

#include <imgui.h>
#include <imgui_stdlib.h>

#include "core/text.h"
#include "views/bender_parts.h"
#include "views/bender_view.h"
#include "widgets.h"

namespace puzzlelab::shell {

using bender::BenderGame;
using bender::Map;
using bender::ProgramRunner;
using namespace bender_parts;

namespace {

constexpr int kShownFrames = 5;  // call stack frames listed (deepest last)
constexpr ImU32 kCaller = colors::rgb(255, 210, 100, 90);  // a call waiting for its return

// The editor shows one function per row; the program joins them with ';'.
std::string rows_of(const std::string& program) {
  std::string rows = program;
  std::replace(rows.begin(), rows.end(), ';', '\n');
  return rows;
}

std::string event_text(ProgramRunner::Event event) {
  switch (event) {
    case ProgramRunner::Event::none:
      return "";
    case ProgramRunner::Event::moved:
      return "moved";
    case ProgramRunner::Event::pushed:
      return "pushed a ball";
    case ProgramRunner::Event::bumped:
      return "bumped (a no-op that uses the turn)";
    case ProgramRunner::Event::no_op:
      return "no command: a no-op";
    case ProgramRunner::Event::called:
      return "a call (the turn moves nothing)";
    case ProgramRunner::Event::returned:
      return "a return (the turn moves nothing)";
    case ProgramRunner::Event::ended:
      return "main has returned";
    case ProgramRunner::Event::verdict:
      return "the referee's verdict";
  }
  return "";
}

// The walk's row beside Compress. The walk is the board's, so with a
// solution's moves on it the row says whose turns they are.
std::string walk_label(size_t turns, const MovesShown& moves) {
  const std::string count = text::amount(int64_t(turns), "turns");
  if (moves.solver == 0) return "Walked: " + count;
  if (moves.hand == 0) return "Solution's walk: " + count;
  return "Walk: " + count + " (" + std::to_string(moves.hand) + " yours)";
}

// Whose walk Compress wrote as a program, for its note.
std::string walk_owner(const MovesShown& moves) {
  if (moves.solver == 0) return "Your";
  return moves.hand == 0 ? "The solution's" : "The";
}

}  // namespace

// --- the program and its runner ---------------------------------------------

std::string BenderView::program() const {
  std::string text;
  for (char c : editor_) {
    if (c == '\n')
      text += ';';
    else if (c != '\r')
      text += c;
  }
  return text;
}

std::vector<std::pair<std::string, std::string>> BenderView::link_keys() const {
  const std::string text = program();
  if (text.empty()) return {};
  return {{"program", text}};
}

void BenderView::load_program(const std::string& program, std::string note) {
  editor_ = rows_of(program);
  note_ = std::move(note);
  runner_.reset();
  running_ = false;
}

void BenderView::start_runner() {
  if (!start_) return;
  runner_.emplace(*start_, program());
  owed_ = 0;
}

void BenderView::advance_runner() {
  if (!runner_ || !running_) return;
  // At most a frame's worth at a time: the first frame after an idle spell
  // comes long after the one before.
  owed_ += std::min(ImGui::GetIO().DeltaTime, 0.1f) * speed_;
  const int turns = std::min(static_cast<int>(owed_), bender::kTurns);
  owed_ -= turns;
  for (int k = 0; k < turns && runner_->step(); ++k) {
  }
  if (runner_->over()) running_ = false;
}

void BenderView::open_link(const std::vector<std::pair<std::string, std::string>>& keys) {
  for (const auto& [key, value] : keys) {
    if (key != "program") continue;
    load_program(value,
                 "The link's program (" + text::amount(int64_t(value.size()), "characters") + ").");
    autorun_ = true;
  }
}

// --- Compress: the walk played by hand as a program --------------------------
// The engine's compressor anneals on the room's lane for the views
// (BenderGame::compute, in the worker, a thread or in-process): the request
// carries the board's start and the walk as its moves.

void BenderView::start_compression(const BenderGame& game, WorkLane& worker) {
  compress_asked_ = false;
  compressing_walk_ = game.walk().size();
  compressing_owner_ = walk_owner(moves_);
  SolveRequest request;
  request.kind = RequestKind::compute;
  request.puzzle = std::string(game.info().id);
  request.board = bender::format_map(game.start());
  for (char move : game.walk()) request.moves.emplace_back(1, move);
  request.task = "compress";
  worker.start(request);
  compressing_ = true;
}

void BenderView::collect_compression(WorkLane& worker) {
  for (const SolverEvent& event : worker.poll()) {
    if (const auto* reply = std::get_if<Reply>(&event)) {
      compressing_ = false;
      finish_compression(reply->result);
    }
  }
}

void BenderView::finish_compression(const SolveResult& result) {
  if (result.status == SolveStatus::cancelled) return;
  if (result.status != SolveStatus::solved) {
    note_ = result.message;  // "the walk does not win as a program: ..."
    if (!note_.empty()) note_[0] = static_cast<char>(std::toupper(note_[0]));
    return;
  }
  load_program(result.answer, compressing_owner_ + " " + std::to_string(compressing_walk_) +
                                  "-move walk, compressed into " +
                                  std::to_string(result.answer.size()) + " characters.");
}

// --- the side panel -------------------------------------------------------------

void BenderView::add_panel_target(const char* name) {
  const ImVec2 lo = ImGui::GetItemRectMin(), hi = ImGui::GetItemRectMax();
  panel_targets_.push_back({name, lo.x, lo.y, hi.x - lo.x, hi.y - lo.y});
}

void BenderView::compress_controls(const BenderGame& game) {
  ImGui::AlignTextToFramePadding();
  walk_label_ = walk_label(game.walk().size(), moves_);
  ImGui::TextDisabled("%s", walk_label_.c_str());
  ImGui::SameLine();
  const bool can = game.is_solved() && !game.walk().empty() && !compressing();
  ImGui::BeginDisabled(!can);
  const std::string label = compressing() ? "Compressing…###compress" : "Compress###compress";
  if (ImGui::Button(label.c_str(), ImVec2(-1, 0))) {
    compress_asked_ = true;  // sent by show(), which has the worker
    runner_.reset();
    running_ = false;
  }
  add_panel_target("compressButton");
  ImGui::EndDisabled();
  tooltip(can ? "Turn the walk on the board into a short program"
              : "Walk Bender to Fry by hand first; then Compress writes it as a program");
}

void BenderView::editor_controls() {
  const float rows = std::clamp(
      static_cast<float>(std::count(editor_.begin(), editor_.end(), '\n')) + 1.6f, 3.6f, 10.6f);
  if (ImGui::InputTextMultiline("##program", &editor_,
                                ImVec2(-1, ImGui::GetTextLineHeight() * rows))) {
    runner_.reset();  // an edited program starts over
    running_ = false;
    note_.clear();
  }
  add_panel_target("programEditor");
  tooltip("One function per row: main first, then f1, f2... U D L R move, a digit calls");
  const std::string text = program();
  ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
  ImGui::TextWrapped("Program: a row per function (main, f1, f2...); digits call them.");
  ImGui::PopStyleColor();
  ImGui::TextDisabled("%zu characters (';' included)", text.size());
  if (!note_.empty()) ImGui::TextWrapped("%s", note_.c_str());
  if (text.empty()) return;
  for (const bender::ProgramNote& n : bender::review_program(text)) {
    ImGui::PushStyleColor(ImGuiCol_Text,
                          ImGui::ColorConvertU32ToFloat4(n.fatal ? colors::kBad : colors::kWarn));
    ImGui::TextWrapped("%s", n.text.c_str());
    ImGui::PopStyleColor();
  }
}

void BenderView::runner_controls() {
  const ImGuiStyle& style = ImGui::GetStyle();
  const float w = (ImGui::GetContentRegionAvail().x - style.ItemSpacing.x * 3) / 4;
  const bool stale = !runner_ || runner_->program() != program();
  ImGui::BeginDisabled(!stale && runner_->over());
  if (ImGui::Button("Step", ImVec2(w, 0))) {
    if (stale) start_runner();
    running_ = false;
    if (runner_) runner_->step();
  }
  add_panel_target("stepButton");
  tooltip("Run the program one turn, from the map's start");
  ImGui::SameLine();
  if (ImGui::Button(running_ ? "Pause###run" : "Run###run", ImVec2(w, 0))) {
    if (running_) {
      running_ = false;
    } else {
      if (stale) start_runner();
      running_ = runner_.has_value();
    }
  }
  add_panel_target("runButton");
  ImGui::EndDisabled();
  tooltip(running_ ? "Pause the program" : "Run the program on the board, from the map's start");
  ImGui::SameLine();
  if (ImGui::Button("Reset", ImVec2(w, 0))) {
    start_runner();
    running_ = false;
  }
  add_panel_target("resetButton");
  tooltip("Back to turn 0");
  ImGui::SameLine();
  ImGui::BeginDisabled(!runner_);
  if (ImGui::Button("Close", ImVec2(w, 0))) {
    runner_.reset();
    running_ = false;
  }
  ImGui::EndDisabled();
  tooltip("Show the board as played by hand");
}

// Under the program: Run's speed, the turn, the verdict, the listing.
void BenderView::runner_details() {
  ImGui::SetNextItemWidth(-1);
  ImGui::SliderFloat("##speed", &speed_, 1, 500, "speed %.0f turns/s",
                     ImGuiSliderFlags_Logarithmic | ImGuiSliderFlags_NoInput);
  tooltip("How fast Run plays the program");
  if (!runner_) return;
  const ProgramRunner& runner = *runner_;
  const std::string counter =
      "turn " + std::to_string(runner.turn()) + " / " + std::to_string(bender::kTurns);
  ImGui::ProgressBar(static_cast<float>(runner.turn()) / bender::kTurns, ImVec2(-1, 0),
                     counter.c_str());
  if (const auto& verdict = runner.verdict()) {
    ImGui::PushStyleColor(
        ImGuiCol_Text, ImGui::ColorConvertU32ToFloat4(verdict->win ? colors::kGood : colors::kBad));
    ImGui::TextWrapped("%s", verdict_text(runner).c_str());
    ImGui::PopStyleColor();
  } else if (runner.turn() > 0) {
    ImGui::TextDisabled(
        "Last turn: %s%s", event_text(runner.last_event()).c_str(),
        runner.reached_fry() ? "; Bender is with Fry: the win comes next turn" : "");
  }
  program_listing();
}

// The running program, a row per function, the next instruction marked;
// then the call stack.
void BenderView::program_listing() {
  const ProgramRunner& runner = *runner_;
  const auto& functions = runner.functions();
  const auto& stack = runner.stack();
  const bool live = !runner.over();
  ImDrawList& draw = *ImGui::GetWindowDrawList();
  // SameLine's offset counts from the window's left edge, padding included.
  const float label_w = ImGui::GetStyle().WindowPadding.x + ImGui::CalcTextSize("main").x +
                        ImGui::GetStyle().ItemSpacing.x * 2;
  float char_w = 1;  // the widest command character
  for (const char* c : {"U", "D", "L", "R", "0"})
    char_w = std::max(char_w, ImGui::CalcTextSize(c).x);
  const int per_row =
      std::max(8, static_cast<int>((ImGui::GetContentRegionAvail().x - label_w) / char_w));
  for (int f = 0; f < static_cast<int>(functions.size()); ++f) {
    const std::string& body = functions[f];
    // Marks: the top frame's next character, the callers' waiting calls.
    std::vector<std::pair<int, ImU32>> marks;
    for (size_t k = 0; live && k < stack.size(); ++k) {
      if (stack[k].function == f)
        marks.push_back({stack[k].position, k + 1 == stack.size() ? kHighlight : kCaller});
    }
    const int length = static_cast<int>(body.size());
    for (int from = 0; from == 0 || from < length; from += per_row) {
      ImGui::TextDisabled("%s", from == 0 ? bender::function_name(f).c_str() : "");
      ImGui::SameLine(label_w);
      const ImVec2 at = ImGui::GetCursorScreenPos();
      const std::string chunk = body.substr(from, per_row);
      const bool last_chunk = from + per_row >= length;
      for (const auto& [position, color] : marks) {
        if (position < from || position > from + static_cast<int>(chunk.size())) continue;
        if (position == from + static_cast<int>(chunk.size()) && !last_chunk) continue;
        const float x0 = at.x + ImGui::CalcTextSize(chunk.substr(0, position - from).c_str()).x;
        const float cw = position < length ? ImGui::CalcTextSize(body.substr(position, 1).c_str()).x
                                           : char_w * 0.6f;  // the return: a mark after the body
        draw.AddRectFilled(ImVec2(x0 - 1, at.y),
                           ImVec2(x0 + cw + 1, at.y + ImGui::GetTextLineHeight()),
                           color == kHighlight ? colors::with_alpha(color, 140) : color, 2);
      }
      if (chunk.empty())
        ImGui::TextDisabled("(empty)");
      else
        ImGui::TextUnformatted(chunk.c_str());
    }
  }
  if (stack.empty() || !live) return;
  std::string frames;
  const size_t shown = std::min<size_t>(stack.size(), kShownFrames);
  if (stack.size() > shown) frames = "… " + std::to_string(stack.size() - shown) + " more > ";
  for (size_t k = stack.size() - shown; k < stack.size(); ++k) {
    const ProgramRunner::Frame& frame = stack[k];
    frames += bender::function_name(frame.function);
    frames += frame.position < static_cast<int>(functions[frame.function].size())
                  ? " col " + std::to_string(frame.position + 1)
                  : " return";
    if (k + 1 < stack.size()) frames += " > ";
  }
  ImGui::TextDisabled("Call stack (%zu):", stack.size());
  ImGui::TextWrapped("%s", frames.c_str());
}

ViewAction BenderView::side_panel(const Game& game, const MovesShown& moves) {
  if (editing_) return {};  // programs run on the board played, not the one being built
  moves_ = moves;
  const BenderGame& bender_game = as_bender(game);
  if (!start_) start_ = bender_game.start();
  panel_targets_.clear();
  // Step, Run and Reset first, then the program: in reach by the board
  // (and in a small embed); Compress and the runner's figures after.
  runner_controls();
  editor_controls();
  compress_controls(bender_game);
  runner_details();
  return {};
}

void BenderView::write_state(JsonWriter& json) const {
  json.key("pendingSwitch").value(int64_t{pending_switch_});
  // Edit mode: the cells outlined (the edit's numbering), for the checks.
  json.key("outline").begin_array();
  for (int cell : outlined_) json.value(int64_t{cell});
  json.end_array();
  json.key("program").value(program());
  json.key("compressing").value(compressing());
  json.key("note").value(note_);
  json.key("walkLabel").value(walk_label_);
  json.key("runner").value(runner_.has_value());
  json.key("running").value(running_);
  if (!runner_) return;
  const ProgramRunner& runner = *runner_;
  json.key("runnerProgram").value(runner.program());
  json.key("turn").value(int64_t{runner.turn()});
  const Map& map = runner.position();
  json.key("bender").begin_array();
  json.value(int64_t{map.x_of(map.bender)}).value(int64_t{map.y_of(map.bender)});
  json.end_array();
  json.key("over").value(runner.over());
  json.key("win").value(runner.over() && runner.verdict()->win);
  json.key("verdict").value(runner.over() ? runner.verdict()->describe() : std::string());
  json.key("steps").value(int64_t{runner.over() ? runner.verdict()->steps : 0});
  const auto next = runner.next_instruction();
  json.key("next").value(next ? static_cast<int64_t>(*next) : int64_t{-1});
  json.key("stack").begin_array();
  for (const ProgramRunner::Frame& frame : runner.stack()) {
    json.value(bender::function_name(frame.function) + ":" + std::to_string(frame.position));
  }
  json.end_array();
}

}  // namespace puzzlelab::shell
