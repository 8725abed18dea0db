// Bundled puzzle collections (assets/puzzles/<puzzle id>.txt):
//
//   Free text before the first entry describes the file.
//   = Hardest known 6x6             <- "= " and a title start each entry
//   cost: 60                        <- optional "key: value" lines
//   IBBxooIooLDDJAALooJoKEEMFFKooMGGHHHM   <- the board, one or more lines
//
// Board lines run to the next title (blank lines around them dropped), so
// multi-line boards (even ones whose rows start with '#') fit as well as
// one-line ones.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/parse_result.h"

namespace puzzlelab {

struct CollectionEntry {
  std::string title;
  std::string board;
  std::vector<std::pair<std::string, std::string>> properties;  // in file order
  int line = 0;  // where the entry's title is, for error messages

  // A property's value, or nullopt.
  std::optional<std::string> property(std::string_view key) const;
};

Parsed<std::vector<CollectionEntry>> parse_collection(std::string_view text);

}  // namespace puzzlelab
