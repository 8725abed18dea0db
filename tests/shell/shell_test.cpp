// Unit tests for the app's non-drawing parts: the undo chain, URL hash
// options (boards and generated puzzles), solve status mapping, worker
// messages as events (the protocol itself: tests/engine/solve_protocol_test),
// the algorithm and metric checks, the PNG encoder, the bundled
// collections, and the native thread solver (including cancelling a search
// that runs long). The midend has its own file, midend_test.cpp.
#include <catch2/catch.hpp>

#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>
#include <thread>

#include "midend/asset_files.h"
#include "midend/launch_options.h"
#include "midend/puzzle_library.h"
#include "midend/session.h"
#include "midend/solve_run.h"
#include "native/thread_solver_client.h"
#include "progress_plot.h"
#include "puzzles/puzzle_list.h"
#include "render/png_writer.h"
#include "saved_note.h"
#include "support/assets_dir.h"
#include "support/rushhour_games.h"
#include "support/solver_wait.h"
#include "support/temp_dir.h"
#include "theme.h"
#include "views/view_registry.h"
#include "widgets.h"

using namespace puzzlelab;
using namespace puzzlelab::shell;

namespace {

using puzzlelab::testing::kHardestRushHour;
// Car A is boxed in by a truck that walls hold in place: IDA* under the steps
// metric searches for a very long time, so only a cancel stops it quickly.
const std::string kLongSearch =
    std::string("BBoooooooooooooo") + "ooooooooFooooooo" + "oooCooooFooooooo" + "oooCoooooooooooK" +
    "oooCooooooGGGooK" + "oooooooooooooxoK" + "oooooooooooooXoo" + "oAAooooooooooXoo" +
    "oooooooooooooXoo" + "oooooooJoooooxoo" + "ooDDoooJoooooooo" + "ooooooooooooooLL" +
    "oooooEEEoooooooo" + "ooooooooooooHooo" + "IIIoooooooooHooo" + "oooooooooooooooo";

SolveRequest request_for(std::string board, std::string algorithm = "", std::string metric = "") {
  SolveRequest request;
  request.puzzle = "rushhour";
  request.board = std::move(board);
  request.algorithm = std::move(algorithm);
  request.metric = std::move(metric);
  return request;
}

Session rushhour_session(const char* board) {
  auto game = find_puzzle("rushhour")->parse(board);
  REQUIRE(game.ok());
  return Session(std::move(game).value());
}

using puzzlelab::testing::assets_dir;

// Waits on the solver until a reply arrives (testing::wait_until: on the
// state, with only a hang guard).
std::optional<SolveResult> wait_for_result(ThreadSolverClient& client) {
  std::optional<SolveResult> result;
  const auto poll = [&] {
    for (SolverEvent& event : client.poll()) {
      if (auto* reply = std::get_if<Reply>(&event)) result = reply->result;
    }
  };
  poll();
  testing::wait_until(
      client, [&] { return result.has_value(); }, poll);
  return result;
}

// Waits on the solver until the request under way reports progress.
void wait_for_progress(ThreadSolverClient& client) {
  bool progress = false;
  const auto poll = [&] {
    for (SolverEvent& event : client.poll()) {
      REQUIRE(std::holds_alternative<SolveProgress>(event));
      progress = true;
    }
  };
  REQUIRE(testing::wait_until(
      client, [&] { return progress; }, poll));
}

}  // namespace

TEST_CASE("shell: a move truncates the redo part of the chain", "[shell]") {
  Session session = rushhour_session(kHardestRushHour);
  REQUIRE(session.play("M-1"));
  REQUIRE(session.play("H+1"));
  session.undo();
  CHECK(session.index() == 1);
  CHECK(session.can_redo());
  REQUIRE(session.play("M+1"));  // a different move drops H+1
  CHECK(session.size() == 3);
  CHECK_FALSE(session.can_redo());
  CHECK_FALSE(session.play("A+1"));  // blocked: error, chain unchanged
  CHECK(session.size() == 3);
}

TEST_CASE("shell: a solution follows the current position and playback walks it", "[shell]") {
  Session session = rushhour_session(kHardestRushHour);
  auto game = find_puzzle("rushhour")->parse(kHardestRushHour);
  SolveOptions options;
  const SolveResult result = game.value()->solve(options);
  REQUIRE(result.status == SolveStatus::solved);
  REQUIRE(session.add_solution(result.moves));
  REQUIRE(session.solution());
  CHECK(session.solution()->first == 0);
  CHECK(session.solution()->last == 60);
  session.go_to(60);
  CHECK(session.current().is_solved());
  session.go_to(10);
  REQUIRE(session.play(session.move_into(11)));  // replaying the same move still cuts the chain
  CHECK_FALSE(session.solution());
}

TEST_CASE("shell: a bad solution leaves the chain alone", "[shell]") {
  Session session = rushhour_session(kHardestRushHour);
  CHECK_FALSE(session.add_solution({{"M-1", 1}, {"A+5", 1}}));
  CHECK(session.size() == 1);
  CHECK_FALSE(session.solution());
}

TEST_CASE("shell: the URL hash is read with URL decoding", "[shell]") {
  const LaunchOptions options =
      parse_hash("#puzzle=rushhour&board=ab%0Acd&solve=1&embed&algorithm=astar&future=7");
  CHECK(options.puzzle == "rushhour");
  REQUIRE(options.board);
  CHECK(*options.board == "ab\ncd");
  CHECK(options.solve);
  CHECK(options.embed);
  CHECK(options.algorithm == "astar");
  CHECK(parse_hash(make_hash("rushhour", "a b\nc")).board.value() == "a b\nc");
  CHECK(url_decode("100%") == "100%");  // a stray % stays as it is
}

TEST_CASE("shell: a generated puzzle's difficulty and seed round-trip through the hash",
          "[shell]") {
  const LaunchOptions options = parse_hash("#puzzle=sudoku&difficulty=hard&seed=12345");
  CHECK(options.puzzle == "sudoku");
  CHECK_FALSE(options.board);
  CHECK(options.difficulty == "hard");
  REQUIRE(options.seed);
  CHECK(*options.seed == 12345);
  CHECK(make_generate_hash("sudoku", "hard", 12345) == "#puzzle=sudoku&difficulty=hard&seed=12345");
  CHECK(same_puzzle(options, parse_hash(make_generate_hash("sudoku", "hard", 12345))));
  CHECK_FALSE(same_puzzle(options, parse_hash("#puzzle=sudoku&difficulty=hard&seed=12346")));
  CHECK(same_puzzle(parse_hash("#puzzle=rushhour&board=AB&solve=1"),
                    parse_hash("#puzzle=rushhour&board=AB")));
  CHECK_FALSE(parse_hash("#seed=12x").seed);  // not a number: kept aside for a note
  CHECK_FALSE(parse_seed(""));
  CHECK_FALSE(parse_seed("-3"));
  CHECK(parse_seed("18446744073709551615") == UINT64_MAX);
  CHECK_FALSE(parse_seed("18446744073709551616"));  // too big
}

TEST_CASE("shell: several moves can be played as one undo step", "[shell]") {
  auto game = find_puzzle("sudoku")->parse(
      "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79");
  REQUIRE(game.ok());
  Session session(std::move(game).value());
  REQUIRE(session.play_all({"r1c3=4", "r1c4+6", "r1c4-2"}));
  CHECK(session.index() == 1);
  CHECK(session.move_into(1) == "r1c3=4 r1c4+6 r1c4-2");
  CHECK(session.current().format().substr(81) == "\n..4" + std::string(78, '.'));
  // All or nothing: r1c1 holds a clue, so r1c3=1 is not kept either.
  CHECK_FALSE(session.play_all({"r1c3=1", "r1c1=2"}));
  CHECK(session.size() == 2);
  CHECK_FALSE(session.play_all({}));
  session.undo();
  CHECK(session.current().format().size() == 81);  // back to no entries
}

TEST_CASE("shell: bundled puzzles keep their extra lines as details", "[shell]") {
  const testing::TempDir temp;
  const std::filesystem::path dir = temp.path();
  std::filesystem::create_directories(dir / "puzzles");
  std::ofstream(dir / "puzzles" / "rushhour.txt")
      << "About these.\n\n= First\ncost: 60\nrating: hard\n"
      << kHardestRushHour << "\n";
  PuzzleLibrary library(dir.string());
  const auto& bundled = library.bundled("rushhour");
  REQUIRE(bundled.size() == 1);
  CHECK(bundled[0].known_cost == 60);
  REQUIRE(bundled[0].details.size() == 1);
  CHECK(bundled[0].details[0] == std::pair<std::string, std::string>("rating", "hard"));
}

TEST_CASE("shell: an app file is read whole, its bytes as they are, and a missing one is none",
          "[shell]") {
  const testing::TempDir temp;
  const std::filesystem::path dir = temp.path();
  const std::filesystem::path file = dir / "blob.bin";
  std::string bytes(10000, '\0');  // more than one block of the read, NULs included
  for (size_t i = 0; i < bytes.size(); ++i) bytes[i] = static_cast<char>(i * 7 % 256);
  std::ofstream(file, std::ios::binary) << bytes;
  CHECK(read_asset(file.string()) == bytes);
  CHECK_FALSE(read_asset((dir / "none.txt").string()).has_value());
  // The fonts are read the same way: no file, no font (the caller falls back).
  ImGuiContext* context = ImGui::CreateContext();
  ImFontAtlas& atlas = *ImGui::GetIO().Fonts;
  CHECK(add_font_file(atlas, (dir / "none.ttf").string(), 16, ImFontConfig()) == nullptr);
  CHECK(atlas.Fonts.empty());
  ImGui::DestroyContext(context);
}

TEST_CASE("shell: the bundled Sudoku puzzles parse and their ratings hold", "[shell]") {
  PuzzleLibrary library(assets_dir());
  const auto& bundled = library.bundled("sudoku");
  CHECK(library.error("sudoku").empty());
  REQUIRE(bundled.size() >= 8);
  for (const BundledPuzzle& puzzle : bundled) {
    INFO(puzzle.title);
    auto game = find_puzzle("sudoku")->parse(puzzle.board);
    REQUIRE(game.ok());
    std::string rating, source;
    for (const auto& [key, value] : puzzle.details) {
      if (key == "rating") rating = value;
      if (key == "source") source = value;
    }
    CHECK(game.value()->rate() == RateResult{SolveStatus::solved, rating});
    // "generated, difficulty medium, seed 7": the generator still makes it.
    char difficulty[16] = {};
    unsigned long long seed = 0;
    if (std::sscanf(source.c_str(), "generated, difficulty %15[a-z], seed %llu", difficulty,
                    &seed) == 2) {
      auto generated = find_puzzle("sudoku")->generate({difficulty, seed});
      REQUIRE(generated.ok());
      CHECK(generated.value()->format() == puzzle.board);
    }
  }
}

TEST_CASE("shell: engine outcomes map to page statuses", "[shell]") {
  auto finished = [](SolveStatus status) {
    SolveRun run(SolveRequest{}, 0);
    SolveResult result;
    result.status = status;
    run.finish(result);
    return run;
  };
  CHECK(finished(SolveStatus::solved).status() == RunStatus::solved);
  CHECK(finished(SolveStatus::ambiguous).status() == RunStatus::solved);
  CHECK_FALSE(finished(SolveStatus::ambiguous).message().empty());
  CHECK(finished(SolveStatus::unsolvable).status() == RunStatus::unsolvable);
  CHECK(finished(SolveStatus::budget_exceeded).status() == RunStatus::error);
  CHECK(finished(SolveStatus::invalid).status() == RunStatus::error);
  SolveRun cancelled(SolveRequest{}, 0);
  cancelled.cancel(1);
  CHECK(cancelled.status() == RunStatus::cancelled);
}

TEST_CASE("shell: worker messages decode, and garbage becomes an error result", "[shell]") {
  SolveProgress progress;
  progress.stats.expanded = 42;
  const SolverEvent event = decode_solver_message(encode_message(progress));
  REQUIRE(std::holds_alternative<SolveProgress>(event));
  CHECK(std::get<SolveProgress>(event).stats.expanded == 42);
  const SolverEvent bad = decode_solver_message("Xnonsense");
  REQUIRE(std::holds_alternative<Reply>(bad));
  CHECK(std::get<Reply>(bad).result.status == SolveStatus::invalid);
  CHECK(std::get<Reply>(bad).result.message.find("not valid JSON") != std::string::npos);
}

TEST_CASE("shell: requests name a known algorithm and metric, or say what is known", "[shell]") {
  const SolveResult algorithm = run_request(request_for(kHardestRushHour, "dfs"), nullptr, nullptr);
  CHECK(algorithm.status == SolveStatus::invalid);
  CHECK(algorithm.message ==
        "unknown algorithm 'dfs' for Rush Hour: expected bfs, astar, idastar or dijkstra");
  const SolveResult metric =
      run_request(request_for(kHardestRushHour, "", "energy"), nullptr, nullptr);
  CHECK(metric.message == "unknown metric 'energy' for Rush Hour: expected moves or steps");
  SolveRequest sudoku;
  sudoku.puzzle = "sudoku";
  sudoku.board = std::string(81, '.');
  sudoku.metric = "moves";
  CHECK(run_request(sudoku, nullptr, nullptr).message == "Sudoku has no metrics (got 'moves')");
  CHECK(run_request(request_for(kHardestRushHour, "astar", "steps"), nullptr, nullptr).status ==
        SolveStatus::solved);
}

TEST_CASE("shell: PNG files have a valid signature and chunk layout", "[shell]") {
  const std::vector<uint8_t> pixels(3 * 2 * 4, 200);
  const std::vector<uint8_t> png = encode_png(3, 2, pixels);
  const std::vector<uint8_t> signature = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1A, '\n'};
  CHECK(std::equal(signature.begin(), signature.end(), png.begin()));
  CHECK(std::string(png.begin() + 12, png.begin() + 16) == "IHDR");
  CHECK(std::string(png.end() - 8, png.end() - 4) == "IEND");
}

TEST_CASE("shell: the thread solver solves, and cancels a long search at once", "[shell]") {
  ThreadSolverClient client;
  const SolveRequest request = request_for(kHardestRushHour);
  client.start(request);
  const auto solved = wait_for_result(client);
  REQUIRE(solved);
  CHECK(solved->status == SolveStatus::solved);
  CHECK(solved->cost == 60);
  CHECK_FALSE(client.busy());

  client.start(request_for(kLongSearch, "idastar", "steps"));
  wait_for_progress(client);  // under way: it reports about every 100 ms
  CHECK(client.busy());
  client.cancel();
  CHECK_FALSE(client.busy());
  client.start(request);  // a new solve right away; the old thread winds down
  const auto next = wait_for_result(client);
  REQUIRE(next);
  CHECK(next->cost == 60);
  // Leaving the scope joins the cancelled search's thread: a search that
  // ignored the flag would keep the destructor waiting, and ctest's time
  // limit fails the test then (no clock here: CI machines are busy).
}

TEST_CASE("shell: a generation that would never end stops on cancel and when the client goes",
          "[shell][rushhour]") {
  SolveRequest endless;
  endless.kind = RequestKind::generate;
  endless.puzzle = "rushhour";
  endless.difficulty = "60";                // no 6x6 board without walls needs 60 (at most 51)
  endless.node_budget = uint64_t{1} << 60;  // a budget no test run reaches
  {
    ThreadSolverClient client;
    client.start(endless);
    wait_for_progress(client);
    client.cancel();
    client.start(request_for(kHardestRushHour));  // the next request is served
    const auto solved = wait_for_result(client);
    REQUIRE(solved);
    CHECK(solved->status == SolveStatus::solved);
    client.start(endless);
    wait_for_progress(client);
    CHECK(client.busy());
  }
  // Here the destructor has cancelled and joined both generations' threads.
  // A generator that ignored the flag would keep it waiting for ever: ctest's
  // time limit fails the test then, not a clock here.
  SUCCEED("the client's destructor returned");
}

TEST_CASE("shell: a Bender program in a link round-trips through URL encoding", "[shell][bender]") {
  // Every character a program may hold, ';' and the no-op ones included.
  for (const std::string program : {"1;DR1", "12U33;;L2L;R", "UX0 ;D", "1;"}) {
    const LaunchOptions options = parse_hash("#puzzle=bender&board=" + url_encode("3 3|###") +
                                             "&program=" + url_encode(program) + "&embed=1");
    REQUIRE(options.others.size() == 1);
    CHECK(options.others[0].first == "program");
    CHECK(options.others[0].second == program);
    CHECK(options.embed);
  }
  // As typed by hand: ';' need not be encoded.
  CHECK(parse_hash("#puzzle=bender&program=1;DR1").others[0].second == "1;DR1");
}

TEST_CASE("shell: the Solved banner keeps clear of a Rush Hour exit at the top",
          "[shell][rushhour]") {
  const auto view = make_view("rushhour");
  const auto banner_for = [&](const std::string& golf) {
    auto parsed = find_puzzle("rushhour")->parse(golf);
    REQUIRE(parsed);
    return view->banner_place(*parsed.value());
  };
  const std::string top_exit =
      "### ####\n#B A  C#\n#B A  C#\n#     C#\n#      #\n#  EE  #\n#      #\n########\n";
  const std::string right_exit =
      "########\n#B  CCC#\n#B  D  #\n#AA D   \n#   D  #\n#  EE  #\n#      #\n########\n";
  CHECK(banner_for(top_exit) == BoardView::BannerPlace::bottom);
  CHECK(banner_for(right_exit) == BoardView::BannerPlace::top);
  // Puzzles without anything drawn above the board keep the default.
  auto sudoku = find_puzzle("sudoku")->parse(std::string(81, '0'));
  REQUIRE(sudoku);
  CHECK(make_view("sudoku")->banner_place(*sudoku.value()) == BoardView::BannerPlace::top);
}

TEST_CASE("shell: a view says where it draws its board: Bender's cells stop at 48 px",
          "[shell][bender]") {
  const std::string map =
      "10 10\n##########\n#...#....#\n###.##.#.#\n#.#..###.#\n#.##.#...#\n#..#.###.#\n"
      "#.##...#.#\n#..###.#.#\n#........#\n##########\n1 1\n8 8\n0\n";
  auto parsed = find_puzzle("bender")->parse(map);
  REQUIRE(parsed);
  const auto view = make_view("bender");
  // The board area at 1280x720: a 480 px maze centred in it, 46 px above
  // and below (the maze's own shape, 1:1, would fill the height).
  const Target at_scale_1 =
      view->drawn_board_in(*parsed.value(), ImVec2(400, 50), ImVec2(1264, 622), 1);
  CHECK(at_scale_1.x == 592);
  CHECK(at_scale_1.y == 96);
  CHECK(at_scale_1.w == 480);
  CHECK(at_scale_1.h == 480);
  // Twice the scale: 96 px cells would overflow; 57 px ones fill the height.
  const Target at_scale_2 =
      view->drawn_board_in(*parsed.value(), ImVec2(400, 50), ImVec2(1264, 622), 2);
  CHECK(at_scale_2.w == 570);
  CHECK(at_scale_2.h == 570);
  CHECK(at_scale_2.y == 51);
}

TEST_CASE("shell: the compare plot goes logarithmic when the totals span over two decades",
          "[shell][compare]") {
  // Close totals (A*, BFS and Dijkstra on the hardest 6x6): linear.
  const CountScale close = count_scale({2000, 2018, 2149});
  CHECK_FALSE(close.log);
  CHECK(close.fraction(close.max / 2) == Approx(0.5));
  // IDA*'s re-expansions beside A*: 1000 times as many, so log.
  const CountScale far = count_scale({2000, 2'400'000});
  REQUIRE(far.log);
  // The small curve stands about half way up instead of at 0.08%.
  CHECK(far.fraction(2000) > 0.45);
  CHECK(far.fraction(2'400'000) < 1);
  CHECK(far.fraction(2'400'000) > 0.9);
  CHECK(far.fraction(0) == 0);
  // Exactly two decades stays linear; curves with nothing yet count for nothing.
  CHECK_FALSE(count_scale({100, 10'000}).log);
  CHECK_FALSE(count_scale({0, 10'000}).log);
  // The player's choice wins either way.
  CHECK(count_scale({2000, 2018}, true).log);
  CHECK_FALSE(count_scale({2000, 2'400'000}, false).log);
}

TEST_CASE("shell: a narrow table keeps the columns that matter most, in the table's order",
          "[shell][compare]") {
  // Algorithm, Goal, Cost, Time, States, Memory, Stored, Opt., Note, as the
  // compare table sizes them in a 360 px panel: 9 columns, about 560 px.
  const std::vector<float> widths = {170, 50, 42, 64, 58, 62, 54, 40, 110};
  const std::vector<int> priority = {0, 3, 1, 2, 4, 5, 7, 8, 6};
  CHECK(fit_columns(widths, priority, 340) == std::vector<size_t>{0, 1, 2, 3});
  // A wider panel takes more; a narrower one skips a wide column for a
  // narrower one of lower priority that still fits.
  CHECK(fit_columns(widths, priority, 1000).size() == widths.size());
  CHECK(fit_columns(widths, priority, 320) == std::vector<size_t>{0, 2, 3, 7});
  // Too narrow for anything: the first priority's column all the same.
  CHECK(fit_columns(widths, priority, 10) == std::vector<size_t>{0});
}

// One alpha scale for every view (Amphipod and Bender set 0..255 and Sudoku
// faded by 0..1, each with a helper of its own): rgb()'s 0..255, and an
// opacity converted on purpose, never a fraction taken as a near-clear alpha.
template <typename Alpha>
constexpr bool takes_alpha = requires(Alpha a) {
  colors::with_alpha(ImU32{0}, a);
};
static_assert(takes_alpha<int> && takes_alpha<unsigned>);
static_assert(!takes_alpha<float> && !takes_alpha<double>);

TEST_CASE("shell: with_alpha sets a colour's alpha on rgb()'s 0..255 scale", "[shell]") {
  const ImU32 blue = colors::rgb(110, 170, 255);
  CHECK(colors::with_alpha(blue, 40) == colors::rgb(110, 170, 255, 40));
  CHECK(colors::with_alpha(colors::rgb(110, 170, 255, 40), 230) == colors::rgb(110, 170, 255, 230));
  CHECK(colors::with_alpha(blue, 300) == blue);  // at most opaque
  CHECK(colors::with_alpha(blue, -5) == colors::rgb(110, 170, 255, 0));
  CHECK(colors::opacity(0.6f) == 153);
  CHECK(colors::opacity(1) == 255);
  CHECK(colors::opacity(0.25f) == 64);
  CHECK(colors::opacity(-1) == 0);
  CHECK(colors::opacity(2) == 255);
}

// Both hosts' note after a save, from one place: the size, and where the
// file went when the host says (natively the current folder).
TEST_CASE("shell: the Saved note names the file, its size and where it went", "[shell]") {
  CHECK(saved_picture_note("board.png", Image(1280, 720)) == "Saved board.png (1280x720)");
  CHECK(saved_picture_note("board.png", Image(640, 480), "in the current folder") ==
        "Saved board.png (640x480) in the current folder");
  CHECK(saved_animation_note("moves.gif", 61) == "Saved moves.gif (61 frames)");
  CHECK(saved_animation_note("moves.gif", 1, "in the current folder") ==
        "Saved moves.gif (1 frame) in the current folder");
}
