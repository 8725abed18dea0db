// How a front end asks for slow work and hears back, as JSON messages: the
// browser app and its Web Worker exchange these, the native app runs the
// same requests on a thread. A request is a solve, a hint, a rating or a
// generated puzzle; progress reports come while it runs, then one reply.
// Messages are one JSON object each (nlohmann::json), easy to read in a
// debugger. Decoding never throws: a malformed message, a field of the wrong
// type or a missing one gives a ParseError that names the field.
// Encoding and decoding live in solve_protocol.cpp only.
#pragma once

#include <atomic>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "core/parse_result.h"
#include "core/puzzle.h"

namespace puzzlelab {

// What a request asks for. Every kind is slow for some puzzle (an Amphipod
// hint is a search), so every kind runs off the UI thread. `compute` is work
// a puzzle's view asks for (Game::compute: Tree of Life's cells at a far
// generation), so that views draw and the engine works elsewhere.
// `space` is the positions around this one for a picture (PuzzleHooks::space;
// the answer is core/space.h's encode_space). `trace` is a search recorded
// for watching (PuzzleHooks::trace; the answer is core/trace.h's
// encode_trace, with the cluster picture's node numbers).
enum class RequestKind { solve, hint, rate, generate, compute, space, trace };
std::string_view to_string(RequestKind kind);

struct SolveRequest {
  RequestKind kind = RequestKind::solve;
  std::string puzzle;  // PuzzleInfo::id
  std::string board;   // a position as Game::format() writes it (not for generate)
  // Moves played from `board` to reach the position to work on. A position's
  // text may leave out what only play builds up (Sudoku's pencil marks, which
  // hints read), so the app sends the start and the moves.
  std::vector<std::string> moves;
  std::string algorithm;   // solve, trace
  std::string metric;      // solve, trace
  std::string difficulty;  // generate: one of PuzzleInfo::difficulties
  uint64_t node_budget = 0;
  uint64_t memory_budget_bytes = 0;
  double time_budget_ms = 0;
  uint64_t seed = 1;  // solve (randomised searches) and generate
  std::string task;   // compute: what to work out, in the puzzle's words (Game::compute);
                      // space: the most positions, in digits ("" = kDefaultSpaceCap);
                      // trace: the most expansions, in digits ("" = kDefaultTraceLimit)
};

// The one answer to a request. `result` always says how it went (status
// `solved` = the work succeeded, `invalid` with a message = it could not be
// done); the other fields are filled for their kind (a compute's answer is
// result.answer).
struct Reply {
  RequestKind kind = RequestKind::solve;
  SolveResult result;        // solve: the solve; others: status, message, elapsed time
                             // (generate: cost and optimal = the new board's proven optimum)
  std::optional<Hint> hint;  // hint: the next step (nullopt = none for this position)
  std::string rating;        // rate: the puzzle's difficulty name
  std::string board;         // generate: the new puzzle, as Game::format() writes it

  Reply() = default;
  // A failure that is not the puzzle's (a bad message, a crashed worker).
  Reply(SolveResult failed) : result(std::move(failed)) {}  // NOLINT: implicit on purpose
};

std::string encode_request(const SolveRequest& request);
Parsed<SolveRequest> decode_request(std::string_view message);

std::string encode_progress(const SolveProgress& progress);
Parsed<SolveProgress> decode_progress(std::string_view message);

std::string encode_result(const SolveResult& result);
Parsed<SolveResult> decode_result(std::string_view message);

std::string encode_reply(const Reply& reply);
Parsed<Reply> decode_reply(std::string_view message);

// A message from the worker: progress while it runs ({"progress":{...}}),
// then the reply ({"reply":{...}}). A message that does not decode becomes a
// reply with an `invalid` result saying so, never a crash.
using WorkerMessage = std::variant<SolveProgress, Reply>;
std::string encode_message(const WorkerMessage& message);
WorkerMessage decode_message(std::string_view message);

// Parses the board, plays the moves and solves it. Unknown puzzles,
// algorithms and metrics, parse errors and moves that do not apply come back
// as an `invalid` result whose message says what is wrong and where.
// `clock` is what the request's time budget and elapsed times read
// (core/clock.h; nullptr = the steady clock).
SolveResult run_request(const SolveRequest& request, const std::atomic<bool>* cancel,
                        std::function<void(const SolveProgress&)> progress,
                        const Clock* clock = nullptr);

// Does what the request asks, whatever its kind. Hints, ratings and
// generation get the cancel flag, progress and the request's budgets as a
// solve does (a generator's node_budget counts states over its whole run);
// when `cancel` is set the reply says cancelled, whatever the puzzle gave.
Reply serve_request(const SolveRequest& request, const std::atomic<bool>* cancel,
                    std::function<void(const SolveProgress&)> progress,
                    const Clock* clock = nullptr);

}  // namespace puzzlelab
