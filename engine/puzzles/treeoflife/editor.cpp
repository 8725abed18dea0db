// Tree of Life's editor. Cells are the tree's nodes breadth-first (level by
// level, left to right: the order Shape numbers them, as hints and the view
// do), so numbers after a node change when it grows or loses children; an
// edit names the cells of the board it applies to. The rule and the queries
// are not cells: "rule N" and "unquery K" name none (the view's rule editor
// and query list send them), "query CELL STEP" asks for a cell after a step.
// Every edit keeps a board the parser reads: a step never takes the clock
// before generation 0, a removed query's step goes to the next one (the
// others keep their generations), and a node loses its children only while
// no query asks for them.
#include "puzzles/treeoflife/editor.h"

#include <algorithm>
#include <charconv>
#include <string>
#include <vector>

#include "core/edit.h"
#include "core/text.h"
#include "puzzles/treeoflife/treeoflife.h"

namespace puzzlelab::treeoflife {

namespace {

constexpr int kMaxLevels = 10;  // an empty board's levels: 1023 cells, still drawn as a tree
constexpr int kMaxStep = 1000;  // a query's step, as HackerRank bounds it
constexpr int kMaxQueries = 1'000'000;
constexpr size_t kShownAnswers = 24;  // in the verdict's line

const std::vector<EditTool>& tools() {
  using Gesture = EditTool::Gesture;
  static const std::vector<EditTool> list = {
      {"children", "Children", "c",
       "Click a leaf to give it two children; click a node whose children are leaves to take them "
       "away"},
      {"toggle", "On/off", "t", "Click a cell to switch it on or off (generation 0)"},
      {"query",
       "Query",
       "q",
       "Click a cell to ask for it: a new last query, after the step set under the queries",
       Gesture::click,
       {},
       EditTool::Range{-kMaxStep, kMaxStep}},
      {"rule",
       "Rule",
       "",
       "The rule, 0 to 65535: the rule editor's 16 cases and its number",
       Gesture::none,
       {},
       EditTool::Range{0, 65535}},
      {"unquery",
       "Remove query",
       "",
       "Removes query K (1 is the first); the next one takes its step, so the others keep their "
       "generations",
       Gesture::none,
       {},
       EditTool::Range{1, kMaxQueries}},
  };
  return list;
}

ParseError refused(std::string why) {
  return parse_error(0, 0, std::move(why));
}

std::string cell_name(const Shape& shape, int64_t cell) {
  return "cell " + std::to_string(cell) + " " + path_to(shape, cell);
}

// The board as the editor writes it: the generation shown is 0.
std::string write_board(Problem problem) {
  problem.clock = 0;
  return format_problem(problem);
}

// The tree's text with `grow` given two off children and `prune` none (-1:
// neither), in format_tree's form; the new children follow the tree's cells.
std::string write_tree(const Shape& shape, const Bits& cells, int64_t grow, int64_t prune) {
  const int64_t n = shape.cells();
  auto leaf = [&](int64_t i) { return i >= n || i == prune || (i != grow && shape.is_leaf(i)); };
  auto left = [&](int64_t i) { return i == grow ? n : shape.left(i); };
  auto right = [&](int64_t i) { return i == grow ? n + 1 : shape.right(i); };
  std::string out;
  std::vector<std::pair<int64_t, int>> stack = {{0, 0}};  // (cell, children written)
  while (!stack.empty()) {
    auto& [cell, stage] = stack.back();
    const char value = cell < n && get_bit(cells, cell) ? 'X' : '.';
    if (leaf(cell)) {
      out += value;
      stack.pop_back();
    } else if (stage == 0) {
      out += '(';
      stage = 1;
      stack.push_back({left(cell), 0});
    } else if (stage == 1) {
      out += ' ';
      out += value;
      out += ' ';
      stage = 2;
      stack.push_back({right(cell), 0});
    } else {
      out += ')';
      stack.pop_back();
    }
  }
  return out;
}

// A leaf grows two children; a node whose children are leaves loses them.
Parsed<std::string> children(const Problem& p, int64_t cell) {
  const Shape& shape = *p.shape;
  int64_t grow = -1, prune = -1;
  if (shape.is_leaf(cell)) {
    grow = cell;
  } else if (shape.is_leaf(shape.left(cell)) && shape.is_leaf(shape.right(cell))) {
    prune = cell;
    for (size_t q = 0; q < p.queries->size(); ++q) {
      const int64_t asked = (*p.queries)[q].cell;
      if (asked == shape.left(cell) || asked == shape.right(cell)) {
        return refused("query " + std::to_string(q + 1) + " asks for " + cell_name(shape, asked) +
                       ": remove that query first");
      }
    }
  } else {
    return refused(cell_name(shape, cell) +
                   "'s children have children of their own: take those away first");
  }
  // The queries' paths stay right: no node they name moves.
  const std::string before = write_board(p);
  const size_t tree_end = before.find('\n', before.find('\n') + 1);
  const std::string text = std::to_string(p.rule) + "\n" +
                           write_tree(shape, *p.generation0, grow, prune) + before.substr(tree_end);
  auto again = parse_problem(text);
  if (!again) return again.error();
  return write_board(std::move(again).value());
}

Parsed<std::string> toggle(Problem p, int64_t cell) {
  Bits cells = *p.generation0;
  flip_bit(cells, cell);
  p.generation0 = std::make_shared<const Bits>(std::move(cells));
  return write_board(std::move(p));
}

int64_t last_generation(const Problem& p) {
  return p.queries->empty() ? 0 : p.queries->back().generation;
}

Parsed<std::string> add_query(Problem p, int64_t cell, int64_t step) {
  const int64_t from = last_generation(p), to = from + step;
  if (to < 0) {
    return refused("step " + std::to_string(step) + " takes the clock from generation " +
                   std::to_string(from) + " to " + std::to_string(to) +
                   ": queries never go before generation 0");
  }
  if (p.queries->size() >= size_t{kMaxQueries})
    return refused("the board holds " + std::to_string(kMaxQueries) + " queries already");
  auto queries = std::make_shared<std::vector<Query>>(*p.queries);
  queries->push_back({step, cell, to});
  p.queries = std::move(queries);
  return write_board(std::move(p));
}

Parsed<std::string> remove_query(Problem p, int64_t number) {
  const auto count = static_cast<int64_t>(p.queries->size());
  if (count == 0) return refused("there are no queries to remove");
  if (number > count) {
    return refused("no query " + std::to_string(number) + ": the board has " +
                   std::to_string(count) + " (1-" + std::to_string(count) + ")");
  }
  auto queries = std::make_shared<std::vector<Query>>(*p.queries);
  const auto at = queries->begin() + (number - 1);
  if (at + 1 != queries->end()) (at + 1)->step += at->step;  // the next keeps its generation
  queries->erase(at);
  p.queries = std::move(queries);
  return write_board(std::move(p));
}

int64_t number_of(std::string_view value) {
  int64_t number = 0;
  std::from_chars(value.data(), value.data() + value.size(), number);  // read_edit checked it
  return number;
}

Parsed<std::string> apply_edit(std::string_view board, std::string_view edit) {
  auto read = read_edit(tools(), edit);
  if (!read) return read.error();
  const EditText& op = read.value();
  auto parsed = parse_problem(board);
  if (!parsed) return refused("the board does not read: " + parsed.error().describe());
  Problem p = std::move(parsed).value();
  const int64_t value = number_of(op.value);
  if (op.tool == "rule") {
    p.rule = static_cast<uint16_t>(value);
    return write_board(std::move(p));
  }
  if (op.tool == "unquery") return remove_query(std::move(p), value);
  const int64_t cell = op.cells[0];
  if (cell >= p.shape->cells()) {
    return refused("cell " + std::to_string(cell) + " is off the tree (0-" +
                   std::to_string(p.shape->cells() - 1) + ")");
  }
  if (op.tool == "toggle") return toggle(std::move(p), cell);
  if (op.tool == "query") return add_query(std::move(p), cell, value);
  return children(p, cell);
}

// A complete tree of `levels` levels, every cell off, rule 0, no queries.
std::string blank(EditSize size) {
  std::string tree = ".";
  for (int level = 1; level < size.width; ++level) tree = "(" + tree + " . " + tree + ")";
  return "0\n" + tree + "\n";
}

EditSize size_of(std::string_view board) {
  auto parsed = parse_problem(board);
  return {parsed ? parsed.value().shape->levels() : 1, 1};
}

int cell_count(std::string_view board) {
  auto parsed = parse_problem(board);
  return parsed ? static_cast<int>(std::min<int64_t>(parsed.value().shape->cells(), INT32_MAX)) : 0;
}

std::string board_of(const Game& game) {
  return write_board(dynamic_cast<const TreeOfLifeGame&>(game).problem());
}

// "7 cells, 3 on; rule 42354; 2 queries"
std::string summary(std::string_view board) {
  auto parsed = parse_problem(board);
  if (!parsed) return {};
  const Problem& p = parsed.value();
  int64_t on = 0;
  for (const Word word : *p.generation0) on += __builtin_popcountll(word);
  const size_t queries = p.queries->size();
  return text::amount(p.shape->cells(), "cells") + ", " + std::to_string(on) + " on; rule " +
         std::to_string(p.rule) + "; " + text::amount(static_cast<int64_t>(queries), "queries");
}

// A query line's error (its path runs past a leaf, its step goes before
// generation 0) is about the cell its path reaches; the tree's own errors
// have no cell to name (a tree that does not read has no numbering).
int cell_of_error(std::string_view board, const ParseError& error) {
  std::vector<text::Line> lines = text::content_lines(board).first(size_t(error.line) + 1);
  if (error.line < 4 || lines.size() < size_t(error.line)) return -1;
  auto tree = parse_tree(lines[1].text);
  if (!tree) return -1;
  const Shape& shape = *tree.value().shape;
  const std::vector<text::Token> words = text::split_words(lines[size_t(error.line) - 1].text, 3);
  if (words.size() < 2) return -1;
  int64_t cell = 0;
  for (const char c : words[1].text) {
    if ((c != '<' && c != '>') || shape.is_leaf(cell)) continue;
    cell = c == '<' ? shape.left(cell) : shape.right(cell);
  }
  return static_cast<int>(cell);
}

std::string extra(const SolveResult& result, std::string_view name) {
  for (const auto& [key, value] : result.extras) {
    if (key == name) return value;
  }
  return {};
}

// "Answers . X (2 queries) · cycle from generation 3, period 4": what Solve
// found, the answers a reader of HackerRank's output would see.
std::string solvable_text(const SolveResult& result) {
  const std::string queries = extra(result, "queries");
  if (queries.empty() || queries == "0")
    return "Valid: no queries yet (the Query tool asks for a cell)";
  // The first few answers, spaced (the extra holds the first 120, then "...").
  const std::string compact = extra(result, "answers");
  const auto count = static_cast<size_t>(number_of(queries));
  const size_t shown = std::min({count, compact.size(), kShownAnswers});
  std::string answers;
  for (size_t i = 0; i < shown; ++i) answers += (i ? " " : "") + std::string(1, compact[i]);
  if (count > shown) answers += " \u2026";
  std::string text =
      "Answers " + answers + " (" + text::amount(static_cast<int64_t>(count), "queries");
  text += ", up to generation " + extra(result, "lastGeneration") + ")";
  if (const std::string start = extra(result, "cycleStart"); !start.empty() && start != "none")
    return text + " \u00b7 cycle from generation " + start + ", period " + extra(result, "period");
  return text + " \u00b7 no repeated state by then";
}

// HackerRank's sample (the paste box's example) from blank(3 levels): two
// leaves grow, four cells switch on, the rule, then the two queries.
std::vector<std::string> example() {
  return {"children 4", "children 6", "toggle 1",  "toggle 5", "toggle 6",
          "toggle 10",  "rule 42354", "query 0 0", "query 5 2"};
}

}  // namespace

const PuzzleEditor& editor() {
  static const PuzzleEditor editor{
      .tools = tools(),
      .min_size = {1, 1},
      .max_size = {kMaxLevels, 1},
      .default_size = {3, 1},
      .size_names = {"levels", ""},
      .blank = &blank,
      .board_of = &board_of,
      .apply = &apply_edit,
      .size_of = &size_of,
      .cell_count = &cell_count,
      .summary = &summary,
      .cell_of_error = &cell_of_error,
      .example = &example,
      .solvable_text = &solvable_text,
  };
  return editor;
}

}  // namespace puzzlelab::treeoflife
