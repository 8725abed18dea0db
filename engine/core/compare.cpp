#include "core/compare.h"

#include "core/memory.h"
#include "core/process_memory.h"

#include <algorithm>
#include <map>
#include <new>
#include <string>

namespace puzzlelab {

namespace {

// A solve that ran out of memory below its budget (the machine, a ulimit,
// the browser gave less) is that row's answer, not the comparison's end.
SolveResult solve_row(const Game& game, const SolveOptions& options) {
  try {
    return game.solve(options);
  } catch (const std::bad_alloc&) {
    SolveResult result;
    result.status = SolveStatus::budget_exceeded;
    result.message = out_of_memory_message(options.memory_budget());
    return result;
  }
}

CompareRow run_row(const Game& game, const ComparePlan& plan, const SolveOptions& options) {
  SolveOptions row_options = options;
  row_options.algorithm = std::string(plan.algorithm->name);
  row_options.metric = plan.metric ? std::string(plan.metric->name) : "";
  const Clock& clock = clock_or_steady(options.clock);

  const bool measured = restart_peak_memory();
  const uint64_t before = resident_memory().now;
  const double start = clock.now_ms();
  SolveResult result = solve_row(game, row_options);
  const double ms = clock.now_ms() - start;
  const ResidentMemory after = resident_memory();

  CompareRow row = compare_row(game.info(), plan, std::move(result), ms);
  row.peak_measured = measured && after.peak > 0;
  row.peak_bytes = row.peak_measured && after.peak > before ? after.peak - before : 0;
  return row;
}

std::string row_name(const CompareRow& row) {
  return row.metric.empty() ? row.algorithm : row.algorithm + " (" + row.metric + ")";
}

// The contradiction between rows a and b of one metric, if any.
std::optional<std::string> contradiction(const CompareRow& a, const CompareRow& b) {
  using S = CompareStatus;
  const std::string names = row_name(a) + " and " + row_name(b);
  if (a.status == S::solved && b.status == S::solved) {
    if (a.optimal && b.optimal && a.cost != b.cost) {
      return names + " both claim an optimum: " + std::to_string(a.cost) + " and " +
             std::to_string(b.cost) + " " + a.unit;
    }
    if (a.optimal != b.optimal) {
      const CompareRow& proven = a.optimal ? a : b;
      const CompareRow& other = a.optimal ? b : a;
      if (other.cost < proven.cost) {
        return row_name(other) + " found " + std::to_string(other.cost) + " " + other.unit +
               ", below the optimum " + std::to_string(proven.cost) + " that " + row_name(proven) +
               " claims";
      }
    }
  }
  if ((a.status == S::solved && b.status == S::unsolvable) ||
      (a.status == S::unsolvable && b.status == S::solved)) {
    const CompareRow& none = a.status == S::unsolvable ? a : b;
    const CompareRow& found = a.status == S::unsolvable ? b : a;
    return row_name(none) + " says there is no solution, but " + row_name(found) + " found one";
  }
  return std::nullopt;
}

}  // namespace

std::string_view to_string(CompareStatus status) {
  switch (status) {
    case CompareStatus::solved:
      return "solved";
    case CompareStatus::unsolvable:
      return "unsolvable";
    case CompareStatus::budget:
      return "budget";
    case CompareStatus::error:
      break;
  }
  return "error";
}

CompareStatus compare_status(SolveStatus status) {
  switch (status) {
    case SolveStatus::solved:
      return CompareStatus::solved;
    case SolveStatus::unsolvable:
      return CompareStatus::unsolvable;
    case SolveStatus::budget_exceeded:
    case SolveStatus::cancelled:
      return CompareStatus::budget;
    case SolveStatus::ambiguous:
    case SolveStatus::invalid:
      break;
  }
  return CompareStatus::error;
}

std::vector<ComparePlan> compare_plan(const PuzzleInfo& info) {
  std::vector<const Choice*> metrics;
  for (const Choice& metric : info.metrics) metrics.push_back(&metric);
  if (metrics.empty()) metrics.push_back(nullptr);  // the puzzle's one way to count
  std::vector<ComparePlan> plan;
  for (const Choice* metric : metrics) {
    for (const Choice& algorithm : info.algorithms) plan.push_back({&algorithm, metric});
  }
  return plan;
}

CompareRow compare_row(const PuzzleInfo& info, const ComparePlan& plan, SolveResult result,
                       double ms) {
  CompareRow row;
  row.algorithm = std::string(plan.algorithm->name);
  row.label = std::string(plan.algorithm->shown());
  row.metric = plan.metric ? std::string(plan.metric->name) : "";
  row.unit = std::string(cost_unit(info, row.metric));
  row.status = compare_status(result.status);
  row.cost = result.cost;
  row.optimal = result.status == SolveStatus::solved && result.optimal;
  row.stats = result.stats;
  row.ms = ms;
  if (row.status != CompareStatus::solved) {
    row.why = result.message.empty() ? std::string(to_string(result.status)) : result.message;
  }
  row.moves = std::move(result.moves);
  return row;
}

std::vector<CompareRow> compare_algorithms(const Game& game, const SolveOptions& options,
                                           const std::function<void(const CompareRow&)>& each_row) {
  std::vector<CompareRow> rows;
  for (const ComparePlan& plan : compare_plan(game.info())) {
    rows.push_back(run_row(game, plan, options));
    if (each_row) each_row(rows.back());
    if (options.cancel != nullptr && options.cancel->load()) break;  // the rest are not run
  }
  return rows;
}

CompareMarks mark_rows(const std::vector<CompareRow>& rows) {
  CompareMarks marks;
  for (size_t i = 0; i < rows.size(); ++i) {
    const CompareRow& row = rows[i];
    if (row.status != CompareStatus::solved) continue;
    if (!marks.fastest || row.ms < rows[*marks.fastest].ms) marks.fastest = i;
    const auto memory = [](const CompareRow& r) {
      return std::pair(r.peak_bytes, r.stats.peak_stored);
    };
    if (!marks.least_memory || memory(row) < memory(rows[*marks.least_memory])) {
      marks.least_memory = i;
    }
  }
  const auto solved = std::count_if(rows.begin(), rows.end(), [](const CompareRow& row) {
    return row.status == CompareStatus::solved;
  });
  if (solved < 2) return {};  // nothing to win against
  return marks;
}

std::vector<std::string> marks_per_metric(const std::vector<CompareRow>& rows) {
  std::vector<std::string> marks(rows.size());
  std::map<std::string, std::vector<size_t>> by_metric;  // row indices
  for (size_t i = 0; i < rows.size(); ++i) by_metric[rows[i].metric].push_back(i);
  for (const auto& [metric, indices] : by_metric) {
    std::vector<CompareRow> race;
    for (const size_t i : indices) race.push_back(rows[i]);
    const CompareMarks found = mark_rows(race);
    if (found.fastest) marks[indices[*found.fastest]] = "fastest";
    if (found.least_memory) {
      std::string& mark = marks[indices[*found.least_memory]];
      mark += std::string(mark.empty() ? "" : ", ") + "least memory";
    }
  }
  return marks;
}

std::optional<Contradiction> find_contradiction(const std::vector<CompareRow>& rows) {
  for (size_t i = 0; i < rows.size(); ++i) {
    for (size_t j = i + 1; j < rows.size(); ++j) {
      if (rows[i].metric != rows[j].metric) continue;
      if (auto message = contradiction(rows[i], rows[j])) return Contradiction{i, j, *message};
    }
  }
  return std::nullopt;
}

}  // namespace puzzlelab
