#include "midend/puzzle_library.h"

#include <charconv>

#include "core/collection.h"
#include "core/text.h"
#include "midend/asset_files.h"

namespace puzzlelab::shell {

namespace {

std::optional<int64_t> read_cost(const CollectionEntry& entry) {
  const std::optional<std::string> text = entry.property("cost");
  if (!text) return std::nullopt;
  int64_t cost = 0;
  const auto [end, err] = std::from_chars(text->data(), text->data() + text->size(), cost);
  if (err != std::errc() || end != text->data() + text->size()) return std::nullopt;
  return cost;
}

}  // namespace

bool is_spoiler(std::string_view key) {
  return key == "answer" || key == "answers";
}

PuzzleLibrary::Shelf& PuzzleLibrary::shelf(std::string_view puzzle_id) {
  auto found = shelves_.find(puzzle_id);
  if (found != shelves_.end()) return found->second;
  Shelf& shelf = shelves_[std::string(puzzle_id)];
  const std::string path = assets_dir_ + "/puzzles/" + std::string(puzzle_id) + ".txt";
  const std::optional<std::string> contents = read_asset(path);
  if (!contents) return shelf;  // no bundled puzzles for this one: paste your own
  auto entries = parse_collection(*contents);
  if (!entries) {
    shelf.error = path + ": " + entries.error().describe();
    return shelf;
  }
  for (const CollectionEntry& entry : entries.value()) {
    BundledPuzzle puzzle{entry.title, entry.board, read_cost(entry), {}};
    for (const auto& property : entry.properties) {
      if (property.first != "cost") puzzle.details.push_back(property);
    }
    shelf.puzzles.push_back(std::move(puzzle));
  }
  return shelf;
}

const std::vector<BundledPuzzle>& PuzzleLibrary::bundled(std::string_view puzzle_id) {
  return shelf(puzzle_id).puzzles;
}

const std::string& PuzzleLibrary::error(std::string_view puzzle_id) {
  return shelf(puzzle_id).error;
}

std::optional<int64_t> PuzzleLibrary::known_cost(std::string_view puzzle_id,
                                                 std::string_view board) {
  for (const BundledPuzzle& puzzle : bundled(puzzle_id)) {
    if (text::trim(puzzle.board) == text::trim(board)) return puzzle.known_cost;
  }
  return std::nullopt;
}

}  // namespace puzzlelab::shell
