#include "puzzles/rushhour/generator.h"

#include <vector>

#include "puzzles/rushhour/fast_solver.h"
#include "puzzles/sudoku/generator.h"  // Random: xoshiro256**, the same on every platform

namespace puzzlelab::rushhour {

namespace {

using sudoku::Random;

constexpr int kSize = 6;
constexpr int kRedRow = 2;
constexpr int kMinPieces = 6;
constexpr int kMaxExtraPieces = 8;  // up to kMinPieces + this - 1 besides car A
constexpr int kPlacementTries = 100;
constexpr int kStaleChanges = 300;  // changes without progress before a fresh start

// A 6x6 board as 36 characters ('.' empty), Fogleman's row-major string.
using Cells = std::string;

bool place_random_piece(Cells& cells, char label, Random& random) {
  for (int attempt = 0; attempt < kPlacementTries; ++attempt) {
    const bool horizontal = random.below(2) == 0;
    const int length = random.below(4) == 0 ? 3 : 2;
    const int line = static_cast<int>(random.below(kSize));
    const int pos = static_cast<int>(random.below(kSize - length + 1));
    if (horizontal && line == kRedRow) continue;  // it could never let A out
    bool free = true;
    for (int k = 0; k < length; ++k) {
      const int cell = horizontal ? line * kSize + pos + k : (pos + k) * kSize + line;
      free = free && cells[cell] == '.';
    }
    if (!free) continue;
    for (int k = 0; k < length; ++k) {
      cells[horizontal ? line * kSize + pos + k : (pos + k) * kSize + line] = label;
    }
    return true;
  }
  return false;
}

std::vector<char> labels_on(const Cells& cells) {
  std::vector<char> labels;
  for (char c = 'B'; c <= 'Z'; ++c) {
    if (cells.find(c) != std::string::npos) labels.push_back(c);
  }
  return labels;
}

char free_label(const Cells& cells) {
  for (char c = 'B'; c <= 'Z'; ++c) {
    if (cells.find(c) == std::string::npos) return c;
  }
  return 0;
}

Cells random_arrangement(Random& random) {
  Cells cells(kSize * kSize, '.');
  const int a = static_cast<int>(random.below(kSize - 2));  // not already at the exit
  cells[kRedRow * kSize + a] = cells[kRedRow * kSize + a + 1] = 'A';
  const int pieces = kMinPieces + static_cast<int>(random.below(kMaxExtraPieces));
  for (int i = 0; i < pieces; ++i) place_random_piece(cells, free_label(cells), random);
  return cells;
}

// Removes a piece, adds one, or both (a move elsewhere).
Cells changed(Cells cells, Random& random) {
  const int kind = static_cast<int>(random.below(3));
  if (kind != 1) {
    const std::vector<char> labels = labels_on(cells);
    if (!labels.empty()) {
      const char gone = labels[random.below(static_cast<uint32_t>(labels.size()))];
      for (char& c : cells) c = c == gone ? '.' : c;
    }
  }
  if (kind != 0) {
    if (const char label = free_label(cells)) place_random_piece(cells, label, random);
  }
  return cells;
}

struct Scored {
  Cells cells;
  ClusterReport report;
};

}  // namespace

GenerateOutcome generate_board(const BoardRequest& request) {
  GenerateOutcome outcome;
  Random random(request.seed);
  const uint64_t budget =
      request.state_budget ? request.state_budget : BoardRequest::kDefaultStateBudget;
  GeneratedBoard tally;
  std::optional<Scored> best;  // over all attempts: returned if the budget runs out

  // Explores a cluster; nullopt when stopped (cancel or budget).
  auto score = [&](const Cells& cells) -> std::optional<ClusterReport> {
    // Small clusters end before the search polls the flag: poll it here too.
    if (request.cancel && request.cancel->load(std::memory_order_relaxed)) {
      outcome.status = SolveStatus::cancelled;
      outcome.message = "cancelled";
      return std::nullopt;
    }
    auto board = parse_board(cells);
    if (!board) return ClusterReport{};  // cannot happen: our own arrangements
    SolveOptions options;
    options.cancel = request.cancel;
    options.node_budget = budget - tally.states + 1;
    ClusterReport report = analyse_cluster(*board.value().layout, board.value().positions, options);
    tally.states += report.stats.expanded;
    ++tally.changes;
    if (report.status != SolveStatus::solved) {
      outcome.status = report.status;
      outcome.message = report.message;
      return std::nullopt;
    }
    return report;
  };

  while (tally.states < budget) {
    ++tally.arrangements;
    Scored current{random_arrangement(random), {}};
    auto first = score(current.cells);
    if (!first) break;
    current.report = *first;
    int stale = 0;
    bool stopped = false;
    while (stale < kStaleChanges && current.report.farthest_moves < request.target_moves) {
      Cells next = changed(current.cells, random);
      auto report = score(next);
      if (!report) {
        stopped = true;
        break;
      }
      if (report->farthest_moves >= current.report.farthest_moves) {
        stale = report->farthest_moves > current.report.farthest_moves ? 0 : stale + 1;
        current = Scored{std::move(next), *report};
      } else {
        ++stale;
      }
      if (request.progress && (tally.changes & 63) == 0) {
        SolveProgress progress;
        progress.stats.expanded = tally.states;
        progress.bound = best ? best->report.farthest_moves : current.report.farthest_moves;
        progress.phase = "arrangement " + std::to_string(tally.arrangements);
        request.progress(progress);
      }
    }
    if (!best || current.report.farthest_moves > best->report.farthest_moves) best = current;
    if (stopped) break;
    if (best->report.farthest_moves >= request.target_moves) {
      outcome.status = SolveStatus::solved;
      break;
    }
  }
  if (outcome.status == SolveStatus::invalid) {
    outcome.status = SolveStatus::budget_exceeded;
    outcome.message = "state budget of " + std::to_string(budget) + " positions reached";
  }
  if (best && best->report.farthest_moves >= 0) {
    auto board = parse_board(best->cells);
    tally.board = Board{board.value().layout, best->report.farthest};
    tally.moves = best->report.farthest_moves;
    tally.cluster_size = best->report.size;
    outcome.generated = tally;
  }
  return outcome;
}

}  // namespace puzzlelab::rushhour
