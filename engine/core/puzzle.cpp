#include "core/puzzle.h"

namespace puzzlelab {

std::string_view to_string(SolveStatus status) {
  switch (status) {
    case SolveStatus::solved:
      return "solved";
    case SolveStatus::unsolvable:
      return "unsolvable";
    case SolveStatus::budget_exceeded:
      return "budget_exceeded";
    case SolveStatus::cancelled:
      return "cancelled";
    case SolveStatus::ambiguous:
      return "ambiguous";
    case SolveStatus::invalid:
      return "invalid";
  }
  return "invalid";
}

SolveOptions SolveOptions::for_quick_hint(uint64_t nodes, uint64_t memory_bytes) const {
  SolveOptions quick;
  quick.node_budget = node_budget ? node_budget : nodes;
  quick.memory_budget_bytes = memory_budget_bytes ? memory_budget_bytes : memory_bytes;
  quick.time_budget_ms = time_budget_ms;
  quick.cancel = cancel;
  quick.progress = progress;
  quick.clock = clock;
  return quick;
}

const Choice* find_choice(const std::vector<Choice>& choices, std::string_view name) {
  for (const Choice& choice : choices) {
    if (choice.name == name) return &choice;
  }
  return nullptr;
}

std::string_view cost_unit(const PuzzleInfo& info, std::string_view metric) {
  if (info.metrics.empty()) return info.unit;
  const Choice* choice = metric.empty() ? &info.metrics.front() : find_choice(info.metrics, metric);
  return choice && !choice->unit.empty() ? choice->unit : info.unit;
}

std::string difficulty_label(const PuzzleInfo& info, std::string_view difficulty) {
  if (info.difficulty_unit.empty()) return std::string(difficulty);
  return std::string(difficulty) + " " + std::string(info.difficulty_unit);
}

}  // namespace puzzlelab
