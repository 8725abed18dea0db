#include "cli.h"

#include <algorithm>
#include <ostream>

#include "commands.h"
#include "core/memory.h"
#include "puzzles/puzzle_list.h"

namespace puzzlelab::cli {

namespace {

constexpr const char* kSeeHelp = "Run 'puzzlelab COMMAND --help' for a command's options.";
constexpr const char* kFooter =
    "Exit codes: 0 ok, 1 bad input, 2 no solution (or a failed check), 3 gave up (budget or "
    "cancel), 4 the algorithms disagree (compare).";

int list_puzzles(Context& context) {
  std::ostream& out = context.io.out;
  for (const PuzzleInfo* info : context.puzzles) {
    out << info->id << "\t" << info->title << "\t" << info->summary << "\n";
    out << "\talgorithms:";
    for (const Choice& a : info->algorithms) out << " " << a.name;
    if (!info->metrics.empty()) {
      out << "\n\tmetrics:";
      for (const Choice& m : info->metrics) out << " " << m.name;
    }
    out << "\n";
  }
  return kOk;
}

// CLI11's message for a parse error, said the way the rest of the tool says things.
std::string describe(const CLI::ParseError& error, const CLI::App& root) {
  const std::string what = error.what();
  if (dynamic_cast<const CLI::ExtrasError*>(&error)) {
    std::vector<std::string> extras = root.remaining(true);
    for (const CLI::App* command : root.get_subcommands()) {
      const auto more = command->remaining(true);
      extras.insert(extras.end(), more.begin(), more.end());
    }
    const auto option = std::find_if(extras.begin(), extras.end(), [](const std::string& word) {
      return word.size() > 1 && word[0] == '-';
    });
    if (option != extras.end()) return "unknown option " + option->substr(0, option->find('='));
    if (!extras.empty() && root.get_subcommands().empty()) {
      return "unknown command '" + extras.front() + "'";
    }
    if (!extras.empty()) return "unexpected argument '" + extras.front() + "'";
  }
  if (dynamic_cast<const CLI::ArgumentMismatch*>(&error)) {
    return "option " + what.substr(0, what.find(':')) + " needs a value";
  }
  return what;
}

}  // namespace

int run_cli(const std::vector<std::string>& args, Io& io) {
  return run_cli(args, io, all_puzzles());
}

int run_cli(const std::vector<std::string>& args, Io& io,
            const std::vector<const PuzzleInfo*>& puzzles) {
  CLI::App root("Puzzle Lab: solve, check, rate and generate puzzles.", "puzzlelab");
  root.footer(std::string(kSeeHelp) + "\n" + kFooter);
  root.require_subcommand(0, 1);
  Action chosen;
  for (const CommandAdder add :
       {add_solve_command, add_compare_command, add_check_command, add_bench_command,
        add_hint_command, add_rate_command, add_generate_command, add_enumerate_command,
        add_cluster_command, add_trace_command}) {
    add(root, puzzles, chosen);
  }
#if PUZZLELAB_RENDER
  add_render_command(root, puzzles, chosen);
#endif
  root.add_subcommand("list", "The puzzles with their algorithms and metrics.")->callback([&] {
    chosen = list_puzzles;
  });

  // `help [COMMAND]` is `[COMMAND] --help`.
  std::vector<std::string> words = args;
  if (!words.empty() && words[0] == "help") {
    words.erase(words.begin());
    words.push_back("--help");
  }
  std::reverse(words.begin(), words.end());  // CLI11 takes them last first
  try {
    root.parse(words);
  } catch (const CLI::CallForHelp&) {
    io.out << root.help();
    return kOk;
  } catch (const CLI::ParseError& error) {
    io.err << "puzzlelab: " << describe(error, root) << "\n" << kSeeHelp << "\n";
    return kBadInput;
  }
  if (!chosen) {
    io.err << root.help();
    return kBadInput;
  }
  Context context{io, puzzles};
  try {
    return chosen(context);
  } catch (const std::bad_alloc&) {
    // What the searches answer when the machine gives less than their budget
    // (core/memory.h), for whatever else ran out: a budget answer, not an abort.
    io.err << "puzzlelab: gave up: " << out_of_memory_message(0) << "\n";
    return kGaveUp;
  }
}

}  // namespace puzzlelab::cli
