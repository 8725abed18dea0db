#include "puzzles/rushhour/rushhour.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <map>

#include "core/bench_hook.h"
#include "core/bench_totals.h"
#include "core/bounded_text.h"
#include "core/random.h"
#include "core/text.h"
#include "page/search_in_worker.h"
#include "puzzles/rushhour/cluster.h"
#include "puzzles/rushhour/editor.h"
#include "puzzles/rushhour/enumerate/pack.h"
#include "puzzles/rushhour/fast_solver.h"
#include "puzzles/rushhour/generator.h"
#include "puzzles/rushhour/golf.h"
#include "puzzles/rushhour/search_space.h"
#include "puzzles/rushhour/trace.h"
#include "search/best_first.h"
#include "search/ida_star.h"
#include "search/state_table.h"

namespace puzzlelab::rushhour {

// ---------------------------------------------------------------------------
// Layout

Layout::Layout(int width, int height, std::vector<bool> walls, std::vector<Piece> pieces)
    : width_(width), height_(height), walls_(std::move(walls)), pieces_(std::move(pieces)) {
  red_car_ = piece_index(kRedCar);
  for (int i = 0; i < width_ * height_; ++i) empty_board_[i] = walls_[i] ? kWallCell : kEmptyCell;
  for (size_t i = 0; i < pieces_.size(); ++i) {
    const bool horizontal = pieces_[i].axis == Axis::horizontal;
    origin_[i] = horizontal ? pieces_[i].line * width_ : pieces_[i].line;
    stride_[i] = horizontal ? 1 : width_;
  }
}

int Layout::piece_index(char label) const {
  for (size_t i = 0; i < pieces_.size(); ++i) {
    if (pieces_[i].label == label) return static_cast<int>(i);
  }
  return -1;
}

int Layout::max_position(int piece) const {
  const Piece& p = pieces_[piece];
  return (p.axis == Axis::horizontal ? width_ : height_) - p.length;
}

int Layout::row_of(int piece, int pos, int k) const {
  const Piece& p = pieces_[piece];
  return p.axis == Axis::horizontal ? p.line : pos + k;
}

int Layout::col_of(int piece, int pos, int k) const {
  const Piece& p = pieces_[piece];
  return p.axis == Axis::horizontal ? pos + k : p.line;
}

void Layout::fill_occupancy(const Positions& positions, Occupancy& cells) const {
  std::copy_n(empty_board_.begin(), width_ * height_, cells.begin());
  for (int piece = 0; piece < static_cast<int>(pieces_.size()); ++piece) {
    const int first = cell_index(piece, positions.get(piece), 0);
    for (int k = 0; k < pieces_[piece].length; ++k) {
      cells[first + k * stride_[piece]] = static_cast<int8_t>(piece);
    }
  }
}

bool Layout::is_solved(const Positions& positions) const {
  return red_car_ >= 0 && positions.get(red_car_) == max_position(red_car_);
}

void Layout::free_run(const Occupancy& cells, int piece, int pos, int& backward,
                      int& forward) const {
  const Piece& p = pieces_[piece];
  const int stride = stride_[piece];  // cells along the axis are this far apart
  const int first = cell_index(piece, pos, 0);
  backward = 0;
  while (backward < pos && cells[first - (backward + 1) * stride] == kEmptyCell) ++backward;
  forward = 0;
  const int room = max_position(piece) - pos;
  const int last = first + (p.length - 1) * stride;
  while (forward < room && cells[last + (forward + 1) * stride] == kEmptyCell) ++forward;
}

// ---------------------------------------------------------------------------
// Parsing and formatting

namespace {

constexpr std::string_view kExpectedCells =
    "expected o or . (empty), x or # (wall), or a piece letter A-Z";

// One board row as it appeared in the text, for error positions.
struct SourceRow {
  std::string_view cells;
  int line = 0;    // 1-based line number
  int column = 0;  // 1-based column of the first cell
};

bool is_number(std::string_view token) {
  return !token.empty() &&
         std::all_of(token.begin(), token.end(), [](char c) { return c >= '0' && c <= '9'; });
}

// A single line: a square board string, or a database line "MOVES BOARD
// CLUSTER" (a number may stand before and after the board).
Parsed<std::vector<SourceRow>> split_one_line(const text::Line& line) {
  const std::vector<text::Token> tokens = text::split_words(line.text, 4);
  size_t board_token = 0;
  if (tokens.size() >= 2 && is_number(tokens[0].text)) board_token = 1;
  const bool trailing_ok = tokens.size() == board_token + 1 ||
                           (tokens.size() == board_token + 2 && is_number(tokens.back().text));
  if (!trailing_ok || is_number(tokens[board_token].text)) {
    return parse_error(line.number, 0,
                       "expected one board string (like IBBxooIooLDDJAALooJoKEEMFFKooMGGHHHM) "
                       "or a database line MOVES BOARD CLUSTER");
  }
  const text::Token& board = tokens[board_token];
  const int size = static_cast<int>(std::lround(std::sqrt(double(board.text.size()))));
  if (size * size != static_cast<int>(board.text.size()) || size < kMinSize || size > kMaxSize) {
    return parse_error(line.number, board.column,
                       "a one-line board needs a square number of cells (36 for 6x6), got " +
                           std::to_string(board.text.size()));
  }
  std::vector<SourceRow> rows;
  for (int r = 0; r < size; ++r) {
    rows.push_back({board.text.substr(r * size, size), line.number, board.column + r * size});
  }
  return rows;
}

Parsed<std::vector<SourceRow>> split_rows(std::string_view text) {
  const text::Lines lines = text::content_lines(text);
  if (lines.empty()) {
    return parse_error(0, 0, "empty board: expected a 36-character board string or rows of text");
  }
  const size_t height = lines.count();  // counted, not stored: the size is checked first
  if (height == 1) return split_one_line(*lines.begin());
  if (height > static_cast<size_t>(kMaxSize)) {
    const text::Line first = *lines.begin();
    return parse_error(first.number, 0,
                       "board has " + std::to_string(height) + " rows; expected " +
                           std::to_string(kMinSize) + " to " + std::to_string(kMaxSize) +
                           " cells a side");
  }
  std::vector<SourceRow> rows;
  for (const text::Line& line : lines) {
    // Leading spaces are indentation; a blank line inside the board stays empty.
    const size_t start = std::min(line.text.find_first_not_of(" \t"), line.text.size());
    rows.push_back({line.text.substr(start), line.number, static_cast<int>(start) + 1});
  }
  return rows;
}

Parsed<Board> build_board(const std::vector<SourceRow>& rows) {
  const int height = static_cast<int>(rows.size());
  const int width = static_cast<int>(rows[0].cells.size());
  if (height < kMinSize || height > kMaxSize || width < kMinSize || width > kMaxSize) {
    return parse_error(rows[0].line, 0,
                       "board is " + std::to_string(width) + "x" + std::to_string(height) +
                           "; expected " + std::to_string(kMinSize) + " to " +
                           std::to_string(kMaxSize) + " cells a side");
  }
  std::vector<bool> walls(width * height, false);
  // Cells of each letter in row-major order, with where the first was written.
  std::map<char, std::vector<int>> cells_of;
  std::map<char, std::pair<int, int>> first_seen;
  for (int r = 0; r < height; ++r) {
    const SourceRow& row = rows[r];
    if (static_cast<int>(row.cells.size()) != width) {
      return parse_error(row.line, 0,
                         "row has " + std::to_string(row.cells.size()) + " cells, expected " +
                             std::to_string(width) + " like the first row");
    }
    for (int c = 0; c < width; ++c) {
      const char ch = row.cells[c];
      if (ch == 'o' || ch == '.') continue;
      if (ch == 'x' || ch == '#') {
        walls[r * width + c] = true;
      } else if (ch >= 'A' && ch <= 'Z') {
        cells_of[ch].push_back(r * width + c);
        first_seen.emplace(ch, std::pair{row.line, row.column + c});
      } else {
        return parse_error(row.line, row.column + c,
                           "unexpected " + text::quoted(ch) + ": " + std::string(kExpectedCells));
      }
    }
  }

  std::vector<Piece> pieces;
  Positions positions;
  for (const auto& [label, cells] : cells_of) {
    const auto [line, column] = first_seen[label];
    const int r0 = cells[0] / width, c0 = cells[0] % width;
    const int n = static_cast<int>(cells.size());
    const bool horizontal = n >= 2 && cells[1] == cells[0] + 1;
    const int stride = horizontal ? 1 : width;
    bool straight = n >= 2;
    for (int k = 1; k < n && straight; ++k) {
      straight = cells[k] == cells[0] + k * stride && (!horizontal || cells[k] / width == r0);
    }
    if (!straight) {
      return parse_error(line, column,
                         std::string("piece ") + label +
                             " must be a straight line of 2 or more cells in one row or column");
    }
    if (label == kRedCar && !horizontal) {
      return parse_error(line, column, "car A must lie horizontally: it leaves on the right");
    }
    Piece piece{label, horizontal ? Axis::horizontal : Axis::vertical, static_cast<uint8_t>(n),
                static_cast<uint8_t>(horizontal ? r0 : c0)};
    positions.set(static_cast<int>(pieces.size()), horizontal ? c0 : r0);
    pieces.push_back(piece);
  }
  if (!cells_of.count(kRedCar)) {
    return parse_error(0, 0, "no car A: the board needs the red car A, which leaves on the right");
  }
  auto layout = std::make_shared<const Layout>(width, height, std::move(walls), std::move(pieces));
  return Board{std::move(layout), positions};
}

}  // namespace

Parsed<Board> parse_board(std::string_view text) {
  auto rows = split_rows(text);
  if (!rows) return rows.error();
  return build_board(rows.value());
}

std::string format_board(const Layout& layout, const Positions& positions) {
  Layout::Occupancy cells;
  layout.fill_occupancy(positions, cells);
  const bool one_line = layout.width() == layout.height();
  std::string out;
  for (int r = 0; r < layout.height(); ++r) {
    if (r > 0 && !one_line) out += '\n';
    for (int c = 0; c < layout.width(); ++c) {
      const int cell = cells[r * layout.width() + c];
      out += cell == kEmptyCell ? 'o' : cell == kWallCell ? 'x' : layout.pieces()[cell].label;
    }
  }
  return out;
}

std::string format_slide(const Layout& layout, Slide slide) {
  std::string text(1, layout.pieces()[slide.piece].label);
  text += slide.delta > 0 ? '+' : '-';
  text += std::to_string(std::abs(slide.delta));
  return text;
}

Parsed<Slide> parse_slide(const Layout& layout, std::string_view text) {
  const std::string expected =
      "expected a move like A+1 or C-2 (piece, + right/down or - "
      "left/up, distance)";
  if (text.size() < 3 || (text[1] != '+' && text[1] != '-')) {
    return parse_error(0, 0, "'" + puzzlelab::text::excerpt(text) + "': " + expected);
  }
  const int piece = layout.piece_index(text[0]);
  if (piece < 0)
    return parse_error(0, 1, "no piece " + text::printable(text.substr(0, 1)) + " on this board");
  int distance = 0;
  const auto [end, err] = std::from_chars(text.data() + 2, text.data() + text.size(), distance);
  if (err != std::errc() || end != text.data() + text.size() || distance < 1 ||
      distance > kMaxSize) {
    return parse_error(0, 3, "'" + puzzlelab::text::excerpt(text) + "': " + expected);
  }
  return Slide{static_cast<uint8_t>(piece),
               static_cast<int8_t>(text[1] == '+' ? distance : -distance)};
}

namespace {

constexpr uint64_t kHintNodeBudget = 300'000;

std::string piece_name(const Layout& layout, int piece) {
  const Piece& p = layout.pieces()[piece];
  return std::string(p.length == 2 ? "car " : "truck ") + p.label;
}

std::string cell_name(int row, int col) {
  return "r" + std::to_string(row + 1) + "c" + std::to_string(col + 1);
}

}  // namespace

std::string check_slide(const Layout& layout, const Positions& positions, Slide slide) {
  const int piece = slide.piece;
  const int from = positions.get(piece);
  const int to = from + slide.delta;
  if (slide.delta == 0) return "a move must go at least one cell";
  if (to < 0 || to > layout.max_position(piece)) {
    return piece_name(layout, piece) + " would leave the board";
  }
  Layout::Occupancy cells;
  layout.fill_occupancy(positions, cells);
  const int step = slide.delta > 0 ? 1 : -1;
  // The cells the leading end passes over, one at a time.
  const int lead = slide.delta > 0 ? layout.pieces()[piece].length - 1 : 0;
  for (int pos = from + step; pos != to + step; pos += step) {
    const int row = layout.row_of(piece, pos, lead), col = layout.col_of(piece, pos, lead);
    const int cell = cells[row * layout.width() + col];
    if (cell == kWallCell)
      return piece_name(layout, piece) + " is blocked by a wall at " + cell_name(row, col);
    if (cell != kEmptyCell) {
      return piece_name(layout, piece) + " is blocked by " + piece_name(layout, cell) + " at " +
             cell_name(row, col);
    }
  }
  return "";
}

std::vector<Slide> legal_slides(const Layout& layout, const Positions& positions) {
  Layout::Occupancy cells;
  layout.fill_occupancy(positions, cells);
  std::vector<Slide> slides;
  for (int piece = 0; piece < static_cast<int>(layout.pieces().size()); ++piece) {
    int backward = 0, forward = 0;
    layout.free_run(cells, piece, positions.get(piece), backward, forward);
    for (int d = backward; d >= 1; --d) slides.push_back({uint8_t(piece), int8_t(-d)});
    for (int d = 1; d <= forward; ++d) slides.push_back({uint8_t(piece), int8_t(d)});
  }
  return slides;
}

// ---------------------------------------------------------------------------
// Solving

#ifndef PUZZLELAB_PAGE_ENGINE
namespace {

// Joins consecutive one-cell steps of a piece in one direction into one slide.
std::vector<Slide> merge_steps(const std::vector<Slide>& steps) {
  std::vector<Slide> merged;
  for (const Slide& s : steps) {
    if (!merged.empty() && merged.back().piece == s.piece &&
        (merged.back().delta > 0) == (s.delta > 0)) {
      merged.back().delta = static_cast<int8_t>(merged.back().delta + s.delta);
    } else {
      merged.push_back(s);
    }
  }
  return merged;
}

template <class Outcome>
SolveResult to_result(const Layout& layout, const Outcome& outcome, Metric metric) {
  SolveResult result;
  result.status = outcome.status;
  result.optimal = outcome.optimal;
  result.stats = outcome.stats;
  result.message = outcome.message;
  const std::vector<Slide> slides =
      metric == Metric::steps ? merge_steps(outcome.moves) : outcome.moves;
  for (const Slide& s : slides) {
    result.moves.push_back(
        {format_slide(layout, s), metric == Metric::moves ? 1 : std::abs(s.delta)});
    if (!result.answer.empty()) result.answer += ' ';
    result.answer += result.moves.back().text;
  }
  for (const Move& m : result.moves) result.cost += m.cost;
  return result;
}

}  // namespace

namespace {

// `workspace`: the fast search's memory, kept from an earlier solve (or
// nullptr: its own).
SolveResult solve_board(const Layout& layout, const Positions& start, const SolveOptions& options,
                        BfsWorkspace* workspace = nullptr) {
  Metric metric;
  if (options.metric.empty() || options.metric == "moves") {
    metric = Metric::moves;
  } else if (options.metric == "steps") {
    metric = Metric::steps;
  } else {
    return SolveResult::invalid("unknown metric '" + options.metric + "': expected moves or steps");
  }
  const std::string& algorithm = options.algorithm.empty() ? "bfs" : options.algorithm;
  if (algorithm == "bfs") {
    // The specialised bitboard search (bitboard_model.h): several times
    // faster than the generic breadth_first_search over the same successors.
    BfsOutcome fast = fast_bfs(layout, start, /*single_cells=*/metric == Metric::steps, options,
                               BfsStore::automatic, workspace);
    search::SearchOutcome<SearchSpace> outcome;
    outcome.status = fast.status;
    outcome.optimal = fast.status == SolveStatus::solved;
    outcome.moves = std::move(fast.slides);
    outcome.stats = fast.stats;
    outcome.message = std::move(fast.message);
    return to_result(layout, outcome, metric);
  }
  SearchSpace space(layout, metric, /*single_cells=*/false);
  if (algorithm == "astar")
    return to_result(layout, search::astar_search(space, start, options), metric);
  if (algorithm == "idastar")
    return to_result(layout, search::ida_star_search(space, start, options), metric);
  if (algorithm == "dijkstra")
    return to_result(layout, search::dijkstra_search(space, start, options), metric);
  return SolveResult::invalid("unknown algorithm '" + algorithm +
                              "': expected bfs, astar, idastar or dijkstra");
}

}  // namespace
#else
namespace {

// The browser page's copy of the engine (PUZZLELAB_PAGE_ENGINE) runs no
// search: its A*, IDA* and Dijkstra stay out of the page's download, and a
// solve there answers that searches run in the solver worker.
SolveResult solve_board(const Layout& /*layout*/, const Positions& /*start*/,
                        const SolveOptions& /*options*/, BfsWorkspace* /*workspace*/ = nullptr) {
  return SolveResult::invalid(kSearchesElsewhere);
}

}  // namespace
#endif

SolveResult RushHourGame::solve(const SolveOptions& options) const {
  SolveResult result = solve_board(*board_.layout, board_.positions, options);
  if (!orientation_.is_identity()) {  // moves as the board is written
    result.answer.clear();
    for (Move& move : result.moves) {
      move.text = move_text(parse_slide(*board_.layout, move.text).value());
      if (!result.answer.empty()) result.answer += ' ';
      result.answer += move.text;
    }
  }
  return result;
}

// ---------------------------------------------------------------------------
// The Game interface

const PuzzleInfo& RushHourGame::info() const {
  return puzzle_info();
}

RushHourGame::RushHourGame(Board board)
    : board_(std::move(board)),
      orientation_(ExitSide::right, board_.layout->width(), board_.layout->height()) {}

RushHourGame::RushHourGame(Board board, Orientation golf_orientation)
    : board_(std::move(board)), orientation_(golf_orientation), golf_(true) {}

std::optional<ExitSide> RushHourGame::golf_side() const {
  if (!golf_) return std::nullopt;
  return orientation_.exit_side();
}

std::string RushHourGame::format() const {
  if (golf_) return format_golf(*board_.layout, board_.positions, orientation_);
  return format_board(*board_.layout, board_.positions);
}

Slide RushHourGame::oriented(Slide slide) const {
  const Axis axis = board_.layout->pieces()[slide.piece].axis;
  if (orientation_.to_screen(Direction{axis, 1}).sign < 0) {
    slide.delta = static_cast<int8_t>(-slide.delta);
  }
  return slide;
}

std::string RushHourGame::move_text(Slide slide) const {
  return format_slide(*board_.layout, oriented(slide));
}

std::vector<Move> RushHourGame::legal_moves() const {
  std::vector<Move> moves;
  for (const Slide& s : legal_slides(*board_.layout, board_.positions)) {
    moves.push_back({move_text(s), 1});
  }
  return moves;
}

ApplyResult RushHourGame::apply(std::string_view move) {
  auto slide = parse_slide(*board_.layout, move);
  if (!slide) return ApplyResult::failure(slide.error().message);
  const Slide s = oriented(slide.value());
  const std::string why = check_slide(*board_.layout, board_.positions, s);
  if (!why.empty()) return ApplyResult::failure(text::excerpt(move) + ": " + why);
  board_.positions.set(s.piece, board_.positions.get(s.piece) + s.delta);
  known_optimum_.reset();  // proven for the generated board, not for this one
  return ApplyResult::success(1);
}

std::optional<int64_t> RushHourGame::cost_in(std::string_view metric, std::string_view move) const {
  if (metric != "steps") return std::nullopt;
  auto slide = parse_slide(*board_.layout, move);
  if (!slide) return std::nullopt;
  return std::abs(slide.value().delta);
}

std::string RushHourGame::describe() const {
  const Layout& layout = *board_.layout;
  const int width = orientation_.screen_width(), height = orientation_.screen_height();
  std::string text = std::to_string(width) + " by " + std::to_string(height) +
                     " board, the exit on the " + to_string(orientation_.exit_side()) +
                     ". Rows count from the top, columns from the left.";
  for (size_t i = 0; i < layout.pieces().size(); ++i) {
    const Piece& piece = layout.pieces()[i];
    const int at = board_.positions.get(static_cast<int>(i));
    const bool across = piece.axis == Axis::horizontal;
    Box box;
    box.row0 = across ? piece.line : at;
    box.col0 = across ? at : piece.line;
    box.row1 = box.row0 + (across ? 1 : piece.length);
    box.col1 = box.col0 + (across ? piece.length : 1);
    const Box shown = orientation_.to_screen(box);
    const int row0 = int(shown.row0) + 1, row1 = int(shown.row1);
    const int col0 = int(shown.col0) + 1, col1 = int(shown.col1);
    const bool wide = col1 > col0;
    text += std::string(" ") +
            (piece.label == kRedCar ? "Red car A" : std::string(1, piece.label)) +
            (wide ? ": row " + std::to_string(row0) + ", columns " + std::to_string(col0) + " to " +
                        std::to_string(col1)
                  : ": column " + std::to_string(col0) + ", rows " + std::to_string(row0) + " to " +
                        std::to_string(row1)) +
            ".";
  }
  int walls = 0;
  for (int r = 0; r < layout.height(); ++r)
    for (int c = 0; c < layout.width(); ++c) walls += layout.is_wall(r, c);
  if (walls > 0) text += " " + std::to_string(walls) + (walls == 1 ? " wall." : " walls.");
  return text;
}

std::optional<Hint> RushHourGame::hint(const SolveOptions& asked) const {
  if (is_solved()) return std::nullopt;
  const SolveOptions options =
      asked.for_quick_hint(kHintNodeBudget, SolveOptions::kQuickHintMemory);
  const SolveResult result = solve(options);
  Hint hint;
  hint.technique = "Next move";
  if (result.status == SolveStatus::unsolvable) {
    hint.status = SolveStatus::unsolvable;
    hint.explanation = "No solution: car A can never reach the exit from here.";
    return hint;
  }
  if (result.status != SolveStatus::solved || result.moves.empty()) {
    hint.status =
        result.status == SolveStatus::solved ? SolveStatus::budget_exceeded : result.status;
    hint.explanation = "No quick hint: this board needs a longer search (press Solve).";
    return hint;
  }
  // The move's text is as written (solve() turned it): so are its direction and cells.
  const Slide written = parse_slide(*board_.layout, result.moves[0].text).value();
  const Slide first = oriented(written);
  const Piece& piece = board_.layout->pieces()[first.piece];
  const Direction shown = orientation_.to_screen(Direction{piece.axis, first.delta > 0 ? 1 : -1});
  const char* direction = shown.axis == Axis::horizontal ? (shown.sign > 0 ? "right" : "left")
                                                         : (shown.sign > 0 ? "down" : "up");
  hint.explanation = "Next move: " + piece_name(*board_.layout, first.piece) + " " + direction +
                     " " + std::to_string(std::abs(first.delta)) + " (" +
                     text::amount(result.cost, "moves") + " to go at best).";
  hint.moves = {result.moves[0].text};
  const int pos = board_.positions.get(first.piece);
  for (int k = 0; k < piece.length; ++k) {
    const Cell cell{board_.layout->row_of(first.piece, pos, k),
                    board_.layout->col_of(first.piece, pos, k)};
    const Cell at = orientation_.to_screen(cell);
    hint.cells.push_back(at.row * orientation_.screen_width() + at.col);
  }
  return hint;
}

bool RushHourGame::is_solved() const {
  return board_.layout->is_solved(board_.positions);
}

std::unique_ptr<Game> RushHourGame::clone() const {
  return std::make_unique<RushHourGame>(*this);
}

namespace {

Parsed<std::unique_ptr<Game>> parse_game(std::string_view text) {
  if (looks_like_golf(text)) {
    auto golf = parse_golf(text);
    if (!golf) return golf.error();
    return std::unique_ptr<Game>(
        std::make_unique<RushHourGame>(std::move(golf.value().board), golf.value().orientation));
  }
  auto board = parse_board(text);
  if (!board) return board.error();
  return std::unique_ptr<Game>(std::make_unique<RushHourGame>(std::move(board).value()));
}

// "40": a board whose fewest moves are 40: at once from the pack of the whole
// 6x6 enumeration (enumerate/pack.h) when it has boards of that many moves,
// the seed choosing one; otherwise 40 or more by a climb (the farthest
// position of a cluster), budgeted (BoardRequest::kDefaultStateBudget) and
// cancellable.
Generated generate_game(const GenerateOptions& options) {
  int target = 0;
  const std::string& name = options.difficulty;
  const auto [end, err] = std::from_chars(name.data(), name.data() + name.size(), target);
  if (err != std::errc() || end != name.data() + name.size() || target < 1 || target > kMaxTarget) {
    return Generated::failed(
        SolveStatus::invalid,
        "unknown difficulty '" + text::excerpt(name) +
            "': expected a number of moves from 1 to 60, such as 20, 30 or 40");
  }
  if (const auto packed = enumerate::pack_puzzles(target); !packed.empty()) {
    const auto& pick = packed[mix64(options.seed) % packed.size()];  // the same on every platform
    auto board = parse_board(pick.board);
    if (!board) return Generated::failed(SolveStatus::invalid, board.error().describe());
    auto game = std::make_unique<RushHourGame>(std::move(board).value());
    game->set_known_optimum(pick.moves);  // proven by the enumeration
    return Generated::made(std::move(game));
  }
  BoardRequest request;
  request.target_moves = target;
  request.seed = options.seed;
  request.state_budget = options.node_budget;
  request.memory_budget_bytes = options.memory_budget_bytes;
  request.time_budget_ms = options.time_budget_ms;
  request.cancel = options.cancel;
  request.progress = options.progress;
  request.clock = options.clock;
  GenerateOutcome outcome = generate_board(request);
  if (outcome.status != SolveStatus::solved || !outcome.generated) {
    return Generated::failed(
        outcome.status == SolveStatus::solved ? SolveStatus::budget_exceeded : outcome.status,
        "no board of " + name + " moves found: " + outcome.message);
  }
  auto game = std::make_unique<RushHourGame>(outcome.generated->board);
  game->set_known_optimum(outcome.generated->moves);
  return Generated::made(std::move(game));
}

// `puzzlelab solve rushhour FILE --metric steps --output golf`: one line per
// unit step, as the Perl golf prints it.
std::optional<std::string> format_answer(const Game& start, const SolveResult& result,
                                         std::string_view format) {
  if (format != "golf") return std::nullopt;
  return format_golf_answer(start, result);
}

// `puzzlelab bench rushhour`: the generic bench's figures (the solves' CPU and wall time,
// fastest pass), but every solve reuses one search workspace, as a caller
// solving many boards in a row does. Problems are counted, not described:
// the CLI names each by its line.
[[maybe_unused]] BenchReport bench_boards(const std::vector<std::string>& texts,
                                          const SolveOptions& options, int repeats) {
  BenchReport report;
  std::vector<std::unique_ptr<Game>> games;
  std::vector<std::optional<int64_t>> stated;
  for (const std::string& text : texts) {
    auto game = parse_game(text);
    if (!game) {
      ++report.failures;
      continue;
    }
    games.push_back(std::move(game).value());
    stated.push_back(stated_cost(text));
  }
  BfsWorkspace workspace;
  BenchTotals best;
  for (int pass = 0; pass < std::max(repeats, 1); ++pass) {
    BenchTotals totals;
    totals.puzzles = games.size();
    for (size_t i = 0; i < games.size(); ++i) {
      const auto& game = static_cast<const RushHourGame&>(*games[i]);
      const BenchClock clock;
      const SolveResult result = solve_board(game.layout(), game.positions(), options, &workspace);
      clock.add_to(totals);
      totals.expanded += result.stats.expanded;
      if (result.status != SolveStatus::solved) {
        ++totals.failures;
        continue;
      }
      totals.cost += result.cost;
      if (stated[i]) {
        ++totals.checked;
        if (*stated[i] != result.cost) ++totals.failures;
      }
    }
    if (pass == 0 || totals.seconds < best.seconds) best = totals;
  }
  best.failures += report.failures;  // lines that did not parse
  report.failures = best.failures;
  report.text = format_bench_totals("rushhour", options.metric == "steps" ? "steps" : "moves", best,
                                    std::max(repeats, 1));
  return report;
}

}  // namespace

const PuzzleInfo& puzzle_info() {
  static const PuzzleInfo info{
      .id = "rushhour",
      .title = "Rush Hour",
      .parse = &parse_game,
      .summary =
          "Slide the cars and trucks along their lanes until car A can leave through the exit.",
      .unit = "moves",
      .algorithms = {{.name = "bfs",
                      .help = "Every position 1 move away, then 2, and so on: the first solution "
                              "found is the shortest. The fastest here (a specialised search).",
                      .label = "Breadth-first search"},
                     {.name = "astar",
                      .help = "Looks first at positions that seem closest to the exit (a lower "
                              "bound on the moves left): optimal; the generic search.",
                      .label = "A* search"},
                     {.name = "idastar",
                      .help = "A* in repeated passes with a growing limit: optimal and needs "
                              "almost no memory, but repeats work; slow on long solutions.",
                      .label = "IDA* (little memory)"},
                     {.name = "dijkstra",
                      .help = "Cheapest first, without a guide: optimal; here the same order as "
                              "breadth-first, without its speed-ups.",
                      .label = "Dijkstra (uniform cost)"}},
      .metrics = {{.name = "moves",
                   .help = "A slide of any length counts 1 (Fogleman's database counts so)",
                   .label = "Fewest moves"},
                  {"steps", "Every cell a vehicle travels counts 1 (the Perl golf counts so)",
                   "steps", "Fewest steps"}},
      .difficulties = {"20", "30", "40"},
      .generate = &generate_game,
      .bench = PUZZLELAB_BENCH_HOOK(&bench_boards),
      .rules =
          {
              .text = "Slide the vehicles along their lanes until the red car A can drive out "
                      "through the gap in the border (on the right of its row).\n"
                      "- Cars are 2 cells long, trucks 3. Each moves only forwards and backwards "
                      "along its lane: no turning, no jumping over anything.\n"
                      "- [keys] Drag a vehicle, or pick it (click, Tab or its letter) and press "
                      "the arrows.\n"
                      "- [touch] Drag a vehicle along its lane with your finger.\n"
                      "- A move is one slide, however far. Fewer moves is better: Solve finds the "
                      "fewest (or the fewest steps, each cell counting 1, if you choose that).",
              .demo_board = "..B.\nAAB.\n....\n....\n",
              .demo = {{"",
                        "Car A must reach the exit on the right, but car B stands in its way.",
                        {}},
                       {"B+2", "B slides down two cells in one move.", {}},
                       {"A+2", "A reaches the exit: solved in 2 moves.", {}}},
          },
      .format_example = "..B.\nAAB.\n....\nCCC.\n",
      .format_help =
          "A row of text per board row: A the red car (it leaves on the right), "
          "B-Z the others (2 cells a car, 3 a truck), . empty, x a wall. Fogleman's "
          "36-letter lines work too.",
      .editor = &editor(),
      .has_hints = true,
      .difficulty_unit = "moves",
      .difficulty_help =
          "How many moves the new board's best solution needs: more is harder. "
          "Made in the background; 40 can take some seconds.",
      .hooks =
          {
              .format_answer = &format_answer,
              .space = &cluster,
              .trace = &trace,
          },
  };
  return info;
}

}  // namespace puzzlelab::rushhour
