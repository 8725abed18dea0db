#include "core/collection.h"

#include "core/text.h"

namespace puzzlelab {

std::optional<std::string> CollectionEntry::property(std::string_view key) const {
  for (const auto& [name, value] : properties) {
    if (name == key) return value;
  }
  return std::nullopt;
}

namespace {

// "key: value" with a lower-case identifier key, before any board line.
bool split_property(std::string_view line, std::string& key, std::string& value) {
  const size_t colon = line.find(": ");
  if (colon == std::string_view::npos || colon == 0) return false;
  for (const char c : line.substr(0, colon)) {
    if (!((c >= 'a' && c <= 'z') || c == '_' || (c >= '0' && c <= '9'))) return false;
  }
  key = std::string(line.substr(0, colon));
  value = std::string(text::trim(line.substr(colon + 2)));
  return true;
}

// Drops blank lines at the end of an entry's board.
void finish_entry(CollectionEntry& entry) {
  while (!entry.board.empty() && (entry.board.back() == '\n')) entry.board.pop_back();
}

}  // namespace

Parsed<std::vector<CollectionEntry>> parse_collection(std::string_view text) {
  std::vector<CollectionEntry> entries;
  for (const text::Line& line : text::content_lines(text)) {
    if (line.text.rfind("= ", 0) == 0) {
      if (!entries.empty()) finish_entry(entries.back());
      entries.push_back({std::string(text::trim(line.text.substr(2))), "", {}, line.number});
      continue;
    }
    if (entries.empty()) continue;  // the file's description
    CollectionEntry& entry = entries.back();
    std::string key, value;
    if (entry.board.empty() && split_property(line.text, key, value)) {
      entry.properties.emplace_back(std::move(key), std::move(value));
    } else if (!entry.board.empty() || !line.text.empty()) {
      entry.board += std::string(line.text) + "\n";
    }
  }
  if (!entries.empty()) finish_entry(entries.back());
  for (const CollectionEntry& entry : entries) {
    if (entry.board.empty())
      return parse_error(entry.line, 0, "entry '" + entry.title + "' has no board");
  }
  return entries;
}

}  // namespace puzzlelab
