// Small drawing helpers shared by the panels: icon buttons drawn with
// ImDrawList (no icon font needed), number formatting, section headings,
// the modal card.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include <imgui.h>

#include "theme.h"

namespace puzzlelab::shell {

enum class Icon { first, previous, play, pause, next, last, undo, redo, restart };

// A key pressed this frame (repeats while held, as ImGui counts them).
inline bool key_pressed(ImGuiKey key) {
  return ImGui::IsKeyPressed(ImGui::GetKeyIndex(key));
}

// A square button with a vector icon; `enabled` false draws it greyed out.
bool icon_button(const char* id, Icon icon, float size, bool enabled = true);
// A wide button in the accent colour (Solve), or a warning colour (Cancel).
bool primary_button(const char* label, ImVec2 size, ImU32 color = colors::kAccent);

// 1234567 -> "1,234,567".
std::string group_digits(uint64_t value);
// 1234567 -> "1.23 M".
std::string short_count(double value);
// 1234.5 -> "1.23 s", 12.3 -> "12 ms", 0.421 -> "0.42 ms".
std::string short_duration(double ms);
// The clock of work under way, as it steps (Midend::work_clock_step) and
// is redrawn: 12.34 -> "12.3 s", 75.6 -> "1 min 15 s", never ahead of time.
std::string running_duration(double seconds);
// `seconds` down to that clock's last step: a plot's "now" that moves with it.
double running_clock(double seconds);
// 2500000 -> "2.4 MB" (MiB, as file sizes are shown).
std::string short_size(double bytes);
// What the player reads when a paste is over the page's limit.
std::string paste_refusal(double bytes, double limit);

// `text` as it fits in `lines` lines of `width` pixels when wrapped: cut
// after a whole word, with "…", when it does not (the current font).
std::string fit_lines(const std::string& text, float width, int lines);

// A heading in bold with a thin rule under it.
void section(const Fonts& fonts, const char* title);
// Wrapped text in a colour (a verdict, an error).
void wrapped_colored(ImU32 color, const std::string& text);
// The same heading with an arrow that folds away what follows (open at
// first; `id` keeps the choice while the title changes). True when open.
bool collapsible_section(const Fonts& fonts, const char* title, const char* id);

// Which window of a modal card takes the keyboard focus this frame (only
// when it opens: focusing a window every frame would take the pressed state
// from its buttons, so a click would never finish).
enum class CardFocus { none, card, veil_then_card };
// A card over the whole page (the list of keys, How to play): a dark veil
// over everything, and over it a window in the panel colour centred on the
// screen, `width` wide (less on a narrow screen) and as tall as its
// content, up to the screen less `margin` each side. Both come to the front
// over the panes whichever was clicked last. The card's window is open when
// this returns: draw its content, then call end_modal_card(). True when the
// veil was clicked this frame (the caller closes the card).
bool begin_modal_card(const char* id, ImVec2 display, float width, float margin, CardFocus focus);
void end_modal_card();

// What this frame's widgets told the player, for window.puzzleLab: the App
// points ImGui's io.UserData at one for the frame (tests wait on it).
struct UiReport {
  std::string tooltip;  // the tooltip shown this frame, if any
  bool touch = false;   // a touch screen: tooltips only while a finger holds
};
// A tooltip for the last item while it is hovered (disabled items too): one
// line saying what the control does. On a touch screen, where the pointer
// stays where the last tap was, only while the finger is down (a long
// press). Reported in the frame's UiReport.
void tooltip(const std::string& text);
// A tooltip for something drawn by hand that the pointer is over (a dot of
// the Cluster view's picture), shown and reported as tooltip() does.
void pointer_tooltip(const std::string& text);

// Which columns of a table fit `width`: by priority (lowest first, ties in
// the table's order), each one that still fits, and the first priority's
// always; their indices in the table's order. `widths` include padding.
std::vector<size_t> fit_columns(const std::vector<float>& widths, const std::vector<int>& priority,
                                float width);

// Text wrapped to the width left, in `color`.
void wrapped_colored(ImU32 color, const std::string& text);

}  // namespace puzzlelab::shell
