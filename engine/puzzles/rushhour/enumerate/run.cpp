#include "puzzles/rushhour/enumerate/run.h"

#include <algorithm>
#include <chrono>
#include <condition_variable>
#include <map>
#include <mutex>
#include <tuple>

#include "puzzles/rushhour/enumerate/arrangements.h"
#include "puzzles/rushhour/enumerate/cluster.h"

#if defined(__EMSCRIPTEN__) && !defined(__EMSCRIPTEN_PTHREADS__)
#define PUZZLELAB_ENUMERATE_THREADS 0  // WebAssembly without threads: one, inline
#else
#define PUZZLELAB_ENUMERATE_THREADS 1
#include <thread>
#endif

namespace puzzlelab::rushhour::enumerate {

namespace {

// Memory a cluster's searches keep per position, for the memory budget (the
// table, past its first 65,536 slots at least an eighth full, and the
// positions listed by distance).
constexpr uint64_t kBytesPerPosition = 200;
constexpr uint64_t kBoardsBetweenChecks = 64;
static_assert(kSmallestSize == kMinBoard && kLargestSize == kMaxBoardSize);

struct BlockResult {
  std::string lines;
  Totals totals;
};

// What the threads share: the blocks handed out, the counters, and the
// output, written in block order.
class Run {
 public:
  // Counting the boards is work too (minutes on a 7x7 board): under the
  // budgets and cancel like the rest.
  Run(const RunRequest& request, const std::function<void(std::string_view)>& write)
      : request_(request),
        write_(write),
        clock_(clock_or_steady(request.clock)),
        started_ms_(clock_.now_ms()),
        arrangements_(request.size, request.max_walls, [this] { return keep_going(); }) {
    if (!arrangements_.counted()) {
      message_ += " while counting the boards";
      return;
    }
    boards_total_ = arrangements_.count();
    const uint64_t blocks = (boards_total_ + kBlockSize - 1) / kBlockSize;
    const uint64_t first = request.shard - 1;
    blocks_total_ = blocks > first ? (blocks - first + request.shards - 1) / request.shards : 0;
    const uint64_t budget = request.memory_budget_bytes;
    max_positions_ =
        budget == 0 ? 0 : std::max<uint64_t>(1, budget / kBytesPerPosition / threads());
  }

  int threads() const { return PUZZLELAB_ENUMERATE_THREADS ? std::max(1, request_.threads) : 1; }
  uint64_t boards_total() const { return boards_total_; }
  uint64_t blocks_total() const { return blocks_total_; }
  double seconds() const { return (clock_.now_ms() - started_ms_) / 1000; }
  const Clock& clock() const { return clock_; }
  bool stopped() const { return stop_.load(std::memory_order_relaxed); }

  // One thread's share: blocks claimed one after another until none is left
  // or the run stops. `tick` (may be empty) runs between boards now and then.
  void work(const std::function<void()>& tick) {
    ClusterAnalyser analyser(max_positions_);
    Arrangement board;
    ClusterFacts facts;
    uint64_t block = claim();
    if (block >= blocks_total_) return;
    uint64_t begin = 0, end = 0;  // not a structured binding: the lambda below uses them
    std::tie(begin, end) = block_range(block);
    BlockResult result;
    uint64_t counted = 0, reported_expanded = 0, block_expanded_start = 0;
    // Inside a cluster and between choices of rows, about every millisecond.
    const KeepGoing keep_going = [&] {
      if (tick) tick();
      return this->keep_going(analyser.expanded() - reported_expanded);
    };
    auto on_rows = [&](const RowChoice& choice) {
      const uint64_t choice_end = choice.first + choice.count;
      while (begin < choice_end) {
        for (uint64_t number = std::max(begin, choice.first); number < std::min(end, choice_end);
             ++number) {
          arrangements_.board(choice, number, board);
          if (!analyser.analyse(board, request_.size, facts, keep_going)) {
            if (analyser.stopped()) return false;
            halt(SolveStatus::budget_exceeded,
                 "a cluster needs more than the memory budget allows a thread");
            return false;
          }
          tally(board, facts, result);
          if (++counted % kBoardsBetweenChecks == 0) {
            boards_done_.fetch_add(kBoardsBetweenChecks, std::memory_order_relaxed);
            expanded_.fetch_add(analyser.expanded() - reported_expanded, std::memory_order_relaxed);
            reported_expanded = analyser.expanded();
            check_budgets();
            if (tick) tick();
          }
          if (stopped()) return false;
        }
        if (end > choice_end) return true;  // the block goes on in the next choice of rows
        result.totals.expanded = analyser.expanded() - block_expanded_start;
        block_expanded_start = analyser.expanded();
        finish(block, std::move(result));
        result = BlockResult{};
        block = claim();
        if (block >= blocks_total_) return false;
        std::tie(begin, end) = block_range(block);
      }
      return true;
    };
    // The rows of the blocks before are skipped.
    arrangements_.for_each_row_choice(on_rows, &begin, keep_going);
    boards_done_.fetch_add(counted % kBoardsBetweenChecks, std::memory_order_relaxed);
    expanded_.fetch_add(analyser.expanded() - reported_expanded, std::memory_order_relaxed);
  }

  // Budgets and cancel (the time budget too), from any thread; `unreported`
  // expansions of the caller's not yet in expanded_.
  void check_budgets(uint64_t unreported = 0) {
    if (request_.cancel != nullptr && request_.cancel->load(std::memory_order_relaxed)) {
      halt(SolveStatus::cancelled, "cancelled");
    } else if (request_.node_budget != 0 &&
               expanded_.load(std::memory_order_relaxed) + unreported > request_.node_budget) {
      halt(SolveStatus::budget_exceeded, "node budget of " + std::to_string(request_.node_budget) +
                                             " positions expanded reached");
    } else if (request_.time_budget_ms > 0 && seconds() * 1000 > request_.time_budget_ms) {
      halt(SolveStatus::budget_exceeded,
           "time budget of " + std::to_string(static_cast<uint64_t>(request_.time_budget_ms)) +
               " ms reached");
    }
  }
  bool keep_going(uint64_t unreported = 0) {
    check_budgets(unreported);
    return !stopped();
  }

  RunProgress progress() const {
    RunProgress p;
    p.boards_done = boards_done_.load(std::memory_order_relaxed);
    p.boards_total = shard_boards();
    p.expanded = expanded_.load(std::memory_order_relaxed);
    p.seconds = seconds();
    return p;
  }

  // Reports progress between two blocks' writes, never during one.
  void report(const std::function<void(const RunProgress&)>& sink) {
    const RunProgress p = progress();
    std::lock_guard<std::mutex> lock(mutex_);
    sink(p);
  }

  RunOutcome outcome() {
    std::lock_guard<std::mutex> lock(mutex_);
    for (auto& [block, result] : done_) write_block(result);  // blocks after a gap, if stopped
    done_.clear();
    RunOutcome outcome;
    outcome.status = stopped() ? status_ : SolveStatus::solved;
    outcome.message = message_;
    outcome.totals = totals_;
    outcome.blocks_done = blocks_done_;
    outcome.blocks_total = blocks_total_;
    outcome.boards_total = boards_total_;
    outcome.seconds = seconds();
    return outcome;
  }

 private:
  uint64_t claim() { return next_block_.fetch_add(1, std::memory_order_relaxed); }
  std::pair<uint64_t, uint64_t> block_range(uint64_t block) const {
    const uint64_t global = block * request_.shards + (request_.shard - 1);
    return {global * kBlockSize, std::min(boards_total_, (global + 1) * kBlockSize)};
  }
  uint64_t shard_boards() const {
    if (blocks_total_ == 0) return 0;
    const auto [begin, end] = block_range(blocks_total_ - 1);
    return (blocks_total_ - 1) * kBlockSize + (end - begin);
  }

  void tally(const Arrangement& board, const ClusterFacts& facts, BlockResult& result) const {
    Totals& totals = result.totals;
    ++totals.boards;
    totals.canonical += facts.canonical;
    totals.solvable += facts.solvable;
    if (!facts.minimal) return;
    totals.count_puzzle(facts.moves);
    result.lines += format_line(board, request_.size, facts);
    result.lines += '\n';
  }

  void halt(SolveStatus status, std::string message) {
    std::lock_guard<std::mutex> lock(mutex_);
    if (stopped()) return;
    status_ = status;
    message_ = std::move(message);
    stop_.store(true, std::memory_order_relaxed);
  }

  // A finished block: written now if every block before it is, else kept.
  void finish(uint64_t block, BlockResult result) {
    std::lock_guard<std::mutex> lock(mutex_);
    done_.emplace(block, std::move(result));
    while (!done_.empty() && done_.begin()->first == next_to_write_) {
      write_block(done_.begin()->second);
      done_.erase(done_.begin());
      ++next_to_write_;
    }
  }
  void write_block(const BlockResult& result) {
    if (!result.lines.empty()) write_(result.lines);
    totals_.add(result.totals);
    ++blocks_done_;
  }

  const RunRequest& request_;
  const std::function<void(std::string_view)>& write_;
  uint64_t boards_total_ = 0;
  uint64_t blocks_total_ = 0;
  uint64_t max_positions_ = 0;
  const Clock& clock_;
  const double started_ms_;

  std::atomic<uint64_t> next_block_{0};
  std::atomic<bool> stop_{false};
  std::atomic<uint64_t> boards_done_{0};
  std::atomic<uint64_t> expanded_{0};

  std::mutex mutex_;  // guards what follows
  std::map<uint64_t, BlockResult> done_;
  uint64_t next_to_write_ = 0;
  Totals totals_;
  uint64_t blocks_done_ = 0;
  SolveStatus status_ = SolveStatus::solved;
  std::string message_;

  // Last: counting its boards checks the budgets, which needs all the above.
  const Arrangements arrangements_;
};

}  // namespace

void Totals::add(const Totals& other) {
  boards += other.boards;
  canonical += other.canonical;
  solvable += other.solvable;
  minimal += other.minimal;
  expanded += other.expanded;
  if (by_moves.size() < other.by_moves.size()) by_moves.resize(other.by_moves.size(), 0);
  for (size_t m = 0; m < other.by_moves.size(); ++m) by_moves[m] += other.by_moves[m];
}

void Totals::count_puzzle(int moves) {
  ++minimal;
  if (by_moves.size() <= static_cast<size_t>(moves)) by_moves.resize(moves + 1, 0);
  ++by_moves[moves];
}

RunOutcome run_enumeration(const RunRequest& request,
                           const std::function<void(std::string_view)>& write,
                           const std::function<void(const RunProgress&)>& progress,
                           int progress_ms) {
  RunOutcome invalid;
  if (request.size < kSmallestSize || request.size > kLargestSize) {
    invalid.message = "board size " + std::to_string(request.size) + ": expected 4 to 7";
    return invalid;
  }
  if (request.shards < 1 || request.shard < 1 || request.shard > request.shards) {
    invalid.message = "shard " + std::to_string(request.shard) + " of " +
                      std::to_string(request.shards) + ": expected 1 to " +
                      std::to_string(request.shards);
    return invalid;
  }
  Run run(request, write);
  double last_report = run.clock().now_ms();
  auto report = [&] {
    if (!progress) return;
    const double now = run.clock().now_ms();
    if (now - last_report < static_cast<double>(progress_ms)) return;
    last_report = now;
    run.report(progress);
  };
  if (run.threads() == 1) {
    run.work(report);
    return run.outcome();
  }
#if PUZZLELAB_ENUMERATE_THREADS
  std::mutex mutex;
  std::condition_variable finished;
  int running = run.threads();
  std::vector<std::thread> workers;
  for (int t = 0; t < run.threads(); ++t) {
    workers.emplace_back([&] {
      run.work({});
      std::lock_guard<std::mutex> lock(mutex);
      --running;
      finished.notify_all();
    });
  }
  {
    // The calling thread watches the clock and the cancel flag, and reports.
    std::unique_lock<std::mutex> lock(mutex);
    while (running > 0) {
      finished.wait_for(lock, std::chrono::milliseconds(std::min(progress_ms, 100)));
      lock.unlock();
      run.check_budgets();
      report();
      lock.lock();
    }
  }
  for (std::thread& worker : workers) worker.join();
#endif
  return run.outcome();
}

uint64_t count_boards(int size, int max_walls) {
  return Arrangements(size, max_walls).count();
}

}  // namespace puzzlelab::rushhour::enumerate
