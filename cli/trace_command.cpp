// puzzlelab trace: a search's expansions in order (core/trace.h), the data
// behind the app's "Watch the search": each state taken with its parent,
// move, g, f, IDA* round, frontier and visited counts, and for a puzzle with
// a cluster picture the node each state is in it (as the app's view numbers
// them).
#include <ostream>
#include <string_view>

#include "commands.h"
#include "core/text.h"
#include "core/trace.h"

namespace puzzlelab::cli {

namespace {

struct TraceCommand {
  PuzzleArgs puzzle;
  std::string board;
  std::string algorithm;
  std::string metric;
  uint64_t limit = kDefaultTraceLimit;
  bool json = false;
  BudgetArgs budget;
};

std::string trace_number(int64_t value) {
  return value < 0 ? "-" : std::to_string(value);
}

// "bfs: 1,234 states taken (the whole search), solved in 60 moves".
void print_trace_summary(const SearchTrace& trace, std::string_view unit, std::ostream& out) {
  out << "# " << trace.algorithm << ": " << std::to_string(trace.steps.size()) << " states taken"
      << (trace.truncated
              ? " (the first; the search took " + std::to_string(trace.stats.expanded) + ")"
              : "");
  if (trace.status == SolveStatus::solved) {
    out << ", solved in " << text::amount(trace.cost, unit);
  } else {
    out << ", " << to_string(trace.status) << (trace.message.empty() ? "" : ": " + trace.message);
  }
  out << "\n";
}

void print_trace_rows(const SearchTrace& trace, std::ostream& out) {
  const bool clustered = !trace.cluster.empty();
  out << "step\tstate" << (clustered ? "\tcluster" : "")
      << "\tparent\tg\tf\tround\tfrontier\tvisited\tmove\n";
  for (size_t k = 0; k < trace.steps.size(); ++k) {
    const TraceStep& step = trace.steps[k];
    out << k << "\t" << step.state;
    if (clustered) out << "\t" << trace_number(trace.cluster[step.state]);
    out << "\t"
        << (step.parent == TraceStep::kNoParent ? std::string("-") : std::to_string(step.parent))
        << "\t" << step.g << "\t" << trace_number(step.f) << "\t" << step.iteration << "\t"
        << step.frontier << "\t" << step.visited << "\t" << step.move << "\n";
  }
  if (trace.ends_at_goal) {
    out << "solution steps:";
    for (uint32_t k : trace.solution_steps()) out << " " << k;
    out << "\n";
  }
}

int run_trace(const TraceCommand& command, Context& context) {
  Io& io = context.io;
  if (command.limit == 0 || command.limit > kMaxTraceLimit) {
    io.err << "puzzlelab: --limit must be 1 to " << std::to_string(kMaxTraceLimit)
           << " expansions, not " << command.limit << "\n";
    return kBadInput;
  }
  const std::unique_ptr<Game> game = read_game(command.puzzle, command.board, context);
  if (!game) return kBadInput;
  const PuzzleInfo& info = game->info();
  if (!info.hooks.trace) {
    io.err << "puzzlelab: " << info.id << " has no search traces\n";
    return kBadInput;
  }
  const InterruptScope interrupts;
  const JobBudget budget(command.budget);
  SolveOptions asked;
  asked.algorithm = command.algorithm;
  asked.metric = command.metric;
  const SolveOptions options = budget.bound(asked);
  const SearchTrace trace = trace_for_watching(*game, options, command.limit);
  if (trace.status == SolveStatus::invalid) {
    io.err << "puzzlelab: " << trace.message << "\n";
    return kBadInput;
  }
  if (command.json) {
    io.out << encode_trace(trace) << "\n";
  } else {
    print_trace_summary(trace, cost_unit(info, trace.metric), io.out);
    print_trace_rows(trace, io.out);
  }
  if (trace.status == SolveStatus::budget_exceeded || trace.status == SolveStatus::cancelled) {
    const auto why = budget.stop();
    io.err << "puzzlelab: gave up: " << (why ? budget.stop_message(*why) : trace.message)
           << " (the trace holds the states taken until then)\n";
  }
  return exit_code(trace.status);
}

}  // namespace

void add_trace_command(CLI::App& root, const std::vector<const PuzzleInfo*>& puzzles,
                       Action& chosen) {
  auto command = std::make_shared<TraceCommand>();
  CLI::App* app = root.add_subcommand(
      "trace", "A search's expansions in order: state, parent, move, g, f, round, frontier.");
  add_puzzle_argument(*app, command->puzzle, puzzles);
  add_board_argument(*app, command->board);
  app->add_option("--algorithm", command->algorithm,
                  "the search to trace (default: the puzzle's first; see `puzzlelab list`)")
      ->type_name("NAME");
  app->add_option("--metric", command->metric, "what a move costs (default: the puzzle's first)")
      ->type_name("NAME");
  add_count_option(*app, "--limit", command->limit,
                   "the most expansions recorded, 1 to " + std::to_string(kMaxTraceLimit) +
                       " (default " + std::to_string(kDefaultTraceLimit) +
                       "); the search goes on past it",
                   1);
  app->add_flag("--json", command->json,
                "one JSON object: boards, cluster ids and the steps as columns (camelCase keys)");
  add_budget_options(*app, command->budget);
  app->callback([command, &chosen] {
    chosen = [command](Context& context) { return run_trace(*command, context); };
  });
}

}  // namespace puzzlelab::cli
