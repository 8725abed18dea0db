// Pictures of boards (shell/render, `puzzlelab render`): the files decode,
// have the asked size, show the pieces' colours where the pieces are, and
// an animation has one frame per move plus the start, whose first frame is
// the still picture. Decoded with other code than wrote them: stb_image for
// PNG, giflib's reader for GIF.
#include <gif_lib.h>
#include <imgui.h>
#include <stb_image.h>

#include <catch2/catch.hpp>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <memory>
#include <random>
#include <string>

#include "puzzles/puzzle_list.h"
#include "render/animation.h"
#include "render/board_picture.h"
#include "render/gif_writer.h"
#include "support/allocation_meter.h"
#include "support/cli_run.h"
#include "support/puzzle_examples.h"
#include "support/rushhour_games.h"
#include "support/temp_dir.h"
#include "support/treeoflife_inputs.h"

namespace puzzlelab::shell {

namespace {

using testing::run_cli_with;

// Fogleman's hardest 6x6 board (60 moves): A is red in row 2, columns 1-2;
// B is in row 0, columns 1-2.
using puzzlelab::testing::kHardestRushHour;
constexpr int kHardestMoves = 60;

struct Rgb {
  int r, g, b;
};

struct Decoded {
  int width = 0, height = 0;
  std::vector<uint8_t> rgba;
  Rgb at(int x, int y) const {
    const uint8_t* p = &rgba[(size_t(y) * size_t(width) + size_t(x)) * 4];
    return {p[0], p[1], p[2]};
  }
};

Decoded read_png(const std::string& path) {
  Decoded image;
  int channels = 0;
  stbi_uc* pixels = stbi_load(path.c_str(), &image.width, &image.height, &channels, 4);
  REQUIRE(pixels != nullptr);
  image.rgba.assign(pixels, pixels + size_t(image.width) * size_t(image.height) * 4);
  stbi_image_free(pixels);
  return image;
}

// Every frame of a GIF as a whole picture (patches drawn over the last frame).
std::vector<Decoded> read_gif(const std::string& path) {
  int status = 0;
  GifFileType* gif = DGifOpenFileName(path.c_str(), &status);
  REQUIRE(gif != nullptr);
  REQUIRE(DGifSlurp(gif) == GIF_OK);
  std::vector<Decoded> frames;
  Decoded canvas{gif->SWidth, gif->SHeight,
                 std::vector<uint8_t>(size_t(gif->SWidth) * size_t(gif->SHeight) * 4, 255)};
  for (int f = 0; f < gif->ImageCount; ++f) {
    const SavedImage& image = gif->SavedImages[f];
    const GifImageDesc& desc = image.ImageDesc;
    const ColorMapObject* map = desc.ColorMap ? desc.ColorMap : gif->SColorMap;
    REQUIRE(map != nullptr);
    for (int y = 0; y < desc.Height; ++y) {
      for (int x = 0; x < desc.Width; ++x) {
        const GifColorType c = map->Colors[image.RasterBits[y * desc.Width + x]];
        uint8_t* p =
            &canvas.rgba[(size_t(y + desc.Top) * size_t(canvas.width) + size_t(x + desc.Left)) * 4];
        p[0] = c.Red, p[1] = c.Green, p[2] = c.Blue;
      }
    }
    frames.push_back(canvas);
  }
  DGifCloseFile(gif, &status);
  return frames;
}

bool close_to(Rgb a, Rgb b, int tolerance) {
  return std::abs(a.r - b.r) <= tolerance && std::abs(a.g - b.g) <= tolerance &&
         std::abs(a.b - b.b) <= tolerance;
}

// The share of the top `rows` rows whose pixels agree within `tolerance`.
double agreement(const Decoded& a, const Decoded& b, int rows, int tolerance) {
  int same = 0;
  for (int y = 0; y < rows; ++y)
    for (int x = 0; x < a.width; ++x) same += close_to(a.at(x, y), b.at(x, y), tolerance);
  return double(same) / double(rows * a.width);
}

// Every puzzle's still and animation go into the test's own folder, or, for
// a person to look at, into the folder PUZZLELAB_TEST_PICTURES names: never
// into the folder the tests run in (a run from the repository's root wrote
// a pictures/ folder there).
std::string kept_file(const testing::TempDir& dir, const std::string& name) {
  const char* keep = std::getenv("PUZZLELAB_TEST_PICTURES");
  if (!keep || !*keep) return dir.path(name);
  std::filesystem::create_directories(keep);
  return (std::filesystem::path(keep) / name).string();
}

std::unique_ptr<Game> parse(std::string_view puzzle_id, const std::string& board) {
  for (const PuzzleInfo* info : all_puzzles()) {
    if (info->id != puzzle_id) continue;
    auto game = info->parse(board);
    REQUIRE(game);
    return std::move(game).value();
  }
  FAIL("no puzzle " << puzzle_id);
  return nullptr;
}

}  // namespace

TEST_CASE("render: a PNG of a board has the asked width and the pieces' colours on their cells",
          "[render]") {
  const testing::TempDir dir("puzzlelab-render-test-");
  const std::string path = dir.path("hardest.png");
  const int width = 480;
  const auto run =
      run_cli_with({"render", "rushhour", kHardestRushHour, "-o", path, "--size", "480"});
  INFO(run.err);
  REQUIRE(run.code == 0);
  const Decoded png = read_png(path);

  // Where the view put the board, from a painter of the same width.
  const auto game = parse("rushhour", kHardestRushHour);
  BoardPainter painter("rushhour");
  CHECK(png.width == width);
  CHECK(png.height == painter.board_height(*game, width));
  painter.paint(*game, width, painter.board_height(*game, width), {});
  const auto targets = painter.targets();
  const auto board = std::find_if(targets.begin(), targets.end(),
                                  [](const Target& t) { return t.name == "board"; });
  REQUIRE(board != targets.end());
  const float cell = board->w / 6;
  CHECK(board->h / 6 == Approx(cell));
  // The left part of a cell (clear of the letter and the lighter roof
  // panel) shows the piece's own colour (RushHourView's palette).
  auto sample = [&](int row, int col) {
    return png.at(int(board->x + (float(col) + 0.18f) * cell),
                  int(board->y + (float(row) + 0.5f) * cell));
  };
  const Rgb red{226, 58, 62}, blue{59, 130, 246}, floor_cell{222, 227, 235};
  CHECK(close_to(sample(2, 1), red, 2));         // car A, the red car
  CHECK(close_to(sample(0, 1), blue, 2));        // car B, the first of the other colours
  CHECK(close_to(sample(1, 1), floor_cell, 2));  // an empty cell between them
}

TEST_CASE("render: a solution's GIF has a frame per move plus the start, from the still to the end",
          "[render]") {
  const testing::TempDir dir("puzzlelab-render-test-");
  const std::string gif_path = dir.path("hardest.gif"), png_path = dir.path("hardest-start.png");
  const auto animation = run_cli_with(
      {"render", "rushhour", kHardestRushHour, "--solution", "-o", gif_path, "--size", "300"});
  INFO(animation.err);
  REQUIRE(animation.code == 0);
  const auto still =
      run_cli_with({"render", "rushhour", kHardestRushHour, "-o", png_path, "--size", "300"});
  REQUIRE(still.code == 0);
  const std::vector<Decoded> frames = read_gif(gif_path);
  const Decoded start = read_png(png_path);

  REQUIRE(frames.size() == kHardestMoves + 1);
  // The animation's frames are the still with the move counter under it.
  CHECK(frames[0].width == start.width);
  CHECK(frames[0].height == start.height + BoardPainter::strip_height(300));
  // A GIF has 256 colours: the board agrees with the still up to palette
  // error. A frame of another position differs on whole pieces.
  CHECK(agreement(frames[0], start, start.height, 24) > 0.995);
  CHECK(agreement(frames[1], start, start.height, 24) < 0.99);  // car moved
  CHECK(agreement(frames.back(), start, start.height, 24) < 0.9);

  // The last frame is the solved position.
  auto solved = parse("rushhour", kHardestRushHour);
  const SolveResult result = solved->solve({});
  REQUIRE(result.moves.size() == size_t(kHardestMoves));
  for (const Move& move : result.moves) REQUIRE(solved->apply(move.text));
  REQUIRE(solved->is_solved());
  BoardPainter painter("rushhour");
  const Image end = painter.paint(*solved, 300, painter.board_height(*solved, 300), {});
  const Decoded end_decoded{end.width, end.height, end.rgba};
  CHECK(agreement(frames.back(), end_decoded, end.height, 24) > 0.995);
}

TEST_CASE("render: an animation made a frame at a time is the one made at once, byte for byte",
          "[render]") {
  // Save animation in the app and the page draws the first and the last
  // frame for the palette, then draws and encodes each frame in turn.
  auto start = parse("rushhour", kHardestRushHour);
  const SolveResult result = start->solve({});
  const std::vector<Move> moves(result.moves.begin(), result.moves.begin() + 4);
  BoardPainter painter("rushhour");
  AnimationOptions options;
  options.width = 240;
  options.caption = "Rush Hour";
  std::string error;
  const std::vector<GifFrame> frames = animate_moves(painter, *start, moves, options, error);
  REQUIRE(frames.size() == moves.size() + 1);
  const std::vector<uint8_t> at_once = encode_gif(frames, error);
  REQUIRE(!at_once.empty());
  // The first and the last frames are held longer.
  CHECK(frames[0].delay_cs > frames[1].delay_cs);
  CHECK(frames.back().delay_cs > frames[1].delay_cs);

  std::vector<std::unique_ptr<Game>> positions;
  positions.push_back(start->clone());
  for (const Move& move : moves) {
    positions.push_back(positions.back()->clone());
    REQUIRE(positions.back()->apply(move.text));
  }
  AnimationMaker maker(painter, *start, moves.size(), options);
  GifEncoder encoder(maker.frame(*positions.front(), 0).image,
                     maker.frame(*positions.back(), moves.size()).image);
  for (size_t i = 0; i < positions.size(); ++i) REQUIRE(encoder.add(maker.frame(*positions[i], i)));
  const std::vector<uint8_t> in_turn = encoder.finish(error);
  INFO(error);
  CHECK(in_turn == at_once);
}

// `puzzlelab render --solution` encodes as it draws (gif_of_moves): held at
// once, the hardest board's 61 frames at 1200 px took 342 MB. The bytes are
// those of all the frames drawn first and encoded at once, for moves and
// for a time line (whose view builds on the frames before: Tree of Life's
// strip of past generations), and the memory is that of a few frames.
TEST_CASE("render: an animation encoded as it is drawn is the same GIF, in a few frames' memory",
          "[render]") {
  AnimationOptions options;
  options.width = 300;
  options.caption = "Rush Hour";
  std::string error;
  auto start = parse("rushhour", kHardestRushHour);
  const SolveResult result = start->solve({});
  REQUIRE(result.moves.size() == size_t(kHardestMoves));
  options.result = &result;
  std::vector<uint8_t> at_once;
  size_t frame_bytes = 0;
  {
    BoardPainter painter("rushhour");
    const std::vector<GifFrame> frames =
        animate_moves(painter, *start, result.moves, options, error);
    REQUIRE(frames.size() == size_t(kHardestMoves + 1));
    frame_bytes = frames.front().image.rgba.size();
    at_once = encode_gif(frames, error);
  }
  EncodedAnimation streamed;
  size_t peak = 0;
  {
    testing::AllocationMeter meter;
    streamed = gif_of_moves("rushhour", *start, result.moves, options, error);
    peak = meter.peak();
  }
  INFO(error);
  REQUIRE(!streamed.gif.empty());
  CHECK(streamed.gif == at_once);
  CHECK(streamed.frames == size_t(kHardestMoves + 1));
  CHECK(size_t(streamed.width) * size_t(streamed.height) * 4 == frame_bytes);
  // Two painters (fonts, ImGui), the palette's two frames, the one being
  // encoded and the file: far below the 61 frames held at once.
  INFO("peak " << peak << " bytes, a frame " << frame_bytes);
  CHECK(peak < 12 * frame_bytes);

  const auto tree =
      parse("treeoflife", testing::puzzle_examples(PUZZLELAB_ASSETS_DIR, "treeoflife")[1]);
  const TimeLine line = tree->info().hooks.time_line(*tree, kMostTimeFrames);
  REQUIRE(line.frames > 2);
  options.result = nullptr;
  options.caption = "Tree of Life";
  BoardPainter painter("treeoflife");
  const std::vector<uint8_t> tree_at_once =
      encode_gif(animate_time_line(painter, line, options), error);
  const EncodedAnimation tree_streamed = gif_of_time_line("treeoflife", line, options, error);
  REQUIRE(!tree_at_once.empty());
  CHECK(tree_streamed.gif == tree_at_once);
  CHECK(tree_streamed.frames == line.frames);
}

namespace {

std::vector<uint8_t> file_bytes(const std::string& path) {
  std::ifstream file(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(file), std::istreambuf_iterator<char>()};
}

// The app's Save animation: a GifStream over what it keeps (the chain's
// positions, or the time line), a frame of work at a time.
std::vector<uint8_t> saved_animation(std::string_view puzzle_id, std::unique_ptr<FrameWalk> walk,
                                     const AnimationOptions& options) {
  GifStream stream(puzzle_id, app_font_dir(), std::move(walk), options);
  size_t steps = 0;
  while (!stream.done()) {
    REQUIRE(stream.step());
    ++steps;
  }
  CHECK(steps == 2 * stream.total());  // two walks over every frame, a frame a step
  std::string error;
  const EncodedAnimation animation = stream.finish(error);
  INFO(error);
  CHECK(animation.frames == stream.total());
  return animation.gif;
}

}  // namespace

// Save animation in the app and `puzzlelab render --solution` make the same
// GIF, byte for byte, for the same board, moves and width: the app steps the
// command line's stream (the app once drew the palette's last frame early
// with the painter it went on with, so a view that builds on the frames
// before, Tree of Life's strip, drew other frames).
TEST_CASE("render: the app's Save animation makes the command line's GIF byte for byte",
          "[render]") {
  const testing::TempDir dir("puzzlelab-render-test-");
  AnimationOptions options;
  options.width = 240;  // the command line's --size, at its 4 moves a second, no caption

  const std::string rush_path = dir.path("hardest.gif");
  const auto rush = run_cli_with(
      {"render", "rushhour", kHardestRushHour, "--solution", "-o", rush_path, "--size", "240"});
  INFO(rush.err);
  REQUIRE(rush.code == 0);
  const auto start = parse("rushhour", kHardestRushHour);
  const SolveResult result = start->solve({});
  std::vector<std::unique_ptr<Game>> chain;  // the session's chain once the solution is played
  chain.push_back(start->clone());
  for (const Move& move : result.moves) {
    chain.push_back(chain.back()->clone());
    REQUIRE(chain.back()->apply(move.text));
  }
  options.result = &result;
  CHECK(saved_animation("rushhour", walk_positions(std::move(chain)), options) ==
        file_bytes(rush_path));

  const std::string tree_board = testing::puzzle_examples(PUZZLELAB_ASSETS_DIR, "treeoflife")[1];
  const std::string tree_path = dir.path("tree.gif");
  const auto tree_run = run_cli_with({"render", "treeoflife", dir.file("tree.txt", tree_board),
                                      "--solution", "-o", tree_path, "--size", "240"});
  INFO(tree_run.err);
  REQUIRE(tree_run.code == 0);
  const auto tree = parse("treeoflife", tree_board);
  const TimeLine line = tree->info().hooks.time_line(*tree, kMostTimeFrames);
  REQUIRE(line.frames > 2);
  options.result = nullptr;
  CHECK(saved_animation("treeoflife", walk_time_line(line), options) == file_bytes(tree_path));
}

TEST_CASE("render: every puzzle's examples draw as a picture and as an animation", "[render]") {
  const testing::TempDir dir("puzzlelab-render-test-");
  for (const PuzzleInfo* info : all_puzzles()) {
    const auto boards = testing::puzzle_examples(PUZZLELAB_ASSETS_DIR, info->id);
    INFO(info->id);
    REQUIRE(!boards.empty());
    const std::string board_path = dir.file(std::string(info->id) + ".txt", boards.front());
    const std::string png_path = kept_file(dir, std::string(info->id) + ".png");
    const auto still = run_cli_with({"render", std::string(info->id), board_path, "-o", png_path,
                                     "--size", "240", "--caption"});
    INFO(still.err);
    REQUIRE(still.code == 0);
    const Decoded png = read_png(png_path);
    CHECK(png.width == 240);
    // The view drew a board above the caption: not the background alone
    // (Tree of Life's dark tree panel covers the least, about 8%).
    const Rgb background{24, 27, 34};
    const int board_rows = png.height - BoardPainter::strip_height(240);
    int drawn = 0;
    for (int y = 0; y < board_rows; ++y)
      for (int x = 0; x < png.width; ++x) drawn += !close_to(png.at(x, y), background, 8);
    CHECK(drawn > png.width * board_rows / 25);

    const std::string gif_path = kept_file(dir, std::string(info->id) + ".gif");
    const auto animation = run_cli_with({"render", std::string(info->id), board_path, "--solution",
                                         "-o", gif_path, "--size", "240"});
    INFO(animation.err);
    REQUIRE(animation.code == 0);
    // The moves played, or the board's course over time (PuzzleHooks::time_line).
    const auto game = parse(info->id, boards.front());
    const size_t frames = info->hooks.time_line
                              ? info->hooks.time_line(*game, kMostTimeFrames).frames
                              : game->solve({}).moves.size() + 1;
    CHECK(read_gif(gif_path).size() == frames);
  }
}

TEST_CASE("render: each view says where its board goes in an area, and draws it there",
          "[render]") {
  // Square, tall, wide, small and large areas (Bender's cells stop at 48
  // UI units: its 10x10 maps fill a 600 px picture only in part).
  const int sizes[][2] = {{240, 240}, {600, 900}, {600, 300}, {1000, 1000}, {1400, 500}};
  for (const PuzzleInfo* info : all_puzzles()) {
    const auto boards = testing::puzzle_examples(PUZZLELAB_ASSETS_DIR, info->id);
    REQUIRE(!boards.empty());
    BoardPainter painter(info->id);
    for (size_t b = 0; b < std::min<size_t>(boards.size(), 3); ++b) {
      const auto game = parse(info->id, boards[b]);
      for (const auto& [width, height] : sizes) {
        INFO(info->id << " board " << b << " in " << width << "x" << height);
        painter.lay_out(*game, width, height, {});
        const Target area = painter.board_area(), drawn = painter.drawn_board();
        const Target said = painter.view().drawn_board_in(*game, ImVec2(area.x, area.y),
                                                          ImVec2(area.x + area.w, area.y + area.h),
                                                          BoardPainter::scale_for(width));
        REQUIRE(drawn.w > 0);
        CHECK(said.x == Approx(drawn.x).margin(0.01));
        CHECK(said.y == Approx(drawn.y).margin(0.01));
        CHECK(said.w == Approx(drawn.w).margin(0.01));
        CHECK(said.h == Approx(drawn.h).margin(0.01));
      }
    }
  }
}

TEST_CASE(
    "render: a board with a time line animates it: a frame a generation, queried cells marked",
    "[render][time_line]") {
  // HackerRank's sample: queries about generations 0, 2, 2, 2, 3 and 3.
  const std::string board =
      "42354\n((. X (. . .)) . (X . (. X X)))\n6\n0 []\n2 [><]\n0 [><]\n0 [<>]\n1 [><]\n0 "
      "[<>]\n";
  const auto game = parse("treeoflife", board);
  const TimeLine line = game->info().hooks.time_line(*game, kMostTimeFrames);
  REQUIRE(line.frames == 4);
  BoardPainter painter("treeoflife");
  AnimationOptions options;
  options.width = 300;
  options.caption = "Tree of Life";
  const std::vector<GifFrame> frames = animate_time_line(painter, line, options);
  REQUIRE(frames.size() == 4);
  // The frames differ as the tree does: each is its generation drawn alone.
  const auto decoded = [&](size_t k) {
    return Decoded{frames[k].image.width, frames[k].image.height, frames[k].image.rgba};
  };
  for (size_t k = 0; k < frames.size(); ++k) {
    INFO("frame " << k);
    auto alone = line.frame(k);
    BoardPainter fresh("treeoflife");
    const Image still = fresh.paint(*alone.position, 300, fresh.board_height(*alone.position, 300),
                                    {options.caption, alone.counter}, nullptr, alone.marks);
    CHECK(agreement(decoded(k), {still.width, still.height, still.rgba}, still.height, 0) > 0.999);
  }
  // The queried cells are ringed in the path's amber (255, 190, 60) in their
  // generation's frame: none in generation 1's (the strip under the tree
  // marks the clock's row in the same colour, so only the tree counts).
  const int tree_rows = painter.board_height(*game, 300) * 7 / 10;
  const auto amber = [&](size_t k) {
    const Decoded image = decoded(k);
    int count = 0;
    for (int y = 0; y < tree_rows; ++y)
      for (int x = 0; x < image.width; ++x) count += close_to(image.at(x, y), {255, 190, 60}, 30);
    return count;
  };
  CHECK(amber(1) == 0);
  CHECK(amber(0) > 20);
  CHECK(amber(2) > amber(0));  // three queries there, one at generation 0
}

TEST_CASE("render: a 100,001-cell tree keeps its strip and caption past 65,536 vertices",
          "[render]") {
  // At generation 63 the space-time strip is full: the tree's cells and the
  // strip's runs take more vertices than 16-bit indices reach in one draw
  // command; the caption, drawn last, must still be there.
  std::mt19937 rng(29);
  const auto game =
      parse("treeoflife", "42354\n" + testing::random_tree(100'001, rng) + "\nt 63\n");
  // Made while another context is current, as the app's Save animation
  // makes it: the painter's settings are its own context's all the same.
  ImGuiContext* before = ImGui::GetCurrentContext();
  ImGuiContext* app = ImGui::CreateContext();
  ImGui::SetCurrentContext(app);
  ImGui::GetIO().IniFilename = nullptr;  // the test writes no settings
  const ImGuiBackendFlags app_flags = ImGui::GetIO().BackendFlags;
  BoardPainter painter("treeoflife");
  CHECK(ImGui::GetCurrentContext() == app);
  CHECK(ImGui::GetIO().BackendFlags == app_flags);
  const int board_height = painter.board_height(*game, 600);
  // The view fills the strip's rows a slice per frame: painted again (as
  // an animation's frames are, by one painter), it draws them all.
  Image image;
  for (int again = 0; again < 4; ++again)
    image = painter.paint(*game, 600, board_height, {"Tree of Life", "generation 63"});
  const Decoded picture{image.width, image.height, image.rgba};
  int text = 0;  // light pixels of the caption and the counter, under the board
  for (int y = board_height; y < picture.height; ++y)
    for (int x = 0; x < picture.width; ++x) {
      const Rgb c = picture.at(x, y);
      text += c.r > 150 && c.g > 150 && c.b > 150;
    }
  CHECK(text > 100);
  ImGui::SetCurrentContext(before);
  ImGui::DestroyContext(app);
}

TEST_CASE("render: a wrong output name, size or board is a clear error", "[render]") {
  const testing::TempDir dir("puzzlelab-render-test-");
  const std::string path = dir.path("wrong.png");
  auto run = run_cli_with({"render", "rushhour", kHardestRushHour, "--solution", "-o", path});
  CHECK(run.code == 1);
  CHECK(run.err.find("name the output *.gif") != std::string::npos);
  run = run_cli_with({"render", "rushhour", kHardestRushHour, "-o", path, "--size", "100000"});
  CHECK(run.code == 1);
  CHECK(run.err.find("--size is at most 4096") != std::string::npos);
  run = run_cli_with({"render", "rushhour", "AAx", "-o", path});
  CHECK(run.code == 1);
  CHECK(run.err.find("board") != std::string::npos);
  CHECK(!std::filesystem::exists(path));
}

}  // namespace puzzlelab::shell
