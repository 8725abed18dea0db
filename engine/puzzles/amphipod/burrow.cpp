#include "puzzles/amphipod/burrow.h"

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <optional>

#include "core/bounded_text.h"
#include "core/text.h"

namespace puzzlelab::amphipod {

int64_t step_energy(int kind) {
  int64_t energy = 1;
  for (int k = 0; k < kind; ++k) energy *= 10;
  return energy;
}

// ---------------------------------------------------------------------------
// Burrow

Place Burrow::place_of(int cell) const {
  if (cell < hall_size()) return Place{false, 0, 0, cell};
  const int index = cell - hall_size();
  return Place{true, index / depth, index % depth, 0};
}

bool Burrow::room_is_clean(int r) const {
  for (int d = 0; d < depth; ++d) {
    if (room[r][d] != kEmpty && room[r][d] != r) return false;
  }
  return true;
}

bool Burrow::is_solved() const {
  for (int h = 0; h < hall_size(); ++h) {
    if (hall[h] != kEmpty) return false;
  }
  for (int r = 0; r < rooms; ++r) {
    if (!room_is_clean(r)) return false;
  }
  return true;
}

int Burrow::top(int r) const {
  int d = 0;
  while (d < depth && room[r][d] == kEmpty) ++d;
  return d;
}

std::array<int, kMaxRooms> Burrow::counts() const {
  std::array<int, kMaxRooms> counts{};
  for (int h = 0; h < hall_size(); ++h) {
    if (hall[h] != kEmpty) ++counts[hall[h]];
  }
  for (int r = 0; r < rooms; ++r) {
    for (int d = 0; d < depth; ++d) {
      if (room[r][d] != kEmpty) ++counts[room[r][d]];
    }
  }
  return counts;
}

bool Burrow::operator==(const Burrow& other) const {
  if (rooms != other.rooms || depth != other.depth) return false;
  for (int h = 0; h < hall_size(); ++h) {
    if (hall[h] != other.hall[h]) return false;
  }
  for (int r = 0; r < rooms; ++r) {
    for (int d = 0; d < depth; ++d) {
      if (room[r][d] != other.room[r][d]) return false;
    }
  }
  return true;
}

// ---------------------------------------------------------------------------
// Parsing

namespace {

// Where each cell's character was, for error messages.
struct CellSource {
  int line = 0;
  int column = 0;
};

struct SourceMap {
  std::array<CellSource, kMaxHall> hall{};
  std::array<std::array<CellSource, kMaxDepth>, kMaxRooms> room{};
};

std::string letters_range(int rooms) {
  return std::string("A-") + kind_letter(rooms - 1);
}

std::string cell_expectation(int rooms) {
  return "expected '.' (empty) or an amphipod " + letters_range(rooms);
}

// Reads one cell character into `cell`; an error names what was expected.
std::optional<ParseError> read_cell(char ch, int rooms, int line, int column, int8_t& cell) {
  if (ch == '.') {
    cell = kEmpty;
    return std::nullopt;
  }
  if (ch >= 'A' && ch <= 'Z') {
    if (ch - 'A' >= rooms) {
      return parse_error(line, column,
                         "amphipod " + text::quoted(ch) + " has no room in a burrow of " +
                             std::to_string(rooms) + " rooms (" + letters_range(rooms) + ")");
    }
    cell = static_cast<int8_t>(ch - 'A');
    return std::nullopt;
  }
  return parse_error(line, column,
                     "unexpected " + text::quoted(ch) + ": " + cell_expectation(rooms));
}

std::string room_cell_name(int room, int depth) {
  return std::string(1, kind_letter(room)) + std::to_string(depth + 1);
}

// Rules every parsed burrow keeps: nobody waits at a door, rooms fill from
// the bottom, and no kind has more amphipods than its room holds.
std::optional<ParseError> validate(const Burrow& b, const SourceMap& where) {
  for (int h = 0; h < b.hall_size(); ++h) {
    if (b.hall[h] != kEmpty && b.is_door(h)) {
      return parse_error(where.hall[h].line, where.hall[h].column,
                         std::string("an amphipod never stops on hallway cell ") +
                             std::to_string(h) + ", right outside room " +
                             kind_letter((h - 2) / 2));
    }
  }
  for (int r = 0; r < b.rooms; ++r) {
    for (int d = 0; d + 1 < b.depth; ++d) {
      if (b.room[r][d] != kEmpty && b.room[r][d + 1] == kEmpty) {
        return parse_error(where.room[r][d].line, where.room[r][d].column,
                           std::string("the ") + kind_letter(b.room[r][d]) + " at " +
                               room_cell_name(r, d) + " stands above an empty cell (" +
                               room_cell_name(r, d + 1) + "): rooms fill from the bottom");
      }
    }
  }
  std::array<int, kMaxRooms> seen{};
  auto check_count = [&](int8_t kind, const CellSource& source) -> std::optional<ParseError> {
    if (kind == kEmpty || ++seen[kind] <= b.depth) return std::nullopt;
    const std::array<int, kMaxRooms> counts = b.counts();
    return parse_error(source.line, source.column,
                       "too many " + std::string(1, kind_letter(kind)) + ": " +
                           std::to_string(counts[kind]) + " of them, but room " +
                           kind_letter(kind) + " holds " + std::to_string(b.depth));
  };
  for (int h = 0; h < b.hall_size(); ++h) {
    if (auto error = check_count(b.hall[h], where.hall[h])) return error;
  }
  for (int d = 0; d < b.depth; ++d) {
    for (int r = 0; r < b.rooms; ++r) {
      if (auto error = check_count(b.room[r][d], where.room[r][d])) return error;
    }
  }
  return std::nullopt;
}

char char_at(std::string_view line, int column) {
  return column < static_cast<int>(line.size()) ? line[column] : '\0';
}

std::string shown(char ch) {
  return ch == '\0' ? std::string("the end of the line") : text::quoted(ch);
}

bool is_indent(char ch) {
  return ch == '\0' || !(std::isalnum(static_cast<unsigned char>(ch)) || ch == '.');
}

// The top wall "#############" fixes the number of rooms.
Parsed<int> read_top_wall(const text::Line& line, int indent) {
  const std::string_view wall = line.text.substr(indent);
  for (size_t c = 0; c < wall.size(); ++c) {
    if (wall[c] != '#') {
      return parse_error(line.number, indent + static_cast<int>(c) + 1,
                         "unexpected " + shown(wall[c]) + ": the top wall is a line of '#'");
    }
  }
  const int width = static_cast<int>(wall.size());
  const int rooms = (width - 5) / 2;
  if (width % 2 == 0 || rooms < kMinRooms || rooms > kMaxRooms) {
    return parse_error(line.number, 0,
                       "the top wall is " + std::to_string(width) +
                           " '#' wide; a burrow of R rooms (2 to 8) has 2R+5 (9 to 21)");
  }
  return rooms;
}

std::optional<ParseError> read_hallway(const text::Line& line, int indent, Burrow& b,
                                       SourceMap& where) {
  const int width = 2 * b.rooms + 5;
  for (int c = 0; c < width; ++c) {
    const char ch = char_at(line.text, indent + c);
    const int column = indent + c + 1;
    if (c == 0 || c == width - 1) {
      if (ch != '#') {
        return parse_error(line.number, column,
                           "expected the hallway's wall '#', got " + shown(ch) +
                               " (the hallway is as wide as the top wall)");
      }
      continue;
    }
    if (ch == '\0') {
      return parse_error(line.number, column,
                         "the hallway ends early: " + cell_expectation(b.rooms));
    }
    if (auto error = read_cell(ch, b.rooms, line.number, column, b.hall[c - 1])) return error;
    where.hall[c - 1] = {line.number, column};
  }
  if (static_cast<int>(line.text.size()) > indent + width) {
    return parse_error(line.number, indent + width + 1,
                       "unexpected text after the hallway's right wall");
  }
  return std::nullopt;
}

// A room line ("###B#C#B#D###" or "  #A#D#C#A#") at depth `d`.
std::optional<ParseError> read_room_line(const text::Line& line, int indent, int d, Burrow& b,
                                         SourceMap& where) {
  const int width = 2 * b.rooms + 5;
  for (int c = 0; c < width; ++c) {
    const char ch = char_at(line.text, indent + c);
    const int column = indent + c + 1;
    const bool outside = c < 2 || c > 2 * b.rooms + 2;
    if (outside) {
      if (!is_indent(ch)) {
        return parse_error(line.number, column,
                           "unexpected " + shown(ch) +
                               " outside the rooms: rooms do not line up with the hallway");
      }
    } else if (c % 2 == 0) {
      if (ch != '#') {
        return parse_error(line.number, column,
                           "expected a wall '#' between rooms, got " + shown(ch) +
                               ": rooms do not line up (room k sits under hallway cell 2+2k)");
      }
    } else {
      const int r = (c - 3) / 2;
      if (ch == '\0' || ch == '#' || ch == ' ') {
        return parse_error(line.number, column,
                           std::string("expected room ") + kind_letter(r) + "'s cell, got " +
                               shown(ch) + ": rooms do not line up; " + cell_expectation(b.rooms));
      }
      if (auto error = read_cell(ch, b.rooms, line.number, column, b.room[r][d])) return error;
      where.room[r][d] = {line.number, column};
    }
  }
  if (static_cast<int>(line.text.size()) > indent + width) {
    return parse_error(line.number, indent + width + 1, "unexpected text after the burrow");
  }
  return std::nullopt;
}

// Only '#' and indentation: no room cells on it.
bool is_bottom_wall(const text::Line& line) {
  const std::string_view wall = text::trim(line.text);
  return !wall.empty() && wall.find_first_not_of('#') == std::string_view::npos;
}

std::optional<ParseError> read_bottom_wall(const text::Line& line, int indent, int rooms) {
  for (int c = 2; c <= 2 * rooms + 2; ++c) {
    const char ch = char_at(line.text, indent + c);
    if (ch != '#') {
      return parse_error(line.number, indent + c + 1,
                         "expected the bottom wall '#', got " + shown(ch));
    }
  }
  for (size_t c = 0; c < line.text.size(); ++c) {
    const int col = static_cast<int>(c) - indent;
    if ((col < 2 || col > 2 * rooms + 2) && !is_indent(line.text[c])) {
      return parse_error(line.number, static_cast<int>(c) + 1,
                         "unexpected " + shown(line.text[c]) + " beside the bottom wall");
    }
  }
  return std::nullopt;
}

Parsed<Burrow> parse_diagram(const std::vector<text::Line>& lines) {
  const text::Line& top = lines[0];
  const int indent = static_cast<int>(top.text.find_first_not_of(' '));
  auto rooms = read_top_wall(top, indent);
  if (!rooms) return rooms.error();
  Burrow b;
  SourceMap where;
  b.rooms = rooms.value();
  if (lines.size() < 2) {
    return parse_error(top.number + 1, 0, "expected the hallway line under the top wall");
  }
  if (auto error = read_hallway(lines[1], indent, b, where)) return *error;
  size_t i = 2;
  int d = 0;
  for (; i < lines.size() && !is_bottom_wall(lines[i]); ++i, ++d) {
    if (d == kMaxDepth) {
      return parse_error(
          lines[i].number, 0,
          "too many room lines: rooms are at most " + std::to_string(kMaxDepth) + " deep");
    }
    if (auto error = read_room_line(lines[i], indent, d, b, where)) return *error;
  }
  if (d == 0) {
    const int number = i < lines.size() ? lines[i].number : lines.back().number + 1;
    return parse_error(number, 0, "expected a room line like ###B#C#B#D### under the hallway");
  }
  if (i == lines.size()) {
    return parse_error(lines.back().number + 1, 0, "expected the bottom wall under the rooms");
  }
  if (auto error = read_bottom_wall(lines[i], indent, b.rooms)) return *error;
  if (i + 1 < lines.size()) {
    return parse_error(lines[i + 1].number, 0, "unexpected text after the bottom wall");
  }
  b.depth = d;
  if (auto error = validate(b, where)) return *error;
  return b;
}

bool is_number(std::string_view token) {
  return !token.empty() &&
         std::all_of(token.begin(), token.end(), [](char c) { return c >= '0' && c <= '9'; });
}

// "BCBD/ADCA", "...B......./.CBD/ADCA", optionally after a stated energy.
Parsed<Burrow> parse_one_line(const text::Line& line) {
  const std::vector<text::Token> words = text::split_words(line.text, 3);
  size_t index = 0;
  if (words.size() == 2 && is_number(words[0].text)) index = 1;
  if (words.size() != index + 1) {
    return parse_error(line.number, 0,
                       "expected a burrow diagram, or one line like BCBD/ADCA (room lines top "
                       "to bottom, '/' between them)");
  }
  const text::Token& word = words[index];
  std::vector<std::pair<std::string_view, int>> parts;  // text, 1-based column
  size_t start = 0;
  // The hallway, the rooms' lines and one more, to say there are too many.
  while (parts.size() < kMaxDepth + 2) {
    const size_t slash = word.text.find('/', start);
    const size_t end = slash == std::string_view::npos ? word.text.size() : slash;
    parts.push_back({word.text.substr(start, end - start), word.column + static_cast<int>(start)});
    if (slash == std::string_view::npos) break;
    start = slash + 1;
  }
  const bool has_hall = parts.size() >= 2 && parts[0].first.size() == 2 * parts[1].first.size() + 3;
  const size_t first_room = has_hall ? 1 : 0;
  const int rooms = static_cast<int>(parts[first_room].first.size());
  if (rooms < kMinRooms || rooms > kMaxRooms) {
    return parse_error(line.number, parts[first_room].second,
                       "a room line has one letter per room, 2 to 8; got " + std::to_string(rooms) +
                           " (like BCBD/ADCA)");
  }
  Burrow b;
  SourceMap where;
  b.rooms = rooms;
  b.depth = static_cast<int>(parts.size() - first_room);
  if (b.depth > kMaxDepth) {
    return parse_error(
        line.number, 0,
        "too many room lines: rooms are at most " + std::to_string(kMaxDepth) + " deep");
  }
  if (has_hall) {
    for (int h = 0; h < b.hall_size(); ++h) {
      const int column = parts[0].second + h;
      if (auto error = read_cell(parts[0].first[h], rooms, line.number, column, b.hall[h])) {
        return *error;
      }
      where.hall[h] = {line.number, column};
    }
  }
  for (int d = 0; d < b.depth; ++d) {
    const auto& [cells, column] = parts[first_room + d];
    if (static_cast<int>(cells.size()) != rooms) {
      return parse_error(line.number, column,
                         "this room line has " + std::to_string(cells.size()) +
                             " cells; the first has " + std::to_string(rooms) +
                             ": rooms do not line up");
    }
    for (int r = 0; r < rooms; ++r) {
      if (auto error = read_cell(cells[r], rooms, line.number, column + r, b.room[r][d])) {
        return *error;
      }
      where.room[r][d] = {line.number, column + r};
    }
  }
  if (auto error = validate(b, where)) return *error;
  return b;
}

}  // namespace

Parsed<Burrow> parse_burrow(std::string_view text) {
  // A diagram has at most kMaxDepth + 3 lines: one more is enough to say
  // what is wrong, however long the text.
  const std::vector<text::Line> lines = text::content_lines(text).first(kMaxDepth + 4);
  if (lines.empty()) {
    return parse_error(0, 0,
                       "empty burrow: expected the puzzle's diagram or a line like BCBD/ADCA");
  }
  const std::string_view first = text::trim(lines[0].text);
  if (lines.size() == 1 && !first.empty() && first[0] != '#') return parse_one_line(lines[0]);
  return parse_diagram(lines);
}

std::string format_burrow(const Burrow& b) {
  auto cell = [](int8_t kind) { return kind == kEmpty ? '.' : kind_letter(kind); };
  std::string out(2 * b.rooms + 5, '#');
  out += "\n#";
  for (int h = 0; h < b.hall_size(); ++h) out += cell(b.hall[h]);
  out += "#\n";
  for (int d = 0; d < b.depth; ++d) {
    out += d == 0 ? "###" : "  #";
    for (int r = 0; r < b.rooms; ++r) {
      out += cell(b.room[r][d]);
      out += '#';
    }
    out += d == 0 ? "##\n" : "\n";
  }
  out += "  " + std::string(2 * b.rooms + 1, '#') + "\n";
  return out;
}

std::string format_one_line(const Burrow& b) {
  auto cell = [](int8_t kind) { return kind == kEmpty ? '.' : kind_letter(kind); };
  std::string out;
  if (std::any_of(b.hall.begin(), b.hall.begin() + b.hall_size(),
                  [](int8_t k) { return k != kEmpty; })) {
    for (int h = 0; h < b.hall_size(); ++h) out += cell(b.hall[h]);
    out += '/';
  }
  for (int d = 0; d < b.depth; ++d) {
    if (d > 0) out += '/';
    for (int r = 0; r < b.rooms; ++r) out += cell(b.room[r][d]);
  }
  return out;
}

Parsed<Burrow> unfold(const Burrow& burrow) {
  if (burrow.rooms != 4) {
    return parse_error(0, 0,
                       "unfold inserts part 2's lines #D#C#B#A# and #D#B#A#C#: it needs 4 rooms, "
                       "this burrow has " +
                           std::to_string(burrow.rooms));
  }
  if (burrow.depth + 2 > kMaxDepth) {
    return parse_error(0, 0,
                       "unfolding would make the rooms deeper than " + std::to_string(kMaxDepth));
  }
  static constexpr int8_t kInserted[2][4] = {{3, 2, 1, 0}, {3, 1, 0, 2}};  // DCBA, DBAC
  Burrow out = burrow;
  out.depth = burrow.depth + 2;
  for (int r = 0; r < 4; ++r) {
    for (int d = 0; d < out.depth; ++d) {
      out.room[r][d] = d == 0   ? burrow.room[r][0]
                       : d <= 2 ? kInserted[d - 1][r]
                                : burrow.room[r][d - 2];
    }
  }
  if (auto error = validate(out, SourceMap{})) return *error;
  return out;
}

Parsed<std::string> unfold_text(std::string_view text) {
  auto burrow = parse_burrow(text);
  if (!burrow) return burrow.error();
  auto unfolded = unfold(burrow.value());
  if (!unfolded) return unfolded.error();
  return format_burrow(unfolded.value());
}

// ---------------------------------------------------------------------------
// Moves

std::string format_place(const Place& p) {
  return p.in_room ? room_cell_name(p.room, p.depth) : "h" + std::to_string(p.hall);
}

std::string format_step(const Step& step) {
  return format_place(step.from) + "-" + format_place(step.to);
}

namespace {

Parsed<Place> parse_place(const Burrow& b, std::string_view text, int column) {
  const std::string expected = "expected a hallway cell h0-h" + std::to_string(b.hall_size() - 1) +
                               " or a room cell like " + kind_letter(b.rooms - 1) +
                               "1 (room letter, depth from the top)";
  if (text.size() < 2 || text.size() > 3 || !is_number(text.substr(1))) {
    return parse_error(1, column, expected);
  }
  const int n = std::atoi(std::string(text.substr(1)).c_str());
  // Lower-case h only: with eight rooms, H is the last room's letter.
  if (text[0] == 'h') {
    if (n >= b.hall_size()) return parse_error(1, column, expected);
    return Place{false, 0, 0, n};
  }
  const int r = text[0] - 'A';
  if (r < 0 || r >= b.rooms || n < 1 || n > b.depth) return parse_error(1, column, expected);
  return Place{true, r, n - 1, 0};
}

}  // namespace

Parsed<Step> parse_step(const Burrow& b, std::string_view text) {
  text = text::trim(text);
  const size_t dash = text.find('-');
  if (dash == std::string_view::npos) {
    return parse_error(1, 0, "expected a move FROM-TO like C1-h9");
  }
  auto from = parse_place(b, text.substr(0, dash), 1);
  if (!from) return from.error();
  auto to = parse_place(b, text.substr(dash + 1), static_cast<int>(dash) + 2);
  if (!to) return to.error();
  return Step{from.value(), to.value()};
}

std::vector<Place> route(const Place& from, const Place& to) {
  std::vector<Place> cells;
  const int start = from.in_room ? Burrow::door(from.room) : from.hall;
  const int end = to.in_room ? Burrow::door(to.room) : to.hall;
  if (from.in_room) {  // up and out through the door
    for (int d = from.depth - 1; d >= 0; --d) cells.push_back({true, from.room, d, 0});
    cells.push_back({false, 0, 0, start});
  }
  const int dir = end > start ? 1 : -1;
  for (int h = start + dir; start != end && h != end; h += dir) cells.push_back({false, 0, 0, h});
  if (to.in_room) {  // through the door and down
    if (start != end) cells.push_back({false, 0, 0, end});
    for (int d = 0; d < to.depth; ++d) cells.push_back({true, to.room, d, 0});
  }
  return cells;
}

int step_count(const Place& from, const Place& to) {
  const int start = from.in_room ? Burrow::door(from.room) : from.hall;
  const int end = to.in_room ? Burrow::door(to.room) : to.hall;
  return (from.in_room ? from.depth + 1 : 0) + std::abs(end - start) +
         (to.in_room ? to.depth + 1 : 0);
}

int64_t step_cost(const Burrow& b, const Step& step) {
  const int8_t kind = b.at(step.from);
  return kind == kEmpty ? 0 : step_count(step.from, step.to) * step_energy(kind);
}

namespace {

std::string named(int8_t kind) {
  return std::string(1, kind_letter(kind));
}

// Why the amphipod may not enter room `r` (empty when it may).
std::string check_entry(const Burrow& b, int8_t kind, const Place& to) {
  const int r = to.room;
  if (r != kind) {
    return "the " + named(kind) + " belongs in room " + named(kind) + ", not room " + named(r);
  }
  for (int d = 0; d < b.depth; ++d) {
    const int8_t other = b.room[r][d];
    if (other != kEmpty && other != r)
      return "room " + named(r) + " still holds " + "a " + named(other);
  }
  const int deepest = b.top(r) - 1;
  if (to.depth != deepest) {
    return "amphipods go to the deepest free cell of their room: " +
           format_place({true, r, deepest, 0});
  }
  return {};
}

}  // namespace

std::string check_step(const Burrow& b, const Step& step) {
  const int8_t kind = b.at(step.from);
  if (kind == kEmpty) return "no amphipod at " + format_place(step.from);
  if (step.from == step.to) return "the move goes nowhere";
  const int8_t there = b.at(step.to);
  if (there != kEmpty) return format_place(step.to) + " is taken by a " + named(there);
  if (step.from.in_room && step.from.depth > b.top(step.from.room)) {
    const Place above{true, step.from.room, b.top(step.from.room), 0};
    return "the " + named(kind) + " at " + format_place(step.from) + " is stuck under the " +
           named(b.at(above)) + " at " + format_place(above);
  }
  if (!step.to.in_room) {
    if (!step.from.in_room) {
      return "an amphipod that stopped in the hallway moves again only into its own room";
    }
    if (b.is_door(step.to.hall)) {
      return "no stopping on hallway cell " + std::to_string(step.to.hall) +
             ", right outside room " + named(static_cast<int8_t>((step.to.hall - 2) / 2));
    }
  } else {
    if (step.from.in_room && step.from.room == step.to.room) {
      return "amphipods do not move within a room";
    }
    const std::string why = check_entry(b, kind, step.to);
    if (!why.empty()) return why;
  }
  for (const Place& p : route(step.from, step.to)) {
    if (b.at(p) != kEmpty) {
      return "the way is blocked by the " + named(b.at(p)) + " at " + format_place(p);
    }
  }
  return {};
}

std::vector<Step> legal_steps(const Burrow& b) {
  std::vector<Place> movers;
  for (int h = 0; h < b.hall_size(); ++h) {
    if (b.hall[h] != kEmpty) movers.push_back({false, 0, 0, h});
  }
  for (int r = 0; r < b.rooms; ++r) {
    if (b.top(r) < b.depth) movers.push_back({true, r, b.top(r), 0});
  }
  std::vector<Step> steps;
  for (const Place& from : movers) {
    for (int h = 0; h < b.hall_size(); ++h) {
      const Step step{from, {false, 0, 0, h}};
      if (check_step(b, step).empty()) steps.push_back(step);
    }
    const int home = b.at(from);
    if (b.top(home) > 0) {
      const Step step{from, {true, home, b.top(home) - 1, 0}};
      if (check_step(b, step).empty()) steps.push_back(step);
    }
  }
  return steps;
}

void apply_step(Burrow& b, const Step& step) {
  b.at(step.to) = b.at(step.from);
  b.at(step.from) = kEmpty;
}

}  // namespace puzzlelab::amphipod
