#include "puzzles/treeoflife/treeoflife.h"

#include <algorithm>
#include <charconv>
#include <cinttypes>
#include <cstdio>
#include <numeric>

#include "core/bench_hook.h"
#include "core/bounded_text.h"
#include "core/cpu_clock.h"
#include "core/text.h"
#include "puzzles/treeoflife/editor.h"
#include "search/search_monitor.h"

namespace puzzlelab::treeoflife {

// ---------------------------------------------------------------------------
// Trees and paths

namespace {

constexpr int64_t kMaxClock = int64_t{1} << 40;  // far beyond any input; keeps sums exact
constexpr size_t kCompactAnswers = 120;          // answers shown on one line in the app
// Checkpoints and cycle detection within this unless the solve says otherwise.
constexpr uint64_t kDefaultMemoryBudget = uint64_t{256} << 20;
constexpr std::string_view kTreeGrammar = "a tree is X, . or (left value right)";
constexpr std::string_view kProblemShape =
    "expected the rule (0 to 65535) on the first line and the tree on the next, like 42354 "
    "then ((. X (. . .)) . (X . (. X X)))";

struct Node {
  bool on = false;
  int32_t left = -1, right = -1;
};

// A '(' waiting for its parts: 0 = left tree, 1 = value, 2 = right tree, 3 = ')'.
struct Open {
  int32_t node = 0;
  int stage = 0;
  int column = 0;
};

// Renumbers a parsed tree breadth-first. Takes the nodes to free them
// before the shape is built (the parse's memory: at most 24 bytes a cell).
Tree breadth_first(std::vector<Node> nodes, int32_t root) {
  std::vector<int32_t> order;
  order.reserve(nodes.size());
  order.push_back(root);
  std::vector<std::array<int32_t, 2>> children;
  children.reserve(nodes.size());
  Bits cells((nodes.size() + 63) / 64, 0);
  for (size_t q = 0; q < order.size(); ++q) {
    const Node& node = nodes[static_cast<size_t>(order[q])];
    if (node.on) flip_bit(cells, static_cast<int64_t>(q));
    if (node.left < 0) {
      children.push_back({-1, -1});
    } else {
      const auto next = static_cast<int32_t>(order.size());
      children.push_back({next, next + 1});
      order.push_back(node.left);
      order.push_back(node.right);
    }
  }
  nodes = std::vector<Node>();  // not "= {}": that keeps the capacity
  order = std::vector<int32_t>();
  return Tree{std::make_shared<const Shape>(children), std::move(cells)};
}

// How deep the parentheses nest (the parse's stack, reserved at once).
size_t deepest_nesting(std::string_view text) {
  size_t depth = 0, deepest = 0;
  for (const char c : text) {
    if (c == '(') deepest = std::max(deepest, ++depth);
    if (c == ')' && depth > 0) --depth;
  }
  return deepest;
}

}  // namespace

Parsed<Tree> parse_tree(std::string_view text, int line, int first_column) {
  std::vector<Node> nodes;
  std::vector<Open> open;  // an explicit stack: no recursion, any depth
  // A tree with k '(' has 2k + 1 cells X or .: a text with fewer cannot be
  // one, and only its first error is wanted, so its nodes are not kept
  // ("((((" by the megabyte held 30 bytes per byte). A tree's nodes are its
  // '(' and its leaves: room for all of them at once, never more.
  const auto opens = static_cast<size_t>(std::count(text.begin(), text.end(), '('));
  const auto values = static_cast<size_t>(std::count(text.begin(), text.end(), 'X') +
                                          std::count(text.begin(), text.end(), '.'));
  const bool keep = 2 * opens < values;
  if (keep) nodes.reserve(opens + values);
  open.reserve(deepest_nesting(text));
  size_t node_count = 0;
  const auto add_node = [&](Node node) {
    if (keep) nodes.push_back(node);
    return static_cast<int32_t>(node_count++);
  };
  int32_t root = -1;
  auto column = [&](size_t i) { return first_column + static_cast<int>(i); };
  // A finished subtree goes to the innermost open parenthesis, or is the root.
  auto attach = [&](int32_t subtree) {
    if (open.empty()) {
      root = subtree;
      return;
    }
    Open& top = open.back();
    if (keep) {
      (top.stage == 0 ? nodes[static_cast<size_t>(top.node)].left
                      : nodes[static_cast<size_t>(top.node)].right) = subtree;
    }
    ++top.stage;
  };
  for (size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (c == ' ' || c == '\t') continue;
    if (root >= 0) {
      return parse_error(line, column(i),
                         "unexpected " + text::quoted(c) + " after the end of the tree" +
                             (c == ')' ? " (unbalanced parentheses: one ')' too many)" : ""));
    }
    const int stage = open.empty() ? 0 : open.back().stage;
    if (stage == 1) {  // the cell's own value
      if (c != 'X' && c != '.') {
        return parse_error(
            line, column(i),
            "expected the cell's value X or . after its left subtree, found " + text::quoted(c));
      }
      if (keep) nodes[static_cast<size_t>(open.back().node)].on = c == 'X';
      open.back().stage = 2;
    } else if (stage == 3) {
      if (c != ')') {
        return parse_error(line, column(i),
                           "expected ')' to close the '(' at column " +
                               std::to_string(open.back().column) + ", found " + text::quoted(c));
      }
      const int32_t done = open.back().node;
      open.pop_back();
      attach(done);
    } else if (c == '(') {
      open.push_back({add_node({}), 0, column(i)});
    } else if (c == 'X' || c == '.') {
      attach(add_node({c == 'X', -1, -1}));
    } else if (c == ')') {
      return parse_error(line, column(i),
                         open.empty() ? "unbalanced parentheses: ')' without a '('"
                                      : "')' too early: " + std::string(kTreeGrammar));
    } else {
      return parse_error(line, column(i),
                         "expected a cell X or . or a subtree '(', found " + text::quoted(c));
    }
    if (node_count > size_t{INT32_MAX / 2}) return parse_error(line, column(i), "tree too big");
  }
  if (!open.empty()) {
    return parse_error(
        line, open.back().column,
        "unbalanced parentheses: this '(' is never closed (" + std::string(kTreeGrammar) + ")");
  }
  if (root < 0 || !keep)
    return parse_error(line, 0, "expected a tree: " + std::string(kTreeGrammar));
  open = std::vector<Open>();
  return breadth_first(std::move(nodes), root);
}

std::string format_tree(const Shape& shape, const Bits& cells) {
  std::string out;
  out.reserve(static_cast<size_t>(shape.cells()) * 4);
  // (cell, stage): 0 = not started, 1 = left done, 2 = right done.
  std::vector<std::pair<int64_t, int>> stack = {{0, 0}};
  while (!stack.empty()) {
    auto& [cell, stage] = stack.back();
    const char value = get_bit(cells, cell) ? 'X' : '.';
    if (shape.is_leaf(cell)) {
      out += value;
      stack.pop_back();
    } else if (stage == 0) {
      out += '(';
      stage = 1;
      stack.push_back({shape.left(cell), 0});
    } else if (stage == 1) {
      out += ' ';
      out += value;
      out += ' ';
      stage = 2;
      stack.push_back({shape.right(cell), 0});
    } else {
      out += ')';
      stack.pop_back();
    }
  }
  return out;
}

Parsed<int64_t> parse_path(const Shape& shape, std::string_view path, int line, int first_column) {
  if (path.size() < 2 || path.front() != '[' || path.back() != ']') {
    return parse_error(line, first_column,
                       "expected a path like [<>] ('<' left, '>' right, [] the root)");
  }
  int64_t cell = 0;
  for (size_t i = 1; i + 1 < path.size(); ++i) {
    const int column = first_column + static_cast<int>(i);
    const char c = path[i];
    if (c != '<' && c != '>') {
      return parse_error(
          line, column, "expected '<' (left) or '>' (right) in the path, found " + text::quoted(c));
    }
    if (shape.is_leaf(cell)) {
      return parse_error(
          line, column,
          "the path runs past a leaf: " + text::excerpt(path.substr(0, i)) + "] has no children");
    }
    cell = c == '<' ? shape.left(cell) : shape.right(cell);
  }
  return cell;
}

std::string path_to(const Shape& shape, int64_t cell) {
  std::string reversed;
  for (int64_t c = cell; c > 0;) {
    const int64_t up = shape.parent(c);
    reversed += shape.left(up) == c ? '<' : '>';
    c = up;
  }
  return "[" + std::string(reversed.rbegin(), reversed.rend()) + "]";
}

// ---------------------------------------------------------------------------
// The whole input

namespace {

// A whole number, or why the word is not one the input may hold.
enum class NumberProblem { none, not_a_number, out_of_range };
struct Number {
  int64_t value = 0;
  NumberProblem problem = NumberProblem::none;
};

Number read_number(std::string_view word, int64_t low, int64_t high) {
  Number number;
  const char* first = word.data();
  const char* last = word.data() + word.size();
  if (!word.empty() && word[0] == '+') ++first;
  const auto [end, err] = std::from_chars(first, last, number.value);
  if (first == last || end != last || (err != std::errc() && err != std::errc::result_out_of_range))
    number.problem = NumberProblem::not_a_number;
  else if (err == std::errc::result_out_of_range || number.value < low || number.value > high)
    number.problem = NumberProblem::out_of_range;
  return number;
}

std::optional<int64_t> to_integer(std::string_view word) {
  const Number number = read_number(word, INT64_MIN, INT64_MAX);
  if (number.problem != NumberProblem::none) return std::nullopt;
  return number.value;
}

std::string range_text(int64_t low, int64_t high) {
  return "(" + std::to_string(low) + " to " + std::to_string(high) + ")";
}

// A line holding exactly one integer in [low, high].
Parsed<int64_t> single_number(const text::Line& line, int64_t low, int64_t high,
                              const std::string& what) {
  const auto words = text::split_words(line.text, 2);
  const Number number = words.size() == 1 ? read_number(words[0].text, low, high)
                                          : Number{0, NumberProblem::not_a_number};
  if (number.problem == NumberProblem::out_of_range) {
    return parse_error(line.number, words[0].column,
                       text::excerpt(words[0].text, 24) + " is out of range for " + what + " " +
                           range_text(low, high));
  }
  if (number.problem != NumberProblem::none) {
    return parse_error(line.number, words.empty() ? 0 : words[0].column,
                       "expected " + what + " " + range_text(low, high) + ", found '" +
                           text::excerpt(line.text) + "'");
  }
  return number.value;
}

bool is_clock_line(std::string_view line) {
  return !line.empty() && line[0] == 't';
}

Parsed<int64_t> clock_line(const text::Line& line) {
  const auto words = text::split_words(line.text, 3);
  const Number number = words.size() == 2 && words[0].text == "t"
                            ? read_number(words[1].text, 0, kMaxClock)
                            : Number{0, NumberProblem::not_a_number};
  if (number.problem == NumberProblem::out_of_range) {
    return parse_error(line.number, words[1].column,
                       "'t N': the clock " + text::excerpt(words[1].text, 24) +
                           " is out of range " + range_text(0, kMaxClock));
  }
  if (number.problem != NumberProblem::none) {
    return parse_error(line.number, 1,
                       "expected 't N': the generation to show, N >= 0 (the game's clock)");
  }
  return number.value;
}

Parsed<Query> query_line(const Shape& shape, const text::Line& line, int64_t clock) {
  const auto words = text::split_words(line.text, 3);
  if (words.size() != 2) {
    return parse_error(
        line.number, 0,
        "expected a query 'STEP PATH' like '2 [><]', found '" + text::excerpt(line.text) + "'");
  }
  const Number number = read_number(words[0].text, -kMaxClock, kMaxClock);
  if (number.problem == NumberProblem::out_of_range) {
    return parse_error(line.number, words[0].column,
                       "the step " + text::excerpt(words[0].text, 24) + " is out of range " +
                           range_text(-kMaxClock, kMaxClock));
  }
  if (number.problem != NumberProblem::none) {
    return parse_error(line.number, words[0].column,
                       "expected a step (a whole number, negative goes back in time), found '" +
                           text::excerpt(words[0].text, 24) + "'");
  }
  const std::optional<int64_t> step = number.value;
  if (clock + *step < 0) {
    return parse_error(line.number, words[0].column,
                       "step " + std::to_string(*step) + " takes the clock from generation " +
                           std::to_string(clock) + " to " + std::to_string(clock + *step) +
                           ", before generation 0");
  }
  if (clock + *step > kMaxClock) {
    return parse_error(line.number, words[0].column, "the clock goes too far");
  }
  auto cell = parse_path(shape, words[1].text, line.number, words[1].column);
  if (!cell) return cell.error();
  return Query{*step, cell.value(), clock + *step};
}

}  // namespace

namespace {

// The lines of the input that hold something, one at a time.
class InputLines {
 public:
  explicit InputLines(std::string_view text) : lines_(text), next_(lines_.begin()) { skip(); }
  bool at_end() const { return next_ == lines_.end(); }
  text::Line peek() const { return *next_; }
  text::Line take() {
    const text::Line line = *next_++;
    skip();
    return line;
  }
  int number_after() const { return lines_.number_after(); }

 private:
  void skip() {
    while (next_ != lines_.end() && next_->text.empty()) ++next_;
  }
  text::Lines lines_;
  text::Lines::iterator next_;
};

// Each query line holds at least "0 []": room for every query the text can
// hold, whatever its count says.
constexpr size_t kShortestQueryLine = 4;

}  // namespace

Parsed<Problem> parse_problem(std::string_view text) {
  InputLines lines(text);
  if (lines.at_end()) {
    return parse_error(0, 0, std::string(kProblemShape));
  }
  const text::Line rule_line = lines.take();
  if (lines.at_end()) return parse_error(rule_line.number, 0, std::string(kProblemShape));
  Problem problem;
  auto rule = single_number(rule_line, 0, 65535, "the rule");
  if (!rule) return rule.error();
  problem.rule = static_cast<uint16_t>(rule.value());
  const text::Line tree_line = lines.take();
  auto tree = parse_tree(tree_line.text, tree_line.number, 1);
  if (!tree) return tree.error();
  problem.shape = tree.value().shape;
  problem.generation0 = std::make_shared<const Bits>(std::move(tree.value().cells));

  auto queries = std::make_shared<std::vector<Query>>();
  if (!lines.at_end() && !is_clock_line(lines.peek().text)) {
    const text::Line count_line = lines.take();
    auto count = single_number(count_line, 0, 1'000'000, "the number of queries");
    if (!count) return count.error();
    const auto n = static_cast<size_t>(count.value());
    queries->reserve(std::min(n, text.size() / kShortestQueryLine + 1));
    int64_t clock = 0;
    for (size_t q = 0; q < n; ++q) {
      if (lines.at_end() || is_clock_line(lines.peek().text)) {
        return parse_error(lines.at_end() ? lines.number_after() : lines.peek().number, 0,
                           "expected " + std::to_string(n) + " queries (line " +
                               std::to_string(count_line.number) + " says so), found " +
                               std::to_string(q));
      }
      auto query = query_line(*problem.shape, lines.take(), clock);
      if (!query) return query.error();
      clock = query.value().generation;
      queries->push_back(query.value());
    }
  }
  problem.queries = std::move(queries);
  if (!lines.at_end() && is_clock_line(lines.peek().text)) {
    auto clock = clock_line(lines.take());
    if (!clock) return clock.error();
    problem.clock = clock.value();
  }
  if (!lines.at_end()) {
    const bool bare = problem.queries->empty() && problem.clock == 0;
    return parse_error(lines.peek().number, 0,
                       bare ? "expected the number of queries or 't N'"
                            : "unexpected line after the " +
                                  std::to_string(problem.queries->size()) +
                                  " queries: the count says there are no more");
  }
  return problem;
}

std::string format_problem(const Problem& problem) {
  std::string out = std::to_string(problem.rule) + "\n" +
                    format_tree(*problem.shape, *problem.generation0) + "\n";
  if (!problem.queries->empty()) {
    out += std::to_string(problem.queries->size()) + "\n";
    for (const Query& q : *problem.queries)
      out += std::to_string(q.step) + " " + path_to(*problem.shape, q.cell) + "\n";
  }
  if (problem.clock > 0) out += "t " + std::to_string(problem.clock) + "\n";
  return out;
}

// ---------------------------------------------------------------------------
// Answers

Answers answer_queries(const Problem& problem, const KeepGoing& keep_going, uint64_t memory_budget,
                       const Clock& clock) {
  const double start_ms = clock.now_ms();
  const double cpu_start = cpu_seconds();
  Answers answers;
  const std::vector<Query>& queries = *problem.queries;
  for (const Query& q : queries)
    answers.last_generation = std::max(answers.last_generation, q.generation);
  Evolution evolution(problem.shape, problem.rule, *problem.generation0, answers.last_generation,
                      memory_budget);
  std::vector<size_t> order(queries.size());
  std::iota(order.begin(), order.end(), size_t{0});
  auto by_generation = [&](size_t a, size_t b) {
    return evolution.canonical(queries[a].generation) < evolution.canonical(queries[b].generation);
  };
  std::stable_sort(order.begin(), order.end(), by_generation);
  std::string marks(queries.size(), '?');
  bool cycle_known = false;
  for (size_t i = 0; i < order.size(); ++i) {
    if (!cycle_known && evolution.cycle()) {  // later generations fold into the cycle
      cycle_known = true;
      std::stable_sort(order.begin() + static_cast<std::ptrdiff_t>(i), order.end(), by_generation);
    }
    const Query& q = queries[order[i]];
    const Bits* state = evolution.state_at(q.generation, keep_going);
    if (!state) {
      answers.stopped = true;
      break;
    }
    marks[order[i]] = get_bit(*state, q.cell) ? 'X' : '.';
  }
  for (char mark : marks) {
    answers.text += mark;
    answers.text += '\n';
  }
  answers.computed = evolution.computed();
  answers.cycle = evolution.cycle();
  answers.ms = clock.now_ms() - start_ms;
  answers.cpu_ms = 1000.0 * (cpu_seconds() - cpu_start);
  return answers;
}

// ---------------------------------------------------------------------------
// The game

Evolution& TreeOfLifeGame::evolution() const {
  if (!evolution_) {
    evolution_ = std::make_shared<Evolution>(problem_.shape, problem_.rule, *problem_.generation0);
  }
  return *evolution_;
}

const Bits* TreeOfLifeGame::state_at(int64_t t, const KeepGoing& keep_going) const {
  return evolution().state_at(t, keep_going);
}

const Bits& TreeOfLifeGame::state() const {
  return *evolution().state_at(problem_.clock);
}

std::optional<Cycle> TreeOfLifeGame::cycle() const {
  return evolution_ ? evolution_->cycle() : std::nullopt;
}

const PuzzleInfo& TreeOfLifeGame::info() const {
  return puzzle_info();
}

std::string TreeOfLifeGame::format() const {
  return format_problem(problem_);
}

std::string TreeOfLifeGame::describe() const {
  constexpr double kQuickUpdates = 2e7;  // cell updates describe() may spend
  constexpr size_t kLongest = 2000;      // characters of tree text read out
  const Shape& shape = *problem_.shape;
  std::string text = "Rule " + std::to_string(problem_.rule) + ", generation " +
                     std::to_string(problem_.clock) + ", " + std::to_string(shape.cells()) +
                     " cells. ";
  if (double(shape.cells()) * double(problem_.clock) > kQuickUpdates)
    return text + "Its cells are shown on the board once computed.";
  const Bits& cells = state();
  int64_t live = 0;
  for (int64_t i = 0; i < shape.cells(); ++i) live += get_bit(cells, i);
  std::string tree = format_tree(shape, cells);
  if (tree.size() > kLongest) tree = tree.substr(0, kLongest) + " (and more)";
  return text + std::to_string(live) + " on. As (left cell right), X on, . off: " + tree;
}

std::optional<Counter> TreeOfLifeGame::counter() const {
  return Counter{"generation", problem_.clock};
}

std::string TreeOfLifeGame::solve_key() const {
  Problem start = problem_;
  start.clock = 0;
  return format_problem(start);
}

std::vector<Move> TreeOfLifeGame::legal_moves() const {
  std::vector<Move> moves = {{"+1", 1}};
  if (problem_.clock > 0) moves.push_back({"-1", 1});
  if (problem_.clock == 0) moves.push_back({"toggle []", 1});
  return moves;
}

ApplyResult TreeOfLifeGame::apply(std::string_view move) {
  move = text::trim(move);
  if (move.starts_with("rule=")) {
    const auto rule = to_integer(move.substr(5));
    if (!rule || *rule < 0 || *rule > 65535) {
      return ApplyResult::failure("rule=N needs a rule number from 0 to 65535");
    }
    problem_.rule = static_cast<uint16_t>(*rule);
    evolution_.reset();
    return ApplyResult::success(1);
  }
  if (move.starts_with("toggle")) {
    if (problem_.clock != 0) {
      return ApplyResult::failure("cells can be toggled at generation 0 only: go back to 0 first");
    }
    auto cell = parse_path(*problem_.shape, text::trim(move.substr(6)));
    if (!cell) return ApplyResult::failure(cell.error().message);
    Bits cells = *problem_.generation0;  // other positions keep theirs
    flip_bit(cells, cell.value());
    problem_.generation0 = std::make_shared<const Bits>(std::move(cells));
    evolution_.reset();
    return ApplyResult::success(1);
  }
  if (!move.empty() && (move[0] == '+' || move[0] == '-')) {
    const auto steps = to_integer(move.substr(1));
    if (!steps || *steps < 1 || *steps > kMaxClock) {
      return ApplyResult::failure("expected a clock step like +1, -1 or +100");
    }
    const int64_t clock = problem_.clock + (move[0] == '+' ? *steps : -*steps);
    if (clock < 0) return ApplyResult::failure("the clock cannot go before generation 0");
    if (clock > kMaxClock) return ApplyResult::failure("the clock cannot go that far");
    problem_.clock = clock;
    return ApplyResult::success(1);
  }
  return ApplyResult::failure("'" + text::excerpt(move) +
                              "': expected +k or -k (clock), rule=N, or toggle [<>] (a cell)");
}

std::unique_ptr<Game> TreeOfLifeGame::clone() const {
  // A fresh cache: clones may run on another thread (the solver).
  return std::make_unique<TreeOfLifeGame>(problem_);
}

namespace {

// What an evolution holds whatever its budget: the states it steps between
// and the stepper's scratch, about eight states' worth.
uint64_t working_set_bytes(const Shape& shape) {
  return uint64_t{8} * shape.words() * sizeof(Word);
}

}  // namespace

SolveResult TreeOfLifeGame::solve(const SolveOptions& options) const {
  if (!options.algorithm.empty() && options.algorithm != "bitsliced") {
    return SolveResult::invalid("unknown algorithm '" + options.algorithm +
                                "': expected bitsliced");
  }
  if (!options.metric.empty()) {
    return SolveResult::invalid("unknown metric '" + options.metric + "': Tree of Life has none");
  }
  // The budgets are checked between slices of generations (the evolution
  // calls keep_going every few thousand words stepped), whatever steps them:
  // a generation counts as one node.
  search::SearchMonitor monitor(options, "generation");
  const uint64_t budget =
      options.memory_budget_bytes ? options.memory_budget_bytes : kDefaultMemoryBudget;
  SolveResult result;
  if (working_set_bytes(*problem_.shape) > budget) {
    monitor.exceed_memory();
    result.status = monitor.stop_status();
    result.message = monitor.stop_message() + ": the tree's states alone need " +
                     std::to_string(working_set_bytes(*problem_.shape) >> 20) + " MiB";
    result.stats = monitor.finish();
    return result;
  }
  if (!monitor.poll(0)) {  // a cancel or a budget of nothing
    result.status = monitor.stop_status();
    result.message = monitor.stop_message();
    result.stats = monitor.finish();
    return result;
  }
  const KeepGoing keep_going = [&](int64_t computed) {
    monitor.set_bound(computed);
    return monitor.poll(static_cast<uint64_t>(computed));
  };
  const Answers answers =
      answer_queries(problem_, keep_going, budget, clock_or_steady(options.clock));
  result.stats = monitor.finish();
  result.stats.expanded = static_cast<uint64_t>(answers.computed);
  if (answers.stopped) {
    result.status = monitor.stopped() ? monitor.stop_status() : SolveStatus::cancelled;
    result.message =
        monitor.stop_message() + " after " + std::to_string(answers.computed) + " generations";
    return result;
  }
  result.status = SolveStatus::solved;
  result.answer = answers.text;
  if (!result.answer.empty()) result.answer.pop_back();  // no newline after the last answer
  result.cost = static_cast<int64_t>(problem_.queries->size());
  result.optimal = true;
  result.message = problem_.queries->empty() ? "no queries loaded" : "";
  char ms[32];
  std::snprintf(ms, sizeof ms, "%.1f", answers.ms);
  result.extras = {
      {"queries", std::to_string(problem_.queries->size())},
      {"lastGeneration", std::to_string(answers.last_generation)},
      {"generationsComputed", std::to_string(answers.computed)},
      {"cycleStart", answers.cycle ? std::to_string(answers.cycle->start) : "none"},
      {"period", answers.cycle ? std::to_string(answers.cycle->period) : "none"},
      {"ms", ms},
  };
  // The answers on one line for the app's stats panel and window.puzzleLab.
  std::string compact;
  for (size_t i = 0; i < answers.text.size() && compact.size() < kCompactAnswers; i += 2)
    compact += answers.text[i];
  if (compact.size() < problem_.queries->size()) compact += "...";
  result.extras.push_back({"answers", compact});
  return result;
}

// ---------------------------------------------------------------------------
// Registration and bench

namespace {

Parsed<std::unique_ptr<Game>> parse_game(std::string_view text) {
  auto problem = parse_problem(text);
  if (!problem) return problem.error();
  return std::unique_ptr<Game>(std::make_unique<TreeOfLifeGame>(std::move(problem).value()));
}

bool is_count_then_query(const std::vector<std::string>& lines, size_t i) {
  if (i + 1 >= lines.size()) return false;
  const auto count = text::split_words(lines[i], 2);
  return count.size() == 1 && to_integer(count[0].text) &&
         text::split_words(lines[i + 1], 3).size() == 2;
}

// Inputs one after another: rule, tree, then n and n queries when present.
std::vector<std::string> split_inputs(const std::vector<std::string>& lines) {
  std::vector<std::string> inputs;
  size_t i = 0;
  while (i + 1 < lines.size()) {
    size_t end = i + 2;
    if (end < lines.size() && is_count_then_query(lines, end)) {
      const int64_t count = to_integer(text::split_words(lines[end], 1)[0].text).value();
      end += 1 + static_cast<size_t>(std::clamp<int64_t>(count, 0, int64_t(lines.size())));
    }
    if (end < lines.size() && is_clock_line(lines[end])) ++end;
    end = std::min(end, lines.size());
    std::string input;
    for (size_t k = i; k < end; ++k) input += lines[k] + "\n";
    inputs.push_back(std::move(input));
    i = end;
  }
  return inputs;
}

BenchReport bench_inputs(const std::vector<std::string>& lines, int repeats) {
  BenchReport report;
  const std::vector<std::string> inputs = split_inputs(lines);
  char text[512];
  for (size_t k = 0; k < inputs.size(); ++k) {
    auto problem = parse_problem(inputs[k]);
    if (!problem) {
      report.text += "input " + std::to_string(k + 1) + ": " + problem.error().describe() + "\n";
      ++report.failures;
      continue;
    }
    const Problem& p = problem.value();
    Answers best = answer_queries(p);
    for (int pass = 1; pass < repeats; ++pass) {
      const Answers again = answer_queries(p);
      if (again.cpu_ms < best.cpu_ms) best = again;
    }
    const double updates = double(p.shape->cells()) * double(best.computed);
    const auto on = std::count(best.text.begin(), best.text.end(), 'X');
    const double seconds = best.cpu_ms / 1000;
    std::snprintf(text, sizeof text,
                  "treeoflife: %" PRId64 " cells (%d levels) x %" PRId64
                  " generations in %.3f s CPU, %.3f s wall (fastest of %d): %.3g cell "
                  "updates/s\n  rule %u, %zu queries up to generation %" PRId64
                  ", %zu X; cycle %s; kernel %s\n",
                  p.shape->cells(), p.shape->levels(), best.computed, seconds, best.ms / 1000,
                  repeats, seconds > 0 ? updates / seconds : 0.0, unsigned(p.rule),
                  p.queries->size(), best.last_generation, size_t(on),
                  best.cycle ? ("from " + std::to_string(best.cycle->start) + " period " +
                                std::to_string(best.cycle->period))
                                   .c_str()
                             : "none",
                  to_string(Stepper::best_kernel()));
    report.text += text;
  }
  if (inputs.empty()) {
    report.text = "no input: expected a rule line and a tree line\n";
    ++report.failures;
  }
  return report;
}

// Files may hold several inputs one after another: split into lines first.
[[maybe_unused]] BenchReport bench_texts(const std::vector<std::string>& texts, const SolveOptions&,
                                         int repeats) {
  std::vector<std::string> lines;
  for (const std::string& text : texts) {
    size_t start = 0;
    while (start < text.size()) {
      size_t end = text.find('\n', start);
      if (end == std::string::npos) end = text.size();
      std::string line = text.substr(start, end - start);
      if (!line.empty() && line.back() == '\r') line.pop_back();
      if (line.find_first_not_of(" \t") != std::string::npos) lines.push_back(std::move(line));
      start = end + 1;
    }
  }
  return bench_inputs(lines, repeats);
}

// #puzzle=treeoflife&rule=42354&tree=((. X .) . X)&t=3: the board text
// "rule", "tree", "t N" (the clock is optional); parse() checks the parts.
Parsed<std::string> board_from_link(std::vector<std::pair<std::string, std::string>>& keys) {
  std::string rule, tree, clock;
  std::erase_if(keys, [&](const std::pair<std::string, std::string>& key) {
    std::string* part = key.first == "rule"   ? &rule
                        : key.first == "tree" ? &tree
                        : key.first == "t"    ? &clock
                                              : nullptr;
    if (part) *part = key.second;
    return part != nullptr;
  });
  if (tree.empty() && rule.empty()) return std::string();
  if (tree.empty() || rule.empty())
    return ParseError{0, 0, "the link needs both rule= and tree= (and optionally t=)"};
  return rule + "\n" + tree + "\n" + (clock.empty() ? "" : "t " + clock + "\n");
}

}  // namespace

const PuzzleInfo& puzzle_info() {
  static const PuzzleInfo info{
      .id = "treeoflife",
      .title = "Tree of Life",
      .parse = &parse_game,
      .summary =
          "A cellular automaton on a binary tree: each cell's next state is the rule's bit "
          "for (parent, left, self, right). Step the clock, edit the rule, answer queries.",
      .unit = "queries",
      .algorithms = {{.name = "bitsliced",
                      .help = "64 cells per machine word, generation after generation; a repeated "
                              "state is spotted and later generations fold into the cycle",
                      .label = "Bit-sliced simulation"}},
      .bench = PUZZLELAB_BENCH_HOOK(&bench_texts),
      .rules =
          {
              .text =
                  "A cellular automaton on a binary tree. Every cell is on (green; X in the "
                  "text) or off (grey; a dot), and all cells change at once, generation after "
                  "generation.\n"
                  "- A cell looks at 4 cells: its parent, its left child, itself and its right "
                  "child (a missing one counts as off). Read as bits, they make a number from "
                  "0 to 15: 8 x parent + 4 x left + 2 x self + right.\n"
                  "- The rule (0 to 65535) has 16 bits: bit number N says whether a cell whose "
                  "neighbourhood is N is on in the next generation. The rule editor draws the 16 "
                  "cases; a click flips one.\n"
                  "- A query moves the clock by its step, then asks whether the cell at its path "
                  "is on ([] the root, < left, > right). Solve answers them all.\n"
                  "Step the clock with the arrows or the time line; at generation 0 a click "
                  "switches a cell.",
              .demo_board = "42354\n((. X (. . .)) . (X . (. X X)))\n",
              .demo = {{"",
                        "The root (ringed) reads parent 0 (it has none), left 1, self 0, right 0: "
                        "0100 in binary, neighbourhood 4.",
                        {0, 1, 2}},
                       {"+1",
                        "Bit 4 of rule 42354 is 1, so the root is on in generation 1; every other "
                        "cell changed by its own neighbourhood at the same time.",
                        {0}},
                       {"+1", "Generation 2: the same rule again, on generation 1's cells.", {}}},
          },
      .format_example = "42354\n((. X (. . .)) . (X . (. X X)))\n2\n0 []\n2 [><]\n",
      .format_help =
          "The rule (0-65535), the tree as (left cell right) with X on and . off, "
          "then the number of queries and each query's step and path.",
      .editor = &editor(),
      .hooks =
          {
              .has_goal = false,
              .answer_only = true,
              .board_from_link = &board_from_link,
              .time_line = &time_line,
          },
  };
  return info;
}

}  // namespace puzzlelab::treeoflife
