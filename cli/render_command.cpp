// puzzlelab render PUZZLE BOARD -o board.png [--size PX] [--caption]
// puzzlelab render PUZZLE BOARD --solution -o solution.gif [--fps N] [budgets]
//
// Pictures for posts, drawn by the app's own views without a display (see
// shell/render/board_picture.h): a PNG of the board, or a GIF of its
// solution, one frame for the start and one after each move; for a puzzle
// whose answer is not moves, the board's course over time as the app's
// Save animation shows it (PuzzleHooks::time_line: Tree of Life's
// generations).
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <ostream>

#include "commands.h"
#include "core/text.h"
#include "midend/puzzle_library.h"
#include "render/animation.h"
#include "render/board_picture.h"
#include "render/gif_writer.h"
#include "render/png_writer.h"

namespace puzzlelab::cli {

namespace {

using shell::BoardPainter;

struct RenderCommand {
  PuzzleArgs puzzle;
  std::string board;
  std::string output;
  uint64_t size = BoardPainter::kReferenceWidth;
  bool caption = false;
  std::string name;  // --name: the board's name in the caption
  bool solution = false;
  uint64_t fps = 4;
  SolveArgs solve;
};

constexpr uint64_t kMaxSize = 4096;
constexpr uint64_t kMaxFps = 50;  // GIF delays are 1/100 s; browsers slow faster ones down
constexpr size_t kMaxFrames = 5000;

std::string extension_of(const std::string& path) {
  std::string extension = std::filesystem::path(path).extension().string();
  for (char& c : extension) c = char(std::tolower(static_cast<unsigned char>(c)));
  return extension;
}

// The board's name: --name, else its title when it is one of the bundled
// boards, else the name of the file it was read from.
std::string board_name(const RenderCommand& command, const BoardReader& reader, const Game& game,
                       shell::PuzzleLibrary& library) {
  if (!command.name.empty()) return command.name;
  const std::string text = game.format();
  for (const shell::BundledPuzzle& entry : library.bundled(reader.info->id)) {
    const auto bundled = reader.parse(entry.board);
    if (bundled && bundled.value()->format() == text) return entry.title;
  }
  std::error_code error;
  if (std::filesystem::is_regular_file(command.board, error))
    return std::filesystem::path(command.board).stem().string();
  return "";
}

bool write_file(const std::string& path, const std::vector<uint8_t>& bytes, Io& io) {
  std::ofstream file(path, std::ios::binary);
  file.write(reinterpret_cast<const char*>(bytes.data()), std::streamsize(bytes.size()));
  if (!file) io.err << "puzzlelab: cannot write " << path << "\n";
  return bool(file);
}

double seconds_since(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

int render_still(const RenderCommand& command, const Game& game, const std::string& caption,
                 Io& io) {
  const auto start = std::chrono::steady_clock::now();
  BoardPainter painter(game.info().id);
  const int width = int(command.size);
  const shell::Image image =
      painter.paint(game, width, painter.board_height(game, width), {caption, ""});
  std::string error;
  if (!shell::write_png(command.output, image.width, image.height, image.rgba, error)) {
    io.err << "puzzlelab: " << error << "\n";
    return kBadInput;
  }
  char line[160];
  std::snprintf(line, sizeof line, "%s: %dx%d PNG in %.2f s\n", command.output.c_str(), image.width,
                image.height, seconds_since(start));
  io.out << line;
  return kOk;
}

shell::AnimationOptions animation_options(const RenderCommand& command,
                                          const std::string& caption) {
  shell::AnimationOptions options;
  options.width = int(command.size);
  options.fps = float(command.fps);
  options.caption = caption;
  return options;
}

// `result`: the solve whose moves to play; nullptr for the board's time line.
int render_solution(const RenderCommand& command, const Game& game, const SolveResult* result,
                    const std::string& caption, Io& io) {
  if (result && result->moves.size() + 1 > kMaxFrames) {
    io.err << "puzzlelab: the solution has " << text::amount(int64_t(result->moves.size()), "moves")
           << ": more frames than an animation may have (" << kMaxFrames << ")\n";
    return kBadInput;
  }
  shell::AnimationOptions options = animation_options(command, caption);
  options.result = result;
  std::string error;
  shell::EncodedAnimation animation;
  std::string what;  // what the frames are, for the report line
  // Drawn and encoded a frame at a time: a few frames in memory however
  // long the solution (shell::gif_of_moves).
  if (result) {
    animation = shell::gif_of_moves(game.info().id, game, result->moves, options, error);
    what = text::amount(int64_t(result->moves.size()), "moves");
  } else {
    const TimeLine line = game.info().hooks.time_line(game, shell::kMostTimeFrames);
    animation = shell::gif_of_time_line(game.info().id, line, options, error);
    what = line.span;
  }
  if (animation.gif.empty()) {
    io.err << "puzzlelab: " << error << "\n";
    return kBadInput;
  }
  if (!write_file(command.output, animation.gif, io)) return kBadInput;
  char line[300];
  std::snprintf(line, sizeof line,
                "%s: %zu frames (%s), %dx%d GIF, %zu bytes: drawn in %.2f s, encoded in "
                "%.2f s\n",
                command.output.c_str(), animation.frames, what.c_str(), animation.width,
                animation.height, animation.gif.size(), animation.draw_seconds,
                animation.encode_seconds);
  io.out << line;
  return kOk;
}

int run_render(const RenderCommand& command, Context& context) {
  Io& io = context.io;
  if (command.size > kMaxSize || command.fps > kMaxFps) {
    io.err << "puzzlelab: " << (command.size > kMaxSize ? "--size" : "--fps") << " is at most "
           << (command.size > kMaxSize ? kMaxSize : kMaxFps) << "\n";
    return kBadInput;
  }
  const std::string wanted = command.solution ? ".gif" : ".png";
  if (extension_of(command.output) != wanted) {
    io.err << "puzzlelab: " << (command.solution ? "--solution makes a GIF" : "a still is a PNG")
           << ": name the output *" << wanted << " (got " << command.output << ")\n";
    return kBadInput;
  }
  const auto reader = board_reader(command.puzzle, context);
  if (!reader) return kBadInput;
  const auto game = read_game(command.puzzle, command.board, context);
  if (!game) return kBadInput;
  const PuzzleInfo& info = *reader->info;

  shell::PuzzleLibrary library(PUZZLELAB_ASSETS_DIR);
  const std::optional<int64_t> known = library.known_cost(info.id, game->format());
  // The caption's cost, as the app says it: a bundled board's known optimum,
  // or what a solve found when the puzzle has a cost to minimise (metrics);
  // a Sudoku's count of cells is no optimum.
  const bool says_cost = command.caption && !info.metrics.empty();
  // Solve when the animation needs the moves, or the caption an optimum. A
  // puzzle with a time line animates that: no moves needed.
  const bool over_time = command.solution && info.hooks.time_line;
  std::optional<SolveResult> result;
  if ((command.solution && !over_time) || (says_cost && !known)) {
    result = game->solve(command.solve.options());
    if (result->status != SolveStatus::solved && command.solution && !over_time) {
      io.err << "puzzlelab: no solution to animate: " << to_string(result->status)
             << (result->message.empty() ? "" : ": " + result->message) << "\n";
      return exit_code(result->status);
    }
  }
  std::string caption;
  if (command.caption) {
    const std::string unit(cost_unit(info, command.solve.metric));
    std::string cost_part;
    if (known) {
      cost_part = "optimum " + text::amount(*known, unit);
    } else if (says_cost && result && result->status == SolveStatus::solved) {
      cost_part = (result->optimal ? "optimum " : "best found ") + text::amount(result->cost, unit);
    }
    caption = shell::picture_caption(info, board_name(command, *reader, *game, library), cost_part);
  }
  if (!command.solution) return render_still(command, *game, caption, io);
  return render_solution(command, *game, over_time ? nullptr : &*result, caption, io);
}

}  // namespace

void add_render_command(CLI::App& root, const std::vector<const PuzzleInfo*>& puzzles,
                        Action& chosen) {
  auto command = std::make_shared<RenderCommand>();
  CLI::App* app = root.add_subcommand(
      "render",
      "Draw a board as a PNG, or its solution as an animated GIF (--solution), as the app shows "
      "it; no display needed");
  add_puzzle_argument(*app, command->puzzle, puzzles);
  add_board_argument(*app, command->board);
  app->add_option("-o,--output", command->output,
                  "the picture to write: *.png, or *.gif with "
                  "--solution")
      ->required()
      ->type_name("FILE");
  add_count_option(*app, "--size", command->size,
                   "the picture's width in pixels (600 looks like the app on a 96 dpi screen; the "
                   "height follows the board)",
                   16);
  app->add_flag("--caption", command->caption,
                "a line under the board: the puzzle, the board's name and its optimum (solving "
                "first when the board is not a bundled one)");
  app->add_option("--name", command->name, "the board's name in the caption")->type_name("TEXT");
  app->add_flag("--solution", command->solution,
                "solve, then write the solution as an animated GIF: the start and one frame after "
                "each move, with a move counter; for a puzzle whose answer is not moves (Tree of "
                "Life), the board's course over time, at most " +
                    std::to_string(shell::kMostTimeFrames) + " frames");
  add_count_option(*app, "--fps", command->fps, "moves a second in the animation (default 4)", 1);
  add_solve_options(*app, command->solve);
  app->callback([command, &chosen] {
    chosen = [command](Context& context) { return run_render(*command, context); };
  });
}

}  // namespace puzzlelab::cli
