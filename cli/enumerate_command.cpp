// puzzlelab enumerate rushhour --size N [--walls K] [--shard I/N] [--threads T]
//                              [--progress] [--nodes N] [--memory-mb M] [--time-ms T]
// puzzlelab enumerate merge FILES...
//
// Every interesting Rush Hour puzzle of a board size, as Fogleman's
// enumerator finds them (engine/puzzles/rushhour/enumerate/): the puzzle
// lines on standard output as blocks of boards finish, in order, then a
// summary of '#' lines (counts, a histogram by moves, the work done). The
// budgets, Ctrl-C and SIGTERM stop the run within a fraction of a second
// (checked inside clusters and while counting the boards) and it still
// prints the lines and summary of the blocks finished, marked incomplete
// (a second Ctrl-C ends it at once, with no summary). The output streams
// (to a pipe, a file): what finished is kept, never a silently truncated or
// empty file, and 'merge' refuses one that is incomplete or has no summary.
#include <cstdio>
#include <ctime>
#include <ostream>
#include <thread>

#include "commands.h"
#include "core/process_memory.h"
#include "job_budget.h"
#include "puzzles/rushhour/enumerate/run.h"
#include "puzzles/rushhour/enumerate/summary.h"

namespace puzzlelab::cli {

namespace {

namespace enumerate = rushhour::enumerate;

struct EnumerateCommand {
  uint64_t size = 6;
  uint64_t walls = 0;
  std::string shard = "1/1";
  uint64_t threads = 0;  // 0: every core
  bool progress = false;
  uint64_t nodes = 0;
  uint64_t memory_mb = 0;
  uint64_t time_ms = 0;
};

struct MergeCommand {
  std::vector<std::string> files;
};

std::string duration_text(double seconds) {
  char text[32];
  if (seconds >= 3600) {
    std::snprintf(text, sizeof text, "%dh%02dm", static_cast<int>(seconds / 3600),
                  static_cast<int>(seconds / 60) % 60);
  } else if (seconds >= 60) {
    std::snprintf(text, sizeof text, "%dm%02ds", static_cast<int>(seconds / 60),
                  static_cast<int>(seconds) % 60);
  } else {
    std::snprintf(text, sizeof text, "%.0fs", seconds);
  }
  return text;
}

std::string rate_text(double per_second) {
  char text[32];
  if (per_second >= 1e9) {
    std::snprintf(text, sizeof text, "%.2fG", per_second / 1e9);
  } else if (per_second >= 1e6) {
    std::snprintf(text, sizeof text, "%.2fM", per_second / 1e6);
  } else {
    std::snprintf(text, sizeof text, "%.0fk", per_second / 1e3);
  }
  return text;
}

// "  12.3% of 3804731 boards  52.1k boards/s  16.2M positions/s  1m12s left"
std::string progress_text(const enumerate::RunProgress& p) {
  const double done = p.boards_total ? static_cast<double>(p.boards_done) / p.boards_total : 1;
  const double seconds = std::max(p.seconds, 1e-3);
  std::string line;
  char percent[32];
  std::snprintf(percent, sizeof percent, "%5.1f%%", 100 * done);
  line += percent;
  line += " of " + std::to_string(p.boards_total) + " boards  ";
  line += rate_text(p.boards_done / seconds) + " boards/s  ";
  line += rate_text(p.expanded / seconds) + " positions/s  ";
  line += done > 0 ? duration_text(p.seconds * (1 - done) / done) + " left" : "";
  return line;
}

// "3/64" -> (3, 64), with 1 <= 3 <= 64.
bool parse_shard(const std::string& text, uint64_t& shard, uint64_t& shards) {
  const size_t slash = text.find('/');
  if (slash == std::string::npos) return false;
  const auto index = parse_count(text.substr(0, slash));
  const auto count = parse_count(text.substr(slash + 1));
  if (!index || !count || *index < 1 || *index > *count) return false;
  shard = *index;
  shards = *count;
  return true;
}

// Not named exit_code: the unity build puts every file's anonymous namespace
// in one, where this would replace options.h's exit_code for the files after.
int enumeration_exit_code(SolveStatus status) {
  switch (status) {
    case SolveStatus::solved:
      return kOk;
    case SolveStatus::budget_exceeded:
    case SolveStatus::cancelled:
      return kGaveUp;
    default:
      return kBadInput;
  }
}

int run_enumerate(const EnumerateCommand& command, Context& context) {
  Io& io = context.io;
  enumerate::RunRequest request;
  if (command.size < enumerate::kSmallestSize || command.size > enumerate::kLargestSize) {
    io.err << "puzzlelab: --size " << command.size << ": expected 4 to 7\n";
    return kBadInput;
  }
  if (command.walls > 4) {
    io.err << "puzzlelab: --walls " << command.walls << ": expected 0 to 4\n";
    return kBadInput;
  }
  if (!parse_shard(command.shard, request.shard, request.shards)) {
    io.err << "puzzlelab: --shard " << command.shard
           << ": expected I/N with I from 1 to N, such as 3/64\n";
    return kBadInput;
  }
  request.size = static_cast<int>(command.size);
  request.max_walls = static_cast<int>(command.walls);
  const unsigned cores = std::max(1u, std::thread::hardware_concurrency());
  request.threads =
      static_cast<int>(command.threads == 0 ? cores : std::min<uint64_t>(command.threads, 256));
  request.node_budget = command.nodes;
  const uint64_t memory_mb =
      command.memory_mb == 0 ? SolveOptions::kDefaultMemoryBudget >> 20 : command.memory_mb;
  request.memory_budget_bytes = memory_mb > (UINT64_MAX >> 20) ? UINT64_MAX : memory_mb << 20;
  request.time_budget_ms = static_cast<double>(command.time_ms);
  const InterruptScope interrupt;
  request.cancel = &InterruptScope::flag();

  const std::clock_t cpu_start = std::clock();
  auto write = [&io](std::string_view lines) { io.out << lines << std::flush; };
  std::function<void(const enumerate::RunProgress&)> progress;
  const bool live = command.progress && io.err_is_terminal;
  if (command.progress) {
    progress = [&io, live](const enumerate::RunProgress& p) {
      if (live) {
        io.err << "\r" << progress_text(p) << "   " << std::flush;
      } else {
        io.err << progress_text(p) << "\n" << std::flush;
      }
    };
  }
  enumerate::RunOutcome outcome =
      enumerate::run_enumeration(request, write, progress, live ? 500 : 10000);
  if (outcome.status == SolveStatus::cancelled)
    outcome.message = "interrupted (" + InterruptScope::signal_name() + ")";
  if (live) io.err << "\r" << std::string(100, ' ') << "\r" << std::flush;
  if (outcome.status == SolveStatus::invalid) {
    io.err << "puzzlelab: " << outcome.message << "\n";
    return kBadInput;
  }

  enumerate::Summary summary;
  summary.size = request.size;
  summary.walls = request.max_walls;
  summary.shard = request.shard;
  summary.shards = request.shards;
  summary.blocks_done = outcome.blocks_done;
  summary.blocks_total = outcome.blocks_total;
  summary.complete = outcome.status == SolveStatus::solved;
  summary.stopped_because = outcome.message;
  summary.totals = outcome.totals;
  summary.seconds = outcome.seconds;
  summary.cpu_seconds = static_cast<double>(std::clock() - cpu_start) / CLOCKS_PER_SEC;
  summary.threads = request.threads;
  summary.peak_bytes = resident_memory().peak;
  io.out << enumerate::format_summary(summary) << std::flush;
  if (outcome.status != SolveStatus::solved)
    io.err << "puzzlelab: gave up: " << outcome.message << "; the output is incomplete ("
           << outcome.blocks_done << " of " << outcome.blocks_total << " blocks)\n";
  return enumeration_exit_code(outcome.status);
}

int run_merge(const MergeCommand& command, Context& context) {
  Io& io = context.io;
  std::vector<enumerate::ReadSummary> shards;
  for (const std::string& file : command.files) {
    const auto text = read_input(file, io);
    if (!text) return kBadInput;
    auto summary = enumerate::read_summary(*text);
    if (!summary) {
      io.err << "puzzlelab: " << file << ": " << summary.error().describe() << "\n";
      return kBadInput;
    }
    shards.push_back(std::move(summary).value());
  }
  const auto merged = enumerate::merge_summaries(shards, command.files);
  if (!merged) {
    io.err << "puzzlelab: " << merged.error().describe() << "\n";
    return kBadInput;
  }
  io.out << enumerate::format_summary(merged.value());
  return kOk;
}

}  // namespace

void add_enumerate_command(CLI::App& root, const std::vector<const PuzzleInfo*>& puzzles,
                           Action& chosen) {
  (void)puzzles;
  CLI::App* app = root.add_subcommand(
      "enumerate", "Every interesting puzzle of a board size (Rush Hour), or shards' totals");
  app->require_subcommand(0, 1);
  app->callback([app, &chosen] {
    if (!app->get_subcommands().empty()) return;
    chosen = [](Context& context) {
      context.io.err << "puzzlelab: enumerate what? 'enumerate rushhour --size N' or "
                        "'enumerate merge FILES...' (see 'puzzlelab enumerate --help')\n";
      return kBadInput;
    };
  });

  auto command = std::make_shared<EnumerateCommand>();
  CLI::App* rush = app->add_subcommand(
      "rushhour",
      "Every canonical, solvable, minimal Rush Hour cluster of a board size as Fogleman's "
      "enumerator prints it: 'MOVES BOARD CLUSTER_SIZE D0,D1,...', then '#' summary lines");
  add_count_option(*rush, "--size", command->size, "board size, 4 to 7 (default 6)", 1);
  add_count_option(*rush, "--walls", command->walls, "up to this many walls (default 0)");
  rush->add_option("--shard", command->shard,
                   "do shard I of N (blocks of 256 boards, block b in shard b mod N + 1)")
      ->type_name("I/N");
  add_count_option(*rush, "--threads", command->threads, "threads (0, the default: every core)");
  rush->add_flag("--progress", command->progress, "percent done, rates and time left on stderr");
  add_count_option(*rush, "--nodes", command->nodes, "node budget: positions expanded (0: none)");
  add_count_option(*rush, "--memory-mb", command->memory_mb,
                   "memory budget of the searches in MiB (0: default)");
  add_count_option(*rush, "--time-ms", command->time_ms, "time budget in ms (0: none)");
  rush->callback([command, &chosen] {
    chosen = [command](Context& context) { return run_enumerate(*command, context); };
  });

  auto merge = std::make_shared<MergeCommand>();
  CLI::App* merger = app->add_subcommand(
      "merge", "Add up the summaries of a run's shards (checks that every shard is there)");
  merger->add_option("FILES", merge->files, "the shards' outputs")->required()->type_name("");
  merger->callback([merge, &chosen] {
    chosen = [merge](Context& context) { return run_merge(*merge, context); };
  });
}

}  // namespace puzzlelab::cli
