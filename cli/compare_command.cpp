// puzzlelab compare PUZZLE BOARD [--json] [--nodes N] [--memory-mb MB] [--time-ms MS]:
// every algorithm x metric on one board under the same budgets, as a table
// (core/compare.h runs them; this file prints them and judges the exit code).
// A row that runs out of a budget or of memory is marked and the others run;
// Ctrl-C or SIGTERM stops the row running and prints the rows run so far.
#include <algorithm>
#include <cstdio>
#include <ostream>

#include "commands.h"
#include "core/compare.h"
#include "core/json_writer.h"
#include "job_budget.h"

namespace puzzlelab::cli {

namespace {

struct CompareCommand {
  PuzzleArgs puzzle;
  std::string board;
  SolveArgs solve;  // only the budgets, --seed and --json are offered
};

std::string format_peak(const CompareRow& row) {
  if (!row.peak_measured) return "-";
  char text[32];
  std::snprintf(text, sizeof text, "%.1f MiB", static_cast<double>(row.peak_bytes) / (1 << 20));
  return text;
}

std::string format_ms(double ms) {
  char text[32];
  std::snprintf(text, sizeof text, ms < 10 ? "%.2f ms" : "%.0f ms", ms);
  return text;
}

// The last column: what marks the row, or why it has no answer.
std::string note(const CompareRow& row, const std::string& mark) {
  if (row.status == CompareStatus::budget) return "gave up: " + row.why;
  if (row.status != CompareStatus::solved) {
    return std::string(to_string(row.status)) + ": " + row.why;
  }
  return mark;
}

using Table = std::vector<std::vector<std::string>>;

Table table_of(const std::vector<CompareRow>& rows) {
  const std::vector<std::string> marks = marks_per_metric(rows);  // the winners of each metric
  Table table = {
      {"algorithm", "metric", "cost", "optimal", "expanded", "stored", "peak memory", "time", ""}};
  for (size_t i = 0; i < rows.size(); ++i) {
    const CompareRow& row = rows[i];
    const bool solved = row.status == CompareStatus::solved;
    table.push_back({row.label, row.metric.empty() ? row.unit : row.metric,
                     solved ? std::to_string(row.cost) : "-",
                     solved ? (row.optimal ? "yes" : "no") : "-",
                     std::to_string(row.stats.expanded), std::to_string(row.stats.peak_stored),
                     format_peak(row), format_ms(row.ms), note(row, marks[i])});
  }
  return table;
}

// Columns padded to their widest cell; numbers to the right.
void print_table(const Table& table, std::ostream& out) {
  std::vector<size_t> widths(table[0].size(), 0);
  for (const auto& line : table) {
    for (size_t c = 0; c < line.size(); ++c) widths[c] = std::max(widths[c], line[c].size());
  }
  for (const auto& line : table) {
    std::string text;
    for (size_t c = 0; c < line.size(); ++c) {
      const std::string pad(widths[c] - line[c].size(), ' ');
      const bool number = c >= 2 && c <= 7 && c != 3;
      text +=
          (c ? "  " : "") + (number ? pad + line[c] : line[c] + (c + 1 < line.size() ? pad : ""));
    }
    text.erase(text.find_last_not_of(' ') + 1);
    out << text << "\n";
  }
}

Json rows_json(const std::vector<CompareRow>& rows) {
  Json array = Json::array();
  for (const CompareRow& row : rows) {
    Json item = compare_row_json(row);
    if (row.status != CompareStatus::solved) item["why"] = row.why;
    add_layers_json(item, row.stats);
    array.push_back(std::move(item));
  }
  return array;
}

// On a terminal: which row runs, with its counters, rewritten in place.
void show_progress(size_t row, size_t rows, const SolveProgress& progress, Io& io) {
  char line[160];
  std::snprintf(line, sizeof line, "\rrow %zu of %zu: %12llu states expanded, %.1f s ", row, rows,
                static_cast<unsigned long long>(progress.stats.expanded),
                progress.stats.elapsed_ms / 1000);
  io.err << line << std::flush;
}

int run_compare(const CompareCommand& command, Context& context) {
  Io& io = context.io;
  const std::unique_ptr<Game> game = read_game(command.puzzle, command.board, context);
  if (!game) return kBadInput;
  SolveOptions options = command.solve.options();
  const PuzzleInfo& info = game->info();
  const size_t total = info.algorithms.size() * std::max<size_t>(1, info.metrics.size());
  size_t finished = 0;
  if (io.err_is_terminal) {
    options.progress = [&](const SolveProgress& p) { show_progress(finished + 1, total, p, io); };
  }
  const InterruptScope interrupt;
  options.cancel = &InterruptScope::flag();
  const auto rows = compare_algorithms(*game, options, [&](const CompareRow&) { ++finished; });
  if (io.err_is_terminal) io.err << "\r" << std::string(80, ' ') << "\r" << std::flush;
  if (command.solve.json) {
    io.out << dump_json(rows_json(rows)) << "\n";
  } else {
    print_table(table_of(rows), io.out);
  }
  if (const auto contradiction = find_contradiction(rows)) {
    io.err << "puzzlelab: the algorithms disagree: " << contradiction->message << "\n";
    return kDisagree;
  }
  if (InterruptScope::flag().load()) {
    io.err << "puzzlelab: gave up: interrupted (" << InterruptScope::signal_name()
           << "); the table is incomplete (" << rows.size() << " of " << total << " rows run)\n";
    return kGaveUp;
  }
  return kOk;
}

}  // namespace

void add_compare_command(CLI::App& root, const std::vector<const PuzzleInfo*>& puzzles,
                         Action& chosen) {
  auto command = std::make_shared<CompareCommand>();
  CLI::App* app = root.add_subcommand(
      "compare",
      "Solve a board with every algorithm under every metric, one after another under the same "
      "budgets: a table of costs, states, memory and time");
  add_puzzle_argument(*app, command->puzzle, puzzles);
  add_board_argument(*app, command->board);
  SolveArgs& args = command->solve;
  add_count_option(*app, "--nodes", args.nodes, "node budget of each row (0: default)");
  add_count_option(*app, "--memory-mb", args.memory_mb,
                   "memory budget of each row in MiB (0: default)");
  add_count_option(*app, "--time-ms", args.time_ms, "time budget of each row in ms (0: none)");
  add_count_option(*app, "--seed", args.seed, "seed for randomised searches");
  app->add_flag("--json", args.json, "an array of one JSON object a row");
  app->callback([command, &chosen] {
    chosen = [command](Context& context) { return run_compare(*command, context); };
  });
}

}  // namespace puzzlelab::cli
