#include "puzzles/bender/simulator.h"

#include <algorithm>

namespace puzzlelab::bender {

void World::load(const Map& map) {
  bender = map.bender;
  fields_on = map.fields_on;
  ball.assign(map.cell_count(), 0);
  for (uint16_t cell : map.balls) ball[cell] = 1;
}

Moved move(const Map& map, World& world, int direction) {
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

Verdict Simulator::run(std::string_view program, std::string* moves) {
  if (moves) moves->clear();
  functions_ = split_functions(program);  // reuses its capacity
  Verdict verdict;
  world_.load(map_);
  int depth = functions_.empty() ? 0 : 1;
  stack_[0] = {0, 0};
  bool finished = false;
  bool commands_left = true;
  for (int turn = 0; turn < kTurns; ++turn) {
    // The checks at the start of a turn (doc section 2, steps 1-6).
    if (finished) {
      verdict.win = true;
      return verdict;
    }
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
    if (functions_.empty()) {  // the referee reads the program here and crashes
      verdict.loss = Loss::no_main;
      return verdict;
    }
    if (!commands_left) {
      verdict.loss = Loss::invalid_path;
      return verdict;
    }
    // One interpreter step.
    if (depth == 0) {
      commands_left = false;
      continue;
    }
    Frame& frame = stack_[depth - 1];
    const std::string_view body = functions_[frame.function];
    if (frame.position >= body.size()) {
      if (--depth > 0) ++stack_[depth - 1].position;
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
      stack_[depth++] = {static_cast<uint16_t>(callee), 0};
      continue;
    }
    const int direction = direction_of(c);
    if (direction >= 0 && move(map_, world_, direction) != Moved::blocked && moves && !finished) {
      *moves += c;
    }
    ++frame.position;
  }
  verdict.steps = kTurns;
  verdict.loss = Loss::step_limit;
  return verdict;
}

Verdict run_program(const Map& map, std::string_view program) {
  Simulator simulator(map);
  return simulator.run(program);
}

}  // namespace puzzlelab::bender
