#include "puzzles/rushhour/golf.h"

#include <algorithm>
#include <cstdlib>

#include "core/text.h"
#include "puzzles/rushhour/rushhour.h"

namespace puzzlelab::rushhour {

namespace {

using Grid = std::vector<std::string>;

Grid mirrored(const Grid& grid) {
  Grid out = grid;
  for (std::string& row : out) std::reverse(row.begin(), row.end());
  return out;
}

Grid transposed(const Grid& grid) {
  Grid out(grid[0].size(), std::string(grid.size(), ' '));
  for (size_t r = 0; r < grid.size(); ++r) {
    for (size_t c = 0; c < grid[r].size(); ++c) out[c][r] = grid[r][c];
  }
  return out;
}

// The yard turned so that the exit is on the right, and back.
Grid to_engine_frame(const Grid& yard, ExitSide side) {
  switch (side) {
    case ExitSide::right:
      return yard;
    case ExitSide::left:
      return mirrored(yard);
    case ExitSide::bottom:
      return transposed(yard);
    case ExitSide::top:
      return mirrored(transposed(yard));
  }
  return yard;
}

Grid from_engine_frame(const Grid& yard, ExitSide side) {
  switch (side) {
    case ExitSide::right:
      return yard;
    case ExitSide::left:
      return mirrored(yard);
    case ExitSide::bottom:
      return transposed(yard);
    case ExitSide::top:
      return transposed(mirrored(yard));
  }
  return yard;
}

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

}  // namespace

bool looks_like_golf(std::string_view text) {
  const std::vector<text::Line> lines = text::content_lines(text);
  return lines.size() >= 3 && is_border_row(lines[0].text);
}

Parsed<GolfBoard> parse_golf(std::string_view text) {
  const std::vector<text::Line> lines = text::content_lines(text);
  if (lines.size() < 2 + kMinSize) {
    return parse_error(0, 0, "a golf board needs a # border around at least 3 rows");
  }
  size_t width = 0;
  for (const text::Line& line : lines) width = std::max(width, line.text.size());
  const int height = static_cast<int>(lines.size());
  // Trailing spaces (the gap at the end of a line) may have been trimmed.
  Grid rows;
  for (const text::Line& line : lines) {
    rows.emplace_back(line.text);
    rows.back().resize(width, ' ');
  }
  const int yard_w = static_cast<int>(width) - 2, yard_h = height - 2;
  if (yard_w < kMinSize || yard_w > kMaxSize || yard_h < kMinSize || yard_h > kMaxSize) {
    return parse_error(lines[0].number, 0,
                       "the yard inside the border is " + std::to_string(yard_w) + "x" +
                           std::to_string(yard_h) + "; expected 3 to 16 cells a side");
  }
  Gap gap;
  for (int r = 0; r < height; ++r) {
    for (int c = 0; c < static_cast<int>(width); ++c) {
      const bool edge_row = r == 0 || r == height - 1;
      const bool edge_col = c == 0 || c == static_cast<int>(width) - 1;
      if (!edge_row && !edge_col) continue;
      const char ch = rows[r][c];
      if (ch == '#') continue;
      const int line = lines[r].number, column = c + 1;
      if (ch != ' ') {
        return parse_error(line, column,
                           "unexpected '" + std::string(1, ch) +
                               "' in the border: expected # (or one gap for the exit)");
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
  Grid yard;
  for (int r = 1; r <= yard_h; ++r) {
    std::string row;
    for (int c = 1; c <= yard_w; ++c) {
      const char ch = rows[r][c];
      if (ch == ' ') {
        row += '.';
      } else if (ch == '#') {
        row += 'x';
      } else if (ch >= 'A' && ch <= 'Z') {
        row += ch;
      } else {
        return parse_error(lines[r].number, c + 1,
                           "unexpected '" + std::string(1, ch) +
                               "': expected a space (empty), # (wall) or a piece letter A-Z");
      }
    }
    yard.push_back(row);
  }
  std::string engine_text;
  for (const std::string& row : to_engine_frame(yard, gap.side)) engine_text += row + '\n';
  auto board = parse_board(engine_text);
  if (!board) {
    // Positions in the turned yard would mislead; keep them for a right exit only.
    ParseError error = board.error();
    if (gap.side == ExitSide::right && error.line > 0) {
      error.line = lines[error.line].number;
      if (error.column > 0) ++error.column;
    } else {
      error.line = error.column = 0;
    }
    return error;
  }
  const Layout& layout = *board.value().layout;
  const Piece& red = layout.pieces()[layout.red_car()];
  if (red.line != gap.index) {
    const bool by_row = gap.side == ExitSide::left || gap.side == ExitSide::right;
    return parse_error(0, 0,
                       std::string("car A must be in line with the exit gap (") +
                           (by_row ? "row " : "column ") + std::to_string(gap.index + 1) +
                           " of the yard) and lie " + (by_row ? "across" : "up and down"));
  }
  return GolfBoard{std::move(board).value(), gap.side};
}

std::string format_golf(const Layout& layout, const Positions& positions, ExitSide side) {
  Layout::Occupancy cells;
  layout.fill_occupancy(positions, cells);
  Grid yard;
  for (int r = 0; r < layout.height(); ++r) {
    std::string row;
    for (int c = 0; c < layout.width(); ++c) {
      const int cell = cells[r * layout.width() + c];
      row += cell == kEmptyCell ? ' ' : cell == kWallCell ? '#' : layout.pieces()[cell].label;
    }
    yard.push_back(row);
  }
  // The gap is to the right of car A in the engine's frame.
  const int gap_row = layout.pieces()[layout.red_car()].line;
  for (int r = 0; r < static_cast<int>(yard.size()); ++r) {
    yard[r] = '#' + yard[r] + (r == gap_row ? ' ' : '#');
  }
  yard.insert(yard.begin(), std::string(layout.width() + 2, '#'));
  yard.push_back(std::string(layout.width() + 2, '#'));
  // The border corners stay in place under every turn; only the gap moves.
  std::string out;
  for (const std::string& row : from_engine_frame(yard, side)) out += row + '\n';
  return out;
}

Slide orient_slide(const Layout& layout, ExitSide side, Slide slide) {
  const bool mirrored_frame = side == ExitSide::left || side == ExitSide::top;
  if (mirrored_frame && layout.pieces()[slide.piece].axis == Axis::horizontal) {
    slide.delta = static_cast<int8_t>(-slide.delta);
  }
  return slide;
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
  const ExitSide side = rush->golf_side().value_or(ExitSide::right);
  out += std::string(1, kRedCar) +
         (side == ExitSide::right || side == ExitSide::bottom ? " 1\n" : " -1\n");
  return out;
}

}  // namespace puzzlelab::rushhour
