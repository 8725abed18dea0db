// Small text helpers for parsers: lines and words that remember where they
// were, so errors can name the line and column.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace puzzlelab::text {

struct Line {
  std::string_view text;  // without the line break and trailing spaces
  int number = 0;         // 1-based
};

struct Token {
  std::string_view text;
  int column = 0;  // 1-based
};

// The lines of `text` from the first non-blank one to the last, each without
// '\r' and trailing whitespace (blank lines in between are kept, empty).
std::vector<Line> content_lines(std::string_view text);

// Whitespace-separated words of one line.
std::vector<Token> split_words(std::string_view line);

// `text` without leading and trailing whitespace.
std::string_view trim(std::string_view text);

}  // namespace puzzlelab::text
