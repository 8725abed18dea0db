// The example boards of a puzzle, from its bundled collection
// (assets/puzzles/<id>.txt, engine/core/collection.h), so tests that hold for
// every puzzle need no per-puzzle list: a new puzzle brings its own examples.
#pragma once

#include <fstream>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include "core/collection.h"
#include "support/sanitizer.h"

namespace puzzlelab::testing {

// The boards of `<assets_dir>/puzzles/<id>.txt`; empty when there is no
// such file or it does not parse (the caller says which).
inline std::vector<std::string> puzzle_examples(const std::string& assets_dir,
                                                std::string_view puzzle_id) {
  std::ifstream file(assets_dir + "/puzzles/" + std::string(puzzle_id) + ".txt", std::ios::binary);
  if (!file) return {};
  std::stringstream contents;
  contents << file.rdbuf();
  auto entries = parse_collection(contents.str());
  if (!entries) return {};
  std::vector<std::string> boards;
  for (const CollectionEntry& entry : entries.value()) boards.push_back(entry.board);
  return boards;
}

// Whether a test that walks a bundled collection checks `entry`: every one
// in Release and wasm; under AddressSanitizer all but a ladder's rungs
// (Rush Hour's "6x6 ladder: N moves", one board of each count from 1 to 51,
// all alike), of which every fifth: 1, 6, ..., 51 moves, the ends included.
inline bool walked(const CollectionEntry& entry) {
  if (entry.title.find(" ladder: ") == std::string::npos) return true;
  const auto cost = entry.property("cost");
  return !cost || sampled(static_cast<size_t>(std::stoi(*cost) - 1));
}

}  // namespace puzzlelab::testing
