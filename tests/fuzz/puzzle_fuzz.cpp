// libFuzzer target over every puzzle in all_puzzles(). The first input byte
// picks the puzzle (PUZZLELAB_FUZZ_PUZZLE=id pins one instead); the rest is
// its text. Every parse keeps to the memory rule (at most 16 bytes held per
// byte of input plus 64 KiB, measured with the sanitizer's allocation
// hooks: a memory bomb is a finding, as is any allocation past
// -malloc_limit_mb). Whatever parses must survive: format -> parse gives
// the same text, random legal moves apply (at the cost they were listed
// with) and keep the round trip, and a hint and a solve under a tiny budget
// either answer correctly (the moves replay to a solved position at the
// stated cost) or stop cleanly. A failed property prints what and traps.
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <optional>
#include <string>
#include <string_view>

#include "core/random.h"
#include "fuzz_meter.h"
#include "puzzles/puzzle_list.h"

using namespace puzzlelab;

namespace {

[[noreturn]] void fail(const PuzzleInfo& info, const std::string& what, std::string_view text) {
  std::fprintf(stderr, "puzzle_fuzz: %s: %s\n--- text (first 2000 bytes) ---\n%.*s\n---\n",
               std::string(info.id).c_str(), what.c_str(),
               static_cast<int>(std::min<size_t>(text.size(), 2000)), text.data());
  __builtin_trap();
}

Parsed<std::unique_ptr<Game>> metered_parse(const PuzzleInfo& info, std::string_view text) {
  std::optional<Parsed<std::unique_ptr<Game>>> game;
  const size_t peak = fuzz::peak_while([&] { game.emplace(info.parse(text)); });
  const size_t allowed = fuzz::allowed_for(text.size());
  if (peak > allowed) {
    fail(info,
         "the parse held " + std::to_string(peak) + " bytes for " + std::to_string(text.size()) +
             " bytes of input (the rule allows " + std::to_string(allowed) + ")",
         text);
  }
  return std::move(*game);
}

// The puzzle named by PUZZLELAB_FUZZ_PUZZLE, or nullptr for "by first byte".
const PuzzleInfo* pinned_puzzle() {
  static const PuzzleInfo* pinned = [] {
    const char* id = std::getenv("PUZZLELAB_FUZZ_PUZZLE");
    if (!id || !*id) return static_cast<const PuzzleInfo*>(nullptr);
    const PuzzleInfo* info = find_puzzle(id);
    if (!info) {
      std::fprintf(stderr, "puzzle_fuzz: unknown puzzle '%s': expected one of %s\n", id,
                   puzzle_ids().c_str());
      std::exit(1);
    }
    return info;
  }();
  return pinned;
}

void check_round_trip(const PuzzleInfo& info, const Game& game, std::string_view why) {
  const std::string text = game.format();
  auto again = info.parse(text);
  if (!again)
    fail(info, std::string(why) + ": format() does not parse: " + again.error().describe(), text);
  if (again.value()->format() != text)
    fail(info, std::string(why) + ": format -> parse -> format differs", text);
  if (again.value()->is_solved() != game.is_solved())
    fail(info, std::string(why) + ": solved state lost", text);
}

void play_random_moves(const PuzzleInfo& info, Game& game, uint64_t& random) {
  for (int i = 0; i < 8; ++i) {
    const std::vector<Move> moves = game.legal_moves();
    if (moves.empty()) return;
    const Move& move = moves[splitmix64(random) % moves.size()];
    const std::string before = game.format();
    const ApplyResult applied = game.apply(move.text);
    if (!applied) fail(info, "legal move " + move.text + " refused: " + applied.error, before);
    if (applied.cost != move.cost)
      fail(info, "move " + move.text + " cost differs from its listing", before);
    check_round_trip(info, game, "after " + move.text);
  }
}

// A solved answer must replay; anything else must come with a reason.
void check_solve(const PuzzleInfo& info, const Game& game, uint64_t& random) {
  SolveOptions options;
  options.node_budget = 2000;
  options.memory_budget_bytes = 16 << 20;
  options.time_budget_ms = 200;
  if (!info.algorithms.empty()) {
    options.algorithm = info.algorithms[splitmix64(random) % info.algorithms.size()].name;
  }
  if (!info.metrics.empty()) {
    options.metric = info.metrics[splitmix64(random) % info.metrics.size()].name;
  }
  const SolveResult result = game.solve(options);
  const std::string text = game.format();
  if (result.status == SolveStatus::invalid)
    fail(info, "a valid request was refused: " + result.message, text);
  if (result.status != SolveStatus::solved || !info.hooks.has_goal) return;  // nothing to replay
  if (result.moves.empty() && !game.is_solved() && result.answer.empty()) {
    fail(info, "solved with neither moves nor an answer", text);
  }
  if (const auto verdict = game.check_answer(result.answer)) {  // a program of its own
    if (!verdict->ok) fail(info, "the answer fails its own check: " + verdict->verdict, text);
    if (verdict->cost != result.cost)
      fail(info, "the answer's cost differs from the check's", text);
  }
  if (result.moves.empty()) return;
  // The moves reach the goal; for answer-only puzzles (a Bender program) the
  // cost is the answer's, not the walk's.
  const bool costs_add_up = !info.hooks.answer_only;
  // Moves are listed with their cost under the chosen metric; apply() counts
  // the puzzle's own (default) metric.
  const bool default_metric = info.metrics.empty() || options.metric == info.metrics[0].name;
  auto replay = game.clone();
  int64_t listed = 0, applied_cost = 0;
  for (const Move& move : result.moves) {
    const ApplyResult applied = replay->apply(move.text);
    if (!applied) fail(info, "solution move " + move.text + " refused: " + applied.error, text);
    listed += move.cost;
    applied_cost += applied.cost;
  }
  if (!replay->is_solved()) fail(info, "the solution does not end solved", text);
  if (costs_add_up && listed != result.cost)
    fail(info, "the solution's move costs do not add up to its cost", text);
  if (costs_add_up && default_metric && applied_cost != result.cost) {
    fail(info, "apply() counts a cost other than the solution's", text);
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size == 0) return 0;
  const auto& puzzles = all_puzzles();
  const PuzzleInfo& info = pinned_puzzle() ? *pinned_puzzle() : *puzzles[data[0] % puzzles.size()];
  const std::string_view text(reinterpret_cast<const char*>(data) + 1, size - 1);
  auto game = metered_parse(info, text);
  if (!game) {
    const ParseError& error = game.error();
    if (error.message.empty() || error.line < 0 || error.column < 0) {
      fail(info, "a parse error without a message or with a bad position", text);
    }
    if (error.message.size() > 400) fail(info, "a parse error quoting more than an excerpt", text);
    return 0;
  }
  check_round_trip(info, *game.value(), "parsed");
  uint64_t random = size;
  for (size_t i = 0; i < size; ++i) random = mix64(random ^ data[i]);
  auto played = game.value()->clone();
  play_random_moves(info, *played, random);
  // Hints run with the puzzle's own budget (they take no options): one input in 8.
  if ((random & 7) == 0) (void)played->hint();
  check_solve(info, *played, random);
  return 0;
}
