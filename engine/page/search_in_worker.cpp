// The engine's searches as the browser page's copy of the engine has them
// (puzzlelab_engine_page, engine/CMakeLists.txt): the page never runs one
// (every solve, hint, rating, generated board, cluster and trace is the solver
// worker's, through web/worker_solver_client), so its copy links these in
// place of the search files (page_search_files there), which were a third
// of its code. Should the page ever call one, it answers that searches run
// in the worker. The system's memory figures are left out too (none in a
// browser; their file reads /proc with iostreams, which the page links for
// nothing else).
#include <memory>
#include <span>
#include <string>

#include "core/process_memory.h"
#include "core/space.h"
#include "page/search_in_worker.h"
#include "puzzles/amphipod/solver.h"
#include "puzzles/bender/solver.h"
#include "puzzles/rushhour/cluster.h"
#include "puzzles/rushhour/enumerate/pack.h"
#include "puzzles/rushhour/fast_solver.h"
#include "puzzles/rushhour/generator.h"
#include "puzzles/rushhour/trace.h"
#include "puzzles/sudoku/generator.h"
#include "puzzles/sudoku/solver.h"
#include "puzzles/sudoku/solver_bench.h"
#include "puzzles/sudoku/techniques.h"

namespace puzzlelab {
namespace {

SearchTrace no_trace() {
  SearchTrace trace;
  trace.status = SolveStatus::invalid;
  trace.message = kSearchesElsewhere;
  return trace;
}

}  // namespace

// No system figures in a browser (core/process_memory.cpp reads Linux's /proc).
ResidentMemory resident_memory() {
  return {};
}
bool restart_peak_memory() {
  return false;
}

// The space around a position, enumerated through the Game interface.
Space space_by_moves(const Game& /*position*/, const SolveOptions& /*options*/, size_t /*cap*/) {
  Space space;
  space.status = SolveStatus::invalid;
  space.message = kSearchesElsewhere;
  return space;
}

namespace rushhour {

struct BfsWorkspace::Parts {};
BfsWorkspace::BfsWorkspace() : parts_(std::make_unique<Parts>()) {}
BfsWorkspace::~BfsWorkspace() = default;
BfsWorkspace::BfsWorkspace(BfsWorkspace&&) noexcept = default;
BfsWorkspace& BfsWorkspace::operator=(BfsWorkspace&&) noexcept = default;

BfsStore default_bfs_store(const Layout& /*layout*/) {
  return BfsStore::automatic;
}

BfsOutcome fast_bfs(const Layout& /*layout*/, const Positions& /*start*/, bool /*single_cells*/,
                    const SolveOptions& /*options*/, BfsStore /*store*/,
                    BfsWorkspace* /*workspace*/) {
  BfsOutcome outcome;
  outcome.message = kSearchesElsewhere;
  return outcome;
}

ClusterReport analyse_cluster(const Layout& /*layout*/, const Positions& /*start*/,
                              const SolveOptions& /*options*/, BfsWorkspace* /*workspace*/) {
  ClusterReport report;
  report.message = kSearchesElsewhere;
  return report;
}

GenerateOutcome generate_board(const BoardRequest& /*request*/) {
  GenerateOutcome outcome;
  outcome.message = kSearchesElsewhere;
  return outcome;
}

Space cluster(const Game& /*position*/, const SolveOptions& /*options*/, size_t /*cap*/) {
  return {};
}

namespace enumerate {
std::span<const PackedPuzzle> pack_puzzles() {
  return {};
}
}  // namespace enumerate

SearchTrace trace(const Game& /*position*/, const SolveOptions& /*options*/, uint64_t /*limit*/) {
  return no_trace();
}

}  // namespace rushhour

namespace amphipod {

struct SolverWorkspace::Parts {};
SolverWorkspace::SolverWorkspace() : parts_(std::make_unique<Parts>()) {}
SolverWorkspace::~SolverWorkspace() = default;

SolveResult solve_burrow(const Burrow& /*start*/, Algorithm /*algorithm*/,
                         const SolveOptions& /*options*/, SolverWorkspace* /*workspace*/) {
  return SolveResult::invalid(kSearchesElsewhere);
}

SearchTrace trace_burrow(const Burrow& /*start*/, Algorithm /*algorithm*/,
                         const SolveOptions& /*options*/, uint64_t /*limit*/) {
  return no_trace();
}

}  // namespace amphipod

namespace bender {

SolveResult solve_map(const Map& /*map*/, const SolveOptions& /*options*/,
                      const SolverSettings& /*settings*/) {
  return SolveResult::invalid(kSearchesElsewhere);
}

}  // namespace bender

namespace sudoku {

GenerateResult generate(Difficulty /*difficulty*/, uint64_t /*seed*/,
                        const GeneratorOptions& /*options*/) {
  GenerateResult result;
  result.error = kSearchesElsewhere;
  result.status = SolveStatus::invalid;
  return result;
}

// "Stopped": the count is not known here.
SolverResult count_solutions(const Cells& /*puzzle*/, int /*limit*/, uint64_t /*max_guesses*/) {
  SolverResult result;
  result.stopped = true;
  return result;
}

SolverResult count_solutions(const char* /*puzzle81*/, int /*limit*/) {
  SolverResult result;
  result.stopped = true;
  return result;
}

void PuzzleBatch::add(std::string_view /*puzzle81*/) {}
void PuzzleBatch::add(const Cells& /*cells*/) {}
Cells PuzzleBatch::cells(size_t /*index*/) const {
  return {};
}
// The techniques serve hints, ratings and the generator, all the worker's.
std::string_view technique_name(Technique /*technique*/) {
  return kSearchesElsewhere;
}
Difficulty technique_difficulty(Technique /*technique*/) {
  return Difficulty::needs_guessing;
}
bool assumes_unique_solution(Technique /*technique*/) {
  return false;
}
std::string_view difficulty_name(Difficulty /*difficulty*/) {
  return kSearchesElsewhere;
}
std::optional<Difficulty> parse_difficulty(std::string_view /*name*/) {
  return std::nullopt;
}
std::optional<Step> find_step(const Grid& /*grid*/, Technique /*technique*/) {
  return std::nullopt;
}
std::optional<Step> find_next_step(const Grid& /*grid*/) {
  return std::nullopt;
}
bool apply_step(Grid& /*grid*/, const Step& /*step*/) {
  return false;
}
Rating rate(const Grid& /*grid*/) {
  return {};
}
Rating rate(const Cells& /*puzzle*/) {
  return {};
}
BenchSummary bench_solve(const PuzzleBatch& /*puzzles*/, int /*limit*/) {
  return {};
}

}  // namespace sudoku
}  // namespace puzzlelab
