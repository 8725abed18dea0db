#include "watch_view.h"

#include <algorithm>
#include <cmath>

#include "core/text.h"
#include "frame_pacer.h"
#include "theme.h"
#include "widgets.h"

namespace puzzlelab::shell {

ImU32 watch_color(size_t k) {
  return k == 0 ? colors::rgb(255, 150, 50) : colors::rgb(70, 200, 255);
}

void WatchView::choose(const std::string& board, const std::vector<std::string>& algorithms) {
  std::vector<std::string> now;
  for (const WatchRun& run : runs_) now.push_back(run.algorithm);
  if (board == board_ && algorithms == now) return;
  const bool same_board = board == board_;
  std::vector<WatchRun> runs;
  for (const std::string& algorithm : algorithms) {
    if (runs.size() == kMaxRuns) break;
    // A trace already here for this board is kept.
    auto kept = std::find_if(runs_.begin(), runs_.end(),
                             [&](const WatchRun& run) { return run.algorithm == algorithm; });
    if (same_board && kept != runs_.end() && kept->trace)
      runs.push_back(std::move(*kept));
    else
      runs.push_back(WatchRun{
          .algorithm = algorithm, .label = algorithm, .trace = {}, .error = {}, .node = {}});
  }
  if (!same_board) shows_ = WatchShows::automatic;
  board_ = board;
  runs_ = std::move(runs);
  asked_ = -1;  // a reply still on its way names its algorithm: poll() places it
  playing_ = false;
  step_ = 0;
  lit_step_ = UINT64_MAX;
  chart_stale_ = true;
}

void WatchView::request(SolveRequest request, WorkLane& lane, const ClusterView& cluster) {
  if (asked_ >= 0 && lane.job() != RequestKind::trace) asked_ = -1;  // another job replaced it
  if (asked_ >= 0 || lane.busy() || !cluster.has_space() || cluster.working()) return;
  for (size_t k = 0; k < runs_.size(); ++k) {
    if (runs_[k].trace || !runs_[k].error.empty()) continue;
    request.kind = RequestKind::trace;
    request.algorithm = runs_[k].algorithm;
    request.task = "";  // the default limit
    lane.start(request);
    asked_ = int(k);
    return;
  }
}

bool WatchView::poll(WorkLane& lane, const ClusterView& cluster) {
  bool arrived = false;
  for (SolverEvent& event : lane.poll()) {
    Reply* reply = std::get_if<Reply>(&event);
    if (!reply || reply->kind != RequestKind::trace || asked_ < 0) continue;
    WatchRun& run = runs_[size_t(asked_)];
    asked_ = -1;
    arrived = true;
    const SolveResult& result = reply->result;
    if (result.answer.empty()) {
      run.error = result.message.empty() ? std::string(to_string(result.status)) : result.message;
      continue;
    }
    auto trace = decode_trace(result.answer);
    if (!trace) {
      run.error = trace.error().describe();
      continue;
    }
    run.trace = std::move(trace).value();
    map_nodes(run, cluster);
    lit_step_ = UINT64_MAX;
    chart_stale_ = true;
  }
  return arrived;
}

// The picture shown is the one to light up: its own numbers, found by the
// boards' text (the trace's cluster column is for the default cap).
void WatchView::map_nodes(WatchRun& run, const ClusterView& cluster) const {
  run.node.clear();
  for (const std::string& board : run.trace->boards) run.node.push_back(cluster.node_of(board));
}

bool WatchView::ready() const {
  return !runs_.empty() && std::all_of(runs_.begin(), runs_.end(), [](const WatchRun& run) {
    return run.trace || !run.error.empty();
  });
}

uint64_t WatchView::last_step() const {
  uint64_t last = 0;
  for (const WatchRun& run : runs_)
    if (run.trace) last = std::max<uint64_t>(last, run.trace->steps.size());
  return last;
}

void WatchView::set_speed(float steps_per_second, double now) {
  advance(now);
  speed_ = std::clamp(steps_per_second, kMinSpeed, kMaxSpeed);
  play_from_ = now;
  play_from_step_ = step_;
}

void WatchView::play(double now) {
  if (!ready()) return;
  if (step_ >= last_step()) step_ = 0;  // at the end: from the start again
  playing_ = true;
  play_from_ = now;
  play_from_step_ = step_;
}

void WatchView::step_by(int64_t steps) {
  playing_ = false;
  const int64_t to = std::clamp<int64_t>(int64_t(step_) + steps, 0, int64_t(last_step()));
  step_ = uint64_t(to);
}

void WatchView::advance(double now) {
  if (!playing_) return;
  const double due = std::floor((now - play_from_) * speed_);
  step_ = std::min(last_step(), play_from_step_ + uint64_t(std::max(0.0, due)));
  if (step_ >= last_step()) playing_ = false;
}

double WatchView::seconds_to_next_step(double now) const {
  if (!playing_) return kNever;
  const double next = double(step_ - play_from_step_ + 1) / speed_;
  return std::max(0.0, play_from_ + next - now);
}

const TraceStep* WatchView::current(size_t k) const {
  const uint64_t n = taken(k);
  return n == 0 ? nullptr : &runs_[k].trace->steps[n - 1];
}

uint64_t WatchView::taken(size_t k) const {
  const WatchRun& run = runs_[k];
  return run.trace ? std::min<uint64_t>(step_, run.trace->steps.size()) : 0;
}

bool WatchView::finished(size_t k) const {
  const WatchRun& run = runs_[k];
  return run.trace && step_ >= run.trace->steps.size();
}

const ClusterLights& WatchView::lights() {
  if (lit_step_ != step_) light_up();
  return lights_;
}

void WatchView::light_up() {
  lit_step_ = step_;
  size_t nodes = 0;
  for (const WatchRun& run : runs_)
    for (int node : run.node) nodes = std::max(nodes, size_t(node + 1));
  lights_.lit.assign(nodes, 0);
  lights_.current.assign(runs_.size(), -1);
  lights_.paths.assign(runs_.size(), {});
  lights_.colors.clear();
  lights_.names.clear();
  lights_.taken_at.assign(runs_.size(), std::vector<uint32_t>(nodes, 0));
  for (size_t k = 0; k < runs_.size(); ++k) {
    lights_.colors.push_back(watch_color(k));
    const WatchRun& run = runs_[k];
    lights_.names.push_back(run.label);
    const uint64_t n = taken(k);
    for (uint64_t i = 0; i < n; ++i) {
      const int node = run.node[run.trace->steps[i].state];
      if (node < 0) continue;
      lights_.lit[size_t(node)] |= uint8_t(1u << k);
      if (lights_.taken_at[k][size_t(node)] == 0)
        lights_.taken_at[k][size_t(node)] = uint32_t(i + 1);
    }
    if (const TraceStep* now = current(k)) lights_.current[k] = run.node[now->state];
    if (!finished(k)) continue;
    for (uint32_t s : run.trace->solution_steps()) {
      const int node = run.node[run.trace->steps[s].state];
      if (node >= 0) lights_.paths[k].push_back(node);
    }
  }
}

std::string WatchView::counts_text(size_t k, std::string_view label) const {
  const WatchRun& run = runs_[k];
  std::string text(label);
  if (!run.error.empty()) return text + ": no trace (" + run.error + ")";
  if (!run.trace) return text + ": working it out\u2026";
  const SearchTrace& trace = *run.trace;
  text += ": " + group_digits(taken(k)) + " of " + group_digits(trace.steps.size()) + " taken";
  if (const TraceStep* now = current(k)) {
    text += " \u00b7 frontier " + group_digits(now->frontier) + " \u00b7 visited " +
            group_digits(now->visited) + " \u00b7 g " + std::to_string(now->g);
    if (now->f >= 0) text += ", f " + std::to_string(now->f);
    if (!trace.round_bounds.empty()) text += " \u00b7 round " + std::to_string(now->iteration + 1);
  }
  if (!finished(k)) return text;
  if (trace.ends_at_goal) return text + " \u00b7 solved: " + text::amount(trace.cost, trace.metric);
  if (trace.truncated)
    return text + " \u00b7 the trace stops at " + group_digits(trace.limit) + " (the search took " +
           group_digits(trace.stats.expanded) + ")";
  return text + " \u00b7 " + (trace.message.empty() ? "no solution" : trace.message);
}

void WatchView::name_run(size_t k, std::string label) {
  if (k >= runs_.size() || runs_[k].label == label) return;
  runs_[k].label = std::move(label);
  lit_step_ = UINT64_MAX;
}

bool WatchView::charted(const ClusterView& cluster) const {
  if (shows_ != WatchShows::automatic) return shows_ == WatchShows::chart;
  return !chart_reason(cluster).empty();
}

std::string WatchView::chart_reason(const ClusterView& cluster) const {
  if (!cluster.has_space())
    return cluster.working() || cluster.error().empty()
               ? std::string()
               : "No picture of the positions could be made (" + cluster.error() + ").";
  const bool outside = std::any_of(runs_.begin(), runs_.end(), [](const WatchRun& run) {
    return std::count(run.node.begin(), run.node.end(), -1) > 0;
  });
  const std::string beyond = outside ? ", and the searches go beyond them" : "";
  if (cluster.truncated())
    return "Too many positions to draw: the picture holds only the " +
           group_digits(cluster.shown_space()->size()) + " nearest the board" + beyond + ".";
  if (outside) return "Some states the searches take are not in the picture.";
  return {};
}

// The whole space, when the picture holds it, every move costs one and it
// was made from where the searches start: its depths are theirs.
const Space* WatchView::whole_space(const ClusterView& cluster) const {
  const Space* space = cluster.shown_space();
  if (!space || space->truncated || !space->edge_cost.empty() || space->boards.empty())
    return nullptr;
  for (const WatchRun& run : runs_)
    if (run.trace && !run.trace->steps.empty() &&
        run.trace->boards[run.trace->steps[0].state] != space->boards[0])
      return nullptr;
  return space;
}

const ChartBars& WatchView::chart(size_t k, size_t most_bars, const ClusterView& cluster) const {
  const Space* whole = whole_space(cluster);
  if (chart_stale_ || chart_.most_bars() != most_bars || chart_whole_ != whole) {
    std::vector<const SearchTrace*> traces;
    for (const WatchRun& run : runs_) traces.push_back(run.trace ? &*run.trace : nullptr);
    chart_.lay_out(traces, most_bars, whole);
    chart_stale_ = false;
    chart_whole_ = whole;
  }
  return chart_.at(k, taken(k), finished(k));
}

void WatchView::write_chart(JsonWriter& json, const ClusterView& cluster) const {
  json.key("chart").begin_object();
  if (!chart_stale_ && !chart_.empty()) {
    json.key("first").value(chart_.first());
    json.key("width").value(chart_.width());
    json.key("bars").value(uint64_t(chart_.bars()));
    json.key("existKnown").value(chart_whole_ != nullptr);
    json.key("runs").begin_array();
    for (size_t k = 0; k < runs_.size(); ++k) {
      const ChartBars& bars = chart(k, chart_.most_bars(), cluster);
      json.begin_object();
      json.key("taken").begin_array();
      for (uint64_t n : bars.taken) json.value(n);
      json.end_array();
      json.key("total").begin_array();
      for (uint64_t n : bars.total) json.value(n);
      json.end_array();
      json.key("exist").begin_array();
      for (uint64_t n : bars.exist) json.value(n);
      json.end_array();
      json.key("current").value(int64_t(bars.current));
      json.key("path").begin_array();
      for (int b : bars.path) json.value(int64_t(b));
      json.end_array();
      json.end_object();
    }
    json.end_array();
  }
  json.end_object();
}

void WatchView::write_state(JsonWriter& json, const ClusterView& cluster) const {
  const bool chart = charted(cluster);
  json.key("view").value(chart ? "chart" : "picture");
  json.key("shows").value(shows_ == WatchShows::automatic ? "automatic"
                          : shows_ == WatchShows::chart   ? "chart"
                                                          : "picture");
  json.key("why").value(chart_reason(cluster));
  if (chart) write_chart(json, cluster);
  json.key("board").value(board_);
  json.key("ready").value(ready());
  json.key("working").value(working());
  json.key("step").value(step_);
  json.key("lastStep").value(last_step());
  json.key("playing").value(playing_);
  json.key("speed").value(double(speed_));
  json.key("runs").begin_array();
  for (size_t k = 0; k < runs_.size(); ++k) {
    const WatchRun& run = runs_[k];
    json.begin_object();
    json.key("algorithm").value(run.algorithm);
    json.key("error").value(run.error);
    json.key("received").value(run.trace.has_value());
    if (run.trace) {
      const TraceStep* now = current(k);
      json.key("steps").value(uint64_t(run.trace->steps.size()));
      json.key("taken").value(taken(k));
      json.key("frontier").value(now ? now->frontier : 0);
      json.key("visited").value(now ? now->visited : 0);
      json.key("g").value(now ? now->g : 0);
      json.key("f").value(now ? now->f : -1);
      json.key("node").value(now ? run.node[now->state] : -1);
      // IDA*'s rounds: how many, and the current one's number and bound on f.
      const std::vector<int64_t>& bounds = run.trace->round_bounds;
      json.key("rounds").value(uint64_t(bounds.size()));
      json.key("round").value(now && !bounds.empty() ? int64_t(now->iteration) + 1 : 0);
      json.key("bound").value(now && !bounds.empty() ? bounds[now->iteration] : -1);
      json.key("board").value(now ? run.trace->boards[now->state] : std::string());
      json.key("finished").value(finished(k));
      json.key("solved").value(run.trace->ends_at_goal);
      json.key("cost").value(run.trace->cost);
      json.key("pathShown").value(finished(k) && run.trace->ends_at_goal);
    }
    json.end_object();
  }
  json.end_array();
}

}  // namespace puzzlelab::shell
