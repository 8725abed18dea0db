// Screen layout: side panel + board on wide screens, board over panel on
// narrow or portrait ones, board with a small toolbar when embedded.
#include <algorithm>
#include <cctype>
#include <string_view>

#include "app.h"
#include "widgets.h"
// ClosePopupsOverWindow: Esc closes menus.
#include <imgui_internal.h>

namespace puzzlelab::shell {

namespace {

constexpr float kWideMinWidth = 760;  // in UI units (pixels at scale 1)
constexpr float kTouchTarget = 40;    // a button's height on a touch screen, UI units

void key_row(const char* key, std::string_view what) {
  ImGui::TableNextRow();
  ImGui::TableNextColumn();
  ImGui::TextUnformatted(key);
  ImGui::TableNextColumn();
  ImGui::TextWrapped("%.*s", static_cast<int>(what.size()), what.data());
}

}  // namespace

// The page's shortcuts come before the board's keys: a shortcut's
// character is taken out of the typed queue, so the board never sees it.
void App::keyboard_shortcuts() {
  ImGuiIO& io = ImGui::GetIO();
  // A key that a card on top takes (Enter closing How to play) is that
  // card's: the board below must not act on it in the same frame.
  board_keys_taken_ = midend_.rules_shown() || keys_shown_;
  if (midend_.rules_shown()) {
    rules_card_keys();
    return;
  }
  if (io.WantTextInput) return;
  ImVector<ImWchar>& typed = io.InputQueueCharacters;
  const bool escape = key_pressed(ImGuiKey_Escape);
  // Esc closes an open menu first, and only that (ImGui does so only with
  // keyboard navigation, which is off: Tab belongs to the board).
  if (escape && ImGui::IsPopupOpen("", ImGuiPopupFlags_AnyPopupId)) {
    ImGui::ClosePopupsOverWindow(nullptr, true);
    typed.resize(0);
    return;
  }
  if (keys_shown_) {  // the list is on top: Esc or ? closes it, nothing else reaches the board
    bool close = escape;
    for (const ImWchar c : typed) close = close || c == '?';
    typed.resize(0);
    if (close) keys_shown_ = false;
    return;
  }
  if (compare_all_open_) {  // the whole compare table is on top: Esc closes it
    typed.resize(0);
    if (escape) compare_all_open_ = false;
    return;
  }
  const bool ctrl = io.KeyCtrl || io.KeySuper;
  if (ctrl && key_pressed(ImGuiKey_Z)) command(io.KeyShift ? "redo" : "undo");
  if (ctrl && key_pressed(ImGuiKey_Y)) command("redo");
  if (escape && midend_.working())
    midend_.cancel();
  else if (escape && cluster_open_)
    cluster_open_ = false;  // back to the board
  else if (escape && watch_open_)
    watch_open_ = false;
  const EditSession* edit = midend_.edit();
  for (int i = 0; i < typed.Size;) {
    const auto shortcut = shortcut_command(typed[i]);
    // While editing, a tool's key picks the tool (Amphipod's h is kind H, not Hint).
    if (!shortcut || (edit && tool_of_key(edit->editor().tools, typed[i]) >= 0)) {
      ++i;
      continue;
    }
    typed.erase(typed.begin() + i);
    command(*shortcut);
  }
}

void App::keys_overlay(ImVec2 display) {
  if (!keys_shown_) {
    keys_focused_ = false;
    return;
  }
  // Focused once, when it opens: focusing a window every frame would take
  // the pressed state from its buttons (a click would never finish).
  const bool focus = !keys_focused_;
  keys_focused_ = true;
  // A veil over the page: a click on it closes the list.
  if (begin_modal_card("##keys", display, 460 * scale_, 8 * scale_,
                       focus ? CardFocus::veil_then_card : CardFocus::none))
    keys_shown_ = false;
  const PuzzleInfo* puzzle = midend_.puzzle();
  const bool touch = device_ == Device::touch;
  ImGui::PushFont(fonts_.fonts().bold);
  ImGui::Text("%s%s", touch ? "Controls" : "Keys",
              puzzle ? (" for " + std::string(puzzle->title)).c_str() : "");
  ImGui::PopFont();
  if (puzzle && !midend_.session().empty()) {
    const KeyList keys =
        key_list(*puzzle, static_cast<int>(midend_.library().bundled(puzzle->id).size()),
                 view().help(), device_);
    for (const auto* rows : {&keys.page, &keys.board}) {
      if (rows == &keys.board) {
        ImGui::Separator();
        ImGui::TextDisabled("On the board");
      }
      if (!ImGui::BeginTable(rows == &keys.page ? "##page" : "##board", 2,
                             ImGuiTableFlags_SizingFixedFit))
        continue;
      ImGui::TableSetupColumn("key", ImGuiTableColumnFlags_WidthFixed);
      ImGui::TableSetupColumn("what", ImGuiTableColumnFlags_WidthStretch);
      for (const KeyRow& row : *rows) key_row(row.keys.c_str(), row.what);
      ImGui::EndTable();
    }
  }
  if (ImGui::Button(touch ? "Close###keysClose" : "Close (Esc or ?)###keysClose", ImVec2(-1, 0)))
    keys_shown_ = false;
  note_target("keysClose");
  tooltip("Back to the game");
  const ImVec2 lo = ImGui::GetWindowPos(), size = ImGui::GetWindowSize();
  ui_targets_.push_back({"keysOverlay", lo.x, lo.y, size.x, size.y});
  end_modal_card();
}

void App::frame() {
  ++frames_;
  ui_targets_.clear();
  embed_preview_.reset();
  embed_open_ = false;
  report_ = {};
  report_.touch = device_ == Device::touch;
  ImGui::GetIO().UserData = &report_;  // widgets report their tooltips here
  midend_.tick();
  keyboard_shortcuts();
  const ImVec2 display = ImGui::GetIO().DisplaySize;
  display_ = display;
  // A short screen (a 320x400 embed) spends less on margins and gaps.
  int styled = compact() ? 2 : 0;
  if (styled) {
    ImGui::PushStyleVar(ImGuiStyleVar_WindowPadding, ImVec2(8 * scale_, 6 * scale_));
    ImGui::PushStyleVar(ImGuiStyleVar_ItemSpacing, ImVec2(6 * scale_, 6 * scale_));
  } else if (device_ == Device::touch) {
    // A finger's targets: buttons, sliders and fields 40 px tall (WCAG
    // 2.5.5 asks 44; the phone's toolbar must keep one row).
    const float font = ImGui::GetFontSize();
    ImGui::PushStyleVar(
        ImGuiStyleVar_FramePadding,
        ImVec2(9 * scale_, std::max(6 * scale_, (kTouchTarget * scale_ - font) / 2)));
    styled = 1;
  }
  const bool wide = display.x >= kWideMinWidth * scale_ && display.x >= display.y * 0.95f;
  stacked_ = !embed_ && !wide;
  play_beside_ = false;
  if (embed_)
    layout_embed(display);
  else if (wide)
    layout_wide(display);
  else
    layout_stacked(display);
  ImGui::PopStyleVar(styled);
  keys_overlay(display);
  rules_card(display);
  compare_all_card(display);
  ImGui::GetIO().UserData = nullptr;
  popup_open_ = ImGui::IsPopupOpen("", ImGuiPopupFlags_AnyPopupId);
  scroller_.after_frame(scale_);
  ready_ = true;
}

bool App::compact() const {
  return display_.y < 520 * scale_;
}

void App::note_target(const char* name) {
  for (const Target& t : ui_targets_) {
    if (t.name == name) return;  // the first one drawn (the toolbar's) wins
  }
  const ImVec2 lo = ImGui::GetItemRectMin(), hi = ImGui::GetItemRectMax();
  ui_targets_.push_back({name, lo.x, lo.y, hi.x - lo.x, hi.y - lo.y});
}

void App::begin_pane(const char* id, ImVec2 pos, ImVec2 size, ImU32 background) {
  ImGui::SetNextWindowPos(pos);
  ImGui::SetNextWindowSize(size);
  ImGui::PushStyleColor(ImGuiCol_WindowBg, ImGui::ColorConvertU32ToFloat4(background));
  // No Tab navigation: Tab belongs to the board (it picks pieces).
  ImGuiWindowFlags flags = ImGuiWindowFlags_NoTitleBar | ImGuiWindowFlags_NoResize |
                           ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoCollapse |
                           ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoNavInputs |
                           ImGuiWindowFlags_NoBringToFrontOnFocus;
  // The hosts clear the screen to kBackground: skip drawing it again (a
  // full-screen blended layer is costly with software WebGL).
  if (background == colors::kBackground) flags |= ImGuiWindowFlags_NoBackground;
  // The board pane is sized to fit; a long note is cut rather than scrolled
  // (and a drag on it moves pieces, never the pane).
  if (std::string_view(id) == "##board")
    flags |= ImGuiWindowFlags_NoScrollbar | ImGuiWindowFlags_NoScrollWithMouse;
  // An embed's controls scroll by wheel and drag; a bar would narrow them.
  if (std::string_view(id) == "##controls") flags |= ImGuiWindowFlags_NoScrollbar;
  ImGui::Begin(id, nullptr, flags);
  ImGui::PopStyleColor();
}

void App::layout_wide(ImVec2 display) {
  const float panel = std::clamp(display.x * 0.3f, 330 * scale_, 430 * scale_);
  const float column = play_column_width(display.x - panel);
  play_beside_ = column > 0;
  // The board's pane first, then the column: their buttons are the ones
  // published (note_target keeps the first of a name).
  begin_pane("##board", ImVec2(panel, 0), ImVec2(display.x - panel - column, display.y),
             colors::kBackground);
  board_area(ImGui::GetContentRegionAvail());
  ImGui::End();
  if (play_beside_) {
    begin_pane("##play", ImVec2(display.x - column, 0), ImVec2(column, display.y), colors::kPanel);
    play_column();
    ImGui::End();
  }
  begin_pane("##panel", ImVec2(0, 0), ImVec2(panel, display.y), colors::kPanel);
  scroll_home_on_new_puzzle();
  side_panel(false);
  end_scrolling_pane("panel");
}

// Ends a pane that scrolls, publishing where it is and how far it scrolled.
void App::end_scrolling_pane(const char* name) {
  const ImVec2 pos = ImGui::GetWindowPos(), size = ImGui::GetWindowSize();
  ui_targets_.push_back({name, pos.x, pos.y, size.x, size.y});
  pane_scroll_ = {ImGui::GetScrollY(), ImGui::GetScrollMaxY()};
  ImGui::End();
}

void App::layout_stacked(ImVec2 display) {
  // The board gets the width and as much height as its shape needs, up to
  // 62% of the screen; the panel scrolls underneath.
  const Session& session = midend_.session();
  const float aspect = session.empty() ? 1.0f : view().aspect(session.current());
  const float pad = ImGui::GetStyle().WindowPadding.y * 2;
  const float width = display.x - ImGui::GetStyle().WindowPadding.x * 2;
  // The toolbar's row, and the editor's tools under it while editing.
  const float toolbar = ImGui::GetFrameHeightWithSpacing() *
                        float(1 + (tools_by_board() ? edit_tool_rows(width) : 0));
  const float banner = banner_reserved() ? banner_strip() : 0;  // the board keeps its size
  const float wanted = width / aspect + banner + toolbar + below_board_height(width) + pad;
  // A short screen (a 320x320 widget, a phone on its side) gives the board
  // all but a row of the panel, which scrolls up underneath.
  const float panel_min = ImGui::GetFrameHeightWithSpacing() * 1.5f + pad;
  // Watching: the searches take all but the row that goes back to the board.
  const bool watching = watch_open_ && offers_watch();
  const float board_h = watching    ? display.y - panel_min
                        : compact() ? std::min(wanted, display.y - panel_min)
                                    : std::min(wanted, display.y * 0.62f + banner);
  begin_pane("##board", ImVec2(0, 0), ImVec2(display.x, board_h), colors::kBackground);
  board_area(ImGui::GetContentRegionAvail());
  ImGui::End();
  begin_pane("##panel", ImVec2(0, board_h), ImVec2(display.x, display.y - board_h), colors::kPanel);
  scroll_home_on_new_puzzle();
  if (watching)
    watch_button();
  else
    side_panel(true);
  end_scrolling_pane("panel");
}

void App::layout_embed(ImVec2 display) {
  // The board's own controls (Sudoku's digit pad, Tree of Life's time line)
  // under the board: an embed has no side panel, and a touch screen no
  // keyboard. The board keeps room to be seen and played (250 px, or all
  // it needs when it is wide), the same from the first frame on; the
  // controls take the rest, scrolling when they need more.
  const ImGuiStyle& style = ImGui::GetStyle();
  const float pad = style.WindowPadding.y * 2;
  const float width = display.x - style.WindowPadding.x * 2;
  const Session& session = midend_.session();
  const float aspect = session.empty() ? 1.0f : view().aspect(session.current());
  // The view's controls' first rows (Bender's Run and program, Tree of
  // Life's time line and rule) in view too: the board gives way for them,
  // down to 200 px.
  const float first_controls = std::min(embed_view_controls_h_, 110 * scale_);
  const float fixed = pad * 2 + ImGui::GetFrameHeightWithSpacing() + style.ItemSpacing.y +
                      below_board_height(width) + first_controls;
  const float most = std::max(200 * scale_, std::min(250 * scale_, display.y - fixed));
  const float board = std::min(width / aspect, std::min(width, most));
  // (No strip for the "Solved" banner: it takes the status line's place.)
  const float board_pane = pad + ImGui::GetFrameHeightWithSpacing() + board + style.ItemSpacing.y +
                           below_board_height(width);
  // The board's pane keeps its height while the controls grow or shrink
  // (Bender's runner, an opened Compare): the controls take the rest.
  const float first_row = ImGui::GetFrameHeightWithSpacing() * 1.4f + pad;
  float controls_h = 0;
  if (embed_controls_h_ > 0) controls_h = std::max(display.y - board_pane, first_row);
  // Watching: the searches take the frame, the controls only Back to the board.
  const bool watching = watch_open_ && offers_watch();
  if (watching) controls_h = first_row;
  begin_pane("##board", ImVec2(0, 0), ImVec2(display.x, display.y - controls_h),
             colors::kBackground);
  board_area(ImGui::GetContentRegionAvail());
  ImGui::End();
  begin_pane("##controls", ImVec2(0, display.y - controls_h),
             ImVec2(display.x, std::max(controls_h, 40 * scale_)), colors::kPanel);
  scroll_home_on_new_puzzle();
  const float top = ImGui::GetCursorPosY();
  if (watching) {
    watch_button();
    end_scrolling_pane("panel");
    return;
  }
  board_controls();
  embed_view_controls_h_ = ImGui::GetCursorPosY() - top;
  embed_compare();
  watch_button();  // an embed has no panel: the mode from here
  embed_controls_h_ = ImGui::GetCursorPosY() - top - ImGui::GetStyle().ItemSpacing.y;
  end_scrolling_pane("panel");
}

}  // namespace puzzlelab::shell
