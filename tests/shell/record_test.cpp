// The game record (shell/midend/game_record.h): whatever is done (moves,
// undo and redo, hints, Solve, playback, jumps across the Cluster view, link
// round trips), the counter, "Solved: ... after your k moves", the share
// link and a GIF's frames and caption read one record and agree with it.
// A property test over random action sequences for every puzzle, and the
// defects of issue 43 on the hardest 6x6 Rush Hour board, one by one.
#include <catch2/catch.hpp>

#include <memory>
#include <random>
#include <string>
#include <vector>

#include "core/space.h"
#include "key_help.h"
#include "midend/game_record.h"
#include "midend/launch_options.h"
#include "midend/midend.h"
#include "midend/puzzle_library.h"
#include "native/thread_solver_client.h"
#include "puzzles/puzzle_list.h"
#include "support/rushhour_games.h"
#include "support/sanitizer.h"
#include "support/solver_wait.h"
#include "support/space_moves.h"

using namespace puzzlelab;
using namespace puzzlelab::shell;

namespace {

using puzzlelab::testing::kHardestRushHour;  // optimum 60

struct RecordHarness {
  double time = 0;
  ThreadSolverClient* client = nullptr;
  Midend midend;

  explicit RecordHarness(double time_budget_ms = 5'000)
      : midend(PUZZLELAB_ASSETS_DIR, testing::thread_client(client), [this] { return time; }) {
    // A random position may be a hard one.
    midend.set_budgets({200'000, 256u << 20, time_budget_ms});
  }
  bool settle() {
    return testing::wait_until(
        *client, [&] { return !midend.working(); }, [&] { midend.tick(); });
  }
  void open(const std::string& hash) {
    midend.open(parse_hash(hash));
    REQUIRE(settle());
  }
  // Solves and leaves the solution on the chain, playback paused at its start.
  void solve() {
    midend.solve();
    REQUIRE(settle());
    midend.pause();
  }
};

// The counter's number of the player's moves ("Moves: 8", "Your moves: 8 · ...").
int counter_moves(const std::string& counter) {
  const size_t colon = counter.find("oves: ");
  REQUIRE(colon != std::string::npos);
  return std::stoi(counter.substr(colon + 6));
}

// A jump across the Cluster view: the moves of the path to the position
// `depth` moves along a fewest-moves path to the goal.
std::vector<std::string> jump_toward_goal(const Game& start, int depth) {
  const Space space = start.info().hooks.space(start, {}, 0);
  std::vector<int> path = path_to_solved(space, adjacency(space, Along::forward), 0);
  REQUIRE(static_cast<int>(path.size()) > depth);
  path.resize(depth + 1);
  const std::vector<std::string> moves = testing::moves_along(start, space, path);
  REQUIRE(static_cast<int>(moves.size()) == depth);
  return moves;
}

// The player's moves and the solution's, apart, as a record lists them.
struct Split {
  std::vector<std::string> moves;
  std::vector<bool> solution;
  bool operator==(const Split&) const = default;
};
Split split(const Midend& midend) {
  Split out;
  for (const RecordMove& move : midend.record().moves_to(midend.session().index())) {
    out.moves.push_back(move.text);
    out.solution.push_back(move.origin == StepOrigin::solution);
  }
  return out;
}

// What every state must hold, whatever led to it.
void check_record(RecordHarness& h, const std::optional<int64_t>& optimum) {
  const Midend& m = h.midend;
  if (m.session().empty()) return;
  const GameRecord record = m.record();
  const int at = m.session().index();
  INFO("counter: " << m.counter_text() << "; link: " << m.share_hash());
  // The counter is the record's count of the player's moves.
  CHECK(m.hand_moves() == record.player_moves());
  if (!m.session().current().counter()) CHECK(counter_moves(m.counter_text()) == m.hand_moves());
  // A GIF: the start and one frame a move, each a move from the one before.
  const auto frames = record.frames(at);
  const auto moves = record.moves_to(at);
  REQUIRE(frames.size() == moves.size() + 1);
  for (size_t k = 0; k < moves.size(); ++k) {
    auto next = frames[k]->clone();
    REQUIRE(next->apply(moves[k].text));
    CHECK(next->format() == frames[k + 1]->format());
  }
  CHECK(frames.back()->format() == m.session().current().format());
  // Captions name what they show.
  const std::string caption = record.animation_caption("Board", at);
  if (record.solution_moves() > 0) CHECK(caption.find("the solution's") != std::string::npos);
  if (record.player_moves() > 0) CHECK(caption.find("your ") != std::string::npos);
  if (moves.empty()) CHECK(record.picture_caption("Board", at) == "Board");
  // "Solved: N after your k": never fewer than the bundled start's optimum.
  const std::string solved = m.solved_text();
  const size_t after = solved.find(" after your ");
  if (optimum && m.session().current().is_solved() && after != std::string::npos &&
      m.solve_unit() == "moves") {
    const int64_t shown = std::stoll(solved.substr(8));
    const int64_t mine = std::stoll(solved.substr(after + 12));
    CHECK(shown + mine >= *optimum);
  }
}

// A link round trip: the same moves, the player's and the solution's apart.
void check_round_trip(RecordHarness& h) {
  const std::string link = h.midend.share_hash();
  if (link.empty()) return;
  RecordHarness other;
  other.open(link);
  INFO("link: " << link);
  CHECK(other.midend.link_error().empty());
  CHECK(split(other.midend) == split(h.midend));
  CHECK(other.midend.hand_moves() == h.midend.hand_moves());
  CHECK(other.midend.record().solution_moves() == h.midend.record().solution_moves());
  CHECK(other.midend.share_hash() == link);
}

void random_action(RecordHarness& h, std::mt19937& random) {
  Midend& m = h.midend;
  const auto pick = [&](size_t n) {
    return std::uniform_int_distribution<size_t>(0, n - 1)(random);
  };
  const std::vector<Move> legal = m.session().current().legal_moves();
  switch (pick(10)) {
    case 0:
    case 1:
      if (!legal.empty()) m.play(legal[pick(std::min<size_t>(legal.size(), 40))].text, false);
      break;
    case 2: {  // a jump: several moves as one step
      std::vector<std::string> path;
      auto at = m.session().current().clone();
      for (size_t k = 0, n = 2 + pick(4); k < n; ++k) {
        const auto moves = at->legal_moves();
        if (moves.empty()) break;
        const std::string move = moves[pick(std::min<size_t>(moves.size(), 40))].text;
        if (!at->apply(move)) break;
        path.push_back(move);
      }
      m.play_steps(path);
      break;
    }
    case 3:
      m.undo();
      break;
    case 4:
      m.redo();
      break;
    case 5:
      if (m.puzzle()->has_hints) {
        m.hint();
        REQUIRE(h.settle());
        m.apply_hint();
      } else {
        m.restart();
      }
      break;
    case 6:
      if (!m.session().current().is_solved()) h.solve();
      break;
    case 7:
      if (const auto solution = m.session().solution())
        m.seek(solution->first + static_cast<int>(pick(solution->last - solution->first + 1)));
      break;
    case 8:
      m.solution_end(pick(2) == 0);
      break;
    default:
      m.step(pick(2) == 0 ? 1 : -1);
      break;
  }
}

// Bender's Solve (and Hint) shortens the program it found until it is done
// or its time budget, in CPU time, runs out: under AddressSanitizer, ten
// times slower, it runs to the budget each time, there a fifth of Release's
// (its walk is found in milliseconds): the same steps, a shorter search.
// The other puzzles' budgets are wall time, and stay.
double random_play_time_ms(std::string_view puzzle) {
#if defined(PUZZLELAB_TEST_ASAN)
  if (puzzle == "bender") return 1'000;
#endif
  (void)puzzle;
  return 5'000;
}

}  // namespace

TEST_CASE("record: random play keeps every count, link and GIF on one record", "[midend][record]") {
  for (const PuzzleInfo* info : all_puzzles()) {
    PuzzleLibrary library(PUZZLELAB_ASSETS_DIR);
    const auto& bundled = library.bundled(info->id);
    REQUIRE_FALSE(bundled.empty());
    for (uint32_t seed = 1; seed <= 4; ++seed) {
      INFO(info->id << ", seed " << seed);
      std::mt19937 random(seed);
      RecordHarness h(random_play_time_ms(info->id));
      h.open(make_hash(info->id, bundled.front().board));
      const std::optional<int64_t> optimum = h.midend.known_cost();
      for (int action = 0; action < 24; ++action) {
        random_action(h, random);
        check_record(h, optimum);
        if (action % 8 == 7) check_round_trip(h);
      }
      check_round_trip(h);
    }
  }
}

TEST_CASE("record: a jump of 8 moves counts 8, and Solve adds up to the optimum",
          "[midend][record]") {
  RecordHarness h;
  h.open(std::string("#puzzle=rushhour&board=") + kHardestRushHour);
  REQUIRE(h.midend.known_cost() == 60);
  CHECK(h.midend.board_name() == "The hardest 6x6 (60 moves)");
  h.midend.play_steps(jump_toward_goal(h.midend.session().current(), 8));
  CHECK(h.midend.session().index() == 1);  // one undo step
  CHECK(h.midend.hand_moves() == 8);
  CHECK(h.midend.counter_text() == "Moves: 8");
  CHECK(h.midend.announcement().text.find("Moves: 8.") != std::string::npos);
  h.solve();
  h.midend.solution_end(true);
  CHECK(h.midend.solved_text() == "Solved: 52 moves after your 8 moves");
  // A GIF of the whole record: the start and a frame a move, 60 moves.
  const GameRecord record = h.midend.record();
  CHECK(record.frames(h.midend.session().size() - 1).size() == 61);
  CHECK(record.animation_caption("Rush Hour \u00b7 The hardest 6x6", h.midend.session().index()) ==
        "Rush Hour \u00b7 The hardest 6x6 \u00b7 your 8 moves and the solution's 52 moves");
}

TEST_CASE("record: a link after Solve and playback credits none of the solver's moves",
          "[midend][record]") {
  RecordHarness h;
  h.open(std::string("#puzzle=rushhour&board=") + kHardestRushHour);
  h.midend.play(h.midend.session().current().legal_moves().front().text, false);
  h.midend.undo();  // nothing of the player's on the way
  h.solve();
  h.midend.solution_end(true);
  REQUIRE(h.midend.session().current().is_solved());
  const std::string link = h.midend.share_hash();
  CHECK(link.find("&shown=1-60") != std::string::npos);
  RecordHarness recipient;
  recipient.open(link);
  CHECK(recipient.midend.session().current().is_solved());
  CHECK(recipient.midend.hand_moves() == 0);
  CHECK(recipient.midend.counter_text() == "Your moves: 0");
  CHECK(recipient.midend.record().solution_moves() == 60);
  JsonWriter json;  // window.puzzleLab.handMoves
  json.begin_object();
  recipient.midend.write_state(json);
  json.end_object();
  CHECK(json.str().find("\"handMoves\":0,") != std::string::npos);
  CHECK(json.str().find("\"solutionMoves\":60,") != std::string::npos);
}

TEST_CASE("record: a picture after Solve says what it shows", "[midend][record]") {
  RecordHarness h;
  h.open(std::string("#puzzle=rushhour&board=") + kHardestRushHour);
  const std::string base = "Rush Hour \u00b7 The hardest 6x6 (60 moves) \u00b7 optimum 60 moves";
  CHECK(h.midend.record().picture_caption(base, 0) == base);
  h.solve();
  h.midend.solution_end(true);
  CHECK(h.midend.record().picture_caption(base, h.midend.session().index()) ==
        base + " \u00b7 after the solution's 60 moves");
}

TEST_CASE("record: a link's shown moves that are not a range say so", "[midend][record]") {
  const LinkOrigins fine = read_shown("2-3,5", 5);
  CHECK(fine.error.empty());
  CHECK(fine.origins == std::vector<StepOrigin>{StepOrigin::hand, StepOrigin::solution,
                                                StepOrigin::solution, StepOrigin::hand,
                                                StepOrigin::solution});
  for (const char* bad : {"0-2", "3-2", "1-9", "x", "1-", "-3"}) {
    INFO(bad);
    const LinkOrigins read = read_shown(bad, 5);
    CHECK_FALSE(read.error.empty());
    CHECK(read.origins == std::vector<StepOrigin>(5, StepOrigin::hand));
  }
}

TEST_CASE("record: the editor's board has its own identity, and keeps its optimum",
          "[midend][record][edit]") {
  for (const PuzzleInfo* info : all_puzzles()) {
    if (!info->editor || !info->editor->example) continue;
    INFO(info->id);
    RecordHarness h;
    h.open("#puzzle=" + std::string(info->id));  // its first bundled board
    const std::string bundled_name = h.midend.board_name();
    h.midend.start_editing();
    REQUIRE(h.midend.editing());
    h.midend.edit_blank(info->editor->default_size);
    for (const std::string& edit : info->editor->example()) h.midend.play(edit, false);
    // Not the old board's name above the verdict for the one being built.
    CHECK(h.midend.board_name() == "the board being built");
    CHECK(h.midend.board_name() != bundled_name);
    testing::wait_until(
        *h.client, [&] { return h.midend.edit()->verdict().kind != EditVerdict::Kind::checking; },
        [&] { h.midend.tick(); });
    const EditVerdict verdict = h.midend.edit()->verdict();
    REQUIRE(verdict.kind == EditVerdict::Kind::solvable);
    REQUIRE(h.midend.play_edited());
    // A board built to be a bundled one is that one (Sudoku's example).
    if (h.midend.bundled_index() < 0) {
      CHECK(h.midend.record().start().kind == RecordStart::Kind::edited);
      CHECK(h.midend.board_name() == "your own board");
    } else {
      CHECK(h.midend.record().start().kind == RecordStart::Kind::bundled);
    }
    // The verdict's optimum stays with the board it was for.
    if (verdict.optimal && info->hooks.has_goal) CHECK(h.midend.known_cost() == verdict.cost);
  }
}

TEST_CASE("record: a solve=1 link shows How to play after its playback, not over it",
          "[midend][record]") {
  RecordHarness h;
  h.open(std::string("#puzzle=rushhour&board=") + kHardestRushHour + "&solve=1");
  CHECK(h.midend.playing());
  CHECK_FALSE(h.midend.rules_shown());
  while (h.midend.playing()) {
    h.time += 1;
    h.midend.tick();
  }
  CHECK(h.midend.rules_shown());
  // Without solve=1 the first visit shows it at once.
  RecordHarness plain;
  plain.open(std::string("#puzzle=rushhour&board=") + kHardestRushHour);
  CHECK(plain.midend.rules_shown());
}
