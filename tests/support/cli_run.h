// The puzzlelab command run in-process for tests: its exit code and what it
// wrote on standard output and standard error.
#pragma once

#include <sstream>
#include <string>
#include <vector>

#include "cli.h"

namespace puzzlelab::testing {

struct CliRun {
  int code = -1;
  std::string out;
  std::string err;
};

// `input` is standard input; `puzzles` the list the command may name (the
// engine's when empty).
inline CliRun run_cli_with(const std::vector<std::string>& args, const std::string& input = "",
                           const std::vector<const PuzzleInfo*>& puzzles = {}) {
  std::istringstream in(input);
  std::ostringstream out, err;
  cli::Io io{in, out, err, false};
  CliRun result;
  result.code = puzzles.empty() ? cli::run_cli(args, io) : cli::run_cli(args, io, puzzles);
  result.out = out.str();
  result.err = err.str();
  return result;
}

// The command with the engine's puzzles; `input` is standard input.
inline CliRun cli_run(const std::vector<std::string>& args, const std::string& input = "") {
  return run_cli_with(args, input);
}

}  // namespace puzzlelab::testing
