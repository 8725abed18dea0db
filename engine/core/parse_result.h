// Parse results: a value, or an error that names the line and column and says
// what was expected. Every puzzle's parser returns one of these.
#pragma once

#include <string>
#include <utility>
#include <variant>

namespace puzzlelab {

struct ParseError {
  int line = 0;    // 1-based; 0 when the error is about the whole text
  int column = 0;  // 1-based; 0 when the error is about the whole line
  std::string message;

  // "line 3, column 5: expected ..." (or just the message when no position).
  std::string describe() const;
};

// Either a parsed T or a ParseError (a small std::expected for C++20).
template <class T>
class Parsed {
 public:
  Parsed(T value) : state_(std::move(value)) {}
  Parsed(ParseError error) : state_(std::move(error)) {}

  bool ok() const { return state_.index() == 0; }
  explicit operator bool() const { return ok(); }

  T& value() & { return std::get<0>(state_); }
  const T& value() const& { return std::get<0>(state_); }
  T&& value() && { return std::get<0>(std::move(state_)); }
  const ParseError& error() const { return std::get<1>(state_); }

 private:
  std::variant<T, ParseError> state_;
};

inline ParseError parse_error(int line, int column, std::string message) {
  return ParseError{line, column, std::move(message)};
}

}  // namespace puzzlelab
