#include "trace_animation.h"

#include <string>

#include "core/text.h"

namespace puzzlelab::cli {

std::vector<size_t> sampled_steps(size_t steps, size_t most) {
  std::vector<size_t> picked;
  if (steps == 0 || most == 0) return picked;
  if (steps <= most || most == 1) {
    for (size_t k = 0; k < std::min(steps, most); ++k) picked.push_back(k);
    if (most == 1) picked = {steps - 1};
    return picked;
  }
  for (size_t i = 0; i < most; ++i) picked.push_back(i * (steps - 1) / (most - 1));
  return picked;
}

namespace {

std::string step_counter(const SearchTrace& trace, size_t k) {
  const TraceStep& step = trace.steps[k];
  std::string counter = trace.algorithm + ": " + std::to_string(k + 1) + " of " +
                        std::to_string(trace.steps.size()) + " taken, g " + std::to_string(step.g);
  if (step.f >= 0) counter += ", f " + std::to_string(step.f);
  if (!trace.round_bounds.empty()) counter += ", round " + std::to_string(step.iteration + 1);
  return counter + ", frontier " + std::to_string(step.frontier);
}

}  // namespace

TimeLine trace_time_line(const Game& start, std::shared_ptr<const SearchTrace> trace) {
  const auto picked =
      std::make_shared<const std::vector<size_t>>(sampled_steps(trace->steps.size(), kTraceFrames));
  const auto solution = std::make_shared<const std::vector<uint32_t>>(trace->solution_steps());
  TimeLine line;
  line.frames = std::max<size_t>(1, picked->size() + solution->size());
  line.unit = "frames";
  line.span = std::to_string(picked->size()) + " of " + std::to_string(trace->steps.size()) +
              " states taken, then a solution of " +
              std::to_string(solution->empty() ? 0 : solution->size() - 1) + " steps";
  const auto parse = start.info().parse;
  std::shared_ptr<const Game> first(start.clone());
  line.frame = [trace, picked, solution, parse, first](size_t k) {
    TimeFrame frame;
    size_t step = 0;
    if (k < picked->size()) {
      step = (*picked)[k];
      frame.counter = step_counter(*trace, step);
    } else if (k - picked->size() < solution->size()) {
      const size_t j = k - picked->size();
      step = (*solution)[j];
      frame.counter = "solution: " + std::to_string(j) + " / " +
                      std::to_string(solution->size() - 1) + ", g " +
                      std::to_string(trace->steps[step].g);
    } else {
      frame.position = first->clone();  // an empty trace: the board itself
      return frame;
    }
    auto parsed = parse(trace->boards[trace->steps[step].state]);
    frame.position = parsed ? std::move(parsed).value() : first->clone();
    return frame;
  };
  return line;
}

}  // namespace puzzlelab::cli
