// The app without its windows (after Simon Tatham's midend.c): the puzzle
// being played, its undo chain, solve runs, hints, ratings, generated
// puzzles, solution playback and the share link, driven by commands. It
// knows no ImGui: the App draws what it says and passes the player's clicks
// in as commands, and tests drive it directly with the thread solver.
//
// Slow work (solve, hint, rate, generate, Compare, the editor's verdict)
// goes to the work room's game lane (work.h), one request at a time; tick()
// collects what came back. The room also holds the lanes of the views' and
// the Cluster view's own work. Time comes from a clock the host gives
// (seconds), so animations follow the host's frames.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/json_writer.h"
#include "frame_pacer.h"
#include "midend/compare_run.h"
#include "midend/edit_session.h"
#include "midend/game_record.h"
#include "midend/launch_options.h"
#include "midend/playback.h"
#include "midend/puzzle_library.h"
#include "midend/session.h"
#include "midend/solve_run.h"
#include "midend/solver_client.h"
#include "midend/work.h"

namespace puzzlelab::shell {

// Where positions are kept between visits (the browser's localStorage): a
// link per puzzle id, and the id of the puzzle played last under "last".
class PositionStore {
 public:
  virtual ~PositionStore() = default;
  virtual std::optional<std::string> load(const std::string& key) = 0;
  virtual void save(const std::string& key, const std::string& value) = 0;
};

// An action the toolbar beside the board offers (see Midend::actions).
struct ToolbarAction {
  std::string_view command;  // the command() it runs: "solve", "cancel", "hint", ...
  std::string label;         // what its button says
  bool enabled = true;
  bool primary = false;  // the main action (Solve, or Cancel while solving)
};

class Midend {
 public:
  using Clock = std::function<double()>;  // seconds, any origin

  // `work`: the room every solver conversation goes through, its
  // transports made by the host. `clock`: nullptr = a steady clock.
  Midend(std::string assets_dir, std::unique_ptr<WorkRoom> work, Clock clock = nullptr);
  // A room whose game lane is `solver` (tests and hosts without views'
  // work), on the midend's clock.
  Midend(std::string assets_dir, std::unique_ptr<SolverClient> solver, Clock clock = nullptr);

  // --- commands -----------------------------------------------------------
  // Opens what a URL hash or the command line asked for.
  void open(const LaunchOptions& options);
  // The player picks a puzzle: its saved position, else its first bundled
  // board. Picking (this, load_board, load_bundled, new_puzzle) counts in
  // board_choices(); a link opening a board does not.
  void select_puzzle(const PuzzleInfo& info);
  bool load_board(std::string_view text);  // false: see load_error()
  bool load_bundled(int index);
  // The next board: a new puzzle of the chosen difficulty where the puzzle
  // has a generator, else the next bundled board.
  void next_board();
  // A generated puzzle, made off the UI thread: "" = the first difficulty,
  // no seed = a random one. The board changes when it arrives.
  void new_puzzle(std::string difficulty, std::optional<uint64_t> seed);
  // Plays a move from the board or the panel; `animate` slides into it.
  void play(std::string_view move, bool animate);
  // Several moves as one step, undone together (a jump across the Cluster
  // view): all or nothing, and only while the board takes moves.
  void play_steps(const std::vector<std::string>& moves);
  void undo();
  void redo();
  void restart();
  void solve();
  // Compare (midend_compare.cpp): solves the position on screen with every
  // algorithm under every metric, one row after another, under Solve's
  // budgets; cancel() stops the whole. comparison() has the rows.
  void compare();
  // The puzzle has more than one row to compare (algorithms x metrics).
  bool can_compare() const;
  // Shows row `row` of the comparison below its table and, when it solved,
  // plays its solution back from the position compared (as a Solve would:
  // run() becomes that row's).
  void play_compare_row(size_t row);
  void cancel();  // whatever slow work is under way
  void hint();    // asks for one; hint() has it when it arrives
  void apply_hint();
  void rate();  // asks for the position's difficulty; rating() has it
  // Says the position in words (Game::describe), for a screen reader.
  void describe();
  // Playback of the solution on the chain.
  void play_solution();  // from its start when at its end or outside it
  void pause();
  void step(int delta);          // one move along the chain (pauses)
  void solution_end(bool last);  // jump to its first or last position (pauses)
  void seek(int index);          // a chain position inside the solution (pauses)
  // Page commands by name: "solve", "compare", "cancel", "undo", "redo", "restart",
  // "play", "pause", "first", "last", "hint", "applyHint", "rate", "new"
  // (next_board), "describe", "rules" (show the rules card), "closeRules".
  // Unknown names are ignored.
  void command(std::string_view name);
  // A note for the player under the board (`is_error` shows it as a
  // warning), announced. A note about the position goes when the position
  // changes; one about the app ("Saved board.png") stays while a solution
  // plays on, until it is old.
  enum class NoteAbout { position, app };
  void set_note(std::string text, bool is_error = false, NoteAbout about = NoteAbout::position);
  // A text option (Amphipod's unfold) switched on or off: the board is
  // reloaded from its text before any option, with the options now on.
  bool text_option_on(std::string_view name) const;
  void set_text_option(std::string_view name, bool on);

  // --- Edit mode (midend_edit.cpp) ------------------------------------------
  // A puzzle with an editor (PuzzleInfo::editor) can be built by hand. While
  // editing, play() applies edits (the views send edit text instead of
  // moves), undo() and redo() walk the edits, and the solver judges the
  // board after each change (edit()->verdict()). play_edited() makes the
  // board the position played, with its own link, history entry and saved
  // progress; stop_editing() leaves it. The board being built is saved with
  // the position, and reopened in Edit mode.
  bool can_edit() const { return puzzle_ && puzzle_->editor && !embed_; }
  bool editing() const { return edit_.has_value(); }
  const EditSession* edit() const { return edit_ ? &*edit_ : nullptr; }
  void start_editing();  // on the position on screen
  void edit_blank(EditSize size);
  void set_edit_tool(int index);
  bool play_edited();  // false: the board does not parse (the note says why)
  void stop_editing();

  // The "How to play" card (PuzzleInfo::rules): open on a puzzle's first
  // visit (remembered in the store, or for the session without one; never
  // in an embed), and whenever the player asks.
  bool rules_shown() const { return rules_shown_; }
  void show_rules();
  void close_rules();

  // What a screen reader should say next: the puzzle and board when one
  // opens, each move with the counter, solves and their outcome, notes,
  // the rules card and descriptions. `serial` changes with each.
  struct Announcement {
    uint64_t serial = 0;
    std::string text;
  };
  const Announcement& announcement() const { return announcement_; }

  // Once a frame (or in a test's wait loop): collects the solver's events,
  // advances playback and saves the position when it changed.
  void tick();
  // Seconds until what the midend shows changes by itself: 0 while a move
  // slides; the next step of a solution played back, of the clock of the
  // work under way (work_clock_step) or a note's expiry; kNever
  // (frame_pacer.h) when nothing is due. Solver messages (a search's
  // progress) arrive by the solver client's wake-up instead.
  double seconds_to_next_change() const;

  // Positions are saved to `store` when they change (not while a solution
  // plays back) and reopened from it when a link names a puzzle but no
  // board, or no puzzle (the one played last), and when the player picks
  // the puzzle again. Embeds (LaunchOptions::embed) save and reopen nothing.
  void set_store(std::unique_ptr<PositionStore> store) { store_ = std::move(store); }
  // Changes when the player picks another board or puzzle (not when a link
  // opens one): the page then pushes a history entry, so Back returns.
  uint64_t board_choices() const { return board_choices_; }

  // --- choices ------------------------------------------------------------
  int algorithm() const { return algorithm_; }
  int metric() const { return metric_; }
  // The chosen difficulty: its place in PuzzleInfo::difficulties (-1 when a
  // link asked for one the list does not offer), and its name.
  int difficulty() const;
  const std::string& difficulty_name() const { return difficulty_; }
  void set_algorithm(int index) {
    changed();
    algorithm_ = index;
  }
  void set_metric(int index) {
    changed();
    metric_ = index;
  }
  void set_difficulty(int index);
  float& playback_speed() { return playback_.speed(); }
  float chosen_playback_speed() const { return playback_.chosen_speed(); }

  // --- state --------------------------------------------------------------
  const PuzzleInfo* puzzle() const { return puzzle_; }
  const Session& session() const { return session_; }
  PuzzleLibrary& library() { return library_; }
  const std::optional<SolveRun>& run() const { return run_; }
  const std::optional<CompareRun>& comparison() const { return compare_; }
  // The comparison is for the position on screen (or a row's solution
  // played back from it).
  bool comparison_current() const;
  // The budgets every Solve and every Compare row runs under (0: the
  // engine's defaults).
  struct Budgets {
    uint64_t nodes = 0;
    uint64_t memory_bytes = 0;
    double time_ms = 0;
  };
  void set_budgets(Budgets budgets) { budgets_ = budgets; }
  const std::optional<Hint>& current_hint() const { return hint_; }
  const std::string& rating() const { return rating_; }
  const std::optional<GenerateOptions>& generated() const { return generated_; }
  std::optional<int64_t> known_cost() const { return start_.optimum; }
  // The record of the game (game_record.h): its start and every move with
  // its origin, which every count, banner, link and caption reads.
  GameRecord record() const { return GameRecord(session_, start_); }
  // The last solve's cost when it found a solution; nothing after a failure
  // (a search that gave up has no cost to show).
  std::optional<int64_t> solved_cost() const;
  // What was wrong with the last link (an unknown option or value, a move
  // that does not apply); "" when it was all understood.
  const std::string& link_error() const { return link_error_; }
  int bundled_index() const { return bundled_index_; }
  // "Warm-up (10 moves)", "a new puzzle, hard, seed 7" or "your own board"
  // (the record's start); "the board being built" while editing.
  std::string board_name() const;
  const std::string& load_error() const { return load_error_; }
  const std::string& start_board() const { return start_board_; }
  std::string where() const { return work_->where(); }
  // The work room: the views' and the Cluster view's lanes are there too.
  WorkRoom& work() { return *work_; }
  const WorkRoom& work() const { return *work_; }
  // A request of `kind` for the position on screen (its start and the moves
  // to it), for work the app sends to a solver of its own (the Cluster view).
  SolveRequest request_for(RequestKind kind) const { return make_request(kind); }

  bool solving() const { return run_ && run_->running(); }
  bool comparing() const { return compare_ && !compare_->done(); }
  // A Solve or a Compare runs: the position must stay as it is.
  bool searching() const { return solving() || comparing(); }
  // The slow work under way (solve, hint, rate or generate), if any.
  std::optional<RequestKind> working() const { return working_; }
  double working_seconds() const { return work_clock() - work_started_; }
  // The clock of the work under way as the app shows it (running_duration):
  // tenths of a second through its first minute, whole seconds after. The
  // app redraws it when it steps and when progress arrives, not every frame.
  static double work_clock_step(double seconds) { return seconds < 60 ? 0.1 : 1; }
  // `seconds` of work as that clock shows them: down to its step.
  static double work_clock_shown(double seconds);
  // The time that clock stands at (the midend's clock): that of the last
  // report while reports flow, else its last step. Between two frames drawn
  // for one report it stands still, so the second draws the same picture
  // and frames stop there (frame_pacer.h).
  double work_clock() const;
  // A search reports its progress about this often (search_monitor.cpp),
  // each report a frame (the solver client's wake-up) that shows the clock
  // too; its own steps are due only when the job falls quiet for longer.
  static constexpr double kProgressSeconds = 0.1;
  // Quiet for this long (a report half a period late), the clock steps alone.
  static constexpr double kQuietSeconds = 1.5 * kProgressSeconds;
  // The last progress report of the work under way when it is not a solve
  // (a generator's "board 640, best 37 moves"); a solve's go to run().
  const std::optional<SolveProgress>& work_progress() const { return work_progress_; }
  bool playing() const { return playback_.playing(); }
  // The board takes moves: nothing is solving or playing back.
  bool interactive() const { return !searching() && !playing(); }
  // The slide under way, if any (ends by itself).
  std::optional<Tween::Frame> slide() { return tween_.at(now()); }

  // What the toolbar by the board offers, in order, for any puzzle: Solve
  // (Cancel while solving), Hint and Apply hint when the board gives hints
  // (`with_hints`: the view decides), Undo, Redo, Restart. The app draws
  // them; adding an action here puts it on every puzzle's toolbar.
  std::vector<ToolbarAction> actions(bool with_hints) const;

  // "Solved: 60 moves – optimal" for the banner and the note.
  std::string solved_text() const;
  // The player's own progress: moves played by hand up to the position on
  // screen (a solution played back is the solver's, not counted), their
  // cost in the chosen metric's unit, and the counter that says it:
  // "Moves: 3 · Energy: 240" ("Your moves: 3 · ..." once a solution's moves
  // are on screen), "Steps: 20", or the position's own
  // (Game::counter: "Generation: 5").
  int hand_moves() const;
  int64_t hand_cost() const;
  bool solver_moves_shown() const;  // a solution's move is on the way to the position
  std::string counter_text() const;
  // The counter for a narrow toolbar: its last part ("Energy: 40" of
  // "Moves: 1 · Energy: 40"), still the player's own while a solution's
  // moves are on screen ("Your energy: 40"); the whole text when it has one part.
  std::string short_counter_text() const;
  // The last solve still describes the position on screen: the position
  // is on the solution it found, or has what Solve read from it
  // (Game::solve_key). Otherwise the panel shows it as stale.
  bool result_current() const;
  // The unit of the last solve's cost ("steps"), or the default's.
  std::string_view solve_unit() const;
  // "move 12 of 60" for the playback scrubber, with the cost in the
  // solve's metric when that is not one per move ("· 20 of 93 steps").
  std::string playback_label() const;

  // The note under the board: a hint's explanation, or a recent message.
  struct Note {
    enum class Kind { plain, error, hint };
    std::string text;
    Kind kind = Kind::plain;
  };
  std::optional<Note> status_note() const;

  // "#puzzle=...&board=..." (or "&difficulty=...&seed=..." for a generated
  // puzzle), the algorithm and metric when not the defaults, and
  // "&moves=..." up to the position on screen: the link that reopens the
  // position being played. "" after a failed load or while generating.
  std::string share_hash() const;

  // The view drops its transient state (drags, selection) when this
  // changes: the position changed under it (undo, playback, a new board).
  uint64_t view_epoch() const { return view_epoch_; }
  // Changes when a new board starts (a new view is made for it).
  uint64_t board_epoch() const { return board_epoch_; }

  // window.puzzleLab's fields that describe the game, written into an open
  // JSON object (app_page_state.cpp lists them).
  void write_state(JsonWriter& json) const;
  // Changes whenever write_state() may write something else: every command
  // and every solver event bumps it, and a note's expiry flips the second
  // part. A host rebuilds the game's fields only when this changes.
  std::pair<uint64_t, bool> state_version() const { return {revision_, status_note().has_value()}; }

 private:
  using LinkKeys = std::vector<std::pair<std::string, std::string>>;
  static constexpr double kNoteSeconds = 6;  // a note stands this long
  static constexpr uint64_t kAnyPosition =
      ~uint64_t{0};  // a note that stands wherever the game goes
  void open_link(const LaunchOptions& options);
  // Reopens the position saved for puzzle `id`; false when none is saved.
  bool restore_saved(const std::string& id, const LaunchOptions& asked);
  void autosave();
  void show_puzzle(const PuzzleInfo& info);  // its first bundled board, if any
  bool open_board(std::string_view text);
  void request_puzzle(std::string difficulty, std::optional<uint64_t> seed, bool by_player);
  // `shown`: which of them were a solution being shown (LaunchOptions::shown).
  void play_link_moves(const std::vector<std::string>& moves, std::string_view shown);
  // Names the record's start after where the board came from.
  void name_start(RecordStart::Kind kind);
  void link_problem(const std::string& text);  // a note, and link_error()
  // The board text after the link's text options (unfold=1); nullopt after
  // an error (load_error()).
  std::optional<std::string> rewrite_board(std::string text, const LinkKeys& others);
  const TextOption* find_text_option(std::string_view name) const;
  // A note for each key of the link that nothing understood (no silent
  // substitutes: a mistyped option or a bad value is said).
  void note_unknown_keys(const LinkKeys& others);
  double now() const { return clock_(); }
  void changed() { ++revision_; }
  void start_session(std::unique_ptr<Game> game, std::string board);
  void start_work(SolveRequest request);  // cancels the work under way first
  void begin_work(const SolveRequest& request);
  void on_reply(Reply reply);
  void on_solved(const SolveResult& result);
  // run_ has a result: play its solution back (or say why there is none).
  void present_solution();
  void start_compare_row();  // the comparison's next row, or its end
  void on_compare_row(const SolveResult& result);
  void write_compare_state(JsonWriter& json) const;
  void on_hint(const Reply& reply);
  void on_generated(const Reply& reply);
  void after_move(int before, bool animate, double seconds);
  void walk_history(int step);  // undo (-1) or redo (+1), midend_play.cpp
  void step_to(int index, bool animate);
  void advance_playback();
  void drop_hint();  // the hint and its note
  double seconds_to_work_clock_step() const;
  void cancel_side_work();  // a hint or rating that the position no longer needs
  SolveRequest make_request(RequestKind kind) const;  // for the position on screen
  // The position on screen changed: notes, the rating and a solution it
  // left describe another one.
  void position_changed();
  void announce(std::string text);
  void announce_board();        // the puzzle, the board and the counter
  void open_rules_if_unseen();  // a puzzle's first visit
  // A link that plays a solution (solve=1) shows the card once it has been
  // watched: never over the board while it plays.
  void rules_after_watching();
  std::string_view hand_unit() const;
  int64_t move_cost(int index) const;  // the step into `index`, in hand_unit()

  void apply_edit(std::string_view edit);
  void edit_changed();  // asks the solver for the new verdict
  void on_edit_events(std::vector<SolverEvent> events);
  void save_edit();
  void restore_edit();
  // Stored state is reopened under a mark in the store: a page that dies
  // while reopening it (out of memory, an abort) finds the mark on its next
  // visit and sets that state aside instead of dying again.
  void restore_stored(const std::string& id, const LaunchOptions& asked, bool* restored);
  // Moves the stored value under `key` to "set-aside:KEY" (kept, never
  // reopened); the note that says so: "`what` could not be reopened (why)".
  std::string set_aside(const std::string& key, std::string_view what, std::string_view why);
  std::string set_aside_note_;  // shown once the stored state is reopened

  mutable PuzzleLibrary library_;  // reads a collection when first asked: a cache
  // The link's "#puzzle=...&board=..." and the board it encodes: the host
  // asks for the link every frame, and a pasted board may be megabytes.
  struct BoardLink {
    std::string_view puzzle;
    std::string board;
    std::string hash;
  };
  mutable BoardLink board_link_;
  const std::string& board_link(const std::string& board) const;
  Clock clock_;
  std::unique_ptr<WorkRoom> work_;
  WorkLane& game_work() { return work_->lane(Lane::game); }

  const PuzzleInfo* puzzle_ = nullptr;
  Session session_;
  std::string start_board_;              // the board as loaded (the share link's board)
  std::string base_board_;               // the board before the text options now on
  std::vector<std::string> options_on_;  // text options applied to base_board_
  RecordStart start_;                    // where the board came from: the record's start
  int bundled_index_ = -1;
  std::optional<GenerateOptions> generated_;   // how the board was made, if generated
  std::optional<GenerateOptions> generating_;  // asked for, not yet here
  bool solve_when_generated_ = false;
  bool generating_by_player_ = false;
  std::vector<std::string> moves_when_generated_;  // a link's moves for the puzzle on its way
  std::string shown_when_generated_;               // and which of them a solution shown
  std::string load_error_;                         // why the last board given could not be read

  int algorithm_ = 0;
  int metric_ = 0;
  std::string difficulty_;  // chosen, usually one of PuzzleInfo::difficulties ("": the first)
  std::optional<SolveRun> run_;
  std::optional<CompareRun> compare_;
  Budgets budgets_;
  std::optional<RequestKind> working_;
  double work_started_ = 0;
  double work_heard_ = 0;  // when the work under way started or last reported
  std::optional<SolveProgress> work_progress_;
  std::optional<Hint> hint_;
  std::string rating_;
  Tween tween_;
  Playback playback_;
  std::string note_;
  bool note_is_error_ = false;
  double note_time_ = -100;
  uint64_t note_position_ = 0;   // position_stamp_ when the note was set
  uint64_t position_stamp_ = 0;  // changes with the position on screen
  std::string run_key_;          // Game::solve_key of what the last solve read
  bool rules_shown_ = false;
  bool rules_deferred_ = false;          // a first visit's card, after the link's playback
  std::vector<std::string> rules_seen_;  // without a store: this session's
  Announcement announcement_;
  uint64_t view_epoch_ = 0;
  uint64_t board_epoch_ = 0;
  uint64_t board_choices_ = 0;
  std::string link_error_;
  std::optional<EditSession> edit_;
  bool embed_ = false;
  std::string saved_edit_;  // the board being built as last saved
  std::unique_ptr<PositionStore> store_;
  bool autosave_ = true;
  std::string saved_hash_;  // the last link saved to the store
  uint64_t revision_ = 0;   // see state_version()
};

}  // namespace puzzlelab::shell
