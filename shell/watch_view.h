// "Watch the search": one or two searches replayed on the Cluster view's
// picture, step by step, from their traces (core/trace.h). The traces are
// worked out by the solver (the work room's space lane, one after the
// other, never on the UI thread); the view only replays them: the states
// each search has taken light up in its colour, its current state is ringed
// and drawn on a small board, its frontier and visited counts read from
// the trace's step, and its solution's way is drawn at the end. Both
// searches stand at the same step count at every moment, so their counts
// compare side by side. Nothing moves (and no frame is drawn) while paused.
// Where the picture cannot hold the searches (a space too big to draw, cut
// short at its cap, or states outside it), each search gets a
// states-per-layer chart instead (watch_chart.h), and the view says why.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "cluster_view.h"
#include "core/json_writer.h"
#include "core/trace.h"
#include "frame_pacer.h"
#include "midend/work.h"
#include "watch_chart.h"

namespace puzzlelab::shell {

// One search in the mode: the algorithm asked for, then its trace or why
// there is none.
struct WatchRun {
  std::string algorithm;
  std::string label;  // as the page names it ("A* search"); the algorithm until named
  std::optional<SearchTrace> trace;
  std::string error;
  std::vector<int> node;  // each trace board's node in the picture shown (-1: not in it)
};

// What the mode draws the searches on: the player's pick, or by itself
// (automatic) the picture when it holds every state the searches take,
// else the chart.
enum class WatchShows { automatic, picture, chart };

class WatchView {
 public:
  static constexpr size_t kMaxRuns = 2;
  // The speeds the player can pick, in steps a second.
  static constexpr float kMinSpeed = 1, kMaxSpeed = 5000;

  // The searches to watch on `board` (1 or 2 algorithms): the traces of
  // another board or other algorithms are forgotten and asked for again.
  void choose(const std::string& board, const std::vector<std::string>& algorithms);
  const std::vector<WatchRun>& runs() const { return runs_; }
  const std::string& board() const { return board_; }

  // Asks `lane` for the next trace missing, when the lane is free and the
  // cluster picture (which the traces' states are placed on) is there.
  void request(SolveRequest request, WorkLane& lane, const ClusterView& cluster);
  // Collects the lane's reply to a trace (call only while the lane's job
  // is a trace). True when something arrived.
  bool poll(WorkLane& lane, const ClusterView& cluster);
  // Every run has its trace (or its error): the replay can start.
  bool ready() const;
  bool working() const { return asked_ >= 0; }

  // The replay: `step` states taken by each search (at most its trace's).
  uint64_t step() const { return step_; }
  uint64_t last_step() const;  // where the longest trace ends
  bool playing() const { return playing_; }
  float speed() const { return speed_; }
  void set_speed(float steps_per_second, double now);
  void play(double now);
  void pause() { playing_ = false; }
  void step_by(int64_t steps);  // pauses; from 0 to last_step()
  void to_end() { step_by(int64_t(last_step())); }
  void restart() { step_by(-int64_t(last_step())); }
  // Moves the step on with the clock while playing; stops at the end.
  void advance(double now);
  // Seconds until the next step is due (kNever: paused, or at the end).
  double seconds_to_next_step(double now) const;

  // What run `k` shows at this step: its current trace step (nullptr before
  // the first), how many it has taken, and whether it is over.
  const TraceStep* current(size_t k) const;
  uint64_t taken(size_t k) const;
  bool finished(size_t k) const;
  // The picture's lights for this step (the cluster draws them).
  const ClusterLights& lights();

  // One line for run `k`: "A* search: 1,011 of 2,008 taken · frontier 168 ·
  // visited 1,011 · g 31, f 34", then its outcome at the end.
  std::string counts_text(size_t k, std::string_view label) const;
  // How the page names run `k` (the hover's words).
  void name_run(size_t k, std::string label);

  // The picture or the chart (the player's pick until another board).
  void show(WatchShows shows) { shows_ = shows; }
  WatchShows shows() const { return shows_; }
  bool charted(const ClusterView& cluster) const;
  // Why the picture will not do, in plain words ("" when it does).
  std::string chart_reason(const ClusterView& cluster) const;
  // Run `k`'s chart at this step, in at most `most_bars` bars; the states
  // that exist are counted when `cluster` holds the whole space.
  const ChartBars& chart(size_t k, size_t most_bars, const ClusterView& cluster) const;
  const WatchChart& chart_layout() const { return chart_; }

  // window.puzzleLab.watch's fields (open is the App's): the runs, which
  // view is shown and why, and the chart's bars when it is.
  void write_state(JsonWriter& json, const ClusterView& cluster) const;

 private:
  void map_nodes(WatchRun& run, const ClusterView& cluster) const;
  void light_up();
  void write_chart(JsonWriter& json, const ClusterView& cluster) const;
  const Space* whole_space(const ClusterView& cluster) const;

  std::string board_;
  std::vector<WatchRun> runs_;
  int asked_ = -1;  // the run whose trace the lane is working out (-1: none)
  uint64_t step_ = 0;
  bool playing_ = false;
  float speed_ = 40;
  double play_from_ = 0;         // when play (or the last speed change) began
  uint64_t play_from_step_ = 0;  // the step then
  ClusterLights lights_;
  uint64_t lit_step_ = UINT64_MAX;  // the step lights_ were made for
  WatchShows shows_ = WatchShows::automatic;
  // The charts' bars (a cache: laid out again for new traces or another
  // width, counted on as the step moves).
  mutable WatchChart chart_;
  mutable bool chart_stale_ = true;
  mutable const Space* chart_whole_ = nullptr;
};

// The colour of run `k` (on the picture, its board's frame and its counts).
ImU32 watch_color(size_t k);

}  // namespace puzzlelab::shell
