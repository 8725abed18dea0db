#include "core/edit.h"

#include <cctype>
#include <charconv>

#include "core/text.h"

namespace puzzlelab {

const EditTool* find_tool(const std::vector<EditTool>& tools, std::string_view name) {
  for (const EditTool& tool : tools) {
    if (tool.name == name) return &tool;
  }
  return nullptr;
}

int tool_of_key(const std::vector<EditTool>& tools, unsigned int typed) {
  const int lower = typed < 128 ? std::tolower(static_cast<int>(typed)) : -1;
  for (size_t i = 0; i < tools.size(); ++i) {
    if (tools[i].key.size() == 1 && lower == tools[i].key[0]) return static_cast<int>(i);
  }
  return -1;
}

bool tool_applies(const PuzzleEditor& editor, std::string_view board, int index) {
  if (index < 0 || index >= static_cast<int>(editor.tools.size())) return false;
  return !editor.tool_applies || editor.tool_applies(board, editor.tools[index]);
}

namespace {

std::string tool_names(const std::vector<EditTool>& tools) {
  std::string names;
  for (const EditTool& tool : tools) names += (names.empty() ? "" : ", ") + std::string(tool.name);
  return names;
}

std::optional<int> read_cell(std::string_view word) {
  int cell = -1;
  const auto [end, error] = std::from_chars(word.data(), word.data() + word.size(), cell);
  if (error != std::errc() || end != word.data() + word.size() || cell < 0) return std::nullopt;
  return cell;
}

}  // namespace

Parsed<EditText> read_edit(const std::vector<EditTool>& tools, std::string_view edit) {
  const std::vector<text::Token> words = text::split_words(edit, 5);
  if (words.empty()) return parse_error(0, 0, "empty edit: expected a tool and a cell");
  const EditTool* tool = find_tool(tools, words[0].text);
  if (!tool) {
    return parse_error(
        0, 0, "unknown tool '" + text::excerpt(words[0].text) + "': expected " + tool_names(tools));
  }
  const size_t cells = tool->gesture == EditTool::Gesture::drag   ? 2
                       : tool->gesture == EditTool::Gesture::none ? 0
                                                                  : 1;
  const bool valued = !tool->values.empty() || tool->number;
  const size_t wanted = 1 + cells + (valued ? 1 : 0);
  if (words.size() != wanted) {
    const char* where = cells == 2 ? "two cells (from, to)" : cells == 1 ? "one cell" : "no cell";
    return parse_error(
        0, 0, std::string(tool->name) + " takes " + where + (valued ? " and a value" : ""));
  }
  EditText read{std::string(tool->name), {}, {}};
  for (size_t i = 1; i <= cells; ++i) {
    const auto cell = read_cell(words[i].text);
    if (!cell) {
      return parse_error(0, words[i].column,
                         "'" + text::excerpt(words[i].text) + "': expected a cell number");
    }
    read.cells.push_back(*cell);
  }
  if (tool->number) {
    read.value = std::string(words.back().text);
    long long number = 0;
    const auto [end, error] =
        std::from_chars(read.value.data(), read.value.data() + read.value.size(), number);
    if (error != std::errc() || end != read.value.data() + read.value.size() ||
        number < tool->number->min || number > tool->number->max) {
      return parse_error(0, words.back().column,
                         "'" + text::excerpt(read.value) + "': " + std::string(tool->name) +
                             " takes a whole number from " + std::to_string(tool->number->min) +
                             " to " + std::to_string(tool->number->max));
    }
  } else if (!tool->values.empty()) {
    read.value = std::string(words.back().text);
    bool known = false;
    for (std::string_view value : tool->values) known = known || value == read.value;
    if (!known) {
      return parse_error(0, words.back().column,
                         "'" + text::excerpt(read.value) + "' is not a value " +
                             std::string(tool->name) + " takes");
    }
  }
  return read;
}

std::string write_edit(const EditTool& tool, const std::vector<int>& cells,
                       std::string_view value) {
  std::string text(tool.name);
  for (int cell : cells) text += " " + std::to_string(cell);
  if (!value.empty()) text += " " + std::string(value);
  return text;
}

}  // namespace puzzlelab
