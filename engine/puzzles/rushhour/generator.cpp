#include "puzzles/rushhour/generator.h"

#include <algorithm>
#include <array>
#include <unordered_map>
#include <vector>

#include "core/text.h"
#include "puzzles/rushhour/fast_solver.h"
#include "puzzles/sudoku/generator.h"  // Random: xoshiro256**, the same on every platform

namespace puzzlelab::rushhour {

namespace {

using sudoku::Random;

constexpr int kSize = 6;
constexpr int kRedRow = 2;
constexpr char kEmpty = 'o';

// Fresh arrangements are dense, as the hardest boards are (11-13 pieces,
// several trucks): kFreshPieces + below(kFreshSpread) pieces besides car A.
constexpr int kFreshPieces = 10;
constexpr int kFreshSpread = 5;
constexpr uint32_t kTruckOdds = 3;  // one piece in 3 is a truck
constexpr int kFewestPieces = 7;    // changes keep at least this many besides car A
constexpr int kPlacementTries = 60;
// A cluster is rejected once its analysis has expanded this many positions
// (both passes): hard clusters are small, and huge ones cost most of the time.
constexpr uint64_t kClusterExpansionCap = 60'000;
// A climb ends after this many changes without a new best of its own.
constexpr int kStaleChanges = 250;
// A change that loses one move is still taken once in kWorseOdds (it lets a
// climb leave a local summit); losing more never.
constexpr uint32_t kWorseOdds = 4;
// The best boards so far; a new climb starts from one of them (kicked by a
// few changes) except once in kFreshOdds, when it starts afresh.
constexpr size_t kEliteSize = 4;
constexpr uint32_t kFreshOdds = 2;
// Adds out of 20 changes: an added piece never brings the exit nearer.
constexpr uint32_t kAddShare = 7;
// Scores kept (a few MB at most) before the memory of them is cleared.
constexpr size_t kRememberedScores = 50'000;
constexpr int kKickChanges = 3;  // random changes to an elite board before its new climb

// A 6x6 board as 36 characters ('o' empty), Fogleman's row-major string.
using Cells = std::string;

struct Span {
  bool horizontal = false;
  int line = 0, pos = 0, length = 0;
  int cell(int k) const { return horizontal ? line * kSize + pos + k : (pos + k) * kSize + line; }
};

bool is_free(const Cells& cells, const Span& span) {
  for (int k = 0; k < span.length; ++k) {
    if (cells[span.cell(k)] != kEmpty) return false;
  }
  return true;
}

void put(Cells& cells, const Span& span, char label) {
  for (int k = 0; k < span.length; ++k) cells[span.cell(k)] = label;
}

// The cells from one span's start to the other's end (same line).
Span between(const Span& a, const Span& b) {
  Span span = a;
  span.pos = std::min(a.pos, b.pos);
  span.length = std::max(a.pos + a.length, b.pos + b.length) - span.pos;
  return span;
}

Span random_span(Random& random) {
  Span span;
  span.horizontal = random.below(2) == 0;
  span.length = random.below(kTruckOdds) == 0 ? 3 : 2;
  span.line = static_cast<int>(random.below(kSize));
  span.pos = static_cast<int>(random.below(kSize - span.length + 1));
  return span;
}

bool place_random_piece(Cells& cells, char label, Random& random) {
  for (int attempt = 0; attempt < kPlacementTries; ++attempt) {
    const Span span = random_span(random);
    if (span.horizontal && span.line == kRedRow) continue;  // it would never let A out
    if (!is_free(cells, span)) continue;
    put(cells, span, label);
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

void remove_piece(Cells& cells, char label) {
  std::replace(cells.begin(), cells.end(), label, kEmpty);
}

// The span a piece takes on the board (it is there: a label of `cells`).
Span span_of(const Cells& cells, char label) {
  const int first = static_cast<int>(cells.find(label));
  const int count = static_cast<int>(std::count(cells.begin(), cells.end(), label));
  Span span;
  span.length = count;
  span.horizontal = first % kSize + 1 < kSize && cells[first + 1] == label;
  span.line = span.horizontal ? first / kSize : first % kSize;
  span.pos = span.horizontal ? first % kSize : first / kSize;
  return span;
}

Cells random_arrangement(Random& random) {
  Cells cells(kSize * kSize, kEmpty);
  const int a = static_cast<int>(random.below(kSize - 2));  // not already at the exit
  cells[kRedRow * kSize + a] = cells[kRedRow * kSize + a + 1] = 'A';
  const int pieces = kFreshPieces + static_cast<int>(random.below(kFreshSpread));
  for (int i = 0; i < pieces; ++i) place_random_piece(cells, free_label(cells), random);
  return cells;
}

// One random change: a piece added, removed, replaced by another somewhere
// else, or lifted to another free place on its own line.
Cells changed_once(Cells cells, Random& random) {
  const std::vector<char> labels = labels_on(cells);
  const char some = labels.empty() ? 0 : labels[random.below(static_cast<uint32_t>(labels.size()))];
  // Out of 20: adds, a rare removal (removals merge clusters: large, costly
  // and seldom harder), then replacements and lifts shared evenly.
  const uint32_t roll = random.below(20);
  const uint32_t rest = (20 - kAddShare - 1) / 2;
  const int kind = roll < kAddShare ? 0 : roll == kAddShare ? 1 : roll <= kAddShare + rest ? 2 : 3;
  const bool may_remove = some != 0 && static_cast<int>(labels.size()) > kFewestPieces;
  if (kind == 0 || some == 0) {  // add
    if (const char label = free_label(cells)) place_random_piece(cells, label, random);
  } else if (kind == 1 && may_remove) {  // remove
    remove_piece(cells, some);
  } else if (kind == 2) {  // replace
    remove_piece(cells, some);
    place_random_piece(cells, some, random);
  } else {  // lift along its line
    const Span span = span_of(cells, some);
    remove_piece(cells, some);
    Span lifted = span;
    lifted.pos = static_cast<int>(random.below(kSize - span.length));
    if (lifted.pos >= span.pos) ++lifted.pos;  // another place than its own
    // Only over another piece: a slide would stay in the same cluster.
    const bool jumps = is_free(cells, lifted) && !is_free(cells, between(span, lifted));
    put(cells, jumps ? lifted : span, some);
  }
  return cells;
}

// A change that makes another board (a change can fail: no room, no piece).
constexpr int kChangeTries = 20;
Cells changed(const Cells& cells, Random& random) {
  for (int i = 0; i < kChangeTries; ++i) {
    Cells next = changed_once(cells, random);
    if (next != cells) return next;
  }
  return cells;
}

// A cluster's score: the farthest position from a solution, with its moves
// (-1: no solution in it, or the cluster was too large to finish).
struct Scored {
  Cells cells;  // the farthest position (what the next change starts from)
  int moves = -1;
  uint64_t size = 0;
};

// Letters B, C, ... in reading order: the same board always reads the same.
Cells relabelled(const Cells& cells) {
  std::array<char, 128> to{};
  char next = 'B';
  Cells out = cells;
  for (char& c : out) {
    if (c == kEmpty || c == 'A' || c == 'x') continue;
    char& mapped = to[static_cast<unsigned char>(c)];
    if (mapped == 0) mapped = next++;
    c = mapped;
  }
  return out;
}

class Search {
 public:
  Search(const BoardRequest& request, GenerateOutcome& outcome)
      : request_(request),
        outcome_(outcome),
        random_(request.seed),
        budget_(request.state_budget ? request.state_budget : BoardRequest::kDefaultStateBudget),
        start_ms_(clock_or_steady(request.clock).now_ms()) {}

  void run() {
    while (!stopped_ && !done()) {
      ++tally_.arrangements;
      const bool from_elite = !elite_.empty() && random_.below(kFreshOdds) != 0;
      Cells start = from_elite ? kicked(elite_[random_.below(static_cast<uint32_t>(elite_.size()))])
                               : random_arrangement(random_);
      climb(std::move(start));
    }
    finish();
  }

 private:
  bool done() const { return best_.moves >= request_.target_moves; }

  Cells kicked(const Scored& from) {
    Cells cells = from.cells;
    for (int i = 0; i < kKickChanges; ++i) cells = changed(cells, random_);
    return cells;
  }

  // Hill climbing over arrangements: a change is kept when the farthest
  // position stays as far (or, now and then, one move nearer).
  void climb(Cells start) {
    std::optional<Scored> first = score(start);
    if (!first) return;
    Scored current = std::move(*first);
    int climb_best = current.moves;
    for (int stale = 0; stale < kStaleChanges && !done();) {
      std::optional<Scored> next = score(changed(current.cells, random_));
      if (!next) return;
      const int delta = next->moves - current.moves;
      if (next->moves >= 0 && (delta >= 0 || (delta == -1 && random_.below(kWorseOdds) == 0))) {
        current = std::move(*next);
      }
      if (current.moves > climb_best) {
        climb_best = current.moves;
        stale = 0;
      } else {
        ++stale;
      }
    }
  }

  // A board's score, remembered: a climb drifting over equal scores comes
  // back to boards it has seen. Nullopt when the search must stop.
  std::optional<Scored> score(const Cells& cells) {
    if (auto known = scores_.find(cells); known != scores_.end()) {
      return known->second;
    }
    std::optional<Scored> scored = explore(cells);
    if (scored) {
      if (scores_.size() >= kRememberedScores) scores_.clear();
      scores_.emplace(cells, *scored);
    }
    return scored;
  }

  // Explores a cluster; nullopt when the search must stop (cancel, budget).
  std::optional<Scored> explore(const Cells& cells) {
    // Small clusters end before the search polls the flag: poll it here too.
    if (request_.cancel && request_.cancel->load(std::memory_order_relaxed)) {
      return stop(SolveStatus::cancelled, "cancelled");
    }
    if (tally_.states >= budget_) return stop_for_budget();
    const double time_left =
        request_.time_budget_ms > 0 ? request_.time_budget_ms - elapsed_ms() : 0;
    if (request_.time_budget_ms > 0 && time_left <= 0) return stop_for_time();
    auto board = parse_board(cells);
    if (!board) return Scored{cells, -1, 0};  // cannot happen: our own arrangements
    const Layout& layout = *board.value().layout;
    SolveOptions options;
    options.cancel = request_.cancel;
    options.memory_budget_bytes = request_.memory_budget_bytes;
    options.time_budget_ms = time_left;
    options.clock = request_.clock;
    const uint64_t left = budget_ - tally_.states;
    options.node_budget = std::min(left, kClusterExpansionCap);
    const ClusterReport report =
        analyse_cluster(layout, board.value().positions, options, &workspace_);
    tally_.states += report.stats.expanded;
    ++tally_.changes;
    report_progress();
    if (report.status != SolveStatus::solved) {
      if (report.status == SolveStatus::cancelled) return stop(report.status, report.message);
      if (options.node_budget == left) return stop_for_budget();
      if (request_.time_budget_ms > 0 && elapsed_ms() >= request_.time_budget_ms)
        return stop_for_time();
      return Scored{cells, -1, 0};  // too large a cluster: rejected
    }
    if (report.farthest_moves < 0) return Scored{cells, -1, report.size};
    Scored scored{relabelled(format_board(layout, report.farthest)), report.farthest_moves,
                  report.size};
    remember(scored);
    return scored;
  }

  void remember(const Scored& scored) {
    if (scored.moves > best_.moves) best_ = scored;
    for (const Scored& e : elite_) {
      if (e.cells == scored.cells) return;
    }
    if (elite_.size() < kEliteSize) {
      elite_.push_back(scored);
    } else {
      auto worst =
          std::min_element(elite_.begin(), elite_.end(),
                           [](const Scored& a, const Scored& b) { return a.moves < b.moves; });
      if (worst->moves < scored.moves) *worst = scored;
    }
  }

  std::nullopt_t stop(SolveStatus status, const std::string& message) {
    stopped_ = true;
    outcome_.status = status;
    outcome_.message = message;
    return std::nullopt;
  }
  std::nullopt_t stop_for_budget() {
    return stop(SolveStatus::budget_exceeded,
                "state budget of " + std::to_string(budget_) + " positions reached");
  }
  std::nullopt_t stop_for_time() {
    return stop(SolveStatus::budget_exceeded,
                "time budget of " + std::to_string(static_cast<int64_t>(request_.time_budget_ms)) +
                    " ms reached");
  }
  double elapsed_ms() const { return clock_or_steady(request_.clock).now_ms() - start_ms_; }

  void report_progress() {
    if (!request_.progress || (tally_.changes & 63) != 0) return;
    SolveProgress progress;
    progress.stats.expanded = tally_.states;
    progress.bound = best_.moves;
    progress.phase =
        "board " + std::to_string(tally_.changes) + ", best " + text::amount(best_.moves, "moves");
    request_.progress(progress);
  }

  void finish() {
    if (!stopped_) outcome_.status = SolveStatus::solved;
    if (best_.moves < 0) return;
    auto board = parse_board(best_.cells);
    if (!board) return;
    tally_.board = std::move(board).value();
    tally_.moves = best_.moves;
    tally_.cluster_size = best_.size;
    outcome_.generated = tally_;
  }

  const BoardRequest& request_;
  GenerateOutcome& outcome_;
  Random random_;
  const uint64_t budget_;
  GeneratedBoard tally_;
  Scored best_;
  std::vector<Scored> elite_;
  std::unordered_map<Cells, Scored> scores_;
  BfsWorkspace workspace_;  // one search's memory, reused by every cluster
  double start_ms_;
  bool stopped_ = false;
};

}  // namespace

GenerateOutcome generate_board(const BoardRequest& request) {
  GenerateOutcome outcome;
  Search(request, outcome).run();
  return outcome;
}

}  // namespace puzzlelab::rushhour
