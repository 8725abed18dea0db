// Tree of Life's Game::compute: the cells at a far generation, worked out
// off the UI thread (a Web Worker in the browser) while the view draws.
#include <charconv>
#include <mutex>

#include "core/text.h"
#include "puzzles/treeoflife/treeoflife.h"

namespace puzzlelab::treeoflife {
namespace {

// The evolution behind the last request, kept for the next one: a worker
// serves one view, whose next jump on the same tree and rule then starts
// from its checkpoints and knows its cycle. One request at a time uses it
// (a native thread that was told to stop may still be finishing).
struct ComputeCache {
  std::mutex mutex;
  uint64_t key = 0;
  std::unique_ptr<Evolution> evolution;
};

ComputeCache& compute_cache() {
  static ComputeCache cache;
  return cache;
}

// The rule, the tree's shape and generation 0.
uint64_t problem_key(const Problem& p) {
  uint64_t h = 0x9E3779B97F4A7C15ull ^ p.rule ^ (uint64_t(p.shape->cells()) << 16);
  auto mix = [&](uint64_t w) { h = (h ^ w) * 0xFF51AFD7ED558CCDull; };
  for (const Word w : p.shape->internal()) mix(w);
  for (const Word w : *p.generation0) mix(w);
  return h ^ (h >> 31);
}

std::optional<int64_t> parse_int(std::string_view text) {
  int64_t value = 0;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (error != std::errc() || end != text.data() + text.size()) return std::nullopt;
  return value;
}

std::optional<int64_t> parse_generation_task(std::string_view task) {
  const std::string_view prefix = "generation ";
  if (task.substr(0, prefix.size()) != prefix) return std::nullopt;
  return parse_int(task.substr(prefix.size()));
}

char hex_digit(unsigned v) {
  return static_cast<char>(v < 10 ? '0' + v : 'a' + v - 10);
}

}  // namespace

SolveResult TreeOfLifeGame::compute(std::string_view task, const SolveOptions& options) const {
  const std::optional<int64_t> target = parse_generation_task(task);
  if (!target || *target < 0) {
    return SolveResult::invalid("unknown task '" + text::excerpt(task) +
                                "': expected 'generation T' with T >= 0");
  }
  const double start_ms = options.now_ms();
  ComputeCache& cache = compute_cache();
  const std::lock_guard lock(cache.mutex);
  const uint64_t key = problem_key(problem_);
  if (!cache.evolution || cache.key != key) {
    cache.evolution =
        std::make_unique<Evolution>(problem_.shape, problem_.rule, *problem_.generation0, *target);
    cache.key = key;
  }
  Evolution& evolution = *cache.evolution;
  const int64_t computed_before = evolution.computed();
  double last_report_ms = start_ms;
  SolveResult result;
  const KeepGoing keep_going = [&](int64_t computed) {
    if (options.cancel && options.cancel->load(std::memory_order_relaxed)) {
      result.status = SolveStatus::cancelled;
      return false;
    }
    const double now_ms = options.now_ms();
    const double ms = now_ms - start_ms;
    const auto steps = static_cast<uint64_t>(computed - computed_before);
    if ((options.time_budget_ms > 0 && ms > options.time_budget_ms) ||
        (options.node_budget > 0 && steps > options.node_budget)) {
      result.status = SolveStatus::budget_exceeded;
      return false;
    }
    if (options.progress && now_ms - last_report_ms >= 100) {
      last_report_ms = now_ms;
      SolveProgress progress;
      progress.stats.expanded = steps;
      progress.stats.elapsed_ms = ms;
      progress.bound = evolution.reached_toward(*target);
      progress.phase =
          "generation " + std::to_string(progress.bound) + " of " + std::to_string(*target);
      options.progress(progress);
    }
    return true;
  };
  const Bits* cells = evolution.state_at(*target, keep_going);
  result.stats.expanded = static_cast<uint64_t>(evolution.computed() - computed_before);
  result.stats.elapsed_ms = options.now_ms() - start_ms;
  if (!cells) {
    result.message = "stopped at generation " + std::to_string(evolution.reached_toward(*target));
    return result;
  }
  result.status = SolveStatus::solved;
  result.answer =
      encode_generation_cells({*target, *cells, evolution.cycle(), evolution.frontier()});
  return result;
}

std::string encode_generation_cells(const GenerationCells& g) {
  std::string out = "generation " + std::to_string(g.generation) + "\ncycle ";
  out += g.cycle ? std::to_string(g.cycle->start) + " " + std::to_string(g.cycle->period)
                 : "none " + std::to_string(g.frontier);
  out += "\ncells ";
  out.reserve(out.size() + 16 * g.cells.size());
  for (const Word w : g.cells) {
    for (int shift = 60; shift >= 0; shift -= 4) out += hex_digit(unsigned(w >> shift) & 15);
  }
  return out;
}

Parsed<GenerationCells> decode_generation_cells(std::string_view text, const Shape& shape) {
  const text::Lines all_lines = text::content_lines(text);
  if (all_lines.count(4) != 3) {
    return ParseError{0, 0, "expected 3 lines: generation, cycle, cells"};
  }
  const std::vector<text::Line> lines = all_lines.first(3);
  GenerationCells g;
  const auto words = text::split_words(lines[0].text, 3);
  if (words.size() != 2 || words[0].text != "generation") {
    return ParseError{1, 1, "expected 'generation T'"};
  }
  const auto generation = parse_int(words[1].text);
  if (!generation || *generation < 0) {
    return ParseError{1, words[1].column, "expected a generation >= 0"};
  }
  g.generation = *generation;
  const auto cycle = text::split_words(lines[1].text, 4);
  if (cycle.size() != 3 || cycle[0].text != "cycle") {
    return ParseError{2, 1, "expected 'cycle START PERIOD' or 'cycle none FRONTIER'"};
  }
  const auto second = parse_int(cycle[2].text);
  if (!second) return ParseError{2, cycle[2].column, "expected a number"};
  if (cycle[1].text == "none") {
    g.frontier = *second;
  } else if (const auto first = parse_int(cycle[1].text)) {
    g.cycle = Cycle{*first, *second};
  } else {
    return ParseError{2, cycle[1].column, "expected a cycle start or 'none'"};
  }
  const std::string_view hex = lines[2].text;
  const std::string_view prefix = "cells ";
  if (hex.substr(0, prefix.size()) != prefix || hex.size() != prefix.size() + 16 * shape.words()) {
    return ParseError{3, 1,
                      "expected 'cells' and 16 hex digits for each of " +
                          std::to_string(shape.words()) + " words"};
  }
  g.cells.assign(shape.words(), 0);
  for (size_t k = 0; k < 16 * shape.words(); ++k) {
    const char c = hex[prefix.size() + k];
    const int v = c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : -1;
    if (v < 0) return ParseError{3, int(prefix.size() + k + 1), "expected a hex digit"};
    g.cells[k / 16] = (g.cells[k / 16] << 4) | Word(v);
  }
  return g;
}

}  // namespace puzzlelab::treeoflife
