// Command-line arguments: positional words and --options, checked against
// the options a command accepts so typos get a clear error.
#pragma once

#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace puzzlelab::cli {

struct OptionSpec {
  std::set<std::string> flags;        // --json
  std::set<std::string> with_values;  // --metric moves
};

struct Args {
  std::vector<std::string> positional;
  std::set<std::string> flags;
  std::map<std::string, std::string> values;

  bool has(const std::string& flag) const { return flags.count(flag) > 0; }
  std::optional<std::string> value(const std::string& option) const;
};

// Parses args (after the command name). On error returns nullopt and sets `error`.
std::optional<Args> parse_args(const std::vector<std::string>& words, const OptionSpec& spec,
                               std::string& error);

// Parses a whole non-negative number; nullopt if it is not one.
std::optional<uint64_t> parse_count(const std::string& text);

}  // namespace puzzlelab::cli
