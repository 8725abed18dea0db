// The midend driven as the app drives it, for every puzzle in the engine's
// list with the examples from its bundled collection (assets/puzzles/<id>.txt):
// open a link, play, undo and redo, solve (the solution replays to a solved
// position), cancel, hints where the puzzle's view offers them, ratings,
// generated puzzles, and the share link round trip. The native thread solver
// does the slow work; every wait is on the solver, never on the clock.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cctype>
#include <chrono>
#include <map>
#include <memory>
#include <string>

#include "key_help.h"
#include "midend/launch_options.h"
#include "midend/midend.h"
#include "midend/puzzle_library.h"
#include "native/thread_solver_client.h"
#include "puzzles/puzzle_list.h"
#include "support/allocation_meter.h"
#include "support/assets_dir.h"
#include "support/solver_wait.h"
#include "views/view_registry.h"

using namespace puzzlelab;
using namespace puzzlelab::shell;

namespace {

using puzzlelab::testing::assets_dir;

// A midend with the thread solver and a clock the test moves by hand, so
// playback and notes follow the test, not the machine's speed.
struct Harness {
  double time = 0;
  ThreadSolverClient* client = nullptr;
  Midend midend;

  Harness() : midend(assets_dir(), make_client(client), [this] { return time; }) {}

  static std::unique_ptr<SolverClient> make_client(ThreadSolverClient*& out) {
    auto client = std::make_unique<ThreadSolverClient>();
    out = client.get();
    return client;
  }

  // Ticks until the slow work under way is done (testing::wait_until: on
  // the state, with only a hang guard).
  bool settle() {
    return testing::wait_until(
        *client, [&] { return !midend.working(); }, [&] { midend.tick(); });
  }

  // Ticks until the first progress report of a running solve has arrived.
  bool first_progress() {
    testing::wait_until(
        *client,
        [&] { return !midend.solving() || midend.run()->last_progress().stats.expanded > 0; },
        [&] { midend.tick(); });
    return midend.solving() && midend.run()->last_progress().stats.expanded > 0;
  }

  void open(const std::string& hash) {
    midend.open(parse_hash(hash));
    REQUIRE(settle());
  }

  // What the page publishes as window.puzzleLab, as JSON text.
  std::string page_state() const {
    JsonWriter json;
    json.begin_object();
    midend.write_state(json);
    json.end_object();
    return json.str();
  }
};

// The bundled examples of a puzzle; every puzzle must bundle some.
std::vector<BundledPuzzle> examples(const PuzzleInfo& info) {
  PuzzleLibrary library(assets_dir());
  INFO("assets/puzzles/" << info.id << ".txt");
  CHECK(library.error(info.id).empty());
  const auto& bundled = library.bundled(info.id);
  REQUIRE_FALSE(bundled.empty());
  return bundled;
}

std::string board_hash(const PuzzleInfo& info, const std::string& board) {
  return make_hash(info.id, board);
}

// Calls check(h, info, example) for every puzzle, each on a fresh harness with
// its first bundled example opened by a link (with `link_keys` appended).
template <class Check>
void on_first_examples(const std::string& link_keys, Check check) {
  for (const PuzzleInfo* info : all_puzzles()) {
    const BundledPuzzle example = examples(*info).front();
    INFO(info->id << ": " << example.title);
    Harness h;
    h.open(board_hash(*info, example.board) + link_keys);
    check(h, *info, example);
  }
}

template <class Check>
void on_first_examples(Check check) {
  on_first_examples("", check);
}

// The position a list of moves leads to from `start`, as text ("" if one fails).
std::string replay(const Game& start, const std::vector<std::string>& moves) {
  auto game = start.clone();
  for (const std::string& move : moves) {
    if (!game->apply(move)) return "";
  }
  return game->format();
}

}  // namespace

TEST_CASE("midend: every puzzle opens from a link and shares the same link", "[midend]") {
  for (const PuzzleInfo* info : all_puzzles()) {
    for (const BundledPuzzle& example : examples(*info)) {
      INFO(info->id << ": " << example.title);
      Harness first;
      first.open(board_hash(*info, example.board));
      REQUIRE(first.midend.load_error().empty());
      CHECK(first.midend.puzzle() == info);
      CHECK(first.midend.start_board() == example.board);
      CHECK(first.midend.known_cost() == example.known_cost);
      const std::string shared = first.midend.share_hash();
      CHECK(same_puzzle(parse_hash(shared), parse_hash(board_hash(*info, example.board))));

      Harness second;
      second.open(shared);
      CHECK(second.midend.session().current().format() ==
            first.midend.session().current().format());
      CHECK(second.midend.share_hash() == shared);
    }
  }
}

TEST_CASE("midend: a move, undo and redo walk the chain", "[midend]") {
  on_first_examples([](Harness& h, const PuzzleInfo& info, const BundledPuzzle& example) {
    const Session& session = h.midend.session();
    const std::string start = session.current().format();
    const std::vector<Move> legal = session.current().legal_moves();
    REQUIRE_FALSE(legal.empty());
    h.midend.play(legal.front().text, true);
    REQUIRE(session.index() == 1);
    CHECK(session.move_into(1) == legal.front().text);
    const std::string after = session.current().format();
    CHECK(after == replay(session.at(0), {legal.front().text}));
    CHECK(h.midend.slide());  // the move slides in...
    h.time += 1;
    CHECK_FALSE(h.midend.slide());  // ...and is still a second later

    const uint64_t epoch = h.midend.view_epoch();
    h.midend.undo();
    CHECK(session.index() == 0);
    CHECK(session.current().format() == start);
    CHECK(h.midend.view_epoch() != epoch);  // the view drops its drags
    h.midend.command("redo");
    CHECK(session.current().format() == after);
    h.midend.command("restart");
    CHECK(session.index() == 0);
    // Back at the start, the link names the board as loaded.
    CHECK(h.midend.share_hash() == board_hash(info, example.board));

    h.midend.play("no such move at all", false);  // refused with a reason
    CHECK(session.size() == 2);
    REQUIRE(h.midend.status_note());
    CHECK(h.midend.status_note()->kind == Midend::Note::Kind::error);
  });
}

TEST_CASE("midend: a note about the position goes with it, one about the app stays until old",
          "[midend]") {
  on_first_examples([](Harness& h, const PuzzleInfo&, const BundledPuzzle&) {
    const std::vector<Move> legal = h.midend.session().current().legal_moves();
    REQUIRE(legal.size() >= 1);
    h.midend.set_note("about this position");
    REQUIRE(h.midend.status_note());
    h.midend.play(legal.front().text, true);
    CHECK_FALSE(h.midend.status_note());  // the position it described is gone

    // A save cancelled while the solution plays on: the note stays.
    h.midend.set_note("Save animation cancelled", false, Midend::NoteAbout::app);
    h.midend.undo();
    REQUIRE(h.midend.status_note());
    CHECK(h.midend.status_note()->text == "Save animation cancelled");
    h.time += 60;  // ...until it is old
    CHECK_FALSE(h.midend.status_note());
  });
}

TEST_CASE("midend: every puzzle solves its first example and plays the solution back", "[midend]") {
  on_first_examples(
      "&solve=1", [](Harness& h, const PuzzleInfo& info, const BundledPuzzle& example) {
        REQUIRE(h.midend.run());
        const SolveRun& run = *h.midend.run();
        INFO(run.message());
        REQUIRE(run.status() == RunStatus::solved);
        const SolveResult& result = *run.result();
        if (example.known_cost) CHECK(result.cost == *example.known_cost);

        // The solution follows the start on the chain and playback starts at once.
        const Session& session = h.midend.session();
        REQUIRE(session.solution());
        CHECK(session.solution()->first == 0);
        CHECK(session.solution()->last == static_cast<int>(result.moves.size()));
        CHECK(h.midend.playing() == !result.moves.empty());
        std::vector<std::string> moves;
        for (const Move& move : result.moves) moves.push_back(move.text);
        auto solved = info.parse(replay(session.at(0), moves));
        REQUIRE(solved.ok());
        CHECK(solved.value()->is_solved() == info.hooks.has_goal);

        // Playback walks the chain as the clock moves, then stops at the end.
        for (int guard = 0; h.midend.playing() && guard < 100000; ++guard) {
          h.time += 10;
          h.midend.tick();
        }
        CHECK(session.index() == session.solution()->last);
        CHECK(session.current().is_solved() == info.hooks.has_goal);
        if (info.hooks.has_goal)
          CHECK(h.midend.solved_text().rfind("Solved: " + std::to_string(result.cost), 0) == 0);

        // The playback controls: back to the start, one step, the end.
        h.midend.solution_end(false);
        CHECK(session.index() == 0);
        if (!moves.empty()) {
          h.midend.step(1);
          CHECK(session.index() == 1);
          h.midend.seek(1000000);
          CHECK(session.index() == session.solution()->last);
        }
      });
}

TEST_CASE("midend: a cancelled solve leaves the board alone, the next solve works", "[midend]") {
  on_first_examples([](Harness& h, const PuzzleInfo&, const BundledPuzzle&) {
    h.midend.solve();
    REQUIRE(h.midend.solving());
    CHECK(h.midend.working() == RequestKind::solve);
    h.midend.undo();  // nothing moves while solving
    h.midend.cancel();
    CHECK(h.midend.run()->status() == RunStatus::cancelled);
    CHECK_FALSE(h.midend.working());
    CHECK_FALSE(h.client->busy());
    // Whatever the stopped search still says is dropped.
    for (int i = 0; i < 3; ++i) {
      h.client->wait_for_messages(std::chrono::milliseconds(50));
      h.midend.tick();
    }
    CHECK(h.midend.run()->status() == RunStatus::cancelled);
    CHECK_FALSE(h.midend.session().solution());
    CHECK(h.midend.session().size() == 1);

    h.midend.command("solve");
    REQUIRE(h.settle());
    CHECK(h.midend.run()->status() == RunStatus::solved);
  });
}

TEST_CASE("midend: a long search is cancelled while it runs", "[midend][rushhour]") {
  // Car A is boxed in by a truck that walls hold in place: IDA* under the
  // steps metric searches for a very long time before it could give up.
  const std::string long_search = std::string("BBoooooooooooooo") + "ooooooooFooooooo" +
                                  "oooCooooFooooooo" + "oooCoooooooooooK" + "oooCooooooGGGooK" +
                                  "oooooooooooooxoK" + "oooooooooooooXoo" + "oAAooooooooooXoo" +
                                  "oooooooooooooXoo" + "oooooooJoooooxoo" + "ooDDoooJoooooooo" +
                                  "ooooooooooooooLL" + "oooooEEEoooooooo" + "ooooooooooooHooo" +
                                  "IIIoooooooooHooo" + "oooooooooooooooo";
  Harness h;
  h.midend.open(
      parse_hash("#puzzle=rushhour&algorithm=idastar&metric=steps&solve=1&board=" + long_search));
  REQUIRE(h.first_progress());
  CHECK(h.midend.solving());
  h.midend.command("cancel");
  CHECK(h.midend.run()->status() == RunStatus::cancelled);
  CHECK(h.midend.run()->last_progress().stats.expanded > 0);
  h.midend.open(parse_hash("#puzzle=rushhour&board=IBBxooIooLDDJAALooJoKEEMFFKooMGGHHHM&solve=1"));
  REQUIRE(h.settle());
  CHECK(h.midend.run()->status() == RunStatus::solved);
  CHECK(h.midend.run()->result()->cost == 60);
}

TEST_CASE("midend: hints arrive from the solver where the puzzle has them", "[midend]") {
  on_first_examples([](Harness& h, const PuzzleInfo& info, const BundledPuzzle&) {
    const auto direct = h.midend.session().current().hint();  // what the UI thread used to do
    h.midend.command("hint");
    if (!info.has_hints) {  // H says so, and asks the solver nothing
      CHECK_FALSE(h.midend.working());
      REQUIRE(h.midend.status_note());
      CHECK(h.midend.status_note()->text.find("has no hints") != std::string::npos);
      CHECK_FALSE(direct);  // and the puzzle has none indeed
      return;
    }
    CHECK(h.midend.working() == RequestKind::hint);
    REQUIRE(h.settle());
    const auto& hint = h.midend.current_hint();
    REQUIRE(hint.has_value() == direct.has_value());
    REQUIRE(hint);  // a puzzle with hints has one for its first example
    CHECK(hint->technique == direct->technique);
    CHECK(hint->moves == direct->moves);
    CHECK(hint->cells == direct->cells);
    REQUIRE(h.midend.status_note());
    CHECK(h.midend.status_note()->kind == Midend::Note::Kind::hint);
    const std::string explained = h.midend.status_note()->text;
    // Solving drops the hint and its note: they were for the position
    // before the solution's playback.
    h.midend.solve();
    CHECK_FALSE(h.midend.current_hint());
    if (h.midend.status_note()) CHECK(h.midend.status_note()->text != explained);
    h.midend.cancel();
    h.midend.hint();
    REQUIRE(h.settle());
    REQUIRE(h.midend.current_hint());
    if (hint->moves.empty()) return;
    const std::string expected = replay(h.midend.session().current(), hint->moves);
    h.midend.command("applyHint");
    CHECK(h.midend.session().index() == 1);
    CHECK(h.midend.session().current().format() == expected);
    CHECK_FALSE(h.midend.current_hint());

    // A move while a hint is on its way drops it: it was for another position.
    h.midend.hint();
    REQUIRE(h.midend.working() == RequestKind::hint);
    h.midend.undo();
    CHECK_FALSE(h.midend.working());
    h.settle();
    CHECK_FALSE(h.midend.current_hint());
  });
}

TEST_CASE("midend: the solver sees the position as played, not only its text", "[midend]") {
  on_first_examples([](Harness& h, const PuzzleInfo&, const BundledPuzzle&) {
    for (int i = 0; i < 2; ++i) {
      const auto legal = h.midend.session().current().legal_moves();
      if (!legal.empty()) h.midend.play(legal.back().text, false);
    }
    const auto direct = h.midend.session().current().hint();
    h.midend.hint();
    REQUIRE(h.settle());
    REQUIRE(h.midend.current_hint().has_value() == direct.has_value());
    if (direct) CHECK(h.midend.current_hint()->explanation == direct->explanation);
  });
}

TEST_CASE("midend: a Sudoku hint reads the pencil marks played", "[midend][sudoku]") {
  // Wikipedia's example: r1c3 holds 4. Ruling 4 out there is a mistake that
  // only the moves show: the board's text has no pencil marks.
  Harness h;
  h.open(
      "#puzzle=sudoku&board="
      "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79");
  h.midend.play("r1c3-4", false);
  h.midend.hint();
  REQUIRE(h.settle());
  REQUIRE(h.midend.current_hint());
  CHECK(h.midend.current_hint()->technique == "Mistake");
  CHECK(h.midend.current_hint()->moves == std::vector<std::string>{"r1c3+4"});
}

TEST_CASE("midend: ratings come from the solver, as Game::rate gives them", "[midend]") {
  on_first_examples([](Harness& h, const PuzzleInfo&, const BundledPuzzle&) {
    const auto direct = h.midend.session().current().rate();
    h.midend.command("rate");
    REQUIRE(h.settle());
    CHECK(h.midend.rating() == (direct ? direct->text : ""));
    if (!direct) {  // not offered: said so, not silently nothing
      REQUIRE(h.midend.status_note());
      CHECK(h.midend.status_note()->text.find("no rating") != std::string::npos);
    }
  });
}

TEST_CASE("midend: a generated puzzle opens from its link and shares the same link", "[midend]") {
  for (const PuzzleInfo* info : all_puzzles()) {
    if (!info->generate) continue;
    INFO(info->id);
    const std::string difficulty(info->difficulties.empty() ? "" : info->difficulties.front());
    const std::string hash = make_generate_hash(info->id, difficulty, 7);
    Harness first;
    first.midend.open(parse_hash(hash));
    CHECK(first.midend.working() == RequestKind::generate);
    CHECK(first.midend.share_hash().empty());  // the address keeps what was asked meanwhile
    REQUIRE(first.settle());
    REQUIRE(first.midend.generated());
    CHECK(first.midend.generated()->seed == 7);
    CHECK(first.midend.share_hash() == hash);
    auto direct = info->generate({difficulty, 7});
    REQUIRE(direct.ok());
    CHECK(first.midend.session().current().format() == direct.value()->format());
    Harness second;
    second.open(first.midend.share_hash());
    CHECK(second.midend.session().current().format() == first.midend.session().current().format());

    Harness random;  // no seed: one is chosen, and the link names it
    random.open("#puzzle=" + std::string(info->id) + "&difficulty=" + difficulty);
    const LaunchOptions shared = parse_hash(random.midend.share_hash());
    CHECK(shared.difficulty == difficulty);
    CHECK(shared.seed);

    Harness wrong;
    wrong.open("#puzzle=" + std::string(info->id) + "&difficulty=impossible&seed=1");
    CHECK(wrong.midend.load_error().find("impossible") != std::string::npos);
    CHECK(wrong.midend.share_hash().empty());  // the address keeps what the user typed

    Harness cancelled;  // a generation can be stopped like a solve
    cancelled.midend.open(parse_hash(hash));
    cancelled.midend.cancel();
    cancelled.settle();
    CHECK_FALSE(cancelled.midend.generated());
    CHECK(cancelled.midend.load_error().empty());
  }
}

TEST_CASE("midend: a long generation tells how it is going until cancelled", "[midend][rushhour]") {
  Harness h;  // no 6x6 board needs 60 moves: this one only ends on cancel
  h.midend.open(parse_hash("#puzzle=rushhour&difficulty=60&seed=1"));
  REQUIRE(h.midend.working() == RequestKind::generate);
  CHECK(h.midend.difficulty() == -1);  // not in the picker's list: shown as asked
  CHECK(h.midend.difficulty_name() == "60");
  testing::wait_until(
      *h.client, [&] { return h.midend.work_progress().has_value(); }, [&] { h.midend.tick(); });
  REQUIRE(h.midend.work_progress());
  CHECK(h.midend.work_progress()->bound > 0);  // the farthest board's moves so far
  CHECK(h.midend.work_progress()->phase.find("best") != std::string::npos);
  CHECK_FALSE(h.midend.run());  // a generation is not a solve: no run to plot
  h.midend.cancel();
  CHECK_FALSE(h.midend.working());
  CHECK_FALSE(h.midend.work_progress());

  // While a board is being made from a link, the picker shows its difficulty.
  const auto& names = find_puzzle("rushhour")->difficulties;
  REQUIRE(names.size() > 1);
  h.midend.open(parse_hash("#puzzle=rushhour&difficulty=" + std::string(names.back()) + "&seed=9"));
  CHECK(h.midend.working() == RequestKind::generate);
  CHECK(h.midend.difficulty() == static_cast<int>(names.size()) - 1);
  h.midend.cancel();
  h.midend.set_difficulty(0);  // a choice in the picker is what New puzzle makes
  CHECK(h.midend.difficulty_name() == std::string(names.front()));
}

TEST_CASE("midend: a generated puzzle with solve=1 is solved once it arrives", "[midend]") {
  for (const PuzzleInfo* info : all_puzzles()) {
    if (!info->generate) continue;
    INFO(info->id);
    Harness h;
    h.open(make_generate_hash(info->id, "", 3) + "&solve=1");
    if (h.midend.solving()) REQUIRE(h.settle());
    REQUIRE(h.midend.run());
    CHECK(h.midend.run()->status() == RunStatus::solved);
  }
}

TEST_CASE("midend: costs are counted in the solve's metric", "[midend][rushhour]") {
  // One car A move of four cells: 1 move, 4 steps.
  const std::string board = "oooooo\noooooo\nAAoooo\noooooo\noooooo\noooooo";
  Harness h;
  h.open("#puzzle=rushhour&algorithm=astar&metric=steps&solve=1&board=" + url_encode(board));
  REQUIRE(h.midend.run()->status() == RunStatus::solved);
  CHECK(h.midend.run()->result()->cost == 4);
  CHECK(h.midend.solve_unit() == "steps");
  h.midend.solution_end(true);
  CHECK(h.midend.solved_text() == "Solved: 4 steps \u2013 optimal");  // A* proves it
  CHECK(h.midend.playback_label() == "move 1 of 1 \u00b7 4 of 4 steps");

  Harness by_hand;  // played by hand: counted in the metric picked, as the counter does
  by_hand.open("#puzzle=rushhour&metric=steps&board=" + url_encode(board));
  by_hand.midend.play("A+4", false);
  REQUIRE(by_hand.midend.session().current().is_solved());
  CHECK(by_hand.midend.solved_text() == "Solved: 4 steps");
  CHECK(by_hand.midend.counter_text() == "Moves: 1 \u00b7 Steps: 4");
  by_hand.midend.set_metric(0);
  CHECK(by_hand.midend.solved_text() == "Solved: 1 move");
  CHECK(by_hand.midend.counter_text() == "Moves: 1");

  Harness moves;
  moves.open("#puzzle=rushhour&board=IBBxooIooLDDJAALooJoKEEMFFKooMGGHHHM&solve=1");
  moves.midend.solution_end(true);
  CHECK(moves.midend.solved_text() == "Solved: 60 moves \u2013 optimal");
  CHECK(moves.midend.playback_label() == "move 60 of 60");
}

TEST_CASE("midend: Bender's program link key is the view's, a walk by hand counts turns",
          "[midend][bender]") {
  // Introduction 4: R R D pushes the ball twice and reaches Fry.
  const std::string intro4 =
      "10 10|##########|#........#|#.######.#|#..+.....#|####.###.#|#..#.###.#|#.##...#.#|"
      "#..###.#.#|#........#|##########|2 3|4 4|1|3 1 7 3 1";
  Harness h;
  h.open("#puzzle=bender&board=" + url_encode(intro4) + "&program=" + url_encode("RRD"));
  CHECK(h.midend.load_error().empty());
  CHECK_FALSE(h.midend.status_note());  // "program" is not an unknown key
  for (const char* move : {"R", "R", "D"}) h.midend.play(move, false);
  REQUIRE(h.midend.session().current().is_solved());
  // Turns walked by hand, not the characters a program is scored in.
  CHECK(h.midend.solved_text() == "Solved: 3 turns");
  CHECK(h.midend.counter_text() == "Turns: 3");
}

TEST_CASE("midend: unknown names in a link are reported, not guessed", "[midend]") {
  Harness h;
  h.open("#puzzle=chess");
  CHECK(h.midend.load_error().find("unknown puzzle 'chess'") != std::string::npos);
  Harness algorithm;
  algorithm.open("#puzzle=rushhour&algorithm=dfs");
  REQUIRE(algorithm.midend.status_note());
  CHECK(algorithm.midend.status_note()->text == "No 'dfs' for Rush Hour; using the default.");
  CHECK(algorithm.midend.algorithm() == 0);
  Harness board;
  board.open("#puzzle=rushhour&board=IBBxooIooLDDJAALooJ%3FKEEMFFKooMGGHHHM");
  CHECK(board.midend.load_error().find("line 1, column 20") != std::string::npos);
  CHECK(board.midend.share_hash().empty());
}

TEST_CASE("midend: a puzzle's text option in a link rewrites the board, others are reported",
          "[midend][amphipod]") {
  const std::string sample =
      "%23%23%23%23%23%23%23%23%23%23%23%23%23%0A%23...........%23%0A"
      "%23%23%23B%23C%23B%23D%23%23%23%0A  %23A%23D%23C%23A%23%0A"
      "  %23%23%23%23%23%23%23%23%23%0A";
  Harness h;
  h.open("#puzzle=amphipod&unfold=1&solve=1&board=" + sample);
  REQUIRE(h.midend.load_error().empty());
  REQUIRE(h.midend.run());
  REQUIRE(h.midend.run()->result());
  CHECK(h.midend.run()->result()->cost == 44169);  // part 2 of the example

  Harness plain;
  plain.open("#puzzle=amphipod&solve=1&smiles=3&board=" + sample);
  REQUIRE(plain.midend.run());
  CHECK(plain.midend.run()->result()->cost == 12521);
  REQUIRE(plain.midend.status_note());
  CHECK(plain.midend.status_note()->text.find("smiles=3") != std::string::npos);

  Harness bad_seed;  // a seed that is not a number is said, not replaced
  bad_seed.open("#puzzle=sudoku&difficulty=easy&seed=-5");
  REQUIRE(bad_seed.midend.status_note());
  CHECK(bad_seed.midend.status_note()->text.find("seed=-5") != std::string::npos);
}

TEST_CASE("midend: a Tree of Life link names the rule, the tree and the clock",
          "[midend][treeoflife]") {
  Harness h;
  h.open(
      "#puzzle=treeoflife&rule=42354&tree=((.%20X%20(.%20.%20.))%20.%20(X%20.%20(.%20X%20X)))&t=2");
  REQUIRE(h.midend.load_error().empty());
  const std::string board = h.midend.session().current().format();
  CHECK(board.rfind("42354\n((. X (. . .)) . (X . (. X X)))\n", 0) == 0);
  CHECK(board.find("t 2") != std::string::npos);
  CHECK_FALSE(h.midend.status_note());  // every key was understood

  Harness half;
  half.open("#puzzle=treeoflife&tree=(X%20.%20.)");
  CHECK(half.midend.load_error().find("rule=") != std::string::npos);
}

TEST_CASE("midend: a long solution plays faster without moving the speed slider",
          "[midend][rushhour]") {
  Harness h;
  const float chosen = h.midend.playback_speed();
  h.open("#puzzle=rushhour&board=IBBxooIooLDDJAALooJoKEEMFFKooMGGHHHM&solve=1");  // 60 moves
  REQUIRE(h.midend.run());
  REQUIRE(h.midend.run()->status() == RunStatus::solved);
  CHECK(h.midend.playback_speed() == chosen);
  // 60 moves in about 12 s: 5 a second, not the chosen 3.
  int steps = 0;
  for (int tick = 0; tick < 100; ++tick) {  // one simulated second
    h.time += 0.01;
    const int before = h.midend.session().index();
    h.midend.tick();
    steps += h.midend.session().index() != before;
  }
  CHECK(steps >= 4);
  CHECK(h.midend.playback_speed() == chosen);
}

namespace {

// localStorage as a map the test can read; harnesses can share one.
struct MemoryStore final : PositionStore {
  std::shared_ptr<std::map<std::string, std::string>> entries =
      std::make_shared<std::map<std::string, std::string>>();
  std::optional<std::string> load(const std::string& key) override {
    const auto found = entries->find(key);
    if (found == entries->end()) return std::nullopt;
    return found->second;
  }
  void save(const std::string& key, const std::string& value) override { (*entries)[key] = value; }
};

// A harness whose midend saves into `entries`.
void attach(Harness& h, const std::shared_ptr<std::map<std::string, std::string>>& entries) {
  auto store = std::make_unique<MemoryStore>();
  store->entries = entries;
  h.midend.set_store(std::move(store));
}

const std::string kEasySudoku =
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
const std::string kHardestBoard = "IBBxooIooLDDJAALooJoKEEMFFKooMGGHHHM";

}  // namespace

TEST_CASE("midend: the link follows the position, and reopens it move for move", "[midend]") {
  on_first_examples([](Harness& h, const PuzzleInfo& info, const BundledPuzzle& example) {
    for (int i = 0; i < 2; ++i) {
      const auto legal = h.midend.session().current().legal_moves();
      if (!legal.empty()) h.midend.play(legal.front().text, false);
    }
    const int played = h.midend.session().index();
    const std::string link = h.midend.share_hash();
    CHECK(parse_hash(link).moves == h.midend.session().moves_to(played));
    CHECK((played == 0) == (link.find("&moves=") == std::string::npos));

    Harness reopened;
    reopened.open(link);
    CHECK(reopened.midend.link_error().empty());
    CHECK(reopened.midend.start_board() == example.board);
    CHECK(reopened.midend.session().index() == played);
    CHECK(reopened.midend.session().current().format() == h.midend.session().current().format());
    CHECK(reopened.midend.share_hash() == link);
    if (played > 0) {
      reopened.midend.undo();  // the start is still there to go back to
      CHECK(reopened.midend.share_hash() ==
            board_hash(info, example.board) +
                moves_hash_part(reopened.midend.session().moves_to(played - 1)));
    }
  });
}

TEST_CASE("midend: a move in a link that does not apply stops the board there, and says so",
          "[midend][rushhour]") {
  Harness h;
  h.open("#puzzle=rushhour&board=" + kHardestBoard + "&moves=M-1,Q%2B9,M%2B1");
  CHECK(h.midend.session().index() == 1);  // M-1 played, Q+9 refused, M+1 not tried
  CHECK(h.midend.session().move_into(1) == "M-1");
  CHECK(h.midend.link_error().find("Move 2 of the link ('Q+9')") != std::string::npos);
  CHECK(h.midend.load_error().empty());
  CHECK(h.page_state().find("\"error\":\"Move 2 of the link") != std::string::npos);
}

TEST_CASE("midend: a bad option in a link is an error, until the player picks a board",
          "[midend][rushhour]") {
  Harness h;
  h.open("#puzzle=rushhour&algorithm=quantum&metric=smiles&board=" + kHardestBoard);
  CHECK(h.midend.link_error().find("'quantum'") != std::string::npos);
  CHECK(h.midend.link_error().find("'smiles'") != std::string::npos);
  const std::string json = h.page_state();
  CHECK(json.find("\"error\":\"No 'quantum' for Rush Hour") != std::string::npos);
  CHECK(json.find("\"status\":\"idle\"") != std::string::npos);  // the board opened
  h.midend.load_bundled(1);
  CHECK(h.midend.link_error().empty());
  Harness fine;
  fine.open("#puzzle=rushhour&algorithm=astar&board=" + kHardestBoard);
  CHECK(fine.midend.link_error().empty());
  CHECK(fine.midend.share_hash() == "#puzzle=rushhour&board=" + kHardestBoard + "&algorithm=astar");
}

TEST_CASE("midend: the link follows each board loaded in turn", "[midend]") {
  // share_hash() keeps the encoded board between calls (the page asks every
  // frame): a new board, or the same text in another puzzle, is a new link.
  Harness h;
  h.open("#puzzle=rushhour&board=" + kHardestBoard);
  const std::string hardest = h.midend.share_hash();
  CHECK(hardest == "#puzzle=rushhour&board=" + kHardestBoard);
  h.open("#puzzle=sudoku&board=" + kEasySudoku);
  CHECK(h.midend.share_hash() == "#puzzle=sudoku&board=" + url_encode(kEasySudoku));
  h.open(hardest);
  CHECK(h.midend.share_hash() == hardest);
  h.midend.play("M-1", false);
  CHECK(h.midend.share_hash() == hardest + "&moves=M-1");
}

TEST_CASE("midend: positions are saved per puzzle and reopened by a link without a board",
          "[midend]") {
  auto entries = std::make_shared<std::map<std::string, std::string>>();
  Harness h;
  attach(h, entries);
  h.open("#puzzle=rushhour&board=" + kHardestBoard);
  h.midend.play("M-1", false);
  h.midend.tick();
  CHECK(entries->at("rushhour") == h.midend.share_hash());
  CHECK(entries->at("last") == "rushhour");
  h.open("#puzzle=sudoku&board=" + kEasySudoku);
  h.midend.play("r1c3=4", false);
  h.midend.tick();
  CHECK(entries->at("last") == "sudoku");
  CHECK(parse_hash(entries->at("sudoku")).moves == std::vector<std::string>{"r1c3=4"});

  Harness back;  // the page opened again: each puzzle where it was left
  attach(back, entries);
  back.open("#puzzle=rushhour");
  CHECK(back.midend.start_board() == kHardestBoard);
  CHECK(back.midend.session().index() == 1);
  CHECK(back.midend.session().move_into(1) == "M-1");
  back.open("");  // no puzzle named: the one played last
  CHECK(back.midend.puzzle()->id == "sudoku");
  CHECK(back.midend.session().index() == 1);
  // Picking a puzzle in the picker returns to its saved position too.
  back.midend.select_puzzle(*find_puzzle("rushhour"));
  CHECK(back.midend.session().move_into(1) == "M-1");
  // A link with a board opens that board, whatever was saved.
  back.open("#puzzle=rushhour&board=" + kHardestBoard);
  CHECK(back.midend.session().index() == 0);

  Harness embed;  // an embed in a blog keeps nothing
  auto untouched = std::make_shared<std::map<std::string, std::string>>();
  attach(embed, untouched);
  embed.open("#puzzle=rushhour&embed=1&board=" + kHardestBoard);
  embed.midend.play("M-1", false);
  embed.midend.tick();
  CHECK(untouched->empty());
  Harness embed_saved;  // nor does it open the reader's saved game
  attach(embed_saved, entries);
  embed_saved.open("#puzzle=rushhour&embed=1");
  CHECK(embed_saved.midend.session().index() == 0);
  CHECK(embed_saved.midend.bundled_index() == 0);

  Harness stale;  // a saved link that no longer opens gives a fresh board and a note
  auto broken = std::make_shared<std::map<std::string, std::string>>();
  (*broken)["rushhour"] = "#puzzle=rushhour&board=nonsense";
  attach(stale, broken);
  stale.open("#puzzle=rushhour");
  CHECK(stale.midend.load_error().empty());
  CHECK(stale.midend.bundled_index() == 0);
  REQUIRE(stale.midend.status_note());
  CHECK(stale.midend.status_note()->text.find("saved position") != std::string::npos);
}

TEST_CASE("midend: the player's picks count as board choices, links do not", "[midend]") {
  Harness h;
  h.open("#puzzle=rushhour&board=" + kHardestBoard);
  const uint64_t start = h.midend.board_choices();
  h.open("#puzzle=sudoku&difficulty=easy&seed=5");  // a link, even a generated one
  CHECK(h.midend.board_choices() == start);
  h.midend.load_bundled(0);
  CHECK(h.midend.board_choices() == start + 1);
  h.midend.select_puzzle(*find_puzzle("rushhour"));
  CHECK(h.midend.board_choices() == start + 2);
  h.midend.load_board(kHardestBoard);
  CHECK(h.midend.board_choices() == start + 3);
  h.midend.play("M-1", false);  // a move is no new board
  CHECK(h.midend.board_choices() == start + 3);
}

TEST_CASE("midend: N gives a new puzzle, or the next bundled board", "[midend]") {
  Harness sudoku;
  sudoku.open("#puzzle=sudoku&board=" + kEasySudoku);
  const uint64_t choices = sudoku.midend.board_choices();
  sudoku.midend.command(*shortcut_command('n'));
  CHECK(sudoku.midend.working() == RequestKind::generate);
  REQUIRE(sudoku.settle());
  REQUIRE(sudoku.midend.generated());
  CHECK(sudoku.midend.start_board() != kEasySudoku);
  CHECK(sudoku.midend.board_choices() == choices + 1);  // counted when it arrives

  for (const PuzzleInfo* info : all_puzzles()) {
    if (info->generate) continue;
    INFO(info->id);
    const auto bundled = examples(*info);
    Harness h;
    h.open("#puzzle=" + std::string(info->id));
    REQUIRE(h.midend.bundled_index() == 0);
    h.midend.command("new");
    CHECK(h.midend.bundled_index() == (bundled.size() > 1 ? 1 : 0));
    CHECK(h.midend.start_board() == bundled[bundled.size() > 1 ? 1 : 0].board);
  }
}

TEST_CASE("midend: each keyboard shortcut runs its command", "[midend][rushhour]") {
  CHECK_FALSE(shortcut_command('S'));  // Shift+S is for the board (a car S)
  CHECK_FALSE(shortcut_command('a'));
  CHECK(shortcut_command('?') == std::optional<std::string_view>("keys"));
  Harness h;
  h.open("#puzzle=rushhour&board=" + kHardestBoard);
  h.midend.play("M-1", false);
  h.midend.play("M+1", false);
  h.midend.command(*shortcut_command('u'));
  CHECK(h.midend.session().index() == 1);
  h.midend.command(*shortcut_command('r'));
  CHECK(h.midend.session().index() == 0);
  h.midend.command(*shortcut_command('h'));
  CHECK(h.midend.working() == RequestKind::hint);
  REQUIRE(h.settle());
  CHECK(h.midend.current_hint());
  h.midend.command(*shortcut_command('s'));
  CHECK(h.midend.solving());
  REQUIRE(h.settle());
  CHECK(h.midend.solved_cost() == 60);
  for (const Shortcut& shortcut : shortcuts()) CHECK_FALSE(shortcut.what.empty());
}

TEST_CASE("midend: a failed search shows no cost", "[midend][rushhour]") {
  // Car B stands between two walls and car A cannot pass it.
  const std::string board = "oooooo\nooxooo\nAABooo\nooBooo\nooBooo\nooxooo";
  Harness h;
  h.open("#puzzle=rushhour&solve=1&board=" + url_encode(board));
  REQUIRE(h.midend.run());
  CHECK(h.midend.run()->status() == RunStatus::unsolvable);
  CHECK_FALSE(h.midend.solved_cost());
  CHECK(h.page_state().find("\"cost\":null") != std::string::npos);
}

TEST_CASE("midend: after a wrong digit undone by a hint, banner and panel count alike",
          "[midend][sudoku]") {
  // Issue 7, finding 9: the banner said 53 cells (the player's two moves
  // added in) where the solve filled 51.
  Harness h;
  h.open("#puzzle=sudoku&board=" + kEasySudoku);
  h.midend.play("r1c3=1", false);  // wrong: r1c3 holds 4
  h.midend.hint();
  REQUIRE(h.settle());
  REQUIRE(h.midend.current_hint());
  CHECK(h.midend.current_hint()->moves == std::vector<std::string>{"r1c3=0"});
  h.midend.apply_hint();
  h.midend.solve();
  REQUIRE(h.settle());
  const int64_t blanks = std::count(kEasySudoku.begin(), kEasySudoku.end(), '.');
  REQUIRE(h.midend.solved_cost() == blanks);
  h.midend.solution_end(true);
  REQUIRE(h.midend.session().current().is_solved());
  CHECK(h.midend.solved_text() ==
        "Solved: " + std::to_string(blanks) + " cells after your 2 moves");
}

TEST_CASE("midend: hostile links are answered short, and a long link reopens in bounded memory",
          "[midend][limits]") {
  // A huge value quoted back whole made the page draw a megabyte of text
  // each frame: notes and errors quote an excerpt.
  const std::string huge(1'500'000, '7');
  Harness rule;
  rule.open("#puzzle=treeoflife&rule=" + huge + "&tree=(X%20.%20X)");
  CHECK_FALSE(rule.midend.load_error().empty());
  CHECK(rule.midend.load_error().size() < 300);
  CHECK(rule.page_state().size() < 20'000);

  Harness unknown;
  unknown.open("#puzzle=rushhour&colour=" + huge + "&" + huge + "=1");
  CHECK(unknown.midend.link_error().size() < 600);
  CHECK(unknown.midend.status_note()->text.size() < 300);

  Harness moves;
  moves.open("#puzzle=rushhour&board=IBBxooIooLDDJAALooJoKEEMFFKooMGGHHHM&moves=" + huge);
  CHECK(moves.midend.link_error().size() < 300);

  // A Tree of Life of 100,000 queries stepped 700 times: every position
  // shares the queries (each copied them: the page ran out of memory).
  std::string link = "#puzzle=treeoflife&board=42354%0A((X%20.%20X)%20X%20.)%0A100000%0A";
  for (int i = 0; i < 100000; ++i) link += "1%20%5B%3C%5D%0A";
  link += "&moves=";
  for (int i = 0; i < 700; ++i) link += i ? ",%2B1" : "%2B1";
  Harness tree;
  {
    testing::AllocationMeter meter(size_t{256} << 20);  // refuses more: it was gigabytes
    tree.midend.open(parse_hash(link));
    CHECK_FALSE(meter.refused());
    CHECK(meter.held() < 32 << 20);  // the link is 1.5 MB
  }
  REQUIRE(tree.settle());
  CHECK(tree.midend.load_error().empty());
  CHECK(tree.midend.link_error().empty());
  CHECK(tree.midend.session().size() == 701);
  CHECK(tree.midend.session().current().format().find("\nt 700\n") != std::string::npos);

  // A link of more moves than a position needs stops, and says so.
  std::string many = "#puzzle=treeoflife&board=42354%0AX%0A&moves=";
  for (int i = 0; i < 100'001; ++i) many += i ? ",%2B1" : "%2B1";
  Harness stopped;
  stopped.open(many);
  CHECK(stopped.midend.session().size() == 100'001);
  CHECK_THAT(stopped.midend.link_error(), Catch::Contains("the board stops after 100000"));
}

// --- issue 23: counters, stale status, keys, rules, screen reader ------------

namespace {

// Plays the solution on the chain to its end, a tick at a time, the clock
// moving as the host's would.
void play_to_end(Harness& h) {
  for (int round = 0; round < 100000 && h.midend.playing(); ++round) {
    h.time += 0.5;
    h.midend.tick();
  }
}

const std::string kAmphipodSample = "BCBD/ADCA";  // the example, one line
const std::string kIntro4 =
    "10 10|##########|#........#|#.######.#|#..+.....#|####.###.#|#..#.###.#|#.##...#.#|"
    "#..###.#.#|#........#|##########|2 3|4 4|1|3 1 7 3 1";

}  // namespace

TEST_CASE("midend: the counter is the puzzle's own, for moves played by hand", "[midend]") {
  Harness amphipod;  // Amphipod: the energy spent, beside the moves
  amphipod.open("#puzzle=amphipod&board=" + url_encode(kAmphipodSample));
  CHECK(amphipod.midend.counter_text() == "Moves: 0 \u00b7 Energy: 0");
  amphipod.midend.play("C1-h3", false);  // a B: 1 step up, 3 along = 40
  CHECK(amphipod.midend.counter_text() == "Moves: 1 \u00b7 Energy: 40");
  CHECK(amphipod.midend.hand_cost() == 40);
  CHECK(amphipod.page_state().find("\"counter\":\"Moves: 1 \u00b7 Energy: 40\"") !=
        std::string::npos);
  // A solution played on from there: the board is past the player's count,
  // so the counter says it counts the player's moves only.
  amphipod.midend.solve();
  REQUIRE(amphipod.settle());
  REQUIRE(amphipod.midend.session().solution());
  amphipod.midend.seek(amphipod.midend.session().solution()->last);
  CHECK(amphipod.midend.counter_text() == "Your moves: 1 \u00b7 Energy: 40");
  // A narrow toolbar's short form says it too (a bare "Energy: 40" would
  // contradict the board's energy).
  CHECK(amphipod.midend.short_counter_text() == "Your energy: 40");
  amphipod.midend.seek(amphipod.midend.session().solution()->first);
  CHECK(amphipod.midend.counter_text() == "Moves: 1 \u00b7 Energy: 40");
  CHECK(amphipod.midend.short_counter_text() == "Energy: 40");

  Harness tree;  // Tree of Life: the generation on screen
  tree.open("#puzzle=treeoflife");
  CHECK(tree.midend.counter_text() == "Generation: 0");
  tree.midend.play("+5", false);
  CHECK(tree.midend.counter_text() == "Generation: 5");

  Harness rush;  // Rush Hour: moves, or steps too under the steps goal
  rush.open("#puzzle=rushhour&board=" + kHardestBoard);
  rush.midend.play("M-1", false);
  CHECK(rush.midend.counter_text() == "Moves: 1");
  rush.midend.set_metric(1);
  CHECK(rush.midend.counter_text() == "Moves: 1 \u00b7 Steps: 1");

  Harness sudoku;  // Sudoku: the blanks filled
  sudoku.open("#puzzle=sudoku&board=" + kEasySudoku);
  CHECK(sudoku.midend.counter_text() == "Filled: 0 of 51");
  sudoku.midend.play("r1c3=4", false);
  CHECK(sudoku.midend.counter_text() == "Filled: 1 of 51");
}

TEST_CASE("midend: a solution played back is the solver's, not the player's moves", "[midend]") {
  on_first_examples("&solve=1", [](Harness& h, const PuzzleInfo& info, const BundledPuzzle&) {
    REQUIRE(h.midend.run());
    REQUIRE(h.midend.run()->status() == RunStatus::solved);
    play_to_end(h);
    CHECK(h.midend.hand_moves() == 0);
    CHECK(h.page_state().find("\"handMoves\":0") != std::string::npos);
    if (info.hooks.has_goal) {
      REQUIRE(h.midend.session().current().is_solved());
      CHECK(h.midend.solved_text().find("after your") == std::string::npos);
      // Solve on the solved position: said, not run ("0 moves after your N").
      h.midend.solve();
      if (!info.hooks.solve_from_start) {
        CHECK_FALSE(h.midend.solving());
        REQUIRE(h.midend.status_note());
        CHECK(h.midend.status_note()->text.find("Already solved") != std::string::npos);
      }
      h.settle();
    }
  });
  // Moves by hand before the solve are the player's, and said so.
  Harness h;
  h.open("#puzzle=amphipod&board=" + url_encode(kAmphipodSample));
  h.midend.play("C1-h3", false);
  h.midend.solve();
  REQUIRE(h.settle());
  play_to_end(h);
  CHECK(h.midend.hand_moves() == 1);
  CHECK(h.midend.solved_text().find("after your 1 move") != std::string::npos);
}

TEST_CASE("midend: what described a position goes when the position is left", "[midend]") {
  SECTION("a result is stale after a new move; the solved note goes with the position") {
    Harness h;
    h.open("#puzzle=amphipod&solve=1&board=" + url_encode(kAmphipodSample));
    play_to_end(h);
    REQUIRE(h.midend.result_current());
    // Not a bundled board: no known optimum to compare with.
    CHECK(h.midend.solved_text() == "Solved: 12521 energy");
    h.midend.restart();  // the start is on the solution: it still describes it
    CHECK(h.midend.result_current());
    const auto legal = h.midend.session().current().legal_moves();
    h.midend.play(legal.back().text, false);
    CHECK_FALSE(h.midend.result_current());
    CHECK(h.page_state().find("\"resultStale\":true") != std::string::npos);
    CHECK_FALSE(h.midend.session().solution());  // no transport for a cut-off solution
    CHECK(h.midend.playback_label().empty());
  }
  SECTION("a note is about the position it was made on") {
    Harness h;
    h.open("#puzzle=rushhour&board=" +
           url_encode("oooooo\noooooo\nAAoooo\noooooo\noooooo\noooooo"));
    h.midend.play("A+4", false);
    REQUIRE(h.midend.status_note());
    CHECK(h.midend.status_note()->text.rfind("Solved", 0) == 0);
    h.midend.undo();
    CHECK_FALSE(h.midend.status_note());
  }
  SECTION("leaving the solution drops its transport; a cancelled solve leaves none") {
    Harness h;
    h.open("#puzzle=rushhour&solve=1&board=" + kHardestBoard);
    h.midend.pause();
    REQUIRE(h.midend.session().solution());
    h.midend.restart();
    h.midend.solve();  // the old solution's transport goes at once...
    CHECK_FALSE(h.midend.session().solution());
    h.midend.cancel();  // ...and a cancel brings nothing back ("move 0 of 43")
    CHECK_FALSE(h.midend.session().solution());
    CHECK(h.midend.playback_label().empty());
  }
  SECTION("answers without moves have nothing to play back") {
    Harness h;
    h.open("#puzzle=treeoflife&solve=1");
    REQUIRE(h.midend.run()->status() == RunStatus::solved);
    CHECK(h.midend.playback_label().empty());  // never "move 0 of 0"
    h.midend.play("+1", false);  // the clock: Tree of Life's answers do not depend on it
    CHECK(h.midend.result_current());
    h.midend.play("rule=7710", false);  // another rule: other answers
    CHECK_FALSE(h.midend.result_current());
  }
  SECTION("another board starts with nothing of the last") {
    Harness h;
    h.open("#puzzle=rushhour&solve=1&board=" + kHardestBoard);
    h.midend.load_bundled(0);
    CHECK_FALSE(h.midend.run());
    CHECK_FALSE(h.midend.session().solution());
    CHECK(h.midend.counter_text() == "Moves: 0");
  }
}

TEST_CASE("midend: Bender's Solve solves the map from its start", "[midend][bender]") {
  for (const std::vector<std::string>& walked :
       {std::vector<std::string>{"R"}, std::vector<std::string>{"R", "R", "D"}}) {
    INFO(walked.size() << " moves walked");
    Harness h;
    h.open("#puzzle=bender&board=" + url_encode(kIntro4));
    for (const std::string& move : walked) h.midend.play(move, false);
    h.midend.solve();  // even at Fry: a program always runs from the start
    REQUIRE(h.midend.solving());
    REQUIRE(h.settle());
    REQUIRE(h.midend.run()->status() == RunStatus::solved);
    const SolveResult& result = *h.midend.run()->result();
    CHECK_FALSE(result.answer.empty());
    CHECK(result.cost == static_cast<int64_t>(result.answer.size()));
    const auto solution = h.midend.session().solution();
    REQUIRE(solution);
    CHECK(solution->first == 0);
    std::vector<std::string> moves;
    for (const Move& move : result.moves) moves.push_back(move.text);
    auto end = find_puzzle("bender")->parse(replay(h.midend.session().at(0), moves));
    REQUIRE(end.ok());
    CHECK(end.value()->is_solved());
    const auto check = h.midend.session().at(0).check_answer(result.answer);
    REQUIRE(check);
    CHECK(check->ok);
  }
}

TEST_CASE("midend: each puzzle's list of keys has what works there, on that device",
          "[midend][keys]") {
  PuzzleLibrary library(assets_dir());
  for (const PuzzleInfo* info : all_puzzles()) {
    INFO(info->id);
    const int boards = static_cast<int>(library.bundled(info->id).size());
    const BoardHelp help = make_view(info->id)->help();
    const KeyList keys = key_list(*info, boards, help, Device::keyboard);
    auto has = [&keys](std::string_view key) {
      return std::any_of(keys.page.begin(), keys.page.end(),
                         [key](const KeyRow& row) { return row.keys == key; });
    };
    CHECK(has("H") == info->has_hints);
    CHECK(has("N") == (info->generate != nullptr || boards > 1));
    CHECK(has("S"));
    for (const KeyRow& row : keys.page) {  // every letter listed runs a command
      if (row.keys.size() == 1)
        CHECK(shortcut_command(static_cast<unsigned char>(std::tolower(row.keys[0]))));
    }
    CHECK_FALSE(help_line(help, Device::keyboard).empty());
    CHECK_FALSE(keys.board.empty());

    // A touch screen has no keys: nothing listed or said names one.
    const KeyList touch = key_list(*info, boards, help, Device::touch);
    CHECK(help_line(help, Device::touch) == touch.board.at(0).what);
    for (const auto* rows : {&touch.page, &touch.board}) {
      for (const KeyRow& row : *rows) {
        for (const char* word :
             {"Tab", "Esc", "Ctrl", "arrow", "Arrow", "Enter", "Space", "Shift", "(S)", "(H)"}) {
          INFO(row.keys << ": " << row.what);
          CHECK(row.keys.find(word) == std::string::npos);
          CHECK(row.what.find(word) == std::string::npos);
        }
      }
    }
    CHECK(std::any_of(touch.page.begin(), touch.page.end(),
                      [](const KeyRow& row) { return row.keys == "Hint"; }) == info->has_hints);
  }
}

TEST_CASE("midend: the rules card opens on a puzzle's first visit only", "[midend][rules]") {
  for (const PuzzleInfo* info : all_puzzles()) {
    INFO(info->id);
    REQUIRE_FALSE(info->rules.text.empty());
    auto entries = std::make_shared<std::map<std::string, std::string>>();
    Harness first;
    attach(first, entries);
    first.open("#puzzle=" + std::string(info->id));
    CHECK(first.midend.rules_shown());
    CHECK(first.page_state().find("\"rulesShown\":true") != std::string::npos);
    first.midend.command("closeRules");
    CHECK_FALSE(first.midend.rules_shown());
    Harness again;  // the page opened again: remembered per puzzle
    attach(again, entries);
    again.open("#puzzle=" + std::string(info->id));
    CHECK_FALSE(again.midend.rules_shown());
    again.midend.command("rules");  // and there whenever asked for
    CHECK(again.midend.rules_shown());
    CHECK(again.midend.announcement().text.find("How to play") != std::string::npos);
    Harness embed;  // never over a blogger's embed
    embed.open("#puzzle=" + std::string(info->id) + "&embed=1");
    CHECK_FALSE(embed.midend.rules_shown());
  }
  Harness session;  // without a store: once a session
  session.open("#puzzle=sudoku");
  session.midend.close_rules();
  session.midend.select_puzzle(*find_puzzle("bender"));
  CHECK(session.midend.rules_shown());
  session.midend.close_rules();
  session.midend.select_puzzle(*find_puzzle("sudoku"));
  CHECK_FALSE(session.midend.rules_shown());
}

TEST_CASE("midend: a screen reader hears each move, the outcome and the position",
          "[midend][a11y]") {
  Harness h;
  h.open("#puzzle=amphipod&board=" + url_encode(kAmphipodSample));
  CHECK(h.midend.announcement().text.rfind("Amphipod", 0) == 0);
  uint64_t serial = h.midend.announcement().serial;
  h.midend.play("C1-h3", false);
  CHECK(h.midend.announcement().serial != serial);
  CHECK(h.midend.announcement().text == "C1-h3. Moves: 1 \u00b7 Energy: 40.");
  h.midend.command("describe");
  CHECK(h.midend.announcement().text.find("Hallway: B on 3.") != std::string::npos);
  serial = h.midend.announcement().serial;
  h.midend.solve();
  CHECK(h.midend.announcement().text.rfind("Solving", 0) == 0);
  REQUIRE(h.settle());
  CHECK(h.midend.announcement().text.rfind("Optimal solution: ", 0) == 0);
}

TEST_CASE("midend: a text option is a switch in the app, and in the link", "[midend][amphipod]") {
  Harness h;
  h.open("#puzzle=amphipod&board=" + url_encode(kAmphipodSample));
  const std::string folded = h.midend.session().current().format();
  h.midend.set_text_option("unfold", true);
  CHECK(h.midend.text_option_on("unfold"));
  const std::string unfolded = h.midend.session().current().format();
  CHECK(unfolded.find("#D#C#B#A#") != std::string::npos);
  const std::string link = h.midend.share_hash();
  CHECK(link.find("&unfold=1") != std::string::npos);
  Harness again;  // the link reopens it with the switch on
  again.open(link);
  CHECK(again.midend.text_option_on("unfold"));
  CHECK(again.midend.session().current().format() == unfolded);
  again.midend.set_text_option("unfold", false);
  CHECK(again.midend.session().current().format() == folded);
  CHECK(again.midend.share_hash().find("unfold") == std::string::npos);
}

TEST_CASE("midend: a generated Rush Hour board comes with its known optimum",
          "[midend][rushhour]") {
  Harness h;
  h.open(make_generate_hash("rushhour", "15", 3));
  REQUIRE(h.midend.generated());
  REQUIRE(h.midend.known_cost());
  auto direct = find_puzzle("rushhour")->parse(h.midend.start_board());
  REQUIRE(direct.ok());
  CHECK(*h.midend.known_cost() == direct.value()->solve({}).cost);
}

// --- Compare ----------------------------------------------------------------

namespace {

// Runs a comparison of the position on screen to its end.
const CompareRun& compare_all(Harness& h) {
  h.midend.compare();
  REQUIRE(h.midend.comparing());
  CHECK(h.midend.working() == RequestKind::solve);
  REQUIRE(h.settle());
  REQUIRE(h.midend.comparison());
  CHECK(h.midend.comparison()->done());
  CHECK_FALSE(h.midend.comparing());
  return *h.midend.comparison();
}

template <class Names>
int choice_index(const Names& names, const std::string& name) {
  for (size_t i = 0; i < names.size(); ++i) {
    if (names[i].name == name) return static_cast<int>(i);
  }
  return 0;
}

}  // namespace

TEST_CASE("midend: Compare's rows are what Solve gives alone, and a click plays one back",
          "[midend][compare]") {
  on_first_examples([](Harness& h, const PuzzleInfo& info, const BundledPuzzle&) {
    if (compare_plan(info).size() < 2) {  // one search: nothing to compare, and it says so
      h.midend.compare();
      CHECK_FALSE(h.midend.comparing());
      CHECK(h.midend.status_note());
      return;
    }
    const std::vector<CompareRow> rows = compare_all(h).rows();
    REQUIRE(rows.size() == compare_plan(info).size());
    CHECK(h.midend.session().index() == 0);  // the board did not move
    CHECK_FALSE(find_contradiction(rows));
    for (const CompareRow& row : rows) {
      INFO(row.algorithm << " " << row.metric << ": " << row.why);
      h.midend.set_algorithm(choice_index(info.algorithms, row.algorithm));
      h.midend.set_metric(choice_index(info.metrics, row.metric));
      h.midend.solve();
      REQUIRE(h.settle());
      const SolveRun& alone = *h.midend.run();
      CHECK(to_string(row.status) == to_string(compare_status(alone.result()->status)));
      CHECK(row.cost == alone.result()->cost);
      CHECK(row.optimal == (alone.result()->optimal && row.status == CompareStatus::solved));
      CHECK(row.moves.size() == alone.result()->moves.size());
      h.midend.pause();
      h.midend.restart();
    }
    // A click on a solved row plays its solution back from the position compared.
    const auto first = std::find_if(rows.begin(), rows.end(), [](const CompareRow& row) {
      return row.status == CompareStatus::solved;
    });
    REQUIRE(first != rows.end());
    const size_t index = static_cast<size_t>(first - rows.begin());
    h.midend.play_compare_row(index);
    CHECK(h.midend.comparison()->selected == index);
    REQUIRE(h.midend.run());
    CHECK(h.midend.run()->request().algorithm == first->algorithm);
    CHECK(h.midend.run()->result()->cost == first->cost);
    const auto solution = h.midend.session().solution();
    REQUIRE(solution);
    CHECK(solution->last - solution->first == static_cast<int>(first->moves.size()));
    CHECK(h.midend.playing() == !first->moves.empty());
    CHECK(h.midend.comparison_current());
    CHECK(h.page_state().find("\"comparison\":{\"rows\":" + std::to_string(rows.size())) !=
          std::string::npos);
  });
}

TEST_CASE("midend: Cancel stops the whole comparison, the next one runs", "[midend][compare]") {
  on_first_examples([](Harness& h, const PuzzleInfo& info, const BundledPuzzle&) {
    if (compare_plan(info).size() < 2) return;
    h.midend.command("compare");
    REQUIRE(h.midend.comparing());
    h.midend.command("cancel");
    const CompareRun& stopped = *h.midend.comparison();
    CHECK(stopped.cancelled());
    CHECK_FALSE(h.midend.comparing());
    CHECK_FALSE(h.midend.working());
    CHECK_FALSE(h.client->busy());
    for (int i = 0; i < 3; ++i) {  // what the stopped search still says is dropped
      h.client->wait_for_messages(std::chrono::milliseconds(50));
      h.midend.tick();
    }
    CHECK_FALSE(h.midend.working());
    REQUIRE(stopped.runs().size() == 1);  // no row after the cancelled one started
    const std::vector<CompareRow> rows = stopped.rows();
    REQUIRE(rows.size() == 1);
    CHECK(rows[0].status == CompareStatus::budget);
    CHECK(rows[0].why == "cancelled");
    CHECK(h.midend.session().size() == 1);
    CHECK(compare_all(h).rows().size() == compare_plan(info).size());
  });
}

TEST_CASE("midend: a node budget stops the rows that need more, not the others",
          "[midend][compare]") {
  int split = 0;  // puzzles whose rows needed different numbers of states
  on_first_examples([&split](Harness& h, const PuzzleInfo& info, const BundledPuzzle&) {
    if (compare_plan(info).size() < 2) return;
    const std::vector<CompareRow> free = compare_all(h).rows();
    uint64_t least = UINT64_MAX, most = 0;
    for (const CompareRow& row : free) {
      if (row.status != CompareStatus::solved) continue;
      least = std::min(least, row.stats.expanded);
      most = std::max(most, row.stats.expanded);
    }
    if (least >= most) return;
    ++split;
    h.midend.set_budgets({.nodes = most});  // the row(s) that needed the most stop
    const std::vector<CompareRow> bounded = compare_all(h).rows();
    REQUIRE(bounded.size() == free.size());  // every row ran
    for (size_t i = 0; i < free.size(); ++i) {
      INFO(free[i].algorithm << " " << free[i].metric << ": " << bounded[i].why);
      if (free[i].status != CompareStatus::solved) continue;
      if (free[i].stats.expanded < most) {
        CHECK(bounded[i].status == CompareStatus::solved);
        CHECK(bounded[i].cost == free[i].cost);
        CHECK(bounded[i].optimal == free[i].optimal);
      } else {  // stopped, or an anytime search's best so far, not proven
        CHECK((bounded[i].status == CompareStatus::budget || !bounded[i].optimal));
      }
    }
  });
  CHECK(split >= 2);
}

// Stored state that fails to load (the second outside probe): set aside with
// a note, never fatal, never tried again on the next visit.
TEST_CASE("midend: a stored edit larger than any board is set aside with a note, once",
          "[midend][limits][edit]") {
  auto entries = std::make_shared<std::map<std::string, std::string>>();
  // What any script on a shared origin could plant: 130 KB that took 1.5 GiB.
  std::string bomb = std::string(50000, 'o') + "\n";
  for (int i = 0; i < 40000; ++i) bomb += "o\n";
  (*entries)["last"] = "rushhour";
  (*entries)["edit:rushhour"] = bomb;
  {
    Harness h;
    attach(h, entries);
    testing::AllocationMeter meter(64 << 20);
    h.open("");
    CHECK_FALSE(meter.refused());
    CHECK(meter.peak() < 16 * bomb.size() + (4 << 20));
    CHECK(h.midend.puzzle()->id == "rushhour");
    CHECK_FALSE(h.midend.editing());
    REQUIRE(h.midend.status_note());
    CHECK(h.midend.status_note()->kind == Midend::Note::Kind::error);
    INFO(h.midend.status_note()->text);
    CHECK(h.midend.status_note()->text.find("The board being built could not be reopened") == 0);
    CHECK(h.midend.status_note()->text.find("set aside") != std::string::npos);
    CHECK(h.midend.status_note()->text.size() < 400);
  }
  CHECK((*entries)["edit:rushhour"].empty());
  CHECK((*entries)["set-aside:edit:rushhour"] == bomb);
  CHECK((*entries)["restoring"].empty());
  Harness again;  // the next visit opens cleanly, with no note
  attach(again, entries);
  again.open("");
  CHECK(again.midend.puzzle()->id == "rushhour");
  CHECK_FALSE(again.midend.status_note());
}

TEST_CASE("midend: stored state the page died reopening is set aside on the next visit",
          "[midend][limits]") {
  auto entries = std::make_shared<std::map<std::string, std::string>>();
  (*entries)["last"] = "rushhour";
  (*entries)["rushhour"] = "puzzle=rushhour&board=" + kHardestBoard + "&moves=A%2B1";
  (*entries)["restoring"] = "rushhour";  // the last visit stopped there
  Harness h;
  attach(h, entries);
  h.open("");
  REQUIRE(h.midend.status_note());
  INFO(h.midend.status_note()->text);
  CHECK(h.midend.status_note()->text.find(
            "What was open when the page last stopped could not be reopened") == 0);
  CHECK((*entries)["rushhour"] != "puzzle=rushhour&board=" + kHardestBoard + "&moves=A%2B1");
  CHECK((*entries)["set-aside:rushhour"] ==
        "puzzle=rushhour&board=" + kHardestBoard + "&moves=A%2B1");
  CHECK((*entries)["restoring"].empty());
}

TEST_CASE("midend: a link's unknown keys are named a few at a time, the rest counted",
          "[midend][limits]") {
  std::string link = "#puzzle=rushhour&board=" + kHardestBoard + "&colour=red";
  for (int i = 0; i < 200000; ++i) link += "&x=1";
  Harness h;
  h.open(link);
  INFO(h.midend.link_error().substr(0, 300));
  CHECK(h.midend.link_error() ==
        "'colour=red', 'x=1' and 199999 more in the link are not understood: ignored.");
  Harness one;
  one.open("#puzzle=rushhour&board=" + kHardestBoard + "&colour=red");
  CHECK(one.midend.link_error() == "'colour=red' in the link is not understood: ignored.");
}
