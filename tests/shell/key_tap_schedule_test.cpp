// The key queue's frame schedule, against a model of how ImGui 1.86 reads
// keys: once a frame it looks at which keys are down, and a key counts as
// pressed when it is down now and was up the frame before.
#include <catch2/catch.hpp>

#include <deque>
#include <map>
#include <random>
#include <string>

#include "glfw/key_tap_schedule.h"

namespace {

using puzzlelab::shell::key_events_for_this_frame;
using puzzlelab::shell::KeyAction;
using puzzlelab::shell::QueuedKeyEvent;

struct Event : QueuedKeyEvent {
  char key = 0;  // the key, or the character typed
};

Event key_event(char key, KeyAction action) {
  Event event;
  event.action = action;
  event.key = key;
  return event;
}

Event typed(char character) {
  Event event;
  event.is_char = true;
  event.key = character;
  return event;
}

// A tap as a browser or GLFW reports it: down, the character, up.
void tap(std::deque<Event>& queue, char key) {
  queue.push_back(key_event(key, KeyAction::press));
  queue.push_back(typed(key));
  queue.push_back(key_event(key, KeyAction::release));
}

// Runs frames until the queue is empty and returns what a view reading
// ImGui would see: "+k" for each key pressed in a frame, then the frame's
// typed characters, in order.
std::string frames_seen(std::deque<Event> queue) {
  std::map<char, bool> down, was_down;
  std::string seen;
  for (int frame = 0; !queue.empty(); ++frame) {
    REQUIRE(frame < 1000);
    const std::size_t count = key_events_for_this_frame(queue);
    REQUIRE(count > 0);  // every frame makes progress
    std::string characters;
    for (std::size_t i = 0; i < count; ++i) {
      const Event& e = queue.front();
      if (e.is_char)
        characters += e.key;
      else if (e.action != KeyAction::repeat)
        down[e.key] = e.action == KeyAction::press;
      queue.pop_front();
    }
    for (const auto& [key, is_down] : down)
      if (is_down && !was_down[key]) seen += std::string("+") + key;
    seen += characters;
    was_down = down;
  }
  return seen;
}

}  // namespace

TEST_CASE("two taps of one key queued in one frame are two presses", "[keys]") {
  std::deque<Event> queue;
  tap(queue, 'R');
  tap(queue, 'R');
  tap(queue, '5');
  CHECK(frames_seen(queue) == "+RR+RR+55");
}

TEST_CASE("a modifier held across a key is down when the key is pressed", "[keys]") {
  std::deque<Event> queue;
  queue.push_back(key_event('C', KeyAction::press));
  queue.push_back(key_event('Z', KeyAction::press));
  queue.push_back(key_event('Z', KeyAction::release));
  queue.push_back(key_event('C', KeyAction::release));
  std::deque<Event> copy = queue;
  // Frame by frame: C goes down alone, then Z with C still down.
  CHECK(key_events_for_this_frame(copy) == 1);
  copy.pop_front();
  CHECK(key_events_for_this_frame(copy) == 1);
  CHECK(frames_seen(queue) == "+C+Z");
}

TEST_CASE("auto-repeat and characters never hold the queue back", "[keys]") {
  std::deque<Event> queue;
  queue.push_back(key_event('A', KeyAction::press));
  queue.push_back(typed('a'));
  queue.push_back(key_event('A', KeyAction::repeat));
  queue.push_back(typed('a'));
  queue.push_back(key_event('A', KeyAction::release));
  CHECK(key_events_for_this_frame(queue) == 4);
  CHECK(frames_seen(queue) == "+Aaa");
}

TEST_CASE("any burst of taps is seen whole and in order", "[keys][property]") {
  std::mt19937 random(20261122);
  const std::string keys = "ABR5";
  for (int trial = 0; trial < 500; ++trial) {
    std::deque<Event> queue;
    std::string expected;
    const int taps = 1 + static_cast<int>(random() % 12);
    for (int i = 0; i < taps; ++i) {
      const char key = keys[random() % keys.size()];
      tap(queue, key);
      expected += std::string("+") + key + key;
    }
    INFO("taps " << expected);
    CHECK(frames_seen(queue) == expected);
  }
}
