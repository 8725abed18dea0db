#include "midend/launch_options.h"

#include <algorithm>
#include <charconv>

namespace puzzlelab::shell {

namespace {

int hex_value(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

void apply_pair(LaunchOptions& options, std::string_view key, std::string value) {
  if (key == "puzzle")
    options.puzzle = std::move(value);
  else if (key == "board")
    options.board = std::move(value);
  else if (key == "difficulty")
    options.difficulty = std::move(value);
  else if (key == "seed" && parse_seed(value))
    options.seed = parse_seed(value);
  else if (key == "algorithm")
    options.algorithm = std::move(value);
  else if (key == "metric")
    options.metric = std::move(value);
  else if (key == "solve")
    options.solve = is_true(value);
  else if (key == "embed")
    options.embed = is_true(value);
  else if (key == "rules")
    options.rules = is_true(value);
  else if (key == "shown")
    options.shown = std::move(value);
  else
    options.others.emplace_back(key, std::move(value));
}

}  // namespace

bool is_true(std::string_view value) {
  return value.empty() || value == "1" || value == "true";
}

std::optional<uint64_t> parse_seed(std::string_view text) {
  uint64_t seed = 0;
  const char* end = text.data() + text.size();
  const auto [stop, error] = std::from_chars(text.data(), end, seed);
  if (text.empty() || error != std::errc() || stop != end) return std::nullopt;
  return seed;
}

std::string url_decode(std::string_view text) {
  std::string out;
  for (size_t i = 0; i < text.size(); ++i) {
    if (text[i] == '%' && i + 2 < text.size()) {
      const int high = hex_value(text[i + 1]), low = hex_value(text[i + 2]);
      if (high >= 0 && low >= 0) {
        out += static_cast<char>(high * 16 + low);
        i += 2;
        continue;
      }
    }
    out += text[i];
  }
  return out;
}

std::string url_encode(std::string_view text) {
  static constexpr char kHex[] = "0123456789ABCDEF";
  std::string out;
  for (const char c : text) {
    const auto u = static_cast<unsigned char>(c);
    const bool plain = (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') ||
                       c == '-' || c == '_' || c == '.' || c == '~';
    if (plain) {
      out += c;
    } else {
      out += '%';
      out += kHex[u >> 4];
      out += kHex[u & 15];
    }
  }
  return out;
}

namespace {

// The moves of "moves=A%2B1,B-2": split at the raw commas, then decoded.
std::vector<std::string> parse_moves(std::string_view raw) {
  std::vector<std::string> moves;
  moves.reserve(static_cast<size_t>(std::count(raw.begin(), raw.end(), ',')) + 1);  // no doubling
  while (!raw.empty()) {
    const size_t comma = raw.find(',');
    const std::string move = url_decode(raw.substr(0, comma));
    if (!move.empty()) moves.push_back(move);
    raw = comma == std::string_view::npos ? std::string_view() : raw.substr(comma + 1);
  }
  return moves;
}

}  // namespace

LaunchOptions parse_hash(std::string_view hash) {
  if (!hash.empty() && hash.front() == '#') hash.remove_prefix(1);
  LaunchOptions options;
  while (!hash.empty()) {
    const size_t amp = hash.find('&');
    const std::string_view pair = hash.substr(0, amp);
    hash = amp == std::string_view::npos ? std::string_view() : hash.substr(amp + 1);
    const size_t eq = pair.find('=');
    const std::string key = url_decode(pair.substr(0, eq));
    if (key == "moves") {
      options.moves = parse_moves(eq == std::string_view::npos ? "" : pair.substr(eq + 1));
      continue;
    }
    const std::string value = eq == std::string_view::npos ? "" : url_decode(pair.substr(eq + 1));
    apply_pair(options, key, value);
  }
  return options;
}

std::string make_hash(std::string_view puzzle, std::string_view board) {
  return "#puzzle=" + url_encode(puzzle) + "&board=" + url_encode(board);
}

std::string make_generate_hash(std::string_view puzzle, std::string_view difficulty,
                               uint64_t seed) {
  return "#puzzle=" + url_encode(puzzle) + "&difficulty=" + url_encode(difficulty) +
         "&seed=" + std::to_string(seed);
}

std::string moves_hash_part(const std::vector<std::string>& moves) {
  if (moves.empty()) return "";
  std::string part = "&moves=";
  for (size_t i = 0; i < moves.size(); ++i) {
    if (i > 0) part += ',';
    part += url_encode(moves[i]);
  }
  return part;
}

bool same_puzzle(const LaunchOptions& a, const LaunchOptions& b) {
  return a.puzzle == b.puzzle && a.board == b.board && a.difficulty == b.difficulty &&
         a.seed == b.seed;
}

}  // namespace puzzlelab::shell
