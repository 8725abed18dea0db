// The referee, exactly (docs/bender.md, "Turns" to "Overlapping cells"): runs
// a program `main;f1;f2...` on a map and says WIN with the step of arrival,
// or the referee's loss reason. Built for millions of runs: a Simulator keeps
// its buffers, a run allocates nothing per step and uses an explicit stack.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "puzzles/bender/map.h"

namespace puzzlelab::bender {

inline constexpr int kTurns = 1000;       // the engine calls gameTurn this often
inline constexpr int kLastArrival = 998;  // Bender must stand on Fry after step <= 998

// Bender, the fields and the balls while a program runs.
struct World {
  int bender = 0;
  uint64_t fields_on = 0;
  std::vector<uint8_t> ball;  // per padded cell

  void load(const Map& map);  // the map's position
};

// One move (Robot.move). A bump (blocked) changes nothing.
enum class Moved : uint8_t { blocked, walked, pushed };
inline Moved move(const Map& map, World& world, int direction) {
  const int delta = map.step(direction);
  const int next = world.bender + delta;
  if (map.wall[next]) return Moved::blocked;
  const int behind = next + delta;
  if (world.ball[next] && (map.wall[behind] || world.ball[behind])) return Moved::blocked;
  if (map.toggles[next] >= 0) world.fields_on ^= uint64_t{1} << map.toggles[next];
  world.bender = next;
  if (!world.ball[next]) return Moved::walked;
  world.ball[next] = 0;
  world.ball[behind] = 1;
  if (map.toggles[behind] >= 0) world.fields_on ^= uint64_t{1} << map.toggles[behind];
  return Moved::pushed;
}

enum class Loss : uint8_t {
  none,
  field,         // "Bender entered a magnetic field"
  squashed,      // "Fry was squashed"
  invalid_path,  // "Invalid path": the program ended before Fry
  no_function,   // "Call to non-existing function N"
  step_limit,    // Fry not reached in the 1000 turns
  no_main,       // only ';': the referee crashes
};

struct Verdict {
  bool win = false;
  int steps = 0;  // win: the step after which Bender stood on Fry; loss: steps run
  Loss loss = Loss::none;
  int function = 0;  // the missing function's number for Loss::no_function

  std::string describe() const;  // "WIN in 41 steps" or the referee's message
};

// The functions of a program: Java's split(";") (trailing empty ones dropped).
std::vector<std::string_view> split_functions(std::string_view program);

// A run stops early, with the verdict the referee would give, when the
// program has entered an endless recursion: a function is called again,
// while an earlier call of it is still running, with Bender, the fields and
// the balls as they were at that earlier call. Everything from there repeats
// what ran since, so Fry is never reached: "not reached in 1000 turns".
class Simulator {
 public:
  explicit Simulator(const Map& map);
  // `moves`, when given, receives the moves Bender made (bumps left out);
  // such a run plays all its turns (no early stop on recursion).
  Verdict run(std::string_view program, std::string* moves = nullptr);

 private:
  struct Frame {
    uint32_t position;
    uint16_t function;
    int16_t same_below;  // the nearest frame of the same function under this one, or -1
    // The world when this call began (pushes: balls pushed before it).
    int32_t bender;
    uint32_t pushes;
    uint64_t fields_on;
  };
  static constexpr int kRecursionChecks = 4;

  void start(std::string_view program);
  bool repeats(int callee) const;

  const Map& map_;
  World world_;
  uint32_t pushes_ = 0;
  std::vector<std::string_view> functions_;
  std::array<Frame, kTurns + 1> stack_{};
  int depth_ = 0;
  std::array<int16_t, 10> top_{};  // per function 0-9, its topmost frame or -1
};

Verdict run_program(const Map& map, std::string_view program);

}  // namespace puzzlelab::bender
