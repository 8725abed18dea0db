// The Puzzle Lab application: one object, created in main() by the native
// or the browser host, that lays out and draws each frame's ImGui UI. What
// is being played (the puzzle, its undo chain, solves, hints) lives in the
// Midend; the App draws it and passes the player's actions to it.
//
// The host's part: create the window and ImGui, call prepare(),
// before_new_frame() and frame() for each frame, pass in launch options and
// page commands, and publish state_json() (the browser keeps
// window.puzzleLab current with it). Frames are drawn on demand: the host
// draws when an event arrives and when next_frame_in() says (see
// frame_pacer.h).
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <tuple>
#include <vector>

#include "cluster_view.h"
#include "embed_code.h"
#include "frame_pacer.h"
#include "key_help.h"
#include "midend/launch_options.h"
#include "midend/midend.h"
#include "midend/work.h"
#include "pane_scroll.h"
#include "render/image.h"
#include "theme.h"
#include "views/board_view.h"
#include "watch_view.h"
#include "widgets.h"

namespace puzzlelab::shell {

struct AppConfig {
  std::string assets_dir;  // holds puzzles/<id>.txt
  std::string font_dir;    // holds DejaVuSans.ttf and DejaVuSans-Bold.ttf
};

// One cell of the compare table: its text and colour (0: the text's own).
struct CompareCell {
  std::string text;
  ImU32 color = 0;
};

class App {
 public:
  // `work`: the room every solver conversation goes through (work.h), its
  // transports made by the host: the game's lane (solves, hints...); the
  // views' lane for their own slow work (BoardFrame::worker; without one
  // they work in slices between frames); the space lane for the Cluster
  // view (without one the app offers no Cluster view).
  App(AppConfig config, std::unique_ptr<WorkRoom> work);

  // Loads fonts and style for the UI scale (call before ImGui::NewFrame).
  // True when the font atlas changed and the renderer must re-upload it.
  bool prepare(float ui_scale);
  // Opens what a URL hash or the command line asked for.
  void open(const LaunchOptions& options);
  // Right before ImGui::NewFrame(): the wheel's share for this frame.
  void before_new_frame() { scroller_.before_new_frame(); }
  // Builds this frame's UI, between ImGui::NewFrame() and ImGui::Render().
  void frame();
  // Wheel movement in screen pixels (positive y scrolls down, as on a web
  // page), for hosts whose wheel events ImGui's backend reads wrongly.
  void add_wheel(float dx, float dy) { scroller_.add_wheel(dx, dy); }
  // Seconds until the app wants its next frame though no event comes: 0
  // while something moves, the time a note or a label expires, or kNever.
  double next_frame_in() const;
  // Actions from outside the UI (see Midend::command), and "keys" (show or
  // hide the list of keyboard shortcuts).
  void command(std::string_view name);
  // Two fingers spread by `factor` about `middle`, which moved by `moved`
  // (screen pixels): the Cluster view zooms and pans; nothing else zooms.
  void pinch(float factor, ImVec2 middle, ImVec2 moved);
  // Where positions are saved between visits (see Midend::set_store).
  void set_store(std::unique_ptr<PositionStore> store) { midend_.set_store(std::move(store)); }
  // How the host puts a link (the share hash) on the clipboard; it calls
  // link_copied() when done. Without one there is no Copy link button.
  void set_link_copier(std::function<void(const std::string& hash)> copier) {
    copy_link_ = std::move(copier);
  }
  void link_copied(bool ok, const std::string& detail);
  // The address the Embed popup's code points at (the page's own, or the
  // native app's --site), and whether the host shows a live preview
  // (embed_preview()) over the popup; a host's own address is not edited.
  void set_embed_site(std::string site, bool live_preview);
  // Where the live preview goes this frame; none while the popup is closed.
  const std::optional<EmbedPreview>& embed_preview() const { return embed_preview_; }
  // How the host saves a picture of the board (Save picture): a PNG file
  // natively, a download in the page; it says how it went with note().
  // Without one there is no Save picture button.
  using PictureSaver = std::function<void(const std::string& file_name, const Image& picture)>;
  void set_picture_saver(PictureSaver saver) { save_picture_ = std::move(saver); }
  // How the host saves an animation of the moves (Save animation: the
  // solution played back, or the moves played by hand): the app makes and
  // encodes the GIF a few frames each UI frame, then hands the host its
  // bytes for a file natively, a download in the page. Without one there
  // is no Save animation button.
  using AnimationSaver = std::function<void(const std::string& file_name,
                                            const std::vector<uint8_t>& gif, int frames)>;
  void set_animation_saver(AnimationSaver saver) { save_animation_ = std::move(saver); }
  // A note about the app's own work (a file saved, a save cancelled, a new
  // version) under the board: it stays while a solution plays on.
  void note(std::string text, bool is_error) {
    midend_.set_note(std::move(text), is_error, Midend::NoteAbout::app);
  }
  // Keyboard and mouse, or a touch screen: the help line and the list of
  // keys say only what works on it.
  void set_device(Device device) { device_ = device; }
  // What a screen reader should say next (see Midend::announcement).
  const Midend::Announcement& announcement() const { return midend_.announcement(); }
  // "Puzzle Lab: Rush Hour": the canvas's accessible name.
  std::string accessible_name() const;

  // The page-visible state as JSON (window.puzzleLab); screen coordinates
  // are multiplied by `css_per_pixel` to give CSS pixels.
  std::string state_json(float css_per_pixel) const;
  // The same in two parts, so that a frame rebuilds only what changed: the
  // game's fields (the board's text, its legal moves, the result), which
  // change with game_state_version(), and the frame's (layout, display,
  // the view's own state), cheap to make each frame.
  std::string game_state_json() const;
  std::pair<uint64_t, bool> game_state_version() const { return midend_.state_version(); }
  std::string frame_state_json(float css_per_pixel) const;
  uint64_t frames() const { return frames_; }
  // Changes when the state a frame shows changed (the game, the layout, the
  // view's own state). A change made late in a frame (a view's note after
  // the panel was drawn) shows only in the next one: hosts draw again while
  // this changes (FramePacer::after_frame takes it with the picture's hash).
  uint64_t state_fingerprint() const;
  // The link that reopens the board being played (see Midend::share_hash),
  // with the view's own keys (a Bender program in the editor).
  std::string share_hash() const;
  // Slow work (a solve, a hint, a new puzzle) is under way.
  bool busy() const { return midend_.working().has_value(); }
  bool embedded() const { return embed_; }
  bool playing() const { return midend_.playing(); }
  bool solving() const { return midend_.solving(); }
  uint64_t board_choices() const { return midend_.board_choices(); }

 private:
  // The view for the board being played, fresh for each board and reset
  // when the position changes under it.
  BoardView& view();
  void play_move(const ViewAction& action);
  bool offers_hints() const {
    return !midend_.session().empty() && midend_.puzzle() && midend_.puzzle()->has_hints;
  }

  // --- layout (app_layout.cpp)
  void layout_wide(ImVec2 display);
  void layout_stacked(ImVec2 display);
  void layout_embed(ImVec2 display);
  // A wide screen's column beside the board (app_play_column.cpp): how wide
  // (0: none), and what it holds: the view's own controls, then the lab's
  // views (Compare, Cluster), one click from the board.
  float play_column_width(float board_pane) const;
  void play_column();
  void lab_buttons();
  // The pane that scrolls starts from its top on another puzzle.
  void scroll_home_on_new_puzzle();
  void begin_pane(const char* id, ImVec2 pos, ImVec2 size, ImU32 background);
  void end_scrolling_pane(const char* name);
  void note_target(const char* name);
  void keyboard_shortcuts();
  // Keys while the rules card is up: Esc or Enter close it, nothing else
  // reaches the page or the board.
  void rules_card_keys();
  // The list of keyboard shortcuts over everything (S, H, U, R, N, Esc, ?).
  void keys_overlay(ImVec2 display);
  void write_frame_state(JsonWriter& json, float css_per_pixel) const;
  // A short screen: the playback bar only once there is a solution, without
  // its speed slider, and the board gets nearly all the height.
  bool compact() const;

  // --- side panel (app_side_panel.cpp)
  // `play_first`: the view's own controls at the very top: below the board
  // on narrow screens, where a phone reaches them without scrolling.
  void side_panel(bool play_first);
  void puzzle_picker();
  void board_picker();
  // The bundled boards as the board picker's list; `index` is the current.
  void bundled_list(const std::vector<BundledPuzzle>& bundled, int index);
  void board_options();  // text options (unfold), Rate
  void generator_controls();
  void new_puzzle_from_seed();  // the seed field's seed, or a random one
  void paste_box();
  void edit_panel();  // app_edit_panel.cpp
  // The editor's tools (those that apply to the board), wrapped to `width`:
  // in the panel, or over the board on a narrow screen (tools_by_board).
  void edit_tools(float width);
  int edit_tool_rows(float width) const;
  bool tools_by_board() const;
  void edit_size(const PuzzleEditor& editor, EditSize now);
  void format_hint();
  void format_example_in_box();
  void share_controls();  // Copy link, Embed, the list of keys

  // --- the Embed popup (app_embed.cpp)
  void embed_button(float width);
  void embed_popup();
  void embed_options();
  void embed_custom_size();
  void embed_site_field();
  void embed_snippet(const char* title, const char* what, const std::string& text, float width);
  void embed_preview_area(const EmbedCode& code, float width, float height);
  EmbedChoices embed_choices() const;
  EmbedCode embed_code() const;  // for the board on screen, as chosen
  void play_controls();
  void board_controls();
  void solve_controls();
  void search_details();
  void stale_run();  // the last solve was for another position
  void result_stats();
  // The states per layer of the last solve, under its figures.
  void layer_chart();

  // --- Compare (app_compare.cpp)
  void compare_section();   // in the side panel, under its heading
  void embed_compare();     // in an embed, folded under the board's controls
  void compare_controls();  // the button and, once run, the results
  void compare_button();    // Compare algorithms, or Cancel compare while it runs
  void compare_progress();
  std::string compare_running_text() const;
  void compare_plot();
  void compare_table();
  std::vector<std::vector<CompareCell>> compare_cells() const;
  void compare_table_of(const std::vector<std::vector<CompareCell>>& cells,
                        const std::vector<size_t>& shown, const char* id, bool targets);
  void compare_all_card(ImVec2 display);  // every column, over the page
  // The card's rows one under another, each row's figures wrapping as the
  // width allows (a phone: no sideways scrolling).
  void compare_rows_stacked(const std::vector<std::vector<CompareCell>>& cells);
  void compare_selected();

  // --- the Cluster view (app_cluster.cpp)
  bool offers_cluster() const;
  WorkLane& space_work() { return midend_.work().lane(Lane::space); }
  void toggle_cluster();
  void cluster_controls();  // the panel's CLUSTER section: open or close it, the legend
  // Over the picture (lo..hi): how many positions it may hold, top right,
  // and Cancel in the middle while a space is worked out.
  void cluster_cap_control(ImVec2 lo, ImVec2 hi);
  // The cluster in the board's place, the board small in a corner.
  void cluster_canvas(ImVec2 size);
  void space_lane_work();  // the space lane's replies, and the picture asked for when wanted
  void cluster_board_inset(ImVec2 lo, ImVec2 hi);

  // --- Watch the search (app_watch.cpp): the Cluster view's picture lit by
  // one or two searches replayed from their traces (watch_view.h).
  bool offers_watch() const;
  void toggle_watch();
  void watch_button();                                // Watch the search, or Back to the board
  std::vector<std::string> watch_algorithms() const;  // as picked, else the defaults
  void pick_watch_algorithm(size_t k, const std::string& algorithm);  // "": no second
  void watch_algorithm_combo(size_t k, float width);
  void watch_bar();     // the algorithms, then restart, back, play/pause, step, end, speed
  void watch_counts();  // each search's counts in its colour
  void watch_canvas(ImVec2 size);
  void watch_shows_button(float width);  // Chart or Picture
  void watch_charts(ImVec2 size);        // a space too big to draw: each search's chart
  // Each search's state on a small board of `side`, in from the corner `hi`.
  void watch_board_insets(ImVec2 hi, float side);
  void write_watch_state(JsonWriter& json, float css_per_pixel) const;

  // --- pictures of the board (app_pictures.cpp)
  // Save picture and Save animation on one row; each opens a small popup
  // with the width (and the animation's speed) and the caption, then Save.
  void picture_controls();
  void picture_popup();
  void animation_popup();
  // Opens one of the two popups (`name`, ImGui id "##name", of `rows` rows)
  // under its button, publishes its place and draws the width they share;
  // false when it is closed.
  bool begin_picture_popup(const char* name, int rows);
  void picture_width_combo();
  void caption_checkbox(const char* tip);
  int picture_width() const;  // in pixels, as picked
  // The current position as the view draws it, at the screen's pixel
  // density (see BoardPainter), with the caption when asked for.
  Image board_picture() const;
  std::string picture_caption_text() const;
  std::string picture_caption_for_position() const;
  // Save animation makes a frame or a few each UI frame, so the app keeps
  // answering (see AnimationMaker); the job lives in app_pictures.cpp.
  struct AnimationJob;
  void animation_button(float width);  // Save animation, or its progress and Cancel
  float animation_speed();             // moves a second, as picked
  // What Save animation shows when the puzzle's answer is not moves: the
  // position's course over time (PuzzleHooks::time_line); nullptr when the
  // puzzle has none and the animation plays the moves. Made again when
  // `fresh` or the position changed.
  const TimeLine* animation_time_line(bool fresh);
  void start_animation();
  void animation_slice();
  void cancel_animation();
  void write_animation_progress(JsonWriter& json) const;  // savingAnimation

  // --- board area (app_board_area.cpp)
  // Always in view: toolbar, board, playback bar, outcome, status line.
  void board_area(ImVec2 size);
  void toolbar();
  void action_button(const ToolbarAction& action, float height, float width);
  std::string action_tooltip(std::string_view command) const;
  void board_canvas(ImVec2 size);
  bool banner_due();
  bool banner_reserved() const;
  float banner_height() const;
  float banner_strip() const;
  float banner_room(const BoardView& board, const BoardFrame& frame,
                    BoardView::BannerPlace place) const;
  void solved_banner(float left, float right, float top, float height);
  bool banner_in_status_line();
  void status_banner(float width);
  float hint_pulse();
  bool shows_playback() const;
  void play_pause_button(float s, bool on);  // app_playback.cpp
  void playback_bar();  // app_playback.cpp, with what follows up to status_line
  bool transport_in_toolbar() const;
  void toolbar_transport(float width);
  void toolbar_counter(float avail, float x);
  void counter_text(const std::string& text);
  float pending_counter_width() const;
  void pending_counter(float right);
  int outcome_lines(float width) const;
  int status_lines(float width) const;
  void shared_line();
  struct Line {
    std::string text;
    ImU32 color = 0;
    bool help = false;  // how to play (not news: the first to be cut short)
  };
  Line outcome() const;       // the last solve: status, cost, counters
  Line edit_outcome() const;  // Edit mode's verdict in its place (app_edit_panel.cpp)
  Line status();              // a hint, a note, the work under way, or how to play
  Line fitted_status(float width);
  void outcome_line(int lines);
  void status_line();
  bool narrow_board_area(float width) const;
  // What goes under the board (playback, outcome, status), in pixels.
  float below_board_height(float width);

  // --- the How to play card (app_rules_card.cpp)
  void rules_card(ImVec2 display);
  void rules_text(std::string_view text);
  void rules_demo(ImVec2 size);
  void restart_demo();
  // Seconds until the demonstration moves on by itself (kNever when done).
  double rules_demo_wait(double now) const;

  AppConfig config_;
  FontSet fonts_;
  float scale_ = 1;
  Midend midend_;
  std::unique_ptr<BoardView> view_;
  ClusterView cluster_;
  bool cluster_open_ = false;
  WatchView watch_;
  bool watch_open_ = false;
  const PuzzleInfo* watch_puzzle_ = nullptr;  // the puzzle watch_picked_ is for
  std::vector<std::string> watch_picked_;     // the player's algorithms (empty: the defaults)
  struct WatchBoard {                         // a search's state, drawn by a view of its own
    const PuzzleInfo* puzzle = nullptr;
    std::unique_ptr<BoardView> view;
    std::unique_ptr<Game> game;
    std::string text;
  };
  std::vector<WatchBoard> watch_boards_;
  uint64_t view_board_epoch_ = 0;  // the midend's epochs the view was made / reset for
  uint64_t view_epoch_ = 0;
  bool stacked_ = false;  // this frame's layout is the board over the panel (layout_stacked)
  EditSize edit_size_;    // the size "New empty board" makes
  const PuzzleEditor* edit_size_editor_ = nullptr;  // the editor edit_size_ is for
  std::string paste_text_;
  const PuzzleInfo* paste_puzzle_ = nullptr;  // the puzzle paste_text_ was written for
  std::string seed_text_;                     // the generator's seed field
  std::function<void(const std::string&)> copy_link_;
  static constexpr double kCopiedSeconds = 2.5;  // "Copied!" shows this long
  double copied_at_ = -100;                      // when the clipboard last took the link
  std::string copied_what_;                      // "link", or the Embed popup's "iframe", "script"
  EmbedPopup embed_popup_;                       // the Embed popup's choices
  std::optional<EmbedPreview> embed_preview_;    // this frame's, while the popup is open
  bool embed_open_ = false;                      // the Embed popup is open this frame
  PictureSaver save_picture_;
  bool picture_caption_ = true;  // pictures and animations get the caption line
  int picture_size_ = 0;         // index in kPictureSizes (app_pictures.cpp); 0: as on screen
  // The animation's speed once the player moved its slider; until then it
  // follows the playback speed under the board.
  std::optional<float> animation_speed_;
  AnimationSaver save_animation_;
  std::shared_ptr<AnimationJob> animation_job_;  // while Save animation works
  // The time line the animation's popup shows (animation_time_line), and
  // the board, position and chain it was made for.
  std::optional<TimeLine> animation_line_;
  std::tuple<uint64_t, const Game*, int, int> animation_line_for_{};
  bool keys_shown_ = false;
  bool board_keys_taken_ = false;                   // this frame's keys went to a card on top
  bool compare_all_open_ = false;                   // the card with every column
  bool compare_all_stacked_ = false;                // its rows stacked (too narrow a page)
  std::optional<bool> compare_log_scale_;           // the player's choice; none: automatic
  bool compare_plot_log_ = false;                   // the plot's scale last drawn
  std::vector<std::string> compare_columns_shown_;  // the panel table's headings
  bool keys_focused_ = false;  // the list of keys took the focus when it opened
  Device device_ = Device::keyboard;
  UiReport report_;  // this frame's (io.UserData points here during frame())
  // The rules card's demonstration: the puzzle's own view playing
  // PuzzleInfo::rules.demo on its small board, a step every few seconds.
  struct Demo {
    const PuzzleInfo* puzzle = nullptr;
    std::unique_ptr<BoardView> view;
    std::unique_ptr<WorkRoom> work;                // the view's lane: in-process
    std::vector<std::unique_ptr<Game>> positions;  // after each step
    int step = 0;
    double step_started = 0;
    bool done = false;
  };
  Demo demo_;
  float embed_controls_h_ = 0;       // the embed's board controls, as tall as last frame
  float embed_view_controls_h_ = 0;  // the view's part of them (not Compare's)
  bool view_panel_used_ = true;      // the view drew controls in the panel last frame
  bool counter_drawn_ = false;       // this frame's counter is on screen already
  bool play_beside_ = false;         // this frame's play controls are in the column by the board
  bool reveal_compare_ =
      false;  // scroll the panel to COMPARE (its button by the board was pressed)
  const PuzzleInfo* panel_puzzle_ = nullptr;  // the puzzle the panel's scroll is for
  ImVec2 pane_scroll_{0, 0};                  // the panel's scroll offset and its most, last frame
  bool popup_open_ = false;  // a menu (combo) was open at the end of the last frame
  PaneScroller scroller_;
  double hint_since_ = -1;  // when the hint on the board arrived (-1: none)

  bool embed_ = false;
  bool ready_ = false;
  uint64_t frames_ = 0;
  ImVec2 display_;                  // the size the last layout was made for
  std::vector<Target> targets_;     // from the view, last frame
  std::vector<Target> ui_targets_;  // the shell's own buttons (Solve/Cancel), last frame
  Target banner_;                   // the "Solved" banner, last frame (w = 0: none)
  Target board_drawn_;              // where the view drew its board, last frame
  Target board_canvas_;             // the board's area, the banner's strip included
  float banner_strip_taken_ = 0;    // the strip the canvas kept for the banner (0: none)
};

}  // namespace puzzlelab::shell
