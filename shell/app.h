// The Puzzle Lab application: one object, created in main() by the native
// or the browser host, that owns the puzzle being played, its undo chain,
// the solver and the UI state, and builds each frame's ImGui UI.
//
// The host's part: create the window and ImGui, call prepare() and frame()
// every frame, pass in launch options and page commands, and publish
// state_json() (the browser keeps window.puzzleLab current with it).
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "board_view.h"
#include "launch_options.h"
#include "playback.h"
#include "puzzle_library.h"
#include "session.h"
#include "solve_run.h"
#include "solver_client.h"
#include "theme.h"

namespace puzzlelab::shell {

struct AppConfig {
  std::string assets_dir;  // holds puzzles/<id>.txt
  std::string font_dir;    // holds DejaVuSans.ttf and DejaVuSans-Bold.ttf
};

class App {
 public:
  App(AppConfig config, std::unique_ptr<SolverClient> solver);

  // Loads fonts and style for the UI scale (call before ImGui::NewFrame).
  // True when the font atlas changed and the renderer must re-upload it.
  bool prepare(float ui_scale);
  // Opens what a URL hash or the command line asked for.
  void open(const LaunchOptions& options);
  // Builds this frame's UI, between ImGui::NewFrame() and ImGui::Render().
  void frame();
  // Actions from outside the UI: "solve", "cancel", "undo", "redo", "restart",
  // "play", "pause", "first", "last" (ends of the solution), "hint",
  // "applyHint". Unknown names are ignored.
  void command(std::string_view name);

  // The page-visible state as JSON (window.puzzleLab); screen coordinates
  // are multiplied by `css_per_pixel` to give CSS pixels.
  std::string state_json(float css_per_pixel) const;
  // "#puzzle=...&board=..." (or "&difficulty=...&seed=..." for a generated
  // puzzle) that reopens the board being played.
  std::string share_hash() const;
  bool solving() const { return run_ && run_->running(); }
  bool embedded() const { return embed_; }

 private:
  // --- actions (app.cpp)
  void select_puzzle(const PuzzleInfo& info);
  bool load_board(std::string_view text);
  // A generated puzzle: "" = the first difficulty, no seed = a random one.
  bool new_puzzle(std::string difficulty, std::optional<uint64_t> seed);
  bool generate_board(const GenerateOptions& options);
  void start_session(std::unique_ptr<Game> game, std::string board);
  void start_solve();
  void cancel_solve();
  void poll_solver();
  void on_result(const SolveResult& result);
  void play_move(const ViewAction& action);
  void after_move(int before, bool animate, double seconds);
  void step_to(int index, bool animate);
  void advance_playback();
  void show_solution_end(bool last);
  void set_note(std::string text, bool is_error = false);
  void show_hint();
  // "Solved: 60 moves – optimal" for the banner and the note.
  std::string solved_text() const;
  void apply_hint();
  double now() const;

  // --- layout (app_layout.cpp)
  void layout_wide(ImVec2 display);
  void layout_stacked(ImVec2 display);
  void layout_embed(ImVec2 display);
  void begin_pane(const char* id, ImVec2 pos, ImVec2 size, ImU32 background);

  // --- side panel (side_panel.cpp)
  // `play_first`: the board's own controls (hints, the view's panel) at the
  // very top, without undo and redo, which the board's toolbar has: below
  // the board on narrow screens, where a phone reaches them without scrolling.
  void side_panel(bool play_first);
  void puzzle_picker();
  void board_picker();
  void generator_controls();
  void hint_controls();
  void paste_box();
  void play_controls();
  void history_controls();
  void board_controls();
  void solve_controls();
  void solve_progress();
  void result_stats();
  void drag_to_scroll();

  // --- board area (board_area.cpp)
  void board_area(ImVec2 size, bool with_toolbar);
  void toolbar();
  void board_canvas(ImVec2 size);
  void solved_banner(ImVec2 lo, ImVec2 hi);
  void playback_bar();
  void status_line();
  // The note under the board (a hint being shown, or a recent message).
  struct StatusNote {
    std::string text;
    ImU32 color = 0;
  };
  std::optional<StatusNote> status_note() const;
  void run_summary();
  bool narrow_board_area(float width) const;
  float board_area_extra_height(float width) const;

  AppConfig config_;
  FontSet fonts_;
  float scale_ = 1;
  PuzzleLibrary library_;
  std::unique_ptr<SolverClient> solver_;

  const PuzzleInfo* puzzle_ = nullptr;
  std::unique_ptr<BoardView> view_;
  Session session_;
  std::string start_board_;  // the board as loaded (the share link's board)
  std::optional<int64_t> known_cost_;
  int bundled_index_ = -1;
  std::optional<GenerateOptions> generated_;  // how the board was made, if generated
  int difficulty_ = 0;                        // chosen in PuzzleInfo::difficulties
  std::string paste_text_;
  std::string load_error_;  // why the last board given could not be read

  int algorithm_ = 0;
  int metric_ = 0;
  std::optional<SolveRun> run_;
  std::optional<Hint> hint_;
  Tween tween_;
  Playback playback_;
  std::string note_;
  bool note_is_error_ = false;
  double note_time_ = -100;

  bool embed_ = false;
  bool ready_ = false;
  uint64_t frames_ = 0;
  std::vector<Target> targets_;     // from the view, last frame
  std::vector<Target> ui_targets_;  // the shell's own buttons (Solve/Cancel), last frame
  void note_target(const char* name);
};

}  // namespace puzzlelab::shell
