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
Moved move(const Map& map, World& world, int direction);

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

class Simulator {
 public:
  explicit Simulator(const Map& map);
  // `moves`, when given, receives the moves Bender made (bumps left out).
  Verdict run(std::string_view program, std::string* moves = nullptr);

 private:
  struct Frame {
    uint16_t function;
    uint32_t position;
  };
  const Map& map_;
  World world_;
  std::vector<std::string_view> functions_;
  std::array<Frame, kTurns + 1> stack_{};
};

Verdict run_program(const Map& map, std::string_view program);

}  // namespace puzzlelab::bender
