// What the Bender view's files share (bender_view.cpp draws the maze and
// takes its input, bender_program.cpp holds the program editor, its runner
// and Compress): a colour and two helpers. Private to the view.
#pragma once

#include <string>

#include "puzzles/bender/bender.h"
#include "puzzles/bender/program_runner.h"
#include "theme.h"

namespace puzzlelab::shell::bender_parts {

inline constexpr ImU32 kHighlight = colors::rgb(255, 210, 100);  // the next instruction

inline const bender::BenderGame& as_bender(const Game& game) {
  return static_cast<const bender::BenderGame&>(game);
}

// "WIN in 41 steps" or the referee's loss reason, with the turn.
inline std::string verdict_text(const bender::ProgramRunner& runner) {
  const bender::Verdict& verdict = *runner.verdict();
  if (verdict.win) return verdict.describe();
  return verdict.describe() + " (turn " + std::to_string(runner.turn()) + ")";
}

}  // namespace puzzlelab::shell::bender_parts
