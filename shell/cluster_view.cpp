#include "cluster_view.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "core/text.h"
#include "theme.h"
#include "widgets.h"

namespace puzzlelab::shell {

namespace {

constexpr float kMinZoom = 0.5f, kMaxZoom = 60;
constexpr float kClickSlop = 5;  // pixels a press may wander and still be a click
// Most moves drawn: beyond it every k-th (the legend says so), so that a
// phone still draws the picture smoothly.
constexpr size_t kMaxDrawnEdges = 60'000;
constexpr ImU32 kSolved = colors::rgb(80, 220, 120);
constexpr ImU32 kUnknown = colors::rgb(120, 120, 130);
constexpr ImU32 kPath = colors::rgb(255, 190, 60);
constexpr ImU32 kCurrent = colors::rgb(255, 255, 255);

ImU32 mix(ImU32 a, ImU32 b, float t) {
  const ImVec4 x = ImGui::ColorConvertU32ToFloat4(a), y = ImGui::ColorConvertU32ToFloat4(b);
  return ImGui::ColorConvertFloat4ToU32(ImVec4(x.x + (y.x - x.x) * t, x.y + (y.y - x.y) * t,
                                               x.z + (y.z - x.z) * t, x.w + (y.w - x.w) * t));
}

// Near solved green, then teal, blue and violet far out: the colour says
// how far, as the rings do.
ImU32 distance_color(float t) {
  static const ImU32 stops[] = {colors::rgb(80, 220, 120), colors::rgb(60, 190, 200),
                                colors::rgb(90, 120, 240), colors::rgb(190, 90, 230)};
  t = std::clamp(t, 0.0f, 1.0f) * 3;
  const int i = std::min(2, static_cast<int>(t));
  return mix(stops[i], stops[i + 1], t - float(i));
}

}  // namespace

// With 16-bit indices an ImGui draw list holds 65,536 vertices and WebGL
// cannot offset past them, so a big picture is drawn over several
// transparent child windows laid over the canvas, each its own list.
class DrawChain {
 public:
  DrawChain(ImVec2 min, ImVec2 max) : min_(min), max_(max), cursor_(ImGui::GetCursorScreenPos()) {}
  DrawChain(const DrawChain&) = delete;
  DrawChain& operator=(const DrawChain&) = delete;
  ~DrawChain() {
    if (list_) ImGui::EndChild();
    ImGui::SetCursorScreenPos(cursor_);
  }
  // A list with room for `vertices` more.
  ImDrawList& room(unsigned vertices) {
    if (!list_ || list_->_VtxCurrentIdx + vertices > 60'000) next();
    return *list_;
  }

 private:
  void next() {
    if (list_) ImGui::EndChild();
    char id[32];
    std::snprintf(id, sizeof id, "##cluster%d", count_++);
    ImGui::SetCursorScreenPos(min_);
    ImGui::BeginChild(id, ImVec2(max_.x - min_.x, max_.y - min_.y), false,
                      ImGuiWindowFlags_NoInputs | ImGuiWindowFlags_NoBackground |
                          ImGuiWindowFlags_NoScrollbar | ImGuiWindowFlags_NoScrollWithMouse |
                          ImGuiWindowFlags_NoSavedSettings);
    list_ = ImGui::GetWindowDrawList();
  }

  ImVec2 min_, max_, cursor_;
  ImDrawList* list_ = nullptr;
  int count_ = 0;
};

void ClusterView::request(SolveRequest request, const Game& position, WorkLane& worker) {
  if (working_ || !wants(position)) return;
  // Asked once per position: after a failure (a budget) the reason stays up.
  std::string text = position.format();
  if (text == asked_for_) return;
  asked_for_ = std::move(text);
  unit_ = std::string(cost_unit(position.info(), ""));
  request.kind = RequestKind::space;
  request.task = std::to_string(cap_);
  worker.start(request);
  working_ = true;
  cancelled_ = false;
  error_.clear();
  asked_at_ = ImGui::GetTime();
}

bool ClusterView::holds(const Game& position) const {
  return space_ && index_.count(position.format()) > 0;
}

bool ClusterView::wants(const Game& position) const {
  return !holds(position) || (space_->truncated && space_->cap != cap_);
}

void ClusterView::set_cap(size_t cap, WorkLane& worker) {
  // The same cap again: nothing to do, unless the player cancelled it and
  // now wants it after all.
  if (cap == cap_ && !cancelled_) return;
  cancel(worker);
  cap_ = cap;
  asked_for_.clear();  // the same position again, at this cap
  error_.clear();
  cancelled_ = false;
}

void ClusterView::cancel(WorkLane& worker) {
  if (!working_) return;
  worker.cancel();
  working_ = false;
  cancelled_ = true;
  error_ = "cancelled";
  // Back to the cap of the picture shown, which stays (no asking again).
  if (space_ && space_->truncated) cap_ = space_->cap;
}

bool ClusterView::poll(WorkLane& worker) {
  bool arrived = false;
  for (SolverEvent& event : worker.poll()) {
    Reply* reply = std::get_if<Reply>(&event);
    if (!reply || reply->kind != RequestKind::space) continue;
    arrived = true;
    working_ = false;
    round_trip_ms_ = (ImGui::GetTime() - asked_at_) * 1000;
    if (reply->result.status != SolveStatus::solved) {
      error_ = reply->result.message.empty() ? std::string(to_string(reply->result.status))
                                             : reply->result.message;
      continue;
    }
    auto space = decode_space(reply->result.answer);
    if (!space) {
      error_ = space.error().describe();
      continue;
    }
    // A picture that was already on its way when Cancel was pressed is
    // still whole: it is shown, and nothing says cancelled any more.
    error_.clear();
    cancelled_ = false;
    space_ = std::move(space).value();
    adjacency_ = adjacency(*space_, Along::forward);
    index_.clear();
    for (size_t i = 0; i < space_->size(); ++i) index_.emplace(space_->boards[i], int(i));
    current_text_.clear();
    hovered_ = -1;
    reset_view();
  }
  return arrived;
}

void ClusterView::reset_view() {
  zoom_ = 1;
  pan_ = {0, 0};
}

ClusterFrameOf zoom_about(ClusterFrameOf view, ImVec2 centre, float radius, ImVec2 point,
                          float factor) {
  const float zoom = std::clamp(view.zoom * factor, kMinZoom, kMaxZoom);
  // The picture's point under `point` stays there.
  const ImVec2 under((point.x - centre.x) / (radius * view.zoom) - view.pan.x,
                     (point.y - centre.y) / (radius * view.zoom) - view.pan.y);
  return {zoom, ImVec2((point.x - centre.x) / (radius * zoom) - under.x,
                       (point.y - centre.y) / (radius * zoom) - under.y)};
}

void ClusterView::pinch(float factor, ImVec2 middle, ImVec2 moved) {
  pinched_ = true;
  dragging_ = false;
  ClusterFrameOf view = zoom_about({zoom_, pan_}, centre_, radius_, middle, factor);
  view.pan.x += moved.x / (radius_ * view.zoom);
  view.pan.y += moved.y / (radius_ * view.zoom);
  zoom_ = view.zoom;
  pan_ = view.pan;
}

void ClusterView::zoom_by(float factor) {
  const float zoom = std::clamp(zoom_ * factor, kMinZoom, kMaxZoom);
  pan_ = ImVec2(pan_.x * zoom / zoom_, pan_.y * zoom / zoom_);
  zoom_ = zoom;
}

void ClusterView::update_current(const Game& position) {
  std::string text = position.format();
  if (text == current_text_) return;
  current_text_ = std::move(text);
  const auto it = index_.find(current_text_);
  current_ = it == index_.end() ? -1 : it->second;
  path_.clear();
  reachable_.assign(space_->size(), false);
  if (current_ < 0) return;
  path_ = path_to_solved(*space_, adjacency_, current_);
  std::vector<int> stack{current_};  // where the board's moves lead, and theirs
  reachable_[current_] = true;
  while (!stack.empty()) {
    const int node = stack.back();
    stack.pop_back();
    for (int k = adjacency_.offsets[node]; k < adjacency_.offsets[node + 1]; ++k) {
      if (!reachable_[adjacency_.targets[k]]) {
        reachable_[adjacency_.targets[k]] = true;
        stack.push_back(adjacency_.targets[k]);
      }
    }
  }
}

ImVec2 ClusterView::to_screen(int node) const {
  const float r = radius_ * zoom_;
  return ImVec2(centre_.x + (space_->x[node] + pan_.x) * r,
                centre_.y + (space_->y[node] + pan_.y) * r);
}

std::optional<ImVec2> ClusterView::on_screen(int node) const {
  if (!space_ || node < 0 || size_t(node) >= space_->size()) return std::nullopt;
  const ImVec2 p = to_screen(node);
  if (p.x < min_.x || p.x > max_.x || p.y < min_.y || p.y > max_.y) return std::nullopt;
  return p;
}

int ClusterView::node_at(ImVec2 point, float radius) const {
  int best = -1;
  float best_d = radius * radius;
  for (size_t i = 0; i < space_->size(); ++i) {
    const ImVec2 p = to_screen(int(i));
    const float d = (p.x - point.x) * (p.x - point.x) + (p.y - point.y) * (p.y - point.y);
    if (d <= best_d) {
      best_d = d;
      best = int(i);
    }
  }
  return best;
}

ImU32 ClusterView::color_of(int node) const {
  const Space& s = *space_;
  if (s.rings_by != "distance to solved") {  // no solved position here: by moves from the board
    return distance_color(float(s.depth[node]) / float(std::max(1, s.rings - 1)));
  }
  if (s.distance[node] < 0) return kUnknown;
  if (s.distance[node] == 0) return kSolved;
  return distance_color(float(s.distance[node]) / float(std::max(1, s.rings - 1)));
}

std::vector<std::string> ClusterView::moves_to(const Game& position, int target) const {
  std::vector<std::string> moves;
  if (current_ < 0) return moves;
  const std::vector<int> path = space_path(*space_, current_, target);
  std::unique_ptr<Game> at = position.clone();
  for (size_t k = 1; k < path.size(); ++k) {
    bool found = false;
    for (const Move& move : at->legal_moves()) {
      std::unique_ptr<Game> next = at->clone();
      if (next->apply(move.text) && next->format() == space_->boards[path[k]]) {
        moves.push_back(move.text);
        at = std::move(next);
        found = true;
        break;
      }
    }
    if (!found) return {};  // cannot happen: every edge is a move
  }
  return moves;
}

std::optional<std::vector<std::string>> ClusterView::show(const ClusterFrame& frame) {
  min_ = frame.min;
  max_ = frame.max;
  scale_ = frame.scale;
  ImDrawList& draw = *frame.draw;
  draw.AddRectFilled(frame.min, frame.max, colors::rgb(22, 24, 32));
  const ImVec2 size(frame.max.x - frame.min.x, frame.max.y - frame.min.y);
  centre_ = ImVec2(frame.min.x + size.x / 2, frame.min.y + size.y / 2);
  radius_ = std::min(size.x, size.y) * 0.46f;
  // No picture: none yet, one being worked out, or only one of another
  // board, the board's own cancelled or stopped by a budget (saying so).
  const bool other_board = space_ && frame.position && !holds(*frame.position);
  if (!space_ || working_ || (other_board && !error_.empty())) {
    const std::string text =
        working_ ? "Working out every position reachable from here (up to " + group_digits(cap_) +
                       ")\u2026"
        : cancelled_ ? "Cancelled. Pick how many positions (top right) to work them out again."
                     : error_;
    const float wrap = size.x - 20 * scale_;
    const ImVec2 extent = ImGui::CalcTextSize(text.c_str(), nullptr, false, wrap);
    draw.AddText(nullptr, 0, ImVec2(centre_.x - extent.x / 2, centre_.y - extent.y / 2),
                 error_.empty() ? colors::kMuted : colors::kWarn, text.c_str(), nullptr, wrap);
    return std::nullopt;
  }
  if (frame.position) update_current(*frame.position);
  clickable_ = frame.interactive;
  handle_pointer(frame);
  std::optional<std::vector<std::string>> jump;
  const BoardInput& in = frame.input;
  if (in.released && !dragging_ && !pinched_ && frame.interactive && frame.position) {
    const int target = node_at(in.mouse, 8 * scale_);
    if (target >= 0 && target != current_ && reachable_[target])
      jump = moves_to(*frame.position, target);
  }
  draw.PushClipRect(frame.min, frame.max, true);
  draw_rings(draw);
  draw.PopClipRect();
  {
    DrawChain chain(frame.min, frame.max);
    draw_edges(chain);
    draw_nodes(chain);
    ImDrawList& marks = chain.room(4000);
    draw_marks(marks);
    draw_caption(marks);
  }
  return jump;
}

// Wheel zooms around the pointer, a drag pans; hovering picks a node.
void ClusterView::handle_pointer(const ClusterFrame& frame) {
  const BoardInput& in = frame.input;
  if (in.hovered && frame.wheel != 0) {
    const ClusterFrameOf view =
        zoom_about({zoom_, pan_}, centre_, radius_, in.mouse, std::pow(1.25f, frame.wheel));
    zoom_ = view.zoom;
    pan_ = view.pan;
  }
  if (in.pressed) {
    press_at_ = in.mouse;
    dragging_ = false;
    pinched_ = false;
  }
  if (in.held && !pinched_) {
    if (std::hypot(in.mouse.x - press_at_.x, in.mouse.y - press_at_.y) > kClickSlop * scale_)
      dragging_ = true;
    if (dragging_) {
      const ImVec2 delta = ImGui::GetIO().MouseDelta;
      pan_.x += delta.x / (radius_ * zoom_);
      pan_.y += delta.y / (radius_ * zoom_);
    }
  }
  hovered_ = in.hovered && !in.held ? node_at(in.mouse, 8 * scale_) : -1;
}

void ClusterView::draw_rings(ImDrawList& draw) const {
  const Space& s = *space_;
  const float r = radius_ * zoom_;
  const ImVec2 c(centre_.x + pan_.x * r, centre_.y + pan_.y * r);
  const float outer = std::max(1.0f, float(s.rings) - 0.5f);
  // A faint guide every 10 rings (every 5 in small pictures), numbered.
  const int every = s.rings > 30 ? 10 : 5;
  for (int k = every; k < s.rings; k += every) {
    const float radius = (float(k) + 0.5f) / outer * r;
    draw.AddCircle(c, radius, colors::rgb(255, 255, 255, 34), 128, 1);
    char label[16];
    std::snprintf(label, sizeof label, "%d", k);
    draw.AddText(ImVec2(c.x + 3 * scale_, c.y - radius - ImGui::GetFontSize()),
                 colors::rgb(255, 255, 255, 110), label);
  }
}

void ClusterView::draw_edges(DrawChain& chain) const {
  const Space& s = *space_;
  const size_t edges = s.edges.size() / 2;
  const size_t stride = (edges + kMaxDrawnEdges - 1) / kMaxDrawnEdges;
  // Fainter when many lines cross the same pixels, stronger zoomed in.
  const double drawn = double(edges / std::max<size_t>(1, stride)) + 1;
  const int alpha = std::clamp(int(4000 / std::sqrt(drawn) * std::sqrt(zoom_)), 12, 90);
  const ImU32 color = colors::rgb(170, 180, 210, alpha);
  const ImVec4 clip(min_.x, min_.y, max_.x, max_.y);
  for (size_t e = 0; e < edges; e += std::max<size_t>(1, stride)) {
    const ImVec2 a = to_screen(s.edges[2 * e]), b = to_screen(s.edges[2 * e + 1]);
    if (std::max(a.x, b.x) < clip.x || std::min(a.x, b.x) > clip.z || std::max(a.y, b.y) < clip.y ||
        std::min(a.y, b.y) > clip.w)
      continue;
    chain.room(4).AddLine(a, b, color, 1);
  }
}

void ClusterView::draw_nodes(DrawChain& chain) const {
  const Space& s = *space_;
  // Dots sized to the crowd: big when few, a pixel or two when thousands.
  const float base =
      std::clamp(radius_ * 1.6f / std::sqrt(float(s.size()) + 1), 1.5f * scale_, 7 * scale_);
  const float half = std::min(base * std::sqrt(zoom_), 9 * scale_) / 2;
  for (size_t i = 0; i < s.size(); ++i) {
    const ImVec2 p = to_screen(int(i));
    if (p.x < min_.x - half || p.x > max_.x + half || p.y < min_.y - half || p.y > max_.y + half)
      continue;
    const float h = s.is_solved(i) ? half * 1.4f : half;
    chain.room(4).AddRectFilled(ImVec2(p.x - h, p.y - h), ImVec2(p.x + h, p.y + h),
                                lights_ ? lit_color(int(i)) : color_of(int(i)));
  }
}

// A node some search has taken in its colour (both: white), the rest faint.
ImU32 ClusterView::lit_color(int node) const {
  const uint8_t lit = size_t(node) < lights_->lit.size() ? lights_->lit[node] : 0;
  if (lit == 0) return mix(color_of(node), colors::rgb(22, 24, 32), 0.8f);
  if ((lit & (lit - 1)) != 0) return kCurrent;
  for (size_t k = 0; k < lights_->colors.size(); ++k)
    if (lit & (1u << k)) return lights_->colors[k];
  return kCurrent;
}

void ClusterView::draw_lights(ImDrawList& draw) const {
  for (size_t k = 0; k < lights_->paths.size(); ++k) {
    const std::vector<int>& path = lights_->paths[k];
    for (size_t i = 1; i < path.size(); ++i)
      draw.AddLine(to_screen(path[i - 1]), to_screen(path[i]), lights_->colors[k], 3 * scale_);
  }
  for (size_t k = 0; k < lights_->current.size(); ++k) {
    if (lights_->current[k] < 0) continue;
    const ImVec2 p = to_screen(lights_->current[k]);
    draw.AddCircleFilled(p, 4 * scale_, lights_->colors[k]);
    draw.AddCircle(p, (9 + 4 * float(k)) * scale_, lights_->colors[k], 0, 2 * scale_);
  }
}

void ClusterView::draw_marks(ImDrawList& draw) const {
  draw.PushClipRect(min_, max_, true);
  if (lights_)
    draw_lights(draw);
  else
    draw_board_marks(draw);
  // Hovering says the same lit or not (while lit, when each search took it).
  if (hovered_ >= 0) {
    const ImVec2 p = to_screen(hovered_);
    draw.AddCircle(p, 7 * scale_, kPath, 0, 2 * scale_);
    pointer_tooltip(hover_text(hovered_));
  }
  draw.PopClipRect();
}

void ClusterView::draw_board_marks(ImDrawList& draw) const {
  for (size_t k = 1; k < path_.size(); ++k) {
    draw.AddLine(to_screen(path_[k - 1]), to_screen(path_[k]), kPath, 2.5f * scale_);
  }
  if (!path_.empty()) {
    const ImVec2 end = to_screen(path_.back());
    draw.AddCircle(end, 6 * scale_, kSolved, 0, 2 * scale_);
  }
  if (current_ >= 0) {
    const ImVec2 p = to_screen(current_);
    draw.AddCircleFilled(p, 5 * scale_, kCurrent);
    draw.AddCircle(p, 10 * scale_, kCurrent, 0, 2 * scale_);
  }
}

// "12 moves from solved (3,440 energy) · 5 from the board · click to go there"
std::string ClusterView::hover_text(int node) const {
  const Space& s = *space_;
  std::string tip =
      s.distance[node] < 0    ? std::string(s.truncated ? "distance to solved not known here"
                                                        : "a dead end: no way to solved from here")
      : s.distance[node] == 0 ? std::string("solved")
                              : text::amount(s.distance[node], "moves") + " from solved";
  if (!s.cost.empty() && s.cost[node] > 0)
    tip += " (least " + text::amount(s.cost[node], unit_) + ")";
  tip += " \u00b7 " + std::to_string(s.depth[node]) + " from the board";
  if (lights_) tip += lights_note(*lights_, node);
  if (node == current_ || !clickable_) return tip;
  return tip + (reachable_[node] ? " \u00b7 click to go there"
                                 : " \u00b7 the board cannot get there (a move on the way "
                                   "cannot be taken back)");
}

std::string lights_note(const ClusterLights& lights, int node) {
  std::string note;
  for (size_t k = 0; k < lights.names.size() && k < lights.taken_at.size(); ++k) {
    const std::vector<uint32_t>& at = lights.taken_at[k];
    const uint32_t step = size_t(node) < at.size() ? at[size_t(node)] : 0;
    note += "\n" + lights.names[k] +
            (step ? " took it at step " + std::to_string(step) : " has not taken it");
  }
  return note;
}

// One line in the top left corner, so the picture says what it is without
// the panel: how many positions, and how far the board is.
void ClusterView::draw_caption(ImDrawList& draw) const {
  const Space& s = *space_;
  const std::string positions = text::amount(int64_t(s.size()), "positions");
  std::string text = s.truncated ? "the " + positions + " nearest" : positions;
  if (current_ >= 0 && s.distance[current_] > 0)
    text +=
        " \u00b7 board " + std::to_string(s.distance[current_]) + " from solved" +
        (s.cost.empty() ? "" : " (least " + std::to_string(s.cost[current_]) + " " + unit_ + ")");
  else if (current_ >= 0 && s.distance[current_] == 0)
    text += " \u00b7 board solved";
  text += s.rings_by == "distance to solved" ? "\nrings: moves to solved"
                                             : "\nrings: moves from the board";
  if (s.truncated && s.rings_by != "distance to solved") text += "\n(none of these is solved)";
  const ImVec2 at(min_.x + 8 * scale_, min_.y + 6 * scale_);
  const ImVec2 extent = ImGui::CalcTextSize(text.c_str());
  draw.AddRectFilled(ImVec2(at.x - 4 * scale_, at.y - 2 * scale_),
                     ImVec2(at.x + extent.x + 4 * scale_, at.y + extent.y + 2 * scale_),
                     colors::rgb(22, 24, 32, 200), 3 * scale_);
  draw.AddText(at, colors::kText, text.c_str());
}

void ClusterView::legend(float scale) {
  (void)scale;
  if (!space_) return;
  const Space& s = *space_;
  const auto swatch = [](ImU32 color, const char* text) {
    const ImVec2 at = ImGui::GetCursorScreenPos();
    const float h = ImGui::GetTextLineHeight();
    ImGui::GetWindowDrawList()->AddRectFilled(ImVec2(at.x, at.y + h * 0.2f),
                                              ImVec2(at.x + h * 0.6f, at.y + h * 0.8f), color);
    ImGui::Dummy(ImVec2(h * 0.8f, h));
    ImGui::SameLine();
    ImGui::TextWrapped("%s", text);
  };
  const bool by_distance = s.rings_by == "distance to solved";
  ImGui::TextWrapped(
      "Every dot is a position you can reach from the board; a line joins two positions one "
      "move apart. %s",
      by_distance ? "Rings count the moves to the nearest solved position: the middle is solved, "
                    "the farther out the longer the way."
                  : "None of these positions is solved: rings count the moves from the board.");
  if (by_distance) swatch(kSolved, "solved positions (in the middle)");
  swatch(kCurrent, "the board now (ringed)");
  const std::string way =
      s.cost.empty() ? "its fewest-moves way to solved" : "its least-" + unit_ + " way to solved";
  if (by_distance) swatch(kPath, way.c_str());
  const bool dead_ends = by_distance && !s.truncated &&
                         std::find(s.distance.begin(), s.distance.end(), -1) != s.distance.end();
  if (dead_ends) swatch(kUnknown, "dead ends: no way to solved from there (the outer ring)");
  if (s.directed)
    wrapped_colored(colors::kMuted,
                    "Some moves cannot be taken back, so a click goes only where the board can "
                    "still get to; the rest of the picture is where it has been, or could have "
                    "gone.");
  if (s.truncated)
    wrapped_colored(colors::kWarn,
                    s.message + (by_distance ? "; distances count only the moves shown" : ""));
  const size_t edges = s.edges.size() / 2;
  if (edges > kMaxDrawnEdges) {
    wrapped_colored(colors::kMuted,
                    std::to_string(edges) + " moves: one line in " +
                        std::to_string((edges + kMaxDrawnEdges - 1) / kMaxDrawnEdges) + " drawn");
  }
  wrapped_colored(colors::kMuted,
                  "The colour says it too: green near solved, blue, then violet far out. Click a "
                  "dot to move the board there (Undo comes back); the wheel or + and - zoom, a "
                  "drag pans.");
}

void ClusterView::write_state(JsonWriter& json, float css_per_pixel) const {
  json.key("working").value(working_);
  json.key("error").value(error_);
  json.key("cap").value(uint64_t(cap_));
  if (!space_) return;
  const Space& s = *space_;
  json.key("positions").value(uint64_t(s.size()));
  // The worker's time for the space, and from asking to the picture's data
  // here (the message's travel and decoding too).
  json.key("ms").value(s.elapsed_ms);
  json.key("roundTripMs").value(round_trip_ms_);
  json.key("moves").value(uint64_t(s.edges.size() / 2));
  json.key("truncated").value(s.truncated);
  json.key("ringsBy").value(s.rings_by);
  json.key("current").value(current_);
  json.key("zoom").value(double(zoom_));
  json.key("distance").value(current_ >= 0 ? s.distance[current_] : -1);
  json.key("cost").value(int64_t(current_ >= 0 && !s.cost.empty() ? s.cost[current_] : -1));
  json.key("directed").value(s.directed);
  json.key("deadEnds")
      .value(uint64_t(s.truncated ? 0 : std::count(s.distance.begin(), s.distance.end(), -1)));
  // A few positions to click: the board's neighbours and the next on its way.
  json.key("targets").begin_array();
  if (current_ >= 0) {
    std::vector<int> near;
    if (path_.size() > 1) near.push_back(path_[1]);
    for (int k = adjacency_.offsets[current_];
         k < adjacency_.offsets[current_ + 1] && near.size() < 6; ++k)
      if (std::find(near.begin(), near.end(), adjacency_.targets[k]) == near.end())
        near.push_back(adjacency_.targets[k]);
    for (int node : near) {
      const ImVec2 p = to_screen(node);
      if (p.x < min_.x || p.x > max_.x || p.y < min_.y || p.y > max_.y) continue;
      json.begin_object();
      json.key("node").value(node);
      json.key("board").value(s.boards[node]);
      json.key("distance").value(s.distance[node]);
      json.key("x").value(double(p.x * css_per_pixel));
      json.key("y").value(double(p.y * css_per_pixel));
      json.end_object();
    }
  }
  json.end_array();
}

}  // namespace puzzlelab::shell
