#include "midend/playback.h"

#include <algorithm>

namespace puzzlelab::shell {

namespace {

// Smooth start and stop, like a car pulling away and braking.
float ease_in_out(float t) {
  return t < 0.5f ? 4 * t * t * t : 1 - (-2 * t + 2) * (-2 * t + 2) * (-2 * t + 2) / 2;
}

}  // namespace

void Tween::start(int from, int to, double now, double seconds) {
  active_ = seconds > 0;
  from_ = from;
  to_ = to;
  start_ = now;
  seconds_ = seconds;
}

std::optional<Tween::Frame> Tween::at(double now) {
  if (!active_) return std::nullopt;
  const double t = (now - start_) / seconds_;
  if (t >= 1) {
    active_ = false;
    return std::nullopt;
  }
  return Frame{from_, to_, ease_in_out(static_cast<float>(std::max(0.0, t)))};
}

bool Playback::step_due(double now) {
  if (!playing_ || now - last_step_ < 1 / effective_speed()) return false;
  last_step_ = now;
  return true;
}

double Playback::slide_seconds() const {
  return std::min(0.45, 0.8 / effective_speed());
}

}  // namespace puzzlelab::shell
