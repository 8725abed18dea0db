// Rush Hour's editor: the board as a grid of letters, edited cell by cell.
// Cars (2 cells) and trucks (3) are dragged out from their first cell;
// pieces move and go; walls toggle. Car A is always on the board (the board
// means nothing without it), and the exit follows its line. With the exit on
// the right the text is the plain grid; on another side it is the golf form
// (golf.h), whose gap in the # border says the side.
#include "puzzles/rushhour/editor.h"

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "core/bounded_text.h"
#include "core/edit.h"
#include "core/text.h"
#include "puzzles/rushhour/golf.h"
#include "puzzles/rushhour/rushhour.h"

namespace puzzlelab::rushhour {

namespace {

constexpr char kEmpty = 'o';
constexpr char kWall = 'x';

// The board as rows of cells ('o' empty, 'x' wall, letters the pieces).
struct Grid {
  int width = 0;
  int height = 0;
  std::string cells;  // row-major, as the board is written (shown)
  ExitSide side = ExitSide::right;

  char& at(int cell) { return cells[cell]; }
  int row(int cell) const { return cell / width; }
  int col(int cell) const { return cell % width; }
  bool inside(int cell) const { return cell >= 0 && cell < width * height; }
};

bool across(ExitSide side) {
  return side == ExitSide::left || side == ExitSide::right;
}

// The texts this editor writes (write_grid): a square board on one line of
// up to 16x16 cells, other shapes as rows, the golf form inside a border.
// Anything larger is refused before a row is stored or padded.
constexpr text::BoardBounds kBoardBounds{kMaxSize + 2, int64_t{kMaxSize} * kMaxSize};

// The golf form: the yard inside the border, the side from the gap (with no
// gap it reads as the right, with several the last found counts: the parser
// says what is wrong).
Grid read_golf(const std::vector<text::Line>& lines) {
  size_t width = 0;
  for (const text::Line& line : lines) width = std::max(width, line.text.size());
  std::vector<std::string> rows;
  for (const text::Line& line : lines) {
    rows.emplace_back(line.text);
    rows.back().resize(width, ' ');  // trailing spaces (a gap on the right) trimmed
  }
  Grid grid;
  grid.width = std::max(0, static_cast<int>(width) - 2);
  grid.height = std::max(0, static_cast<int>(rows.size()) - 2);
  for (int r = 1; r <= grid.height; ++r) {
    if (rows[r].front() == ' ') grid.side = ExitSide::left;
    for (int c = 1; c <= grid.width; ++c) {
      const char ch = rows[r][c];
      grid.cells += ch == ' ' ? kEmpty : ch == '#' ? kWall : ch;
    }
  }
  for (int c = 1; c <= grid.width; ++c) {
    if (rows.front()[c] == ' ') grid.side = ExitSide::top;
    if (rows.back()[c] == ' ') grid.side = ExitSide::bottom;
  }
  return grid;
}

// Reads the grid forms format() writes (a square board on one line, other
// shapes as rows) and the golf form (an exit on another side than the
// right); cells are taken as written ('.' and '#' normalised). A text larger
// than any board (kBoardBounds) is refused unread.
Parsed<Grid> read_grid(std::string_view board) {
  auto lines = text::read_lines(board, kBoardBounds);
  if (!lines) return lines.error();
  const std::vector<text::Line>& rows = lines.value();
  Grid grid;
  if (looks_like_golf(board)) {
    grid = read_golf(rows);
  } else if (rows.size() == 1) {
    const int side = static_cast<int>(std::lround(std::sqrt(double(rows[0].text.size()))));
    grid.width = grid.height = side;
    grid.cells = std::string(rows[0].text.substr(0, size_t(side) * side));
  } else if (!rows.empty()) {
    grid.width = static_cast<int>(rows[0].text.size());
    grid.height = static_cast<int>(rows.size());
    for (const text::Line& row : rows) {
      std::string cells(row.text.substr(0, grid.width));
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

// The grid, or an empty one (no cells) for a text too large to be a board.
Grid grid_or_none(std::string_view board) {
  auto grid = read_grid(board);
  return grid ? std::move(grid).value() : Grid{};
}

// The golf form, the gap in line with car A (its row for an exit on the left
// or right, its column at the top or bottom), as format_golf writes it.
std::string write_golf(const Grid& grid) {
  std::vector<std::string> rows(grid.height + 2, std::string(grid.width + 2, '#'));
  for (int r = 0; r < grid.height; ++r) {
    for (int c = 0; c < grid.width; ++c) {
      const char cell = grid.cells[size_t(r) * grid.width + c];
      rows[r + 1][c + 1] = cell == kEmpty ? ' ' : cell == kWall ? '#' : cell;
    }
  }
  const size_t red = grid.cells.find(kRedCar);
  if (red != std::string::npos) {
    const int row = static_cast<int>(red) / grid.width, col = static_cast<int>(red) % grid.width;
    switch (grid.side) {
      case ExitSide::left:
        rows[row + 1].front() = ' ';
        break;
      case ExitSide::right:
        rows[row + 1].back() = ' ';
        break;
      case ExitSide::top:
        rows.front()[col + 1] = ' ';
        break;
      case ExitSide::bottom:
        rows.back()[col + 1] = ' ';
        break;
    }
  }
  std::string out;
  for (const std::string& row : rows) out += row + '\n';
  return out;
}

// As format_board writes it: a square board on one line, others as rows; an
// exit on another side than the right in the golf form.
std::string write_grid(const Grid& grid) {
  if (grid.side != ExitSide::right) return write_golf(grid);
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

// The side a click on `cell` puts the exit on: the border it is on (at a
// corner the current side if it is one of the two, else the left or right);
// inside the board the side stays and only the line changes.
ExitSide side_of_click(const Grid& grid, int cell) {
  const int row = grid.row(cell), col = grid.col(cell);
  std::vector<ExitSide> sides;
  if (col == grid.width - 1) sides.push_back(ExitSide::right);
  if (col == 0) sides.push_back(ExitSide::left);
  if (row == grid.height - 1) sides.push_back(ExitSide::bottom);
  if (row == 0) sides.push_back(ExitSide::top);
  if (sides.empty() || std::find(sides.begin(), sides.end(), grid.side) != sides.end())
    return grid.side;
  return sides.front();
}

// The exit goes to the side and line of the clicked cell, and car A with it:
// along the line (turned if the side's axis changed), as near to where it
// stood as the free cells allow.
Parsed<std::string> set_exit(Grid grid, int cell) {
  const int red = static_cast<int>(grid.cells.find(kRedCar));
  if (red < 0) return refused("no car A on the board");
  const ExitSide side = side_of_click(grid, cell);
  const bool by_row = across(side);
  const int length = static_cast<int>(std::count(grid.cells.begin(), grid.cells.end(), kRedCar));
  const int line = by_row ? grid.row(cell) : grid.col(cell);
  const int span = by_row ? grid.width : grid.height;  // cells along the line
  const int near = by_row ? grid.col(red) : grid.row(red);
  std::replace(grid.cells.begin(), grid.cells.end(), kRedCar, kEmpty);
  const auto at = [&](int k) { return by_row ? line * grid.width + k : k * grid.width + line; };
  const auto fits = [&](int start) {
    for (int k = start; k < start + length; ++k) {
      if (grid.cells[at(k)] != kEmpty) return false;
    }
    return true;
  };
  // Starts from the nearest to where car A stood outward.
  int best = -1;
  for (int start = 0; start + length <= span; ++start) {
    if (fits(start) && (best < 0 || std::abs(start - near) < std::abs(best - near))) best = start;
  }
  if (best < 0) {
    return refused(std::string("car A does not fit in ") + (by_row ? "row " : "column ") +
                   std::to_string(line + 1) + ": it needs " + std::to_string(length) +
                   " free cells in a line there (move or erase what is in the way)");
  }
  for (int k = best; k < best + length; ++k) grid.at(at(k)) = kRedCar;
  grid.side = side;
  return write_grid(grid);
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
      {"exit", "Exit", "x",
       "Click a border cell: the exit moves to that side and line, car A with it"},
  };
  return list;
}

Parsed<std::string> apply_edit(std::string_view board, std::string_view edit) {
  auto read = read_edit(tools(), edit);
  if (!read) return read.error();
  const EditText& op = read.value();
  auto read_board = read_grid(board);
  if (!read_board) return refused("the board does not read: " + read_board.error().describe());
  Grid grid = std::move(read_board).value();
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

bool is_piece(char cell) {
  return cell != kEmpty && cell != kWall;
}

// See PuzzleEditor::changed_cells. The pieces an edit touches are those on a
// cell that changes; an exit moved to another side turns car A with it even
// where car A keeps its cells.
std::vector<int> changed_cells(std::string_view board, std::string_view edit) {
  const auto edited = apply_edit(board, edit);
  if (!edited) return {};
  const Grid was = grid_or_none(board), now = grid_or_none(edited.value());
  if (was.cells.size() != now.cells.size()) return {};
  std::string touched;  // the pieces' labels
  if (was.side != now.side) touched += kRedCar;
  for (size_t i = 0; i < was.cells.size(); ++i) {
    if (was.cells[i] == now.cells[i]) continue;
    for (char cell : {was.cells[i], now.cells[i]}) {
      if (is_piece(cell)) touched += cell;
    }
  }
  const auto part_of_touched = [&](char cell) {
    return is_piece(cell) && touched.find(cell) != std::string::npos;
  };
  std::vector<int> cells;
  for (size_t i = 0; i < was.cells.size(); ++i) {
    if (was.cells[i] != now.cells[i] || part_of_touched(was.cells[i]) ||
        part_of_touched(now.cells[i]))
      cells.push_back(static_cast<int>(i));
  }
  return cells;
}

std::string blank(EditSize size) {
  Grid grid{size.width, size.height, std::string(size_t(size.width) * size.height, kEmpty)};
  const int row = (size.height - 1) / 2;
  grid.at(row * size.width) = grid.at(row * size.width + 1) = kRedCar;
  return write_grid(grid);
}

EditSize size_of(std::string_view board) {
  const Grid grid = grid_or_none(board);
  return {grid.width, grid.height};
}

int cell_count(std::string_view board) {
  const Grid grid = grid_or_none(board);
  return grid.width * grid.height;
}

// As the board is shown: a golf board with its exit on another side than the
// right in the golf form, every other board in the engine's frame.
std::string board_of(const Game& game) {
  const auto& rush = dynamic_cast<const RushHourGame&>(game);
  if (rush.golf_side().value_or(ExitSide::right) != ExitSide::right)
    return format_golf(rush.layout(), rush.positions(), rush.orientation());
  return format_board(rush.layout(), rush.positions());
}

int cell_of_error(std::string_view board, const ParseError& error) {
  const Grid grid = grid_or_none(board);
  if (error.line < 1 || error.column < 1) return -1;
  if (grid.side != ExitSide::right) {  // the golf form: the yard inside the border
    const int row = error.line - 2, col = error.column - 2;
    if (row < 0 || col < 0 || row >= grid.height || col >= grid.width) return -1;
    return row * grid.width + col;
  }
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
      .cell_count = &cell_count,
      .changed_cells = &changed_cells,
      .cell_of_error = &cell_of_error,
      .example = &example,
  };
  return editor;
}

}  // namespace puzzlelab::rushhour
