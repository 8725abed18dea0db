#include "api/solve_protocol.h"

#include <charconv>
#include <cstdlib>
#include <vector>

#include "core/json_writer.h"
#include "core/text.h"
#include "puzzles/puzzle_list.h"

namespace puzzlelab {

namespace {

// Backslash escapes keep any value on one line.
std::string escape(std::string_view value) {
  std::string out;
  for (const char c : value) {
    if (c == '\\')
      out += "\\\\";
    else if (c == '\n')
      out += "\\n";
    else
      out += c;
  }
  return out;
}

std::string unescape(std::string_view value) {
  std::string out;
  for (size_t i = 0; i < value.size(); ++i) {
    if (value[i] == '\\' && i + 1 < value.size()) {
      ++i;
      out += value[i] == 'n' ? '\n' : value[i];
    } else {
      out += value[i];
    }
  }
  return out;
}

class MessageWriter {
 public:
  void put(std::string_view key, std::string_view value) {
    out_ += key;
    out_ += ' ';
    out_ += escape(value);
    out_ += '\n';
  }
  template <class Number>
  void put_number(std::string_view key, Number value) {
    put(key, std::to_string(value));
  }
  std::string take() { return std::move(out_); }

 private:
  std::string out_;
};

// Calls visit(key, value, line_number) for each "key value" line.
template <class Visit>
void read_message(std::string_view message, Visit&& visit) {
  int number = 0;
  size_t start = 0;
  while (start < message.size()) {
    size_t end = message.find('\n', start);
    if (end == std::string_view::npos) end = message.size();
    const std::string_view line = message.substr(start, end - start);
    ++number;
    start = end + 1;
    if (line.empty()) continue;
    const size_t space = line.find(' ');
    const std::string_view key = line.substr(0, space);
    const std::string value =
        space == std::string_view::npos ? "" : unescape(line.substr(space + 1));
    visit(key, value, number);
  }
}

template <class Number>
bool read_number(const std::string& text, Number& out) {
  const auto [end, err] = std::from_chars(text.data(), text.data() + text.size(), out);
  return err == std::errc() && end == text.data() + text.size();
}

bool read_double(const std::string& text, double& out) {
  char* end = nullptr;
  out = std::strtod(text.c_str(), &end);
  return !text.empty() && end == text.c_str() + text.size();
}

Parsed<SolveStatus> read_status(const std::string& text) {
  for (SolveStatus s : {SolveStatus::solved, SolveStatus::unsolvable, SolveStatus::budget_exceeded,
                        SolveStatus::cancelled, SolveStatus::ambiguous, SolveStatus::invalid}) {
    if (to_string(s) == text) return s;
  }
  return parse_error(0, 0, "unknown status '" + text + "'");
}

void put_stats(MessageWriter& out, const SearchStats& stats) {
  out.put_number("expanded", stats.expanded);
  out.put_number("generated", stats.generated);
  out.put_number("peak_stored", stats.peak_stored);
  out.put("elapsed_ms", std::to_string(stats.elapsed_ms));
}

// Reads a stats field; returns false when `key` is not one.
bool read_stat(std::string_view key, const std::string& value, SearchStats& stats, bool& ok) {
  if (key == "expanded")
    ok = read_number(value, stats.expanded);
  else if (key == "generated")
    ok = read_number(value, stats.generated);
  else if (key == "peak_stored")
    ok = read_number(value, stats.peak_stored);
  else if (key == "elapsed_ms")
    ok = read_double(value, stats.elapsed_ms);
  else
    return false;
  return true;
}

ParseError bad_line(int line, std::string_view key) {
  return parse_error(line, 0, "bad value for '" + std::string(key) + "'");
}

}  // namespace

std::string encode_request(const SolveRequest& request) {
  MessageWriter out;
  out.put("puzzle", request.puzzle);
  out.put("algorithm", request.algorithm);
  out.put("metric", request.metric);
  out.put_number("node_budget", request.node_budget);
  out.put_number("memory_budget_bytes", request.memory_budget_bytes);
  out.put("time_budget_ms", std::to_string(request.time_budget_ms));
  out.put_number("seed", request.seed);
  out.put("board", request.board);
  return out.take();
}

Parsed<SolveRequest> decode_request(std::string_view message) {
  SolveRequest request;
  std::optional<ParseError> error;
  read_message(message, [&](std::string_view key, const std::string& value, int line) {
    bool ok = true;
    if (key == "puzzle")
      request.puzzle = value;
    else if (key == "algorithm")
      request.algorithm = value;
    else if (key == "metric")
      request.metric = value;
    else if (key == "board")
      request.board = value;
    else if (key == "node_budget")
      ok = read_number(value, request.node_budget);
    else if (key == "memory_budget_bytes")
      ok = read_number(value, request.memory_budget_bytes);
    else if (key == "time_budget_ms")
      ok = read_double(value, request.time_budget_ms);
    else if (key == "seed")
      ok = read_number(value, request.seed);
    else
      ok = false;
    if (!ok && !error) error = bad_line(line, key);
  });
  if (error) return *error;
  return request;
}

std::string encode_progress(const SolveProgress& progress) {
  MessageWriter out;
  put_stats(out, progress.stats);
  out.put_number("bound", progress.bound);
  out.put("phase", progress.phase);
  return out.take();
}

Parsed<SolveProgress> decode_progress(std::string_view message) {
  SolveProgress progress;
  std::optional<ParseError> error;
  read_message(message, [&](std::string_view key, const std::string& value, int line) {
    bool ok = true;
    if (read_stat(key, value, progress.stats, ok)) {
    } else if (key == "bound")
      ok = read_number(value, progress.bound);
    else if (key == "phase")
      progress.phase = value;
    else
      ok = false;
    if (!ok && !error) error = bad_line(line, key);
  });
  if (error) return *error;
  return progress;
}

std::string encode_result(const SolveResult& result) {
  MessageWriter out;
  out.put("status", to_string(result.status));
  out.put_number("cost", result.cost);
  out.put("optimal", result.optimal ? "1" : "0");
  put_stats(out, result.stats);
  for (const Move& move : result.moves)
    out.put("move", move.text + " " + std::to_string(move.cost));
  out.put("answer", result.answer);
  out.put("message", result.message);
  for (const auto& [name, value] : result.extras) out.put("extra", name + " " + value);
  return out.take();
}

Parsed<SolveResult> decode_result(std::string_view message) {
  SolveResult result;
  std::optional<ParseError> error;
  read_message(message, [&](std::string_view key, const std::string& value, int line) {
    bool ok = true;
    const size_t space = value.find(' ');
    if (read_stat(key, value, result.stats, ok)) {
    } else if (key == "status") {
      auto status = read_status(value);
      ok = status.ok();
      if (ok) result.status = status.value();
    } else if (key == "cost")
      ok = read_number(value, result.cost);
    else if (key == "optimal")
      result.optimal = value == "1";
    else if (key == "answer")
      result.answer = value;
    else if (key == "message")
      result.message = value;
    else if (key == "move" && space != std::string::npos) {
      Move move{value.substr(0, space), 0};
      ok = read_number(value.substr(space + 1), move.cost);
      result.moves.push_back(std::move(move));
    } else if (key == "extra" && space != std::string::npos) {
      result.extras.emplace_back(value.substr(0, space), value.substr(space + 1));
    } else
      ok = false;
    if (!ok && !error) error = bad_line(line, key);
  });
  if (error) return *error;
  return result;
}

SolveResult run_request(const SolveRequest& request, const std::atomic<bool>* cancel,
                        std::function<void(const SolveProgress&)> progress) {
  const PuzzleInfo* info = find_puzzle(request.puzzle);
  if (!info) {
    return SolveResult::invalid("unknown puzzle '" + request.puzzle + "': expected one of " +
                                puzzle_ids());
  }
  auto game = info->parse(request.board);
  if (!game) return SolveResult::invalid(game.error().describe());
  SolveOptions options;
  options.algorithm = request.algorithm;
  options.metric = request.metric;
  options.node_budget = request.node_budget;
  options.memory_budget_bytes = request.memory_budget_bytes;
  options.time_budget_ms = request.time_budget_ms;
  options.seed = request.seed;
  options.cancel = cancel;
  options.progress = std::move(progress);
  return game.value()->solve(options);
}

std::string result_to_json(const SolveResult& result) {
  JsonWriter json;
  json.begin_object();
  json.key("solved").value(result.status == SolveStatus::solved);
  json.key("cost").value(result.cost);
  json.key("optimal").value(result.optimal);
  json.key("moves").begin_array();
  for (const Move& move : result.moves) json.value(move.text);
  json.end_array();
  json.key("stats").begin_object();
  json.key("expanded").value(result.stats.expanded);
  json.key("generated").value(result.stats.generated);
  json.key("peak_stored").value(result.stats.peak_stored);
  json.key("ms").value(result.stats.elapsed_ms);
  json.end_object();
  json.key("status").value(to_string(result.status));
  if (!result.answer.empty()) json.key("answer").value(result.answer);
  if (!result.message.empty()) json.key("message").value(result.message);
  for (const auto& [name, value] : result.extras) {
    json.key(name);
    int64_t number = 0;
    const auto [end, err] = std::from_chars(value.data(), value.data() + value.size(), number);
    if (err == std::errc() && end == value.data() + value.size()) {
      json.value(number);  // numeric figures stay numbers for scripts
    } else {
      json.value(value);
    }
  }
  json.end_object();
  return json.str();
}

}  // namespace puzzlelab
