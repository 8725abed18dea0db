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
    last_step_ = now - 1 / effective_speed();
  }
  void pause() { playing_ = false; }
  // The player's chosen speed (the slider); never changed behind their back.
  float& speed() { return speed_; }
  float chosen_speed() const { return speed_; }
  // A long solution plays faster than the chosen speed, in about 12 s, without
  // moving the slider; a new solution sets its own.
  void fit_length(int moves) { fitted_ = std::min(moves / 12.0f, kMaxSpeed); }
  float effective_speed() const { return std::max(speed_, fitted_); }

  // True when the next move should start now (and remembers that it did).
  bool step_due(double now);
  // When the next move starts (while playing).
  double next_step_at() const { return last_step_ + 1 / effective_speed(); }
  // How long one move's slide takes at this speed.
  double slide_seconds() const;

 private:
  bool playing_ = false;
  float speed_ = 3.0f;
  float fitted_ = 0;  // the floor fit_length() set for this solution
  double last_step_ = 0;
};

}  // namespace puzzlelab::shell
