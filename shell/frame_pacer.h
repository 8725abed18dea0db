// Frames on demand, for both hosts: a frame is drawn only when something may
// have changed on screen. The host calls wake() for every event (input, a
// worker's message, a resize, a page command), draws a frame, and asks
// after_frame() how long it may wait before the next one:
//   - the app's own wish first (App::next_frame_in: 0 while a slide or a
//     scroll moves things; else the next playback step, the next step of a
//     running search's clock (its progress wakes the host itself), when a
//     note expires, or never);
//   - after a wake, at least kMinSettleFrames frames (a click is a press
//     and a release; a popup or tooltip sizes itself on its second frame);
//   - and after any frame whose picture differs from the one before, one
//     more: ImGui lays out what a frame changed only on the next one (a
//     note added at the end of a frame moves the buttons under it). So
//     frames go on until two in a row draw the same thing, at most
//     kMaxSettleFrames of them without an event or the app asking.
// The draw data's hash says whether two frames drew the same thing.
#pragma once

#include <cstdint>
#include <limits>

struct ImDrawData;

namespace puzzlelab::shell {

inline constexpr double kNever = std::numeric_limits<double>::infinity();

class FramePacer {
 public:
  static constexpr int kMinSettleFrames = 2;
  static constexpr int kMaxSettleFrames = 12;

  // Something happened that the next frame must see.
  void wake() {
    min_left_ = kMinSettleFrames;
    unasked_ = 0;
  }
  // After a frame was built: `draw_hash` is draw_data_hash() of it (mixed
  // with anything else that must settle: the app's state_fingerprint()),
  // `app_wait` the app's next_frame_in(). Returns the seconds until the
  // next frame is due: 0 = at the next display refresh, kNever = at the
  // next wake() only.
  double after_frame(uint64_t draw_hash, double app_wait);

 private:
  int min_left_ = kMinSettleFrames;  // the first frames settle too
  int unasked_ = 0;                  // frames in a row drawn only because the picture changed
  uint64_t last_hash_ = 0;
};

// A hash of everything a frame would put on screen (vertices, indices,
// draw commands); equal hashes mean the same picture.
uint64_t draw_data_hash(const ImDrawData& data);

}  // namespace puzzlelab::shell
