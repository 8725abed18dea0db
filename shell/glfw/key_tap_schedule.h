// Which queued keyboard events ImGui gets this frame (see glfw_keys.h for
// why they are queued). Kept free of GLFW so it can be unit-tested.
//
// ImGui 1.86 reads key *states* once a frame and calls a key "pressed" when
// it is down now and was up the frame before. So a frame may carry at most
// one change of key state: a press and its release in one frame are never
// seen, and a release followed by a second press of the same key in one frame
// looks like a key held down (the second tap is lost). Typed characters and
// auto-repeats change no state and travel with the events around them.
#pragma once

#include <cstddef>

namespace puzzlelab::shell {

enum class KeyAction { press, release, repeat };

struct QueuedKeyEvent {
  bool is_char = false;
  KeyAction action = KeyAction::press;  // key events only
};

// How many events from the front of `queue` (a container of QueuedKeyEvent
// in arrival order) to hand to ImGui this frame: everything up to, not
// including, the second key event that changes a key's state.
template <class Queue>
std::size_t key_events_for_this_frame(const Queue& queue) {
  std::size_t count = 0;
  bool state_changed = false;
  for (const QueuedKeyEvent& event : queue) {
    const bool changes_state = !event.is_char && event.action != KeyAction::repeat;
    if (changes_state && state_changed) break;
    state_changed = state_changed || changes_state;
    ++count;
  }
  return count;
}

}  // namespace puzzlelab::shell
