// The side panel's Compare section: the button (C), which row runs, the
// rows' progress curves on one chart with a legend, the table of results
// (fastest and least memory marked per goal; a row that did not solve
// says why), and the selected row's figures and states per layer. A click
// on a row plays its solution back (Midend::play_compare_row).
#include <algorithm>
#include <string>

#include "app.h"
#include "core/text.h"
#include "layer_histogram.h"
#include "progress_plot.h"
#include "widgets.h"

namespace puzzlelab::shell {

namespace {

// One colour per algorithm, in the puzzle's order (the plot and the table).
ImU32 algorithm_color(size_t index) {
  static constexpr ImU32 kColors[] = {colors::kAccent,
                                      colors::rgb(245, 150, 60),
                                      colors::rgb(90, 200, 120),
                                      colors::rgb(230, 100, 170),
                                      colors::rgb(190, 160, 255),
                                      colors::rgb(230, 210, 90)};
  return kColors[index % std::size(kColors)];
}

std::string memory_text(const CompareRow& row) {
  return row.peak_measured ? short_size(double(row.peak_bytes)) : "-";
}

// What the last column says: the marks, or why the row has no answer.
std::string row_note(const CompareRow& row, const std::string& mark) {
  if (row.status == CompareStatus::solved) return mark;
  if (row.status == CompareStatus::budget)
    return row.why == "cancelled" ? "cancelled" : "gave up: " + row.why;
  return std::string(to_string(row.status)) + ": " + row.why;
}

void muted_wrapped(const std::string& text) {
  ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
  ImGui::TextWrapped("%s", text.c_str());
  ImGui::PopStyleColor();
}

void figure(const char* label, const std::string& value) {
  ImGui::TableNextRow();
  ImGui::TableNextColumn();
  ImGui::TextDisabled("%s", label);
  ImGui::TableNextColumn();
  ImGui::TextWrapped("%s", value.c_str());
}

// The table's columns in order: a short heading, what it says in full (the
// heading's tooltip), and which give way first when the panel is narrow
// (the algorithm stays, and the goal, which tells two rows of one search
// apart; then the lowest priority goes first).
struct CompareColumn {
  const char* heading;
  const char* help;
  int priority;
};
constexpr CompareColumn kCompareColumns[] = {
    {"Algorithm", "The search; click a row to play its solution back", 0},
    {"Goal", "What the cost counts (the metric)", 1},
    {"Cost", "The solution's cost; - when the row found none", 2},
    {"Time", "Wall time of the search; the fastest of each goal in green", 3},
    {"States", "States expanded: those whose moves were generated", 4},
    {"Memory", "Most memory the search's tables held; the least of each goal in green", 5},
    {"Stored", "Most states held at once", 7},
    {"Opt.", "Optimality proven", 8},
    {"Note", "Fastest, least memory, or why the row has no answer", 6},
};
constexpr size_t kCompareColumnCount = std::size(kCompareColumns);

// A column's width: its widest cell or heading, with the cell's padding
// and the border between columns.
float column_width(const std::vector<std::vector<CompareCell>>& cells, size_t column) {
  float width = ImGui::CalcTextSize(kCompareColumns[column].heading).x;
  for (const auto& line : cells)
    width = std::max(width, ImGui::CalcTextSize(line[column].text.c_str()).x);
  return width + ImGui::GetStyle().CellPadding.x * 2 + 1;
}

}  // namespace

// The section in the side panel, under its own heading.
void App::compare_section() {
  if (!midend_.can_compare()) return;
  if (reveal_compare_) {  // its button by the board was pressed: the results in view
    ImGui::SetScrollHereY(0);
    ImGui::SetNextItemOpen(true);
    reveal_compare_ = false;
  }
  if (!collapsible_section(fonts_.fonts(), "COMPARE", "compareSection")) return;
  compare_controls();
}

// In an embed, under the board's controls: folded until opened.
void App::embed_compare() {
  if (!midend_.can_compare()) return;
  const bool open = ImGui::TreeNodeEx("Compare algorithms###embedCompare",
                                      midend_.comparison() ? ImGuiTreeNodeFlags_DefaultOpen : 0);
  note_target("compareToggle");
  tooltip("Every algorithm on this position, side by side");
  if (!open) return;
  compare_controls();
  ImGui::TreePop();
}

void App::compare_controls() {
  const auto& comparison = midend_.comparison();
  compare_button();
  if (!comparison) return;
  if (!midend_.comparison_current()) {
    muted_wrapped("The last comparison was for another position: Compare again for this one.");
    return;
  }
  compare_progress();
  compare_plot();
  compare_table();
  compare_selected();
}

void App::compare_button() {
  if (midend_.comparing()) {
    if (ImGui::Button("Cancel compare (Esc)###compare", ImVec2(-1, 0))) midend_.cancel();
    note_target("compareButton");
    tooltip("Stop the comparison: the rows that finished stay");
    return;
  }
  ImGui::BeginDisabled(midend_.searching() || midend_.session().empty());
  const char* label = device_ == Device::touch ? "Compare algorithms###compare"
                                               : "Compare algorithms (C)###compare";
  if (ImGui::Button(label, ImVec2(-1, 0))) {
    midend_.compare();
    reveal_compare_ = play_beside_;  // the results are in the side panel
  }
  ImGui::EndDisabled();
  note_target("compareButton");
  tooltip(
      "Solve this position with every algorithm under every goal, one after another, "
      "under the same budgets: which search wins, and why?");
}

// "row 3 of 8: A* search, steps · 12.3k states · 1.2 s" while it runs.
std::string App::compare_running_text() const {
  const CompareRun& comparison = *midend_.comparison();
  if (!comparison.running()) return "";
  const SolveRun& run = comparison.runs().back();
  const size_t row = comparison.runs().size() - 1;
  const std::string metric = comparison.metric(row);
  return "row " + std::to_string(row + 1) + " of " + std::to_string(comparison.size()) + ": " +
         comparison.label(row) + (metric.empty() ? "" : ", " + metric) + " \u00b7 " +
         short_count(double(run.last_progress().stats.expanded)) + " states \u00b7 " +
         running_duration(run.elapsed_seconds(midend_.work_clock()));
}

// Which row runs (n of m), or how it ended.
void App::compare_progress() {
  const CompareRun& comparison = *midend_.comparison();
  const size_t started = comparison.runs().size();
  if (comparison.running()) {
    ImGui::TextWrapped("Running %s", compare_running_text().c_str());
  } else if (comparison.cancelled()) {
    muted_wrapped("Cancelled at row " + std::to_string(started) + " of " +
                  std::to_string(comparison.size()) + ".");
  } else {
    muted_wrapped(std::to_string(comparison.size()) + " searches compared. " +
                  (device_ == Device::touch ? "Tap" : "Click") +
                  " a row to play its solution back.");
  }
  note_target("compareProgress");
}

// Every row's states against time on one chart, a colour per algorithm,
// with the legend under it.
void App::compare_plot() {
  const CompareRun& comparison = *midend_.comparison();
  const size_t algorithms = std::max<size_t>(1, midend_.puzzle()->algorithms.size());
  std::vector<PlotCurve> curves;
  for (size_t i = 0; i < comparison.runs().size(); ++i)
    curves.push_back({&comparison.runs()[i], algorithm_color(i % algorithms)});
  const bool running = comparison.running();
  const double now_ms =
      running ? running_clock(comparison.runs().back().elapsed_seconds(midend_.work_clock())) * 1000
              : 0;
  bool log = progress_plot(curves, ImVec2(ImGui::GetContentRegionAvail().x, 100 * scale_), now_ms,
                           fonts_.fonts(), compare_log_scale_);
  note_target("comparePlot");
  compare_plot_log_ = log;
  if (ImGui::Checkbox("Log scale###compareLog", &log)) compare_log_scale_ = log;
  note_target("compareLog");
  tooltip(
      "States on a log scale (a line per power of ten), so that searches of a few thousand "
      "states show beside those of millions; on by itself when they are 100 times apart");
  // The legend: a swatch and the algorithm's name, wrapping as the width allows.
  const float right = ImGui::GetCursorScreenPos().x + ImGui::GetContentRegionAvail().x;
  const float swatch = ImGui::GetTextLineHeight() * 0.7f;
  for (size_t i = 0; i < algorithms && i < comparison.size(); ++i) {
    const std::string name = comparison.label(i);
    const float width =
        swatch + ImGui::GetStyle().ItemInnerSpacing.x + ImGui::CalcTextSize(name.c_str()).x;
    if (i > 0) {
      ImGui::SameLine();
      if (ImGui::GetCursorScreenPos().x + width > right) ImGui::NewLine();
    }
    const ImVec2 at = ImGui::GetCursorScreenPos();
    const float lift = (ImGui::GetTextLineHeight() - swatch) / 2;
    ImGui::GetWindowDrawList()->AddRectFilled(ImVec2(at.x, at.y + lift),
                                              ImVec2(at.x + swatch, at.y + lift + swatch),
                                              algorithm_color(i), 2 * scale_);
    ImGui::Dummy(ImVec2(swatch, ImGui::GetTextLineHeight()));
    ImGui::SameLine(0, ImGui::GetStyle().ItemInnerSpacing.x);
    ImGui::TextDisabled("%s", name.c_str());
  }
}

// The text of every cell and its colour (0: the usual), row by row; rows
// still to run say so in the cost column.
std::vector<std::vector<CompareCell>> App::compare_cells() const {
  const CompareRun& comparison = *midend_.comparison();
  const std::vector<CompareRow> rows = comparison.rows();
  const std::vector<std::string> marks = comparison.marks();
  const size_t algorithms = std::max<size_t>(1, midend_.puzzle()->algorithms.size());
  const ImU32 muted = ImGui::GetColorU32(ImGuiCol_TextDisabled);
  std::vector<std::vector<CompareCell>> cells;
  for (size_t i = 0; i < comparison.size(); ++i) {
    std::vector<CompareCell>& line = cells.emplace_back(kCompareColumnCount);
    line[0] = {comparison.label(i), algorithm_color(i % algorithms)};
    line[1].text = cost_unit(*midend_.puzzle(), comparison.metric(i));
    if (i >= rows.size()) {  // running, or still to run
      const bool running = i + 1 == comparison.runs().size() && comparison.running();
      line[2] = {running ? "running\u2026" : comparison.cancelled() ? "not run" : "waiting", muted};
      continue;
    }
    const CompareRow& row = rows[i];
    const bool solved = row.status == CompareStatus::solved;
    const auto marked = [&](const char* mark) {
      return marks[i].find(mark) != std::string::npos ? colors::kGood : 0;
    };
    line[2] = {solved ? std::to_string(row.cost) : "-", solved ? 0 : colors::kWarn};
    line[3] = {short_duration(row.ms), marked("fastest")};
    line[4].text = short_count(double(row.stats.expanded));
    line[5] = {memory_text(row), marked("least memory")};
    line[6].text = short_count(double(row.stats.peak_stored));
    line[7].text = solved ? (row.optimal ? "yes" : "no") : "-";
    line[8] = {row_note(row, marks[i]), solved ? colors::kGood : colors::kWarn};
  }
  return cells;
}

// The rows: the columns that fit the panel (the rest in the card that
// "Every column" opens), the first kept in view if it still scrolls.
void App::compare_table() {
  const std::vector<std::vector<CompareCell>> cells = compare_cells();
  std::vector<float> widths;
  std::vector<int> priorities;
  for (size_t c = 0; c < kCompareColumnCount; ++c) {
    widths.push_back(column_width(cells, c));
    priorities.push_back(kCompareColumns[c].priority);
  }
  const std::vector<size_t> shown =
      fit_columns(widths, priorities, ImGui::GetContentRegionAvail().x - 2);
  compare_columns_shown_.clear();
  for (size_t c : shown) compare_columns_shown_.push_back(kCompareColumns[c].heading);
  compare_table_of(cells, shown, "##compare", true);
  if (shown.size() < kCompareColumnCount) {
    const std::string label = "Every column (" +
                              std::to_string(kCompareColumnCount - shown.size()) +
                              " more)\u2026###compareAll";
    if (ImGui::SmallButton(label.c_str())) compare_all_open_ = true;
    note_target("compareAll");
    tooltip("The whole table, every figure of every row, in a card over the page");
  }
}

// One table of `cells` with the columns `shown`; `targets`: publish each
// row's name as compareRow<i> (the panel's table, not the card's).
void App::compare_table_of(const std::vector<std::vector<CompareCell>>& cells,
                           const std::vector<size_t>& shown, const char* id, bool targets) {
  const CompareRun& comparison = *midend_.comparison();
  const size_t finished = comparison.rows().size();
  constexpr ImGuiTableFlags kFlags = ImGuiTableFlags_ScrollX | ImGuiTableFlags_RowBg |
                                     ImGuiTableFlags_BordersInnerV | ImGuiTableFlags_SizingFixedFit;
  const float row_h = ImGui::GetTextLineHeight() + ImGui::GetStyle().CellPadding.y * 2;
  float wide = 0;  // the columns' own width: a table no wider than they need
  for (size_t c : shown) wide += column_width(cells, c);
  const bool fits = wide <= ImGui::GetContentRegionAvail().x;
  const float height =
      row_h * float(cells.size() + 1) + (fits ? 0 : ImGui::GetStyle().ScrollbarSize) + 2;
  if (!ImGui::BeginTable(id, static_cast<int>(shown.size()), kFlags,
                         ImVec2(fits ? wide + 2 : 0, height)))
    return;
  ImGui::TableSetupScrollFreeze(1, 1);
  for (size_t c : shown) ImGui::TableSetupColumn(kCompareColumns[c].heading);
  ImGui::TableNextRow(ImGuiTableRowFlags_Headers);
  for (size_t k = 0; k < shown.size(); ++k) {
    ImGui::TableSetColumnIndex(static_cast<int>(k));
    ImGui::TableHeader(kCompareColumns[shown[k]].heading);
    tooltip(kCompareColumns[shown[k]].help);
  }
  for (size_t i = 0; i < cells.size(); ++i) {
    ImGui::TableNextRow();
    ImGui::TableNextColumn();
    ImGui::PushID(static_cast<int>(i));
    const std::string& label = cells[i][0].text;
    ImGui::PushStyleColor(ImGuiCol_Text, ImGui::ColorConvertU32ToFloat4(cells[i][0].color));
    const ImVec2 cell = ImGui::GetCursorScreenPos();
    if (ImGui::Selectable(label.c_str(), comparison.selected == i,
                          ImGuiSelectableFlags_SpanAllColumns) &&
        i < finished)
      midend_.play_compare_row(i);
    ImGui::PopStyleColor();
    // Without the Note column, the row says it on hover.
    if (std::find(shown.begin(), shown.end(), kCompareColumnCount - 1) == shown.end())
      tooltip(cells[i].back().text);
    // The row's target is its name, in the column that stays in view (the
    // whole row reaches into columns scrolled out of sight).
    if (targets) {
      const ImVec2 name = ImGui::CalcTextSize(label.c_str());
      ui_targets_.push_back({"compareRow" + std::to_string(i), cell.x, cell.y, name.x, name.y});
    }
    ImGui::PopID();
    for (size_t k = 1; k < shown.size(); ++k) {
      ImGui::TableNextColumn();
      const CompareCell& value = cells[i][shown[k]];
      if (value.color)
        ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(value.color), "%s", value.text.c_str());
      else
        ImGui::TextUnformatted(value.text.c_str());
    }
  }
  ImGui::EndTable();
}

// The whole table in a card over the page, as wide as it needs (or the
// page, scrolling sideways): Close, Esc or a click on the veil closes it.
void App::compare_all_card(ImVec2 display) {
  if (!compare_all_open_ || !midend_.comparison() || !midend_.comparison_current()) {
    compare_all_open_ = false;
    return;
  }
  std::vector<size_t> all(kCompareColumnCount);
  for (size_t c = 0; c < all.size(); ++c) all[c] = c;
  const std::vector<std::vector<CompareCell>> cells = compare_cells();
  float wide = 0;
  for (size_t c = 0; c < kCompareColumnCount; ++c) wide += column_width(cells, c);
  const float margin = 8 * scale_;
  const float padding = 2 * ImGui::GetStyle().WindowPadding.x + 4;
  // Too narrow a page for the table (a phone): the rows one under another.
  compare_all_stacked_ = wide + padding > display.x - 2 * margin;
  if (begin_modal_card("##compareAll", display, wide + padding, margin, CardFocus::none))
    compare_all_open_ = false;
  ImGui::PushFont(fonts_.fonts().bold);
  ImGui::TextUnformatted("Compare: every column");
  ImGui::PopFont();
  if (compare_all_stacked_) {
    // The rows scroll between the title and Close, which stays in view.
    const ImGuiStyle& style = ImGui::GetStyle();
    const float rows_h = display.y - 2 * margin - ImGui::GetCursorPosY() - style.WindowPadding.y -
                         ImGui::GetFrameHeightWithSpacing() - style.ItemSpacing.y;
    ImGui::BeginChild("##compareAllRows", ImVec2(0, std::max(rows_h, ImGui::GetFrameHeight())));
    compare_rows_stacked(cells);
    ImGui::EndChild();
  } else
    compare_table_of(cells, all, "##compareAllTable", false);
  if (ImGui::Button("Close###compareAllClose")) compare_all_open_ = false;
  note_target("compareAllClose");
  end_modal_card();
}

void App::compare_rows_stacked(const std::vector<std::vector<CompareCell>>& cells) {
  const CompareRun& comparison = *midend_.comparison();
  const size_t finished = comparison.rows().size();
  const float width = ImGui::GetContentRegionAvail().x;
  const float gap = ImGui::GetStyle().ItemSpacing.x;
  for (size_t i = 0; i < cells.size(); ++i) {
    ImGui::PushID(static_cast<int>(i));
    ImGui::PushStyleColor(ImGuiCol_Text, ImGui::ColorConvertU32ToFloat4(cells[i][0].color));
    if (ImGui::Selectable(cells[i][0].text.c_str(), comparison.selected == i) && i < finished)
      midend_.play_compare_row(i);
    ImGui::PopStyleColor();
    ImGui::PopID();
    // Each figure under its heading, in the columns' widths (the same in
    // every row, so the figures line up from row to row), wrapping as the
    // width allows; a figure wider than the card wraps its words.
    ImGui::Indent();
    const float left = ImGui::GetCursorPosX(), room = width - ImGui::GetStyle().IndentSpacing;
    float x = 0;
    for (size_t c = 1; c < kCompareColumnCount; ++c) {
      const float w = std::min(column_width(cells, c), room);
      if (c > 1 && x + w <= room) {
        ImGui::SameLine(left + x, 0);
      } else {
        x = 0;
      }
      x += w + gap;
      ImGui::BeginGroup();
      ImGui::PushTextWrapPos(ImGui::GetCursorPosX() + w);
      ImGui::TextDisabled("%s", kCompareColumns[c].heading);
      const CompareCell& value = cells[i][c];
      ImGui::PushStyleColor(ImGuiCol_Text, value.color ? ImGui::ColorConvertU32ToFloat4(value.color)
                                                       : ImGui::GetStyleColorVec4(ImGuiCol_Text));
      ImGui::TextWrapped("%s", value.text.empty() ? " " : value.text.c_str());
      ImGui::PopStyleColor();
      ImGui::PopTextWrapPos();
      ImGui::EndGroup();
      tooltip(kCompareColumns[c].help);
    }
    ImGui::Unindent();
    ImGui::Separator();
  }
}

// The selected row (the last one finished until a row is picked): its
// figures as a list that fits any width, and its states per layer.
void App::compare_selected() {
  const CompareRun& comparison = *midend_.comparison();
  const std::vector<CompareRow> rows = comparison.rows();
  if (rows.empty()) return;
  const size_t index = comparison.selected && *comparison.selected < rows.size()
                           ? *comparison.selected
                           : rows.size() - 1;
  const CompareRow& row = rows[index];
  const size_t algorithms = std::max<size_t>(1, midend_.puzzle()->algorithms.size());
  ImGui::Spacing();
  const std::string metric = comparison.metric(index);
  ImGui::TextUnformatted((row.label + (metric.empty() ? "" : " \u00b7 " + row.unit)).c_str());
  if (ImGui::BeginTable("##compareRow", 2,
                        ImGuiTableFlags_RowBg | ImGuiTableFlags_SizingStretchProp)) {
    const bool solved = row.status == CompareStatus::solved;
    if (solved) {
      figure("cost", text::amount(row.cost, row.unit) +
                         (row.optimal ? ", optimal (proven)" : ", not proven optimal"));
    } else {
      figure("outcome", row_note(row, ""));
    }
    figure("expanded", group_digits(row.stats.expanded));
    figure("stored", group_digits(row.stats.peak_stored));
    figure("memory", row.peak_measured ? short_size(double(row.peak_bytes)) + " (search tables)"
                                       : "not counted");
    figure("time", short_duration(row.ms));
    if (solved && !comparison.marks()[index].empty()) figure("mark", comparison.marks()[index]);
    ImGui::EndTable();
  }
  if (!row.stats.layers.empty()) {
    layer_histogram(row.stats, row.unit, ImVec2(ImGui::GetContentRegionAvail().x, 90 * scale_),
                    fonts_.fonts(), algorithm_color(index % algorithms));
    note_target("compareHistogram");
  }
}

}  // namespace puzzlelab::shell
