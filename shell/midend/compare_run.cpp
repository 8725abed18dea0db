#include "midend/compare_run.h"

#include <map>

namespace puzzlelab::shell {

CompareRun::CompareRun(const PuzzleInfo& info, SolveRequest position, std::string key,
                       int chain_index)
    : info_(&info),
      plan_(compare_plan(info)),
      position_(std::move(position)),
      key_(std::move(key)),
      chain_index_(chain_index) {}

std::string CompareRun::label(size_t row) const {
  return std::string(plan_[row].algorithm->shown());
}

std::string CompareRun::metric(size_t row) const {
  return plan_[row].metric ? std::string(plan_[row].metric->name) : "";
}

std::optional<SolveRequest> CompareRun::start_next(double now) {
  if (cancelled_ || running() || runs_.size() >= size()) return std::nullopt;
  SolveRequest request = position_;
  request.kind = RequestKind::solve;
  request.algorithm = std::string(plan_[runs_.size()].algorithm->name);
  request.metric = metric(runs_.size());
  runs_.emplace_back(request, now);
  return request;
}

void CompareRun::add(const SolveProgress& progress) {
  if (running()) runs_.back().add(progress);
}

void CompareRun::finish(SolveResult result) {
  if (running()) runs_.back().finish(std::move(result));
}

void CompareRun::cancel(double now) {
  if (running()) runs_.back().cancel(now);
  cancelled_ = true;
}

std::vector<CompareRow> CompareRun::rows() const {
  std::vector<CompareRow> rows;
  for (size_t i = 0; i < runs_.size() && !runs_[i].running(); ++i) {
    const SolveRun& run = runs_[i];
    SolveResult result;
    if (run.result()) {
      result = *run.result();
    } else {  // cancelled: what it had done by then
      result.status = SolveStatus::cancelled;
      result.message = "cancelled";
      result.stats = run.last_progress().stats;
    }
    const double ms = result.stats.elapsed_ms;
    CompareRow row = compare_row(*info_, plan_[i], std::move(result), ms);
    row.peak_bytes = row.stats.peak_bytes;
    row.peak_measured = row.peak_bytes > 0;
    rows.push_back(std::move(row));
  }
  return rows;
}

std::vector<std::string> CompareRun::marks() const {
  return marks_per_metric(rows());
}

}  // namespace puzzlelab::shell
