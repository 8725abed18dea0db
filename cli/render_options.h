// What `puzzlelab render` is asked for, and the checks made before anything
// is drawn: the options themselves (--size, --fps, the output's kind) and
// the picture's size against the GIF format's limit and the memory budget.
// Free of the app (render_command.cpp draws), so that the fuzz target
// tests/fuzz/render_options_fuzz.cpp runs all of it without drawing.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "options.h"

namespace puzzlelab::cli {

// The default --size: the app's reference width (render_command.cpp holds
// the two equal; a constant of its own, as a std::string member keeps
// RenderOptions{} out of constant expressions under clang with libstdc++).
inline constexpr uint64_t kDefaultRenderSize = 600;

struct RenderOptions {
  PuzzleArgs puzzle;
  std::string board;
  std::string output;
  uint64_t size = kDefaultRenderSize;
  bool caption = false;
  std::string name;  // --name: the board's name in the caption
  bool solution = false;
  std::string trace;  // --trace ALGORITHM: the search's expansions as a GIF
  uint64_t fps = 4;
  SolveArgs solve;  // --algorithm, --metric, the budgets

  bool animated() const { return solution || !trace.empty(); }
};

inline constexpr uint64_t kMaxRenderSize = 4096;
inline constexpr uint64_t kMaxRenderFps = 50;   // GIF delays are 1/100 s; browsers slow faster ones
inline constexpr uint64_t kMaxGifSide = 65535;  // a GIF's sizes are 16-bit
inline constexpr uint64_t kMinRenderSize = 16;

// Declares render's arguments and options on `command`; `most_time_frames`
// is the longest time line an animation shows (for the help).
void add_render_options(CLI::App& command, RenderOptions& options,
                        const std::vector<const PuzzleInfo*>& puzzles, size_t most_time_frames);
// What is wrong with the options themselves (--size or --fps too big, an
// output not named *.png, or *.gif for --solution and --trace, both of
// those at once), or nullopt.
std::optional<std::string> check_render_options(const RenderOptions& options);

// The memory a picture of width x height pixels needs at its peak, an upper
// estimate: a PNG holds the image, the encoder's filtered copy of it and its
// output (12 bytes a pixel); a GIF's encoder holds the first and last frames
// for its palette, their colour planes, the frame being encoded and its
// colour indices (20 bytes a pixel), the file itself growing besides
// (checked as it grows: gif_fits).
uint64_t picture_bytes(bool gif, uint64_t width, uint64_t height);
// Why a picture of width x height cannot be made, or nullopt: a GIF side
// over 65,535 pixels (the format's limit: bad input)...
std::optional<std::string> check_picture_format(bool gif, uint64_t width, uint64_t height);
// ... or more memory than the budget, naming both (a budget: exit 3).
std::optional<std::string> check_picture_memory(bool gif, uint64_t width, uint64_t height,
                                                uint64_t memory_budget);
// Either.
std::optional<std::string> check_picture(bool gif, uint64_t width, uint64_t height,
                                         uint64_t memory_budget);
// Whether a GIF whose file has grown to `file_bytes` still fits the budget.
bool gif_fits(uint64_t width, uint64_t height, uint64_t file_bytes, uint64_t memory_budget);

}  // namespace puzzlelab::cli
