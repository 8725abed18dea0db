// The one interface every puzzle implements (after Simon Tatham's collection:
// one backend per puzzle, the front ends know nothing about any of them).
//
//   PuzzleInfo   what a puzzle is: id, title, options, and how to parse text
//                into a Game.
//   Game         one position of a puzzle: format, legal moves, apply, solved?,
//                clone, solve, and optional extras (hint, rate).
//
// Moves are short text ("A+1", "r3c5=7") so that the UI, the CLI, the Web
// Worker protocol and the tests all speak the same language.
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/clock.h"
#include "core/parse_result.h"

namespace puzzlelab {

struct PuzzleInfo;
struct PuzzleEditor;  // core/edit.h
struct Space;         // core/space.h
struct SearchTrace;   // core/trace.h

// A legal move and what it costs (1 for most puzzles; energy for Amphipod).
struct Move {
  std::string text;
  int64_t cost = 1;

  bool operator==(const Move&) const = default;
};

// What applying a move did: ok with its cost, or an error saying why not.
struct ApplyResult {
  bool ok = false;
  int64_t cost = 0;
  std::string error;

  explicit operator bool() const { return ok; }
  static ApplyResult success(int64_t cost) { return {true, cost, {}}; }
  static ApplyResult failure(std::string why) { return {false, 0, std::move(why)}; }
};

// States expanded in one layer of a layered search: a BFS depth, an A*
// f value, a Dijkstra cost, an IDA* bound. When a search has more layers
// than a stats record keeps (search::kMaxLayers), neighbouring layers are
// merged: then the entry covers the layers `layer` to `last`.
struct LayerCount {
  int64_t layer = 0;
  int64_t last = 0;
  uint64_t expanded = 0;

  bool operator==(const LayerCount&) const = default;
};

// Counters every search keeps.
struct SearchStats {
  uint64_t expanded = 0;     // states whose successors were generated
  uint64_t generated = 0;    // successor states produced (duplicates included)
  uint64_t peak_stored = 0;  // most states held in memory at once
  double elapsed_ms = 0;
  // Layered searches only (empty otherwise): what a layer is ("depth", "f",
  // "cost", "bound") and the states expanded per layer, lowest layer first.
  // The counts sum to `expanded`.
  std::string layered_by;
  std::vector<LayerCount> layers;
  // Most bytes the search's own tables held at once, as it counts them for
  // its memory budget (not the process's memory); 0 when it does not count.
  uint64_t peak_bytes = 0;
};

// Sent to SolveOptions::progress about every 100 ms while a search runs.
struct SolveProgress {
  SearchStats stats;
  int64_t bound = -1;  // current depth / f-bound / best cost found; -1 if none
  std::string phase;   // short free text, e.g. "depth 12" or "improving"
};

struct SolveOptions {
  std::string algorithm;             // "" = the puzzle's default (first of PuzzleInfo::algorithms)
  std::string metric;                // "" = the puzzle's default (first of PuzzleInfo::metrics)
  uint64_t node_budget = 0;          // max states expanded; 0 = kDefaultNodeBudget
  uint64_t memory_budget_bytes = 0;  // max bytes of search memory; 0 = kDefaultMemoryBudget
  // Wall time allowed, ms; 0 = none. Every search stops with budget_exceeded
  // when it runs out, except anytime optimisers, which return their best so far.
  double time_budget_ms = 0;
  uint64_t seed = 1;                          // for randomised searches and generators
  const std::atomic<bool>* cancel = nullptr;  // set to true from another thread to stop
  std::function<void(const SolveProgress&)> progress;
  // What every time budget, progress report and elapsed figure of the solve
  // reads (core/clock.h); nullptr = the steady clock. Outlives the solve.
  const Clock* clock = nullptr;

  static constexpr uint64_t kDefaultNodeBudget = 50'000'000;
  static constexpr uint64_t kDefaultMemoryBudget = uint64_t{1} << 30;  // 1 GiB

  // The memory budget in force (the default for 0).
  uint64_t memory_budget() const {
    return memory_budget_bytes ? memory_budget_bytes : kDefaultMemoryBudget;
  }
  double now_ms() const { return clock_or_steady(clock).now_ms(); }

  // The options of a quick search for a hint (Rush Hour's and Amphipod's
  // "next move"): the puzzle's default algorithm and metric, the asked
  // budgets, cancel, clock and progress, and where a budget is 0 the
  // hint's own (`nodes`, `memory_bytes`): a hint is quick or says
  // "press Solve".
  SolveOptions for_quick_hint(uint64_t nodes, uint64_t memory_bytes) const;
  static constexpr uint64_t kQuickHintMemory = uint64_t{128} << 20;  // 128 MiB
};

enum class SolveStatus {
  solved,           // moves lead to a solved position
  unsolvable,       // proven: no solution exists
  budget_exceeded,  // node, memory or time budget ran out before an answer
  cancelled,        // SolveOptions::cancel was set
  ambiguous,        // a solution was found but it is not the only one (Sudoku)
  invalid,          // the request itself was wrong (unknown algorithm or metric)
};

std::string_view to_string(SolveStatus status);

struct SolveResult {
  SolveStatus status = SolveStatus::invalid;
  std::vector<Move> moves;  // replayable with Game::apply from the solved position
  int64_t cost = 0;         // under the chosen metric
  bool optimal = false;     // true only when optimality is proven
  SearchStats stats;
  std::string answer;   // the puzzle's own answer text (a Sudoku grid, a Bender program...)
  std::string message;  // why it failed, or a short note
  // Puzzle-specific figures shown in the stats panel and JSON ("guesses",
  // "12"). Names are camelCase words ("shortestWalk"), as every key of the
  // JSON (core/json_writer.h); the panel shows them as words
  // (text::key_words: "shortest walk").
  std::vector<std::pair<std::string, std::string>> extras;

  // A request the puzzle cannot serve (unknown algorithm or metric, bad board).
  static SolveResult invalid(std::string why) {
    SolveResult result;
    result.message = std::move(why);
    return result;
  }
};

// A next step explained (Sudoku hints; other puzzles may give their next move).
// A hint: `solved` when it gives the next step (or a mistake to undo);
// else why there is none, as a solve would say it: `unsolvable` or
// `ambiguous` for the position itself, `budget_exceeded` or `cancelled`
// when the quick search stopped ("No quick hint"). The explanation says so.
struct Hint {
  SolveStatus status = SolveStatus::solved;
  std::string technique;           // "Hidden single", "X-Wing"...
  std::string explanation;         // one or two sentences for a person, naming the technique
  std::vector<std::string> moves;  // moves that carry it out (placements, eliminations)
  std::vector<int> cells;          // cells the hint is about (puzzle-specific numbering)
  std::vector<int> related_cells;  // cells that support the deduction
};

// A difficulty rating (see Game::rate), or why there is none: `solved` with
// the rating ("hard (hardest technique: X-Wing)"); `ambiguous` or
// `unsolvable` when the puzzle has no one solution to rate (the text says
// so: "not unique (more than one solution)"); `budget_exceeded` or
// `cancelled` when rating stopped.
struct RateResult {
  SolveStatus status = SolveStatus::solved;
  std::string text;

  bool operator==(const RateResult&) const = default;
};

// A figure of the position itself that the app shows as the player's
// progress, in place of the moves played (Tree of Life's generation, the
// turns of Bender's walk, a Sudoku's filled cells).
struct Counter {
  std::string_view name;  // "generation", "turns", "filled"
  int64_t value = 0;
  int64_t of = 0;  // a total to show beside it ("23 of 51"); 0 = none
};

// The verdict on a puzzle-specific answer (see Game::check_answer).
struct AnswerCheck {
  bool ok = false;      // the answer solves the puzzle
  int64_t cost = 0;     // its cost (a Bender program's length)
  std::string verdict;  // "WIN in 41 steps" or the reason it fails
};

class Game {
 public:
  virtual ~Game() = default;

  virtual const PuzzleInfo& info() const = 0;
  // Text that the puzzle's parse() reads back to an equal position.
  virtual std::string format() const = 0;
  virtual std::vector<Move> legal_moves() const = 0;
  virtual ApplyResult apply(std::string_view move) = 0;
  virtual bool is_solved() const = 0;
  virtual std::unique_ptr<Game> clone() const = 0;
  // Solves from this position. Must honour the budgets and the cancel flag.
  virtual SolveResult solve(const SolveOptions& options) const = 0;

  // Optional extras; the defaults say "not offered". A puzzle that offers
  // hint or rate says so in PuzzleInfo::has_hints / has_rating as well (the
  // app reads those; the interface test checks the two agree). They may
  // search (a Rush Hour hint solves from here), so they take the cancel flag,
  // progress and budgets of SolveOptions; node_budget 0 means the puzzle's
  // own budget for a quick hint, and algorithm and metric are the puzzle's
  // choice. A stopped search gives what a budget would (no move); the caller
  // knows it cancelled.
  virtual std::optional<Hint> hint(const SolveOptions& options) const {
    (void)options;
    return std::nullopt;
  }
  virtual std::optional<RateResult> rate(const SolveOptions& options) const {
    (void)options;
    return std::nullopt;
  }
  // The same with no cancel flag and the puzzle's budgets. An override hides
  // these: say `using Game::hint;` (and rate) to keep them on the puzzle's class.
  std::optional<Hint> hint() const { return hint(SolveOptions{}); }
  std::optional<RateResult> rate() const { return rate(SolveOptions{}); }
  // Work a puzzle's view asks for, off the UI thread (RequestKind::compute):
  // `task` and the answer's text (SolveResult::answer) are the puzzle's own
  // words, e.g. Tree of Life's "generation 900000" and the cells there.
  // Honours the budgets, cancel flag and progress of `options`. The default:
  // an `invalid` result, nothing to compute.
  virtual SolveResult compute(std::string_view task, const SolveOptions& options) const {
    (void)options;
    return SolveResult::invalid("nothing to compute for '" + std::string(task) + "' here");
  }
  // For puzzles whose answer is a text of its own (a Bender program): runs it
  // from this position. nullopt = not offered (answers are move lists).
  virtual std::optional<AnswerCheck> check_answer(std::string_view answer) const {
    (void)answer;
    return std::nullopt;
  }

  // --- for the app; every one optional -------------------------------------
  // The position in words, for a screen reader ("Car A, 2 long, row 3,
  // columns 1 to 2..."). The default is format()'s text.
  virtual std::string describe() const { return format(); }
  // What a move legal here costs under `metric` when that is not what
  // apply() counts (Rush Hour's steps: C-3 costs 3); nullopt = apply's cost.
  virtual std::optional<int64_t> cost_in(std::string_view metric, std::string_view move) const {
    (void)metric;
    (void)move;
    return std::nullopt;
  }
  // The app's counter when the puzzle counts something of the position
  // rather than the moves played to it; nullopt = the moves and their cost.
  virtual std::optional<Counter> counter() const { return std::nullopt; }
  // What solve()'s answer depends on, as text: two positions with the same
  // key get the same answer. format() by default; Tree of Life leaves out
  // the clock, which its answers do not depend on.
  virtual std::string solve_key() const { return format(); }
  // The position's proven optimum under the default metric when it is known
  // without a search (a generated board: its generator proved it).
  virtual std::optional<int64_t> known_optimum() const { return std::nullopt; }
};

struct GenerateOptions {
  std::string difficulty;  // puzzle-specific names, see PuzzleInfo::difficulties
  uint64_t seed = 1;
  // A generator honours these as a solve does (SolveOptions), over its whole run.
  uint64_t node_budget = 0;                   // states (or attempts) in all; 0 = its default
  uint64_t memory_budget_bytes = 0;           // 0 = kDefaultMemoryBudget
  double time_budget_ms = 0;                  // 0 = none
  const std::atomic<bool>* cancel = nullptr;  // set to true from another thread to stop
  std::function<void(const SolveProgress&)> progress = {};  // {} keeps {"20", 7} warning-free
  const Clock* clock = nullptr;  // as SolveOptions::clock; nullptr = the steady clock
};

// What a generator made: a game, or why not. `invalid` for a request the
// puzzle cannot serve (an unknown difficulty); `budget_exceeded` or
// `cancelled` when it gave up, the message saying which budget.
struct Generated {
  std::unique_ptr<Game> game;
  SolveStatus status = SolveStatus::invalid;
  std::string message;

  bool ok() const { return game != nullptr; }
  explicit operator bool() const { return ok(); }
  std::unique_ptr<Game>& value() { return game; }
  static Generated made(std::unique_ptr<Game> made_game) {
    return {std::move(made_game), SolveStatus::solved, {}};
  }
  static Generated failed(SolveStatus why_status, std::string why) {
    return {nullptr, why_status, std::move(why)};
  }
};

// What a batch benchmark measured, ready to print.
struct BenchReport {
  std::string text;     // one or more lines of figures
  size_t failures = 0;  // lines that could not be read or solved
};

// A batch of puzzles handed over one at a time: calls `take` with each
// puzzle's text in order (the view lasts for the call).
using PuzzleFeed = std::function<void(const std::function<void(std::string_view)>& take)>;

// An algorithm or a metric a puzzle offers: the name the CLI and the URL use,
// one line of help (what it optimises, when it is fast: the app's tooltip),
// for a metric the unit its cost is counted in, and the name in plain words
// the app shows ("Breadth-first search"; "" = the name).
struct Choice {
  std::string_view name;
  std::string_view help;
  std::string_view unit = {};  // metrics only: "steps"; "" = PuzzleInfo::unit
  std::string_view label = {};

  bool operator==(std::string_view other) const { return name == other; }
  std::string_view shown() const { return label.empty() ? name : label; }
};

// A switch that rewrites a puzzle's text before it is parsed (Amphipod's
// part-2 "unfold"). The CLI offers it as --NAME, the URL as NAME=1, the app
// as a checkbox with its label ("" = the name) and help as the tooltip.
struct TextOption {
  std::string_view name;
  std::string_view help;
  Parsed<std::string> (*apply)(std::string_view text) = nullptr;
  std::string_view label = {};
};

// One step of a rules card's demonstration: a move played on the demo
// board, and what it shows.
struct DemoStep {
  std::string_view move = {};     // "" = the position as it stands (the first step)
  std::string_view caption = {};  // "" = the last caption stays
  std::vector<int> cells = {};    // cells to mark, numbered as a hint's cells are
};

// The "How to play" card the app shows on a puzzle's first visit: the rules
// on one screen in plain words (docs/<id>.md is the long form), and where a
// picture says more than words, a small board on which the card plays a
// few moves, drawn by the puzzle's own view.
struct RulesCard {
  std::string_view text = {};        // short paragraphs, one a line; a line "- ..." is a bullet
  std::string_view demo_board = {};  // "" = no demonstration
  std::vector<DemoStep> demo = {};
};

// One frame of a position's course over time (see PuzzleHooks::time_line).
struct TimeFrame {
  std::unique_ptr<Game> position;  // the position at that time, for the puzzle's view to draw
  std::string counter;             // the frame's counter: "generation 3 / 40"
  std::vector<int> marks;          // cells to mark, numbered as a hint's cells are
};

// A position's course over time, for puzzles whose answer is not moves
// (Tree of Life: the tree generation by generation): what an animation of
// the puzzle shows in place of moves played.
struct TimeLine {
  size_t frames = 0;  // frame 0 is the start (generation 0)
  // What a step from one frame to the next is: "generations" (the speed's
  // unit, "generations/s").
  std::string_view unit = {};
  // What the frames cover, for the player: "generations 0 to 63 (the last
  // query's is 250)".
  std::string span;
  // Frame k, for k < frames. Holds what it needs (the frames outlive the
  // position they were made from); cheap, so it can be asked frame by frame.
  std::function<TimeFrame(size_t k)> frame;
};

// Hooks that one puzzle or another needs and the rest leave alone: each
// serves a puzzle that does not fit the common shape (batch files of one
// puzzle a line, an answer that is a text, no position to reach...). Every
// one defaults to "not so", so a puzzle names only the ones it uses.
struct PuzzleHooks {
  // Batch files hold one puzzle per line (Sudoku); otherwise a file is one puzzle.
  bool one_puzzle_per_line = false;
  // Rewrites of the text before parse (Amphipod's part-2 "unfold").
  std::vector<TextOption> text_options = {};
  // false for puzzles with no position to reach (Tree of Life): Solve
  // computes the answer, is_solved() is never true and the moves are empty.
  bool has_goal = true;
  // `puzzlelab solve` prints only SolveResult::answer (Tree of Life's query
  // answers, a Bender program) instead of the cost and then the moves.
  bool answer_only = false;
  // An answer runs from the start whatever was played (a Bender program):
  // Solve solves the start, and its solution replaces the moves played.
  bool solve_from_start = false;
  // What a move played by hand costs in, when not the solve's unit (a Bender
  // move is one turn; the solve's answer counts characters). "": cost_unit's.
  std::string_view play_unit = {};
  // A solution written in another format, for `puzzlelab solve --output
  // FORMAT` (Rush Hour's "golf"). `start` is the solved position's start;
  // nullopt when the puzzle has no such format. nullptr: no formats.
  std::optional<std::string> (*format_answer)(const Game& start, const SolveResult& result,
                                              std::string_view format) = nullptr;
  // A board built from a link's own keys
  // (#puzzle=treeoflife&rule=42354&tree=...&t=3). Takes the keys it reads out
  // of `keys`; "" when the link names no board this way. nullptr: none.
  Parsed<std::string> (*board_from_link)(std::vector<std::pair<std::string, std::string>>& keys) =
      nullptr;
  // Link keys the puzzle's view reads itself (Bender's program=...), handed
  // to BoardView::open_link rather than noted as unknown.
  std::vector<std::string_view> view_keys = {};
  // The space around a position (core/space.h): every position reachable
  // from it up to `cap` (0 = kDefaultSpaceCap), the moves between them and
  // their distances to solved, for the app's Cluster view and `puzzlelab
  // cluster`. Honours the budgets and cancel flag of `options` as a solve
  // does. nullptr: the puzzle draws no such picture.
  Space (*space)(const Game& position, const SolveOptions& options, size_t cap) = nullptr;
  // The search named in `options` (algorithm, metric, budgets) from
  // `position`, recorded: its first `limit` expansions in order (core/trace.h),
  // for the app's "Watch the search" and `puzzlelab trace`. nullptr: none.
  SearchTrace (*trace)(const Game& position, const SolveOptions& options, uint64_t limit) = nullptr;
  // For puzzles whose answer is not moves (has_goal false): the position's
  // course over time in at most `most` frames, which Save animation (and
  // `puzzlelab render --solution`) shows in place of the moves. nullptr:
  // an animation plays the moves.
  TimeLine (*time_line)(const Game& position, size_t most) = nullptr;
};

// What a puzzle is. In three parts: what every puzzle gives (id, title,
// parse); optional extras with defaults that the app, the CLI and the
// benches use when present; and `hooks`, the single-puzzle hooks above. A
// puzzle's designated initialiser names only what the puzzle has (see the
// template puzzle in tests/support/lights_out.cpp). The picker's puzzles
// also give `rules`, and labels and help on their choices (the interface
// tests check).
struct PuzzleInfo {
  // --- every puzzle gives these --------------------------------------------
  std::string_view id = {};     // "rushhour": used in URLs, the CLI and asset names
  std::string_view title = {};  // "Rush Hour"
  Parsed<std::unique_ptr<Game>> (*parse)(std::string_view text) = nullptr;

  // --- optional extras, each with a default --------------------------------
  std::string_view summary = {};  // one line of rules for the picker
  // The unit: what a cost counts ("moves", "energy", "characters"). A
  // metric may name its own (Choice::unit), a move played by hand may count
  // in another (PuzzleHooks::play_unit); cost_unit() is how everything reads it.
  std::string_view unit = "moves";
  std::vector<Choice> algorithms = {};  // first is the default
  // First is the default; may be empty (one metric, counted in `unit`).
  std::vector<Choice> metrics = {};
  std::vector<std::string_view> difficulties = {};          // for generate; empty if none
  Generated (*generate)(const GenerateOptions&) = nullptr;  // nullptr: no generator
  // A fast path for `puzzlelab bench`: solves every puzzle text (a line of
  // a batch file, or a whole file holding one puzzle) without the Game
  // machinery, `repeats` times, and reports the fastest pass; `options`
  // carries the budgets (an anytime solver's --time-ms). nullptr: each
  // puzzle goes through Game.
  BenchReport (*bench)(const std::vector<std::string>& puzzles, const SolveOptions& options,
                       int repeats) = nullptr;
  // The same for batches of one-line puzzles too big to hold as texts (a
  // million Sudoku lines): `puzzles` hands over the texts one at a time, as
  // often as it is called, so the puzzle keeps only its own compact form.
  // The CLI prefers it to `bench` when every file is such a batch.
  BenchReport (*bench_feed)(const PuzzleFeed& puzzles, const SolveOptions& options,
                            int repeats) = nullptr;
  // For the app:
  RulesCard rules = {};
  // For the "Paste your own board" box: a small board in the puzzle's text
  // format, and one line on how to read it ("" = none).
  std::string_view format_example = {};
  std::string_view format_help = {};
  // Edit mode (core/edit.h): nullptr = no editor, no Edit button.
  const PuzzleEditor* editor = nullptr;
  // Game::hint gives the next step (the app offers Hint and the H key) and
  // Game::rate a difficulty (the app offers Rate). These are what the app
  // reads, through the midend (no view asks); the interface test checks each
  // agrees with the puzzle's Game.
  bool has_hints = false;
  bool has_rating = false;
  // What a difficulty counts, when it is a number ("moves": the picker says
  // "40 moves"), and one line on what the difficulties mean.
  std::string_view difficulty_unit = {};
  std::string_view difficulty_help = {};

  // --- single-puzzle hooks -------------------------------------------------
  PuzzleHooks hooks = {};
};

// The choice named `name`, or nullptr.
const Choice* find_choice(const std::vector<Choice>& choices, std::string_view name);
// What a cost under `metric` counts ("steps"); the default metric's unit for
// "", and PuzzleInfo::unit for puzzles without metrics or a metric naming none.
std::string_view cost_unit(const PuzzleInfo& info, std::string_view metric);
// A difficulty as the app says it: "40 moves" (with difficulty_unit), "hard".
std::string difficulty_label(const PuzzleInfo& info, std::string_view difficulty);

}  // namespace puzzlelab
