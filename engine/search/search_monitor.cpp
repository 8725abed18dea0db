#include "search/search_monitor.h"

#include <algorithm>
#include <iterator>

#include "core/memory.h"

namespace puzzlelab::search {

namespace {
constexpr double kProgressIntervalMs = 100;
}

SearchMonitor::SearchMonitor(const SolveOptions& options, const char* bound_label)
    : options_(options),
      clock_(clock_or_steady(options.clock)),
      node_budget_(options.node_budget ? options.node_budget : SolveOptions::kDefaultNodeBudget),
      memory_budget_(options.memory_budget_bytes ? options.memory_budget_bytes
                                                 : SolveOptions::kDefaultMemoryBudget),
      bound_label_(bound_label),
      start_ms_(now_ms()),
      last_report_ms_(start_ms_) {}

bool SearchMonitor::on_stored(uint64_t states, uint64_t bytes) {
  stats_.peak_stored = std::max(stats_.peak_stored, states);
  stats_.peak_bytes = std::max(stats_.peak_bytes, bytes);
  if (bytes > memory_budget_) return stop(StopReason::memory_budget);
  return !stopped();
}

bool SearchMonitor::poll(uint64_t expanded) {
  stats_.expanded = expanded;
  if (expanded >= node_budget_) return stop(StopReason::node_budget);
  return periodic_check() && !stopped();
}

bool SearchMonitor::periodic_check() {
  if (options_.cancel && options_.cancel->load(std::memory_order_relaxed)) {
    return stop(StopReason::cancelled);
  }
  const double now = now_ms();
  if (options_.time_budget_ms > 0 && now - start_ms_ >= options_.time_budget_ms) {
    return stop(StopReason::time_budget);
  }
  if (options_.progress && now - last_report_ms_ >= kProgressIntervalMs) {
    last_report_ms_ = now;
    SolveProgress progress;
    credit_layer();
    progress.stats = stats_;
    progress.stats.elapsed_ms = now - start_ms_;
    progress.bound = bound_;
    if (bound_ >= 0) progress.phase = bound_label_ + (" " + std::to_string(bound_));
    options_.progress(progress);
  }
  return true;
}

bool SearchMonitor::stop(StopReason reason) {
  if (stop_reason_ == StopReason::none) stop_reason_ = reason;
  return false;
}

SolveStatus SearchMonitor::stop_status() const {
  return stop_reason_ == StopReason::cancelled ? SolveStatus::cancelled
                                               : SolveStatus::budget_exceeded;
}

std::string SearchMonitor::stop_message() const {
  switch (stop_reason_) {
    case StopReason::none:
      return "";
    case StopReason::node_budget:
      return "node budget of " + std::to_string(node_budget_) + " expanded states reached";
    case StopReason::memory_budget:
      return "memory budget of " + std::to_string(memory_budget_ >> 20) + " MiB reached";
    case StopReason::out_of_memory:
      return out_of_memory_message(memory_budget_);
    case StopReason::time_budget:
      return "time budget of " + std::to_string(static_cast<int64_t>(options_.time_budget_ms)) +
             " ms reached";
    case StopReason::cancelled:
      return "cancelled";
  }
  return "";
}

void SearchMonitor::credit_layer() {
  if (current_layer_ < stats_.layers.size()) {
    stats_.layers[current_layer_].expanded += stats_.expanded - expanded_uncredited_;
  }
  expanded_uncredited_ = stats_.expanded;
}

void SearchMonitor::switch_layer(int64_t layer) {
  credit_layer();
  std::vector<LayerCount>& layers = stats_.layers;
  auto after = std::upper_bound(layers.begin(), layers.end(), layer,
                                [](int64_t value, const LayerCount& l) { return value < l.layer; });
  if (after != layers.begin() && std::prev(after)->last >= layer) {
    current_layer_ = static_cast<size_t>(std::prev(after) - layers.begin());
    current_first_ = layers[current_layer_].layer;
    current_last_ = layers[current_layer_].last;
    return;
  }
  if (layers.size() >= kMaxLayers) {
    // Full: merge neighbours in pairs, halving the list, and look again.
    for (size_t i = 0; i < layers.size(); i += 2) {
      LayerCount merged = layers[i];
      if (i + 1 < layers.size()) {
        merged.last = layers[i + 1].last;
        merged.expanded += layers[i + 1].expanded;
      }
      layers[i / 2] = merged;
    }
    layers.resize((layers.size() + 1) / 2);
    current_layer_ = SIZE_MAX;
    switch_layer(layer);
    return;
  }
  current_layer_ = static_cast<size_t>(after - layers.begin());
  current_first_ = current_last_ = layer;
  layers.insert(after, LayerCount{layer, layer, 0});
}

SearchStats SearchMonitor::finish() {
  credit_layer();
  std::erase_if(stats_.layers, [](const LayerCount& l) { return l.expanded == 0; });
  current_layer_ = SIZE_MAX;
  current_first_ = 1;
  current_last_ = 0;
  stats_.elapsed_ms = elapsed_ms();
  return stats_;
}

}  // namespace puzzlelab::search
