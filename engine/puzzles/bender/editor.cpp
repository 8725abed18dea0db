// Bender's editor: the map in the game's format (format_map's text), edited
// cell by cell, cells numbered y * width + x. Every edit keeps the map one
// the parser reads: walls never cover Bender, Fry, a switch or a field (a
// wall painted over a switch or a field removes the pair), balls never lie
// on Bender or Fry, and a cell belongs to one switch–field pair at most
// (the referee's overlaps, doc section "Overlapping cells", are for maps
// typed by hand).
#include "puzzles/bender/editor.h"

#include <algorithm>
#include <cstdio>
#include <string>
#include <vector>

#include "core/edit.h"
#include "core/puzzle.h"
#include "core/text.h"
#include "puzzles/bender/bender.h"
#include "puzzles/bender/map.h"

namespace puzzlelab::bender {

namespace {

constexpr char kWallCell = '#';
constexpr char kBallCell = '+';
constexpr char kFloorCell = '.';

const std::vector<EditTool>& tools() {
  static const std::vector<EditTool> list = {
      {"wall", "Wall", "w", "Click a cell to build a wall (again: floor); drag to wall a rectangle",
       EditTool::Gesture::drag},
      {"floor", "Floor", "e",
       "Click or drag a rectangle to clear it to floor: walls, balls and switch pairs go",
       EditTool::Gesture::drag},
      {"ball", "Ball", "o", "Click a floor cell to put a garbage ball there (again: remove it)"},
      {"bender", "Bender", "b", "Click a floor cell to start Bender there"},
      {"fry", "Fry", "f", "Click a floor cell to put Fry there"},
      {"switch", "Switch", "s",
       "Drag from a switch's cell to the field it controls (or click the switch, then the "
       "field); the field starts on",
       EditTool::Gesture::drag},
      {"state", "On/off", "t",
       "Click a field (or its switch) to flip whether the field is on at the start"},
  };
  return list;
}

// The map as the editor edits it: the rows, Bender, Fry and the pairs.
struct Board {
  int width = 0;
  int height = 0;
  std::string cells;  // row-major: '#' wall, '+' ball, '.' floor
  int bender = 0;     // cells, y * width + x
  int fry = 0;
  std::vector<SwitchSpec> switches;

  int cell(int x, int y) const { return y * width + x; }
  int switch_cell(const SwitchSpec& s) const { return cell(s.switch_x, s.switch_y); }
  int field_cell(const SwitchSpec& s) const { return cell(s.field_x, s.field_y); }
  // The pair whose switch or field is on `cell`, or -1.
  int pair_at(int at) const {
    for (size_t i = 0; i < switches.size(); ++i) {
      if (switch_cell(switches[i]) == at || field_cell(switches[i]) == at) return int(i);
    }
    return -1;
  }
  // The app colours a pair by its place in the list: the last pair takes
  // a removed one's place, so the others keep theirs.
  void remove_pair(int pair) {
    switches[pair] = switches.back();
    switches.pop_back();
  }
  void drop_pairs_at(int at) {
    if (const int pair = pair_at(at); pair >= 0) remove_pair(pair);
  }
};

std::string blank(EditSize size);

// A parsed map as a Board; a map that does not parse (never one this editor
// wrote) reads as the default blank.
Board read_board(std::string_view text);

Board board_of_map(const Map& map) {
  Board b;
  b.width = map.width;
  b.height = map.height;
  for (int y = 0; y < map.height; ++y) {
    for (int x = 0; x < map.width; ++x) {
      const int at = map.cell(x, y);
      b.cells += map.wall[at] ? kWallCell : map.has_ball(at) ? kBallCell : kFloorCell;
    }
  }
  b.bender = b.cell(map.x_of(map.bender), map.y_of(map.bender));
  b.fry = b.cell(map.x_of(map.target), map.y_of(map.target));
  b.switches = map.switches;
  for (size_t i = 0; i < b.switches.size(); ++i)
    b.switches[i].initially_on = (map.fields_on >> i) & 1;
  return b;
}

Board read_board(std::string_view text) {
  auto map = parse_map(text);
  if (!map) map = parse_map(blank(editor().default_size));
  return board_of_map(map.value());
}

// As format_map writes it, so a board round-trips through a game.
std::string write_board(const Board& b) {
  std::string out = std::to_string(b.width) + " " + std::to_string(b.height) + "\n";
  for (int y = 0; y < b.height; ++y) out += b.cells.substr(size_t(y) * b.width, b.width) + "\n";
  auto xy = [&](int at) {
    return std::to_string(at % b.width) + " " + std::to_string(at / b.width) + "\n";
  };
  out += xy(b.bender) + xy(b.fry) + std::to_string(b.switches.size()) + "\n";
  for (const SwitchSpec& s : b.switches) {
    out += std::to_string(s.switch_x) + " " + std::to_string(s.switch_y) + " " +
           std::to_string(s.field_x) + " " + std::to_string(s.field_y) + " " +
           (s.initially_on ? "1" : "0") + "\n";
  }
  return out;
}

std::string cell_name(const Board& b, int at) {
  return "r" + std::to_string(at / b.width + 1) + "c" + std::to_string(at % b.width + 1);
}

ParseError refused(std::string why) {
  return parse_error(0, 0, std::move(why));
}

// The cells of the rectangle with corners `from` and `to`.
std::vector<int> rectangle(const Board& b, int from, int to) {
  std::vector<int> cells;
  const int x0 = std::min(from % b.width, to % b.width),
            x1 = std::max(from % b.width, to % b.width);
  const int y0 = std::min(from / b.width, to / b.width),
            y1 = std::max(from / b.width, to / b.width);
  for (int y = y0; y <= y1; ++y) {
    for (int x = x0; x <= x1; ++x) cells.push_back(b.cell(x, y));
  }
  return cells;
}

// Why a token (Bender, Fry, a ball) may not go on `at`, or "".
std::string taken(const Board& b, int at, bool ball_ok) {
  if (b.cells[at] == kWallCell) return cell_name(b, at) + " is a wall";
  if (!ball_ok && b.cells[at] == kBallCell) return cell_name(b, at) + " holds a garbage ball";
  if (at == b.bender) return "Bender starts on " + cell_name(b, at);
  if (at == b.fry) return "Fry is on " + cell_name(b, at);
  return "";
}

// Walls on the rectangle, or floor when all of it is wall already (a
// click on a wall clears it). Bender and Fry stay on floor.
Parsed<std::string> paint_walls(Board b, const std::vector<int>& cells) {
  const bool all_walls =
      std::all_of(cells.begin(), cells.end(), [&](int at) { return b.cells[at] == kWallCell; });
  for (const int at : cells) {
    if (all_walls) {
      b.cells[at] = kFloorCell;
      continue;
    }
    if (at == b.bender || at == b.fry) {
      return refused(std::string(at == b.bender ? "Bender starts" : "Fry is") + " on " +
                     cell_name(b, at) + ": move " + (at == b.bender ? "him" : "Fry") +
                     " before walling it");
    }
    b.cells[at] = kWallCell;
    b.drop_pairs_at(at);
  }
  return write_board(b);
}

Parsed<std::string> paint_floor(Board b, const std::vector<int>& cells) {
  for (const int at : cells) {
    b.cells[at] = kFloorCell;
    b.drop_pairs_at(at);
  }
  return write_board(b);
}

Parsed<std::string> toggle_ball(Board b, int at) {
  if (b.cells[at] == kBallCell) {
    b.cells[at] = kFloorCell;
    return write_board(b);
  }
  if (at == b.fry) return refused("a ball on Fry (" + cell_name(b, at) + ") would squash him");
  if (std::string why = taken(b, at, false); !why.empty()) return refused(why);
  b.cells[at] = kBallCell;
  return write_board(b);
}

Parsed<std::string> place(Board b, int at, bool bender) {
  int& token = bender ? b.bender : b.fry;
  if (at == token) return write_board(b);
  if (std::string why = taken(b, at, false); !why.empty()) return refused(why);
  token = at;
  return write_board(b);
}

Parsed<std::string> add_pair(Board b, int from, int to) {
  if (from == to) {
    return refused("a switch and its field need two cells: drag from the switch to its field");
  }
  for (const int at : {from, to}) {
    if (b.cells[at] == kWallCell) return refused(cell_name(b, at) + " is a wall");
  }
  // A cell belongs to one pair: the new one replaces those on its cells, in
  // the first one's place (its colour), or comes last.
  const SwitchSpec pair{from % b.width, from / b.width, to % b.width, to / b.width, true};
  const int at_from = b.pair_at(from), at_to = b.pair_at(to);
  if (at_from >= 0 || at_to >= 0) {
    const bool to_first = at_from < 0 || (at_to >= 0 && at_to < at_from);
    const int keep = to_first ? at_to : at_from, other = to_first ? at_from : at_to;
    b.switches[keep] = pair;
    if (other >= 0 && other != keep) b.remove_pair(other);
    return write_board(b);
  }
  if (static_cast<int>(b.switches.size()) >= kMaxSwitches) {
    return refused("a map has at most " + std::to_string(kMaxSwitches) + " switches");
  }
  b.switches.push_back(pair);
  return write_board(b);
}

Parsed<std::string> flip_state(Board b, int at) {
  const int pair = b.pair_at(at);
  if (pair < 0) return refused(cell_name(b, at) + " is neither a switch nor a field");
  b.switches[pair].initially_on = !b.switches[pair].initially_on;
  return write_board(b);
}

Parsed<std::string> apply_edit(std::string_view board, std::string_view edit) {
  auto read = read_edit(tools(), edit);
  if (!read) return read.error();
  const EditText& op = read.value();
  const Board b = read_board(board);
  const int count = b.width * b.height;
  for (const int at : op.cells) {
    if (at >= count) {
      return refused("cell " + std::to_string(at) + " is off the " + std::to_string(b.width) + "x" +
                     std::to_string(b.height) + " map (0-" + std::to_string(count - 1) + ")");
    }
  }
  const int at = op.cells[0];
  if (op.tool == "wall") return paint_walls(b, rectangle(b, at, op.cells[1]));
  if (op.tool == "floor") return paint_floor(b, rectangle(b, at, op.cells[1]));
  if (op.tool == "ball") return toggle_ball(b, at);
  if (op.tool == "bender" || op.tool == "fry") return place(b, at, op.tool == "bender");
  if (op.tool == "switch") return add_pair(b, at, op.cells[1]);
  return flip_state(b, at);
}

// What each cell holds on the board: its ground ('#', '+', '.'), Bender,
// Fry, and each pair it is the switch or the field of, with the pair's
// other cell and state, so that a pair that appears, goes or flips changes
// both its cells. One pass over the pairs: this runs every frame of a drag.
std::vector<std::string> contents(const Board& b) {
  std::vector<std::vector<std::string>> pairs(b.cells.size());
  for (const SwitchSpec& s : b.switches) {
    const std::string state = s.initially_on ? " on" : " off";
    pairs[b.switch_cell(s)].push_back(" switch of " + std::to_string(b.field_cell(s)) + state);
    pairs[b.field_cell(s)].push_back(" field of " + std::to_string(b.switch_cell(s)) + state);
  }
  std::vector<std::string> held(b.cells.size());
  for (size_t at = 0; at < held.size(); ++at) {
    held[at] = b.cells[at];
    if (int(at) == b.bender) held[at] += " bender";
    if (int(at) == b.fry) held[at] += " fry";
    std::sort(pairs[at].begin(), pairs[at].end());  // the pairs' order is not a cell's content
    for (const std::string& pair : pairs[at]) held[at] += pair;
  }
  return held;
}

// See PuzzleEditor::changed_cells: the cells whose content changes (a wall
// rectangle over Bender is refused, a floor rectangle leaves his cell as it
// was, a wall on a switch takes its field away too).
std::vector<int> changed_cells(std::string_view board, std::string_view edit) {
  const auto edited = apply_edit(board, edit);
  if (!edited) return {};
  const Board before = read_board(board), after = read_board(edited.value());
  if (before.width != after.width || before.height != after.height) return {};
  const std::vector<std::string> was = contents(before), now = contents(after);
  std::vector<int> cells;
  for (size_t at = 0; at < was.size(); ++at) {
    if (was[at] != now[at]) cells.push_back(int(at));
  }
  return cells;
}

// Floor inside a ring of walls, Bender at the top left, Fry at the bottom
// right (the game's maps all have the ring).
std::string blank(EditSize size) {
  Board b;
  b.width = size.width;
  b.height = size.height;
  b.cells.assign(size_t(b.width) * b.height, kFloorCell);
  for (int y = 0; y < b.height; ++y) {
    for (int x = 0; x < b.width; ++x) {
      if (x == 0 || y == 0 || x == b.width - 1 || y == b.height - 1) b.cells[b.cell(x, y)] = '#';
    }
  }
  b.bender = b.cell(1, 1);
  b.fry = b.cell(b.width - 2, b.height - 2);
  return write_board(b);
}

EditSize size_of(std::string_view board) {
  const Board b = read_board(board);
  return {b.width, b.height};
}

int cell_count(std::string_view board) {
  const Board b = read_board(board);
  return b.width * b.height;
}

std::string board_of(const Game& game) {
  return format_map(dynamic_cast<const BenderGame&>(game).start());
}

std::string summary(std::string_view board) {
  const Board b = read_board(board);
  const auto balls = std::count(b.cells.begin(), b.cells.end(), kBallCell);
  const auto on = std::count_if(b.switches.begin(), b.switches.end(),
                                [](const SwitchSpec& s) { return s.initially_on; });
  return std::to_string(b.switches.size()) + " switch" + (b.switches.size() == 1 ? "" : "es") +
         " (" + std::to_string(on) + " field" + (on == 1 ? "" : "s") + " on), " +
         std::to_string(balls) + " ball" + (balls == 1 ? "" : "s");
}

// "Solvable: shortest walk 18 steps · a first program of 12 characters",
// from the solve's extras (solve_map's).
std::string solvable_text(const SolveResult& result) {
  std::string walk, proven;
  for (const auto& [name, value] : result.extras) {
    if (name == "shortestWalk") walk = value;
    if (name == "shortestWalkProven") proven = value;
  }
  const std::string program = "a first program of " + text::amount(result.cost, "characters");
  if (walk.empty()) return "Solvable: " + program;
  if (proven != "yes") return "Solvable: a walk of " + walk + " steps \u00b7 " + program;
  return "Solvable: shortest walk " + walk + " steps \u00b7 " + program;
}

// The numbers on line `number` (1-based) of a map's text, however it reads.
std::vector<int> numbers_on(std::string_view board, int number) {
  std::string joined(board);
  std::replace(joined.begin(), joined.end(), '|', '\n');
  for (const text::Line& line : text::Lines(joined)) {
    if (line.number != number) continue;
    std::vector<int> values;
    for (const text::Token& word : text::split_words(line.text, 6)) {
      int value = 0;
      if (std::sscanf(std::string(word.text).c_str(), "%d", &value) != 1) break;
      values.push_back(value);
    }
    return values;
  }
  return {};
}

// Line 1 is the size, lines 2..height+1 the rows (column = x + 1), then
// Bender's start, Fry, the count, and a line per switch (its switch cell,
// or its field's when the message is about the field).
int cell_of_error(std::string_view board, const ParseError& error) {
  const std::vector<int> size = numbers_on(board, 1);
  if (size.size() != 2 || size[0] < kMinSize || size[0] > kMaxSize || size[1] < kMinSize ||
      size[1] > kMaxSize)
    return -1;
  const int width = size[0], height = size[1];
  const int y = error.line - 2;
  if (y >= 0 && y < height) return y * width + std::clamp(error.column - 1, 0, width - 1);
  const int line = error.line - height - 2;  // 0 start, 1 Fry, 2 count, 3.. switches
  if (line < 0 || line == 2) return -1;
  std::vector<int> xy = numbers_on(board, error.line);
  const bool field = line >= 3 && error.message.find("its field") != std::string::npos;
  if (field && xy.size() >= 4) xy.erase(xy.begin(), xy.begin() + 2);
  if (xy.size() < 2 || xy[0] < 0 || xy[0] >= width || xy[1] < 0 || xy[1] >= height) return -1;
  return xy[1] * width + xy[0];
}

// On blank(10x10): a wall down column 6 with one gap, a field that is on in
// the gap, its switch at r7c3 and a ball on the way: Bender walks to the
// switch first (18 steps).
std::vector<std::string> example() {
  return {"wall 15 85", "floor 45 45", "switch 62 45", "ball 33"};
}

}  // namespace

const PuzzleEditor& editor() {
  static const PuzzleEditor editor{
      .tools = tools(),
      .min_size = {kMinSize + 1, kMinSize + 1},  // room for the ring and two cells inside
      .max_size = {kMaxSize, kMaxSize},
      .default_size = {10, 10},
      .blank = &blank,
      .board_of = &board_of,
      .apply = &apply_edit,
      .size_of = &size_of,
      .cell_count = &cell_count,
      .summary = &summary,
      .changed_cells = &changed_cells,
      .cell_of_error = &cell_of_error,
      .example = &example,
      .verdict_time_ms = kVerdictMs,
      .solvable_text = &solvable_text,
  };
  return editor;
}

}  // namespace puzzlelab::bender
