#include "render_options.h"

#include <cctype>
#include <filesystem>

namespace puzzlelab::cli {

namespace {

constexpr uint64_t kPngBytesPerPixel = 12;
constexpr uint64_t kGifBytesPerPixel = 20;

std::string extension_of(const std::string& path) {
  std::string extension = std::filesystem::path(path).extension().string();
  for (char& c : extension) c = char(std::tolower(static_cast<unsigned char>(c)));
  return extension;
}

std::string size_text(uint64_t width, uint64_t height) {
  return std::to_string(width) + "x" + std::to_string(height);
}

// a * b * c, saturating at UINT64_MAX (no wrap-around on a huge side).
uint64_t saturating_product(uint64_t a, uint64_t b, uint64_t c) {
  uint64_t product = 0;
  if (__builtin_mul_overflow(a, b, &product) || __builtin_mul_overflow(product, c, &product))
    return UINT64_MAX;
  return product;
}

}  // namespace

void add_render_options(CLI::App& command, RenderOptions& options,
                        const std::vector<const PuzzleInfo*>& puzzles, size_t most_time_frames) {
  add_puzzle_argument(command, options.puzzle, puzzles);
  add_board_argument(command, options.board);
  command
      .add_option("-o,--output", options.output,
                  "the picture to write: *.png, or *.gif with --solution or --trace")
      ->required()
      ->type_name("FILE");
  add_count_option(command, "--size", options.size,
                   "the picture's width in pixels (600 looks like the app on a 96 dpi screen; the "
                   "height follows the board)",
                   kMinRenderSize);
  command.add_flag("--caption", options.caption,
                   "a line under the board: the puzzle, the board's name and its optimum (solving "
                   "first when the board is not a bundled one)");
  command.add_option("--name", options.name, "the board's name in the caption")->type_name("TEXT");
  command.add_flag("--solution", options.solution,
                   "solve, then write the solution as an animated GIF: the start and one frame "
                   "after each move, with a move counter; for a puzzle whose answer is not moves "
                   "(Tree of Life), the board's course over time, at most " +
                       std::to_string(most_time_frames) + " frames");
  command
      .add_option("--trace", options.trace,
                  "write the search ALGORITHM's expansions as an animated GIF: the states in the "
                  "order it takes them (at most 100 frames spread over the trace), each with its "
                  "g, f and frontier, then the solution it found")
      ->type_name("ALGORITHM");
  add_count_option(command, "--fps", options.fps,
                   "frames a second in the animation (moves, or states taken; default 4)", 1);
  add_solve_options(command, options.solve);
}

std::optional<std::string> check_render_options(const RenderOptions& options) {
  if (options.size > kMaxRenderSize) return "--size is at most " + std::to_string(kMaxRenderSize);
  if (options.fps > kMaxRenderFps) return "--fps is at most " + std::to_string(kMaxRenderFps);
  if (options.solution && !options.trace.empty())
    return "--solution and --trace make different animations: choose one";
  const std::string wanted = options.animated() ? ".gif" : ".png";
  if (extension_of(options.output) != wanted) {
    return std::string(options.solution     ? "--solution makes a GIF"
                       : options.animated() ? "--trace makes a GIF"
                                            : "a still is a PNG") +
           ": name the output *" + wanted + " (got " + text::excerpt(options.output, 200) + ")";
  }
  return std::nullopt;
}

uint64_t picture_bytes(bool gif, uint64_t width, uint64_t height) {
  return saturating_product(width, height, gif ? kGifBytesPerPixel : kPngBytesPerPixel);
}

std::optional<std::string> check_picture_format(bool gif, uint64_t width, uint64_t height) {
  if (gif && (width > kMaxGifSide || height > kMaxGifSide)) {
    return "a " + size_text(width, height) + " picture is too big for a GIF (at most " +
           std::to_string(kMaxGifSide) + " pixels a side): try a smaller --size";
  }
  return std::nullopt;
}

std::optional<std::string> check_picture_memory(bool gif, uint64_t width, uint64_t height,
                                                uint64_t memory_budget) {
  const std::string size = size_text(width, height);
  const uint64_t needed = picture_bytes(gif, width, height);
  if (needed > memory_budget) {
    return "a " + size + (gif ? " GIF" : " PNG") + " needs about " + mib_text(needed) +
           ", over the memory budget of " + mib_text(memory_budget) +
           ": try a smaller --size or a bigger --memory-mb";
  }
  return std::nullopt;
}

std::optional<std::string> check_picture(bool gif, uint64_t width, uint64_t height,
                                         uint64_t memory_budget) {
  if (auto wrong = check_picture_format(gif, width, height)) return wrong;
  return check_picture_memory(gif, width, height, memory_budget);
}

bool gif_fits(uint64_t width, uint64_t height, uint64_t file_bytes, uint64_t memory_budget) {
  const uint64_t frames = picture_bytes(true, width, height);
  return frames <= memory_budget && file_bytes <= memory_budget - frames;
}

}  // namespace puzzlelab::cli
