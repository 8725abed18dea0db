// The bundled puzzles of each kind, read from assets/puzzles/<id>.txt
// (engine/core/collection.h) the first time a puzzle is picked.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace puzzlelab::shell {

struct BundledPuzzle {
  std::string title;
  std::string board;
  std::optional<int64_t> known_cost;  // the proven optimum, from "cost: 60"
  // The entry's other "key: value" lines ("rating: hard"), shown as they are.
  std::vector<std::pair<std::string, std::string>> details;
};

// A collection property that gives an answer away ("answer", "answers"):
// kept for the tests, shown by the app only after a Solve.
bool is_spoiler(std::string_view key);

class PuzzleLibrary {
 public:
  explicit PuzzleLibrary(std::string assets_dir) : assets_dir_(std::move(assets_dir)) {}

  // The bundled puzzles for one puzzle id (empty when there is no file).
  const std::vector<BundledPuzzle>& bundled(std::string_view puzzle_id);
  // Why the file could not be read, or "" when it was fine or absent.
  const std::string& error(std::string_view puzzle_id);
  // The known optimum of a board, if it is one of the bundled ones.
  std::optional<int64_t> known_cost(std::string_view puzzle_id, std::string_view board);

 private:
  struct Shelf {
    std::vector<BundledPuzzle> puzzles;
    std::string error;
  };
  Shelf& shelf(std::string_view puzzle_id);

  std::string assets_dir_;
  std::map<std::string, Shelf, std::less<>> shelves_;
};

}  // namespace puzzlelab::shell
