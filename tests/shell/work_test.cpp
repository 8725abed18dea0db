// The work room (shell/midend/work.h): every conversation with a solver
// goes through it. A fake transport records what it is asked and says only
// what the test tells it to, and the room's clock is the test's, so the
// silence rule is checked without waiting.
#include <imgui.h>
#include <catch2/catch.hpp>

#include <memory>
#include <random>
#include <string>
#include <utility>
#include <vector>

#include "api/solve_protocol.h"
#include "midend/in_process_client.h"
#include "midend/launch_options.h"
#include "midend/midend.h"
#include "midend/work.h"
#include "puzzles/puzzle_list.h"
#include "render/board_picture.h"
#include "support/headless_imgui.h"
#include "support/treeoflife_inputs.h"
#include "views/view_registry.h"

using namespace puzzlelab;
using namespace puzzlelab::shell;

namespace {

// What a fake transport was asked, and what it is to say next: shared, so
// the test keeps it after the room took the transport.
struct Wire {
  std::vector<SolveRequest> started;
  int cancels = 0;               // cancel() calls while a request ran
  std::vector<SolverEvent> say;  // handed out at the next poll
  bool busy = false;

  std::vector<RequestKind> kinds() const {
    std::vector<RequestKind> out;
    for (const SolveRequest& request : started) out.push_back(request.kind);
    return out;
  }
};

class FakeClient : public SolverClient {
 public:
  explicit FakeClient(std::shared_ptr<Wire> wire) : wire_(std::move(wire)) {}
  void start(const SolveRequest& request) override {
    wire_->started.push_back(request);
    wire_->busy = true;
  }
  void cancel() override {
    wire_->cancels += wire_->busy;
    wire_->busy = false;
  }
  std::vector<SolverEvent> poll() override {
    std::vector<SolverEvent> events = std::exchange(wire_->say, {});
    for (const SolverEvent& event : events)
      if (std::holds_alternative<Reply>(event)) wire_->busy = false;
    return events;
  }
  bool busy() const override { return wire_->busy; }
  std::string where() const override { return "fake"; }

 private:
  std::shared_ptr<Wire> wire_;
};

// A room on the test's clock with a fake transport on each lane.
struct Room {
  double time = 0;
  std::shared_ptr<Wire> game = std::make_shared<Wire>();
  std::shared_ptr<Wire> view = std::make_shared<Wire>();
  std::shared_ptr<Wire> space = std::make_shared<Wire>();

  std::unique_ptr<WorkRoom> make() {
    auto room = std::make_unique<WorkRoom>([this] { return time; });
    room->set_client(Lane::game, std::make_unique<FakeClient>(game));
    room->set_client(Lane::view, std::make_unique<FakeClient>(view));
    room->set_client(Lane::space, std::make_unique<FakeClient>(space));
    return room;
  }
};

SolveRequest request_of(RequestKind kind) {
  SolveRequest request;
  request.kind = kind;
  request.puzzle = "rushhour";
  return request;
}

Reply reply_of(RequestKind kind, SolveStatus status = SolveStatus::solved) {
  Reply reply;
  reply.kind = kind;
  reply.result.status = status;
  return reply;
}

SolveProgress progress_of(uint64_t expanded) {
  SolveProgress progress;
  progress.stats.expanded = expanded;
  return progress;
}

const Reply* reply_in(const std::vector<SolverEvent>& events) {
  for (const SolverEvent& event : events)
    if (const auto* reply = std::get_if<Reply>(&event)) return reply;
  return nullptr;
}

// A midend on the room, on the test's clock, with `hash` open.
struct Played {
  Room wires;
  Midend midend;
  explicit Played(const std::string& hash)
      : midend(PUZZLELAB_ASSETS_DIR, wires.make(), [this] { return wires.time; }) {
    midend.open(parse_hash(hash));
  }
};

constexpr const char* kHardestUrl = "#puzzle=rushhour&board=IBBxooIooLDDJAALooJoKEEMFFKooMGGHHHM";

}  // namespace

TEST_CASE("work room: every kind of the midend's work goes through the game lane", "[work]") {
  Played game(kHardestUrl);
  Midend& midend = game.midend;
  Wire& wire = *game.wires.game;
  REQUIRE(midend.interactive());

  midend.solve();
  REQUIRE(wire.kinds() == std::vector{RequestKind::solve});
  CHECK(midend.work().lane(Lane::game).job() == RequestKind::solve);
  midend.cancel();  // Cancel reaches the transport
  CHECK(wire.cancels == 1);
  CHECK_FALSE(midend.work().lane(Lane::game).busy());

  midend.hint();
  CHECK(wire.started.back().kind == RequestKind::hint);
  midend.new_puzzle("", 7);
  CHECK(wire.started.back().kind == RequestKind::generate);
  CHECK(wire.started.back().seed == 7);
  CHECK(wire.cancels == 2);  // the hint gave way to the new puzzle
  midend.cancel();

  REQUIRE(midend.can_compare());
  midend.compare();  // its first row, as a solve with its algorithm and metric
  CHECK(wire.started.back().kind == RequestKind::solve);
  CHECK_FALSE(wire.started.back().algorithm.empty());
  const size_t before_rows = wire.started.size();
  wire.say.emplace_back(reply_of(RequestKind::solve, SolveStatus::budget_exceeded));
  midend.tick();  // the row's reply: the next row goes out on the same lane
  CHECK(wire.started.size() == before_rows + 1);
  midend.cancel();

  midend.start_editing();  // the editor's verdict: a solve of the board being built
  REQUIRE(midend.editing());
  CHECK(wire.started.back().kind == RequestKind::solve);
  CHECK(wire.started.back().board == midend.edit()->board());
  midend.stop_editing();
  CHECK_FALSE(midend.work().lane(Lane::game).busy());

  // None of it went to the views' or the Cluster view's lanes.
  CHECK(game.wires.view->started.empty());
  CHECK(game.wires.space->started.empty());
}

TEST_CASE(
    "work room: a rating goes through the game lane, and the verdict's rating queues after "
    "its solve",
    "[work]") {
  Played game("#puzzle=sudoku");
  Midend& midend = game.midend;
  Wire& wire = *game.wires.game;
  REQUIRE(midend.puzzle()->has_rating);
  midend.rate();
  CHECK(wire.started.back().kind == RequestKind::rate);
  Reply rated = reply_of(RequestKind::rate);
  rated.rating = "hard";
  wire.say.emplace_back(rated);
  midend.tick();
  CHECK(midend.rating() == "hard");

  midend.start_editing();
  REQUIRE(wire.started.back().kind == RequestKind::solve);
  const size_t asked = wire.started.size();
  Reply solvable = reply_of(RequestKind::solve);
  solvable.result.cost = 1;
  solvable.result.extras.emplace_back("solutions", "1");
  wire.say.emplace_back(solvable);
  midend.tick();
  // The verdict's next question, for the same board, after the first's answer.
  REQUIRE(wire.started.size() == asked + 1);
  CHECK(wire.started.back().kind == RequestKind::rate);
  CHECK(wire.started.back().board == wire.started[asked - 1].board);
}

TEST_CASE("work room: a job on a busy lane replaces the one there, and lanes run side by side",
          "[work]") {
  Room wires;
  auto room = wires.make();
  WorkLane& game = room->lane(Lane::game);
  game.start(request_of(RequestKind::solve));
  room->lane(Lane::space).start(request_of(RequestKind::space));
  room->lane(Lane::view).start(request_of(RequestKind::compute));
  CHECK(wires.game->cancels == 0);  // the other lanes' jobs cancel nothing here

  game.start(request_of(RequestKind::hint));
  CHECK(wires.game->cancels == 1);  // the solve's cancel reached its transport
  CHECK(wires.game->kinds() == std::vector{RequestKind::solve, RequestKind::hint});
  CHECK(game.job() == RequestKind::hint);
  CHECK(room->lane(Lane::space).job() == RequestKind::space);
  CHECK(room->lane(Lane::view).job() == RequestKind::compute);

  // The reply ends the job, under the kind the room asked for (a crashed
  // transport's reply names none).
  wires.game->say.emplace_back(Reply(SolveResult::invalid("crashed")));
  const auto events = game.poll();
  REQUIRE(reply_in(events));
  CHECK(reply_in(events)->kind == RequestKind::hint);
  CHECK_FALSE(game.busy());
}

TEST_CASE("work room: nothing of a cancelled job arrives, not even a reply already on its way",
          "[work]") {
  Room wires;
  auto room = wires.make();
  WorkLane& space = room->lane(Lane::space);
  space.start(request_of(RequestKind::space));
  space.cancel();
  CHECK(wires.space->cancels == 1);
  wires.space->say.emplace_back(progress_of(3));
  wires.space->say.emplace_back(reply_of(RequestKind::space));  // it was on its way
  CHECK(space.poll().empty());
  CHECK_FALSE(space.busy());
}

TEST_CASE("work room: a silent job ends with a clear outcome, and its transport is stopped",
          "[work]") {
  Room wires;
  auto room = wires.make();
  WorkLane& view = room->lane(Lane::view);
  view.start(request_of(RequestKind::compute));
  CHECK(room->seconds_to_deadline() == Approx(WorkRoom::kSilenceSeconds));
  wires.time = 5;
  wires.view->say.emplace_back(progress_of(42));
  CHECK(view.poll().size() == 1);  // progress: heard from at 5 s
  wires.time = 5 + WorkRoom::kSilenceSeconds - 1;
  CHECK(view.poll().empty());
  CHECK(view.busy());
  CHECK(room->seconds_to_deadline() == Approx(1));
  // Past it, no lane asks for frames: the deadline's frame has come, and a
  // lane nobody polls (the Cluster view closed) must not keep the app busy.
  wires.time = 5 + WorkRoom::kSilenceSeconds + 0.25;
  CHECK(room->seconds_to_deadline() == kNever);

  wires.time = 5 + WorkRoom::kSilenceSeconds + 0.5;
  const auto events = view.poll();
  const Reply* reply = reply_in(events);
  REQUIRE(reply);
  CHECK(reply->kind == RequestKind::compute);
  CHECK(reply->result.status == SolveStatus::invalid);
  CHECK_THAT(reply->result.message,
             Catch::Contains("stopped answering") && Catch::Contains("20 s"));
  CHECK(reply->result.stats.expanded == 42);  // what it had done, kept
  CHECK(wires.view->cancels == 1);            // a transport only slow stops too
  CHECK_FALSE(view.busy());
  CHECK(room->seconds_to_deadline() == kNever);
}

TEST_CASE("work room: a silent solve ends the midend's Solving, natively as in the page",
          "[work][midend]") {
  Played game(kHardestUrl);
  Midend& midend = game.midend;
  midend.solve();
  REQUIRE(midend.solving());
  game.wires.time = WorkRoom::kSilenceSeconds + 1;
  midend.tick();
  CHECK_FALSE(midend.solving());
  CHECK_FALSE(midend.working());
  REQUIRE(midend.run());
  CHECK(midend.run()->status() == RunStatus::error);
  CHECK_THAT(midend.run()->message(),
             Catch::Contains("stopped answering") && Catch::Contains("Press Solve to try again"));
  CHECK(game.wires.game->cancels == 1);
}

TEST_CASE("work room: a lane the host gave no transport runs its job in-process", "[work]") {
  WorkRoom room([] { return 0.0; });
  WorkLane& view = room.lane(Lane::view);
  CHECK(view.in_process());
  CHECK(view.where() == "in process");
  SolveRequest request = request_of(RequestKind::compute);
  request.puzzle = "treeoflife";
  request.board = "42354\n((. X (. . .)) . (X . (. X X)))\n";
  request.task = "generation 1000000";
  view.start(request);
  CHECK(view.busy());
  CHECK(room.seconds_to_deadline() == kNever);  // it cannot fall silent
  const auto events = view.poll();              // the job runs here, whole
  const Reply* reply = reply_in(events);
  REQUIRE(reply);
  CHECK(reply->kind == RequestKind::compute);
  CHECK(reply->result.status == SolveStatus::solved);
  CHECK_THAT(reply->result.answer, Catch::Contains("1000000"));
  CHECK_FALSE(view.busy());

  // A job cancelled before its poll never runs; a host's transport replaces
  // the in-process one, and nullptr puts it back.
  view.start(request);
  view.cancel();
  CHECK(view.poll().empty());
  Room wires;
  room.set_client(Lane::view, std::make_unique<FakeClient>(wires.view));
  CHECK_FALSE(view.in_process());
  room.set_client(Lane::view, nullptr);
  CHECK(view.in_process());
}

TEST_CASE("work room: a board view's own computing goes through the views' lane", "[work]") {
  // Tree of Life a billion generations on: too far to walk in a frame, so
  // the view asks for the strip's first row.
  const PuzzleInfo* info = find_puzzle("treeoflife");
  REQUIRE(info);
  auto game = info->parse("42354\n((. X (. . .)) . (X . (. X X)))\nt 1000000000\n");
  REQUIRE(game);
  Room wires;
  auto room = wires.make();

  {
    const puzzlelab::testing::HeadlessImGui imgui(800, 600);
    auto view = make_view("treeoflife");
    ImGui::NewFrame();
    ImGui::SetNextWindowPos(ImVec2(0, 0));
    ImGui::SetNextWindowSize(ImVec2(800, 600));
    ImGui::Begin("board");
    BoardFrame frame;
    frame.draw = ImGui::GetWindowDrawList();
    frame.min = ImVec2(0, 0);
    frame.max = ImVec2(800, 600);
    frame.position = game.value().get();
    frame.worker = &room->lane(Lane::view);
    view->show(frame);
    ImGui::End();
    ImGui::Render();
  }

  REQUIRE(wires.view->started.size() == 1);
  CHECK(wires.view->started.front().kind == RequestKind::compute);
  CHECK_THAT(wires.view->started.front().task, Catch::StartsWith("generation "));
  CHECK(room->lane(Lane::view).job() == RequestKind::compute);
  CHECK(wires.game->started.empty());
}

namespace {

// An in-process transport that keeps what it was asked (the room cannot
// tell it from the plain one but by where()).
class CountingInProcess : public SolverClient {
 public:
  explicit CountingInProcess(std::shared_ptr<Wire> wire) : wire_(std::move(wire)) {}
  void start(const SolveRequest& request) override {
    wire_->started.push_back(request);
    inner_.start(request);
  }
  void cancel() override {
    wire_->cancels += inner_.busy();
    inner_.cancel();
  }
  std::vector<SolverEvent> poll() override { return inner_.poll(); }
  bool busy() const override { return inner_.busy(); }
  std::string where() const override { return "counting"; }

 private:
  std::shared_ptr<Wire> wire_;
  InProcessSolverClient inner_;
};

// HackerRank's sample a billion generations on: far too far to walk in a
// picture's frames, so the view must ask for it.
constexpr const char* kFarTree = "42354\n((. X (. . .)) . (X . (. X X)))\nt 1000000000\n";

}  // namespace

TEST_CASE("work room: a picture's Tree of Life asks its painter's room for a far generation",
          "[work][render][treeoflife]") {
  auto game = find_puzzle("treeoflife")->parse(kFarTree);
  REQUIRE(game);
  BoardPainter painter("treeoflife");
  auto wire = std::make_shared<Wire>();
  painter.work().set_client(Lane::view, std::make_unique<CountingInProcess>(wire));
  const int height = painter.board_height(*game.value(), 300);
  painter.paint(*game.value(), 300, height, {});
  REQUIRE(wire->started.size() == 1);
  CHECK(wire->started.front().kind == RequestKind::compute);
  CHECK(wire->started.front().task == "generation " + std::to_string(1000000000 - 63));
  // The room's answer landed: the picture is of the cells, not of
  // "computing generation X of Y".
  CHECK_FALSE(painter.view().computing());
}

TEST_CASE("work room: a view prepares a picture through the lane it is given",
          "[work][render][treeoflife]") {
  auto game = find_puzzle("treeoflife")->parse(kFarTree);
  REQUIRE(game);
  WorkRoom room;
  auto wire = std::make_shared<Wire>();
  room.set_client(Lane::view, std::make_unique<CountingInProcess>(wire));
  auto view = make_view("treeoflife");
  SolveOptions options;
  options.node_budget = 123456789;
  const SolveResult ready = view->prepare(*game.value(), options, room.lane(Lane::view));
  CHECK(ready.status == SolveStatus::solved);
  REQUIRE(wire->started.size() == 1);
  CHECK(wire->started.front().kind == RequestKind::compute);
  CHECK(wire->started.front().node_budget == 123456789);  // the budgets go with the job
  CHECK_FALSE(view->computing());
  CHECK_FALSE(room.lane(Lane::view).busy());

  // A budget that runs out is the job's answer, and the view is not ready.
  std::mt19937 rng(43);
  auto big = find_puzzle("treeoflife")
                 ->parse("6030\n" + testing::random_tree(2001, rng) + "\nt 1000000000\n");
  REQUIRE(big);
  auto fresh = make_view("treeoflife");
  options.node_budget = 10;
  CHECK(fresh->prepare(*big.value(), options, room.lane(Lane::view)).status ==
        SolveStatus::budget_exceeded);
  CHECK(wire->started.size() == 2);
  CHECK(fresh->computing());
}
