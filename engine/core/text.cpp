#include "core/text.h"

#include "core/bounded_text.h"

#include <algorithm>
#include <climits>

namespace puzzlelab::text {

namespace {

bool is_space(char c) {
  return c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\f' || c == '\v';
}

bool is_blank(std::string_view line) {
  return std::all_of(line.begin(), line.end(), is_space);
}

std::string_view without_trailing_space(std::string_view line) {
  while (!line.empty() && is_space(line.back())) line.remove_suffix(1);
  return line;
}

int next_number(int number) {
  return number < INT_MAX ? number + 1 : number;
}

}  // namespace

std::string_view trim(std::string_view text) {
  while (!text.empty() && is_space(text.front())) text.remove_prefix(1);
  return without_trailing_space(text);
}

Lines::iterator::iterator(std::string_view text, size_t at, int number) : text_(text) {
  if (at >= text.size()) return;  // the end
  size_t end = text.find('\n', at);
  if (end == std::string_view::npos) end = text.size();
  line_ = {without_trailing_space(text.substr(at, end - at)), number};
  next_ = end + 1;  // text.size() + 1 after the last line
}

Lines::iterator& Lines::iterator::operator++() {
  *this = next_ >= text_.size() ? iterator() : iterator(text_, next_, next_number(line_.number));
  return *this;
}

Lines::Lines(std::string_view text) {
  // Blank lines before the first and after the last line that has text are
  // not lines of the puzzle.
  size_t last = text.size();
  while (last > 0 && is_space(text[last - 1])) --last;
  if (last == 0) {
    start_ = text_.size();
    return;
  }
  const size_t end = text.find('\n', last);
  text_ = text.substr(0, end == std::string_view::npos ? text.size() : end);
  for (;;) {
    const size_t newline = text_.find('\n', start_);
    if (newline == std::string_view::npos || !is_blank(text_.substr(start_, newline - start_)))
      break;
    start_ = newline + 1;
    first_number_ = next_number(first_number_);
  }
}

size_t Lines::count(size_t limit) const {
  size_t n = 0;
  for (auto it = begin(); it != end() && n < limit; ++it) ++n;
  return n;
}

std::vector<Line> Lines::first(size_t limit) const {
  std::vector<Line> lines;
  lines.reserve(count(limit));
  for (auto it = begin(); it != end() && lines.size() < limit; ++it) lines.push_back(*it);
  return lines;
}

int Lines::number_after() const {
  const auto breaks =
      std::count(text_.begin() + static_cast<std::ptrdiff_t>(start_), text_.end(), '\n');
  const int64_t after = int64_t{first_number_} + breaks + (empty() ? 0 : 1);
  return after > INT_MAX ? INT_MAX : static_cast<int>(after);
}

std::vector<Token> split_words(std::string_view line, size_t at_most) {
  std::vector<Token> words;
  size_t i = 0;
  while (i < line.size() && words.size() < at_most) {
    while (i < line.size() && is_space(line[i])) ++i;
    const size_t start = i;
    while (i < line.size() && !is_space(line[i])) ++i;
    if (i > start) {
      const int column = start < size_t{INT_MAX} ? static_cast<int>(start) + 1 : INT_MAX;
      words.push_back({line.substr(start, i - start), column});
    }
  }
  return words;
}

std::string amount(int64_t count, std::string_view unit) {
  const std::string number = std::to_string(count) + " ";
  if (count != 1) return number + std::string(unit);
  if (unit.size() > 3 && unit.ends_with("ies"))  // "queries": "1 query"
    return number + std::string(unit.substr(0, unit.size() - 3)) + "y";
  const bool plural_s = unit.size() > 1 && unit.back() == 's' && unit[unit.size() - 2] != 's';
  if (plural_s) unit.remove_suffix(1);
  return number + std::string(unit);
}

std::string key_words(std::string_view key) {
  std::string words;
  for (const char c : key) {
    if (c >= 'A' && c <= 'Z') {
      if (!words.empty()) words += ' ';
      words += static_cast<char>(c - 'A' + 'a');
    } else {
      words += c;
    }
  }
  return words;
}

std::string excerpt(std::string_view text, size_t at_most) {
  if (text.size() <= at_most) return printable(text);
  size_t cut = at_most;
  // Whole UTF-8 characters only: the message may end up in JSON.
  while (cut > 0 && (static_cast<unsigned char>(text[cut]) & 0xC0) == 0x80) --cut;
  return printable(text.substr(0, cut)) + "... (" + std::to_string(text.size()) + " characters)";
}

}  // namespace puzzlelab::text
