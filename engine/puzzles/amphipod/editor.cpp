// Amphipod's editor: the burrow's diagram, edited cell by cell (cells as
// Burrow::cell_number numbers them: the hallway, then each room from the
// top). The editor keeps the rules every parsed burrow keeps, so the board
// being built always parses: rooms fill from the bottom (an amphipod placed
// in a room drops to its deepest free cell, one erased lets those above it
// down), nobody stands in a doorway, and no kind outnumbers its room's cells.
#include "puzzles/amphipod/editor.h"

#include <string>
#include <vector>

#include "core/edit.h"
#include "core/text.h"
#include "puzzles/amphipod/amphipod.h"

namespace puzzlelab::amphipod {

namespace {

const std::vector<EditTool>& tools() {
  static const std::vector<EditTool> list = {
      {"A", "A", "a", "Click a hallway or room cell to place an A there (again: remove it)"},
      {"B", "B", "b", "Click a hallway or room cell to place a B there (again: remove it)"},
      {"C", "C", "c", "Click a hallway or room cell to place a C there (again: remove it)"},
      {"D", "D", "d", "Click a hallway or room cell to place a D there (again: remove it)"},
      {"E", "E", "e", "Click a hallway or room cell to place an E there (again: remove it)"},
      {"F", "F", "f", "Click a hallway or room cell to place an F there (again: remove it)"},
      {"G", "G", "g", "Click a hallway or room cell to place a G there (again: remove it)"},
      {"H", "H", "h", "Click a hallway or room cell to place an H there (again: remove it)"},
      {"erase", "Erase", "x",
       "Click an amphipod to remove it (those above it in a room move down)"},
  };
  return list;
}

ParseError refused(std::string why) {
  return parse_error(0, 0, std::move(why));
}

// The board as the editor wrote it (format_burrow's diagram), or any form
// the parser reads.
Burrow read_board(std::string_view board) {
  auto parsed = parse_burrow(board);
  return parsed ? parsed.value() : Burrow{};
}

// Room r's amphipods from the bottom up, then written back bottom-aligned.
std::vector<int8_t> stack_of(const Burrow& b, int r) {
  std::vector<int8_t> stack;
  for (int d = b.depth - 1; d >= 0; --d) {
    if (b.room[r][d] != kEmpty) stack.push_back(b.room[r][d]);
  }
  return stack;
}

void set_stack(Burrow& b, int r, const std::vector<int8_t>& stack) {
  for (int d = 0; d < b.depth; ++d) b.room[r][d] = kEmpty;
  for (size_t i = 0; i < stack.size(); ++i) b.room[r][b.depth - 1 - int(i)] = stack[i];
}

// Removes the amphipod on `cell`; in a room, those above it move down.
void remove_at(Burrow& b, const Place& p) {
  if (!p.in_room) {
    b.hall[p.hall] = kEmpty;
    return;
  }
  std::vector<int8_t> stack = stack_of(b, p.room);
  const int from_bottom = b.depth - 1 - p.depth;
  if (from_bottom < int(stack.size())) stack.erase(stack.begin() + from_bottom);
  set_stack(b, p.room, stack);
}

Parsed<std::string> place(Burrow b, const Place& p, int kind) {
  if (kind >= b.rooms) {
    return refused(std::string("no ") + kind_letter(kind) + " in a burrow of " +
                   std::to_string(b.rooms) + " rooms (A-" + kind_letter(b.rooms - 1) + ")");
  }
  if (b.at(p) == kind) {  // the same again: remove it
    remove_at(b, p);
    return format_burrow(b);
  }
  if (b.counts()[kind] >= b.depth) {
    return refused(std::string("all ") + std::to_string(b.depth) + " " + kind_letter(kind) +
                   "s are placed: room " + kind_letter(kind) + " holds " + std::to_string(b.depth));
  }
  if (!p.in_room) {
    if (b.is_door(p.hall)) {
      return refused("hallway cell " + std::to_string(p.hall) + " is room " +
                     kind_letter((p.hall - 2) / 2) + "'s doorway: amphipods never stop there");
    }
    b.hall[p.hall] = static_cast<int8_t>(kind);
    return format_burrow(b);
  }
  if (b.at(p) != kEmpty) {  // another kind: this one takes its place
    b.at(p) = static_cast<int8_t>(kind);
    return format_burrow(b);
  }
  std::vector<int8_t> stack = stack_of(b, p.room);  // rooms fill from the bottom
  stack.push_back(static_cast<int8_t>(kind));
  set_stack(b, p.room, stack);
  return format_burrow(b);
}

Parsed<std::string> apply_edit(std::string_view board, std::string_view edit) {
  auto read = read_edit(tools(), edit);
  if (!read) return read.error();
  const EditText& op = read.value();
  Burrow b = read_board(board);
  const int cell = op.cells[0];
  if (cell >= b.cell_count()) {
    return refused("cell " + std::to_string(cell) + " is off the burrow (0-" +
                   std::to_string(b.cell_count() - 1) + ")");
  }
  const Place p = b.place_of(cell);
  if (op.tool != "erase") return place(b, p, op.tool[0] - 'A');
  if (b.at(p) == kEmpty) return refused(format_place(p) + " is empty already");
  remove_at(b, p);
  return format_burrow(b);
}

// See PuzzleEditor::changed_cells: the cells whose amphipod changes (one
// placed in a room drops to its deepest free cell; one erased lets those
// above it down), none for a refused edit.
std::vector<int> changed_cells(std::string_view board, std::string_view edit) {
  const auto edited = apply_edit(board, edit);
  if (!edited) return {};
  const Burrow was = read_board(board), now = read_board(edited.value());
  if (was.cell_count() != now.cell_count()) return {};
  std::vector<int> cells;
  for (int cell = 0; cell < was.cell_count(); ++cell) {
    if (was.at(was.place_of(cell)) != now.at(now.place_of(cell))) cells.push_back(cell);
  }
  return cells;
}

std::string blank(EditSize size) {
  Burrow b;
  b.rooms = size.width;
  b.depth = size.height;
  return format_burrow(b);
}

EditSize size_of(std::string_view board) {
  const Burrow b = read_board(board);
  return {b.rooms, b.depth};
}

int cell_count(std::string_view board) {
  return read_board(board).cell_count();
}

std::string board_of(const Game& game) {
  return format_burrow(dynamic_cast<const AmphipodGame&>(game).burrow());
}

// A kind has a room only in a burrow of that many rooms: four rooms, no E-H.
bool tool_applies(std::string_view board, const EditTool& tool) {
  return tool.name == "erase" || tool.name[0] - 'A' < read_board(board).rooms;
}

// "A 2/2 · B 1/2 · ...": each kind placed against its room's cells.
std::string summary(std::string_view board) {
  const Burrow b = read_board(board);
  const auto counts = b.counts();
  std::string out = "Placed:";
  for (int kind = 0; kind < b.rooms; ++kind) {
    out += std::string(kind == 0 ? " " : ", ") + kind_letter(kind) + " " +
           std::to_string(counts[kind]) + "/" + std::to_string(b.depth);
  }
  return out;
}

// A diagram's line 2 is the hallway (column 2 = cell 0), line 3 + d room
// depth d (room r at column 4 + 2r).
int cell_of_error(std::string_view board, const ParseError& error) {
  const Burrow b = read_board(board);
  if (error.line == 2 && error.column >= 2 && error.column - 2 < b.hall_size())
    return error.column - 2;
  const int d = error.line - 3, r = (error.column - 4) / 2;
  if (d < 0 || d >= b.depth || error.column < 4 || error.column % 2 != 0 || r >= b.rooms) return -1;
  return b.cell_number({true, r, d, 0});
}

// The puzzle's example (12521 energy) on blank(4 rooms, 2 deep): room by
// room, the top amphipod placed first drops to the bottom, so the bottom
// one goes first.
std::vector<std::string> example() {
  const Burrow b = read_board(blank({4, 2}));
  const std::string rooms[4] = {"AB", "DC", "CB", "AD"};  // each room bottom up
  std::vector<std::string> edits;
  for (int r = 0; r < 4; ++r) {
    for (const char kind : rooms[r])
      edits.push_back(std::string(1, kind) + " " + std::to_string(b.cell_number({true, r, 0, 0})));
  }
  return edits;
}

}  // namespace

const PuzzleEditor& editor() {
  static const PuzzleEditor editor{
      .tools = tools(),
      .min_size = {kMinRooms, 1},
      .max_size = {kMaxRooms, kMaxDepth},
      .default_size = {4, 2},
      .size_names = {"rooms", "depth"},
      .blank = &blank,
      .board_of = &board_of,
      .apply = &apply_edit,
      .size_of = &size_of,
      .cell_count = &cell_count,
      .summary = &summary,
      .tool_applies = &tool_applies,
      .changed_cells = &changed_cells,
      .cell_of_error = &cell_of_error,
      .example = &example,
  };
  return editor;
}

}  // namespace puzzlelab::amphipod
