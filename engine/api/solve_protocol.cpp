#include "api/solve_protocol.h"

#include <charconv>
#include <chrono>
#include <cstdlib>
#include <vector>

#include "core/json_writer.h"
#include "core/text.h"
#include "puzzles/puzzle_list.h"

namespace puzzlelab {

std::string_view to_string(RequestKind kind) {
  switch (kind) {
    case RequestKind::solve:
      return "solve";
    case RequestKind::hint:
      return "hint";
    case RequestKind::rate:
      return "rate";
    case RequestKind::generate:
      return "generate";
  }
  return "solve";
}

namespace {

double now_ms() {
  using namespace std::chrono;
  return duration<double, std::milli>(steady_clock::now().time_since_epoch()).count();
}

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

constexpr RequestKind kKinds[] = {RequestKind::solve, RequestKind::hint, RequestKind::rate,
                                  RequestKind::generate};

Parsed<RequestKind> read_kind(const std::string& text) {
  for (const RequestKind kind : kKinds) {
    if (to_string(kind) == text) return kind;
  }
  return parse_error(0, 0, "unknown request kind '" + text + "'");
}

// Cells as one line of numbers: "3 4 5".
std::string join_ints(const std::vector<int>& values) {
  std::string out;
  for (const int v : values) out += (out.empty() ? "" : " ") + std::to_string(v);
  return out;
}

bool read_ints(const std::string& text, std::vector<int>& out) {
  for (const text::Token& word : text::split_words(text)) {
    int value = 0;
    if (!read_number(std::string(word.text), value)) return false;
    out.push_back(value);
  }
  return true;
}

ParseError bad_line(int line, std::string_view key) {
  return parse_error(line, 0, "bad value for '" + std::string(key) + "'");
}

}  // namespace

std::string encode_request(const SolveRequest& request) {
  MessageWriter out;
  out.put("kind", to_string(request.kind));
  out.put("puzzle", request.puzzle);
  out.put("algorithm", request.algorithm);
  out.put("metric", request.metric);
  out.put_number("node_budget", request.node_budget);
  out.put_number("memory_budget_bytes", request.memory_budget_bytes);
  out.put("time_budget_ms", std::to_string(request.time_budget_ms));
  out.put_number("seed", request.seed);
  out.put("difficulty", request.difficulty);
  out.put("board", request.board);
  for (const std::string& move : request.moves) out.put("move", move);
  return out.take();
}

Parsed<SolveRequest> decode_request(std::string_view message) {
  SolveRequest request;
  std::optional<ParseError> error;
  read_message(message, [&](std::string_view key, const std::string& value, int line) {
    bool ok = true;
    if (key == "kind") {
      auto kind = read_kind(value);
      ok = kind.ok();
      if (ok) request.kind = kind.value();
    } else if (key == "puzzle")
      request.puzzle = value;
    else if (key == "algorithm")
      request.algorithm = value;
    else if (key == "metric")
      request.metric = value;
    else if (key == "board")
      request.board = value;
    else if (key == "difficulty")
      request.difficulty = value;
    else if (key == "move")
      request.moves.push_back(value);
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

namespace {

void put_result(MessageWriter& out, const SolveResult& result) {
  out.put("status", to_string(result.status));
  out.put_number("cost", result.cost);
  out.put("optimal", result.optimal ? "1" : "0");
  put_stats(out, result.stats);
  for (const Move& move : result.moves)
    out.put("move", move.text + " " + std::to_string(move.cost));
  out.put("answer", result.answer);
  out.put("message", result.message);
  for (const auto& [name, value] : result.extras) out.put("extra", name + " " + value);
}

// Reads one field of a SolveResult; returns false when `key` is not one.
bool read_result_field(std::string_view key, const std::string& value, SolveResult& result,
                       bool& ok) {
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
  else if (key == "move") {
    ok = space != std::string::npos;
    Move move{value.substr(0, space), 0};
    ok = ok && read_number(value.substr(space + 1), move.cost);
    result.moves.push_back(std::move(move));
  } else if (key == "extra") {
    ok = space != std::string::npos;
    if (ok) result.extras.emplace_back(value.substr(0, space), value.substr(space + 1));
  } else
    return false;
  return true;
}

void put_hint(MessageWriter& out, const Hint& hint) {
  out.put("hint", hint.technique);
  out.put("hint_explanation", hint.explanation);
  for (const std::string& move : hint.moves) out.put("hint_move", move);
  out.put("hint_cells", join_ints(hint.cells));
  out.put("hint_related", join_ints(hint.related_cells));
}

// Reads one field of a hint (the "hint" line starts one); false when `key`
// is not one.
bool read_hint_field(std::string_view key, const std::string& value, std::optional<Hint>& hint,
                     bool& ok) {
  if (key == "hint") {
    hint.emplace().technique = value;
    return true;
  }
  if (key.substr(0, 5) != "hint_") return false;
  ok = hint.has_value();  // the fields follow their "hint" line
  if (!ok) return true;
  if (key == "hint_explanation")
    hint->explanation = value;
  else if (key == "hint_move")
    hint->moves.push_back(value);
  else if (key == "hint_cells")
    ok = read_ints(value, hint->cells);
  else if (key == "hint_related")
    ok = read_ints(value, hint->related_cells);
  else
    ok = false;
  return true;
}

}  // namespace

std::string encode_result(const SolveResult& result) {
  MessageWriter out;
  put_result(out, result);
  return out.take();
}

Parsed<SolveResult> decode_result(std::string_view message) {
  SolveResult result;
  std::optional<ParseError> error;
  read_message(message, [&](std::string_view key, const std::string& value, int line) {
    bool ok = true;
    if (!read_result_field(key, value, result, ok)) ok = false;
    if (!ok && !error) error = bad_line(line, key);
  });
  if (error) return *error;
  return result;
}

std::string encode_reply(const Reply& reply) {
  MessageWriter out;
  out.put("kind", to_string(reply.kind));
  put_result(out, reply.result);
  if (reply.hint) put_hint(out, *reply.hint);
  if (!reply.rating.empty()) out.put("rating", reply.rating);
  if (!reply.board.empty()) out.put("board", reply.board);
  return out.take();
}

Parsed<Reply> decode_reply(std::string_view message) {
  Reply reply;
  std::optional<ParseError> error;
  read_message(message, [&](std::string_view key, const std::string& value, int line) {
    bool ok = true;
    if (key == "kind") {
      auto kind = read_kind(value);
      ok = kind.ok();
      if (ok) reply.kind = kind.value();
    } else if (key == "rating")
      reply.rating = value;
    else if (key == "board")
      reply.board = value;
    else if (!read_result_field(key, value, reply.result, ok) &&
             !read_hint_field(key, value, reply.hint, ok))
      ok = false;
    if (!ok && !error) error = bad_line(line, key);
  });
  if (error) return *error;
  return reply;
}

std::string encode_message(const WorkerMessage& message) {
  if (const auto* progress = std::get_if<SolveProgress>(&message))
    return kProgressTag + encode_progress(*progress);
  return kReplyTag + encode_reply(std::get<Reply>(message));
}

WorkerMessage decode_message(std::string_view message) {
  auto broken = [](const std::string& why) {
    return Reply(SolveResult::invalid("solver sent a bad message: " + why));
  };
  if (message.empty()) return broken("empty");
  const char tag = message.front();
  message.remove_prefix(1);
  if (tag == kProgressTag) {
    auto progress = decode_progress(message);
    if (progress) return progress.value();
    return broken(progress.error().describe());
  }
  if (tag == kReplyTag) {
    auto reply = decode_reply(message);
    if (reply) return std::move(reply).value();
    return broken(reply.error().describe());
  }
  return broken(std::string("unknown tag '") + tag + "'");
}

namespace {

// "bfs, astar or idastar"
std::string choice_names(const std::vector<Choice>& choices) {
  std::string out;
  for (size_t i = 0; i < choices.size(); ++i) {
    if (i > 0) out += i + 1 == choices.size() ? " or " : ", ";
    out += choices[i].name;
  }
  return out;
}

// Why the request's algorithm or metric is not one the puzzle offers; "" if fine.
std::string check_choices(const PuzzleInfo& info, const SolveRequest& request) {
  const std::string title(info.title);
  if (!request.algorithm.empty() && !find_choice(info.algorithms, request.algorithm)) {
    return "unknown algorithm '" + request.algorithm + "' for " + title + ": expected " +
           choice_names(info.algorithms);
  }
  if (!request.metric.empty() && !find_choice(info.metrics, request.metric)) {
    if (info.metrics.empty()) return title + " has no metrics (got '" + request.metric + "')";
    return "unknown metric '" + request.metric + "' for " + title + ": expected " +
           choice_names(info.metrics);
  }
  return "";
}

// The request's board with its moves played, or why not.
Parsed<std::unique_ptr<Game>> position(const PuzzleInfo& info, const SolveRequest& request) {
  auto game = info.parse(request.board);
  if (!game) return game;
  for (size_t i = 0; i < request.moves.size(); ++i) {
    const ApplyResult applied = game.value()->apply(request.moves[i]);
    if (!applied) {
      return parse_error(0, 0,
                         "move " + std::to_string(i + 1) + " '" + request.moves[i] +
                             "' does not apply: " + applied.error);
    }
  }
  return game;
}

SolveResult done(double started_ms, std::string message = "") {
  SolveResult result;
  result.status = message.empty() ? SolveStatus::solved : SolveStatus::invalid;
  result.message = std::move(message);
  result.stats.elapsed_ms = now_ms() - started_ms;
  return result;
}

Reply hint_reply(const Game& game, double started) {
  Reply reply;
  reply.hint = game.hint();
  reply.result = done(started);
  return reply;
}

Reply rate_reply(const PuzzleInfo& info, const Game& game, double started) {
  Reply reply;
  const std::optional<std::string> rating = game.rate();
  reply.result = done(started, rating ? "" : std::string(info.title) + " offers no rating");
  reply.rating = rating.value_or("");
  return reply;
}

Reply generate_reply(const PuzzleInfo& info, const SolveRequest& request, double started) {
  Reply reply;
  if (!info.generate) {
    reply.result = done(started, std::string(info.title) + " has no puzzle generator");
    return reply;
  }
  auto game = info.generate({request.difficulty, request.seed});
  if (!game) {
    reply.result = done(started, game.error().message);
    return reply;
  }
  reply.board = game.value()->format();
  reply.result = done(started);
  return reply;
}

}  // namespace

SolveResult run_request(const SolveRequest& request, const std::atomic<bool>* cancel,
                        std::function<void(const SolveProgress&)> progress) {
  const PuzzleInfo* info = find_puzzle(request.puzzle);
  if (!info) {
    return SolveResult::invalid("unknown puzzle '" + request.puzzle + "': expected one of " +
                                puzzle_ids());
  }
  if (std::string why = check_choices(*info, request); !why.empty())
    return SolveResult::invalid(std::move(why));
  auto game = position(*info, request);
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

Reply serve_request(const SolveRequest& request, const std::atomic<bool>* cancel,
                    std::function<void(const SolveProgress&)> progress) {
  const double started = now_ms();
  Reply reply;
  if (request.kind == RequestKind::solve) {
    reply.result = run_request(request, cancel, std::move(progress));
    return reply;
  }
  const PuzzleInfo* info = find_puzzle(request.puzzle);
  if (!info) {
    reply.result = SolveResult::invalid("unknown puzzle '" + request.puzzle +
                                        "': expected one of " + puzzle_ids());
  } else if (request.kind == RequestKind::generate) {
    reply = generate_reply(*info, request, started);
  } else if (auto game = position(*info, request); !game) {
    reply.result = SolveResult::invalid(game.error().describe());
  } else if (request.kind == RequestKind::hint) {
    reply = hint_reply(*game.value(), started);
  } else {
    reply = rate_reply(*info, *game.value(), started);
  }
  reply.kind = request.kind;
  return reply;
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
