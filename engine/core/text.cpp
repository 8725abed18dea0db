#include "core/text.h"

namespace puzzlelab::text {

namespace {
bool is_space(char c) {
  return c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\f' || c == '\v';
}
}  // namespace

std::string_view trim(std::string_view text) {
  while (!text.empty() && is_space(text.front())) text.remove_prefix(1);
  while (!text.empty() && is_space(text.back())) text.remove_suffix(1);
  return text;
}

std::vector<Line> content_lines(std::string_view text) {
  std::vector<Line> lines;
  int number = 0;
  size_t start = 0;
  while (start <= text.size()) {
    size_t end = text.find('\n', start);
    if (end == std::string_view::npos) end = text.size();
    std::string_view line = text.substr(start, end - start);
    while (!line.empty() && is_space(line.back())) line.remove_suffix(1);
    ++number;
    if (!line.empty() || !lines.empty()) lines.push_back({line, number});
    start = end + 1;
  }
  while (!lines.empty() && lines.back().text.empty()) lines.pop_back();
  return lines;
}

std::vector<Token> split_words(std::string_view line) {
  std::vector<Token> words;
  size_t i = 0;
  while (i < line.size()) {
    while (i < line.size() && is_space(line[i])) ++i;
    const size_t start = i;
    while (i < line.size() && !is_space(line[i])) ++i;
    if (i > start) words.push_back({line.substr(start, i - start), static_cast<int>(start) + 1});
  }
  return words;
}

}  // namespace puzzlelab::text
