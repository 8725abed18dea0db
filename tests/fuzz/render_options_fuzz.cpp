// libFuzzer target over `puzzlelab render`'s options and the checks made
// before anything is drawn (cli/render_options.h): any words parse to
// options or to CLI11's error, never a crash; options that pass
// check_render_options give pictures that check_picture either refuses or
// fits in the memory budget (a GIF's sides within 65,535), for a board of
// any aspect, and nothing is drawn. The input: two bytes for the board's
// aspect, then the words, each ended by a newline or NUL. Run (after
// scripts/fuzz has built the debug preset):
//   build/debug/tests/fuzz/render_options_fuzz -max_total_time=60 CORPUS_DIR
//   tests/fuzz/render_options_seeds
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>
#include <string_view>
#include <vector>

#include "puzzles/puzzle_list.h"
#include "render_options.h"

using namespace puzzlelab;
using namespace puzzlelab::cli;

namespace {

[[noreturn]] void fail(const char* what, uint64_t width, uint64_t height) {
  std::fprintf(stderr, "render_options_fuzz: %s (%llux%llu)\n", what,
               static_cast<unsigned long long>(width), static_cast<unsigned long long>(height));
  __builtin_trap();
}

// The words after "render", last first as CLI11 takes them.
std::vector<std::string> words_of(std::string_view text) {
  std::vector<std::string> words;
  size_t start = 0;
  for (size_t i = 0; i <= text.size(); ++i) {
    if (i == text.size() || text[i] == '\n' || text[i] == '\0') {
      if (i > start) words.emplace_back(text.substr(start, i - start));
      start = i + 1;
    }
  }
  return {words.rbegin(), words.rend()};
}

// A picture's height for a board of this aspect, as BoardPainter makes it
// (the view's aspect, at least 0.05, and a margin), with the text strip.
uint64_t height_for(uint64_t width, double aspect) {
  const double scale = std::max(0.25, double(width) / 600);
  const double margin = 24 * scale;
  return uint64_t(std::lround((double(width) - margin) / aspect + margin + 32 * scale));
}

void check_sizes(uint64_t width, uint64_t height, uint64_t budget) {
  for (const bool gif : {false, true}) {
    if (check_picture(gif, width, height, budget)) continue;  // refused, with a reason
    if (picture_bytes(gif, width, height) > budget)
      fail("a picture over the budget passed", width, height);
    if (gif && (width > kMaxGifSide || height > kMaxGifSide))
      fail("a GIF side over 65,535 passed", width, height);
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size < 2) return 0;
  // 0.05 (the narrowest a view says) to about 65: any board's shape.
  const double aspect = 0.05 + double(data[0] | (data[1] << 8)) / 1000.0;
  std::vector<std::string> words =
      words_of(std::string_view(reinterpret_cast<const char*>(data) + 2, size - 2));
  CLI::App app("render");
  RenderOptions options;
  add_render_options(app, options, all_puzzles(), 64);
  try {
    app.parse(words);
  } catch (const CLI::ParseError&) {
    return 0;  // CLI11's message: the command line's error
  }
  if (check_render_options(options)) return 0;
  if (options.size > kMaxRenderSize || options.size < kMinRenderSize || options.fps > kMaxRenderFps)
    fail("check_render_options passed a size or fps out of range", options.size, options.fps);
  const uint64_t budget = options.solve.memory_in_force();
  check_sizes(options.size, height_for(options.size, aspect), budget);
  // The far corners: a GIF side just over the format's, and sizes whose
  // byte count overflows 64 bits.
  check_sizes(options.size, kMaxGifSide + 1, budget);
  check_sizes(UINT64_MAX / 3, UINT64_MAX / 5, budget);
  const JobBudget job(options.solve, nullptr);
  const SolveOptions bound = job.bound(SolveOptions{});
  if (bound.memory_budget_bytes != options.solve.memory_bytes() ||
      bound.node_budget != options.solve.nodes)
    fail("the budgets did not reach the search's options", options.solve.memory_mb,
         options.solve.nodes);
  return 0;
}
