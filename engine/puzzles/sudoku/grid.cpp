#include "puzzles/sudoku/grid.h"

namespace puzzlelab::sudoku {
namespace {

// Tables built at compile time: immutable, so safe to share between threads.
constexpr std::array<std::array<int, 9>, kHouseCount> make_house_cells() {
  std::array<std::array<int, 9>, kHouseCount> houses{};
  for (int i = 0; i < 9; ++i) {
    for (int j = 0; j < 9; ++j) {
      houses[row_house(i)][j] = cell_at(i, j);
      houses[column_house(i)][j] = cell_at(j, i);
      houses[box_house(i)][j] = cell_at(i / 3 * 3 + j / 3, i % 3 * 3 + j % 3);
    }
  }
  return houses;
}

constexpr bool share_house(int a, int b) {
  return row_of(a) == row_of(b) || column_of(a) == column_of(b) || box_of(a) == box_of(b);
}

constexpr std::array<std::array<int, 20>, kCellCount> make_peers() {
  std::array<std::array<int, 20>, kCellCount> peers{};
  for (int cell = 0; cell < kCellCount; ++cell) {
    int count = 0;
    for (int other = 0; other < kCellCount; ++other) {
      if (other != cell && share_house(cell, other)) peers[cell][count++] = other;
    }
  }
  return peers;
}

constexpr auto kHouseCells = make_house_cells();
constexpr auto kPeers = make_peers();

}  // namespace

const std::array<int, 9>& house_cells(int house) {
  return kHouseCells[house];
}
const std::array<int, 20>& peers(int cell) {
  return kPeers[cell];
}
bool sees(int cell_a, int cell_b) {
  return cell_a != cell_b && share_house(cell_a, cell_b);
}

std::string cell_name(int cell) {
  return {'r', char('1' + row_of(cell)), 'c', char('1' + column_of(cell))};
}

std::string house_name(int house) {
  static constexpr std::string_view kKinds[] = {"row ", "column ", "box "};
  std::string name(kKinds[house / 9]);
  name += char('1' + house % 9);
  return name;
}

Grid::Grid() {
  candidates_.fill(kAllDigits);
}

std::optional<Grid> Grid::from_cells(const Cells& givens, const Cells& entries) {
  Grid grid;
  for (int cell = 0; cell < kCellCount; ++cell) {
    const int given = givens[cell];
    const int entry = entries[cell];
    if (given > 9 || entry > 9) return std::nullopt;
    if (given != 0 && entry != 0 && entry != given) return std::nullopt;
    const int digit = given != 0 ? given : entry;
    if (digit == 0) continue;
    if (!grid.place(cell, digit)) return std::nullopt;  // clashes with a peer
    grid.given_[cell] = given != 0;
  }
  return grid;
}

std::optional<Grid> Grid::from_string(std::string_view puzzle81) {
  if (puzzle81.size() != kCellCount) return std::nullopt;
  Cells givens{};
  for (int cell = 0; cell < kCellCount; ++cell) {
    const char c = puzzle81[cell];
    if (c >= '1' && c <= '9') {
      givens[cell] = uint8_t(c - '0');
    } else if (c != '.' && c != '0') {
      return std::nullopt;
    }
  }
  return from_cells(givens);
}

uint16_t Grid::positions(int house, int digit) const {
  uint16_t where = 0;
  const auto& cells = house_cells(house);
  for (int i = 0; i < 9; ++i) {
    if (has_candidate(cells[i], digit)) where |= uint16_t(1u << i);
  }
  return where;
}

bool Grid::place(int cell, int digit) {
  if (digit < 1 || digit > 9 || !is_empty(cell) || !has_candidate(cell, digit)) return false;
  values_[cell] = uint8_t(digit);
  candidates_[cell] = 0;
  for (int peer : peers(cell)) candidates_[peer] &= DigitMask(~digit_bit(digit));
  return true;
}

bool Grid::eliminate(int cell, int digit) {
  if (digit < 1 || digit > 9 || !has_candidate(cell, digit)) return false;
  candidates_[cell] &= DigitMask(~digit_bit(digit));
  return true;
}

int Grid::empty_count() const {
  int count = 0;
  for (int cell = 0; cell < kCellCount; ++cell) count += is_empty(cell);
  return count;
}

bool Grid::is_solved() const {
  for (int house = 0; house < kHouseCount; ++house) {
    DigitMask seen = 0;
    for (int cell : house_cells(house)) {
      if (is_empty(cell)) return false;
      seen |= digit_bit(value(cell));
    }
    if (seen != kAllDigits) return false;
  }
  return true;
}

bool Grid::has_contradiction() const {
  for (int cell = 0; cell < kCellCount; ++cell) {
    if (is_empty(cell) && candidates_[cell] == 0) return true;
  }
  for (int house = 0; house < kHouseCount; ++house) {
    DigitMask covered = 0;  // placed or still possible somewhere in the house
    for (int cell : house_cells(house)) {
      covered |= is_empty(cell) ? candidates_[cell] : digit_bit(value(cell));
    }
    if (covered != kAllDigits) return true;
  }
  return false;
}

Cells Grid::givens() const {
  Cells givens{};
  for (int cell = 0; cell < kCellCount; ++cell) {
    if (given_[cell]) givens[cell] = values_[cell];
  }
  return givens;
}

std::string Grid::to_string() const {
  std::string text(kCellCount, '.');
  for (int cell = 0; cell < kCellCount; ++cell) {
    if (!is_empty(cell)) text[cell] = char('0' + values_[cell]);
  }
  return text;
}

}  // namespace puzzlelab::sudoku
