// The Cluster view's part of the midend: a jump to a position of the space
// is one undo step, and G opens the view on the puzzles that draw one.
// Watch the search replays traces that come through the same lane.
#include <imgui.h>
#include <catch2/catch.hpp>

#include <algorithm>

#include "api/solve_protocol.h"
#include "cluster_view.h"
#include "core/space.h"
#include "key_help.h"
#include "midend/launch_options.h"
#include "midend/midend.h"
#include "native/thread_solver_client.h"
#include "puzzles/puzzle_list.h"
#include "support/late_worker.h"
#include "support/rushhour_games.h"
#include "support/space_moves.h"
#include "watch_view.h"

using namespace puzzlelab;
using namespace puzzlelab::shell;

namespace {

using puzzlelab::testing::kHardestRushHour;

using testing::LateWorker;
using testing::moves_along;
using testing::SpaceLane;

// A worker that only counts what it is asked: no reply ever comes.
class CountingWorker : public SolverClient {
 public:
  int starts = 0;
  int cancels = 0;
  void start(const SolveRequest&) override {
    ++starts;
    busy_ = true;
  }
  void cancel() override {
    cancels += busy_;
    busy_ = false;
  }
  std::vector<SolverEvent> poll() override { return {}; }
  bool busy() const override { return busy_; }
  std::string where() const override { return "test"; }

 private:
  bool busy_ = false;
};

// The hardest 6x6 open in a midend, with the ImGui context the view reads
// its clock from.
struct HardestBoard {
  struct Context {
    ImGuiContext* context = ImGui::CreateContext();
    ~Context() { ImGui::DestroyContext(context); }
  } imgui;
  Midend midend{PUZZLELAB_ASSETS_DIR, std::make_unique<ThreadSolverClient>(), [] { return 0.0; }};
  HardestBoard() {
    midend.open(parse_hash(std::string("#puzzle=rushhour&board=") + kHardestRushHour));
  }
};

// The picture of the board's space asked for, then cancelled at once.
void ask_and_cancel(ClusterView& view, Midend& midend, WorkLane& worker) {
  view.request(midend.request_for(RequestKind::space), midend.session().current(), worker);
  view.cancel(worker);
  CHECK(view.error() == "cancelled");
}

}  // namespace

TEST_CASE(
    "cluster: a picture on its way when Cancel was pressed never arrives: the view stays "
    "cancelled",
    "[space]") {
  HardestBoard board;
  const Game& position = board.midend.session().current();
  SpaceLane space(std::make_unique<LateWorker>());
  ClusterView view;
  ask_and_cancel(view, board.midend, space.lane);
  // The room drops whatever a cancelled job still says: no picture half
  // shown under "cancelled", and asking again starts afresh.
  CHECK_FALSE(view.poll(space.lane));
  CHECK_FALSE(view.holds(position));
  CHECK(view.cancelled());
  view.set_cap(view.cap(), space.lane);
  view.request(board.midend.request_for(RequestKind::space), position, space.lane);
  REQUIRE(view.poll(space.lane));
  CHECK(view.holds(position));
  CHECK(view.error().empty());
  CHECK_FALSE(view.cancelled());
}

TEST_CASE("cluster: a cap picked after a Cancel asks again, even the same cap", "[space]") {
  HardestBoard board;
  Midend& midend = board.midend;
  const Game& position = midend.session().current();
  auto counting = std::make_unique<CountingWorker>();
  CountingWorker& worker = *counting;
  SpaceLane space(std::move(counting));
  WorkLane& lane = space.lane;
  ClusterView view;
  ask_and_cancel(view, midend, lane);
  CHECK(worker.starts == 1);
  CHECK(worker.cancels == 1);
  CHECK_FALSE(view.working());
  // The position alone is asked for once: no asking again by itself.
  view.request(midend.request_for(RequestKind::space), position, lane);
  CHECK(worker.starts == 1);
  // The player picks the cap that was cancelled: it runs again.
  view.set_cap(view.cap(), lane);
  CHECK(view.error().empty());
  view.request(midend.request_for(RequestKind::space), position, lane);
  CHECK(worker.starts == 2);
  CHECK(view.working());
  // Picked again while it works: it goes on, not started over.
  view.set_cap(view.cap(), lane);
  CHECK(worker.cancels == 1);
  CHECK(view.working());
}

TEST_CASE("cluster: a jump to a far position is one undo step", "[midend][space]") {
  Midend midend(PUZZLELAB_ASSETS_DIR, std::make_unique<ThreadSolverClient>(), [] { return 0.0; });
  midend.open(parse_hash(std::string("#puzzle=rushhour&board=") + kHardestRushHour));
  const Game& start = midend.session().current();
  const Space space = start.info().hooks.space(start, {}, 0);
  const int far = static_cast<int>(space.size()) - 1;
  const auto moves = moves_along(start, space, space_path(space, 0, far));
  REQUIRE(moves.size() == static_cast<size_t>(space.depth[far]));
  REQUIRE(moves.size() > 3);
  midend.play_steps(moves);
  CHECK(midend.session().index() == 1);
  CHECK(midend.session().current().format() == space.boards[far]);
  CHECK(midend.hand_moves() == static_cast<int>(moves.size()));  // one step, each move counted
  midend.undo();
  CHECK(midend.session().index() == 0);
  CHECK(midend.session().current().format() == kHardestRushHour);
  midend.redo();
  CHECK(midend.session().current().format() == space.boards[far]);

  midend.play_steps({"A+1", "no such move"});  // all or nothing
  CHECK(midend.session().current().format() == space.boards[far]);
}

TEST_CASE("cluster: G opens it, on the puzzles that draw one", "[midend][space]") {
  CHECK(shortcut_command('g') == std::optional<std::string_view>("cluster"));
  for (const PuzzleInfo* info : all_puzzles()) {
    bool listed = false;
    for (const Shortcut& s : shortcuts_for(*info, 5)) listed = listed || s.command == "cluster";
    CHECK(listed == (info->hooks.space != nullptr));
  }
}

TEST_CASE("cluster: a pinch or the wheel zooms about the fingers, which stay on their point",
          "[space]") {
  const ImVec2 centre(400, 300);
  const float radius = 250;
  // Where a point of the picture (x, y in -1..1) is on screen.
  const auto screen = [&](const ClusterFrameOf& v, ImVec2 p) {
    return ImVec2(centre.x + (p.x + v.pan.x) * radius * v.zoom,
                  centre.y + (p.y + v.pan.y) * radius * v.zoom);
  };
  ClusterFrameOf view{1.5f, ImVec2(0.1f, -0.2f)};
  const ImVec2 fingers(520, 180);
  // The picture's point under the fingers before.
  const ImVec2 under((fingers.x - centre.x) / (radius * view.zoom) - view.pan.x,
                     (fingers.y - centre.y) / (radius * view.zoom) - view.pan.y);
  const ClusterFrameOf zoomed = zoom_about(view, centre, radius, fingers, 2);
  CHECK(zoomed.zoom == Approx(3));
  CHECK(screen(zoomed, under).x == Approx(fingers.x));
  CHECK(screen(zoomed, under).y == Approx(fingers.y));
  // Within the view's limits: no zooming out to a dot, nor in for ever.
  CHECK(zoom_about(view, centre, radius, fingers, 1e-3f).zoom == Approx(0.5f));
  CHECK(zoom_about(view, centre, radius, fingers, 1e3f).zoom == Approx(60));
}

TEST_CASE("watch: two searches' traces come through the space lane and replay step by step",
          "[space][watch][trace]") {
  HardestBoard board;
  const Game& position = board.midend.session().current();
  SpaceLane space(std::make_unique<LateWorker>());
  ClusterView cluster;
  WatchView watch;
  watch.choose(position.format(), {"astar", "bfs"});
  const SolveRequest asked = board.midend.request_for(RequestKind::trace);
  // No trace before the picture that its states are placed on.
  watch.request(asked, space.lane, cluster);
  CHECK_FALSE(space.lane.busy());
  cluster.request(board.midend.request_for(RequestKind::space), position, space.lane);
  REQUIRE(cluster.poll(space.lane));
  for (int k = 0; k < 2; ++k) {  // one after the other, on the one lane
    watch.request(asked, space.lane, cluster);
    REQUIRE(space.lane.job() == RequestKind::trace);
    REQUIRE(watch.poll(space.lane, cluster));
  }
  REQUIRE(watch.ready());
  CHECK(watch.runs()[0].trace->steps.size() == 2008);
  CHECK(watch.runs()[1].trace->steps.size() == 2078);
  CHECK(watch.last_step() == 2078);
  for (const WatchRun& run : watch.runs())  // every state taken is on the picture
    CHECK(std::count(run.node.begin(), run.node.end(), -1) == 0);

  watch.step_by(3);
  CHECK(watch.taken(0) == 3);
  CHECK(watch.current(1)->visited == 3);
  CHECK(std::count_if(watch.lights().lit.begin(), watch.lights().lit.end(),
                      [](uint8_t lit) { return lit != 0; }) >= 3);
  CHECK(watch.seconds_to_next_step(0) == kNever);  // paused: nothing is due
  watch.play(10);
  CHECK(watch.seconds_to_next_step(10) == Approx(1 / watch.speed()));
  watch.advance(10.5);  // 40 steps a second
  CHECK(watch.step() == 23);
  watch.pause();
  watch.advance(100);
  CHECK(watch.step() == 23);
  watch.to_end();
  CHECK((watch.finished(0) && watch.finished(1) && !watch.playing()));
  CHECK(watch.lights().paths[0].size() == 61);  // the solution's 60 moves
  CHECK(watch.counts_text(0, "A*") ==
        "A*: 2,008 of 2,008 taken \u00b7 frontier 68 \u00b7 visited 2,008 \u00b7 g 60, f 60 "
        "\u00b7 solved: 60 moves");
  // Another second search keeps the first's trace and asks for its own.
  watch.choose(position.format(), {"astar", "dijkstra"});
  CHECK(watch.runs()[0].trace.has_value());
  CHECK_FALSE(watch.runs()[1].trace.has_value());
  CHECK(watch.step() == 0);
}
