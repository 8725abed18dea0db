// Sudoku's editor: the givens as one line of 81 cells. A digit that clashes
// is kept (the parser rejects the board, the verdict says where, and the
// view draws it red), so a person sees what they typed.
#include "puzzles/sudoku/editor.h"

#include <string>
#include <vector>

#include "core/edit.h"
#include "core/text.h"
#include "puzzles/sudoku/sudoku.h"

namespace puzzlelab::sudoku {

namespace {

constexpr char kBlank = '.';

const std::vector<EditTool>& tools() {
  static const std::vector<EditTool> list = {
      {"digit",
       "Given",
       "g",
       "Click a cell and type 1-9 (or use the digit pad): a given digit",
       EditTool::Gesture::click,
       {"1", "2", "3", "4", "5", "6", "7", "8", "9"}},
      {"clear", "Clear", "e", "Click a cell to clear its given (0 or Delete does it too)"},
  };
  return list;
}

// The givens as 81 characters, whichever form the text has (the player's
// entries, a second line, are no part of the puzzle being built).
// Reads no further than the 81st character: a longer line holds nothing more.
std::string givens_of(std::string_view board) {
  std::string cells;
  for (const char c : board.substr(0, static_cast<size_t>(kCellCount))) {
    if (c == '\n') break;
    cells += c >= '1' && c <= '9' ? c : kBlank;
  }
  cells.resize(kCellCount, kBlank);
  return cells;
}

Parsed<std::string> apply_edit(std::string_view board, std::string_view edit) {
  auto read = read_edit(tools(), edit);
  if (!read) return read.error();
  const EditText& op = read.value();
  const int cell = op.cells[0];
  if (cell >= kCellCount)
    return parse_error(0, 0, "cell " + std::to_string(cell) + " is off the grid (0-80)");
  std::string cells = givens_of(board);
  cells[cell] = op.tool == "digit" ? op.value[0] : kBlank;
  return cells;
}

std::string blank(EditSize) {
  return std::string(kCellCount, kBlank);
}

EditSize size_of(std::string_view) {
  return {9, 9};
}

int cell_count(std::string_view) {
  return kCellCount;
}

std::string board_of(const Game& game) {
  return givens_of(game.format());
}

// Clashes and all: the view draws a clash red.
std::unique_ptr<Game> draft_game(std::string_view board) {
  const std::string cells = givens_of(board);
  Position position;
  for (int cell = 0; cell < kCellCount; ++cell)
    position.givens[cell] = cells[cell] == kBlank ? 0 : static_cast<uint8_t>(cells[cell] - '0');
  return std::make_unique<SudokuGame>(position);
}

int cell_of_error(std::string_view, const ParseError& error) {
  return error.line == 1 && error.column >= 1 && error.column <= kCellCount ? error.column - 1 : -1;
}

// The paste box's example, given by given.
std::vector<std::string> example() {
  const std::string_view puzzle = puzzle_info().format_example;
  std::vector<std::string> edits;
  for (int cell = 0; cell < kCellCount; ++cell) {
    if (puzzle[cell] != '.') edits.push_back("digit " + std::to_string(cell) + " " + puzzle[cell]);
  }
  return edits;
}

}  // namespace

const PuzzleEditor& editor() {
  static const PuzzleEditor editor{
      .tools = tools(),
      .min_size = {9, 9},
      .max_size = {9, 9},
      .default_size = {9, 9},
      .blank = &blank,
      .board_of = &board_of,
      .apply = &apply_edit,
      .size_of = &size_of,
      .cell_count = &cell_count,
      .draft_game = &draft_game,
      .cell_of_error = &cell_of_error,
      .example = &example,
  };
  return editor;
}

}  // namespace puzzlelab::sudoku
