#include "puzzles/rushhour/enumerate/arrangements.h"

#include <algorithm>
#include <stdexcept>

namespace puzzlelab::rushhour::enumerate {

namespace {

constexpr int kRedLength = 2;
constexpr int kLongest = 3;  // trucks
constexpr uint64_t kMostSubtrees = uint64_t{1} << 20;

// Fogleman's groups: every list of lengths (1 = a wall) shorter in all than
// the board, with at most max_walls walls, numbered depth first, shorter
// lengths first.
void list_groups(int size, int max_walls, int shortest, std::vector<int>& lengths, int sum,
                 std::vector<std::vector<int>>& groups) {
  if (sum >= size) return;
  if (std::count(lengths.begin(), lengths.end(), 1) > max_walls) return;
  groups.push_back(lengths);
  for (int length = shortest; length <= kLongest; ++length) {
    lengths.push_back(length);
    list_groups(size, max_walls, shortest, lengths, sum + length, groups);
    lengths.pop_back();
  }
}

int group_of(const std::vector<PlacedPiece>& pieces, const std::vector<std::vector<int>>& groups) {
  for (size_t g = 0; g < groups.size(); ++g) {
    const std::vector<int>& lengths = groups[g];
    if (lengths.size() != pieces.size()) continue;
    bool same = true;
    for (size_t i = 0; i < lengths.size(); ++i) same = same && lengths[i] == pieces[i].length;
    if (same) return static_cast<int>(g);
  }
  throw std::logic_error("rushhour enumerate: a line's lengths have no group");
}

uint64_t cells_of(const PlacedPiece& piece) {
  uint64_t cells = 0;
  for (int k = 0; k < piece.length; ++k) {
    cells |= piece.horizontal ? cell_bit(piece.x + k, piece.y) : cell_bit(piece.x, piece.y + k);
  }
  return cells;
}

LineFill make_fill(std::vector<PlacedPiece> pieces, int group, uint64_t inside) {
  LineFill fill;
  fill.group = group;
  for (const PlacedPiece& piece : pieces) {
    const uint64_t cells = cells_of(piece);
    fill.cells |= cells;
    if (piece.wall) {
      fill.walls |= cells;
      ++fill.wall_count;
      continue;
    }
    fill.movers |= cells;
    fill.heads |= cell_bit(piece.x, piece.y);
  }
  // A piece that could slide left (up) needs something in the cell before it.
  const bool horizontal = pieces.empty() || pieces[0].horizontal;
  const uint64_t before = horizontal ? fill.movers >> 1 : fill.movers >> kLane;
  fill.demands = before & ~fill.cells & inside;
  fill.pieces = std::move(pieces);
  return fill;
}

// Fogleman's row rules at the end of a row: not full, within the walls, and
// car A's row holds car A alone (first in the list) with walls on its left.
bool keep_row(int size, int max_walls, int y, std::vector<PlacedPiece>& pieces) {
  int cells = 0, walls = 0;
  for (const PlacedPiece& piece : pieces) {
    cells += piece.length;
    walls += piece.wall;
  }
  if (walls > max_walls || cells >= size) return false;
  if (y != kRedRow) return true;
  if (static_cast<int>(pieces.size()) - walls != 1) return false;
  const auto car = std::find_if(pieces.begin(), pieces.end(), [](auto& p) { return !p.wall; });
  std::iter_swap(pieces.begin(), car);
  if (pieces[0].length != kRedLength) return false;
  for (size_t i = 1; i < pieces.size(); ++i) {
    if (pieces[i].x > pieces[0].x) return false;
  }
  return true;
}

struct FillLister {
  int size;
  int max_walls;
  int shortest;  // 1 when walls are allowed (Fogleman's MinPieceSize)
  const std::vector<std::vector<int>>& groups;
  uint64_t inside;

  // Pieces placed from `at` on along the line, then the cell left empty.
  void list(bool horizontal, int line, int at, std::vector<PlacedPiece>& pieces,
            std::vector<LineFill>& out) const {
    if (at >= size) {
      std::vector<PlacedPiece> kept = pieces;
      if (horizontal ? !keep_row(size, max_walls, line, kept) : !keep_column(kept)) return;
      const int group = group_of(kept, groups);
      out.push_back(make_fill(std::move(kept), group, inside));
      return;
    }
    for (int length = shortest; length <= kLongest; ++length) {
      if (length == 1 && !horizontal) continue;  // walls are listed with the rows
      if (at + length > size) continue;
      PlacedPiece piece;
      piece.horizontal = horizontal;
      piece.wall = length == 1;
      piece.x = static_cast<int8_t>(horizontal ? at : line);
      piece.y = static_cast<int8_t>(horizontal ? line : at);
      piece.length = static_cast<int8_t>(length);
      pieces.push_back(piece);
      list(horizontal, line, at + length, pieces, out);
      pieces.pop_back();
    }
    list(horizontal, line, at + 1, pieces, out);
  }
  bool keep_column(const std::vector<PlacedPiece>& pieces) const {
    int cells = 0;
    for (const PlacedPiece& piece : pieces) cells += piece.length;
    return cells < size;
  }
};

// A column's cells in a lane mask as a y-bit mask: the multiplier moves the
// bit of row y (at 8y) to bit 56 + y, and no two products meet.
int column_bits(uint64_t mask, int x) {
  return static_cast<int>((((mask >> x) & kColumn0) * 0x0102040810204080ULL) >> 56);
}

}  // namespace

std::vector<PlacedPiece> Arrangement::pieces() const {
  std::vector<PlacedPiece> all;
  for (const LineFill* fill : rows->rows)
    all.insert(all.end(), fill->pieces.begin(), fill->pieces.end());
  for (const LineFill* fill : columns)
    all.insert(all.end(), fill->pieces.begin(), fill->pieces.end());
  return all;
}

Arrangements::Arrangements(int size, int max_walls, const KeepGoing& keep_going)
    : size_(size), max_walls_(max_walls) {
  if (size < kMinBoard || size > kMaxBoardSize) throw std::invalid_argument("board size");
  const int shortest = max_walls > 0 ? 1 : 2;
  std::vector<std::vector<int>> groups;
  std::vector<int> lengths;
  list_groups(size, max_walls, shortest, lengths, 0, groups);
  uint64_t inside = 0;
  for (int y = 0; y < size; ++y) {
    for (int x = 0; x < size; ++x) inside |= cell_bit(x, y);
  }
  const FillLister lister{size, max_walls, shortest, groups, inside};
  row_fills_.resize(size);
  column_fills_.resize(size);
  for (int line = 0; line < size; ++line) {
    std::vector<PlacedPiece> pieces;
    lister.list(true, line, 0, pieces, row_fills_[line]);
    lister.list(false, line, 0, pieces, column_fills_[line]);
    for (auto* fills : {&row_fills_[line], &column_fills_[line]}) {
      std::stable_sort(fills->begin(), fills->end(),
                       [](const LineFill& a, const LineFill& b) { return a.group < b.group; });
    }
  }
  row_order_.push_back(kRedRow);
  for (int y = 0; y < size; ++y) {
    if (y != kRedRow) row_order_.push_back(y);
  }
  // A column's fill fits when it keeps off the rows' cells, has something
  // above each of its pieces, and fills every cell the rows demand in it.
  const int masks = 1 << size;
  fitting_.assign(size, std::vector<std::vector<const LineFill*>>(masks * masks));
  for (int x = 0; x < size; ++x) {
    for (int filled = 0; filled < masks; ++filled) {
      for (int demanded = 0; demanded < masks; ++demanded) {
        auto& fits = fitting_[x][filled * masks + demanded];
        for (const LineFill& fill : column_fills_[x]) {
          const int cells = column_bits(fill.cells, x);
          const int needs = column_bits(fill.demands, x);
          if ((cells & filled) == 0 && (needs & ~filled) == 0 && (demanded & ~cells) == 0)
            fits.push_back(&fill);
        }
      }
    }
  }
  count_boards(keep_going);
}

const std::vector<const LineFill*>& Arrangements::column_choices(int x, uint64_t filled,
                                                                 uint64_t demanded) const {
  const int masks = 1 << size_;
  return fitting_[x][column_bits(filled, x) * masks + column_bits(demanded, x)];
}

bool Arrangements::finish_rows(RowChoice& choice) const {
  uint64_t filled = 0, demanded = 0;
  choice.across = choice.across_heads = choice.walls = 0;
  for (const LineFill* fill : choice.rows) {
    filled |= fill->cells;
    demanded |= fill->demands;
    choice.across |= fill->movers;
    choice.across_heads |= fill->heads;
    choice.walls |= fill->walls;
  }
  choice.columns.resize(size_);
  choice.count = 1;
  for (int x = 0; x < size_; ++x) {
    const auto& fits = column_choices(x, filled, demanded);
    if (fits.empty()) return false;
    choice.columns[x] = &fits;
    choice.count *= fits.size();
  }
  return true;
}

void Arrangements::board(const RowChoice& choice, uint64_t number, Arrangement& out) const {
  out.number = number;
  out.rows = &choice;
  out.walls = choice.walls;
  out.position = Position{choice.across, 0, choice.across_heads, 0};
  out.columns.resize(size_);
  uint64_t rest = number - choice.first;
  for (int x = size_ - 1; x >= 0; --x) {  // the last column is the lowest digit
    const auto& fits = *choice.columns[x];
    const LineFill* fill = fits[rest % fits.size()];
    rest /= fits.size();
    out.columns[x] = fill;
    out.position.down |= fill->movers;
    out.position.down_heads |= fill->heads;
  }
}

void Arrangements::count_boards(const KeepGoing& keep_going) {
  // As many first rows as keep the list of subtrees within about a million.
  prefix_rows_ = 0;
  for (uint64_t subtrees = 1; prefix_rows_ < row_order_.size(); ++prefix_rows_) {
    subtrees *= row_fills_[row_order_[prefix_rows_]].size();
    if (subtrees > kMostSubtrees) break;
  }
  Walk walk;
  walk.counting = &prefix_boards_;
  walk.keep_going = keep_going ? &keep_going : nullptr;
  RowChoice choice;
  choice.rows.resize(row_order_.size());
  auto all = [](const RowChoice&) { return true; };
  counted_ = choose_rows(0, choice, walk, all);
  boards_ = walk.next;
}

}  // namespace puzzlelab::rushhour::enumerate
