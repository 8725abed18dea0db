// The column beside the board on a wide screen: what a player needs while
// playing and that the board alone does not give (Sudoku's digit pad and
// Pencil, Bender's program and Run, Tree of Life's time line, rule and
// queries), then the lab's views (Compare, Cluster, Watch the search), one click from the
// board. The side panel keeps what is independent of the board in play:
// pickers, settings, saving, the figures of a search.
#include <algorithm>

#include "app.h"
#include "widgets.h"

namespace puzzlelab::shell {

// A third of the board's pane, within 240 and 320 UI pixels; none without
// a puzzle, or when the board would be left narrower than the column.
float App::play_column_width(float board_pane) const {
  if (!midend_.puzzle() || midend_.session().empty()) return 0;
  const float width = std::clamp(board_pane * 0.34f, 240 * scale_, 320 * scale_);
  return board_pane - width >= width ? width : 0;
}

void App::play_column() {
  play_controls();
  lab_buttons();
  const ImVec2 pos = ImGui::GetWindowPos(), size = ImGui::GetWindowSize();
  ui_targets_.push_back({"playColumn", pos.x, pos.y, size.x, size.y});
}

// Compare and the Cluster view: their results and legend stay in the side
// panel (Compare scrolls it there), the cluster takes the board's place.
void App::lab_buttons() {
  const bool compare = midend_.can_compare(), cluster = offers_cluster();
  if (!compare && !cluster) return;
  section(fonts_.fonts(), "LAB");
  if (compare) compare_button();
  if (!cluster) return;
  const char* label =
      cluster_open_ ? "Back to the board (G)###cluster" : "Show the cluster (G)###cluster";
  if (ImGui::Button(label, ImVec2(-1, 0))) toggle_cluster();
  note_target("clusterButton");
  tooltip("Every position reachable from this board, in rings by moves to solved");
  watch_button();
}

// The pane that scrolls (the side panel, an embed's controls) shows a new
// puzzle's controls from the top: the old puzzle's scroll would hide them.
void App::scroll_home_on_new_puzzle() {
  if (panel_puzzle_ == midend_.puzzle()) return;
  panel_puzzle_ = midend_.puzzle();
  ImGui::SetScrollY(0);
}

}  // namespace puzzlelab::shell
