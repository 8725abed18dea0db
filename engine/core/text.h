// Small text helpers for parsers: lines and words that remember where they
// were, so errors can name the line and column, and short excerpts of the
// text for error messages.
//
// Memory: nothing here stores a line or a word the caller did not ask for.
// Lines are read one at a time (a text of any size is walked in constant
// memory) and split_words stops at the number of words the caller expects,
// so a parser holds only what its puzzle can use: every parser keeps to
// the memory rule (at most 16 bytes held per byte of input, plus 64 KiB;
// tests/engine/input_limits_test.cpp).
#pragma once

#include <cstddef>
#include <cstdint>
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

// The lines of a text from its first non-blank one to its last, each
// without '\r' and trailing whitespace (blank lines in between are kept,
// empty), read one at a time as the loop goes.
class Lines {
 public:
  class iterator {
   public:
    using value_type = Line;
    using difference_type = std::ptrdiff_t;
    iterator() = default;
    Line operator*() const { return line_; }  // a copy: the iterator may be a temporary
    const Line* operator->() const { return &line_; }
    iterator& operator++();
    iterator operator++(int) {
      iterator before = *this;
      ++*this;
      return before;
    }
    bool operator==(const iterator& other) const { return next_ == other.next_; }

   private:
    friend class Lines;
    iterator(std::string_view text, size_t at, int number);
    std::string_view text_;
    size_t next_ = std::string_view::npos;  // where the line after this one starts
    Line line_;
  };

  explicit Lines(std::string_view text);
  iterator begin() const { return iterator(text_, start_, first_number_); }
  iterator end() const { return iterator(); }
  bool empty() const { return text_.size() <= start_; }
  // How many lines there are, counting no further than `limit` (a parser
  // that takes at most N lines asks for N + 1 to know there are too many).
  size_t count(size_t limit = SIZE_MAX) const;
  // The first `limit` lines (all of them if fewer), stored.
  std::vector<Line> first(size_t limit) const;
  // The number a line after the last would have (for "expected more" errors).
  int number_after() const;

 private:
  std::string_view text_;  // up to the end of the last non-blank line
  size_t start_ = 0;       // where the first non-blank line starts
  int first_number_ = 1;
};

inline Lines content_lines(std::string_view text) {
  return Lines(text);
}

// The lines that hold a puzzle or part of one: not blank, not a '#'
// comment (batch files, Sudoku grids), read one at a time.
class PuzzleLines {
 public:
  class iterator {
   public:
    using value_type = Line;
    using difference_type = std::ptrdiff_t;
    explicit iterator(Lines::iterator at = {}) : at_(at) { skip(); }
    Line operator*() const { return *at_; }
    iterator& operator++() {
      ++at_;
      skip();
      return *this;
    }
    bool operator==(const iterator& other) const { return at_ == other.at_; }

   private:
    void skip() {
      while (at_ != Lines::iterator() && (at_->text.empty() || at_->text[0] == '#')) ++at_;
    }
    Lines::iterator at_;
  };

  explicit PuzzleLines(std::string_view text) : lines_(text) {}
  iterator begin() const { return iterator(lines_.begin()); }
  iterator end() const { return iterator(); }
  bool empty() const { return begin() == end(); }
  // The first `limit` lines (all of them if fewer), stored.
  std::vector<Line> first(size_t limit) const {
    std::vector<Line> lines;
    for (auto it = begin(); it != end() && lines.size() < limit; ++it) lines.push_back(*it);
    return lines;
  }

 private:
  Lines lines_;
};

// The first `at_most` whitespace-separated words of one line (a caller that
// expects N words asks for N + 1 to see whether there are more).
std::vector<Token> split_words(std::string_view line, size_t at_most);

// `text` without leading and trailing whitespace.
std::string_view trim(std::string_view text);

// A piece of the text for an error message: `text` itself when short, else
// its start and "... (N characters)", so an error never repeats a huge input.
std::string excerpt(std::string_view text, size_t at_most = 40);

// A count and its unit as a sentence says it: "1 move", "60 moves",
// "1 query", "1 energy" (a unit that is not a plural in s stays as it is).
std::string amount(int64_t count, std::string_view unit);

// A camelCase key as words for a person: "shortestWalkProven" is
// "shortest walk proven" (a result's extras in the stats panel).
std::string key_words(std::string_view key);

}  // namespace puzzlelab::text
