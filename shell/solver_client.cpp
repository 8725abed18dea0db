#include "solver_client.h"

namespace puzzlelab::shell {

namespace {

SolveResult broken_message(std::string why) {
  return SolveResult::invalid("solver sent a bad message: " + why);
}

}  // namespace

SolverEvent decode_solver_message(std::string_view message) {
  if (message.empty()) return broken_message("empty");
  const char tag = message.front();
  message.remove_prefix(1);
  if (tag == kProgressTag) {
    auto progress = decode_progress(message);
    if (progress) return progress.value();
    return broken_message(progress.error().describe());
  }
  if (tag == kResultTag) {
    auto result = decode_result(message);
    if (result) return std::move(result).value();
    return broken_message(result.error().describe());
  }
  return broken_message(std::string("unknown tag '") + tag + "'");
}

}  // namespace puzzlelab::shell
