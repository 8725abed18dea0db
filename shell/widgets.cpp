#include "widgets.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>

// BringWindowToDisplayFront: a modal card covers every pane.
#include <imgui_internal.h>

#include "midend/midend.h"

namespace puzzlelab::shell {

namespace {

void draw_bar(ImDrawList& draw, ImVec2 c, float s, float dx, ImU32 color) {
  draw.AddRectFilled(ImVec2(c.x + dx - s * 0.07f, c.y - s * 0.3f),
                     ImVec2(c.x + dx + s * 0.07f, c.y + s * 0.3f), color, s * 0.03f);
}

void draw_triangle(ImDrawList& draw, ImVec2 c, float s, float dx, bool right, ImU32 color) {
  const float w = s * 0.32f, h = s * 0.3f, x = c.x + dx;
  if (right)
    draw.AddTriangleFilled(ImVec2(x - w / 2, c.y - h), ImVec2(x + w / 2, c.y),
                           ImVec2(x - w / 2, c.y + h), color);
  else
    draw.AddTriangleFilled(ImVec2(x + w / 2, c.y - h), ImVec2(x - w / 2, c.y),
                           ImVec2(x + w / 2, c.y + h), color);
}

// A hooked arrow: undo points left with its tail curling round on the
// right; redo is its mirror image.
void draw_turn(ImDrawList& draw, ImVec2 c, float s, bool left, ImU32 color) {
  const float r = s * 0.17f, dir = left ? -1.0f : 1.0f, pi = 3.14159265f;
  const ImVec2 centre(c.x - dir * s * 0.06f, c.y);
  draw.PathLineTo(ImVec2(centre.x + dir * r * 0.4f, centre.y + r));
  draw.PathArcTo(centre, r, pi / 2, left ? -pi / 2 : 1.5f * pi, 16);
  draw.PathLineTo(ImVec2(centre.x + dir * r * 0.5f, centre.y - r));
  draw.PathStroke(color, 0, s * 0.075f);
  const float a = s * 0.12f, base = centre.x + dir * r * 0.45f;
  draw.AddTriangleFilled(ImVec2(base + dir * a * 1.2f, centre.y - r),
                         ImVec2(base, centre.y - r - a), ImVec2(base, centre.y - r + a), color);
}

void draw_icon(ImDrawList& draw, Icon icon, ImVec2 c, float s, ImU32 color) {
  switch (icon) {
    case Icon::first:
      draw_bar(draw, c, s, -s * 0.17f, color);
      draw_triangle(draw, c, s, s * 0.07f, false, color);
      break;
    case Icon::previous:
      draw_triangle(draw, c, s, -s * 0.1f, false, color);
      draw_triangle(draw, c, s, s * 0.14f, false, color);
      break;
    case Icon::play:
      draw_triangle(draw, c, s * 1.25f, s * 0.04f, true, color);
      break;
    case Icon::pause:
      draw_bar(draw, c, s, -s * 0.11f, color);
      draw_bar(draw, c, s, s * 0.11f, color);
      break;
    case Icon::next:
      draw_triangle(draw, c, s, -s * 0.14f, true, color);
      draw_triangle(draw, c, s, s * 0.1f, true, color);
      break;
    case Icon::last:
      draw_triangle(draw, c, s, -s * 0.07f, true, color);
      draw_bar(draw, c, s, s * 0.17f, color);
      break;
    case Icon::undo:
      draw_turn(draw, c, s, true, color);
      break;
    case Icon::redo:
      draw_turn(draw, c, s, false, color);
      break;
    case Icon::restart:
      draw.PathArcTo(c, s * 0.22f, -2.4f, 2.6f, 20);
      draw.PathStroke(color, 0, s * 0.08f);
      draw.AddTriangleFilled(ImVec2(c.x - s * 0.27f, c.y - s * 0.30f),
                             ImVec2(c.x - s * 0.05f, c.y - s * 0.2f),
                             ImVec2(c.x - s * 0.25f, c.y - s * 0.05f), color);
      break;
  }
}

}  // namespace

bool icon_button(const char* id, Icon icon, float size, bool enabled) {
  if (!enabled) ImGui::BeginDisabled();
  const bool clicked = ImGui::Button(id, ImVec2(size, size));
  const ImVec2 lo = ImGui::GetItemRectMin(), hi = ImGui::GetItemRectMax();
  const ImU32 color = enabled ? colors::kText : colors::rgb(110, 116, 130);
  draw_icon(*ImGui::GetWindowDrawList(), icon, ImVec2((lo.x + hi.x) / 2, (lo.y + hi.y) / 2),
            hi.x - lo.x, color);
  if (!enabled) ImGui::EndDisabled();
  return clicked && enabled;
}

bool primary_button(const char* label, ImVec2 size, ImU32 color) {
  const ImVec4 base = ImGui::ColorConvertU32ToFloat4(color);
  auto lighter = [&base](float k) { return ImVec4(base.x * k, base.y * k, base.z * k, base.w); };
  ImGui::PushStyleColor(ImGuiCol_Button, lighter(0.85f));
  ImGui::PushStyleColor(ImGuiCol_ButtonHovered, lighter(1.0f));
  ImGui::PushStyleColor(ImGuiCol_ButtonActive, lighter(1.12f));
  ImGui::PushStyleColor(ImGuiCol_Text, ImVec4(1, 1, 1, 1));
  const bool clicked = ImGui::Button(label, size);
  ImGui::PopStyleColor(4);
  return clicked;
}

std::string group_digits(uint64_t value) {
  std::string digits = std::to_string(value), out;
  for (size_t i = 0; i < digits.size(); ++i) {
    if (i > 0 && (digits.size() - i) % 3 == 0) out += ',';
    out += digits[i];
  }
  return out;
}

std::string short_count(double value) {
  char text[32];
  if (value >= 1e9)
    std::snprintf(text, sizeof text, "%.2f G", value / 1e9);
  else if (value >= 1e6)
    std::snprintf(text, sizeof text, "%.2f M", value / 1e6);
  else if (value >= 1e4)
    std::snprintf(text, sizeof text, "%.1f k", value / 1e3);
  else
    std::snprintf(text, sizeof text, "%.0f", value);
  return text;
}

std::string short_duration(double ms) {
  char text[32];
  if (ms >= 60000)
    std::snprintf(text, sizeof text, "%d min %02d s", int(ms / 60000), int(ms / 1000) % 60);
  else if (ms >= 1000)
    std::snprintf(text, sizeof text, "%.2f s", ms / 1000);
  else if (ms >= 10)
    std::snprintf(text, sizeof text, "%.0f ms", ms);
  else if (ms >= 0.005)
    std::snprintf(text, sizeof text, "%.2f ms", ms);  // fast solves still show a figure
  else
    std::snprintf(text, sizeof text, "under 0.01 ms");  // not "0.00 ms"
  return text;
}

double running_clock(double seconds) {
  return Midend::work_clock_shown(std::max(0.0, seconds));
}

std::string running_duration(double seconds) {
  const double shown = running_clock(seconds);
  char text[32];
  if (shown >= 60)
    std::snprintf(text, sizeof text, "%d min %02d s", int(shown / 60), int(shown) % 60);
  else
    std::snprintf(text, sizeof text, "%.1f s", shown);
  return text;
}

std::string short_size(double bytes) {
  char text[32];
  if (bytes >= 1024 * 1024)
    std::snprintf(text, sizeof text, "%.1f MB", bytes / (1024 * 1024));
  else if (bytes >= 1024)
    std::snprintf(text, sizeof text, "%.0f KB", bytes / 1024);
  else
    std::snprintf(text, sizeof text, "%.0f bytes", bytes);
  return text;
}

std::string paste_refusal(double bytes, double limit) {
  return "Not pasted: the text is " + short_size(bytes) + ", and a paste may hold up to " +
         short_size(limit) + ". Load a smaller board.";
}

void section(const Fonts& fonts, const char* title) {
  ImGui::Spacing();
  ImGui::PushFont(fonts.bold);
  ImGui::PushStyleColor(ImGuiCol_Text, ImGui::ColorConvertU32ToFloat4(colors::kMuted));
  ImGui::TextUnformatted(title);
  ImGui::PopStyleColor();
  ImGui::PopFont();
  ImGui::Separator();
}

std::string fit_lines(const std::string& text, float width, int lines) {
  const float most = ImGui::GetTextLineHeight() * float(lines) + 0.5f;
  auto fits = [&](const std::string& t) {
    return ImGui::CalcTextSize(t.c_str(), nullptr, false, width).y <= most;
  };
  if (fits(text)) return text;
  // The longest run of whole words that fits with the ellipsis.
  size_t lo = 0, hi = text.size();
  while (lo < hi) {
    const size_t mid = (lo + hi + 1) / 2;
    if (fits(text.substr(0, mid) + "\u2026"))
      lo = mid;
    else
      hi = mid - 1;
  }
  size_t cut = text.rfind(' ', lo);
  if (cut == std::string::npos || cut == 0) {  // one long word: cut it, between characters
    cut = lo;
    while (cut > 0 && (static_cast<unsigned char>(text[cut]) & 0xC0) == 0x80) --cut;
  }
  return text.substr(0, cut) + "\u2026";
}

bool collapsible_section(const Fonts& fonts, const char* title, const char* id) {
  ImGui::Spacing();
  ImGui::PushFont(fonts.bold);
  ImGui::PushStyleColor(ImGuiCol_Text, ImGui::ColorConvertU32ToFloat4(colors::kMuted));
  ImGui::PushStyleColor(ImGuiCol_Header, ImVec4(0, 0, 0, 0));
  const std::string label = std::string(title) + "###" + id;
  const bool open = ImGui::TreeNodeEx(label.c_str(), ImGuiTreeNodeFlags_DefaultOpen |
                                                         ImGuiTreeNodeFlags_NoTreePushOnOpen |
                                                         ImGuiTreeNodeFlags_SpanAvailWidth);
  ImGui::PopStyleColor(2);
  ImGui::PopFont();
  ImGui::Separator();
  return open;
}

void tooltip(const std::string& text) {
  if (!ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled)) return;
  pointer_tooltip(text);
}

void pointer_tooltip(const std::string& text) {
  if (text.empty()) return;
  auto* report = static_cast<UiReport*>(ImGui::GetIO().UserData);
  if (report && report->touch && !ImGui::IsMouseDown(ImGuiMouseButton_Left)) return;
  ImGui::SetTooltip("%s", text.c_str());
  if (report) report->tooltip = text;
}

std::vector<size_t> fit_columns(const std::vector<float>& widths, const std::vector<int>& priority,
                                float width) {
  std::vector<size_t> order(widths.size());
  for (size_t c = 0; c < order.size(); ++c) order[c] = c;
  std::stable_sort(order.begin(), order.end(),
                   [&](size_t a, size_t b) { return priority[a] < priority[b]; });
  std::vector<size_t> shown;
  float used = 0;
  for (size_t c : order) {
    if (!shown.empty() && used + widths[c] > width) continue;  // a narrower one may still fit
    shown.push_back(c);
    used += widths[c];
  }
  std::sort(shown.begin(), shown.end());
  return shown;
}

bool begin_modal_card(const char* id, ImVec2 display, float width, float margin, CardFocus focus) {
  constexpr ImGuiWindowFlags kFixed =
      ImGuiWindowFlags_NoTitleBar | ImGuiWindowFlags_NoResize | ImGuiWindowFlags_NoMove |
      ImGuiWindowFlags_NoCollapse | ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoNavInputs;
  ImGui::SetNextWindowPos(ImVec2(0, 0));
  ImGui::SetNextWindowSize(display);
  ImGui::SetNextWindowBgAlpha(0.6f);
  ImGui::PushStyleColor(ImGuiCol_WindowBg, ImVec4(0, 0, 0, 1));
  if (focus == CardFocus::veil_then_card) ImGui::SetNextWindowFocus();
  ImGui::Begin((std::string(id) + "Veil").c_str(), nullptr, kFixed | ImGuiWindowFlags_NoScrollbar);
  ImGui::PopStyleColor();
  // Over the panes, whichever was last clicked (they never come to the front
  // by themselves, but their order among themselves is ImGui's).
  ImGui::BringWindowToDisplayFront(ImGui::GetCurrentWindow());
  const bool veil_clicked =
      ImGui::IsWindowHovered() && ImGui::IsMouseClicked(ImGuiMouseButton_Left);
  ImGui::End();

  width = std::min(display.x - 2 * margin, width);
  ImGui::SetNextWindowPos(ImVec2(display.x / 2, display.y / 2), ImGuiCond_Always,
                          ImVec2(0.5f, 0.5f));
  ImGui::SetNextWindowSizeConstraints(ImVec2(width, 0), ImVec2(width, display.y - 2 * margin));
  if (focus != CardFocus::none) ImGui::SetNextWindowFocus();
  ImGui::PushStyleColor(ImGuiCol_WindowBg, ImGui::ColorConvertU32ToFloat4(colors::kPanel));
  ImGui::Begin(id, nullptr, kFixed | ImGuiWindowFlags_AlwaysAutoResize);
  ImGui::PopStyleColor();
  ImGui::BringWindowToDisplayFront(ImGui::GetCurrentWindow());
  return veil_clicked;
}

void end_modal_card() {
  ImGui::End();
}

void wrapped_colored(ImU32 color, const std::string& text) {
  ImGui::PushStyleColor(ImGuiCol_Text, ImGui::ColorConvertU32ToFloat4(color));
  ImGui::TextWrapped("%s", text.c_str());
  ImGui::PopStyleColor();
}

}  // namespace puzzlelab::shell
