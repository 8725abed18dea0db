// Motion on the board: a Tween slides between two neighbouring positions of
// the session chain; Playback steps through a solution at a chosen speed.
#pragma once

#include <algorithm>

#include <optional>

namespace puzzlelab::shell {

class Tween {
 public:
  struct Frame {
    int from = 0;        // chain index shown at the start
    int to = 0;          // chain index shown at the end
    float progress = 0;  // eased, 0..1
  };

  void start(int from, int to, double now, double seconds);
  void stop() { active_ = false; }
  // The slide in progress, or nullopt once it has finished.
  std::optional<Frame> at(double now);
  bool active() const { return active_; }

 private:
  bool active_ = false;
  int from_ = 0, to_ = 0;
  double start_ = 0, seconds_ = 0;
};

class Playback {
 public:
  static constexpr float kMinSpeed = 0.5f;  // moves per second
  static constexpr float kMaxSpeed = 12.0f;

  bool playing() const { return playing_; }
  void play(double now) {
    playing_ = true;
    last_step_ = now - 1 / speed_;
  }
  void pause() { playing_ = false; }
  float& speed() { return speed_; }
  // Speeds up (never slows) so a solution of `moves` plays in about 12 s.
  void fit_length(int moves) { speed_ = std::clamp(moves / 12.0f, speed_, kMaxSpeed); }

  // True when the next move should start now (and remembers that it did).
  bool step_due(double now);
  // How long one move's slide takes at this speed.
  double slide_seconds() const;

 private:
  bool playing_ = false;
  float speed_ = 3.0f;
  double last_step_ = 0;
};

}  // namespace puzzlelab::shell
