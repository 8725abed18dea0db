// The "How to play" card: a puzzle's rules on one screen (PuzzleInfo::rules,
// the backend's words), over the page on the puzzle's first visit and from
// the How to play button. Where a picture says more than words, the
// puzzle's own view plays the card's demonstration on a small board: a move
// every few seconds with a caption, once (Replay plays it again).
#include <algorithm>

#include "app.h"
#include "views/view_registry.h"
#include "widgets.h"

namespace puzzlelab::shell {

namespace {

constexpr double kStepSeconds = 3.2;   // a caption's time on screen
constexpr double kSlideSeconds = 0.6;  // a demo move's slide
constexpr float kDemoHeight = 190;     // at most, in UI units

}  // namespace

void App::rules_card_keys() {
  ImGuiIO& io = ImGui::GetIO();
  io.InputQueueCharacters.resize(0);  // nothing typed reaches the page or the board
  if (key_pressed(ImGuiKey_Escape) || key_pressed(ImGuiKey_Enter) ||
      key_pressed(ImGuiKey_KeyPadEnter))
    midend_.close_rules();
}

void App::restart_demo() {
  demo_ = {};
  const PuzzleInfo* puzzle = midend_.puzzle();
  demo_.puzzle = puzzle;
  demo_.step_started = ImGui::GetTime();
  if (!puzzle || puzzle->rules.demo_board.empty()) return;
  auto start = puzzle->parse(puzzle->rules.demo_board);
  if (!start) return;  // the engine's tests make sure it parses
  demo_.view = make_view(puzzle->id);
  demo_.work = std::make_unique<WorkRoom>();  // its lane runs in-process
  demo_.positions.push_back(std::move(start).value());
  for (size_t k = 1; k < puzzle->rules.demo.size(); ++k) {
    auto next = demo_.positions.back()->clone();
    const std::string_view move = puzzle->rules.demo[k].move;
    if (!move.empty() && !next->apply(move)) break;
    demo_.positions.push_back(std::move(next));
  }
}

void App::rules_text(std::string_view text) {
  while (!text.empty()) {
    const size_t end = std::min(text.find('\n'), text.size());
    const std::string line(text.substr(0, end));
    text.remove_prefix(std::min(end + 1, text.size()));
    // A line for one input method (RulesCard::text's "- [keys] ..." shows
    // only with a keyboard, "- [touch] ..." only on a touch screen): no
    // "click, Tab" on a phone, no "tap" with a mouse.
    const bool keys_only = line.rfind("- [keys] ", 0) == 0;
    const bool touch_only = line.rfind("- [touch] ", 0) == 0;
    if ((keys_only && device_ == Device::touch) || (touch_only && device_ != Device::touch))
      continue;
    if (keys_only || touch_only) {
      ImGui::Bullet();
      ImGui::TextWrapped("%s", line.c_str() + (keys_only ? 9 : 10));
    } else if (line.rfind("- ", 0) == 0) {
      ImGui::Bullet();
      ImGui::TextWrapped("%s", line.c_str() + 2);
    } else {
      ImGui::TextWrapped("%s", line.c_str());
    }
    ImGui::Spacing();
  }
}

double App::rules_demo_wait(double now) const {
  // A card without a demonstration (Sudoku's) has nothing that moves: its
  // timer would otherwise fall due after one step and ask for every frame.
  if (!demo_.puzzle || !demo_.view || demo_.positions.empty() || demo_.done) return kNever;
  if (demo_.step > 0 && now - demo_.step_started < kSlideSeconds) return 0;  // a move slides
  return std::max(0.0, demo_.step_started + kStepSeconds - now);
}

void App::rules_demo(ImVec2 size) {
  const RulesCard& card = demo_.puzzle->rules;
  const double now = ImGui::GetTime();
  const int last = static_cast<int>(demo_.positions.size()) - 1;
  if (!demo_.done && now - demo_.step_started >= kStepSeconds) {
    if (demo_.step < last) {
      ++demo_.step;
      demo_.step_started = now;
    } else {
      demo_.done = true;
    }
  }
  const ImVec2 lo = ImGui::GetCursorScreenPos();
  ImGui::Dummy(size);
  BoardFrame frame;
  frame.draw = ImGui::GetWindowDrawList();
  frame.min = lo;
  frame.max = ImVec2(lo.x + size.x, lo.y + size.y);
  frame.position = demo_.positions[demo_.step].get();
  const float slid = static_cast<float>((now - demo_.step_started) / kSlideSeconds);
  if (demo_.step > 0 && slid < 1) {
    frame.previous = demo_.positions[demo_.step - 1].get();
    frame.progress = slid * slid * (3 - 2 * slid);  // eased
  }
  frame.interactive = false;
  // A room of its own: the board's view polls the app's lane meanwhile.
  frame.worker = &demo_.work->lane(Lane::view);
  frame.highlight = card.demo[demo_.step].cells;
  frame.fonts = &fonts_.fonts();
  frame.scale = scale_;
  demo_.view->show(frame);
  // The caption: the step's own, or the last one given.
  std::string_view caption;
  for (int k = demo_.step; k >= 0 && caption.empty(); --k) caption = card.demo[k].caption;
  ImGui::PushStyleColor(ImGuiCol_Text, ImGui::ColorConvertU32ToFloat4(colors::rgb(255, 210, 100)));
  ImGui::TextWrapped("%d/%d  %.*s", demo_.step + 1, last + 1, static_cast<int>(caption.size()),
                     caption.data());
  ImGui::PopStyleColor();
}

void App::rules_card(ImVec2 display) {
  const PuzzleInfo* puzzle = midend_.puzzle();
  if (!midend_.rules_shown() || !puzzle) {
    demo_ = {};
    return;
  }
  // Focused once, when it opens (demo_ is made then): focusing a window
  // every frame would take the pressed state from its buttons.
  const bool opening = demo_.puzzle != puzzle;
  if (opening) restart_demo();
  // A veil over the page, as under the list of keys: a click on it closes.
  if (begin_modal_card("##rules", display, 540 * scale_, 8 * scale_,
                       opening ? CardFocus::card : CardFocus::none))
    midend_.close_rules();
  ImGui::PushFont(fonts_.fonts().title);
  ImGui::Text("How to play %s", std::string(puzzle->title).c_str());
  ImGui::PopFont();
  ImGui::Spacing();
  rules_text(puzzle->rules.text);
  if (demo_.view && !demo_.positions.empty()) {
    const float w = ImGui::GetContentRegionAvail().x;
    const float aspect = std::max(0.3f, demo_.view->aspect(*demo_.positions.front()));
    rules_demo(ImVec2(w, std::min(w / aspect, kDemoHeight * scale_)));
    if (demo_.done) {
      if (ImGui::Button("Replay###rulesReplay")) restart_demo();
      note_target("rulesReplay");
      tooltip("Play the demonstration again");
      ImGui::SameLine();
    }
  }
  const bool keys = device_ == Device::keyboard;
  if (primary_button(keys ? "Got it (Enter)###rulesClose" : "Got it###rulesClose",
                     ImVec2(-1, ImGui::GetFrameHeight() * 1.2f)))
    midend_.close_rules();
  note_target("rulesClose");
  tooltip("Close the card and play; it does not open by itself again");
  ImGui::TextDisabled("How to play (or ?) opens it again.");
  const ImVec2 lo = ImGui::GetWindowPos(), size = ImGui::GetWindowSize();
  ui_targets_.push_back({"rulesCard", lo.x, lo.y, size.x, size.y});
  end_modal_card();
}

}  // namespace puzzlelab::shell
