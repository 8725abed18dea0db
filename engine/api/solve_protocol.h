// How a front end asks for a solve and hears back, as plain text messages:
// the browser app and its Web Worker exchange these, the native app and the
// CLI use the same request runner. Messages are "key value" lines (values
// escaped so they fit one line), easy to read in a debugger.
#pragma once

#include <atomic>
#include <functional>
#include <string>
#include <string_view>

#include "core/parse_result.h"
#include "core/puzzle.h"

namespace puzzlelab {

struct SolveRequest {
  std::string puzzle;  // PuzzleInfo::id
  std::string board;   // the position as Game::format() writes it
  std::string algorithm;
  std::string metric;
  uint64_t node_budget = 0;
  uint64_t memory_budget_bytes = 0;
  double time_budget_ms = 0;
  uint64_t seed = 1;
};

std::string encode_request(const SolveRequest& request);
Parsed<SolveRequest> decode_request(std::string_view message);

std::string encode_progress(const SolveProgress& progress);
Parsed<SolveProgress> decode_progress(std::string_view message);

std::string encode_result(const SolveResult& result);
Parsed<SolveResult> decode_result(std::string_view message);

// Parses the board and solves it. Unknown puzzles and parse errors come back
// as an `invalid` result whose message says what is wrong and where.
SolveResult run_request(const SolveRequest& request, const std::atomic<bool>* cancel,
                        std::function<void(const SolveProgress&)> progress);

// {"status":"solved","solved":true,"cost":60,"optimal":true,"moves":[...],"stats":{...}}
std::string result_to_json(const SolveResult& result);

}  // namespace puzzlelab
