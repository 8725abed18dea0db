// The sub-commands. Each registers its options on the root CLI11 app and,
// when parsing selects it, hands back its body (see options.h, run_cli).
#pragma once

#include "options.h"

namespace puzzlelab::cli {

void add_solve_command(CLI::App& root, const std::vector<const PuzzleInfo*>& puzzles,
                       Action& chosen);
void add_compare_command(CLI::App& root, const std::vector<const PuzzleInfo*>& puzzles,
                         Action& chosen);
void add_check_command(CLI::App& root, const std::vector<const PuzzleInfo*>& puzzles,
                       Action& chosen);
void add_bench_command(CLI::App& root, const std::vector<const PuzzleInfo*>& puzzles,
                       Action& chosen);
void add_hint_command(CLI::App& root, const std::vector<const PuzzleInfo*>& puzzles,
                      Action& chosen);
void add_rate_command(CLI::App& root, const std::vector<const PuzzleInfo*>& puzzles,
                      Action& chosen);
void add_generate_command(CLI::App& root, const std::vector<const PuzzleInfo*>& puzzles,
                          Action& chosen);
void add_cluster_command(CLI::App& root, const std::vector<const PuzzleInfo*>& puzzles,
                         Action& chosen);
void add_trace_command(CLI::App& root, const std::vector<const PuzzleInfo*>& puzzles,
                       Action& chosen);
void add_enumerate_command(CLI::App& root, const std::vector<const PuzzleInfo*>& puzzles,
                           Action& chosen);
#if PUZZLELAB_RENDER
// Native builds with the app only: it draws with the app's views.
void add_render_command(CLI::App& root, const std::vector<const PuzzleInfo*>& puzzles,
                        Action& chosen);
#endif

}  // namespace puzzlelab::cli
