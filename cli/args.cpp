#include "args.h"

#include <charconv>

namespace puzzlelab::cli {

std::optional<std::string> Args::value(const std::string& option) const {
  const auto it = values.find(option);
  if (it == values.end()) return std::nullopt;
  return it->second;
}

std::optional<Args> parse_args(const std::vector<std::string>& words, const OptionSpec& spec,
                               std::string& error) {
  Args args;
  for (size_t i = 0; i < words.size(); ++i) {
    const std::string& word = words[i];
    if (word.size() < 3 || word.rfind("--", 0) != 0) {
      args.positional.push_back(word);  // includes "-" meaning standard input
      continue;
    }
    std::string name = word, inline_value;
    const size_t equals = word.find('=');
    const bool has_inline = equals != std::string::npos;
    if (has_inline) {
      name = word.substr(0, equals);
      inline_value = word.substr(equals + 1);
    }
    if (spec.flags.count(name) && !has_inline) {
      args.flags.insert(name);
    } else if (spec.with_values.count(name)) {
      if (!has_inline && i + 1 >= words.size()) {
        error = "option " + name + " needs a value";
        return std::nullopt;
      }
      args.values[name] = has_inline ? inline_value : words[++i];
    } else {
      error = "unknown option " + name;
      return std::nullopt;
    }
  }
  return args;
}

std::optional<uint64_t> parse_count(const std::string& text) {
  uint64_t value = 0;
  const auto [end, err] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (err != std::errc() || end != text.data() + text.size()) return std::nullopt;
  return value;
}

}  // namespace puzzlelab::cli
