// Edit mode's part of the puzzle interface: how a person builds a board of
// their own by hand. The model is the same as for play: an edit is a short
// text ("car 14 15", "digit 40 7") that the puzzle applies to a board, as a
// move is applied to a position, so the app, the tests and a link all speak
// the same language and the midend keeps edits on an undo chain.
//
// An edit works on the board's text (what PuzzleInfo::parse reads), not on a
// Game: a board being built may be one the parser rejects (a Sudoku with a
// digit twice in a row), and the editor must still show it and say why.
//
// An edit's text is "TOOL CELL [CELL] [VALUE]": the tool's name, the cell
// clicked (or where a drag started and ended), and a value for tools that
// take one (a digit). Cells are numbered as a hint's cells are
// (Hint::cells): row * width + column for a grid, the puzzle's own order
// otherwise (Amphipod: the hallway, then each room); 0..cell_count - 1.
// A tool with no cell ("rule 42354", Gesture::none) sets something of the
// whole board; the view's own controls send it, the palette shows none.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/parse_result.h"

namespace puzzlelab {

class Game;
struct SolveResult;

// One tool of an editor's palette.
struct EditTool {
  enum class Gesture {
    click,  // one cell: "wall 12"
    drag,   // from one cell to another: "car 14 15"
    none,   // no cell, a value: "rule 42354" (the view's controls send it; no palette button)
  };
  struct Range {
    long long min = 0, max = 0;
  };
  std::string_view name;   // the edit's first word: "car"
  std::string_view label;  // on its button: "Car (2)"
  std::string_view key;    // the key that picks it: "c"
  std::string_view help;   // what a click or drag does with it, for the tooltip
  Gesture gesture = Gesture::click;
  // The values the tool takes, if any ("1".."9" for a Sudoku digit): the
  // edit is "TOOL CELL VALUE".
  std::vector<std::string_view> values = {};
  // Or a whole number in this range (Tree of Life's rule, 0..65535).
  std::optional<Range> number = std::nullopt;
};

// A board's size as the editor offers it (cells a side).
struct EditSize {
  int width = 0;
  int height = 0;
  bool operator==(const EditSize&) const = default;
};

// What a puzzle offers for Edit mode. A puzzle without one (PuzzleInfo::editor
// nullptr) has no Edit button; with one, the app draws its tools, the
// midend applies its edits with undo and asks the solver for a verdict after
// each. See docs/architecture.md, "An editor", for the recipe.
struct PuzzleEditor {
  std::vector<EditTool> tools;  // the first is in hand when editing starts
  // Sizes a new board may have; min == max for a fixed size (Sudoku's 9x9).
  EditSize min_size;
  EditSize max_size;
  EditSize default_size;
  // What the two size controls say: "width" and "height", Amphipod's
  // "rooms" and "depth".
  std::string_view size_names[2] = {"width", "height"};
  // An empty board of that size (within min_size..max_size), as board text.
  std::string (*blank)(EditSize size) = nullptr;
  // The text an editor works on for a position being played (its start
  // board, say, written the editor's way); nullptr = Game::format().
  std::string (*board_of)(const Game& game) = nullptr;
  // Applies one edit to a board's text: the new text, or why the edit does
  // not apply ("cell 14 is a wall"), as a ParseError whose message says it.
  Parsed<std::string> (*apply)(std::string_view board, std::string_view edit) = nullptr;
  // The board's size, for the editor's size controls and for picking cells.
  EditSize (*size_of)(std::string_view board) = nullptr;
  // How many cells the board has (edits name cells 0..count - 1).
  int (*cell_count)(std::string_view board) = nullptr;
  // A line about the board being built for the status line, after what
  // the tool in hand does ("Placed: A 2/2, B 1/2"); nullptr = none.
  std::string (*summary)(std::string_view board) = nullptr;
  // Whether a tool has a use on this board (Amphipod's kinds E-H only in a
  // burrow with that many rooms); nullptr = every tool on every board. The
  // app offers only the tools that apply.
  bool (*tool_applies)(std::string_view board, const EditTool& tool) = nullptr;
  // Reads a board the parser rejects well enough to draw it (a Sudoku with
  // a clash, drawn with the clash in red); nullptr or nullopt = it cannot be
  // drawn, and the last board that could stays on screen.
  std::unique_ptr<Game> (*draft_game)(std::string_view board) = nullptr;
  // The cells `edit` changes on `board`: every cell whose content changes,
  // and every cell of a piece that appears, moves or goes (a car moved one
  // cell along its line keeps a cell, still part of what moves); none when
  // the edit is refused or changes nothing. The view outlines them while a
  // press is under way, so that the outline is what letting go does (a car
  // dragged over three cells is two). nullptr = the cells the gesture names
  // (a drag's rectangle, a click's cell) are what changes.
  std::vector<int> (*changed_cells)(std::string_view board, std::string_view edit) = nullptr;
  // The cell a parse error at (line, column) of `board` is about; -1 = none.
  int (*cell_of_error)(std::string_view board, const ParseError& error) = nullptr;
  // Edits that build a small solvable board from blank(default_size): the
  // generic tests play them, and so may a tutorial.
  std::vector<std::string> (*example)() = nullptr;
  // The verdict's time budget in ms, for a solver that works to its time
  // budget (an anytime search); 0 = the solver's own, as for Solve.
  double verdict_time_ms = 0;
  // The verdict's words for a solvable board, from the solve's result (its
  // extras); nullptr = "Solvable in N <unit>".
  std::string (*solvable_text)(const SolveResult& result) = nullptr;
};

// The edit's parts, read the way every editor reads them.
struct EditText {
  std::string tool;
  std::vector<int> cells;
  std::string value;
};
// Splits "car 14 15" or "digit 40 7" for `tool` (its gesture says how many
// cells, its values whether a value follows); the error names what is wrong.
Parsed<EditText> read_edit(const std::vector<EditTool>& tools, std::string_view edit);
// The text read_edit reads.
std::string write_edit(const EditTool& tool, const std::vector<int>& cells,
                       std::string_view value = {});
const EditTool* find_tool(const std::vector<EditTool>& tools, std::string_view name);
// The index of the tool whose key is the character typed (either case), or -1.
int tool_of_key(const std::vector<EditTool>& tools, unsigned int typed);
// Whether tools[index] is one of `editor`'s and applies to `board` (see
// PuzzleEditor::tool_applies).
bool tool_applies(const PuzzleEditor& editor, std::string_view board, int index);

}  // namespace puzzlelab
