// The native app's command line: what it accepts, and the mistakes it
// names instead of reading them as 0 (the hand parser's atoi did).
#include <catch2/catch.hpp>

#include "native/native_options.h"

using namespace puzzlelab::shell;

namespace {

NativeArgs parse_args(std::vector<std::string> args) {
  return parse_native_args(args, {"assets", "fonts"});
}

}  // namespace

TEST_CASE("native app: the options land where the app reads them", "[shell][native]") {
  const NativeArgs args =
      parse_args({"--puzzle",     "sudoku",       "--difficulty", "expert",   "--seed", "42",
                  "--solve",      "--width",      "320",          "--height", "400",    "--scale",
                  "1.5",          "--screenshot", "out.png",      "--frames", "30",     "--state",
                  "--quit-after", "2.5",          "--fonts",      "elsewhere"});
  REQUIRE(args.message.empty());
  const NativeOptions& o = args.options;
  CHECK(o.launch.puzzle == "sudoku");
  CHECK(o.launch.difficulty == "expert");
  CHECK(o.launch.seed == 42u);
  CHECK_FALSE(o.launch.board.has_value());
  CHECK(o.launch.solve);
  CHECK(o.width == 320);
  CHECK(o.height == 400);
  CHECK(o.scale == 1.5f);
  CHECK(o.screenshot == "out.png");
  CHECK(o.frames == 30);
  CHECK(o.print_state);
  CHECK(o.idle_seconds == 2.5);
  CHECK(o.paths.assets_dir == "assets");
  CHECK(o.paths.font_dir == "elsewhere");

  const NativeOptions plain = parse_args({}).options;
  CHECK(plain.width == 1280);
  CHECK(plain.height == 800);
  CHECK(plain.frames == 10);
  CHECK_FALSE(plain.launch.seed.has_value());
}

TEST_CASE("native app: a link opens first, options beside it win", "[shell][native]") {
  const NativeArgs args = parse_args(
      {"--algorithm", "bfs", "--link", "#puzzle=rushhour&board=AAo&solve=1&metric=steps"});
  REQUIRE(args.message.empty());
  CHECK(args.options.launch.puzzle == "rushhour");
  CHECK(args.options.launch.board == "AAo");
  CHECK(args.options.launch.solve);
  CHECK(args.options.launch.metric == "steps");
  CHECK(args.options.launch.algorithm == "bfs");
}

TEST_CASE("native app: mistakes are named, --help is not one", "[shell][native]") {
  for (const auto& [args, named] : std::vector<std::pair<std::vector<std::string>, std::string>>{
           {{"--width", "wide"}, "--width"},
           {{"--width", "0"}, "--width"},
           {{"--frames", "-3"}, "--frames"},
           {{"--seed", "12x"}, "--seed"},
           {{"--colour", "red"}, "--colour"},
           {{"--board"}, "--board"},
       }) {
    const NativeArgs result = parse_args(args);
    INFO(result.message);
    CHECK(result.exit_code == 2);
    CHECK_THAT(result.message, Catch::Contains(named));
  }
  const NativeArgs help = parse_args({"--help"});
  CHECK(help.exit_code == 0);
  CHECK_THAT(help.message, Catch::Contains("--screenshot"));
}
