// The solver worker's JSON messages (api/solve_protocol.h): every request
// kind and every reply field survives a round trip, texts with quotes, line
// breaks and non-ASCII letters included, numbers at the ends of their range;
// and malformed messages (not JSON, wrong types, missing fields) decode to an
// error that names the field, never a throw. These tests also run as wasm,
// where the engine is built without exception catching: a throw would abort.
#include <catch2/catch.hpp>

#include <atomic>
#include <limits>
#include <string>
#include <utility>
#include <vector>

#include "api/solve_protocol.h"
#include "puzzles/puzzle_list.h"
#include "puzzles/treeoflife/treeoflife.h"
#include "support/rushhour_reference.h"

using namespace puzzlelab;

namespace {

constexpr uint64_t kMaxU64 = std::numeric_limits<uint64_t>::max();
constexpr int64_t kMinI64 = std::numeric_limits<int64_t>::min();
constexpr int64_t kMaxI64 = std::numeric_limits<int64_t>::max();
// Quotes, backslashes, line breaks, a tab, a control byte, and letters from
// outside ASCII (two, three and four UTF-8 bytes).
const std::string kAwkward = "say \"hi\"\\ \n\r\tline\x01 é → 漢 😀 end";

SolveRequest full_request(RequestKind kind) {
  SolveRequest request;
  request.kind = kind;
  request.puzzle = "rushhour";
  request.board = kAwkward + "\nIBBxooIooLDDJAALooJoKEEMFFKooMGGHHHM";
  request.moves = {"A+1", "B-2", "\"quoted\"", kAwkward, ""};
  request.algorithm = "astar";
  request.metric = "steps";
  request.difficulty = "très dur";
  request.node_budget = kMaxU64;
  request.memory_budget_bytes = uint64_t{1} << 40;
  request.time_budget_ms = 0.1 + 0.2;  // not exactly 0.3: must come back bit for bit
  request.seed = kMaxU64 - 1;
  request.task = "generation 9\n" + kAwkward;
  return request;
}

void check_same(const SolveRequest& back, const SolveRequest& sent) {
  CHECK(back.kind == sent.kind);
  CHECK(back.puzzle == sent.puzzle);
  CHECK(back.board == sent.board);
  CHECK(back.moves == sent.moves);
  CHECK(back.algorithm == sent.algorithm);
  CHECK(back.metric == sent.metric);
  CHECK(back.difficulty == sent.difficulty);
  CHECK(back.node_budget == sent.node_budget);
  CHECK(back.memory_budget_bytes == sent.memory_budget_bytes);
  CHECK(back.time_budget_ms == sent.time_budget_ms);
  CHECK(back.seed == sent.seed);
  CHECK(back.task == sent.task);
}

SolveResult full_result(SolveStatus status) {
  SolveResult result;
  result.status = status;
  result.moves = {{"A+1", 1}, {kAwkward, kMaxI64}, {"B-2", kMinI64}, {"", 0}};
  result.cost = kMinI64;
  result.optimal = true;
  // Layers: a merged entry (last > layer) and the extremes of each field.
  result.stats = {
      kMaxU64, kMaxU64 - 7, uint64_t{1} << 53 | 1,
      0.125,   "f",         {{kMinI64, kMinI64, 0}, {-1, 7, kMaxU64}, {kMaxI64, kMaxI64, 1}},
      kMaxU64};
  result.answer = "RRSSW\n" + kAwkward;
  result.message = "why: \"" + kAwkward + "\"";
  // Their order is what the stats panel shows (not alphabetical).
  result.extras = {{"guesses", "12"}, {"note", kAwkward}, {"ahead", "-3"}, {"", ""}};
  return result;
}

void check_same(const SolveResult& back, const SolveResult& sent) {
  CHECK(back.status == sent.status);
  CHECK(back.moves == sent.moves);
  CHECK(back.cost == sent.cost);
  CHECK(back.optimal == sent.optimal);
  CHECK(back.stats.expanded == sent.stats.expanded);
  CHECK(back.stats.generated == sent.stats.generated);
  CHECK(back.stats.peak_stored == sent.stats.peak_stored);
  CHECK(back.stats.peak_bytes == sent.stats.peak_bytes);
  CHECK(back.stats.elapsed_ms == sent.stats.elapsed_ms);
  CHECK(back.stats.layered_by == sent.stats.layered_by);
  CHECK(back.stats.layers == sent.stats.layers);
  CHECK(back.answer == sent.answer);
  CHECK(back.message == sent.message);
  CHECK(back.extras == sent.extras);
}

Reply full_reply(RequestKind kind) {
  Reply reply;
  reply.kind = kind;
  reply.result = full_result(SolveStatus::solved);
  reply.hint = Hint{SolveStatus::budget_exceeded,
                    "X-Wing",
                    "An X-Wing on 7\nremoves 7 from \"r3c5\" → é",
                    {"r3c5-7", "r4c5-7"},
                    {3, 40, std::numeric_limits<int>::max()},
                    {std::numeric_limits<int>::min(), 0}};
  reply.rating = "diabolique";
  reply.board = "53..7\n6..19\n" + kAwkward;
  return reply;
}

void check_same(const Reply& back, const Reply& sent) {
  CHECK(back.kind == sent.kind);
  check_same(back.result, sent.result);
  REQUIRE(back.hint.has_value() == sent.hint.has_value());
  if (sent.hint) {
    CHECK(back.hint->status == sent.hint->status);
    CHECK(back.hint->technique == sent.hint->technique);
    CHECK(back.hint->explanation == sent.hint->explanation);
    CHECK(back.hint->moves == sent.hint->moves);
    CHECK(back.hint->cells == sent.hint->cells);
    CHECK(back.hint->related_cells == sent.hint->related_cells);
  }
  CHECK(back.rating == sent.rating);
  CHECK(back.board == sent.board);
}

// The error message of a request that must not decode.
std::string request_error(const std::string& message) {
  const auto decoded = decode_request(message);
  REQUIRE_FALSE(decoded.ok());
  return decoded.error().describe();
}

std::string reply_error(const std::string& message) {
  const auto decoded = decode_reply(message);
  REQUIRE_FALSE(decoded.ok());
  return decoded.error().describe();
}

// A reply that is fine but for what `edit` does to its JSON text.
std::string edited_reply(const std::string& from, const std::string& to) {
  std::string text = encode_reply(full_reply(RequestKind::hint));
  const size_t at = text.find(from);
  REQUIRE(at != std::string::npos);
  return text.replace(at, from.size(), to);
}

}  // namespace

TEST_CASE("protocol: every request kind survives a round trip", "[protocol]") {
  for (const RequestKind kind :
       {RequestKind::solve, RequestKind::hint, RequestKind::rate, RequestKind::generate,
        RequestKind::compute, RequestKind::space, RequestKind::trace}) {
    INFO(to_string(kind));
    const SolveRequest sent = full_request(kind);
    const std::string text = encode_request(sent);
    CHECK(text.find('\n') == std::string::npos);  // one line: line breaks are escaped
    const auto back = decode_request(text);
    REQUIRE(back.ok());
    check_same(back.value(), sent);
  }
  // Defaults come back as defaults (nothing is invented for empty fields).
  const auto empty = decode_request(encode_request(SolveRequest{}));
  REQUIRE(empty.ok());
  check_same(empty.value(), SolveRequest{});
}

TEST_CASE("protocol: every reply field survives a round trip, alone and framed", "[protocol]") {
  for (const RequestKind kind :
       {RequestKind::solve, RequestKind::hint, RequestKind::rate, RequestKind::generate,
        RequestKind::compute, RequestKind::space, RequestKind::trace}) {
    INFO(to_string(kind));
    const Reply sent = full_reply(kind);
    const auto back = decode_reply(encode_reply(sent));
    REQUIRE(back.ok());
    check_same(back.value(), sent);
    const WorkerMessage framed = decode_message(encode_message(sent));
    REQUIRE(std::holds_alternative<Reply>(framed));
    check_same(std::get<Reply>(framed), sent);
  }
  for (const SolveStatus status :
       {SolveStatus::solved, SolveStatus::unsolvable, SolveStatus::budget_exceeded,
        SolveStatus::cancelled, SolveStatus::ambiguous, SolveStatus::invalid}) {
    INFO(to_string(status));
    const SolveResult sent = full_result(status);
    const auto back = decode_result(encode_result(sent));
    REQUIRE(back.ok());
    check_same(back.value(), sent);
  }
  // "No hint for this position" is not an empty hint.
  Reply none;
  none.kind = RequestKind::hint;
  none.result.status = SolveStatus::solved;
  const auto none_back = decode_reply(encode_reply(none));
  REQUIRE(none_back.ok());
  CHECK_FALSE(none_back.value().hint);
  Reply empty_hint = none;
  empty_hint.hint = Hint{};
  empty_hint.hint->technique = "Naked single";
  const auto empty_back = decode_reply(encode_reply(empty_hint));
  REQUIRE(empty_back.ok());
  check_same(empty_back.value(), empty_hint);
}

TEST_CASE("protocol: progress survives a round trip inside its frame", "[protocol]") {
  for (const int64_t bound : {int64_t{-1}, int64_t{0}, kMaxI64, kMinI64}) {
    SolveProgress sent;
    sent.stats = {42, kMaxU64, 7, 1234.5678, "depth", {{0, 0, 1}, {1, 1, 41}}};
    sent.bound = bound;
    sent.phase = "depth 12 — \"improving\"\n";
    const WorkerMessage back = decode_message(encode_message(sent));
    REQUIRE(std::holds_alternative<SolveProgress>(back));
    const auto& progress = std::get<SolveProgress>(back);
    CHECK(progress.stats.expanded == 42);
    CHECK(progress.stats.generated == kMaxU64);
    CHECK(progress.stats.peak_stored == 7);
    CHECK(progress.stats.layers == sent.stats.layers);
    // Times travel in the CLI's stats form, to the microsecond.
    CHECK(progress.stats.elapsed_ms == Approx(1234.568).margin(1e-9));
    CHECK(progress.bound == bound);
    CHECK(progress.phase == sent.phase);
    const auto alone = decode_progress(encode_progress(sent));
    REQUIRE(alone.ok());
    CHECK(alone.value().bound == bound);
  }
}

TEST_CASE("protocol: bytes that are not UTF-8 are replaced, not thrown on", "[protocol]") {
  SolveRequest request = full_request(RequestKind::solve);
  request.board =
      "ab\xff\xfe"
      "c";
  request.moves = {"\xc3"};  // a cut-off two-byte letter
  const auto back = decode_request(encode_request(request));
  REQUIRE(back.ok());
  CHECK(back.value().board ==
        "ab\xEF\xBF\xBD\xEF\xBF\xBD"
        "c");  // U+FFFD each
  CHECK(back.value().moves == std::vector<std::string>{"\xEF\xBF\xBD"});
}

TEST_CASE("protocol: text that is not JSON says where it breaks", "[protocol]") {
  CHECK(request_error("").find("not valid JSON") != std::string::npos);
  const std::string cut = request_error(R"({"kind":"solve","puzzle":)");
  CHECK(cut.rfind("line 1, column ", 0) == 0);
  CHECK(cut.find("not valid JSON") != std::string::npos);
  const std::string second_line = request_error("{\"kind\":\"solve\",\n \"puzzle\": tru}");
  CHECK(second_line.rfind("line 2, column 15: not valid JSON: syntax error", 0) == 0);
  CHECK(request_error(R"({"kind":"solve","puzzle":"x","timeBudgetMs":1e400})") ==
        "line 1, column 49: not valid JSON: number overflow parsing '1e400'");
  CHECK(request_error("{} trailing").find("not valid JSON") != std::string::npos);
  CHECK(request_error("kind solve\npuzzle rushhour\n").find("not valid JSON") != std::string::npos);
  CHECK(request_error("{\"kind\":\"solve\",\"puzzle\":\"a\xff\"}").find("not valid JSON") !=
        std::string::npos);
  CHECK(request_error("[1,2]") == "request: expected a JSON object");
  CHECK(request_error("\"solve\"") == "request: expected a JSON object");
  // Deep nesting is read without recursion: an error, not a stack overflow.
  CHECK(request_error(std::string(100000, '[')).find("not valid JSON") != std::string::npos);
  CHECK(request_error(std::string(50000, '[') + std::string(50000, ']')) ==
        "request: expected a JSON object");
}

TEST_CASE("protocol: a request with a missing or mistyped field names it", "[protocol]") {
  CHECK(request_error("{}") == "request: missing field 'kind'");
  CHECK(request_error(R"({"kind":"hint"})") == "request: missing field 'puzzle'");
  CHECK(
      request_error(R"({"kind":"dance","puzzle":"rushhour"})") ==
      R"(request.kind: expected one of solve, hint, rate, generate, compute, space, trace, got "dance")");
  CHECK(request_error(R"({"kind":7,"puzzle":"rushhour"})") ==
        "request.kind: expected a string, got 7");
  CHECK(request_error(R"({"kind":"solve","puzzle":null})") ==
        "request.puzzle: expected a string, got null");
  const std::string head = R"({"kind":"solve","puzzle":"rushhour",)";
  CHECK(request_error(head + R"("seed":-5})") ==
        "request.seed: expected a whole number >= 0, got -5");
  CHECK(request_error(head + R"("seed":1.5})") ==
        "request.seed: expected a whole number >= 0, got 1.5");
  CHECK(request_error(head + R"("seed":"7"})") ==
        R"(request.seed: expected a whole number >= 0, got "7")");
  // One past the largest 64-bit count is no longer a whole number to JSON.
  CHECK(request_error(head + R"("nodeBudget":18446744073709551616})")
            .rfind("request.nodeBudget: expected a whole number >= 0, got ", 0) == 0);
  CHECK(request_error(head + R"("timeBudgetMs":"soon"})") ==
        R"(request.timeBudgetMs: expected a number, got "soon")");
  CHECK(request_error(head + R"("moves":"A+1"})") ==
        R"(request.moves: expected an array of strings, got "A+1")");
  CHECK(request_error(head + R"("moves":["A+1",2]})") ==
        "request.moves: expected an array of strings, got an array");
  CHECK(request_error(head + R"("board":{"rows":6}})") ==
        "request.board: expected a string, got an object");
  // Fields this version does not know are left alone (a newer page, an older worker).
  const auto extra = decode_request(head + R"("colour":"red"})");
  REQUIRE(extra.ok());
  CHECK(extra.value().puzzle == "rushhour");
}

TEST_CASE("protocol: a reply with a missing or mistyped field names it", "[protocol]") {
  CHECK(reply_error(R"({"kind":"solve"})") == "reply: missing field 'result'");
  CHECK(reply_error(R"({"kind":"solve","result":{}})") == "reply.result: missing field 'status'");
  CHECK(reply_error(R"({"kind":"solve","result":{"status":"great"}})") ==
        "reply.result.status: expected one of solved, unsolvable, budget_exceeded, cancelled, "
        "ambiguous, invalid, got \"great\"");
  CHECK(reply_error(R"({"kind":"solve","result":[]})") ==
        "reply.result: expected an object, got an array");
  CHECK(reply_error(edited_reply(R"("cost":-9223372036854775808)", R"("cost":"cheap")")) ==
        R"(reply.result.cost: expected a whole number (64-bit), got "cheap")");
  CHECK(reply_error(
            edited_reply(R"("cost":-9223372036854775808)", R"("cost":9223372036854775808)")) ==
        "reply.result.cost: expected a whole number (64-bit), got 9223372036854775808");
  CHECK(reply_error(edited_reply(R"("optimal":true)", R"("optimal":1)")) ==
        "reply.result.optimal: expected true or false, got 1");
  CHECK(reply_error(edited_reply(R"("moves":["A+1",)", R"("moves":[7,)")) ==
        "reply.result.moves: expected an array of strings, got an array");
  CHECK(reply_error(edited_reply(R"("moveCosts":[1,)", R"("moveCosts":[)")) ==
        "reply.result.moveCosts: expected one cost per move (4), got 3");
  CHECK(reply_error(edited_reply(R"("extras":{)", R"("extras":7,"x":{)")) ==
        "reply.result.extras: expected an object of strings, got 7");
  CHECK(reply_error(edited_reply(R"("guesses":"12")", R"("guesses":12)")) ==
        "reply.result.extras: expected an object of strings, got an object");
  CHECK(reply_error(edited_reply(R"("expanded":)", R"("expanded":-1,"was":)")) ==
        "reply.result.stats.expanded: expected a whole number >= 0, got -1");
  CHECK(reply_error(edited_reply(R"("technique":"X-Wing",)", "")) ==
        "reply.hint: missing field 'technique'");
  CHECK(reply_error(edited_reply(R"("cells":[3,)", R"("cells":[3.5,)")) ==
        "reply.hint.cells: expected an array of whole numbers (32-bit), got an array");
  CHECK(reply_error(edited_reply(R"("cells":[3,)", R"("cells":[4294967296,)")) ==
        "reply.hint.cells: expected an array of whole numbers (32-bit), got an array");
  CHECK(reply_error(edited_reply(R"("rating":"diabolique")", R"("rating":["hard"])")) ==
        "reply.rating: expected a string, got an array");
  // A null hint is the same as none.
  const auto null_hint =
      decode_reply(R"({"kind":"hint","result":{"status":"solved"},"hint":null})");
  REQUIRE(null_hint.ok());
  CHECK_FALSE(null_hint.value().hint);
}

TEST_CASE("protocol: a worker message that does not decode becomes an invalid reply",
          "[protocol]") {
  const auto failure = [](const std::string& text) {
    const WorkerMessage message = decode_message(text);
    REQUIRE(std::holds_alternative<Reply>(message));
    const Reply& reply = std::get<Reply>(message);
    CHECK(reply.result.status == SolveStatus::invalid);
    return reply.result.message;
  };
  CHECK(failure("").rfind("solver sent a bad message: line 1, column 1: not valid JSON", 0) == 0);
  CHECK(failure("Pexpanded 42\n").find("not valid JSON") != std::string::npos);
  CHECK(failure("{}") == "solver sent a bad message: message: missing field 'reply'");
  CHECK(failure(R"({"progress":5})") ==
        "solver sent a bad message: message.progress: expected an object, got 5");
  CHECK(
      failure(R"({"progress":{"bound":"deep"}})") ==
      R"(solver sent a bad message: message.progress.bound: expected a whole number (64-bit), got "deep")");
  CHECK(failure(R"({"reply":{"kind":"solve"}})") ==
        "solver sent a bad message: message.reply: missing field 'result'");
}

TEST_CASE("protocol: a solve sent as text is served and its answer checks out", "[protocol]") {
  SolveRequest request;
  request.puzzle = "rushhour";
  request.board = "IBBxooIooLDDJAALooJoKEEMFFKooMGGHHHM";
  request.algorithm = "bfs";
  request.metric = "moves";
  const auto received = decode_request(encode_request(request));
  REQUIRE(received.ok());
  const Reply reply = serve_request(received.value(), nullptr, nullptr);
  const WorkerMessage back = decode_message(encode_message(reply));
  REQUIRE(std::holds_alternative<Reply>(back));
  const SolveResult& result = std::get<Reply>(back).result;
  REQUIRE(result.status == SolveStatus::solved);
  testing::RushHourReferee referee(request.board);
  for (const Move& move : result.moves) REQUIRE(referee.play(move.text));
  CHECK(referee.solved());
  CHECK(result.cost == static_cast<int64_t>(result.moves.size()));
  CHECK(result.cost == testing::RushHourReferee(request.board).fewest_moves());
  // A request the engine cannot serve comes back as a reply that says why.
  request.moves = {"A+9"};
  const Reply refused = serve_request(request, nullptr, nullptr);
  CHECK(refused.result.status == SolveStatus::invalid);
  CHECK(refused.result.message.rfind("move 1 'A+9' does not apply", 0) == 0);
}

namespace {

SolveRequest hint_request(std::string puzzle, std::string board) {
  SolveRequest request;
  request.kind = RequestKind::hint;
  request.puzzle = std::move(puzzle);
  request.board = std::move(board);
  return request;
}

// A Rush Hour generation that can only end at its budget: no 6x6 board
// without walls needs 60 moves (the farthest need 51).
SolveRequest hopeless_generation(uint64_t budget) {
  SolveRequest request;
  request.kind = RequestKind::generate;
  request.puzzle = "rushhour";
  request.difficulty = "60";
  request.node_budget = budget;
  return request;
}

}  // namespace

TEST_CASE("protocol: a hint cancelled before it starts stops before it finds a move",
          "[protocol]") {
  // Both need more than the few hundred expansions between checks of the flag.
  const std::vector<SolveRequest> requests = {
      hint_request("rushhour", "IBBxooIooLDDJAALooJoKEEMFFKooMGGHHHM"),  // 60 moves
      hint_request("amphipod",  // the example unfolded (part 2): thousands of expansions
                   "#############\n#...........#\n###B#C#B#D###\n  #D#C#B#A#\n  #D#B#A#C#\n"
                   "  #A#D#C#A#\n  #########\n")};
  for (const SolveRequest& request : requests) {
    INFO(request.puzzle);
    const Reply free = serve_request(request, nullptr, nullptr);
    REQUIRE(free.result.status == SolveStatus::solved);
    REQUIRE(free.hint);
    CHECK(free.hint->moves.size() == 1);  // the hint does search its way to a move

    const std::atomic<bool> cancel{true};
    const Reply stopped = serve_request(request, &cancel, nullptr);
    CHECK(stopped.kind == RequestKind::hint);
    CHECK(stopped.result.status == SolveStatus::cancelled);
    CHECK((!stopped.hint || stopped.hint->moves.empty()));
  }
}

TEST_CASE("protocol: a generation stops when cancelled while it runs", "[protocol]") {
  constexpr uint64_t kBudget = 20'000'000;
  std::atomic<bool> cancel{false};
  int reports = 0;
  uint64_t expanded_when_cancelled = 0;
  const Reply reply =
      serve_request(hopeless_generation(kBudget), &cancel, [&](const SolveProgress& p) {
        if (++reports == 1) {
          expanded_when_cancelled = p.stats.expanded;
          cancel = true;
        }
      });
  CHECK(reply.kind == RequestKind::generate);
  CHECK(reply.result.status == SolveStatus::cancelled);
  CHECK(reply.board.empty());
  // The generator reports every 64 clusters explored: none after the cancel
  // means it stopped within those, far below its budget (one that ignored
  // the flag would report on until the budget ran out, then say so).
  CHECK(reports == 1);
  CHECK(expanded_when_cancelled > 0);
  CHECK(expanded_when_cancelled < kBudget / 10);
}

TEST_CASE("protocol: a generation cancelled before it starts makes no board", "[protocol]") {
  const std::atomic<bool> cancel{true};
  SolveRequest request;
  request.kind = RequestKind::generate;
  for (const auto& [puzzle, difficulty] :
       std::vector<std::pair<std::string, std::string>>{{"rushhour", "20"}, {"sudoku", "easy"}}) {
    INFO(puzzle);
    request.puzzle = puzzle;
    request.difficulty = difficulty;
    const Reply made = serve_request(request, nullptr, nullptr);
    REQUIRE(made.result.status == SolveStatus::solved);
    // A board whose generator proved its optimum comes with it (Rush Hour's).
    auto game = find_puzzle(puzzle)->parse(made.board);
    REQUIRE(game.ok());
    CHECK(made.result.optimal == (puzzle == "rushhour"));
    if (made.result.optimal) CHECK(made.result.cost == game.value()->solve({}).cost);
    const Reply reply = serve_request(request, &cancel, nullptr);
    CHECK(reply.result.status == SolveStatus::cancelled);
    CHECK(reply.board.empty());
  }
}

TEST_CASE("protocol: a compute is served by the puzzle, refused by one with nothing to compute",
          "[protocol]") {
  SolveRequest request;
  request.kind = RequestKind::compute;
  request.puzzle = "treeoflife";
  request.board = "42354\n((. X (. . .)) . (X . (. X X)))\n";
  request.task = "generation 2";
  const auto received = decode_request(encode_request(request));
  REQUIRE(received.ok());
  const Reply reply = serve_request(received.value(), nullptr, nullptr);
  CHECK(reply.kind == RequestKind::compute);
  REQUIRE(reply.result.status == SolveStatus::solved);
  // Generation 2 of the HackerRank sample (the statement's third tree).
  auto game = treeoflife::parse_problem(request.board);
  REQUIRE(game.ok());
  const auto cells = treeoflife::decode_generation_cells(reply.result.answer, *game.value().shape);
  REQUIRE(cells.ok());
  CHECK(cells.value().generation == 2);
  CHECK(treeoflife::format_tree(*game.value().shape, cells.value().cells) ==
        "((. X (X . X)) . (X X (. X .)))");

  request.task = "generation -1";
  CHECK(serve_request(request, nullptr, nullptr).result.status == SolveStatus::invalid);
  request.puzzle = "rushhour";
  request.board = "IBBxooIooLDDJAALooJoKEEMFFKooMGGHHHM";
  request.task = "generation 2";
  const Reply refused = serve_request(request, nullptr, nullptr);
  CHECK(refused.result.status == SolveStatus::invalid);
  CHECK(refused.result.message.find("nothing to compute") != std::string::npos);
}
