// Tree of Life: HackerRank's sample and two checked cases exact, the rules
// doc's worked examples and snapshots, the word kernel against a cell-by-cell
// referee on random trees and rules, cycle answers against direct simulation,
// deep trees, parse errors, moves and round trips.
#include <catch2/catch.hpp>

#include <atomic>
#include <fstream>
#include <random>
#include <sstream>

#include "core/collection.h"
#include "puzzles/treeoflife/treeoflife.h"
#include "support/treeoflife_inputs.h"
#include "support/treeoflife_reference.h"

using namespace puzzlelab;
using namespace puzzlelab::treeoflife;
using puzzlelab::testing::random_tree;
using puzzlelab::testing::TreeOfLifeReferee;

namespace {

constexpr const char* kSampleTree = "((. X (. . .)) . (X . (. X X)))";
constexpr const char* kTreeSample =
    "42354\n((. X (. . .)) . (X . (. X X)))\n6\n0 []\n2 [><]\n0 [><]\n0 [<>]\n1 [><]\n0 [<>]\n";

std::string read_tree_data(const std::string& name) {
  std::ifstream in(std::string(PUZZLELAB_TEST_DATA_DIR) + "/treeoflife/" + name);
  REQUIRE(in.good());
  std::stringstream buffer;
  buffer << in.rdbuf();
  return buffer.str();
}

std::string trim_newlines(std::string text) {
  while (!text.empty() && (text.back() == '\n' || text.back() == '\r')) text.pop_back();
  return text;
}

Problem parse_tree_ok(const std::string& text) {
  auto problem = parse_problem(text);
  INFO(text.substr(0, 200));
  if (!problem) INFO(problem.error().describe());
  REQUIRE(problem.ok());
  return std::move(problem).value();
}

ParseError parse_tree_fails(const std::string& text) {
  auto problem = parse_problem(text);
  INFO(text.substr(0, 200));
  REQUIRE_FALSE(problem.ok());
  return problem.error();
}

std::string solve_text(const std::string& text) {
  auto game = treeoflife::puzzle_info().parse(text);
  REQUIRE(game.ok());
  const SolveResult result = game.value()->solve({});
  REQUIRE(result.status == SolveStatus::solved);
  return result.answer;
}

// A random valid path in `tree`, found by walking the engine's shape.
std::string random_path(const Shape& shape, std::mt19937& rng) {
  std::string path = "[";
  int64_t cell = 0;
  while (!shape.is_leaf(cell) && rng() % 5 != 0) {
    const bool left = rng() % 2;
    path += left ? '<' : '>';
    cell = left ? shape.left(cell) : shape.right(cell);
  }
  return path + "]";
}

// The states of a referee and of the engine agree cell by cell (paths
// connect the two numberings).
void require_same_cells(const TreeOfLifeReferee& referee, const Shape& shape, const Bits& state) {
  REQUIRE(format_tree(shape, state) == referee.tree());
}

}  // namespace

TEST_CASE("treeoflife: HackerRank's sample and the checked cases, exactly", "[treeoflife]") {
  CHECK(solve_text(kTreeSample) == ".\nX\nX\n.\nX\nX");
  for (const char* name : {"sample", "case1", "case4"}) {
    INFO(name);
    CHECK(solve_text(read_tree_data(std::string(name) + ".in")) ==
          trim_newlines(read_tree_data(std::string(name) + ".out")));
  }
}

TEST_CASE("treeoflife: the doc's worked examples and rule-42354 snapshots", "[treeoflife]") {
  const Problem p = parse_tree_ok(std::string("42354\n") + kSampleTree + "\n");
  // The root: parent none, left X, self ., right . -> idx 4, bit 4 of 42354 is 1.
  const Bits one = step_reference(*p.shape, p.rule, *p.generation0);
  CHECK(get_bit(one, parse_path(*p.shape, "[]").value()));
  // The leaf [><]: idx 2, bit 2 is 0.
  CHECK(get_bit(*p.generation0, parse_path(*p.shape, "[><]").value()));
  CHECK_FALSE(get_bit(one, parse_path(*p.shape, "[><]").value()));

  const std::vector<std::string> snapshots = {
      "((. X (. . .)) . (X . (. X X)))", "((X . (. X .)) X (. X (X . X)))",
      "((. X (X . X)) . (X X (. X .)))", "((X . (. X .)) X (X . (X X X)))",
      "((. X (X . X)) . (. X (X . X)))"};
  TreeOfLifeGame game(p);
  for (size_t t = 0; t < snapshots.size(); ++t) {
    INFO("generation " << t);
    CHECK(format_tree(*p.shape, game.state()) == snapshots[t]);
    REQUIRE(game.apply("+1").ok);
  }
  // Every kernel this CPU runs and the referee agree on the same steps.
  for (Kernel kernel : Stepper::available_kernels()) {
    Stepper stepper(p.shape, p.rule, kernel);
    Bits state = *p.generation0, next(state.size());
    for (size_t t = 0; t < snapshots.size(); ++t) {
      CHECK(format_tree(*p.shape, state) == snapshots[t]);
      stepper.step(state.data(), next.data());
      std::swap(state, next);
    }
  }
}

TEST_CASE("treeoflife: rule 7710 is 0x1E1E, Rule 30 on (left, self, right)", "[treeoflife]") {
  CHECK(7710 == 0x1E1E);
  for (int idx = 0; idx < 16; ++idx) {
    const bool l = idx & 4, s = idx & 2, r = idx & 1;
    CHECK(((7710 >> idx) & 1) == int(l != (s || r)));
    CHECK(rule_index(idx & 8, l, s, r) == idx);
  }
}

TEST_CASE("treeoflife: kernel matches the cell-by-cell referee on random trees and rules",
          "[treeoflife][property]") {
  std::mt19937 rng(2024);
  for (int trial = 0; trial < 300; ++trial) {
    const int cells = 1 + 2 * static_cast<int>(rng() % (trial < 200 ? 40 : 400));
    const std::string tree = random_tree(cells, rng, trial % 7 == 0);
    const auto rule = static_cast<uint16_t>(rng() & 0xFFFF);
    auto parsed = parse_tree(tree);
    REQUIRE(parsed.ok());
    const Tree& t = parsed.value();
    INFO("rule " << rule << " tree " << tree);
    TreeOfLifeReferee referee(tree);
    std::vector<Stepper> steppers;
    for (Kernel kernel : Stepper::available_kernels()) steppers.emplace_back(t.shape, rule, kernel);
    std::vector<Bits> states(steppers.size(), t.cells);
    Bits next(t.cells.size());
    for (int g = 0; g < 20; ++g) {
      for (size_t k = 0; k < steppers.size(); ++k) {
        require_same_cells(referee, *t.shape, states[k]);
        steppers[k].step(states[k].data(), next.data());
        std::swap(states[k], next);
      }
      CHECK(step_reference(*t.shape, rule, states[0]) == [&] {
        Bits again = states[0];
        steppers[0].step(states[0].data(), again.data());
        return again;
      }());
      referee.step(rule);
    }
  }
}

// Evolution keeps states packed (the cells, then the internal cells in their
// order) and steps them without unpacking: every kernel's packed steps must
// give the plain cell-by-cell loop's generations, on sizes around the word
// and vector edges (64 cells a word, up to 8 words a vector, internal cells
// a word per two of cells), for many generations.
TEST_CASE("treeoflife: packed steps of every kernel equal the plain loop",
          "[treeoflife][property]") {
  std::mt19937 rng(4242);
  std::vector<int> sizes = {1, 3, 5, 63, 65, 127, 129, 255, 257, 511, 513, 1023, 1025, 1151, 2049};
  for (int k = 0; k < 12; ++k) sizes.push_back(1 + 2 * static_cast<int>(rng() % 3000));
  for (size_t trial = 0; trial < sizes.size(); ++trial) {
    const std::string tree = random_tree(sizes[trial], rng, trial % 5 == 4);
    const auto rule = static_cast<uint16_t>(rng() & 0xFFFF);
    const Tree t = parse_tree(tree).value();
    Bits cells = t.cells;
    for (Word& w : cells) w = (Word(rng()) << 32 | rng());  // a random start
    cells.back() &= t.shape->cells() % 64 ? (Word{1} << (t.shape->cells() % 64)) - 1 : ~Word{0};
    std::vector<Bits> plain = {cells};
    for (int g = 0; g < 64; ++g) plain.push_back(step_reference(*t.shape, rule, plain.back()));
    for (Kernel kernel : Stepper::available_kernels()) {
      INFO("cells " << sizes[trial] << " rule " << rule << " kernel " << to_string(kernel));
      Stepper stepper(t.shape, rule, kernel);
      Bits packed(stepper.packed_words()), next(stepper.packed_words());
      stepper.pack(cells.data(), packed.data());
      for (int g = 1; g <= 64; ++g) {
        stepper.step_packed(packed.data(), next.data());
        std::swap(packed, next);
        const Bits got(packed.begin(), packed.begin() + std::ptrdiff_t(cells.size()));
        REQUIRE(got == plain[size_t(g)]);
        // The packed state is the one Stepper::pack makes of those cells
        // (Evolution compares packed states to find cycles).
        Bits repacked(stepper.packed_words());
        stepper.pack(got.data(), repacked.data());
        REQUIRE(repacked == packed);
      }
    }
  }
}

TEST_CASE("treeoflife: random queries agree with direct simulation", "[treeoflife][property]") {
  std::mt19937 rng(77);
  for (int trial = 0; trial < 150; ++trial) {
    const int cells = 1 + 2 * static_cast<int>(rng() % 60);
    const std::string tree = random_tree(cells, rng);
    // Rules with short cycles (linear, leaf-driven) as well as random ones.
    const std::vector<int> rules = {7710, 42354, 27030, 39318, 6030};
    const int rule = trial % 2 ? rules[rng() % rules.size()] : static_cast<int>(rng() & 0xFFFF);
    auto shape = parse_tree(tree).value().shape;
    std::vector<std::pair<int, std::string>> queries;
    int64_t clock = 0;
    const int n = 1 + static_cast<int>(rng() % 30);
    for (int q = 0; q < n; ++q) {
      int step = static_cast<int>(rng() % 401) - 100;
      if (clock + step < 0) step = -static_cast<int>(clock);
      clock += step;
      queries.push_back({step, random_path(*shape, rng)});
    }
    std::string input = std::to_string(rule) + "\n" + tree + "\n" + std::to_string(n) + "\n";
    for (const auto& [step, path] : queries) input += std::to_string(step) + " " + path + "\n";
    INFO(input);
    CHECK(solve_text(input) == TreeOfLifeReferee::answer(rule, tree, queries));
  }
}

TEST_CASE("treeoflife: cycles are exact and late generations fold into them", "[treeoflife]") {
  std::mt19937 rng(5);
  for (int rule : {7710, 42354, 27030, 30}) {
    const std::string tree = random_tree(301, rng);
    const Problem p = parse_tree_ok(std::to_string(rule) + "\n" + tree + "\n");
    Evolution evolution(p.shape, p.rule, *p.generation0);
    // Direct simulation of every generation up to 3000.
    std::vector<Bits> direct = {*p.generation0};
    for (int g = 1; g <= 3000; ++g)
      direct.push_back(step_reference(*p.shape, p.rule, direct.back()));
    for (int64_t g : {5, 3000, 17, 2999, 1234, 0, 2500}) {
      INFO("rule " << rule << " generation " << g);
      const Bits* state = evolution.state_at(g);
      REQUIRE(state != nullptr);
      CHECK(*state == direct[static_cast<size_t>(g)]);
    }
    REQUIRE(evolution.cycle().has_value());
    const Cycle c = *evolution.cycle();
    INFO("rule " << rule << " cycle " << c.start << " + " << c.period);
    // The first repeated state, found by brute force.
    CHECK(direct[static_cast<size_t>(c.start)] == direct[static_cast<size_t>(c.start + c.period)]);
    for (int64_t s = 0; s < c.start + c.period; ++s) {
      for (int64_t u = s + 1; u < c.start + c.period; ++u) {
        if (direct[static_cast<size_t>(s)] == direct[static_cast<size_t>(u)]) FAIL("earlier cycle");
      }
      if (s > 200) break;  // enough: the pairs near the start are the ones that matter
    }
    CHECK(evolution.computed() < 3000);  // the cycle saved work
  }
}

// The app walks its Evolution a slice of cell updates per frame
// (state_within) and must show exactly what the direct evolution gives, on
// the way forward, back in time (checkpoints), after a change of aim half
// way, and past a cycle.
TEST_CASE("treeoflife: generations reached in budgeted slices equal the direct evolution",
          "[treeoflife][property]") {
  std::mt19937 rng(21);
  struct Case {
    int cells;
    bool caterpillar;
    uint16_t rule;
    uint64_t memory_budget;  // small budgets thin the checkpoints: longer replays
  };
  const std::vector<Case> cases = {
      {301, false, 6030, uint64_t{256} << 20},
      {4001, false, 42354, uint64_t{256} << 20},
      {2001, true, 39318, uint64_t{1} << 20},
      {301, false, 7710, uint64_t{256} << 20},
      {1025, false, 27030, uint64_t{64} << 10},
      {4001, false, static_cast<uint16_t>(rng()), uint64_t{32} << 10},
  };
  const std::vector<int64_t> targets = {1500, 37, 1499, 1501, 0, 2999, 2998, 700, 3000, 1, 2999};
  for (const Case& c : cases) {
    auto tree = parse_tree(random_tree(c.cells, rng, c.caterpillar)).value();
    const int64_t cells = tree.shape->cells();
    // The direct evolution: every generation up to 3000, one step at a time.
    std::vector<Bits> direct = {tree.cells};
    Stepper stepper(tree.shape, c.rule);
    for (int g = 1; g <= 3000; ++g) {
      Bits next(direct.back().size());
      stepper.step(direct.back().data(), next.data());
      direct.push_back(std::move(next));
    }
    if (c.cells <= 301) {  // and the cell-by-cell definition agrees
      Bits state = tree.cells;
      for (int g = 0; g < 300; ++g) state = step_reference(*tree.shape, c.rule, state);
      REQUIRE(state == direct[300]);
    }
    Evolution evolution(tree.shape, c.rule, tree.cells, 4096, c.memory_budget);
    int64_t calls = 0, longest = 0;
    for (size_t k = 0; k < targets.size(); ++k) {
      const int64_t t = targets[k];
      INFO("cells " << cells << " rule " << c.rule << " target " << t);
      // A change of aim half way: a few slices toward a decoy first.
      int64_t decoy_budget = 5 * cells;
      evolution.state_within(t + 777, decoy_budget);
      const Bits* state = nullptr;
      for (int64_t tries = 0; !state; ++tries) {
        REQUIRE(tries < 100'000);
        const int64_t budget = 1 + int64_t(rng() % uint32_t(20 * cells));
        const int64_t before = evolution.computed();
        const int64_t reached_before = evolution.reached_toward(t);
        int64_t left = budget;
        state = evolution.state_within(t, left);
        const int64_t stepped = evolution.computed() - before;
        // The slice's work: what it says it used, and at most the budget's
        // generations (one at least) plus one keep_going interval (<= 256),
        // plus a cycle check's replay (<= the checkpoint spacing).
        CHECK(budget - left == stepped * cells);
        CHECK(stepped <= std::max<int64_t>(budget / cells, 1) + 256 + 4096);
        if (!state) CHECK(evolution.reached_toward(t) > reached_before);
        longest = std::max(longest, stepped);
        ++calls;
      }
      CHECK(evolution.steps_to(t) == 0);
      REQUIRE(*state == direct[size_t(evolution.canonical(t))]);
      // Ready generations come at no cost, even with nothing left to spend.
      int64_t nothing = 0;
      const Bits* again = evolution.state_within(t, nothing);
      REQUIRE(again != nullptr);
      CHECK(nothing == 0);
      CHECK(*again == direct[size_t(evolution.canonical(t))]);
    }
    // Slices, not one long walk: far more calls than targets.
    if (!evolution.cycle()) CHECK(calls > int64_t(targets.size()) * 4);
    // Far generations fold into a cycle when there is one.
    if (const auto cycle = evolution.cycle()) {
      int64_t budget = 10 * cells;
      const int64_t far = 900'000;
      const Bits* state = nullptr;
      for (int tries = 0; !state && tries < 10'000; ++tries) {
        budget = 10 * cells;
        state = evolution.state_within(far, budget);
      }
      REQUIRE(state != nullptr);
      const int64_t g = cycle->start + (far - cycle->start) % cycle->period;
      REQUIRE(g <= 3000);
      CHECK(*state == direct[size_t(g)]);
    }
  }
}

// The slices' stop checks come often enough on big trees for a UI's frame:
// a 100,001-cell tree stops within two generations of the budget.
TEST_CASE("treeoflife: slices of a big tree stop close to their budget", "[treeoflife]") {
  std::mt19937 rng(4);
  auto tree = parse_tree(random_tree(100'001, rng)).value();
  Evolution evolution(tree.shape, 6030, tree.cells);
  const int64_t cells = tree.shape->cells();
  for (int slice = 0; slice < 5; ++slice) {
    int64_t budget = 3 * cells;
    const int64_t before = evolution.computed();
    CHECK(evolution.state_within(1'000'000, budget) == nullptr);
    CHECK(evolution.computed() - before <= 4);
    CHECK(evolution.computed() - before >= 3);
  }
  CHECK(evolution.reached_toward(1'000'000) == evolution.frontier());
}

TEST_CASE("treeoflife: fast path matches the referee on a larger tree for 2000 generations",
          "[treeoflife][property]") {
  std::mt19937 rng(9);
  const std::string tree = random_tree(4001, rng);
  for (uint16_t rule : {uint16_t{6030}, uint16_t{39318}, static_cast<uint16_t>(rng())}) {
    auto parsed = parse_tree(tree).value();
    TreeOfLifeReferee referee(tree);
    for (Kernel kernel : Stepper::available_kernels()) {
      // Packed steps, as Evolution takes them, unpacked at the end.
      Stepper stepper(parsed.shape, rule, kernel);
      Bits packed(stepper.packed_words()), next(stepper.packed_words());
      stepper.pack(parsed.cells.data(), packed.data());
      for (int g = 0; g < 2000; ++g) {
        stepper.step_packed(packed.data(), next.data());
        std::swap(packed, next);
      }
      const Bits state(packed.begin(), packed.begin() + std::ptrdiff_t(parsed.cells.size()));
      TreeOfLifeReferee copy = referee;
      for (int g = 0; g < 2000; ++g) copy.step(rule);
      INFO("rule " << rule << " kernel " << to_string(kernel));
      require_same_cells(copy, *parsed.shape, state);
    }
  }
}

TEST_CASE("treeoflife: a 50,000-deep caterpillar parses, formats and answers", "[treeoflife]") {
  // (. . (. . (. . ... ))): depth 50,000, 100,001 cells.
  std::string tree;
  const int depth = 50'000;
  for (int i = 0; i < depth; ++i) tree += "(X . ";
  tree += "X";
  for (int i = 0; i < depth; ++i) tree += ")";
  const std::string path = "[" + std::string(depth, '>') + "]";
  const std::string input = "42354\n" + tree + "\n3\n0 " + path + "\n1 " + path + "\n3 [>>]\n";
  const Problem p = parse_tree_ok(input);
  CHECK(p.shape->cells() == 2 * depth + 1);
  CHECK(p.shape->levels() == depth + 1);
  CHECK(format_tree(*p.shape, *p.generation0) == tree);
  CHECK(path_to(*p.shape, (*p.queries)[0].cell) == path);
  CHECK(format_problem(p) == input);
  // The deepest leaf: parent ., self X -> idx 2 (off) at generation 1.
  const std::vector<std::pair<int, std::string>> queries = {{0, path}, {1, path}, {3, "[>>]"}};
  CHECK(solve_text(input) == TreeOfLifeReferee::answer(42354, tree, queries));
}

TEST_CASE("treeoflife: parse errors name the line, the column and what was expected",
          "[treeoflife]") {
  struct Bad {
    std::string text;
    int line, column;
    std::string words;
  };
  const std::vector<Bad> cases = {
      {"70000\nX\n", 1, 1, "the rule"},
      {"-1\nX\n", 1, 1, "the rule"},
      {"42354\n((. X .) . X\n", 2, 1, "never closed"},
      {"42354\n(. X .))\n", 2, 8, "too many"},
      {"42354\n(. Y .)\n", 2, 4, "X or ."},
      {"42354\n(. X . .)\n", 2, 8, "')'"},
      {"42354\n(. X)\n", 2, 5, "')' too early"},
      {"42354\n(X . X)\n1\n0 [<<]\n", 4, 5, "past a leaf"},
      {"42354\n(X . X)\n1\n0 [<x]\n", 4, 5, "'<' (left) or '>'"},
      {"42354\n(X . X)\n1\n0 <>\n", 4, 3, "path"},
      {"42354\n(X . X)\n2\n3 []\n-4 []\n", 5, 1, "before generation 0"},
      {"42354\n(X . X)\n3\n0 []\n1 []\n", 6, 0, "expected 3 queries"},
      {"42354\n(X . X)\n1\n0 []\n1 []\n", 5, 0, "unexpected line"},
      {"42354\n(X . X)\nmany\n", 3, 1, "number of queries"},
      {"42354\n", 1, 0, "tree"},
      {"42354\n(X . X)\nt -3\n", 3, 3, "t N"},
      {"42354\n(X . X)\nt x\n", 3, 1, "t N"},
      // Numbers too large are out of range, not "not a number".
      {"42354\n(X . X)\n1\n1000000000000000000 []\n", 4, 1, "out of range"},
      {"42354\n(X . X)\n1\n99999999999999999999999 []\n", 4, 1, "out of range"},
      {"99999999999999999999999\n(X . X)\n", 1, 1, "out of range"},
      {"42354\n(X . X)\n1000001\n", 3, 1, "out of range"},
  };
  for (const Bad& bad : cases) {
    const ParseError error = parse_tree_fails(bad.text);
    INFO(bad.text << " -> " << error.describe());
    CHECK(error.line == bad.line);
    CHECK(error.column == bad.column);
    CHECK(error.message.find(bad.words) != std::string::npos);
  }
}

TEST_CASE("treeoflife: moves step the clock, edit the rule and cells, and round-trip",
          "[treeoflife]") {
  auto parsed = treeoflife::puzzle_info().parse(kTreeSample);
  REQUIRE(parsed.ok());
  auto& game = dynamic_cast<TreeOfLifeGame&>(*parsed.value());
  CHECK(game.format() == kTreeSample);
  CHECK_FALSE(game.apply("-1").ok);  // before generation 0
  REQUIRE(game.apply("+3").ok);
  CHECK(format_tree(*game.problem().shape, game.state()) == "((X . (. X .)) X (X . (X X X)))");
  CHECK_FALSE(game.apply("toggle []").ok);  // only at generation 0
  REQUIRE(game.apply("-1").ok);
  CHECK(format_tree(*game.problem().shape, game.state()) == "((. X (X . X)) . (X X (. X .)))");
  CHECK(game.format() == std::string(kTreeSample) + "t 2\n");
  auto again = treeoflife::puzzle_info().parse(game.format());
  REQUIRE(again.ok());
  CHECK(again.value()->format() == game.format());

  REQUIRE(game.apply("-2").ok);
  REQUIRE(game.apply("toggle [<>]").ok);
  CHECK(format_tree(*game.problem().shape, game.state()) == "((. X (. X .)) . (X . (. X X)))");
  REQUIRE(game.apply("rule=7710").ok);
  CHECK(game.format().substr(0, 5) == "7710\n");
  CHECK_FALSE(game.apply("rule=65536").ok);
  CHECK_FALSE(game.apply("toggle [<<<]").ok);
  CHECK_FALSE(game.apply("+x").ok);
  CHECK_FALSE(game.apply("jump").ok);
  // A bare tree (no queries) is a position too; solving it answers nothing.
  const Problem bare = parse_tree_ok("42354\n" + std::string(kSampleTree) + "\nt 4\n");
  CHECK(bare.clock == 4);
  CHECK(bare.queries->empty());
  CHECK(format_problem(bare) == "42354\n" + std::string(kSampleTree) + "\nt 4\n");
  CHECK(solve_text("42354\nX\n").empty());
}

TEST_CASE("treeoflife: solve reports its figures and honours cancel", "[treeoflife]") {
  auto game = treeoflife::puzzle_info().parse(read_tree_data("case1.in"));
  REQUIRE(game.ok());
  const SolveResult result = game.value()->solve({});
  REQUIRE(result.status == SolveStatus::solved);
  auto extra = [&](const std::string& key) {
    for (const auto& [k, v] : result.extras) {
      if (k == key) return v;
    }
    return std::string("missing");
  };
  CHECK(extra("lastGeneration") == "2570");
  CHECK(extra("cycleStart") != "none");
  CHECK(std::stoll(extra("generationsComputed")) < 2570);

  std::mt19937 rng(3);
  auto big =
      treeoflife::puzzle_info().parse("6030\n" + random_tree(2001, rng) + "\n1\n100000 []\n");
  REQUIRE(big.ok());
  std::atomic<bool> cancel{true};
  SolveOptions options;
  options.cancel = &cancel;
  CHECK(big.value()->solve(options).status == SolveStatus::cancelled);
  options.cancel = nullptr;
  options.algorithm = "nope";
  CHECK(big.value()->solve(options).status == SolveStatus::invalid);
}

TEST_CASE("treeoflife: the bundled inputs parse and their stated answers hold", "[treeoflife]") {
  std::ifstream in(std::string(PUZZLELAB_ASSETS_DIR) + "/puzzles/treeoflife.txt");
  REQUIRE(in.good());
  std::stringstream buffer;
  buffer << in.rdbuf();
  auto entries = parse_collection(buffer.str());
  REQUIRE(entries.ok());
  REQUIRE(entries.value().size() >= 4);
  int checked = 0;
  for (const CollectionEntry& entry : entries.value()) {
    INFO(entry.title);
    auto game = treeoflife::puzzle_info().parse(entry.board);
    REQUIRE(game.ok());
    CHECK(game.value()->format() == entry.board + "\n");
    if (const auto answers = entry.property("answers")) {
      std::string expected;
      for (char c : *answers) expected += std::string(expected.empty() ? "" : "\n") + c;
      CHECK(solve_text(entry.board) == expected);
      ++checked;
    }
  }
  CHECK(checked == 2);
}

TEST_CASE("treeoflife: a solve honours the node, time and memory budgets and cancel",
          "[treeoflife][limits]") {
  // 100,001 cells and a query at generation 2^40, under rule 6030 (no
  // cycle for a long time): only a budget ends it.
  std::mt19937 rng(22);
  auto game = treeoflife::puzzle_info().parse("6030\n" + random_tree(100'001, rng) +
                                              "\n1\n1099511627776 []\n");
  REQUIRE(game.ok());

  SolveOptions options;
  options.node_budget = 1000;  // a generation is a node
  SolveResult result = game.value()->solve(options);
  CHECK(result.status == SolveStatus::budget_exceeded);
  CHECK_THAT(result.message, Catch::Contains("node budget of 1000"));
  CHECK(result.stats.expanded >= 1000);
  CHECK(result.stats.expanded < 1100);  // checked between slices of a generation or so

  options = {};
  options.time_budget_ms = 50;
  result = game.value()->solve(options);
  CHECK(result.status == SolveStatus::budget_exceeded);
  CHECK_THAT(result.message, Catch::Contains("time budget of 50 ms"));

  options = {};
  options.memory_budget_bytes = 32 << 10;  // less than a few states of this tree
  result = game.value()->solve(options);
  CHECK(result.status == SolveStatus::budget_exceeded);
  CHECK_THAT(result.message, Catch::Contains("memory budget"));

  // Cancel from another thread's point of view: the flag set during the solve.
  std::atomic<bool> cancel{false};
  options = {};
  options.cancel = &cancel;
  options.progress = [&](const SolveProgress& progress) {
    CHECK_THAT(progress.phase, Catch::StartsWith("generation "));
    cancel = true;
  };
  result = game.value()->solve(options);
  CHECK(result.status == SolveStatus::cancelled);
}

// Game::compute("generation T") is how the app's view gets far generations
// from its worker: the cells must be the plain loop's, the evolution kept
// between requests must not change them (back, forth, another rule, another
// start), and a cancel or a budget stops it with no cells.
TEST_CASE("treeoflife: compute gives the plain loop's cells, request after request",
          "[treeoflife][property]") {
  std::mt19937 rng(31);
  const std::string tree = random_tree(1025, rng);
  for (uint16_t rule : {uint16_t{6030}, uint16_t{7710}, static_cast<uint16_t>(rng())}) {
    const Problem p = parse_tree_ok(std::to_string(rule) + "\n" + tree + "\n");
    TreeOfLifeGame game(p);
    std::vector<Bits> plain = {*p.generation0};
    for (int g = 1; g <= 700; ++g) plain.push_back(step_reference(*p.shape, rule, plain.back()));
    for (int64_t t : {700, 3, 699, 0, 350, 701 - 64}) {
      INFO("rule " << rule << " generation " << t);
      const SolveResult result = game.compute("generation " + std::to_string(t), {});
      REQUIRE(result.status == SolveStatus::solved);
      const auto cells = decode_generation_cells(result.answer, *p.shape);
      REQUIRE(cells.ok());
      CHECK(cells.value().generation == t);
      CHECK(cells.value().cells == plain[size_t(t)]);
      if (cells.value().cycle) {  // a cycle it reports is one
        const Cycle c = *cells.value().cycle;
        REQUIRE(c.start + c.period <= 700);
        CHECK(plain[size_t(c.start)] == plain[size_t(c.start + c.period)]);
      }
      // And the text reads back to itself.
      CHECK(encode_generation_cells(cells.value()) == result.answer);
    }
  }
  // A stop: cancelled before it starts, or out of budget, with no cells (a
  // bigger tree: no early cycle).
  const Problem p = parse_tree_ok("6030\n" + random_tree(20001, rng) + "\n");
  const std::atomic<bool> cancel{true};
  SolveOptions stop;
  stop.cancel = &cancel;
  const SolveResult cancelled = TreeOfLifeGame(p).compute("generation 90000", stop);
  CHECK(cancelled.status == SolveStatus::cancelled);
  CHECK(cancelled.answer.empty());
  SolveOptions few;
  few.node_budget = 600;
  const SolveResult over = TreeOfLifeGame(p).compute("generation 90000", few);
  CHECK(over.status == SolveStatus::budget_exceeded);
  CHECK(over.answer.empty());
  CHECK(over.stats.expanded < 700);
  // The time budget on the options' clock: each reading 10 ms on, so 50 ms
  // pass within a few slices however fast the machine is.
  ManualClock clock(0, 10);
  SolveOptions timed;
  timed.time_budget_ms = 50;
  timed.clock = &clock;
  const SolveResult late = TreeOfLifeGame(p).compute("generation 90000", timed);
  CHECK(late.status == SolveStatus::budget_exceeded);
  CHECK(late.answer.empty());
  CHECK(late.stats.elapsed_ms >= 50);
  CHECK(late.stats.elapsed_ms <= 100);
  CHECK(TreeOfLifeGame(p).compute("generations 5", {}).status == SolveStatus::invalid);
  CHECK_FALSE(decode_generation_cells("generation 5\ncycle none 5\ncells 00", *p.shape).ok());
}

// PuzzleHooks::time_line: what Save animation shows for Tree of Life.
namespace {

TimeLine time_line_of(const std::string& text, size_t most) {
  auto game = treeoflife::puzzle_info().parse(text);
  REQUIRE(game.ok());
  REQUIRE(treeoflife::puzzle_info().hooks.time_line != nullptr);
  return treeoflife::puzzle_info().hooks.time_line(*game.value(), most);
}

const TreeOfLifeGame& tree_of(const TimeFrame& frame) {
  REQUIRE(frame.position != nullptr);
  return dynamic_cast<const TreeOfLifeGame&>(*frame.position);
}

}  // namespace

TEST_CASE("treeoflife: the time line runs to the last query, generation by generation",
          "[treeoflife][time_line]") {
  // The sample's queries ask about generations 0, 2, 2, 2, 3 and 3.
  const Problem p = parse_tree_ok(kTreeSample);
  const TimeLine line = time_line_of(kTreeSample, 64);
  REQUIRE(line.frames == 4);
  CHECK(line.unit == "generations");
  CHECK(line.span == "generations 0 to 3, the last query's");
  Bits expected = *p.generation0;
  for (size_t k = 0; k < line.frames; ++k) {
    INFO("frame " << k);
    const TimeFrame frame = line.frame(k);
    const TreeOfLifeGame& tree = tree_of(frame);
    CHECK(tree.problem().clock == int64_t(k));
    CHECK(tree.problem().rule == p.rule);
    CHECK(tree.state() == expected);  // k steps of the cell-by-cell definition
    CHECK(frame.counter == "generation " + std::to_string(k) + " / 3");
    std::vector<int> asked;
    for (const Query& q : *p.queries)
      if (q.generation == int64_t(k)) asked.push_back(int(q.cell));
    CHECK(frame.marks == asked);
    expected = step_reference(*p.shape, p.rule, expected);
  }
  CHECK(line.frame(2).marks.size() == 3);
  CHECK(line.frame(1).marks.empty());
}

TEST_CASE("treeoflife: the time line stops at its cap and says so, with no queries, the clock's",
          "[treeoflife][time_line]") {
  // One query 250 generations on: the first 10 frames of 251.
  const std::string far = std::string("42354\n") + kSampleTree + "\n1\n250 [<]\n";
  const TimeLine capped = time_line_of(far, 10);
  CHECK(capped.frames == 10);
  CHECK(capped.span == "generations 0 to 9 (the first 10; the last query's is 250)");
  CHECK(capped.frame(9).counter == "generation 9 / 9");
  CHECK(capped.frame(9).marks.empty());  // its query is past the cap
  CHECK(time_line_of(far, 251).frames == 251);
  CHECK(time_line_of(far, 251).frame(250).marks == std::vector<int>{1});

  // No queries: up to the generation shown; at generation 0, the first `most`.
  const TimeLine shown = time_line_of(std::string("42354\n") + kSampleTree + "\nt 5\n", 64);
  CHECK(shown.frames == 6);
  CHECK(shown.span == "generations 0 to 5, the one shown");
  CHECK(tree_of(shown.frame(0)).problem().clock == 0);  // from generation 0, whatever the clock
  const TimeLine preview = time_line_of(std::string("42354\n") + kSampleTree + "\n", 64);
  CHECK(preview.frames == 64);
  CHECK(preview.span == "generations 0 to 63");
}

TEST_CASE(
    "treeoflife: a 100,001-cell tree's time line is capped and its frames are the evolution's",
    "[treeoflife][time_line]") {
  std::mt19937 rng(29);
  const std::string text = "42354\n" + random_tree(100'001, rng) + "\n1\n1000000 [<>]\n";
  const Problem p = parse_tree_ok(text);
  REQUIRE(p.shape->cells() == 100'001);
  const TimeLine line = time_line_of(text, 64);
  REQUIRE(line.frames == 64);
  CHECK(line.span == "generations 0 to 63 (the first 64; the last query's is 1000000)");
  Evolution evolution(p.shape, p.rule, *p.generation0);
  Bits expected = *p.generation0;
  // A frame is a position and its clock, not the cells: frames are cheap to
  // ask for in any order, and their cells are computed when drawn.
  for (const size_t k : {size_t{63}, size_t{0}, size_t{1}, size_t{62}}) {
    INFO("frame " << k);
    const TimeFrame frame = line.frame(k);
    CHECK(tree_of(frame).state() == *evolution.state_at(int64_t(k)));
  }
  for (int g = 0; g < 63; ++g) expected = step_reference(*p.shape, p.rule, expected);
  CHECK(tree_of(line.frame(63)).state() == expected);
}
