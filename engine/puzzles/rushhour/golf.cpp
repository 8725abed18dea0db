#include "puzzles/rushhour/golf.h"

#include <algorithm>
#include <cstdlib>
#include <optional>

#include "core/bounded_text.h"
#include "core/text.h"
#include "puzzles/rushhour/rushhour.h"

namespace puzzlelab::rushhour {

namespace {

using Grid = std::vector<std::string>;

bool is_border_row(std::string_view row) {
  return row.size() >= 3 && std::count(row.begin(), row.end(), '#') + 1 >= int(row.size()) &&
         std::all_of(row.begin(), row.end(), [](char c) { return c == '#' || c == ' '; });
}

// Where the gap is: the side and its row (right/left) or column (top/bottom),
// 0-based inside the yard.
struct Gap {
  ExitSide side = ExitSide::right;
  int index = -1;
};

// The yard inside the border in the engine's characters (. empty, x wall),
// still as written; the first bad character in reading order is the error.
Parsed<Grid> read_yard(const Grid& rows, const std::vector<text::Line>& lines) {
  Grid yard;
  for (size_t r = 1; r + 1 < rows.size(); ++r) {
    std::string row;
    for (size_t c = 1; c + 1 < rows[r].size(); ++c) {
      const char ch = rows[r][c];
      if (ch == ' ') {
        row += '.';
      } else if (ch == '#') {
        row += 'x';
      } else if (ch >= 'A' && ch <= 'Z') {
        row += ch;
      } else {
        return parse_error(lines[r].number, static_cast<int>(c) + 1,
                           "unexpected " + text::quoted(ch) +
                               ": expected a space (empty), # (wall) or a piece letter A-Z");
      }
    }
    yard.push_back(row);
  }
  return yard;
}

// Car A must lie in the gap's row (left or right exit) or column (top or
// bottom). Without an A, parse_board says so.
std::optional<ParseError> check_red_car(const Grid& yard, const Gap& gap,
                                        const std::vector<text::Line>& lines) {
  const bool by_row = gap.side == ExitSide::left || gap.side == ExitSide::right;
  for (size_t r = 0; r < yard.size(); ++r) {
    for (size_t c = 0; c < yard[r].size(); ++c) {
      if (yard[r][c] != kRedCar || static_cast<int>(by_row ? r : c) == gap.index) continue;
      return parse_error(lines[r + 1].number, static_cast<int>(c) + 2,
                         std::string("car A must be in line with the exit gap (") +
                             (by_row ? "row " : "column ") + std::to_string(gap.index + 1) +
                             " of the yard) and lie " + (by_row ? "across" : "up and down"));
    }
  }
  return std::nullopt;
}

// The yard turned into the engine's frame, as parse_board reads it.
std::string engine_text(const Grid& yard, const Orientation& orientation) {
  std::string text;
  for (int r = 0; r < orientation.engine_height(); ++r) {
    for (int c = 0; c < orientation.engine_width(); ++c) {
      const Cell at = orientation.to_screen(Cell{r, c});
      text += yard[at.row][at.col];
    }
    text += '\n';
  }
  return text;
}

}  // namespace

bool looks_like_golf(std::string_view text) {
  const text::Lines lines = text::content_lines(text);
  return lines.count(3) >= 3 && is_border_row(lines.begin()->text);
}

Parsed<GolfBoard> parse_golf(std::string_view text) {
  const text::Lines all_lines = text::content_lines(text);
  // The size first, from a pass that stores nothing: rows are padded to the
  // widest one below, which a huge text must not get to do.
  const text::TextExtent extent = text::measure(all_lines);
  const auto height = static_cast<size_t>(extent.lines), width = static_cast<size_t>(extent.width);
  if (height < 2 + kMinSize) {
    return parse_error(0, 0, "a golf board needs a # border around at least 3 rows");
  }
  const int64_t yard_w = static_cast<int64_t>(width) - 2, yard_h = static_cast<int64_t>(height) - 2;
  if (yard_w < kMinSize || yard_w > kMaxSize || yard_h < kMinSize || yard_h > kMaxSize) {
    return parse_error(all_lines.begin()->number, 0,
                       "the yard inside the border is " + std::to_string(yard_w) + "x" +
                           std::to_string(yard_h) + "; expected 3 to 16 cells a side");
  }
  const std::vector<text::Line> lines = all_lines.first(height);
  // Trailing spaces (the gap at the end of a line) may have been trimmed.
  Grid rows;
  for (const text::Line& line : lines) {
    rows.emplace_back(line.text);
    rows.back().resize(width, ' ');
  }
  Gap gap;
  for (int r = 0; r < static_cast<int>(height); ++r) {
    for (int c = 0; c < static_cast<int>(width); ++c) {
      const bool edge_row = r == 0 || r == static_cast<int>(height) - 1;
      const bool edge_col = c == 0 || c == static_cast<int>(width) - 1;
      if (!edge_row && !edge_col) continue;
      const char ch = rows[r][c];
      if (ch == '#') continue;
      const int line = lines[r].number, column = c + 1;
      if (ch != ' ') {
        return parse_error(line, column,
                           "unexpected " + text::quoted(ch) +
                               " in the border: expected # (or one gap for the exit)");
      }
      if (edge_row && edge_col) {
        return parse_error(line, column, "the exit gap cannot be at a corner of the border");
      }
      if (gap.index >= 0) {
        return parse_error(line, column,
                           "a second gap in the border: expected # (the border has one exit)");
      }
      gap.side = c == 0                             ? ExitSide::left
                 : c == static_cast<int>(width) - 1 ? ExitSide::right
                 : r == 0                           ? ExitSide::top
                                                    : ExitSide::bottom;
      gap.index = edge_col ? r - 1 : c - 1;
    }
  }
  if (gap.index < 0) {
    return parse_error(0, 0, "no exit: the # border needs one gap where car A leaves");
  }
  auto yard = read_yard(rows, lines);
  if (!yard) return yard.error();
  if (auto misplaced = check_red_car(yard.value(), gap, lines)) return *misplaced;
  const Orientation orientation(gap.side, static_cast<int>(yard_w), static_cast<int>(yard_h));
  auto board = parse_board(engine_text(yard.value(), orientation));
  if (!board) {
    // The engine's text is the yard turned: name the place as written.
    ParseError error = board.error();
    const bool in_yard = error.line >= 1 && error.line <= orientation.engine_height() &&
                         error.column >= 1 && error.column <= orientation.engine_width();
    if (in_yard) {
      const Cell at = orientation.to_screen(Cell{error.line - 1, error.column - 1});
      error.line = lines[at.row + 1].number;
      error.column = at.col + 2;
    } else {
      error.line = error.column = 0;
    }
    return error;
  }
  return GolfBoard{std::move(board).value(), orientation};
}

std::string format_golf(const Layout& layout, const Positions& positions,
                        const Orientation& orientation) {
  Layout::Occupancy cells;
  layout.fill_occupancy(positions, cells);
  // The border all walls, the yard inside it read back from the engine's frame.
  Grid rows(orientation.screen_height() + 2, std::string(orientation.screen_width() + 2, '#'));
  for (int r = 0; r < orientation.screen_height(); ++r) {
    for (int c = 0; c < orientation.screen_width(); ++c) {
      const Cell at = orientation.from_screen(Cell{r, c});
      const int cell = cells[at.row * layout.width() + at.col];
      rows[r + 1][c + 1] = cell == kEmptyCell  ? ' '
                           : cell == kWallCell ? '#'
                                               : layout.pieces()[cell].label;
    }
  }
  // The gap is the cell right of the board on car A's row, in the engine's frame.
  const Cell gap =
      orientation.to_screen(Cell{layout.pieces()[layout.red_car()].line, layout.width()});
  rows[gap.row + 1][gap.col + 1] = ' ';
  std::string out;
  for (const std::string& row : rows) out += row + '\n';
  return out;
}

std::optional<std::string> format_golf_answer(const Game& game, const SolveResult& result) {
  const auto* rush = dynamic_cast<const RushHourGame*>(&game);
  if (!rush || result.status != SolveStatus::solved) return std::nullopt;
  std::string out;
  for (const Move& move : result.moves) {  // "B+2" (as the board is written)
    const int distance = std::atoi(move.text.c_str() + 2);
    const std::string step = move.text.substr(0, 1) + (move.text[1] == '+' ? " 1\n" : " -1\n");
    for (int i = 0; i < distance; ++i) out += step;
  }
  // Car A's last step, out through the gap, as the board is written.
  const Direction out_of_gap = rush->orientation().to_screen(Direction{Axis::horizontal, 1});
  out += std::string(1, kRedCar) + (out_of_gap.sign > 0 ? " 1\n" : " -1\n");
  return out;
}

}  // namespace puzzlelab::rushhour
