// `puzzlelab render` under one budget (cli/render_options.h, job_budget.h):
// the picture's size is checked against the memory budget and a GIF's
// 16-bit sides before anything is drawn, the time budget stops it between
// its pieces of work, and a view still computing (Tree of Life's progress
// note) is never saved as the picture. The hostile boards are made here.
#include <catch2/catch.hpp>

#include <filesystem>
#include <random>
#include <string>

#include "cli.h"
#include "render_options.h"
#include "support/allocation_meter.h"
#include "support/cli_run.h"
#include "support/temp_dir.h"
#include "support/treeoflife_inputs.h"

#if PUZZLELAB_RENDER

using namespace puzzlelab::cli;
using puzzlelab::testing::AllocationMeter;
using puzzlelab::testing::TempDir;

namespace {

using puzzlelab::testing::cli_run;
using puzzlelab::testing::CliRun;

// A walled map `width` x `height`, Bender at the top left and Fry at the
// bottom right of the floor: a few hundred bytes that draw very tall.
std::string tall_bender_map(int width, int height) {
  std::string map = std::to_string(width) + " " + std::to_string(height) + "\n";
  for (int row = 0; row < height; ++row) {
    const bool edge = row == 0 || row == height - 1;
    for (int col = 0; col < width; ++col) map += edge || col == 0 || col == width - 1 ? '#' : '.';
    map += '\n';
  }
  return map + "1 1\n" + std::to_string(width - 2) + " " + std::to_string(height - 2) + "\n0\n";
}

}  // namespace

TEST_CASE("render budget: a picture over the memory budget is refused before drawing",
          "[cli][render][budget]") {
  TempDir dir;
  const std::string map = dir.file("tall.txt", tall_bender_map(4, 64));
  const std::string png = dir.path("t.png");
  // 4096 px wide: 4096x63078, 2.1 GB and 23 s; now refused at once.
  AllocationMeter meter;
  CliRun r = cli_run({"render", "bender", map, "-o", png, "--size", "4096"});
  CHECK(r.code == kGaveUp);
  CHECK_THAT(r.err, Catch::Contains("over the memory budget of 1024 MiB"));
  CHECK_THAT(r.err, Catch::Contains("4096x"));
  CHECK(meter.peak() < size_t{64} << 20);  // nothing the size of the picture
  CHECK_FALSE(std::filesystem::exists(png));
  // --memory-mb was ignored: a picture that fits the default but not 100 MiB.
  r = cli_run({"render", "bender", map, "-o", png, "--size", "1024", "--memory-mb", "100"});
  CHECK(r.code == kGaveUp);
  CHECK_THAT(r.err, Catch::Contains("over the memory budget of 100 MiB"));
  CHECK_FALSE(std::filesystem::exists(png));
  // A small one is drawn.
  r = cli_run({"render", "bender", map, "-o", png, "--size", "64"});
  CHECK(r.code == kOk);
  CHECK(std::filesystem::exists(png));
}

TEST_CASE("render budget: a GIF over 65,535 pixels a side is refused", "[cli][render][budget]") {
  TempDir dir;
  const std::string map = dir.file("narrow.txt", tall_bender_map(3, 64));
  const std::string gif = dir.path("b.gif");
  // It reported "3500x67527 GIF" after 3.7 GB; the file said 3500x1991.
  AllocationMeter meter;
  const CliRun r = cli_run({"render", "bender", map, "--size", "3500", "--solution", "-o", gif});
  CHECK(r.code == kBadInput);
  CHECK_THAT(r.err, Catch::Contains("too big for a GIF (at most 65535 pixels a side)"));
  CHECK(meter.peak() < size_t{64} << 20);
  CHECK_FALSE(std::filesystem::exists(gif));
}

TEST_CASE("render budget: the time budget stops an animation between frames",
          "[cli][render][budget]") {
  TempDir dir;
  const std::string gif = dir.path("solution.gif");
  // The bundled 60-mover: 61 frames, most of a second to draw.
  const CliRun r = cli_run({"render", "rushhour", "IBBxooIooLDDJAALooJoKEEMFFKooMGGHHHM",
                            "--solution", "-o", gif, "--time-ms", "150"});
  CHECK(r.code == kGaveUp);
  CHECK_THAT(r.err, Catch::Contains("time budget of 150 ms ran out"));
  CHECK_FALSE(std::filesystem::exists(gif));
}

TEST_CASE("render budget: Tree of Life computes the generation shown, or gives up",
          "[cli][render][budget][treeoflife]") {
  TempDir dir;
  std::mt19937 rng(45);
  const std::string tree = puzzlelab::testing::random_tree(20001, rng);
  // A big tree at generation 100000: it saved "computing generation 240 of
  // 100000" with a Cancel button as the picture, exit 0.
  const std::string far = dir.file("far.txt", "6030\n" + tree + "\nt 100000\n");
  const std::string png = dir.path("tree.png");
  CliRun r = cli_run({"render", "treeoflife", far, "-o", png, "--time-ms", "200"});
  CHECK(r.code == kGaveUp);
  CHECK_THAT(r.err, Catch::Contains("time budget"));
  CHECK_FALSE(std::filesystem::exists(png));
  // Near enough to compute within the budget: the picture is the cells.
  const std::string near = dir.file("near.txt", "6030\n" + tree + "\nt 300\n");
  r = cli_run({"render", "treeoflife", near, "-o", png, "--time-ms", "60000"});
  CHECK(r.code == kOk);
  CHECK(std::filesystem::exists(png));
}

TEST_CASE("render budget: the size checks in numbers", "[cli][render][budget]") {
  CHECK(picture_bytes(false, 4096, 63078) > uint64_t{2} << 30);
  CHECK(picture_bytes(true, UINT64_MAX, 2) == UINT64_MAX);  // saturates
  CHECK_FALSE(check_picture(true, 600, 65535, uint64_t{1} << 40));
  CHECK(check_picture(true, 600, 65536, uint64_t{1} << 40));
  CHECK(check_picture(true, 65536, 10, uint64_t{1} << 40));
  CHECK_FALSE(check_picture(false, 600, 600, uint64_t{1} << 30));
  CHECK(gif_fits(600, 600, 1000, uint64_t{1} << 30));
  CHECK_FALSE(gif_fits(600, 600, uint64_t{1} << 30, uint64_t{1} << 30));
}

#endif  // PUZZLELAB_RENDER
