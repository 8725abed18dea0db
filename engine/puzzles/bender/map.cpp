// The game's input format, line by line:
//   width height
//   `height` rows of `width` cells: '#' wall, '+' garbage ball, '.' floor
//   startX startY
//   targetX targetY
//   switchCount
//   switchX switchY fieldX fieldY initialState      (switchCount lines; 1 = on)
// Coordinates are 0-based, x the column. The game joins lines with '|'.
#include "puzzles/bender/map.h"

#include <algorithm>
#include <charconv>

#include "core/text.h"

namespace puzzlelab::bender {

bool Map::has_ball(int cell) const {
  return std::binary_search(balls.begin(), balls.end(), static_cast<uint16_t>(cell));
}

namespace {

// Reads lines one after the other, with errors that say where. Lines are
// taken as they are read: the map is at most 64x64, whatever the text.
class Reader {
 public:
  explicit Reader(std::string_view text) : lines_(text), next_(lines_.begin()) {}

  bool at_end() const { return next_ == lines_.end(); }
  const text::Line& line() const { return current_; }
  int next_number() const { return at_end() ? lines_.number_after() : next_->number; }

  // The next line as `count` integers, each checked against [low, high].
  Parsed<std::vector<int>> numbers(int count, const char* what, int low, int high) {
    if (at_end()) {
      return parse_error(next_number(), 0, std::string("expected ") + what + ", found the end");
    }
    const text::Line& current = *take();
    const auto words = text::split_words(current.text, static_cast<size_t>(count) + 1);
    if (static_cast<int>(words.size()) != count) {
      return parse_error(
          current.number, 0,
          std::string("expected ") + what + " (" + std::to_string(count) + " numbers), found " +
              (static_cast<int>(words.size()) > count ? "more words"
                                                      : std::to_string(words.size()) + " words"));
    }
    std::vector<int> values;
    for (const text::Token& word : words) {
      int value = 0;
      const char* end = word.text.data() + word.text.size();
      auto [ptr, ec] = std::from_chars(word.text.data(), end, value);
      if (ec == std::errc::result_out_of_range && ptr == end) {
        return parse_error(current.number, word.column,
                           std::string(what) + ": " + text::excerpt(word.text, 20) +
                               " is out of range (" + std::to_string(low) + ".." +
                               std::to_string(high) + ")");
      }
      if (ec != std::errc() || ptr != end) {
        return parse_error(current.number, word.column,
                           std::string("expected a number in ") + what + ", found '" +
                               text::excerpt(word.text, 20) + "'");
      }
      if (value < low || value > high) {
        return parse_error(current.number, word.column,
                           std::string(what) + ": " + std::to_string(value) + " is outside " +
                               std::to_string(low) + ".." + std::to_string(high));
      }
      values.push_back(value);
    }
    return values;
  }

  const text::Line* take() {
    if (at_end()) return nullptr;
    current_ = *next_++;
    return &current_;
  }

 private:
  text::Lines lines_;
  text::Lines::iterator next_;
  text::Line current_;
};

Parsed<bool> read_rows(Reader& reader, Map& map) {
  std::vector<uint8_t> wall(static_cast<size_t>(map.cell_count()), 0);
  for (int cell = 0; cell < map.cell_count(); ++cell) {
    const int x = map.x_of(cell), y = map.y_of(cell);
    if (x < 0 || x >= map.width || y < 0 || y >= map.height) wall[cell] = 1;
  }
  for (int y = 0; y < map.height; ++y) {
    const int number = reader.next_number();
    const text::Line* row = reader.take();
    if (!row) {
      return parse_error(number, 0,
                         "expected " + std::to_string(map.height) + " rows of the maze, found " +
                             std::to_string(y));
    }
    if (static_cast<int>(row->text.size()) != map.width) {
      return parse_error(row->number, 0,
                         "expected a row of " + std::to_string(map.width) + " cells, found " +
                             std::to_string(row->text.size()));
    }
    for (int x = 0; x < map.width; ++x) {
      const char c = row->text[x];
      const int cell = map.cell(x, y);
      if (c == '#') {
        wall[cell] = 1;
      } else if (c == '+') {
        map.balls.push_back(static_cast<uint16_t>(cell));
      } else if (c != '.') {
        return parse_error(row->number, x + 1,
                           std::string("unknown cell '") + c +
                               "': expected '#' wall, '+' garbage ball or '.' floor");
      }
    }
  }
  map.wall = CellTable<uint8_t>(std::move(wall));
  return true;
}

// A position line "x y" that must be a free cell of the maze.
Parsed<int> read_cell(Reader& reader, const Map& map, const char* what) {
  auto xy = reader.numbers(2, what, -1000000, 1000000);
  if (!xy) return xy.error();
  const int x = xy.value()[0], y = xy.value()[1];
  if (x < 0 || x >= map.width || y < 0 || y >= map.height) {
    return parse_error(reader.line().number, 0,
                       std::string(what) + " (" + std::to_string(x) + "," + std::to_string(y) +
                           ") is outside the " + std::to_string(map.width) + "x" +
                           std::to_string(map.height) + " map");
  }
  if (map.wall[map.cell(x, y)]) {
    return parse_error(reader.line().number, 0, std::string(what) + " is on a wall");
  }
  return map.cell(x, y);
}

Parsed<bool> read_switches(Reader& reader, Map& map) {
  auto count = reader.numbers(1, "the switch count", 0, kMaxSwitches);
  if (!count) return count.error();
  for (int i = 0; i < count.value()[0]; ++i) {
    const std::string what = "switch " + std::to_string(i + 1) + " (x y fieldX fieldY state)";
    auto values = reader.numbers(5, what.c_str(), -1000000, 1000000);
    if (!values) return values.error();
    const std::vector<int>& v = values.value();
    const int number = reader.line().number;
    for (int k = 0; k < 4; k += 2) {
      if (v[k] < 0 || v[k] >= map.width || v[k + 1] < 0 || v[k + 1] >= map.height) {
        return parse_error(number, 0,
                           "switch " + std::to_string(i + 1) + ": its " +
                               (k == 0 ? "switch" : "field") + " (" + std::to_string(v[k]) + "," +
                               std::to_string(v[k + 1]) + ") is outside the map");
      }
      if (map.wall[map.cell(v[k], v[k + 1])]) {
        return parse_error(number, 0,
                           "switch " + std::to_string(i + 1) + ": its " +
                               (k == 0 ? "switch" : "field") + " is on a wall");
      }
    }
    if (v[4] != 0 && v[4] != 1) {
      return parse_error(
          number, 0, "switch " + std::to_string(i + 1) + ": the state must be 0 (off) or 1 (on)");
    }
    map.switches.push_back({v[0], v[1], v[2], v[3], v[4] == 1});
  }
  if (!reader.at_end()) {
    return parse_error(reader.next_number(), 0,
                       "expected the end after " + std::to_string(count.value()[0]) +
                           " switches, found more lines");
  }
  return true;
}

// The referee builds switches in input order and each one overwrites the
// cell's switch at both its cells: a cell remembers the last one only.
void resolve_cells(Map& map) {
  std::vector<int> last(map.cell_count(), -1);
  std::vector<int8_t> toggles(static_cast<size_t>(map.cell_count()), -1);
  std::vector<int8_t> field(static_cast<size_t>(map.cell_count()), -1);
  for (size_t i = 0; i < map.switches.size(); ++i) {
    const SwitchSpec& s = map.switches[i];
    last[map.cell(s.switch_x, s.switch_y)] = static_cast<int>(i);
    last[map.cell(s.field_x, s.field_y)] = static_cast<int>(i);
    if (s.initially_on) map.fields_on |= uint64_t{1} << i;
  }
  for (int cell = 0; cell < map.cell_count(); ++cell) {
    const int i = last[cell];
    if (i < 0) continue;
    const SwitchSpec& s = map.switches[i];
    if (map.cell(s.switch_x, s.switch_y) == cell) toggles[cell] = static_cast<int8_t>(i);
    if (map.cell(s.field_x, s.field_y) == cell) field[cell] = static_cast<int8_t>(i);
  }
  map.toggles = CellTable<int8_t>(std::move(toggles));
  map.field = CellTable<int8_t>(std::move(field));
}

}  // namespace

Parsed<Map> parse_map(std::string_view text) {
  std::string joined(text);
  std::replace(joined.begin(), joined.end(), '|', '\n');
  Reader reader(joined);
  Map map;
  auto size = reader.numbers(2, "the size (width height)", kMinSize, kMaxSize);
  if (!size) return size.error();
  map.width = size.value()[0];
  map.height = size.value()[1];
  map.stride = map.width + 2;
  if (auto rows = read_rows(reader, map); !rows) return rows.error();
  auto start = read_cell(reader, map, "the start (x y)");
  if (!start) return start.error();
  if (map.has_ball(start.value())) {
    return parse_error(reader.line().number, 0, "the start is on a garbage ball");
  }
  map.bender = start.value();
  auto target = read_cell(reader, map, "the target (x y)");
  if (!target) return target.error();
  map.target = target.value();
  if (auto switches = read_switches(reader, map); !switches) return switches.error();
  resolve_cells(map);
  return map;
}

std::string format_map(const Map& map) {
  std::string out = std::to_string(map.width) + " " + std::to_string(map.height) + "\n";
  for (int y = 0; y < map.height; ++y) {
    for (int x = 0; x < map.width; ++x) {
      const int cell = map.cell(x, y);
      out += map.wall[cell] ? '#' : map.has_ball(cell) ? '+' : '.';
    }
    out += '\n';
  }
  auto xy = [&](int cell) {
    return std::to_string(map.x_of(cell)) + " " + std::to_string(map.y_of(cell)) + "\n";
  };
  out += xy(map.bender) + xy(map.target) + std::to_string(map.switches.size()) + "\n";
  for (size_t i = 0; i < map.switches.size(); ++i) {
    const SwitchSpec& s = map.switches[i];
    out += std::to_string(s.switch_x) + " " + std::to_string(s.switch_y) + " " +
           std::to_string(s.field_x) + " " + std::to_string(s.field_y) + " " +
           ((map.fields_on >> i) & 1 ? "1" : "0") + "\n";
  }
  return out;
}

}  // namespace puzzlelab::bender
