#include "puzzles/bender/program_runner.h"

#include "core/bounded_text.h"

namespace puzzlelab::bender {

std::string function_name(int function) {
  return function == 0 ? "main" : "f" + std::to_string(function);
}

std::vector<ProgramNote> review_program(std::string_view program) {
  std::vector<ProgramNote> notes;
  const std::vector<std::string_view> functions = split_functions(program);
  if (functions.empty()) {
    notes.push_back({0, true, "only ';': the referee finds no main function and crashes"});
    return notes;
  }
  constexpr size_t kMaxNotes = 8;  // a garbled paste need not list every character
  size_t offset = 0;
  for (size_t f = 0; f < functions.size() && notes.size() < kMaxNotes; ++f) {
    const std::string_view body = functions[f];
    for (size_t i = 0; i < body.size() && notes.size() < kMaxNotes; ++i) {
      const char c = body[i];
      const std::string where =
          function_name(static_cast<int>(f)) + ", column " + std::to_string(i + 1) + ": ";
      if (c >= '1' && c <= '9' && c - '0' >= static_cast<int>(functions.size())) {
        notes.push_back({offset + i, true,
                         where + "calls f" + std::string(1, c) +
                             ", which is not defined: the game is lost if this call runs"});
      } else if (direction_of(c) < 0 && !(c >= '1' && c <= '9')) {
        const std::string shown = c == ' ' ? "a space" : text::quoted(c);
        notes.push_back({offset + i, false,
                         where + shown +
                             " is no command (U D L R or a digit 1-9): the referee lets it "
                             "pass as a no-op that uses a turn"});
      }
    }
    offset += body.size() + 1;
  }
  if (functions.size() > 10) {
    notes.push_back({0, false,
                     std::to_string(functions.size() - 10) +
                         " function(s) after f9 can never be called (calls are one digit)"});
  }
  return notes;
}

ProgramRunner::ProgramRunner(Map start, std::string program)
    : program_(std::move(program)), position_(std::move(start)) {
  for (std::string_view body : split_functions(program_)) functions_.emplace_back(body);
  world_.load(position_);
  if (!functions_.empty()) stack_.push_back({0, 0});
}

size_t ProgramRunner::body_offset(int function) const {
  size_t offset = 0;
  for (int f = 0; f < function && f < static_cast<int>(functions_.size()); ++f) {
    offset += functions_[f].size() + 1;  // the body and its ';'
  }
  return offset;
}

std::optional<size_t> ProgramRunner::next_instruction() const {
  if (over() || stack_.empty()) return std::nullopt;
  const Frame& top = stack_.back();
  return body_offset(top.function) + static_cast<size_t>(top.position);
}

int ProgramRunner::verdict_cell() const {
  if (!verdict_) return -1;
  return verdict_->loss == Loss::squashed ? position_.target : position_.bender;
}

void ProgramRunner::end(Loss loss, int steps, int function) {
  Verdict verdict;
  verdict.win = loss == Loss::none;
  verdict.loss = loss;
  verdict.steps = steps;
  verdict.function = function;
  verdict_ = verdict;
  event_ = Event::verdict;
}

bool ProgramRunner::step() {
  if (verdict_) return false;
  const int turn = turn_++;
  event_ = Event::none;
  // The checks at the start of a turn (doc section 2, steps 1-6).
  if (finished_) {
    end(Loss::none, steps_);
    return true;
  }
  steps_ = turn;
  if (position_.kills(world_.bender, world_.fields_on)) {
    end(Loss::field, turn);
  } else if (world_.ball[position_.target]) {
    end(Loss::squashed, turn);
  } else {
    if (world_.bender == position_.target) finished_ = true;
    if (functions_.empty()) {
      end(Loss::no_main, turn);
    } else if (!commands_left_) {
      end(Loss::invalid_path, turn);
    } else {
      interpret();
    }
  }
  // No turn checks what the 1000th step did.
  if (!verdict_ && turn_ == kTurns) end(Loss::step_limit, kTurns);
  return true;
}

void ProgramRunner::run_to_end() {
  while (step()) {
  }
}

void ProgramRunner::interpret() {
  if (stack_.empty()) {  // main has returned: the next check says "Invalid path"
    commands_left_ = false;
    event_ = Event::ended;
    return;
  }
  Frame& top = stack_.back();
  const std::string& body = functions_[top.function];
  if (top.position >= static_cast<int>(body.size())) {
    stack_.pop_back();
    if (!stack_.empty()) ++stack_.back().position;
    event_ = Event::returned;
    return;
  }
  const char c = body[top.position];
  if (c >= '1' && c <= '9') {
    const int callee = c - '0';
    if (callee >= static_cast<int>(functions_.size())) {
      end(Loss::no_function, turn_, callee);  // loseGame at once, this turn
      return;
    }
    stack_.push_back({callee, 0});
    event_ = Event::called;
    return;
  }
  ++top.position;
  const int direction = direction_of(c);
  if (direction < 0) {
    event_ = Event::no_op;
    return;
  }
  const Moved moved = move(position_, world_, direction);
  event_ = moved == Moved::blocked  ? Event::bumped
           : moved == Moved::pushed ? Event::pushed
                                    : Event::moved;
  position_.bender = world_.bender;
  position_.fields_on = world_.fields_on;
  if (moved != Moved::pushed) return;
  position_.balls.clear();
  for (int cell = 0; cell < position_.cell_count(); ++cell) {
    if (world_.ball[cell]) position_.balls.push_back(static_cast<uint16_t>(cell));
  }
}

}  // namespace puzzlelab::bender
