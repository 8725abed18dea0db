// Search traces (core/trace.h) for every puzzle that offers them: a trace
// replayed is a valid search. Each state is its parent's with the recorded
// moves applied; g grows by the moves' costs; BFS's depths, A*'s f and
// Dijkstra's costs never fall; IDA*'s rounds raise their bound; the last
// state is solved and its g is the optimum the puzzle's own solver finds.
#include <catch2/catch.hpp>

#include <set>
#include <sstream>
#include <string>

#include "api/solve_protocol.h"
#include "core/puzzle.h"
#include "core/space.h"
#include "core/trace.h"
#include "puzzles/puzzle_list.h"
#include "search/best_first.h"
#include "support/puzzle_examples.h"

using namespace puzzlelab;

namespace {

std::unique_ptr<Game> parse_traced_board(const PuzzleInfo& info, std::string_view text) {
  auto parsed = info.parse(text);
  REQUIRE(parsed);
  return std::move(parsed).value();
}

// Replays every step from its parent's board (or the start) and checks the
// board it reaches and the cost it adds.
void check_replays(const PuzzleInfo& info, const std::string& start, const SearchTrace& trace) {
  std::set<uint32_t> seen;
  for (size_t k = 0; k < trace.steps.size(); ++k) {
    const TraceStep& step = trace.steps[k];
    INFO("step " << k << " move '" << step.move << "'");
    REQUIRE(step.state < trace.boards.size());
    const bool root = step.parent == TraceStep::kNoParent;
    REQUIRE((root || step.parent < k));
    const auto game =
        parse_traced_board(info, root ? start : trace.boards[trace.steps[step.parent].state]);
    int64_t cost = 0;
    std::istringstream words(step.move);
    for (std::string move; words >> move;) {
      const ApplyResult applied = game->apply(move);
      REQUIRE(applied.error == "");
      cost += applied.cost;
    }
    CHECK(game->format() == trace.boards[step.state]);
    CHECK(step.g == (root ? cost : trace.steps[step.parent].g + cost));
    seen.insert(step.state);
    CHECK(step.visited == seen.size());
  }
}

// What each algorithm promises of the order it takes states in.
void check_order(const SearchTrace& trace) {
  const auto& steps = trace.steps;
  for (size_t k = 1; k < steps.size(); ++k) {
    INFO(trace.algorithm << " step " << k);
    if (trace.algorithm == "bfs" || trace.algorithm == "dijkstra") {
      CHECK(steps[k].g >= steps[k - 1].g);
    }
    if (trace.algorithm == "astar") CHECK(steps[k].f >= steps[k - 1].f);
    if (trace.algorithm == "idastar") CHECK(steps[k].iteration >= steps[k - 1].iteration);
  }
  if (trace.algorithm != "idastar") {
    CHECK(trace.round_bounds.empty());
    return;
  }
  for (size_t r = 1; r < trace.round_bounds.size(); ++r) {
    CHECK(trace.round_bounds[r] > trace.round_bounds[r - 1]);
  }
  for (const TraceStep& step : steps) {
    REQUIRE(step.iteration < trace.round_bounds.size());
    CHECK(step.f <= trace.round_bounds[step.iteration]);
  }
}

// Traces `board` with `algorithm` and checks it whole against the puzzle's
// own solver; returns the trace.
SearchTrace check_trace(const PuzzleInfo& info, const std::string& board,
                        std::string_view algorithm) {
  INFO(info.id << " " << algorithm << " on " << board);
  const auto game = parse_traced_board(info, board);
  SolveOptions options;
  options.algorithm = algorithm;
  const SearchTrace trace = trace_search(*game, options, kMaxTraceLimit);
  REQUIRE(trace.message == (trace.status == SolveStatus::solved ? "" : trace.message));
  REQUIRE(trace.status == SolveStatus::solved);
  REQUIRE_FALSE(trace.truncated);
  REQUIRE(trace.ends_at_goal);
  CHECK(trace.algorithm == algorithm);
  check_replays(info, board, trace);
  check_order(trace);
  const TraceStep& last = trace.steps.back();
  CHECK(parse_traced_board(info, trace.boards[last.state])->is_solved());
  const SolveResult optimum = game->solve(SolveOptions{});
  REQUIRE(optimum.status == SolveStatus::solved);
  CHECK(last.g == optimum.cost);
  CHECK(trace.cost == optimum.cost);
  // The solution's steps run from a start (IDA*'s last round's) to the
  // last step, each the next's parent, one more than its moves.
  const std::vector<uint32_t> path = trace.solution_steps();
  REQUIRE(trace.steps[path.front()].parent == TraceStep::kNoParent);
  CHECK(trace.steps[path.front()].state == trace.steps.front().state);
  REQUIRE(path.back() == trace.steps.size() - 1);
  for (size_t i = 1; i < path.size(); ++i) CHECK(trace.steps[path[i]].parent == path[i - 1]);
  return trace;
}

}  // namespace

TEST_CASE("every puzzle that traces: its traces replay as valid searches", "[trace]") {
  int traced = 0;
  for (const PuzzleInfo* info : all_puzzles()) {
    if (!info->hooks.trace) continue;
    const auto boards = testing::puzzle_examples(PUZZLELAB_ASSETS_DIR, info->id);
    REQUIRE_FALSE(boards.empty());
    for (const Choice& algorithm : info->algorithms)
      check_trace(*info, boards.front(), algorithm.name);
    ++traced;
  }
  CHECK(traced >= 2);  // Rush Hour and Amphipod
}

TEST_CASE("the hardest 6x6 Rush Hour board: every algorithm's trace ends at 60 moves", "[trace]") {
  const PuzzleInfo& info = *find_puzzle("rushhour");
  for (const Choice& algorithm : info.algorithms) {
    const SearchTrace trace =
        check_trace(info, "IBBxooIooLDDJAALooJoKEEMFFKooMGGHHHM", algorithm.name);
    CHECK(trace.steps.back().g == 60);
    CHECK(trace.solution_steps().size() == 61);
  }
}

TEST_CASE("the Amphipod example: A* and Dijkstra traces end at 12521", "[trace]") {
  const PuzzleInfo& info = *find_puzzle("amphipod");
  const std::string board =
      "#############\n#...........#\n###B#C#B#D###\n  #A#D#C#A#\n  #########\n";
  const SearchTrace astar = check_trace(info, board, "astar");
  const SearchTrace dijkstra = check_trace(info, board, "dijkstra");
  CHECK(astar.steps.back().g == 12521);
  CHECK(dijkstra.steps.back().g == 12521);
  CHECK(astar.steps.size() < dijkstra.steps.size());  // the bound spares work
}

TEST_CASE("a traced search expands what the untraced one does", "[trace]") {
  const PuzzleInfo& info = *find_puzzle("rushhour");
  const auto game = parse_traced_board(info, "IBBxooIooLDDJAALooJoKEEMFFKooMGGHHHM");
  for (const char* algorithm : {"astar", "idastar", "dijkstra"}) {
    SolveOptions options;
    options.algorithm = algorithm;
    const SolveResult solved = game->solve(options);
    const SearchTrace trace = trace_search(*game, options, kMaxTraceLimit);
    INFO(algorithm);
    CHECK(trace.stats.expanded == solved.stats.expanded);
    CHECK(trace.cost == solved.cost);
  }
}

TEST_CASE("a trace stops recording at its limit while the search goes on", "[trace]") {
  const PuzzleInfo& info = *find_puzzle("rushhour");
  const auto game = parse_traced_board(info, "IBBxooIooLDDJAALooJoKEEMFFKooMGGHHHM");
  SolveOptions options;
  options.algorithm = "astar";
  const SearchTrace trace = trace_search(*game, options, 10);
  CHECK(trace.steps.size() == 10);
  CHECK(trace.truncated);
  CHECK_FALSE(trace.ends_at_goal);
  CHECK(trace.solution_steps().empty());
  CHECK(trace.status == SolveStatus::solved);
  CHECK(trace.cost == 60);
  check_replays(info, "IBBxooIooLDDJAALooJoKEEMFFKooMGGHHHM", trace);
}

TEST_CASE("a trace asked wrongly says what is wrong", "[trace]") {
  const PuzzleInfo& rushhour = *find_puzzle("rushhour");
  const auto game = parse_traced_board(rushhour, "IBBxooIooLDDJAALooJoKEEMFFKooMGGHHHM");
  SolveOptions options;
  options.algorithm = "greedy";
  SearchTrace trace = trace_search(*game, options, 100);
  CHECK(trace.status == SolveStatus::invalid);
  CHECK(trace.message == "unknown algorithm 'greedy': expected bfs, astar, idastar, dijkstra");
  trace = trace_search(*game, SolveOptions{}, 0);
  CHECK(trace.status == SolveStatus::invalid);
  CHECK(trace.message == "a trace holds 1 to 1000000 expansions, not 0");
  const PuzzleInfo& sudoku = *find_puzzle("sudoku");
  const auto grid =
      parse_traced_board(sudoku, testing::puzzle_examples(PUZZLELAB_ASSETS_DIR, "sudoku")[0]);
  trace = trace_search(*grid, SolveOptions{}, 100);
  CHECK(trace.message == "sudoku has no search traces");
}

TEST_CASE("a trace honours the search's budgets", "[trace]") {
  const PuzzleInfo& info = *find_puzzle("amphipod");
  const auto game = parse_traced_board(
      info, "#############\n#...........#\n###B#C#B#D###\n  #A#D#C#A#\n  #########\n");
  SolveOptions options;
  options.algorithm = "dijkstra";
  options.node_budget = 50;
  const SearchTrace trace = trace_search(*game, options, 1000);
  CHECK(trace.status == SolveStatus::budget_exceeded);
  CHECK(trace.steps.size() <= 50);
  CHECK_FALSE(trace.ends_at_goal);
  check_replays(info, "#############\n#...........#\n###B#C#B#D###\n  #A#D#C#A#\n  #########\n",
                trace);
}

TEST_CASE("a trace's JSON holds its columns", "[trace]") {
  const PuzzleInfo& info = *find_puzzle("rushhour");
  const auto game = parse_traced_board(info, "IBBxooIooLDDJAALooJoKEEMFFKooMGGHHHM");
  const SearchTrace trace = trace_for_watching(*game, SolveOptions{}, 3);
  const std::string json = encode_trace(trace);
  CHECK(json.starts_with(R"({"algorithm":"bfs","metric":"moves","status":"solved",)"));
  CHECK(json.find(R"("truncated":true,"endsAtGoal":false,"cost":60,)") != std::string::npos);
  // The board has one move (M-1), then one more (H+1): a line at first.
  CHECK(json.find(R"("cluster":[0,1,2],"steps":{"state":[0,1,2],"parent":[-1,0,1],"g":[0,1,2],)"
                  R"("f":[-1,-1,-1],"iteration":[0,0,0],"frontier":[0,0,0],"visited":[1,2,3],)"
                  R"("move":["","M-1","H+1"]}})") != std::string::npos);
}

TEST_CASE("a trace's states carry the cluster picture's node numbers", "[trace][space]") {
  const PuzzleInfo& info = *find_puzzle("rushhour");
  const auto game = parse_traced_board(info, "IBBxooIooLDDJAALooJoKEEMFFKooMGGHHHM");
  SolveOptions options;
  options.algorithm = "astar";
  const SearchTrace trace = trace_for_watching(*game, options, kMaxTraceLimit);
  const Space space = info.hooks.space(*game, SolveOptions{}, 0);
  REQUIRE(space.status == SolveStatus::solved);
  REQUIRE_FALSE(space.truncated);  // the hardest board's cluster fits the default cap
  REQUIRE(trace.cluster.size() == trace.boards.size());
  for (size_t i = 0; i < trace.boards.size(); ++i) {
    REQUIRE(trace.cluster[i] >= 0);
    CHECK(space.boards[size_t(trace.cluster[i])] == trace.boards[i]);
  }
  CHECK(trace.cluster[trace.steps.front().state] == 0);  // the board is the picture's node 0
  // The goal is a solved node of the picture, 60 moves from the board.
  const int goal = trace.cluster[trace.steps.back().state];
  CHECK(space.distance[size_t(goal)] == 0);
}

TEST_CASE("the worker serves a trace as a request of its own", "[trace][protocol]") {
  SolveRequest request;
  request.kind = RequestKind::trace;
  request.puzzle = "amphipod";
  request.board = "#############\n#...........#\n###B#C#B#D###\n  #A#D#C#A#\n  #########\n";
  request.algorithm = "dijkstra";
  request.task = "100000";
  const Reply reply = serve_request(request, nullptr, nullptr);
  REQUIRE(reply.kind == RequestKind::trace);
  REQUIRE(reply.result.status == SolveStatus::solved);
  CHECK(reply.result.cost == 12521);
  CHECK(reply.result.answer.starts_with(R"({"algorithm":"dijkstra","metric":"energy",)"));
  CHECK(reply.result.answer.find(R"("endsAtGoal":true,"cost":12521,)") != std::string::npos);

  request.task = "lots";
  CHECK(serve_request(request, nullptr, nullptr).result.message ==
        "trace: the limit must be a number of expansions, not 'lots'");
  request.task = "0";
  CHECK(serve_request(request, nullptr, nullptr).result.status == SolveStatus::invalid);
  request.task = "";
  request.algorithm = "idastar";
  CHECK(serve_request(request, nullptr, nullptr).result.message ==
        "unknown algorithm 'idastar' for Amphipod: expected astar or dijkstra");
}

TEST_CASE("A*'s open list has no ties: equal f and g break by the node stored first",
          "[trace][astar]") {
  // A heap gives equal entries in an order of its own (libstdc++'s and
  // libc++'s differ), so A* expanded 2,001 states natively and 2,008 in the
  // 32-bit WebAssembly build on the hardest 6x6 board. With no two entries
  // equal, every build pops the same one.
  using search::detail::OpenEntry;
  const OpenEntry first{10, 4, 7}, later{10, 4, 9};
  CHECK(later < first);  // the priority queue's top is its largest: node 7 comes out first
  CHECK_FALSE(first < later);
  CHECK(OpenEntry{10, 3, 1} < OpenEntry{10, 4, 9});  // deeper first
  CHECK(OpenEntry{11, 9, 0} < OpenEntry{10, 0, 9});  // lower f first
}

// The figures "Watch the search" shows at the end of each search on these
// boards (tests/e2e/checks/watch.mjs holds the same numbers, and
// tests/cli/cli_trace_test.cpp the CLI's): the same in every build.
TEST_CASE("the watched boards' searches take the same states in every build", "[trace]") {
  struct Expected {
    const char* puzzle;
    std::string board;
    const char* algorithm;
    size_t steps;
  };
  const std::string amphipod =
      "#############\n#...........#\n###B#C#B#D###\n  #A#D#C#A#\n  #########\n";
  const std::string hardest = "IBBxooIooLDDJAALooJoKEEMFFKooMGGHHHM";
  for (const Expected& e :
       {Expected{"rushhour", hardest, "bfs", 2078}, Expected{"rushhour", hardest, "astar", 2008},
        Expected{"rushhour", hardest, "idastar", 49597},
        Expected{"rushhour", hardest, "dijkstra", 2128},
        Expected{"amphipod", amphipod, "astar", 26},
        Expected{"amphipod", amphipod, "dijkstra", 1484}}) {
    INFO(e.puzzle << " " << e.algorithm);
    const auto game = parse_traced_board(*find_puzzle(e.puzzle), e.board);
    SolveOptions options;
    options.algorithm = e.algorithm;
    const SearchTrace trace = trace_search(*game, options, kDefaultTraceLimit);
    CHECK(trace.steps.size() == e.steps);
    CHECK(trace.ends_at_goal);
  }
}

TEST_CASE("a trace's JSON reads back as the trace", "[trace]") {
  const auto game =
      parse_traced_board(*find_puzzle("rushhour"), "IBBxooIooLDDJAALooJoKEEMFFKooMGGHHHM");
  SolveOptions options;
  options.algorithm = "idastar";
  const SearchTrace trace = trace_for_watching(*game, options, 500);
  const auto back = decode_trace(encode_trace(trace));
  REQUIRE(back);
  const SearchTrace& read = back.value();
  CHECK(read.algorithm == "idastar");
  CHECK(read.status == SolveStatus::solved);
  CHECK(read.cost == 60);
  CHECK(read.truncated);
  CHECK(read.limit == 500);
  CHECK(read.boards == trace.boards);
  CHECK(read.cluster == trace.cluster);
  CHECK(read.round_bounds == trace.round_bounds);
  REQUIRE(read.steps.size() == trace.steps.size());
  for (size_t k = 0; k < trace.steps.size(); ++k) {
    const TraceStep &a = read.steps[k], &b = trace.steps[k];
    CHECK((a.state == b.state && a.parent == b.parent && a.g == b.g && a.f == b.f &&
           a.iteration == b.iteration && a.frontier == b.frontier && a.visited == b.visited &&
           a.move == b.move));
  }
  // What cannot be a trace says why.
  CHECK(decode_trace("[1]").error().describe().find("expected a JSON object") != std::string::npos);
  CHECK(decode_trace(R"({"status":"solved","boards":["a"],"steps":{"state":[0,0],"parent":[-1,0],)"
                     R"("g":[0,1],"f":[-1,-1],"iteration":[0,0],"frontier":[0,0],)"
                     R"("visited":[1,1],"move":[""]}})")
            .error()
            .describe()
            .find("the step columns differ in length") != std::string::npos);
  CHECK(decode_trace(R"({"status":"solved","boards":["a"],"steps":{"state":[0],"parent":[3],)"
                     R"("g":[0],"f":[-1],"iteration":[0],"frontier":[0],"visited":[1],)"
                     R"("move":[""]}})")
            .error()
            .describe()
            .find("parent is not an earlier step") != std::string::npos);
}
