// The engine's searches as the browser page's copy of the engine has them
// (puzzlelab_engine_page, engine/CMakeLists.txt): the page never runs one
// (every solve, hint, rating, generated board and cluster is the solver
// worker's, through web/worker_solver_client), so its copy links these in
// place of the search files (page_search_files there), which were a third
// of its code. Should the page ever call one, it answers that searches run
// in the worker.
#include <memory>
#include <span>
#include <string>

#include "puzzles/amphipod/solver.h"
#include "puzzles/bender/solver.h"
#include "puzzles/rushhour/cluster.h"
#include "puzzles/rushhour/enumerate/pack.h"
#include "puzzles/rushhour/fast_solver.h"
#include "puzzles/rushhour/generator.h"
#include "puzzles/sudoku/generator.h"

namespace puzzlelab {
namespace {

constexpr const char* kElsewhere = "searches run in the solver worker, not in the page";

}  // namespace

namespace rushhour {

struct BfsWorkspace::Parts {};
BfsWorkspace::BfsWorkspace() : parts_(std::make_unique<Parts>()) {}
BfsWorkspace::~BfsWorkspace() = default;
BfsWorkspace::BfsWorkspace(BfsWorkspace&&) noexcept = default;
BfsWorkspace& BfsWorkspace::operator=(BfsWorkspace&&) noexcept = default;

BfsStore default_bfs_store(const Layout& /*layout*/) { return BfsStore::automatic; }

BfsOutcome fast_bfs(const Layout& /*layout*/, const Positions& /*start*/, bool /*single_cells*/,
                    const SolveOptions& /*options*/, BfsStore /*store*/,
                    BfsWorkspace* /*workspace*/) {
  BfsOutcome outcome;
  outcome.message = kElsewhere;
  return outcome;
}

ClusterReport analyse_cluster(const Layout& /*layout*/, const Positions& /*start*/,
                              const SolveOptions& /*options*/, BfsWorkspace* /*workspace*/) {
  ClusterReport report;
  report.message = kElsewhere;
  return report;
}

GenerateOutcome generate_board(const BoardRequest& /*request*/) {
  GenerateOutcome outcome;
  outcome.message = kElsewhere;
  return outcome;
}

Space cluster(const Game& /*position*/, const SolveOptions& /*options*/, size_t /*cap*/) {
  return {};
}

namespace enumerate {
std::span<const PackedPuzzle> pack_puzzles() { return {}; }
}  // namespace enumerate

}  // namespace rushhour

namespace amphipod {

struct SolverWorkspace::Parts {};
SolverWorkspace::SolverWorkspace() : parts_(std::make_unique<Parts>()) {}
SolverWorkspace::~SolverWorkspace() = default;

SolveResult solve_burrow(const Burrow& /*start*/, Algorithm /*algorithm*/,
                         const SolveOptions& /*options*/, SolverWorkspace* /*workspace*/) {
  return SolveResult::invalid(kElsewhere);
}

}  // namespace amphipod

namespace bender {

SolveResult solve_map(const Map& /*map*/, const SolveOptions& /*options*/,
                      const SolverSettings& /*settings*/) {
  return SolveResult::invalid(kElsewhere);
}

}  // namespace bender

namespace sudoku {

GenerateResult generate(Difficulty /*difficulty*/, uint64_t /*seed*/,
                        const GeneratorOptions& /*options*/) {
  GenerateResult result;
  result.error = kElsewhere;
  result.status = SolveStatus::invalid;
  return result;
}

}  // namespace sudoku
}  // namespace puzzlelab
