#include "puzzles/rushhour/orientation.h"

#include <utility>

namespace puzzlelab::rushhour {

const char* to_string(ExitSide side) {
  constexpr const char* kNames[] = {"right", "left", "bottom", "top"};  // in ExitSide's order
  return kNames[static_cast<int>(side)];
}

Orientation::Orientation(ExitSide exit, int width, int height)
    : exit_(exit),
      mirrored_(exit == ExitSide::left || exit == ExitSide::top),
      transposed_(exit == ExitSide::bottom || exit == ExitSide::top),
      screen_width_(width),
      screen_height_(height) {}

// Engine from screen: transpose, then mirror. Screen from engine: the reverse.
Cell Orientation::to_screen(Cell engine) const {
  if (mirrored_) engine.col = engine_width() - 1 - engine.col;
  if (transposed_) std::swap(engine.row, engine.col);
  return engine;
}

Cell Orientation::from_screen(Cell screen) const {
  if (transposed_) std::swap(screen.row, screen.col);
  if (mirrored_) screen.col = engine_width() - 1 - screen.col;
  return screen;
}

namespace {

Axis other(Axis axis) {
  return axis == Axis::horizontal ? Axis::vertical : Axis::horizontal;
}

}  // namespace

Direction Orientation::to_screen(Direction engine) const {
  if (mirrored_ && engine.axis == Axis::horizontal) engine.sign = -engine.sign;
  if (transposed_) engine.axis = other(engine.axis);
  return engine;
}

Direction Orientation::from_screen(Direction screen) const {
  if (transposed_) screen.axis = other(screen.axis);
  if (mirrored_ && screen.axis == Axis::horizontal) screen.sign = -screen.sign;
  return screen;
}

Box Orientation::to_screen(Box engine) const {
  if (mirrored_) {
    const double width = engine_width();
    engine = {engine.row0, width - engine.col1, engine.row1, width - engine.col0};
  }
  if (transposed_) engine = {engine.col0, engine.row0, engine.col1, engine.row1};
  return engine;
}

}  // namespace puzzlelab::rushhour
