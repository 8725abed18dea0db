#include "api/solve_protocol.h"

#include <charconv>

#include "core/json_reader.h"
#include "core/memory.h"
#include "core/space.h"
#include "core/text.h"
#include "core/trace.h"
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
    case RequestKind::compute:
      return "compute";
    case RequestKind::space:
      return "space";
    case RequestKind::trace:
      return "trace";
  }
  return "solve";
}

namespace {

using Need = FieldReader::Need;

constexpr RequestKind kKinds[] = {RequestKind::solve,    RequestKind::hint,    RequestKind::rate,
                                  RequestKind::generate, RequestKind::compute, RequestKind::space,
                                  RequestKind::trace};

// Reads the text field `key` as one of `names`' values: the kind.
template <class Enum, size_t N>
void read_name(FieldReader& fields, const char* key, const Enum (&values)[N], Enum& out) {
  std::string name;
  fields.text(key, name, Need::required);
  if (fields.failed()) return;
  std::string expected;
  for (const Enum value : values) {
    if (to_string(value) == name) {
      out = value;
      return;
    }
    expected += (expected.empty() ? "" : ", ") + std::string(to_string(value));
  }
  fields.fail(key, "one of " + expected, Json(name));
}

// Parses `message` as one JSON object and reads it with read(FieldReader&, T&).
// GCC 12 warns that moving the decoded variant out reads SearchStats fields
// that "may be used uninitialized": a false positive (every field has an
// initialiser), silenced here only.
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#endif
template <class T, class Read>
Parsed<T> decode(std::string_view message, const char* what, Read read) {
  auto json = parse_json(message);
  if (!json) return json.error();
  if (!json.value().is_object()) {
    return parse_error(0, 0, std::string(what) + ": expected a JSON object");
  }
  T out{};
  std::optional<ParseError> error;
  FieldReader fields(json.value(), what, error);
  read(fields, out);
  if (error) return *error;
  return out;
}
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic pop
#endif

Json request_to_json(const SolveRequest& request) {
  return {{"kind", to_string(request.kind)},
          {"puzzle", request.puzzle},
          {"algorithm", request.algorithm},
          {"metric", request.metric},
          {"difficulty", request.difficulty},
          {"nodeBudget", request.node_budget},
          {"memoryBudgetBytes", request.memory_budget_bytes},
          {"timeBudgetMs", request.time_budget_ms},
          {"seed", request.seed},
          {"board", request.board},
          {"moves", request.moves},
          {"task", request.task}};
}

void read_request(FieldReader& fields, SolveRequest& request) {
  read_name(fields, "kind", kKinds, request.kind);
  fields.text("puzzle", request.puzzle, Need::required);
  fields.text("algorithm", request.algorithm);
  fields.text("metric", request.metric);
  fields.text("difficulty", request.difficulty);
  fields.count("nodeBudget", request.node_budget);
  fields.count("memoryBudgetBytes", request.memory_budget_bytes);
  fields.number("timeBudgetMs", request.time_budget_ms);
  fields.count("seed", request.seed);
  fields.text("board", request.board);
  fields.texts("moves", request.moves);
  fields.text("task", request.task);
}

Json progress_to_json(const SolveProgress& progress) {
  return {
      {"stats", stats_json(progress.stats)}, {"bound", progress.bound}, {"phase", progress.phase}};
}

void read_progress(FieldReader& fields, SolveProgress& progress) {
  read_search_stats(fields, progress.stats);
  fields.integer("bound", progress.bound);
  fields.text("phase", progress.phase);
}

Json reply_to_json(const Reply& reply) {
  Json json = {{"kind", to_string(reply.kind)}, {"result", solve_result_json(reply.result)}};
  if (reply.hint) json["hint"] = hint_json(*reply.hint);  // absent: no hint here
  if (!reply.rating.empty()) json["rating"] = reply.rating;
  if (!reply.board.empty()) json["board"] = reply.board;
  return json;
}

void read_reply(FieldReader& fields, Reply& reply) {
  read_name(fields, "kind", kKinds, reply.kind);
  if (auto result = fields.object("result", Need::required))
    read_solve_result(*result, reply.result);
  if (auto hint = fields.object("hint")) read_hint(*hint, reply.hint.emplace());
  fields.text("rating", reply.rating);
  fields.text("board", reply.board);
}

}  // namespace

std::string encode_request(const SolveRequest& request) {
  return dump_json(request_to_json(request));
}

Parsed<SolveRequest> decode_request(std::string_view message) {
  return decode<SolveRequest>(message, "request", read_request);
}

std::string encode_progress(const SolveProgress& progress) {
  return dump_json(progress_to_json(progress));
}

Parsed<SolveProgress> decode_progress(std::string_view message) {
  return decode<SolveProgress>(message, "progress", read_progress);
}

std::string encode_result(const SolveResult& result) {
  return dump_json(solve_result_json(result));
}

Parsed<SolveResult> decode_result(std::string_view message) {
  return decode<SolveResult>(message, "result", read_solve_result);
}

std::string encode_reply(const Reply& reply) {
  return dump_json(reply_to_json(reply));
}

Parsed<Reply> decode_reply(std::string_view message) {
  return decode<Reply>(message, "reply", read_reply);
}

std::string encode_message(const WorkerMessage& message) {
  if (const auto* progress = std::get_if<SolveProgress>(&message))
    return dump_json({{"progress", progress_to_json(*progress)}});
  return dump_json({{"reply", reply_to_json(std::get<Reply>(message))}});
}

WorkerMessage decode_message(std::string_view message) {
  // Either {"progress":{...}} or {"reply":{...}}.
  auto read = [](FieldReader& fields, WorkerMessage& out) {
    if (auto progress = fields.object("progress")) {
      read_progress(*progress, out.emplace<SolveProgress>());
    } else if (auto reply = fields.object("reply", Need::required)) {
      read_reply(*reply, out.emplace<Reply>());
    }
  };
  auto decoded = decode<WorkerMessage>(message, "message", read);
  if (decoded) return std::move(decoded).value();
  return Reply(SolveResult::invalid("solver sent a bad message: " + decoded.error().describe()));
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

// `started_ms` on the options' clock.
SolveResult done(const SolveOptions& options, double started_ms, std::string message = "") {
  SolveResult result;
  result.status = message.empty() ? SolveStatus::solved : SolveStatus::invalid;
  result.message = std::move(message);
  result.stats.elapsed_ms = options.now_ms() - started_ms;
  return result;
}

Reply hint_reply(const Game& game, const SolveOptions& options, double started) {
  Reply reply;
  reply.hint = game.hint(options);
  reply.result = done(options, started);
  return reply;
}

Reply rate_reply(const PuzzleInfo& info, const Game& game, const SolveOptions& options,
                 double started) {
  Reply reply;
  const std::optional<RateResult> rating = game.rate(options);
  reply.result =
      done(options, started, rating ? "" : std::string(info.title) + " offers no rating");
  if (rating) {
    reply.rating = rating->text;  // what the puzzle says, a rating or why there is none
    reply.result.status = rating->status;
    if (rating->status != SolveStatus::solved) reply.result.message = rating->text;
  }
  return reply;
}

Reply generate_reply(const PuzzleInfo& info, const SolveRequest& request,
                     const SolveOptions& options, double started) {
  Reply reply;
  if (!info.generate) {
    reply.result = done(options, started, std::string(info.title) + " has no puzzle generator");
    return reply;
  }
  Generated game = info.generate({request.difficulty, request.seed, request.node_budget,
                                  request.memory_budget_bytes, request.time_budget_ms,
                                  options.cancel, options.progress, options.clock});
  if (!game) {
    reply.result = done(options, started, game.message);
    reply.result.status = game.status;
    return reply;
  }
  reply.board = game.game->format();
  reply.result = done(options, started);
  // A generator that proved the new board's optimum says it (the app shows
  // it as the board's known optimum).
  if (const auto known = game.value()->known_optimum()) {
    reply.result.cost = *known;
    reply.result.optimal = true;
  }
  return reply;
}

// The request's budgets, seed and cancel flag; algorithm and metric are left
// to the puzzle (they are checked, and set for solves, by run_request).
SolveOptions budgets(const SolveRequest& request, const std::atomic<bool>* cancel,
                     std::function<void(const SolveProgress&)> progress, const Clock* clock) {
  SolveOptions options;
  options.clock = clock;
  options.node_budget = request.node_budget;
  options.memory_budget_bytes = request.memory_budget_bytes;
  options.time_budget_ms = request.time_budget_ms;
  options.seed = request.seed;
  options.cancel = cancel;
  options.progress = std::move(progress);
  return options;
}

bool cancelled(const std::atomic<bool>* cancel) {
  return cancel && cancel->load(std::memory_order_relaxed);
}

}  // namespace

SolveResult run_request(const SolveRequest& request, const std::atomic<bool>* cancel,
                        std::function<void(const SolveProgress&)> progress, const Clock* clock) {
  const PuzzleInfo* info = find_puzzle(request.puzzle);
  if (!info) {
    return SolveResult::invalid("unknown puzzle '" + request.puzzle + "': expected one of " +
                                puzzle_ids());
  }
  if (std::string why = check_choices(*info, request); !why.empty())
    return SolveResult::invalid(std::move(why));
  auto game = position(*info, request);
  if (!game) return SolveResult::invalid(game.error().describe());
  SolveOptions options = budgets(request, cancel, std::move(progress), clock);
  options.algorithm = request.algorithm;
  options.metric = request.metric;
  return game.value()->solve(options);
}

namespace {

// The space around the position (PuzzleHooks::space) as the result's answer
// (encode_space); `task` is the cap, in digits ("" = the default).
SolveResult space_result(const PuzzleInfo& info, const Game& game, std::string_view task,
                         const SolveOptions& options) {
  if (!info.hooks.space) {
    return SolveResult::invalid(std::string(info.title) + " draws no space of positions");
  }
  uint64_t cap = 0;
  const auto [end, error] = std::from_chars(task.data(), task.data() + task.size(), cap);
  if (!task.empty() && (error != std::errc() || end != task.data() + task.size())) {
    return SolveResult::invalid("space: the cap must be a number of positions, not '" +
                                text::excerpt(task) + "'");
  }
  Space space = info.hooks.space(game, options, cap);
  SolveResult result;
  result.status = space.status;
  result.message = space.message;
  result.stats.expanded = space.size();
  result.stats.peak_stored = space.size();
  result.stats.elapsed_ms = space.elapsed_ms;
  if (space.status == SolveStatus::solved) result.answer = encode_space(space);
  return result;
}

// A search recorded for watching (core/trace.h: trace_for_watching) as the
// result's answer (encode_trace); `task` is the limit, in digits ("" =
// the default).
SolveResult trace_result(const PuzzleInfo& info, const Game& game, const SolveRequest& request,
                         const SolveOptions& options) {
  if (std::string why = check_choices(info, request); !why.empty())
    return SolveResult::invalid(std::move(why));
  uint64_t limit = kDefaultTraceLimit;
  const std::string_view task = request.task;
  const auto [end, error] = std::from_chars(task.data(), task.data() + task.size(), limit);
  if (!task.empty() && (error != std::errc() || end != task.data() + task.size())) {
    return SolveResult::invalid("trace: the limit must be a number of expansions, not '" +
                                text::excerpt(task) + "'");
  }
  SolveOptions asked = options;
  asked.algorithm = request.algorithm;
  asked.metric = request.metric;
  const SearchTrace trace = trace_for_watching(game, asked, limit);
  SolveResult result;
  result.status = trace.status;
  result.message = trace.message;
  result.cost = trace.cost;
  result.stats = trace.stats;
  if (trace.status != SolveStatus::invalid) result.answer = encode_trace(trace);
  return result;
}

Reply serve_in_memory(const SolveRequest& request, const std::atomic<bool>* cancel,
                      std::function<void(const SolveProgress&)> progress, const Clock* clock) {
  Reply reply;
  if (request.kind == RequestKind::solve) {
    reply.result = run_request(request, cancel, std::move(progress), clock);
    return reply;
  }
  const SolveOptions options = budgets(request, cancel, std::move(progress), clock);
  const double started = options.now_ms();
  const PuzzleInfo* info = find_puzzle(request.puzzle);
  if (!info) {
    reply.result = SolveResult::invalid("unknown puzzle '" + request.puzzle +
                                        "': expected one of " + puzzle_ids());
  } else if (request.kind == RequestKind::generate) {
    reply = generate_reply(*info, request, options, started);
  } else if (auto game = position(*info, request); !game) {
    reply.result = SolveResult::invalid(game.error().describe());
  } else if (request.kind == RequestKind::hint) {
    reply = hint_reply(*game.value(), options, started);
  } else if (request.kind == RequestKind::compute) {
    reply.result = game.value()->compute(request.task, options);
  } else if (request.kind == RequestKind::space) {
    reply.result = space_result(*info, *game.value(), request.task, options);
  } else if (request.kind == RequestKind::trace) {
    reply.result = trace_result(*info, *game.value(), request, options);
  } else {
    reply = rate_reply(*info, *game.value(), options, started);
  }
  if (cancelled(cancel)) {  // whatever a stopped search gave is not the answer
    reply.result.status = SolveStatus::cancelled;
    reply.result.message = "cancelled";
    reply.board.clear();  // nor a board a generator made at once (Rush Hour's pack)
  }
  reply.kind = request.kind;
  return reply;
}

}  // namespace

Reply serve_request(const SolveRequest& request, const std::atomic<bool>* cancel,
                    std::function<void(const SolveProgress&)> progress, const Clock* clock) {
  // Natively a failed allocation anywhere is the budget answer (a
  // WebAssembly worker cannot catch it: its new handler reports instead).
  return answer_out_of_memory([&] { return serve_in_memory(request, cancel, progress, clock); },
                              [&] {
                                SolveResult result;
                                result.status = SolveStatus::budget_exceeded;
                                result.message =
                                    out_of_memory_message(request.memory_budget_bytes
                                                              ? request.memory_budget_bytes
                                                              : SolveOptions::kDefaultMemoryBudget);
                                Reply reply(std::move(result));
                                reply.kind = request.kind;
                                return reply;
                              });
}
}  // namespace puzzlelab
