#include "puzzles/rushhour/enumerate/summary.h"

#include <algorithm>
#include <charconv>
#include <climits>
#include <cstdio>
#include <optional>
#include <set>
#include <tuple>

#include "core/text.h"

namespace puzzlelab::rushhour::enumerate {

namespace {

constexpr int kBarWidth = 40;
constexpr uint64_t kMostWalls = 4;
// Far more than a run has, few enough that sums of them cannot overflow.
constexpr uint64_t kMostThreads = 1 << 20;
constexpr uint64_t kMostMiB = uint64_t{1} << 40;

std::string fixed1(double value) {
  char text[32];
  std::snprintf(text, sizeof text, "%.1f", value);
  return text;
}

// Reads the words of one summary line, in order, with their line number
// for errors.
class Words {
 public:
  // The longest line read has 16 words; a few more show that a line has too many.
  static constexpr size_t kMaxWords = 20;
  Words(std::string_view line, int number) : number_(number) {
    for (const text::Token& token : text::split_words(line, kMaxWords)) words_.push_back(token);
  }
  size_t size() const { return words_.size(); }
  std::string_view at(size_t i) const { return i < words_.size() ? words_[i].text : ""; }
  // The word at i as a count ("929" or "929/1000" for the part before `stop`).
  bool count(size_t i, uint64_t& value, char stop = 0) const {
    std::string_view word = at(i);
    if (stop != 0) word = word.substr(0, word.find(stop));
    const auto [end, err] = std::from_chars(word.data(), word.data() + word.size(), value);
    return err == std::errc() && end == word.data() + word.size() && !word.empty();
  }
  bool seconds(size_t i, double& value) const {
    const std::string text(at(i));
    char* end = nullptr;
    value = std::strtod(text.c_str(), &end);
    return !text.empty() && end == text.c_str() + text.size();
  }
  ParseError error(std::string what) const {
    return parse_error(number_, 0, "expected " + std::move(what));
  }

 private:
  std::vector<text::Token> words_;
  int number_;
};

}  // namespace

std::string format_summary(const Summary& s) {
  std::string out =
      "# enumerate rushhour size " + std::to_string(s.size) + " walls " + std::to_string(s.walls);
  if (s.shard == 0) {
    out += " shards " + std::to_string(s.shards) + "/" + std::to_string(s.shards);
  } else {
    out += " shard " + std::to_string(s.shard) + "/" + std::to_string(s.shards);
  }
  out += " blocks " + std::to_string(s.blocks_done) + "/" + std::to_string(s.blocks_total);
  out += s.complete ? (s.shard == 0 ? " merged" : " complete") : " stopped: " + s.stopped_because;
  out += "\n";
  if (!s.complete)
    out += "# incomplete: the lines and counts of " + std::to_string(s.blocks_done) + " of " +
           std::to_string(s.blocks_total) + " blocks only\n";
  const Totals& t = s.totals;
  out += "# boards " + std::to_string(t.boards) + "\n";
  out += "# canonical " + std::to_string(t.canonical) + "\n";
  out += "# solvable " + std::to_string(t.solvable) + "\n";
  out += "# minimal " + std::to_string(t.minimal) + "\n";
  const uint64_t most =
      t.by_moves.empty() ? 0 : *std::max_element(t.by_moves.begin(), t.by_moves.end());
  for (size_t m = 0; m < t.by_moves.size(); ++m) {
    if (t.by_moves[m] == 0) continue;
    char line[64];
    std::snprintf(line, sizeof line, "# moves %2zu: %llu ", m,
                  static_cast<unsigned long long>(t.by_moves[m]));
    const auto bar = std::max<uint64_t>(1, t.by_moves[m] * kBarWidth / std::max<uint64_t>(most, 1));
    out += line + std::string(bar, '=') + "\n";
  }
  out += "# expanded " + std::to_string(t.expanded) + " positions in " + fixed1(s.seconds) +
         " s (cpu " + fixed1(s.cpu_seconds) + " s, " + std::to_string(s.threads) +
         (s.threads == 1 ? " thread" : " threads") + "), peak memory " +
         std::to_string(s.peak_bytes >> 20) + " MiB\n";
  return out;
}

Parsed<ReadSummary> read_summary(std::string_view text) {
  ReadSummary read;
  bool seen = false;
  for (const text::Line& line : text::content_lines(text)) {
    const Words w(line.text, line.number);
    if (w.size() == 0) continue;
    if (w.at(0) != "#") {
      uint64_t moves = 0;
      if (w.size() != 4 || !w.count(0, moves) || moves > 1000)
        return w.error("a puzzle line 'MOVES BOARD CLUSTER_SIZE D0,D1,...' or a '#' line");
      if (read.lines_by_moves.size() <= moves) read.lines_by_moves.resize(moves + 1, 0);
      ++read.lines_by_moves[moves];
      ++read.puzzle_lines;
      continue;
    }
    Summary& s = read.summary;
    const std::string_view key = w.at(1);
    uint64_t value = 0;
    if (key == "enumerate") {
      s = Summary{};
      seen = true;
      uint64_t size = 0, walls = 0, shard = 0, shards = 0, done = 0, total = 0;
      if (w.at(2) != "rushhour" || w.at(3) != "size" || !w.count(4, size) || w.at(5) != "walls" ||
          !w.count(6, walls) || (w.at(7) != "shard" && w.at(7) != "shards") ||
          !w.count(8, shard, '/') || w.at(9) != "blocks" || !w.count(10, done, '/'))
        return w.error("'# enumerate rushhour size N walls K shard I/N blocks D/T complete'");
      const std::string_view slash_shard = w.at(8).substr(w.at(8).find('/') + 1);
      const std::string_view slash_block = w.at(10).substr(w.at(10).find('/') + 1);
      if (std::from_chars(slash_shard.data(), slash_shard.data() + slash_shard.size(), shards).ec !=
              std::errc() ||
          std::from_chars(slash_block.data(), slash_block.data() + slash_block.size(), total).ec !=
              std::errc())
        return w.error("shard I/N and blocks D/T");
      if (size < kSmallestSize || size > kLargestSize || walls > kMostWalls)
        return w.error("size 4 to 7 and walls 0 to 4");
      read.lines = ReadSummary::Lines{};
      read.lines.header = line.number;
      s.size = static_cast<int>(size);
      s.walls = static_cast<int>(walls);
      s.shard = w.at(7) == "shards" ? 0 : shard;
      s.shards = shards;
      s.blocks_done = done;
      s.blocks_total = total;
      s.complete = w.at(11) == "complete" || w.at(11) == "merged";
      if (!s.complete) {
        const size_t at = line.text.find("stopped:");
        s.stopped_because = at == std::string_view::npos
                                ? "not finished"
                                : std::string(text::trim(line.text.substr(at + 8)));
      }
    } else if (key == "boards" || key == "canonical" || key == "solvable" || key == "minimal") {
      if (!w.count(2, value)) return w.error("a count after '" + std::string(key) + "'");
      Totals& t = s.totals;
      ReadSummary::Lines& at = read.lines;
      (key == "boards"      ? t.boards
       : key == "canonical" ? t.canonical
       : key == "solvable"  ? t.solvable
                            : t.minimal) = value;
      (key == "boards"      ? at.boards
       : key == "canonical" ? at.canonical
       : key == "solvable"  ? at.solvable
                            : at.minimal) = line.number;
    } else if (key == "moves") {
      uint64_t moves = 0;
      if (!w.count(2, moves, ':') || !w.at(2).ends_with(':') || !w.count(3, value) || moves > 1000)
        return w.error("'# moves M: COUNT'");
      if (s.totals.by_moves.size() <= moves) s.totals.by_moves.resize(moves + 1, 0);
      if (read.lines.moves.size() <= moves) read.lines.moves.resize(moves + 1, 0);
      s.totals.by_moves[moves] = value;
      read.lines.moves[moves] = line.number;
    } else if (key == "expanded") {
      // "# expanded N positions in W s (cpu C s, T threads), peak memory M MiB"
      uint64_t threads = 0, mib = 0;
      if (!w.count(2, s.totals.expanded) || !w.seconds(5, s.seconds) || w.at(7) != "(cpu" ||
          !Words(w.at(8), 0).seconds(0, s.cpu_seconds) || !w.count(10, threads) ||
          !w.count(14, mib))
        return w.error("'# expanded N positions in W s (cpu C s, T threads), peak memory M MiB'");
      if (threads > kMostThreads || mib > kMostMiB)
        return w.error("at most " + std::to_string(kMostThreads) + " threads and " +
                       std::to_string(kMostMiB) + " MiB");
      read.lines.expanded = line.number;
      s.threads = static_cast<int>(threads);
      s.peak_bytes = mib << 20;
    }
    // Other comment lines are free text.
  }
  if (!seen) return parse_error(0, 0, "no '# enumerate rushhour ...' summary: an unfinished run?");
  return read;
}

namespace {

// "shard2: line 7: " (just "shard2: " when the line is not known).
std::string where(const std::string& name, int line) {
  return name + ": " + (line > 0 ? "line " + std::to_string(line) + ": " : "");
}

// total += value, or an error naming the line that would take it past 2^64 - 1.
std::optional<ParseError> add_checked(uint64_t& total, uint64_t value, const std::string& name,
                                      int line, std::string_view what) {
  if (value <= UINT64_MAX - total) {
    total += value;
    return std::nullopt;
  }
  return parse_error(0, 0,
                     where(name, line) + std::string(what) + " " + std::to_string(value) +
                         " takes the merged total past " + std::to_string(UINT64_MAX));
}

// Whether a shard's puzzle lines are the ones its summary counts: in all
// (its '# minimal') and by moves (its '# moves M:' lines).
std::optional<ParseError> check_lines(const ReadSummary& shard, const std::string& name) {
  const Summary& s = shard.summary;
  if (shard.puzzle_lines != s.totals.minimal)
    return parse_error(
        0, 0,
        where(name, shard.lines.minimal) + "its summary counts " +
            std::to_string(s.totals.minimal) + " minimal puzzles, but the file has " +
            std::to_string(shard.puzzle_lines) + " puzzle lines (a truncated file?)");
  const size_t most = std::max(shard.lines_by_moves.size(), s.totals.by_moves.size());
  for (size_t m = 0; m < most; ++m) {
    const uint64_t lines = m < shard.lines_by_moves.size() ? shard.lines_by_moves[m] : 0;
    const uint64_t stated = m < s.totals.by_moves.size() ? s.totals.by_moves[m] : 0;
    if (lines == stated) continue;
    const int line = m < shard.lines.moves.size() ? shard.lines.moves[m] : 0;
    return parse_error(0, 0,
                       where(name, line) + "its histogram counts " + std::to_string(stated) +
                           " puzzles of " + std::to_string(m) + " moves, but the file has " +
                           std::to_string(lines) + " puzzle lines of " + std::to_string(m) +
                           " moves");
  }
  return std::nullopt;
}

// Adds a shard's counts to the merged ones, every sum checked.
std::optional<ParseError> add_counts(Summary& merged, const ReadSummary& shard,
                                     const std::string& name) {
  const Totals& t = shard.summary.totals;
  const ReadSummary::Lines& at = shard.lines;
  Totals& sum = merged.totals;
  for (const auto& [total, value, line, what] :
       {std::tuple{&sum.boards, t.boards, at.boards, "'# boards'"},
        std::tuple{&sum.canonical, t.canonical, at.canonical, "'# canonical'"},
        std::tuple{&sum.solvable, t.solvable, at.solvable, "'# solvable'"},
        std::tuple{&sum.minimal, t.minimal, at.minimal, "'# minimal'"},
        std::tuple{&sum.expanded, t.expanded, at.expanded, "'# expanded'"},
        std::tuple{&merged.blocks_done, shard.summary.blocks_done, at.header, "blocks done"},
        std::tuple{&merged.blocks_total, shard.summary.blocks_total, at.header, "blocks"}}) {
    if (auto error = add_checked(*total, value, name, line, what)) return error;
  }
  if (sum.by_moves.size() < t.by_moves.size()) sum.by_moves.resize(t.by_moves.size(), 0);
  for (size_t m = 0; m < t.by_moves.size(); ++m) {
    const int line = m < at.moves.size() ? at.moves[m] : 0;
    const std::string what = "'# moves " + std::to_string(m) + ":'";
    if (auto error = add_checked(sum.by_moves[m], t.by_moves[m], name, line, what)) return error;
  }
  return std::nullopt;
}

}  // namespace

Parsed<Summary> merge_summaries(const std::vector<ReadSummary>& shards,
                                const std::vector<std::string>& names) {
  if (shards.empty()) return parse_error(0, 0, "no files to merge");
  Summary merged = shards[0].summary;
  merged.shard = 0;
  merged.blocks_done = merged.blocks_total = 0;
  merged.totals = Totals{};
  merged.seconds = merged.cpu_seconds = 0;
  merged.threads = 0;
  merged.peak_bytes = 0;
  std::set<uint64_t> seen;
  for (size_t i = 0; i < shards.size(); ++i) {
    const Summary& s = shards[i].summary;
    const std::string& name = names[i];
    if (s.shard == 0) return parse_error(0, 0, name + ": already a merge");
    if (s.size != merged.size || s.walls != merged.walls || s.shards != merged.shards)
      return parse_error(0, 0,
                         name + ": size " + std::to_string(s.size) + " walls " +
                             std::to_string(s.walls) + " in " + std::to_string(s.shards) +
                             " shards, unlike " + names[0]);
    if (!seen.insert(s.shard).second)
      return parse_error(0, 0, name + ": shard " + std::to_string(s.shard) + " appears twice");
    if (!s.complete)
      return parse_error(0, 0,
                         name + ": shard " + std::to_string(s.shard) + " is not complete (" +
                             s.stopped_because + ")");
    if (auto error = check_lines(shards[i], name)) return *error;
    if (auto error = add_counts(merged, shards[i], name)) return *error;
    merged.seconds = std::max(merged.seconds, s.seconds);
    merged.cpu_seconds += s.cpu_seconds;
    merged.threads += std::min(s.threads, INT_MAX - merged.threads);
    merged.peak_bytes = std::max(merged.peak_bytes, s.peak_bytes);
  }
  std::string missing;
  for (uint64_t shard = 1; shard <= merged.shards && missing.size() < 200; ++shard) {
    if (!seen.count(shard)) missing += (missing.empty() ? "" : ", ") + std::to_string(shard);
  }
  if (!missing.empty())
    return parse_error(0, 0,
                       "shards missing (of " + std::to_string(merged.shards) + "): " + missing);
  merged.complete = true;
  return merged;
}

}  // namespace puzzlelab::rushhour::enumerate
