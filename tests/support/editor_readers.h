// Every way an editor reads a board's text (core/edit.h), run on one text:
// the size and cell count, the summary, which tools apply, the draft drawn,
// the cell an error names, and the editor's example edits applied with the
// cells they change. Shared by the hostile-input tests and the editor fuzz
// target, so both put a text through the same readers.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "core/edit.h"
#include "core/puzzle.h"

namespace puzzlelab::testing {

// What the readers said, for checks on it (messages are short, printable).
struct EditorReadings {
  EditSize size;
  int cells = 0;
  std::vector<std::string> messages;  // refusals and the summary
};

inline EditorReadings read_with_every_hook(const PuzzleEditor& editor, std::string_view board) {
  EditorReadings out;
  out.size = editor.size_of(board);
  out.cells = editor.cell_count(board);
  if (editor.summary) out.messages.push_back(editor.summary(board));
  if (editor.tool_applies) {
    for (const EditTool& tool : editor.tools) (void)editor.tool_applies(board, tool);
  }
  if (editor.draft_game) (void)editor.draft_game(board);
  if (editor.cell_of_error) (void)editor.cell_of_error(board, ParseError{1, 1, "?"});
  const std::vector<std::string> edits =
      editor.example ? editor.example() : std::vector<std::string>{};
  for (const std::string& edit : edits) {
    auto applied = editor.apply(board, edit);
    if (!applied) out.messages.push_back(applied.error().describe());
    if (editor.changed_cells) (void)editor.changed_cells(board, edit);
  }
  return out;
}

}  // namespace puzzlelab::testing
