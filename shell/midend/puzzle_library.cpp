#include "midend/puzzle_library.h"

#include <charconv>
#include <cstdio>
#include <memory>

#include "core/collection.h"
#include "core/text.h"

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
  // C's stdio, not iostreams: the page would link their locales for this
  // one read (issue 46: the page's weight).
  std::unique_ptr<std::FILE, int (*)(std::FILE*)> file(std::fopen(path.c_str(), "rb"),
                                                       &std::fclose);
  if (!file) return shelf;  // no bundled puzzles for this one: paste your own
  std::string contents;
  char block[4096];
  for (size_t got; (got = std::fread(block, 1, sizeof block, file.get())) > 0;)
    contents.append(block, got);
  auto entries = parse_collection(contents);
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
