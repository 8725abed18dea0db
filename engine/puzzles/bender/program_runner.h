// The referee one turn at a time, for the app's program runner: the board
// after each turn, the call stack, the instruction that runs next and the
// verdict when the game ends. The same rules as Simulator (doc sections 2-6),
// kept apart because the simulator is built for speed and this for showing;
// tests run both, and an independent referee, on the same programs.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "puzzles/bender/map.h"
#include "puzzles/bender/simulator.h"

namespace puzzlelab::bender {

// What the program editor says about a program before it runs: mistakes
// the referee punishes (a call to a function that does not exist, once it
// runs; only ';') or lets pass (a character that is no command is a no-op
// that uses a turn). Each names the function and the column.
struct ProgramNote {
  size_t offset = 0;   // in the program text
  bool fatal = false;  // the game is lost if this runs
  std::string text;
};
std::vector<ProgramNote> review_program(std::string_view program);

// "main" or "f3".
std::string function_name(int function);

class ProgramRunner {
 public:
  // A function being run: its number (0 = main) and the index in its body
  // of the next character (the body's size: the return comes next).
  struct Frame {
    int function = 0;
    int position = 0;
  };
  // What the last turn did.
  enum class Event { none, moved, pushed, bumped, no_op, called, returned, ended, verdict };

  ProgramRunner(Map start, std::string program);

  // Plays one of the engine's gameTurn calls; false when the game was over.
  bool step();
  // Plays turns until the game is over (at most the 1000 turns).
  void run_to_end();

  const std::string& program() const { return program_; }
  const Map& position() const { return position_; }  // Bender, fields and balls now
  int turn() const { return turn_; }                 // gameTurn calls so far, 0..1000
  Event last_event() const { return event_; }
  bool over() const { return verdict_.has_value(); }
  const std::optional<Verdict>& verdict() const { return verdict_; }
  // Bender stood on Fry at a turn's check: the referee plays one more step,
  // then declares the win.
  bool reached_fry() const { return finished_; }
  const std::vector<Frame>& stack() const { return stack_; }  // main first
  const std::vector<std::string>& functions() const { return functions_; }
  // Where function `function`'s body starts in program().
  size_t body_offset(int function) const;
  // The character of program() the next turn runs (for a return: the index
  // just past the body, a ';' or the end); nullopt when nothing runs next.
  std::optional<size_t> next_instruction() const;
  // The cell the verdict is about (Bender's, or Fry's when squashed); -1
  // before the end.
  int verdict_cell() const;

 private:
  void interpret();  // one interpreter step
  void end(Loss loss, int steps, int function = 0);

  std::string program_;
  std::vector<std::string> functions_;  // program_ split like Java's split(";")
  Map position_;
  World world_;
  std::vector<Frame> stack_;
  int turn_ = 0;
  bool finished_ = false;
  bool commands_left_ = true;
  Event event_ = Event::none;
  std::optional<Verdict> verdict_;
  int steps_ = 0;  // the verdict's step count (see Verdict::steps)
};

}  // namespace puzzlelab::bender
