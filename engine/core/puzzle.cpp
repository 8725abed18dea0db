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

}  // namespace puzzlelab
