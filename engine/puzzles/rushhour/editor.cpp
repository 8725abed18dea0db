// Rush Hour's editor: the board as a grid of letters, edited cell by cell.
// Cars (2 cells) and trucks (3) are dragged out from their first cell;
// pieces move and go; walls toggle. Car A is always on the board (the board
// means nothing without it), and the exit follows its row.
#include "puzzles/rushhour/editor.h"

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "core/edit.h"
#include "core/text.h"
#include "puzzles/rushhour/rushhour.h"

namespace puzzlelab::rushhour {

namespace {

constexpr char kEmpty = 'o';
constexpr char kWall = 'x';

// The board as rows of cells ('o' empty, 'x' wall, letters the pieces).
struct Grid {
  int width = 0;
  int height = 0;
  std::string cells;  // row-major

  char& at(int cell) { return cells[cell]; }
  int row(int cell) const { return cell / width; }
  int col(int cell) const { return cell % width; }
  bool inside(int cell) const { return cell >= 0 && cell < width * height; }
};

// Reads the grid forms format() writes (a square board on one line, other
// shapes as rows); cells are taken as written ('.' and '#' normalised).
Grid read_grid(std::string_view board) {
  Grid grid;
  std::vector<std::string_view> rows;
  for (const text::Line& line : text::content_lines(board)) rows.push_back(line.text);
  if (rows.size() == 1) {
    const int side = static_cast<int>(std::lround(std::sqrt(double(rows[0].size()))));
    grid.width = grid.height = side;
    grid.cells = std::string(rows[0].substr(0, size_t(side) * side));
  } else if (!rows.empty()) {
    grid.width = static_cast<int>(rows[0].size());
    grid.height = static_cast<int>(rows.size());
    for (std::string_view row : rows) {
      std::string cells(row.substr(0, grid.width));
      cells.resize(grid.width, kEmpty);
      grid.cells += cells;
    }
  }
  for (char& cell : grid.cells) {
    if (cell == '.') cell = kEmpty;
    if (cell == '#') cell = kWall;
  }
  grid.cells.resize(size_t(grid.width) * grid.height, kEmpty);
  return grid;
}

// As format_board writes it: a square board on one line, others as rows.
std::string write_grid(const Grid& grid) {
  if (grid.width == grid.height) return grid.cells;
  std::string out;
  for (int r = 0; r < grid.height; ++r) {
    if (r > 0) out += '\n';
    out += grid.cells.substr(size_t(r) * grid.width, grid.width);
  }
  return out;
}

std::string cell_name(const Grid& grid, int cell) {
  return "r" + std::to_string(grid.row(cell) + 1) + "c" + std::to_string(grid.col(cell) + 1);
}

ParseError refused(std::string why) {
  return parse_error(0, 0, std::move(why));
}

// The cells of a piece of `length` from `from` toward `to` (a click: to the right).
Parsed<std::vector<int>> piece_cells(const Grid& grid, int from, int to, int length) {
  int step = 1;
  if (to != from) {
    if (grid.row(to) == grid.row(from))
      step = to > from ? 1 : -1;
    else if (grid.col(to) == grid.col(from))
      step = to > from ? grid.width : -grid.width;
    else
      return refused("drag along a row or a column");
  }
  std::vector<int> cells;
  for (int k = 0; k < length; ++k) {
    const int cell = from + k * step;
    const bool off_row =
        std::abs(step) == 1 && (!grid.inside(cell) || grid.row(cell) != grid.row(from));
    if (!grid.inside(cell) || off_row) return refused("no room for it there: it leaves the board");
    if (grid.cells[cell] != kEmpty)
      return refused(cell_name(grid, cell) + " is taken: place pieces on empty cells");
    cells.push_back(cell);
  }
  std::sort(cells.begin(), cells.end());
  return cells;
}

Parsed<std::string> place(Grid grid, int from, int to, int length) {
  auto cells = piece_cells(grid, from, to, length);
  if (!cells) return cells.error();
  char label = 'B';
  while (label <= 'Z' && grid.cells.find(label) != std::string::npos) ++label;
  if (label > 'Z') return refused("the board holds 26 pieces already (A to Z)");
  for (int cell : cells.value()) grid.at(cell) = label;
  return write_grid(grid);
}

Parsed<std::string> toggle_wall(Grid grid, int cell) {
  char& here = grid.at(cell);
  if (here != kEmpty && here != kWall)
    return refused(cell_name(grid, cell) + " holds a piece: erase it first");
  here = here == kWall ? kEmpty : kWall;
  return write_grid(grid);
}

Parsed<std::string> erase(Grid grid, int cell) {
  const char here = grid.at(cell);
  if (here == kEmpty) return refused(cell_name(grid, cell) + " is empty already");
  if (here == kRedCar) return refused("car A stays: the board needs it (move it instead)");
  std::replace(grid.cells.begin(), grid.cells.end(), here, kEmpty);
  if (here == kWall) grid.at(cell) = kEmpty;  // the other walls stay
  return write_grid(grid);
}

// Moves the piece on `from` by the rows and columns from `from` to `to`.
Parsed<std::string> move_piece(Grid grid, int from, int to) {
  const char label = grid.at(from);
  if (label == kEmpty || label == kWall)
    return refused(cell_name(grid, from) + " holds no piece to move");
  const int rows = grid.row(to) - grid.row(from), cols = grid.col(to) - grid.col(from);
  std::vector<int> cells;
  for (int cell = 0; cell < grid.width * grid.height; ++cell) {
    if (grid.cells[cell] == label) cells.push_back(cell);
  }
  for (int cell : cells) grid.at(cell) = kEmpty;
  for (int cell : cells) {
    const int row = grid.row(cell) + rows, col = grid.col(cell) + cols;
    if (row < 0 || row >= grid.height || col < 0 || col >= grid.width)
      return refused(std::string("piece ") + label + " would leave the board");
    char& there = grid.at(row * grid.width + col);
    if (there != kEmpty) return refused(std::string("piece ") + label + " does not fit there");
    there = label;
  }
  return write_grid(grid);
}

// The exit is on the right of car A's row: choosing the exit's row moves car A there.
Parsed<std::string> set_exit(Grid grid, int cell) {
  const int red = static_cast<int>(grid.cells.find(kRedCar));
  if (red < 0) return refused("no car A on the board");
  const int target = grid.row(cell) * grid.width + grid.col(red);
  return move_piece(std::move(grid), red, target);
}

const std::vector<EditTool>& tools() {
  static const std::vector<EditTool> list = {
      {"car", "Car (2)", "c", "Drag from a cell along a row or column: a car of 2 cells",
       EditTool::Gesture::drag},
      {"truck", "Truck (3)", "t", "Drag from a cell along a row or column: a truck of 3 cells",
       EditTool::Gesture::drag},
      {"move", "Move", "m", "Drag a piece to where it should stand", EditTool::Gesture::drag},
      {"wall", "Wall", "w", "Click a cell to put a wall there or take it away"},
      {"erase", "Erase", "e", "Click a piece or a wall to take it away (car A stays)"},
      {"exit", "Exit row", "x", "Click a row: the exit and car A move to it"},
  };
  return list;
}

Parsed<std::string> apply_edit(std::string_view board, std::string_view edit) {
  auto read = read_edit(tools(), edit);
  if (!read) return read.error();
  const EditText& op = read.value();
  Grid grid = read_grid(board);
  for (int cell : op.cells) {
    if (!grid.inside(cell)) {
      return refused("cell " + std::to_string(cell) + " is off the board (" +
                     std::to_string(grid.width) + "x" + std::to_string(grid.height) + ")");
    }
  }
  const int from = op.cells[0], to = op.cells.back();
  if (op.tool == "car") return place(std::move(grid), from, to, 2);
  if (op.tool == "truck") return place(std::move(grid), from, to, 3);
  if (op.tool == "move") return move_piece(std::move(grid), from, to);
  if (op.tool == "wall") return toggle_wall(std::move(grid), from);
  if (op.tool == "erase") return erase(std::move(grid), from);
  return set_exit(std::move(grid), from);
}

std::string blank(EditSize size) {
  Grid grid{size.width, size.height, std::string(size_t(size.width) * size.height, kEmpty)};
  const int row = (size.height - 1) / 2;
  grid.at(row * size.width) = grid.at(row * size.width + 1) = kRedCar;
  return write_grid(grid);
}

EditSize size_of(std::string_view board) {
  const Grid grid = read_grid(board);
  return {grid.width, grid.height};
}

// In the engine's frame (the exit on the right), whatever form it was read in.
std::string board_of(const Game& game) {
  const auto& rush = dynamic_cast<const RushHourGame&>(game);
  return format_board(rush.layout(), rush.positions());
}

int cell_of_error(std::string_view board, const ParseError& error) {
  const Grid grid = read_grid(board);
  if (error.line < 1 || error.column < 1) return -1;
  const bool one_line = grid.width == grid.height;
  const int cell = one_line ? error.column - 1 : (error.line - 1) * grid.width + (error.column - 1);
  return grid.inside(cell) ? cell : -1;
}

std::vector<std::string> example() {
  // From blank(6x6), car A on row 3: a truck and a car across its way.
  return {"truck 4 16", "car 15 21", "wall 0", "car 30 31"};
}

}  // namespace

const PuzzleEditor& editor() {
  static const PuzzleEditor editor{
      .tools = tools(),
      .min_size = {kMinSize, kMinSize},
      .max_size = {kMaxSize, kMaxSize},
      .default_size = {6, 6},
      .blank = &blank,
      .board_of = &board_of,
      .apply = &apply_edit,
      .size_of = &size_of,
      .cell_of_error = &cell_of_error,
      .example = &example,
  };
  return editor;
}

}  // namespace puzzlelab::rushhour
