// The one bounded reader for text that becomes a board: every parser and
// editor that holds a board's lines (or pads them to a width) measures the
// text first, in 64-bit counts and without storing anything, and refuses a
// text larger than its puzzle can be before a byte is allocated for it. A
// stored edit, a link, a paste and a file all come through here, so a
// hostile text costs its own size to read and no more.
//
// Also the one helper for quoting input in a message: control characters
// (a NUL, an escape, a bell) are written as \xNN, so an error never carries
// them to a terminal, a JSON string or the page.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/parse_result.h"
#include "core/text.h"

namespace puzzlelab::text {

// How large a board's text may be: its content lines (text::Lines) and the
// longest of them, in characters. A reader refuses anything larger.
struct BoardBounds {
  int64_t max_lines = INT64_MAX;
  int64_t max_width = INT64_MAX;
};

// A text's content lines and its longest line, counted in one pass that
// stores nothing (the count stops once both limits are passed).
struct TextExtent {
  int64_t lines = 0;
  int64_t width = 0;
};
TextExtent measure(const Lines& lines, const BoardBounds& bounds = {});

// The first error a text larger than `bounds` gets ("the board has more
// than 18 lines"), or nullopt when it fits. `what` names the
// text: "board", "the yard inside the border".
std::optional<ParseError> check_extent(const Lines& lines, const BoardBounds& bounds,
                                       std::string_view what = "board");

// The content lines of a text within `bounds`, stored only once measured.
Parsed<std::vector<Line>> read_lines(std::string_view text, const BoardBounds& bounds,
                                     std::string_view what = "board");

// `text` with every control character (below 0x20 but tab, and 0x7f) as
// \xNN: the form every message that quotes input uses.
std::string printable(std::string_view text);
// A character as a message quotes it: 'x', or '\x00' for a NUL.
std::string quoted(char ch);

}  // namespace puzzlelab::text
