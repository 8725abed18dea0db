// puzzlelab cluster: the space around a position (PuzzleHooks::space), as
// the app's Cluster view draws it: how many positions, how far each is from
// solved, and the board's own distance.
#include <algorithm>
#include <map>
#include <ostream>
#include <string_view>

#include "commands.h"
#include "core/json_writer.h"
#include "core/space.h"
#include "core/text.h"

namespace puzzlelab::cli {

namespace {

struct ClusterCommand {
  PuzzleArgs puzzle;
  std::string board;
  uint64_t max = 0;
  uint64_t nodes = 0;
  uint64_t memory_mb = 0;
  uint64_t time_ms = 0;
  bool json = false;
};

void print_summary(const Space& space, std::string_view unit, std::ostream& out) {
  const auto solved = std::count(space.distance.begin(), space.distance.end(), 0);
  out << text::amount(int64_t(space.size()), "positions") << ", "
      << text::amount(int64_t(space.edges.size() / 2), "moves") << ", " << solved << " solved"
      << (space.truncated ? " (" + space.message + ")" : "") << "\n";
  if (space.distance[0] >= 0) {
    out << "the board is " << text::amount(space.distance[0], "moves") << " from solved"
        << (space.cost.empty() ? "" : " (least " + text::amount(space.cost[0], unit) + ")")
        << (space.truncated ? " within these positions" : "") << "\n";
  } else {
    out << "no solved position is reachable" << (space.truncated ? " within these" : "") << "\n";
  }
  std::map<int, size_t> per_distance;
  for (int d : space.distance) ++per_distance[d];
  // In the whole space, a position with no way to solved is a dead end.
  if (!space.truncated && per_distance.contains(-1))
    out << per_distance[-1] << " dead ends (no solved position is reachable from them)\n";
  out << "distance\tpositions\n";
  for (const auto& [distance, count] : per_distance) {
    out << (distance >= 0     ? std::to_string(distance)
            : space.truncated ? "unknown"
                              : "none")
        << "\t" << count << "\n";
  }
  out << "time\t" << round_millis(space.elapsed_ms) << " ms\n";
}

int run_cluster(const ClusterCommand& command, Context& context) {
  Io& io = context.io;
  const std::unique_ptr<Game> game = read_game(command.puzzle, command.board, context);
  if (!game) return kBadInput;
  const PuzzleInfo& info = game->info();
  if (!info.hooks.space) {
    io.err << "puzzlelab: " << info.id << " has no cluster picture\n";
    return kBadInput;
  }
  SolveOptions options;
  options.node_budget = command.nodes;
  options.memory_budget_bytes =
      command.memory_mb > (UINT64_MAX >> 20) ? UINT64_MAX : command.memory_mb << 20;
  options.time_budget_ms = static_cast<double>(command.time_ms);
  const Space space = info.hooks.space(*game, options, command.max);
  if (space.status != SolveStatus::solved) {
    const int code = exit_code(space.status);
    io.err << "puzzlelab: " << (code == kGaveUp ? "gave up: " : "") << space.message << "\n";
    return code;
  }
  if (command.json) {
    io.out << encode_space(space) << "\n";
  } else {
    print_summary(space, cost_unit(info, ""), io.out);
  }
  return kOk;
}

}  // namespace

void add_cluster_command(CLI::App& root, const std::vector<const PuzzleInfo*>& puzzles,
                         Action& chosen) {
  auto command = std::make_shared<ClusterCommand>();
  CLI::App* app = root.add_subcommand(
      "cluster", "Every position reachable from a board, with its distance to solved.");
  add_puzzle_argument(*app, command->puzzle, puzzles);
  add_board_argument(*app, command->board);
  add_count_option(
      *app, "--max", command->max,
      "the most positions, nearest the board first (0: " + std::to_string(kDefaultSpaceCap) + ")");
  add_count_option(*app, "--nodes", command->nodes, "node budget (0: the default)");
  add_count_option(*app, "--memory-mb", command->memory_mb, "memory budget in MiB (0: default)");
  add_count_option(*app, "--time-ms", command->time_ms, "time budget in ms (0: none)");
  app->add_flag("--json", command->json,
                "one JSON object: boards, depth, distance, x, y (1/10000) and edges as columns");
  app->callback([command, &chosen] {
    chosen = [command](Context& context) { return run_cluster(*command, context); };
  });
}

}  // namespace puzzlelab::cli
