#include "puzzles/bender/simulator.h"

#include <algorithm>

namespace puzzlelab::bender {

void World::load(const Map& map) {
  bender = map.bender;
  fields_on = map.fields_on;
  ball.assign(map.cell_count(), 0);
  for (uint16_t cell : map.balls) ball[cell] = 1;
}

std::string Verdict::describe() const {
  switch (loss) {
    case Loss::none:
      return "WIN in " + std::to_string(steps) + " steps";
    case Loss::field:
      return "Bender entered a magnetic field";
    case Loss::squashed:
      return "Fry was squashed";
    case Loss::invalid_path:
      return "Invalid path";
    case Loss::no_function:
      return "Call to non-existing function " + std::to_string(function);
    case Loss::step_limit:
      return "Fry not reached in 1000 turns";
    case Loss::no_main:
      return "No main function: the program is only ';'";
  }
  return "";
}

std::vector<std::string_view> split_functions(std::string_view program) {
  std::vector<std::string_view> functions;
  size_t start = 0;
  while (true) {
    const size_t end = program.find(';', start);
    functions.push_back(program.substr(start, end == std::string_view::npos ? end : end - start));
    if (end == std::string_view::npos) break;
    start = end + 1;
  }
  // Java drops trailing empty strings, except when nothing matched at all.
  if (functions.size() > 1) {
    while (!functions.empty() && functions.back().empty()) functions.pop_back();
  }
  return functions;
}

Simulator::Simulator(const Map& map) : map_(map) {
  world_.load(map);
}

void Simulator::start(std::string_view program) {
  functions_ = split_functions(program);  // reuses its capacity
  world_.load(map_);
  pushes_ = 0;
  top_.fill(-1);
  depth_ = functions_.empty() ? 0 : 1;
  stack_[0] = {0, 0, -1, world_.bender, 0, world_.fields_on};
}

Verdict Simulator::run(std::string_view program, std::string* moves) {
  if (moves) moves->clear();
  start(program);
  // The world's checks run only when a move changed it: a call, a return
  // or a bump leaves them as they were.
  Verdict verdict;
  bool finished = false;
  bool check = true;
  for (int turn = 0; turn < kTurns; ++turn) {
    // The checks at the start of a turn (doc section 2, steps 1-6).
    if (finished) {
      verdict.win = true;
      verdict.steps = turn - 1;
      return verdict;
    }
    if (check) {
      check = false;
      verdict.steps = turn;
      if (map_.kills(world_.bender, world_.fields_on)) {
        verdict.loss = Loss::field;
        return verdict;
      }
      if (world_.ball[map_.target]) {
        verdict.loss = Loss::squashed;
        return verdict;
      }
      if (world_.bender == map_.target) finished = true;
    }
    // One interpreter step.
    if (depth_ == 0) {
      verdict.steps = turn;
      if (functions_.empty()) {  // the referee reads the program here and crashes
        verdict.loss = Loss::no_main;
        return verdict;
      }
      // No command left: the next turn wins or finds the path invalid.
      if (turn + 1 == kTurns) break;
      verdict.win = finished;
      verdict.steps = finished ? turn : turn + 1;
      verdict.loss = finished ? Loss::none : Loss::invalid_path;
      return verdict;
    }
    Frame& frame = stack_[depth_ - 1];
    const std::string_view body = functions_[frame.function];
    if (frame.position >= body.size()) {
      top_[frame.function] = frame.same_below;
      if (--depth_ > 0) ++stack_[depth_ - 1].position;
      continue;
    }
    const char c = body[frame.position];
    if (c >= '1' && c <= '9') {
      const int callee = c - '0';
      if (callee >= static_cast<int>(functions_.size())) {
        verdict.loss = Loss::no_function;
        verdict.function = callee;
        verdict.steps = turn + 1;
        return verdict;
      }
      if (!moves && !finished && repeats(callee)) break;
      stack_[depth_] = {
          0, static_cast<uint16_t>(callee), top_[callee], world_.bender, pushes_, world_.fields_on};
      top_[callee] = static_cast<int16_t>(depth_++);
      continue;
    }
    const int direction = direction_of(c);
    if (direction >= 0) {
      const Moved moved = move(map_, world_, direction);
      if (moved != Moved::blocked) {
        check = true;
        if (moves && !finished) *moves += c;
        if (moved == Moved::pushed) ++pushes_;
      }
    }
    ++frame.position;
  }
  verdict.win = false;
  verdict.steps = kTurns;
  verdict.loss = Loss::step_limit;
  return verdict;
}

// A call of `callee` that would start where one of the nearest few calls of
// it still running started (same cell, fields, no push since) repeats
// forever. Checking a few of them finds nearly every endless recursion the
// text search makes.
bool Simulator::repeats(int callee) const {
  int k = top_[callee];
  for (int n = 0; n < kRecursionChecks && k >= 0; ++n, k = stack_[k].same_below) {
    const Frame& earlier = stack_[k];
    if (earlier.bender == world_.bender && earlier.fields_on == world_.fields_on &&
        earlier.pushes == pushes_) {
      return true;
    }
  }
  return false;
}

Verdict run_program(const Map& map, std::string_view program) {
  Simulator simulator(map);
  return simulator.run(program);
}

}  // namespace puzzlelab::bender
