// Watch the search on a space too big to draw: the states-per-layer chart.
// Its bars are the trace's steps counted by g (so they add up to the steps
// taken, forward or back), Amphipod's example gets it by itself (its
// picture stops at 25,000 positions and the searches go beyond them), and
// where the picture holds the whole space the bars say how many states
// exist at each depth: BFS takes every one of them up to the depth it stops in.
// Hovering a lit state names the step each search took it at.
#include <catch2/catch.hpp>

#include <algorithm>
#include <numeric>

#include "cluster_view.h"
#include "midend/launch_options.h"
#include "midend/midend.h"
#include "native/thread_solver_client.h"
#include "support/headless_imgui.h"
#include "support/late_worker.h"
#include "watch_chart.h"
#include "watch_view.h"

using namespace puzzlelab;
using namespace puzzlelab::shell;
using testing::LateWorker;
using testing::SpaceLane;

namespace {

uint64_t sum(const std::vector<uint64_t>& counts) {
  return std::accumulate(counts.begin(), counts.end(), uint64_t{0});
}

// A board open in a midend, its picture and `algorithms`' traces worked out
// through the space lane as the app asks for them.
struct Watched {
  testing::HeadlessImGui imgui{800, 600};
  Midend midend{PUZZLELAB_ASSETS_DIR, std::make_unique<ThreadSolverClient>(), [] { return 0.0; }};
  SpaceLane space{std::make_unique<LateWorker>()};
  ClusterView cluster;
  WatchView watch;

  Watched(const std::string& hash, const std::vector<std::string>& algorithms) {
    midend.open(parse_hash(hash));
    const Game& position = midend.session().current();
    cluster.request(midend.request_for(RequestKind::space), position, space.lane);
    REQUIRE(cluster.poll(space.lane));
    watch.choose(position.format(), algorithms);
    for (size_t k = 0; k < algorithms.size(); ++k) {
      watch.request(midend.request_for(RequestKind::trace), space.lane, cluster);
      REQUIRE(watch.poll(space.lane, cluster));
    }
    REQUIRE(watch.ready());
  }
  const SearchTrace& trace(size_t k) const { return *watch.runs()[k].trace; }
};

// Run k's bars counted afresh from its trace's first `taken` steps.
std::vector<uint64_t> recount(const Watched& w, size_t k, uint64_t taken) {
  std::vector<uint64_t> bars(w.watch.chart_layout().bars(), 0);
  for (uint64_t i = 0; i < taken; ++i)
    ++bars[size_t(w.watch.chart_layout().bar_of(w.trace(k).steps[i].g))];
  return bars;
}

}  // namespace

TEST_CASE("watch chart: bars are a round number of layers wide, as few as fit", "[watch]") {
  CHECK(chart_width(0, 60, 120) == 1);
  CHECK(chart_width(0, 60, 30) == 5);  // 2 a bar would take 31 bars
  CHECK(chart_width(0, 12521, 60) == 500);
  CHECK(chart_width(7, 7, 1) == 1);
  CHECK(chart_width(95, 104, 2) == 5);    // 95..99 and 100..104
  CHECK(chart_width(95, 104, 1) == 200);  // one bar from a multiple of its width: 0..199
}

TEST_CASE("watch chart: on Amphipod's example each search gets a chart whose bars are its trace",
          "[watch][space][trace]") {
  Watched w("#puzzle=amphipod&board=BCBD/ADCA", {"astar", "dijkstra"});
  REQUIRE(w.trace(0).steps.size() == 26);
  REQUIRE(w.trace(1).steps.size() == 1484);
  // The picture stops at 25,000 positions; the searches go beyond them.
  CHECK(w.cluster.truncated());
  CHECK(w.watch.charted(w.cluster));
  CHECK(w.watch.chart_reason(w.cluster) ==
        "Too many positions to draw: the picture holds only the 25,000 nearest the board, and "
        "the searches go beyond them.");

  CHECK(sum(w.watch.chart(1, 60, w.cluster).taken) == 0);
  w.watch.step_by(700);
  const ChartBars& astar = w.watch.chart(0, 60, w.cluster);
  CHECK(w.watch.chart_layout().width() == 500);
  CHECK(sum(astar.taken) == 26);
  CHECK(sum(astar.total) == 26);
  CHECK(astar.exist.empty());  // how many exist is not known here
  const ChartBars& dijkstra = w.watch.chart(1, 60, w.cluster);
  CHECK(sum(dijkstra.taken) == 700);
  CHECK(sum(dijkstra.total) == 1484);
  CHECK(dijkstra.current == w.watch.chart_layout().bar_of(w.watch.current(1)->g));
  CHECK(dijkstra.path.empty());  // not over yet
  w.watch.step_by(-400);         // counted back
  CHECK(w.watch.chart(1, 60, w.cluster).taken == recount(w, 1, 300));

  w.watch.to_end();
  const ChartBars& end = w.watch.chart(1, 60, w.cluster);
  CHECK(end.taken == end.total);
  REQUIRE_FALSE(end.path.empty());
  CHECK(std::is_sorted(end.path.begin(), end.path.end()));
  CHECK(end.path.front() == 0);
  CHECK(end.path.back() == w.watch.chart_layout().bar_of(12521));
  // Published: the chart is the view, with the same bars.
  JsonWriter json;
  json.begin_object();
  w.watch.write_state(json, w.cluster);
  json.end_object();
  CHECK(json.str().find("\"view\":\"chart\"") != std::string::npos);
  CHECK(json.str().find("\"width\":500") != std::string::npos);

  w.watch.show(WatchShows::picture);  // the player's pick wins
  CHECK_FALSE(w.watch.charted(w.cluster));
}

TEST_CASE(
    "watch chart: where the picture holds the whole space, BFS takes every state that "
    "exists at each depth up to the one it stops in",
    "[watch][space][trace]") {
  Watched w("#puzzle=rushhour&board=IBBxooIooLDDJAALooJoKEEMFFKooMGGHHHM", {"bfs"});
  CHECK_FALSE(w.cluster.truncated());
  CHECK_FALSE(w.watch.charted(w.cluster));  // the picture holds every state
  CHECK(w.watch.chart_reason(w.cluster).empty());
  w.watch.to_end();
  const ChartBars& bfs = w.watch.chart(0, 120, w.cluster);
  REQUIRE(bfs.exist.size() == 61);  // depths 0 to 60, one a bar
  // Every depth in full until the one whose successors hold the goal.
  for (size_t depth = 0; depth < 59; ++depth) CHECK(bfs.total[depth] == bfs.exist[depth]);
  CHECK((bfs.total[59] > 0 && bfs.total[59] < bfs.exist[59]));
  CHECK(bfs.total[60] == 1);  // the goal itself
  CHECK(bfs.path.size() == 61);
}

TEST_CASE("watch: hovering a lit state says at which step each search took it", "[watch][space]") {
  Watched w("#puzzle=rushhour&board=IBBxooIooLDDJAALooJoKEEMFFKooMGGHHHM", {"astar", "bfs"});
  w.watch.name_run(0, "A* search");
  w.watch.name_run(1, "BFS");
  w.watch.step_by(2);
  const ClusterLights& lights = w.watch.lights();
  const int start = w.watch.runs()[0].node[w.trace(0).steps[0].state];
  CHECK(lights_note(lights, start) == "\nA* search took it at step 1\nBFS took it at step 1");
  // A state A* has not reached yet.
  const int later = w.watch.runs()[0].node[w.trace(0).steps.back().state];
  CHECK(lights_note(lights, later) == "\nA* search has not taken it\nBFS has not taken it");
}
