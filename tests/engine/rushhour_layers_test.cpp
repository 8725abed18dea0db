// The breadth-first search over sorted layers (no hash set) against the one
// over a hash set: the same move counts for both metrics on random boards of
// several sizes, every solution replayed by the independent referee, and the
// sorted-run helpers against the standard library; a search workspace
// reused board after board against fresh searches.
#include <catch2/catch.hpp>

#include <atomic>
#include <fstream>
#include <random>
#include <set>
#include <sstream>
#include <vector>

#include "puzzles/rushhour/bitboard_model.h"
#include "puzzles/rushhour/fast_solver.h"
#include "puzzles/rushhour/rushhour.h"
#include "puzzles/rushhour/sorted_keys.h"
#include "support/rushhour_reference.h"
#include "support/sanitizer.h"

using namespace puzzlelab;
using puzzlelab::rushhour::BfsOutcome;
using puzzlelab::rushhour::BfsStore;
using puzzlelab::testing::RushHourReferee;

namespace {

constexpr const char* kBigCity =  // the bundled 8x8 board, 43 moves
    "oDDOOHHooQQKFToGJJoKFTBGUXAAFSBoUXIIoSBMLLoRRWWMNVPCCCEoNVPoooEo";

// A random n x n board: car A in the exit row and up to `pieces` others.
std::string random_square_board(std::mt19937& rng, int n, int pieces) {
  std::string cells(static_cast<size_t>(n * n), 'o');
  const int a_row = n / 2 - 1;
  const int a_col = static_cast<int>(rng() % static_cast<unsigned>(n - 2));
  cells[a_row * n + a_col] = cells[a_row * n + a_col + 1] = 'A';
  char label = 'B';
  for (int attempt = 0; attempt < 20 * pieces && label < 'B' + pieces; ++attempt) {
    const bool horizontal = rng() % 2;
    const int length = rng() % 4 == 0 ? 3 : 2;
    const int line = static_cast<int>(rng() % static_cast<unsigned>(n));
    const int pos = static_cast<int>(rng() % static_cast<unsigned>(n + 1 - length));
    if (horizontal && line == a_row) continue;  // a car in A's row would often lock it
    bool free = true;
    for (int k = 0; k < length; ++k) {
      const int cell = horizontal ? line * n + pos + k : (pos + k) * n + line;
      free = free && cells[cell] == 'o';
    }
    if (!free) continue;
    for (int k = 0; k < length; ++k)
      cells[horizontal ? line * n + pos + k : (pos + k) * n + line] = label;
    ++label;
  }
  if (rng() % 3 == 0) {
    const size_t cell = rng() % cells.size();
    if (cells[cell] == 'o') cells[cell] = 'x';
  }
  return cells;
}

struct LayersRun {
  BfsOutcome outcome;
  int cost = 0;  // moves, or cells moved with `steps`
};

LayersRun run_layers(const rushhour::Board& board, bool steps, BfsStore store,
                     const SolveOptions& options = {},
                     rushhour::BfsWorkspace* workspace = nullptr) {
  LayersRun r{rushhour::fast_bfs(*board.layout, board.positions, steps, options, store, workspace)};
  for (const rushhour::Slide& slide : r.outcome.slides) r.cost += steps ? std::abs(slide.delta) : 1;
  return r;
}

void require_replays(const std::string& text, const rushhour::Board& board, const LayersRun& r,
                     bool steps) {
  RushHourReferee referee(text);
  for (const rushhour::Slide& slide : r.outcome.slides) {
    if (steps) REQUIRE(std::abs(slide.delta) == 1);
    const std::string move = rushhour::format_slide(*board.layout, slide);
    INFO("move " << move << " on " << referee.board());
    REQUIRE(referee.play(move));
  }
  REQUIRE(referee.solved());
}

template <int N>
std::vector<rushhour::fast::Key<N>> random_keys(std::mt19937_64& rng, size_t count, int bits) {
  std::vector<rushhour::fast::Key<N>> keys(count);
  for (auto& key : keys) {
    for (auto& word : key.words) word = rng() >> (64 - bits);
  }
  return keys;
}

template <int N>
void check_sorted_runs(std::mt19937_64& rng, size_t count, int bits) {
  using rushhour::fast::Key;
  auto less = rushhour::fast::key_less<N>;
  auto keys = random_keys<N>(rng, count, bits);
  std::vector<Key<N>> scratch(count);
  auto expected = keys;
  std::sort(expected.begin(), expected.end(), less);
  rushhour::fast::sort_keys(keys.data(), keys.size(), scratch.data());
  REQUIRE(keys.size() == expected.size());
  for (size_t i = 0; i < keys.size(); ++i) REQUIRE(keys[i] == expected[i]);
  if constexpr (N >= 2) {  // sorted from word 1 on, word 0 (a tag) rides along
    auto tagged = random_keys<N>(rng, count, bits);
    auto pairs = tagged;
    rushhour::fast::sort_keys(tagged.data(), tagged.size(), scratch.data(), 1);
    auto key_part_less = [](const Key<N>& a, const Key<N>& b) {
      for (int w = N - 1; w >= 1; --w) {
        if (a.words[w] != b.words[w]) return a.words[w] < b.words[w];
      }
      return false;
    };
    REQUIRE(std::is_sorted(tagged.begin(), tagged.end(), key_part_less));
    std::sort(pairs.begin(), pairs.end(), less);
    std::sort(tagged.begin(), tagged.end(), less);
    REQUIRE(tagged == pairs);  // the same key-tag pairs
  }
}

}  // namespace

TEST_CASE("Rush Hour: sorted key runs sort like the standard library, also with a tag riding along",
          "[rushhour][layers]") {
  std::mt19937_64 rng(11);
  for (size_t count : {size_t{0}, size_t{1}, size_t{200}, size_t{5000}}) {
    for (int bits : {3, 20, 63}) {  // 3 bits: many repeats
      INFO(count << " keys of " << bits << " bits");
      check_sorted_runs<1>(rng, count, bits);
      check_sorted_runs<2>(rng, count, bits);
    }
  }
}

namespace {

// What check_stores_agree saw: boards solved (fewest moves), and of those
// checked against the referee.
struct Agreement {
  int solved = 0;
  int refereed = 0;
};

// The referee's BFS (a set of strings) is slow: it checks the clusters the
// fast search exhausts within this many expansions (most random boards).
constexpr uint64_t kRefereeExpansions = 20000;

// Both stores on one board, both metrics: the same status and cost, both
// answers replay, and fewest moves agree with the referee's on small
// clusters. A board whose hash search needs more than `budget` expansions
// (0: no limit) is skipped.
void check_stores_agree(const std::string& text, Agreement& seen, uint64_t budget = 0) {
  INFO(text);
  auto parsed = rushhour::parse_board(text);
  REQUIRE(parsed.ok());
  const rushhour::Board& board = parsed.value();
  for (bool steps : {false, true}) {
    INFO((steps ? "steps" : "moves"));
    SolveOptions options;
    options.node_budget = budget;
    const LayersRun hashed = run_layers(board, steps, BfsStore::hash_set, options);
    if (budget > 0 && hashed.outcome.status == SolveStatus::budget_exceeded) continue;
    const LayersRun layered = run_layers(board, steps, BfsStore::sorted_layers);
    REQUIRE(layered.outcome.status == hashed.outcome.status);
    if (hashed.outcome.status != SolveStatus::solved) continue;
    CHECK(layered.cost == hashed.cost);
    require_replays(text, board, layered, steps);
    require_replays(text, board, hashed, steps);
    if (steps) continue;
    ++seen.solved;
    if (hashed.outcome.stats.expanded > kRefereeExpansions) continue;
    ++seen.refereed;
    CHECK(hashed.cost == RushHourReferee(text).fewest_moves());
  }
}

// check_stores_agree on `count` random boards of sides `sides` (one after
// the other) with 4 + (i mod `spread`) pieces (spread 0: the side + 6).
Agreement check_random_boards(std::mt19937& rng, const std::vector<int>& sides, int count,
                              int spread) {
  Agreement seen;
  for (int i = 0; i < count; ++i) {
    const int n = sides[static_cast<size_t>(i) % sides.size()];
    check_stores_agree(random_square_board(rng, n, 4 + i % (spread > 0 ? spread : n + 6)), seen);
  }
  return seen;
}

}  // namespace

TEST_CASE("Rush Hour: BFS over sorted layers matches the hash-set BFS on random boards",
          "[rushhour][layers][property]") {
  std::mt19937 rng(20261123);
  const Agreement seen = check_random_boards(rng, {5, 6, 7, 8}, testing::property_cases(120), 0);
  CHECK(seen.solved > testing::property_cases(40));
  CHECK(seen.refereed > testing::property_cases(80));
}

// Boards wider than 8 take several plane words a direction (16-bit lanes): the
// hash-set BFS skips commuting moves by masks over several words there.
TEST_CASE("Rush Hour: BFS over sorted layers matches the hash-set BFS on 9x9 and 10x10 boards",
          "[rushhour][layers][property]") {
  std::mt19937 rng(20261124);
  const Agreement seen = check_random_boards(rng, {9, 10}, testing::property_cases(24), 6);
  CHECK(seen.solved > testing::property_cases(8));
  CHECK(seen.refereed > testing::property_cases(16));
}

// (The bundled 8x8 board, solved by default over sorted layers, is checked
// with the other bundled boards in rushhour_test.cpp.)
TEST_CASE("Rush Hour: BFS over sorted layers solves the hardest 6x6 board in 60 moves",
          "[rushhour][layers]") {
  const std::string text = "IBBxooIooLDDJAALooJoKEEMFFKooMGGHHHM";
  auto parsed = rushhour::parse_board(text);
  REQUIRE(parsed.ok());
  const LayersRun layered = run_layers(parsed.value(), false, BfsStore::sorted_layers);
  REQUIRE(layered.outcome.status == SolveStatus::solved);
  CHECK(layered.cost == 60);
  require_replays(text, parsed.value(), layered, false);
}

// States per depth (SearchStats::layers): each layer the search finished
// holds exactly the boards the referee finds at that distance, and the counts
// sum to the states expanded; both stores, fewest moves.
void check_layers_by_distance(const std::string& text) {
  INFO(text);
  auto parsed = rushhour::parse_board(text);
  REQUIRE(parsed.ok());
  for (const BfsStore store : {BfsStore::hash_set, BfsStore::sorted_layers}) {
    const SearchStats stats = run_layers(parsed.value(), false, store).outcome.stats;
    // The last layer may be cut short by the goal: the referee counts the others.
    const std::vector<size_t> by_distance = RushHourReferee(text).boards_by_distance(
        stats.layers.size() < 2 ? 0 : stats.layers.size() - 2);
    CHECK(stats.layered_by == "depth");
    uint64_t sum = 0;
    for (size_t i = 0; i < stats.layers.size(); ++i) {
      const LayerCount& layer = stats.layers[i];
      INFO("depth " << layer.layer);
      CHECK(layer.layer == static_cast<int64_t>(i));
      CHECK(layer.last == layer.layer);
      sum += layer.expanded;
      if (i + 1 < stats.layers.size()) CHECK(layer.expanded == by_distance.at(i));
    }
    CHECK(sum == stats.expanded);
  }
}

TEST_CASE("Rush Hour: BFS states per depth match the referee's boards by distance",
          "[rushhour][layers]") {
  check_layers_by_distance("IBBxooIooLDDJAALooJoKEEMFFKooMGGHHHM");  // 60 moves
  std::mt19937 rng(20261125);
  for (int i = 0; i < 40; ++i)
    check_layers_by_distance(random_square_board(rng, 5 + i % 2, 4 + i % 6));
}

TEST_CASE("Rush Hour: BFS over sorted layers honours budgets and cancel", "[rushhour][layers]") {
  auto parsed = rushhour::parse_board(kBigCity);
  REQUIRE(parsed.ok());
  const rushhour::Board& board = parsed.value();
  SolveOptions options;
  options.node_budget = 50;
  LayersRun r = run_layers(board, false, BfsStore::sorted_layers, options);
  CHECK(r.outcome.status == SolveStatus::budget_exceeded);
  CHECK(r.outcome.stats.expanded <= 50);
  options = {};
  options.memory_budget_bytes = 1 << 20;
  r = run_layers(board, true, BfsStore::sorted_layers, options);
  CHECK(r.outcome.status == SolveStatus::budget_exceeded);
  CHECK_THAT(r.outcome.message, Catch::Contains("memory"));
  std::atomic<bool> cancel{true};
  options = {};
  options.cancel = &cancel;
  CHECK(run_layers(board, false, BfsStore::sorted_layers, options).outcome.status ==
        SolveStatus::cancelled);
  // Unsolvable: the whole cluster is explored and nothing is found.
  auto locked = rushhour::parse_board("AABBoooooooooooo");
  REQUIRE(locked.ok());
  CHECK(run_layers(locked.value(), false, BfsStore::sorted_layers).outcome.status ==
        SolveStatus::unsolvable);
}

namespace {

// The sample's lines: "moves board cluster-size".
std::vector<std::pair<int, std::string>> layer_sample_boards() {
  std::ifstream file(PUZZLELAB_TEST_DATA_DIR "/rushhour/sample75.txt");
  std::vector<std::pair<int, std::string>> boards;
  int moves = 0;
  std::string board, rest;
  while (file >> moves >> board >> rest) boards.push_back({moves, board});
  return boards;
}

}  // namespace

TEST_CASE("Rush Hour: a reused search workspace gives a fresh search's answers, board after board",
          "[rushhour][workspace][property]") {
  const auto sample = layer_sample_boards();
  REQUIRE(sample.size() == 75);
  // Hard 6x6 boards (large tables) between random boards of every size and
  // shape (small tables, other key and board widths, both stores), both
  // metrics, with stopped searches in between that leave their memory used.
  std::mt19937 rng(5);
  rushhour::BfsWorkspace workspace;
  int solved = 0;
  for (int i = 0; i < 150; ++i) {
    const bool from_sample = i % 2 == 0;
    const int n = 5 + i % 4;
    const std::string text = from_sample ? sample[static_cast<size_t>(i / 2) % 75].second
                                         : random_square_board(rng, n, 4 + i % (n + 6));
    INFO(i << ": " << text);
    auto parsed = rushhour::parse_board(text);
    REQUIRE(parsed.ok());
    const rushhour::Board& board = parsed.value();
    const bool steps = i % 3 == 1;
    INFO((steps ? "steps" : "moves"));
    const BfsStore store = i % 5 == 4 ? BfsStore::sorted_layers : BfsStore::automatic;
    const LayersRun fresh = run_layers(board, steps, store);
    const LayersRun reused = run_layers(board, steps, store, {}, &workspace);
    REQUIRE(reused.outcome.status == fresh.outcome.status);
    CHECK(reused.outcome.stats.expanded == fresh.outcome.stats.expanded);
    if (fresh.outcome.status == SolveStatus::solved) {
      ++solved;
      CHECK(reused.cost == fresh.cost);
      require_replays(text, board, reused, steps);
      if (from_sample && !steps)
        CHECK(reused.cost == sample[static_cast<size_t>(i / 2) % 75].first);
    }
    if (i % 7 == 3) {  // a search stopped early: the next one starts clean all the same
      SolveOptions options;
      options.node_budget = 1 + static_cast<uint64_t>(i);
      const LayersRun stopped = run_layers(board, !steps, store, options, &workspace);
      CHECK(stopped.outcome.status != SolveStatus::invalid);
    }
  }
  CHECK(solved > 100);
}

TEST_CASE("Rush Hour: the bench solves every line with one workspace and checks stated costs",
          "[rushhour][workspace]") {
  const auto sample = layer_sample_boards();
  REQUIRE(sample.size() == 75);
  std::vector<std::string> lines;
  for (size_t i = 0; i < 75; i += 5)
    lines.push_back(std::to_string(sample[i].first) + " " + sample[i].second);
  const PuzzleInfo& info = rushhour::puzzle_info();
  REQUIRE(info.bench != nullptr);
  BenchReport report = info.bench(lines, SolveOptions{}, 2);
  CHECK(report.failures == 0);
  CHECK_THAT(report.text, Catch::Contains("rushhour: 15 puzzles in"));
  CHECK_THAT(report.text, Catch::Contains("15 stated costs checked, 0 failures"));
  int64_t total = 0;
  for (size_t i = 0; i < 75; i += 5) total += sample[i].first;
  CHECK_THAT(report.text, Catch::Contains("total cost " + std::to_string(total) + " moves"));
  // A wrong stated cost and an unreadable line are counted, not skipped.
  lines = {"11 " + sample[74].second, "not a board"};
  report = info.bench(lines, SolveOptions{}, 1);
  CHECK(report.failures == 2);
  CHECK_THAT(report.text, Catch::Contains("1 stated costs checked, 2 failures"));
}

namespace {

// Boards with more pieces than 3-bit fields fit in one word: the sorted
// search numbers each line's arrangement instead (the ranked key).
std::vector<std::string> crowded_boards() {
  std::vector<std::string> boards = {kBigCity};
  std::mt19937 rng(8);
  for (int i = 0; boards.size() < 12 && i < 4000; ++i) {
    const int n = 8 + i % 3;  // 8x8 to 10x10
    const std::string text = random_square_board(rng, n, 24);
    auto parsed = rushhour::parse_board(text);
    if (!parsed.ok()) continue;
    const rushhour::Layout& layout = *parsed.value().layout;
    if (rushhour::fast::key_words_needed(layout) == 2 &&
        rushhour::fast::ranked_key_bits(layout) <= rushhour::fast::kKeyWord0Bits)
      boards.push_back(text);
  }
  return boards;
}

// Walks a ranked model's positions at random and checks at each: unpacking
// the key gives the position back, and every child the search generates
// (its key a delta on the parent's) is the re-packed position after that
// slide, with the planes a rebuild would give.
template <int BW>
void check_ranked_key(const rushhour::Board& board, std::mt19937& rng) {
  using Model = rushhour::fast::Model<1, BW, true>;
  const rushhour::Layout& layout = *board.layout;
  const Model model(layout, board.positions);
  rushhour::Positions positions = board.positions;
  for (int step = 0; step < 60; ++step) {
    const auto key = model.pack(positions);
    REQUIRE(model.unpack(key) == positions);
    const auto planes = model.planes_of(key);
    const std::vector<rushhour::Slide> slides = rushhour::legal_slides(layout, positions);
    size_t children = 0;
    model.template for_each_child<false, false>(
        key, planes, rushhour::fast::kNoMove,
        [&](const auto& child, uint32_t move, bool, uint32_t from, uint32_t to) {
          ++children;
          const int piece = static_cast<int>(move >> 1);
          rushhour::Positions after = positions;
          after.set(piece, static_cast<int>(to % rushhour::kMaxSize));
          REQUIRE(static_cast<int>(from % rushhour::kMaxSize) == positions.get(piece));
          REQUIRE(rushhour::check_slide(
                      layout, positions,
                      rushhour::Slide{static_cast<uint8_t>(piece),
                                      static_cast<int8_t>(after.get(piece) - positions.get(piece))})
                      .empty());
          REQUIRE(child == model.pack(after));
          REQUIRE(model.unpack(child) == after);
          REQUIRE(model.planes_of(child).words == model.moved(planes, from, to).words);
        });
    REQUIRE(children == slides.size());
    if (slides.empty()) break;
    const rushhour::Slide slide = slides[rng() % slides.size()];
    positions.set(slide.piece, positions.get(slide.piece) + slide.delta);
  }
}

}  // namespace

TEST_CASE("Rush Hour: the ranked key round-trips and a slide's key delta equals re-packing",
          "[rushhour][layers][property]") {
  const auto boards = crowded_boards();
  REQUIRE(boards.size() >= 8);
  std::mt19937 rng(3);
  for (const std::string& text : boards) {
    INFO(text);
    auto parsed = rushhour::parse_board(text);
    REQUIRE(parsed.ok());
    const rushhour::Layout& layout = *parsed.value().layout;
    switch (rushhour::fast::board_words(layout)) {
      case 1:
        check_ranked_key<1>(parsed.value(), rng);
        break;
      case 2:
        check_ranked_key<2>(parsed.value(), rng);
        break;
      default:
        check_ranked_key<4>(parsed.value(), rng);
    }
  }
}

TEST_CASE("Rush Hour: sorted layers over ranked keys match the hash-set BFS and the referee",
          "[rushhour][layers][property]") {
  Agreement seen;
  for (const std::string& text : crowded_boards()) {
    if (text == kBigCity) continue;  // too long under the sanitizers (checked elsewhere)
    check_stores_agree(text, seen, kRefereeExpansions);
  }
  CHECK(seen.refereed >= 3);
}
