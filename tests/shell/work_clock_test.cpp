// The frames a running search asks for (issue: the app drew 60 a second for
// a timer nobody reads at that rate). While work runs with nothing else
// moving, the midend asks for a frame when the clock it shows steps, or a
// beat after a progress report that was late; a report itself wakes the host
// (the solver client's wake-up). A sliding move still wants every frame.
// The thread solver searches; the clock is the test's own.
#include <catch2/catch.hpp>

#include <string>

#include "midend/midend.h"
#include "support/assets_dir.h"
#include "support/solver_wait.h"
#include "widgets.h"

using namespace puzzlelab;
using namespace puzzlelab::shell;

namespace {

// Car A is boxed in by a truck that walls hold in place: IDA* under the
// steps metric searches for a very long time before it could give up.
const std::string kEndlessSearch =
    std::string("BBoooooooooooooo") + "ooooooooFooooooo" + "oooCooooFooooooo" + "oooCoooooooooooK" +
    "oooCooooooGGGooK" + "oooooooooooooxoK" + "oooooooooooooXoo" + "oAAooooooooooXoo" +
    "oooooooooooooXoo" + "oooooooJoooooxoo" + "ooDDoooJoooooooo" + "ooooooooooooooLL" +
    "oooooEEEoooooooo" + "ooooooooooooHooo" + "IIIoooooooooHooo" + "oooooooooooooooo";

// The longest a quiet job's clock waits: a report late by half a period.
constexpr double kLongestWait = 1.5 * Midend::kProgressSeconds;

struct ClockHarness {
  double time = 0;
  ThreadSolverClient* client = nullptr;
  Midend midend;

  ClockHarness()
      : midend(testing::assets_dir(), testing::thread_client(client), [this] { return time; }) {}

  void open(const std::string& hash) {
    midend.open(parse_hash(hash));
    REQUIRE(testing::wait_until(
        *client, [&] { return !midend.working(); }, [&] { midend.tick(); }));
  }
};

}  // namespace

TEST_CASE("work clock: a running search asks for frames at its clock's steps, not every frame",
          "[midend][frames]") {
  ClockHarness h;
  h.midend.open(parse_hash("#puzzle=rushhour&algorithm=idastar&metric=steps&solve=1&board=" +
                           kEndlessSearch));
  REQUIRE(h.midend.solving());
  // Just started: nothing to redraw until the clock's first step.
  double wait = h.midend.seconds_to_next_change();
  CHECK(wait > 0);
  CHECK(wait <= kLongestWait);
  // A report arrives (the clock stands still meanwhile): its frame shows the
  // clock too, so the next timer frame is a beat later, never at once.
  h.time = 1.0;
  testing::wait_until(
      *h.client, [&] { return h.midend.run()->last_progress().stats.expanded > 0; },
      [&] { h.midend.tick(); });
  REQUIRE(h.midend.solving());
  wait = h.midend.seconds_to_next_change();
  CHECK(wait > 0);
  CHECK(wait <= kLongestWait);
  CHECK(wait > Midend::kProgressSeconds);  // a report on time needs no timer frame before it
  // The clock shown stands at the report's time until the next one, so the
  // frame after the report's (ImGui's settling one) draws the same picture.
  h.time = 1.04;
  CHECK(h.midend.work_clock() == 1.0);
  CHECK(h.midend.working_seconds() == 1.0);
  // The job falls quiet: the clock steps at its tenths.
  h.time = 1.23;
  wait = h.midend.seconds_to_next_change();
  CHECK(wait == Approx(0.07).margin(1e-9));
  CHECK(h.midend.work_clock() == Approx(1.2));
  CHECK(running_duration(h.midend.working_seconds()) == "1.2 s");
  // Past a minute it shows whole seconds, and steps at them.
  h.time = 75.6;
  wait = h.midend.seconds_to_next_change();
  CHECK(wait == Approx(0.4).margin(1e-9));
  CHECK(running_duration(h.midend.working_seconds()) == "1 min 15 s");
  h.midend.cancel();
  CHECK(h.midend.seconds_to_next_change() > 1);  // at rest once cancelled (a note may expire)
}

TEST_CASE("work clock: a move sliding while work runs still wants every frame",
          "[midend][frames]") {
  ClockHarness h;
  h.open("#puzzle=rushhour&board=IBBxooIooLDDJAALooJoKEEMFFKooMGGHHHM");
  // A board being made (none of 60 moves exists on 6x6: it runs until
  // cancelled) while the player slides a car on the one on screen.
  h.midend.new_puzzle("60", 1);
  REQUIRE(h.midend.working() == RequestKind::generate);
  CHECK(h.midend.seconds_to_next_change() > 0);
  const std::vector<Move> legal = h.midend.session().current().legal_moves();
  REQUIRE_FALSE(legal.empty());
  h.midend.play(legal.front().text, true);
  REQUIRE(h.midend.working() == RequestKind::generate);
  CHECK(h.midend.slide());
  CHECK(h.midend.seconds_to_next_change() == 0);
  h.time += 2;  // the slide is over: the work's clock again
  CHECK_FALSE(h.midend.slide());
  const double wait = h.midend.seconds_to_next_change();
  CHECK(wait > 0);
  CHECK(wait <= kLongestWait);
  h.midend.cancel();
}

TEST_CASE("work clock: the running time shown is never ahead of the time", "[frames]") {
  CHECK(running_duration(0) == "0.0 s");
  CHECK(running_duration(0.3) == "0.3 s");  // 0.3 / 0.1 is 2.999...: still 0.3
  CHECK(running_duration(0.99) == "0.9 s");
  CHECK(running_duration(59.97) == "59.9 s");
  CHECK(running_duration(60) == "1 min 00 s");
  CHECK(running_duration(3599.5) == "59 min 59 s");
  CHECK(running_clock(12.345) == Approx(12.3));
  CHECK(running_clock(125.7) == Approx(125));
}
