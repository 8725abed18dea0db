// The puzzles' editors as the solver worker links them (web/CMakeLists.txt):
// none. Edit mode is the page's (its copy of the engine has the editors);
// a worker solves, hints, rates, generates and traces, and never edits a
// board. Linked before the engine's archive, these definitions keep the
// puzzles' editor files (and core/edit.cpp and the sscanf they call) out of
// the worker's wasm: about 55 KB of code. Each puzzle registers this empty
// editor instead: no tools and no functions, as if the puzzle had no Edit
// mode.
#include "core/edit.h"
#include "puzzles/amphipod/editor.h"
#include "puzzles/bender/editor.h"
#include "puzzles/rushhour/editor.h"
#include "puzzles/sudoku/editor.h"
#include "puzzles/treeoflife/editor.h"

namespace puzzlelab {
namespace {

const PuzzleEditor& no_editor() {
  static const PuzzleEditor editor;
  return editor;
}

}  // namespace

const PuzzleEditor& amphipod::editor() {
  return no_editor();
}
const PuzzleEditor& bender::editor() {
  return no_editor();
}
const PuzzleEditor& rushhour::editor() {
  return no_editor();
}
const PuzzleEditor& sudoku::editor() {
  return no_editor();
}
const PuzzleEditor& treeoflife::editor() {
  return no_editor();
}

}  // namespace puzzlelab
