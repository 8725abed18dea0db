#include "core/bounded_text.h"

#include <algorithm>
#include <cstdio>

namespace puzzlelab::text {

TextExtent measure(const Lines& lines, const BoardBounds& bounds) {
  TextExtent extent;
  for (const Line& line : lines) {
    ++extent.lines;
    extent.width = std::max(extent.width, static_cast<int64_t>(line.text.size()));
    if (extent.lines > bounds.max_lines) break;  // too many already: no need to read on
  }
  return extent;
}

std::optional<ParseError> check_extent(const Lines& lines, const BoardBounds& bounds,
                                       std::string_view what) {
  const TextExtent extent = measure(lines, bounds);
  const int first = lines.empty() ? 0 : lines.begin()->number;
  if (extent.lines > bounds.max_lines) {
    return parse_error(first, 0,
                       "the " + std::string(what) + " has more than " +
                           text::amount(bounds.max_lines, "lines") + "; expected at most " +
                           std::to_string(bounds.max_lines));
  }
  if (extent.width > bounds.max_width) {
    return parse_error(first, 0,
                       "the " + std::string(what) + " has a line of " +
                           std::to_string(extent.width) + " characters; expected at most " +
                           std::to_string(bounds.max_width));
  }
  return std::nullopt;
}

Parsed<std::vector<Line>> read_lines(std::string_view text, const BoardBounds& bounds,
                                     std::string_view what) {
  const Lines lines(text);
  if (auto too_large = check_extent(lines, bounds, what)) return *too_large;
  return lines.first(static_cast<size_t>(bounds.max_lines));
}

std::string printable(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (const char ch : text) {
    const auto byte = static_cast<unsigned char>(ch);
    if ((byte < 0x20 && ch != '\t') || byte == 0x7f) {
      char escaped[5];
      std::snprintf(escaped, sizeof escaped, "\\x%02x", byte);
      out += escaped;
    } else {
      out += ch;
    }
  }
  return out;
}

std::string quoted(char ch) {
  return "'" + printable(std::string_view(&ch, 1)) + "'";
}

}  // namespace puzzlelab::text
