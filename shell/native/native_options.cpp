#include "native/native_options.h"

#include <CLI/CLI.hpp>

namespace puzzlelab::shell {

namespace {

// Every option of the command, bound to where its value goes; --link,
// --board and --seed are read as text and applied after the parse.
void add_options(CLI::App& cli, NativeOptions& o, std::string& link, std::string& board,
                 std::string& seed) {
  const CLI::TypeValidator<int> whole_number;  // before a range: "wide" is not a number
  cli.add_option("--link", link, "open what a page link says (#puzzle=...&board=...)");
  cli.add_option("--puzzle", o.launch.puzzle, "the puzzle's id");
  cli.add_option("--board", board, "the board text");
  cli.add_option("--difficulty", o.launch.difficulty, "generate a new puzzle");
  cli.add_option("--seed", seed, "makes --difficulty repeatable")->type_name("N");
  cli.add_option("--algorithm", o.launch.algorithm, "search algorithm");
  cli.add_option("--metric", o.launch.metric, "what to minimise");
  cli.add_flag("--solve", o.launch.solve, "start solving at once");
  cli.add_flag("--embed", o.launch.embed, "the compact player of an embedded board");
  cli.add_flag("--keys", o.keys, "open the list of keyboard shortcuts");
  cli.add_flag("--cluster", o.cluster, "open the Cluster view (puzzles that have one)");
  cli.add_option("--width", o.width, "window width")
      ->check(whole_number)
      ->check(CLI::Range(200, 8192));
  cli.add_option("--height", o.height, "window height")
      ->check(whole_number)
      ->check(CLI::Range(200, 8192));
  cli.add_option("--scale", o.scale, "UI scale (default: the monitor's)")
      ->check(CLI::Number)
      ->check(CLI::Range(0.5, 8.0));
  cli.add_option("--screenshot", o.screenshot,
                 "write the window to a PNG after N frames (with --solve, N frames after the "
                 "solve ends) and quit");
  cli.add_option("--frames", o.frames, "frames before the screenshot")
      ->check(whole_number)
      ->check(CLI::Range(1, 100000));
  cli.add_flag("--state", o.print_state,
               "print the app state (as the page's window.puzzleLab) as JSON on exit, with the "
               "frames drawn (none while nothing changes)");
  cli.add_option("--quit-after", o.idle_seconds, "close after S seconds")
      ->check(CLI::Number)
      ->check(CLI::Range(0.0, 1e6))
      ->type_name("S");
  cli.add_option("--site", o.site,
                 "the address where Puzzle Lab's page is served (https://.../): the Embed "
                 "popup's code points there")
      ->check(
          [](const std::string& url) {
            return url.rfind("https://", 0) == 0 || url.rfind("http://", 0) == 0
                       ? std::string()
                       : "expected an address starting with https:// or http://, got '" + url + "'";
          },
          "")
      ->type_name("URL");
  cli.add_option("--assets", o.paths.assets_dir, "folder holding puzzles/<id>.txt");
  cli.add_option("--fonts", o.paths.font_dir, "folder holding the DejaVu fonts");
}

}  // namespace

NativeArgs parse_native_args(const std::vector<std::string>& args, AppConfig paths) {
  NativeArgs result;
  NativeOptions& o = result.options;
  o.paths = std::move(paths);
  CLI::App cli("Puzzle Lab natively: the same app as in the browser", "puzzlelab-app");
  std::string link, board, seed;
  add_options(cli, o, link, board, seed);
  std::vector<std::string> reversed(args.rbegin(), args.rend());  // CLI11 takes them so
  try {
    cli.parse(reversed);
  } catch (const CLI::ParseError& error) {
    result.exit_code = error.get_exit_code() == 0 ? 0 : 2;
    result.message =
        error.get_exit_code() == 0
            ? cli.help()
            : std::string(error.what()) + "\n(puzzlelab-app --help lists the options)\n";
    return result;
  }
  if (cli.count("--board")) o.launch.board = board;
  if (!link.empty()) {
    // A link gives the whole launch; options named beside it win over it.
    LaunchOptions named = o.launch;
    o.launch = parse_hash(link);
    if (!named.puzzle.empty()) o.launch.puzzle = named.puzzle;
    if (named.board) o.launch.board = named.board;
    if (!named.difficulty.empty()) o.launch.difficulty = named.difficulty;
    if (!named.algorithm.empty()) o.launch.algorithm = named.algorithm;
    if (!named.metric.empty()) o.launch.metric = named.metric;
    o.launch.solve = o.launch.solve || named.solve;
    o.launch.embed = o.launch.embed || named.embed;
  }
  if (!seed.empty()) {
    o.launch.seed = parse_seed(seed);
    if (!o.launch.seed) {
      result.exit_code = 2;
      result.message = "--seed: expected a whole number, got '" + seed + "'\n";
    }
  }
  return result;
}

}  // namespace puzzlelab::shell
