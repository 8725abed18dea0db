// puzzlelab render PUZZLE BOARD -o board.png [--size PX] [--caption]
// puzzlelab render PUZZLE BOARD --solution -o solution.gif [--fps N] [budgets]
// puzzlelab render PUZZLE BOARD --trace ALGORITHM -o search.gif [--fps N] [budgets]
//
// Pictures for posts, drawn by the app's own views without a display (see
// shell/render/board_picture.h): a PNG of the board, or a GIF of its
// solution, one frame for the start and one after each move; for a puzzle
// whose answer is not moves, the board's course over time as the app's
// Save animation shows it (PuzzleHooks::time_line: Tree of Life's
// generations); or a GIF of a search (--trace: trace_animation.h), the
// states in the order the search takes them, then the solution it found.
//
// Every render runs under one budget (job_budget.h): the picture's size is
// checked against the memory budget (and a GIF's against the format's 16-bit
// sides) before anything is drawn, the time budget and Ctrl-C or SIGTERM
// are checked between the solve, the view's preparation and each frame, and
// a view still at work (Tree of Life's "computing generation...") is never
// saved as the picture.
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <optional>
#include <ostream>

#include "commands.h"
#include "core/text.h"
#include "installed_paths.h"
#include "job_budget.h"
#include "midend/puzzle_library.h"
#include "render/animation.h"
#include "render/board_picture.h"
#include "render/gif_writer.h"
#include "render/png_writer.h"
#include "render_options.h"
#include "trace_animation.h"

namespace puzzlelab::cli {

namespace {

using shell::BoardPainter;

static_assert(kDefaultRenderSize == BoardPainter::kReferenceWidth);
constexpr size_t kMaxFrames = 5000;

// The board's name: --name, else its title when it is one of the bundled
// boards, else the name of the file it was read from.
std::string board_name(const RenderOptions& command, const BoardReader& reader, const Game& game,
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

// Seconds since `start_ms` on the job's clock.
double seconds_since(const JobBudget& budget, double start_ms) {
  return (budget.elapsed_ms() - start_ms) / 1000;
}

// A render that stopped: why, that no picture was written, and exit 3.
int gave_up(const std::string& why, const RenderOptions& command, Io& io) {
  io.err << "puzzlelab: gave up: " << why << ": no picture written (" << command.output << ")\n";
  return kGaveUp;
}

int stopped(const JobBudget& budget, SolveStatus why, const RenderOptions& command, Io& io) {
  return gave_up(budget.stop_message(why), command, io);
}

// The picture's size, checked against the format (exit 1) and the memory
// budget (exit 3) before anything is drawn: kOk, or the exit code after
// saying why not.
int check_picture_size(const RenderOptions& command, const Game& game, bool has_strip,
                       const JobBudget& budget, Io& io) {
  const int width = int(command.size);
  const int height = BoardPainter(game.info().id).board_height(game, width) +
                     (has_strip ? BoardPainter::strip_height(width) : 0);
  if (const auto wrong =
          check_picture_format(command.animated(), uint64_t(width), uint64_t(height))) {
    io.err << "puzzlelab: " << *wrong << "\n";
    return kBadInput;
  }
  if (const auto over = check_picture_memory(command.animated(), uint64_t(width), uint64_t(height),
                                             budget.memory_in_force())) {
    io.err << "puzzlelab: gave up: " << *over << "\n";
    return kGaveUp;
  }
  return kOk;
}

// The view's work before the picture (Tree of Life's walk to the clock),
// done under the budget; kOk when the view is ready to be pictured.
int prepare_view(BoardPainter& painter, const Game& position, const JobBudget& budget,
                 const RenderOptions& command, Io& io) {
  const SolveResult ready = painter.prepare(position, budget.bound(SolveOptions{}));
  if (ready.status == SolveStatus::solved) return kOk;
  if (ready.status == SolveStatus::invalid) {
    io.err << "puzzlelab: " << ready.message << "\n";
    return kBadInput;
  }
  const auto why = budget.stop();
  return gave_up(why ? budget.stop_message(*why) : ready.message, command, io);
}

int render_still(const RenderOptions& command, const Game& game, const std::string& caption,
                 const JobBudget& budget, Io& io) {
  const double start_ms = budget.elapsed_ms();
  BoardPainter painter(game.info().id);
  if (const int code = prepare_view(painter, game, budget, command, io); code != kOk) return code;
  if (const auto why = budget.stop()) return stopped(budget, *why, command, io);
  const int width = int(command.size);
  const shell::Image image =
      painter.paint(game, width, painter.board_height(game, width), {caption, ""});
  if (painter.view().computing())  // never a progress note in the board's place
    return gave_up("the view had not finished computing the position", command, io);
  if (const auto why = budget.stop()) return stopped(budget, *why, command, io);
  // Encoding is one call (stb's): the budget is checked again after it, so
  // a run out of time or interrupted meanwhile writes nothing.
  const std::vector<uint8_t> png = shell::encode_png(image.width, image.height, image.rgba);
  if (const auto why = budget.stop()) return stopped(budget, *why, command, io);
  if (png.empty()) {
    io.err << "puzzlelab: cannot encode a " << image.width << "x" << image.height << " image\n";
    return kBadInput;
  }
  if (!write_file(command.output, png, io)) return kBadInput;
  char line[160];
  std::snprintf(line, sizeof line, "%s: %dx%d PNG in %.2f s\n", command.output.c_str(), image.width,
                image.height, seconds_since(budget, start_ms));
  io.out << line;
  return kOk;
}

shell::AnimationOptions animation_options(const RenderOptions& command,
                                          const std::string& caption) {
  shell::AnimationOptions options;
  options.width = int(command.size);
  options.fps = float(command.fps);
  options.caption = caption;
  return options;
}

// The stream run a frame at a time, the budget checked between frames and
// the file's growth against the memory budget (`height`: the frames'); the
// GIF, or nullopt with `code` the exit code after saying why not.
std::optional<shell::EncodedAnimation> run_gif_stream(shell::GifStream& stream,
                                                      const RenderOptions& command, int height,
                                                      const JobBudget& budget, int& code, Io& io) {
  while (!stream.done()) {
    if (const auto why = budget.stop()) {
      code = stopped(budget, *why, command, io);
      return std::nullopt;
    }
    stream.step();
    if (!gif_fits(command.size, uint64_t(height), stream.file_bytes(), budget.memory_in_force())) {
      code =
          gave_up("the GIF grew past the memory budget of " + mib_text(budget.memory_in_force()) +
                      " after " + std::to_string(stream.encoded()) + " frames",
                  command, io);
      return std::nullopt;
    }
  }
  std::string error;
  shell::EncodedAnimation animation = stream.finish(error);
  if (animation.gif.empty()) {
    io.err << "puzzlelab: " << error << "\n";
    code = kBadInput;
    return std::nullopt;
  }
  return animation;
}

// The walk's frames drawn and encoded a frame at a time (a few frames in
// memory however long the walk: shell::GifStream), written, and a line
// saying what was made; `what` names the frames ("60 moves").
int encode_walk(const RenderOptions& command, std::unique_ptr<shell::FrameWalk> walk,
                const std::string& what, const shell::AnimationOptions& options,
                const JobBudget& budget, Io& io) {
  const std::string id(walk->start().info().id);
  const int height = BoardPainter(id).board_height(walk->start(), options.width) +
                     BoardPainter::strip_height(options.width);
  shell::GifStream stream(id, shell::app_font_dir(), std::move(walk), options);
  int code = kOk;
  const auto animation = run_gif_stream(stream, command, height, budget, code, io);
  if (!animation) return code;
  if (!write_file(command.output, animation->gif, io)) return kBadInput;
  char line[300];
  std::snprintf(line, sizeof line,
                "%s: %zu frames (%s), %dx%d GIF, %zu bytes: drawn in %.2f s, encoded in "
                "%.2f s\n",
                command.output.c_str(), animation->frames, what.c_str(), animation->width,
                animation->height, animation->gif.size(), animation->draw_seconds,
                animation->encode_seconds);
  io.out << line;
  return kOk;
}

// `result`: the solve whose moves to play; nullptr for the board's time line.
int render_solution(const RenderOptions& command, const Game& game, const SolveResult* result,
                    const std::string& caption, const JobBudget& budget, Io& io) {
  if (result && result->moves.size() + 1 > kMaxFrames) {
    io.err << "puzzlelab: the solution has " << text::amount(int64_t(result->moves.size()), "moves")
           << ": more frames than an animation may have (" << kMaxFrames << ")\n";
    return kBadInput;
  }
  shell::AnimationOptions options = animation_options(command, caption);
  options.result = result;
  std::unique_ptr<shell::FrameWalk> walk;
  std::string what;  // what the frames are, for the report line
  if (result) {
    walk = shell::walk_moves(game, result->moves);
    what = text::amount(int64_t(result->moves.size()), "moves");
  } else {
    TimeLine line = game.info().hooks.time_line(game, shell::kMostTimeFrames);
    if (line.frames == 0) {
      io.err << "puzzlelab: the board has no course over time to animate\n";
      return kBadInput;
    }
    what = line.span;
    walk = shell::walk_time_line(std::move(line));
  }
  return encode_walk(command, std::move(walk), what, options, budget, io);
}

// --trace: the search's states in the order it takes them, then its solution.
int render_trace(const RenderOptions& command, const Game& game, const std::string& caption,
                 const JobBudget& budget, Io& io) {
  SolveOptions asked = command.solve.options();
  asked.algorithm = command.trace;
  auto trace =
      std::make_shared<SearchTrace>(trace_search(game, budget.bound(asked), kDefaultTraceLimit));
  if (trace->status == SolveStatus::invalid) {
    io.err << "puzzlelab: " << trace->message << "\n";
    return kBadInput;
  }
  if (trace->status != SolveStatus::solved && trace->status != SolveStatus::unsolvable) {
    const auto why = budget.stop();
    return gave_up(why ? budget.stop_message(*why) : trace->message, command, io);
  }
  TimeLine line = trace_time_line(game, trace);
  const std::string what = line.span;
  return encode_walk(command, shell::walk_time_line(std::move(line)), what,
                     animation_options(command, caption), budget, io);
}

// The caption's text: the puzzle, the board's name and its cost as known.
std::string caption_of(const RenderOptions& command, const BoardReader& reader, const Game& game,
                       const std::optional<int64_t>& known, const SolveResult* result,
                       shell::PuzzleLibrary& library) {
  const PuzzleInfo& info = *reader.info;
  const std::string unit(cost_unit(info, command.solve.metric));
  std::string cost_part;
  if (known) {
    cost_part = "optimum " + text::amount(*known, unit);
  } else if (result && result->status == SolveStatus::solved && !info.metrics.empty()) {
    cost_part = (result->optimal ? "optimum " : "best found ") + text::amount(result->cost, unit);
  }
  return shell::picture_caption(info, board_name(command, reader, game, library), cost_part);
}

int run_render(const RenderOptions& command, Context& context) {
  Io& io = context.io;
  if (const auto wrong = check_render_options(command)) {
    io.err << "puzzlelab: " << *wrong << "\n";
    return kBadInput;
  }
  const auto reader = board_reader(command.puzzle, context);
  if (!reader) return kBadInput;
  const auto game = read_game(command.puzzle, command.board, context);
  if (!game) return kBadInput;
  const PuzzleInfo& info = *reader->info;
  const InterruptScope interrupts;
  const JobBudget budget(command.solve);
  if (const int code =
          check_picture_size(command, *game, command.caption || command.animated(), budget, io);
      code != kOk)
    return code;

  shell::PuzzleLibrary library(shell::installed_assets_dir(PUZZLELAB_ASSETS_DIR));
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
    result = game->solve(budget.bound(command.solve.options()));
    if (result->status != SolveStatus::solved && command.solution && !over_time) {
      io.err << "puzzlelab: no solution to animate: " << to_string(result->status)
             << (result->message.empty() ? "" : ": " + result->message) << "\n";
      return exit_code(result->status);
    }
  }
  if (const auto why = budget.stop()) return stopped(budget, *why, command, io);
  const std::string caption = command.caption ? caption_of(command, *reader, *game, known,
                                                           result ? &*result : nullptr, library)
                                              : "";
  if (!command.trace.empty()) return render_trace(command, *game, caption, budget, io);
  if (!command.solution) return render_still(command, *game, caption, budget, io);
  return render_solution(command, *game, over_time ? nullptr : &*result, caption, budget, io);
}

}  // namespace

void add_render_command(CLI::App& root, const std::vector<const PuzzleInfo*>& puzzles,
                        Action& chosen) {
  auto command = std::make_shared<RenderOptions>();
  CLI::App* app = root.add_subcommand(
      "render",
      "Draw a board as a PNG, or its solution (--solution) or a search (--trace) as an animated "
      "GIF, as the app shows it; no display needed");
  add_render_options(*app, *command, puzzles, shell::kMostTimeFrames);
  app->callback([command, &chosen] {
    chosen = [command](Context& context) { return run_render(*command, context); };
  });
}

}  // namespace puzzlelab::cli
