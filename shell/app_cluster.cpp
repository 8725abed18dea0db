// The Cluster view in the app: opened from the panel's CLUSTER section or
// with G, drawn in the board's place with the board small in a corner; a
// click on a position plays the moves there as one undo step. The picture
// itself is cluster_view.h's.
#include <algorithm>
#include <iterator>
#include <string>

#include "app.h"
#include "widgets.h"

namespace puzzlelab::shell {

namespace {

constexpr ImGuiWindowFlags kOverlayFlags = ImGuiWindowFlags_NoScrollbar |
                                           ImGuiWindowFlags_NoScrollWithMouse |
                                           ImGuiWindowFlags_NoSavedSettings;

}  // namespace

bool App::offers_cluster() const {
  const PuzzleInfo* puzzle = midend_.puzzle();
  // Not in an embed (no room) nor while editing (the board is the editor's).
  return puzzle && puzzle->hooks.space && !midend_.session().empty() && !embed_ &&
         !midend_.editing();
}

void App::toggle_cluster() {
  if (!offers_cluster()) {
    if (midend_.puzzle())
      midend_.set_note(std::string(midend_.puzzle()->title) + " has no cluster view.");
    return;
  }
  cluster_open_ = !cluster_open_;
  if (cluster_open_) watch_open_ = false;
}

void App::cluster_controls() {
  if (!collapsible_section(fonts_.fonts(), "CLUSTER", "clusterSection")) return;
  const char* label =
      cluster_open_ ? "Back to the board (G)###cluster" : "Show the cluster (G)###cluster";
  if (ImGui::Button(label, ImVec2(-1, 0))) toggle_cluster();
  note_target("clusterButton");
  tooltip("Every position reachable from this board, in rings by moves to solved");
  if (!play_beside_) watch_button();  // else the LAB column by the board has it
  if (!cluster_open_) {
    ImGui::TextDisabled("A map of every position you can reach from here.");
    return;
  }
  cluster_.legend(scale_);
}

// How many positions the picture may hold and what a bigger one costs (a
// list in the top right corner), why no bigger one came (a budget, a
// cancel), and Cancel under the "Working out" line while one is made.
void App::cluster_cap_control(ImVec2 lo, ImVec2 hi) {
  const auto text = [](const ClusterCap& cap) {
    return "Up to " + group_digits(cap.positions) + " positions";
  };
  const ClusterCap* chosen = &kClusterCaps[0];
  for (const ClusterCap& cap : kClusterCaps)
    if (cap.positions == cluster_.cap()) chosen = &cap;
  // Only where it matters: a picture cut short, a cap the player raised, or
  // one cancelled (picking a cap runs it again).
  if (!cluster_.truncated() && chosen == &kClusterCaps[0] && !cluster_.working() &&
      !cluster_.cancelled())
    return;
  const ImGuiStyle& style = ImGui::GetStyle();
  const float margin = 6 * scale_;
  const float width =
      ImGui::CalcTextSize(text(kClusterCaps[std::size(kClusterCaps) - 1]).c_str()).x +
      ImGui::GetFrameHeight() + style.FramePadding.x * 2;
  // Why the picture shown is no bigger (it shows the board: else the
  // picture's place says why there is none).
  const bool note = !cluster_.working() && !cluster_.error().empty() &&
                    cluster_.holds(midend_.session().current());
  const float spacing = note ? style.ItemSpacing.y : 0;  // between the list and the note
  const std::string why = "No bigger picture: " + cluster_.error();
  const float note_h = note ? ImGui::CalcTextSize(why.c_str(), nullptr, false, width).y : 0;
  // Top right; under the picture's two-line caption when the two would meet.
  const float top = hi.x - lo.x < 2.5f * width ? 2 * ImGui::GetTextLineHeightWithSpacing() : 0;
  ImGui::SetCursorScreenPos(ImVec2(hi.x - width - margin, lo.y + margin + top));
  ImGui::PushStyleVar(ImGuiStyleVar_WindowPadding, ImVec2(0, 0));
  ImGui::BeginChild("##clusterCapBar",
                    ImVec2(width, ImGui::GetFrameHeight() + spacing + note_h + 2), false,
                    kOverlayFlags);
  ImGui::SetNextItemWidth(width);
  if (ImGui::BeginCombo("##clusterCap", text(*chosen).c_str())) {
    for (const ClusterCap& cap : kClusterCaps) {
      const std::string item = text(cap) + " (" + cap.costs + ")";
      if (ImGui::Selectable(item.c_str(), &cap == chosen))
        cluster_.set_cap(cap.positions, space_work());
      note_target(("clusterCap-" + std::to_string(cap.positions)).c_str());
    }
    ImGui::EndCombo();
  }
  note_target("clusterCap");
  tooltip("The positions nearest the board first, up to this many: " + std::string(chosen->costs) +
          " in the solver");
  if (note) wrapped_colored(colors::kWarn, why);
  ImGui::EndChild();
  if (cluster_.working()) {
    const ImVec2 button(ImGui::CalcTextSize("Cancel").x + style.FramePadding.x * 2,
                        ImGui::GetFrameHeight());
    const ImVec2 middle((lo.x + hi.x) / 2, (lo.y + hi.y) / 2);
    ImGui::SetCursorScreenPos(ImVec2(middle.x - button.x / 2, middle.y + button.y * 1.5f));
    ImGui::BeginChild("##clusterCancelBar", button, false, kOverlayFlags);
    if (ImGui::Button("Cancel###clusterCancel", button)) cluster_.cancel(space_work());
    note_target("clusterCancel");
    ImGui::EndChild();
  }
  ImGui::PopStyleVar();
}

void App::space_lane_work() {
  const Session& session = midend_.session();
  // The space lane's one job at a time: the picture, or a trace to watch.
  if (space_work().job() == RequestKind::trace)
    watch_.poll(space_work(), cluster_);
  else
    cluster_.poll(space_work());
  if (cluster_.wants(session.current()))
    cluster_.request(midend_.request_for(RequestKind::space), session.current(), space_work());
}

void App::cluster_canvas(ImVec2 size) {
  const ImVec2 lo = ImGui::GetCursorScreenPos();
  const ImVec2 hi(lo.x + size.x, lo.y + size.y);
  const Session& session = midend_.session();
  space_lane_work();
  const bool watching = watch_open_ && offers_watch();
  ImGui::InvisibleButton("##cluster", size);
  ImGui::SetItemAllowOverlap();  // the zoom buttons sit on it
  const ImGuiIO& io = ImGui::GetIO();
  ClusterFrame frame;
  frame.draw = ImGui::GetWindowDrawList();
  frame.min = lo;
  frame.max = hi;
  frame.position = &session.current();
  frame.input = {io.MousePos,           ImGui::IsItemHovered(),     ImGui::IsItemActivated(),
                 ImGui::IsItemActive(), ImGui::IsItemDeactivated(), false};
  frame.wheel = ImGui::IsItemHovered() ? io.MouseWheel : 0;
  frame.scale = scale_;
  frame.interactive = midend_.interactive() && !watching;  // a click would leave the searches
  cluster_.set_lights(watching && watch_.ready() ? &watch_.lights() : nullptr);
  if (const auto jump = cluster_.show(frame); jump && !jump->empty()) midend_.play_steps(*jump);
  cluster_.set_lights(nullptr);
  // On top of the picture (whose dots are child windows of their own, drawn
  // after this window's list): the board and the zoom buttons in windows
  // too, the buttons in the bottom left corner (a phone has no wheel).
  const ImVec2 saved = ImGui::GetCursorScreenPos();
  if (watching)
    watch_board_insets(hi, std::min(hi.x - lo.x, hi.y - lo.y) * 0.28f);
  else
    cluster_board_inset(lo, hi);
  const float s = ImGui::GetFrameHeight(), gap = 2 * scale_;
  const ImVec2 bar(s * 3 + gap * 2, s);
  ImGui::SetCursorScreenPos(ImVec2(lo.x + 6 * scale_, hi.y - bar.y - 6 * scale_));
  ImGui::PushStyleVar(ImGuiStyleVar_WindowPadding, ImVec2(0, 0));
  ImGui::BeginChild("##clusterZoom", bar, false, kOverlayFlags);
  if (ImGui::Button("+##clusterZoomIn", ImVec2(s, s))) cluster_.zoom_by(1.6f);
  note_target("clusterZoomIn");
  tooltip("Zoom in (or the wheel)");
  ImGui::SameLine(0, gap);
  if (ImGui::Button("-##clusterZoomOut", ImVec2(s, s))) cluster_.zoom_by(1 / 1.6f);
  tooltip("Zoom out");
  ImGui::SameLine(0, gap);
  if (ImGui::Button("o##clusterFit", ImVec2(s, s))) cluster_.reset_view();
  tooltip("The whole picture");
  ImGui::EndChild();
  ImGui::PopStyleVar();
  cluster_cap_control(lo, hi);
  ImGui::SetCursorScreenPos(saved);
}

// The board as it stands, small, in the bottom right corner: a click on the
// map moves it, and the player sees where to.
void App::cluster_board_inset(ImVec2 lo, ImVec2 hi) {
  const Session& session = midend_.session();
  BoardView& board = view();
  const float side = std::min(hi.x - lo.x, hi.y - lo.y) * 0.3f;
  const float aspect = board.aspect(session.current());
  const ImVec2 size = aspect >= 1 ? ImVec2(side, side / aspect) : ImVec2(side * aspect, side);
  const float pad = 6 * scale_;
  const ImVec2 box(size.x + pad * 2, size.y + pad * 2);
  ImGui::SetCursorScreenPos(ImVec2(hi.x - box.x, hi.y - box.y));
  ImGui::PushStyleVar(ImGuiStyleVar_WindowPadding, ImVec2(0, 0));
  ImGui::BeginChild("##clusterBoard", box, false, kOverlayFlags | ImGuiWindowFlags_NoInputs);
  BoardFrame frame;
  frame.draw = ImGui::GetWindowDrawList();
  frame.draw->AddRectFilled(ImVec2(hi.x - box.x, hi.y - box.y), hi, colors::kBackground,
                            4 * scale_);
  frame.max = ImVec2(hi.x - pad, hi.y - pad);
  frame.min = ImVec2(frame.max.x - size.x, frame.max.y - size.y);
  frame.position = &session.current();
  // An undo slides here as on the big board (and the slide, read, ends).
  if (const auto slide = midend_.slide(); slide && slide->to == session.index()) {
    frame.previous = &session.at(slide->from);
    frame.progress = slide->progress;
  }
  frame.interactive = false;
  frame.worker = &midend_.work().lane(Lane::view);  // the board's own view: its lane
  frame.fonts = &fonts_.fonts();
  frame.scale = scale_ * 0.5f;
  board.show(frame);
  ImGui::EndChild();
  ImGui::PopStyleVar();
}

}  // namespace puzzlelab::shell
