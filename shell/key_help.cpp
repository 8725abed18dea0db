#include "key_help.h"

#include <cctype>

#include "core/compare.h"

namespace puzzlelab::shell {

const std::vector<Shortcut>& shortcuts() {
  static const std::vector<Shortcut> list = {
      {'s', "solve", "Solve, and watch the answer played back (Esc cancels)"},
      {'c', "compare",
       "Compare every algorithm on this position: a table and charts (Esc cancels)"},
      {'h', "hint", "Hint: the next step, explained"},
      {'u', "undo", "Undo (also Ctrl+Z; Ctrl+Y redoes)"},
      {'r', "restart", "Restart: back to the first position"},
      {'n', "new", "New puzzle (or the next bundled board)"},
      {'g', "cluster", "Cluster: every position reachable from here, as a map (again: the board)"},
      {'.', "describe", "Describe the position in words (for a screen reader)"},
      {'?', "keys", "Show or hide this list"},
  };
  return list;
}

std::vector<Shortcut> shortcuts_for(const PuzzleInfo& info, int bundled_boards) {
  std::vector<Shortcut> list;
  for (const Shortcut& shortcut : shortcuts()) {
    if (shortcut.command == "hint" && !info.has_hints) continue;
    if (shortcut.command == "compare" && compare_plan(info).size() < 2) continue;
    if (shortcut.command == "new" && !info.generate && bundled_boards < 2) continue;
    if (shortcut.command == "cluster" && !info.hooks.space) continue;
    list.push_back(shortcut);
  }
  return list;
}

std::optional<std::string_view> shortcut_command(unsigned int typed) {
  for (const Shortcut& shortcut : shortcuts()) {
    if (typed == static_cast<unsigned char>(shortcut.key)) return shortcut.command;
  }
  return std::nullopt;
}

KeyList key_list(const PuzzleInfo& info, int bundled_boards, const BoardHelp& board,
                 Device device) {
  KeyList list;
  if (device == Device::touch) {
    list.page.push_back({"Solve", "Find the best solution and play it back"});
    if (compare_plan(info).size() > 1)
      list.page.push_back(
          {"Compare", "In the panel: every algorithm on this position, side by side"});
    if (info.has_hints) list.page.push_back({"Hint", "The next step, explained"});
    list.page.push_back({"Undo, Redo", "The hooked buttons beside Solve"});
    list.page.push_back({"Restart", "The circle beside them: back to the first position"});
    if (info.hooks.space)
      list.page.push_back({"Cluster", "In the panel: every position reachable, as a map"});
    list.board.push_back({"Touch", board.touch});
    return list;
  }
  for (const Shortcut& shortcut : shortcuts_for(info, bundled_boards)) {
    const char key = static_cast<char>(std::toupper(static_cast<unsigned char>(shortcut.key)));
    const bool next_bundled = shortcut.command == "new" && !info.generate;
    list.page.push_back({std::string(1, key), next_bundled ? std::string("The next bundled board")
                                                           : std::string(shortcut.what)});
  }
  list.page.push_back(
      {"Esc", "Cancel a solve, a compare, a hint or a new puzzle; close this list or the cluster"});
  list.page.push_back({"Ctrl+Z", "Undo; Ctrl+Y or Ctrl+Shift+Z redoes"});
  list.board = board.keys;
  return list;
}

const std::string& help_line(const BoardHelp& board, Device device) {
  return device == Device::touch ? board.touch : board.keyboard;
}

}  // namespace puzzlelab::shell
