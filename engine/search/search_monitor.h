// Budgets, cancellation, progress reports and statistics shared by every
// search. A search calls on_expand() once per state it expands; the monitor
// says when to stop and calls the progress callback about every 100 ms.
#pragma once

#include <cstddef>
#include <cstdint>

#include "core/puzzle.h"

namespace puzzlelab::search {

// The most layers a stats record keeps: beyond it, neighbouring layers are
// merged in pairs, so a search with huge costs (A* f values in the
// thousands) keeps a bounded histogram instead of one entry per value.
inline constexpr size_t kMaxLayers = 1024;

enum class StopReason { none, node_budget, memory_budget, out_of_memory, time_budget, cancelled };

class SearchMonitor {
 public:
  // `bound_label` names the bound in progress reports' phase ("depth 12").
  explicit SearchMonitor(const SolveOptions& options, const char* bound_label = "bound");

  // Counts one expansion. Returns false when the search must stop now.
  bool on_expand() {
    ++stats_.expanded;
    if (stats_.expanded >= node_budget_) return stop(StopReason::node_budget);
    if ((stats_.expanded & kCheckMask) == 0) return periodic_check();
    return true;
  }
  void on_generated(uint64_t count = 1) { stats_.generated += count; }
  // For work that counts its own steps in batches (generations of an
  // automaton): `expanded` steps so far. Checks the node and time budgets
  // and cancel and reports progress at every call, so call it every so
  // often (about every millisecond), not per step. False: stop now.
  bool poll(uint64_t expanded);

  // Reports the states and bytes currently held. Returns false when over budget.
  bool on_stored(uint64_t states, uint64_t bytes);

  // Stops the search for lack of memory (e.g. node numbers ran out).
  void exceed_memory() { stop(StopReason::memory_budget); }
  // Stops the search because an allocation failed below the budget (the
  // machine or the browser gave less than the budget allows).
  void out_of_memory() { stop(StopReason::out_of_memory); }

  // Progress detail shown next to the counters (depth, f-bound, best cost).
  void set_bound(int64_t bound) { bound_ = bound; }

  // Layered searches: name what a layer is ("depth", "f", "cost", "bound")
  // once, then call enter_layer() before the on_expand() of each state with
  // the layer it belongs to. The stats then count expansions per layer.
  void record_layers(const char* layered_by) { stats_.layered_by = layered_by; }
  void enter_layer(int64_t layer) {
    if (layer >= current_first_ && layer <= current_last_) {
      return;  // still the same layer: the cheap path A* takes per expansion
    }
    switch_layer(layer);
  }

  StopReason stop_reason() const { return stop_reason_; }
  bool stopped() const { return stop_reason_ != StopReason::none; }
  SolveStatus stop_status() const;   // cancelled or budget_exceeded
  std::string stop_message() const;  // "node budget of 1000 states reached"

  // Stats with elapsed time filled in.
  SearchStats finish();
  const SearchStats& stats() const { return stats_; }

 private:
  static constexpr uint64_t kCheckMask = 255;  // clock checks every 256 expansions
  bool periodic_check();
  void switch_layer(int64_t layer);
  // Adds the expansions since the current layer was entered to its count.
  void credit_layer();
  bool stop(StopReason reason);
  double now_ms() const { return clock_.now_ms(); }
  double elapsed_ms() const { return now_ms() - start_ms_; }

  const SolveOptions& options_;
  const Clock& clock_;  // the options' clock, or the steady clock
  uint64_t node_budget_;
  uint64_t memory_budget_;
  SearchStats stats_;
  int64_t bound_ = -1;
  size_t current_layer_ = SIZE_MAX;   // index into stats_.layers; none yet
  int64_t current_first_ = 1;         // the layers the current entry covers
  int64_t current_last_ = 0;          // (first > last: no entry yet)
  uint64_t expanded_uncredited_ = 0;  // stats_.expanded when it was last credited
  const char* bound_label_;
  StopReason stop_reason_ = StopReason::none;
  double start_ms_;
  double last_report_ms_;
};

}  // namespace puzzlelab::search
