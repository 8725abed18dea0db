// Which keys work on a puzzle, on this device: the page's shortcuts (S, H,
// U, R, N, ., ?) that do something on the puzzle, and the board's own keys
// from its view. The list of keys (the ? key) and the help line under the
// board show only these; a touch screen gets gestures, no keys.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/puzzle.h"
#include "views/board_view.h"

namespace puzzlelab::shell {

enum class Device { keyboard, touch };

// A keyboard shortcut: the character typed, the command it runs (a Midend
// command, or "keys": the App's list of shortcuts) and what the list says.
struct Shortcut {
  char key = 0;
  std::string_view command;
  std::string_view what;
};
// S solve, H hint, U undo, R restart, N new puzzle, . describe, ? the list.
const std::vector<Shortcut>& shortcuts();
// The shortcuts that do something on this puzzle: H only where it has
// hints, N only with a generator or more than one bundled board.
std::vector<Shortcut> shortcuts_for(const PuzzleInfo& info, int bundled_boards);
// The command a typed character runs: lower case only, so that Shift+H
// still reaches a board that names its pieces by letter (Rush Hour's car H).
std::optional<std::string_view> shortcut_command(unsigned int typed);

// The list of keys for a puzzle on a device: the page's rows, then the
// board's. On a touch screen the page's rows name its buttons and the
// board's row its gestures.
struct KeyList {
  std::vector<KeyRow> page;
  std::vector<KeyRow> board;
};
KeyList key_list(const PuzzleInfo& info, int bundled_boards, const BoardHelp& board, Device device);
// The help line under the board for the device.
const std::string& help_line(const BoardHelp& board, Device device);

}  // namespace puzzlelab::shell
