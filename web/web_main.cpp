// Puzzle Lab in the browser: GLFW on WebGL 2 through Emscripten, the same
// App as natively, with the solver in a Web Worker. The canvas backing store
// follows its CSS size times devicePixelRatio, and the UI scale follows
// devicePixelRatio, so everything is drawn at the screen's real resolution.
//
// Frames are drawn on demand, not every requestAnimationFrame: the page
// wakes the app on input, page commands, resizes and worker messages
// (page_bridge's wake hook), a FramePacer adds the frames ImGui needs to
// settle, and the app's next_frame_in() asks for animation frames or a
// timer. An idle page draws nothing and costs no CPU.
#include <GLES3/gl3.h>
#include <GLFW/glfw3.h>
#include <emscripten/emscripten.h>
#include <emscripten/eventloop.h>
#include <emscripten/html5.h>
#include <imgui.h>
#include <imgui_impl_glfw.h>
#include <imgui_impl_opengl3.h>

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <new>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "app.h"
#include "core/json_writer.h"
#include "damage.h"
#include "embed_preview.h"
#include "frame_pacer.h"
#include "glfw/glfw_keys.h"
#include "midend/puzzle_library.h"
#include "midend/work.h"
#include "page_bridge.h"
#include "picture_download.h"
#include "puzzles/puzzle_list.h"
#include "saved_note.h"
#include "widgets.h"
#include "worker_solver_client.h"

// WebGL draws without a vertex offset, so a draw list's indices must reach
// every vertex of the biggest board (shell/CMakeLists.txt sets this).
static_assert(sizeof(ImDrawIdx) == 4, "the page needs 32-bit ImGui draw indices");

namespace {

using puzzlelab::shell::App;

// Everything the main loop needs; made in main() and handed to the loop.
struct WebHost {
  GLFWwindow* window = nullptr;
  std::unique_ptr<App> app;
  puzzlelab::shell::WorkRoom* work = nullptr;  // the app's, for the page's silenceLimit command
  puzzlelab::shell::KeyTapKeeper keys;
  float scale = 1;
  std::optional<puzzlelab::shell::EmbedPreview> embed_preview;  // the page shows this one
  std::string clipboard;  // Emscripten's GLFW has no clipboard; the page's paste events fill this
  puzzlelab::shell::FramePacer pacer;
  puzzlelab::shell::DamageTracker damage;  // where the canvas must be drawn again
  double redrawn = 0;                      // the share of the canvas the last frame drew
  bool frame_requested = false;            // an animation frame is on its way
  long timer = 0;                          // the app's timer (0 = none)
  std::string published;                   // last frame state sent to window.puzzleLab
  std::pair<uint64_t, bool> game_version{~uint64_t{0}, false};  // of the game state sent
  std::string hash;                                             // last hash we wrote or read
  // The address as location.hash reads it once the app has opened it (or
  // written it): window.puzzleLab.address, so a test that changes the hash
  // can wait until the app has caught up rather than read the last board's state.
  std::string address;
  std::string published_address;
  uint64_t choices = 0;    // the app's board_choices() when the address last followed it
  std::string titled;      // the share hash the tab title was made for
  uint64_t announced = 0;  // the last announcement's serial said
  std::unique_ptr<puzzlelab::shell::PuzzleLibrary> library;  // bundled boards' titles
  ImGuiMouseCursor cursor = ImGuiMouseCursor_Arrow;
};

const char* get_clipboard(void* user) {
  return static_cast<WebHost*>(user)->clipboard.c_str();
}

void set_clipboard(void* user, const char* text) {
  static_cast<WebHost*>(user)->clipboard = text;
  puzzlelab::web::write_clipboard(text);
}

// Keeps the canvas backing store at CSS size x devicePixelRatio.
void fit_canvas(WebHost& host) {
  const puzzlelab::web::CanvasSize size = puzzlelab::web::canvas_size();
  const int w = std::max(1, static_cast<int>(std::lround(size.css_width * size.pixel_ratio)));
  const int h = std::max(1, static_cast<int>(std::lround(size.css_height * size.pixel_ratio)));
  int current_w = 0, current_h = 0;
  glfwGetWindowSize(host.window, &current_w, &current_h);
  if (w != current_w || h != current_h) puzzlelab::web::resize_canvas(w, h);
  host.scale = static_cast<float>(size.pixel_ratio);
}

// Positions kept between visits in the page's localStorage.
class LocalStore final : public puzzlelab::shell::PositionStore {
 public:
  std::optional<std::string> load(const std::string& key) override {
    return puzzlelab::web::storage_load(key);
  }
  void save(const std::string& key, const std::string& value) override {
    puzzlelab::web::storage_save(key, value);
  }
};

void open_hash(WebHost& host) {
  host.hash = puzzlelab::web::location_hash();
  host.address = host.hash;
  host.app->open(puzzlelab::shell::parse_hash(host.hash));
  host.choices = host.app->board_choices();  // the link's own board is no new entry
}

void run_page_commands(WebHost& host) {
  for (std::string command = puzzlelab::web::take_page_command(); !command.empty();
       command = puzzlelab::web::take_page_command()) {
    if (command == "hash") {
      if (puzzlelab::web::location_hash() != host.hash) open_hash(host);
    } else if (command.rfind("clipboard:", 0) == 0) {
      host.clipboard = command.substr(10);
    } else if (command.rfind("pasteTooBig:", 0) == 0) {
      const std::string sizes = command.substr(12);
      const double bytes = std::atof(sizes.c_str());
      const double limit = std::atof(sizes.substr(sizes.find(':') + 1).c_str());
      host.app->note(puzzlelab::shell::paste_refusal(bytes, limit), true);
      host.clipboard.clear();  // Ctrl+V inserts nothing, not an older paste
    } else if (command == "repaint") {
      host.damage.invalidate();  // the next frame draws the whole canvas
    } else if (command == "newVersion") {
      host.app->note("A new version of Puzzle Lab is ready: reload the page to use it.", false);
    } else if (command == "copied") {
      host.app->link_copied(true, "");
    } else if (command.rfind("copyFailed:", 0) == 0) {
      host.app->link_copied(false, command.substr(11));
    } else if (command.rfind("pinch:", 0) == 0) {
      // Two fingers on the canvas (index.html): the spread's factor, the
      // fingers' middle and how far it moved since, in CSS pixels.
      double f = 1, x = 0, y = 0, dx = 0, dy = 0;
      std::sscanf(command.c_str() + 6, "%lf:%lf:%lf:%lf:%lf", &f, &x, &y, &dx, &dy);
      const double r = host.scale;
      host.app->pinch(static_cast<float>(f), ImVec2(float(x * r), float(y * r)),
                      ImVec2(float(dx * r), float(dy * r)));
    } else if (constexpr std::string_view kSilence = "silenceLimit:";
               command.rfind(kSilence, 0) == 0) {
      // The seconds a job may say nothing before it counts as stopped
      // (WorkRoom::kSilenceSeconds): the browser checks shorten it rather
      // than wait 20 s of a silent worker.
      const double seconds = std::atof(command.c_str() + kSilence.size());
      if (seconds > 0) host.work->set_silence_limit(seconds);
    } else if (command == "device:touch" || command == "device:keyboard") {
      host.app->set_device(command == "device:touch" ? puzzlelab::shell::Device::touch
                                                     : puzzlelab::shell::Device::keyboard);
    } else {
      host.app->command(command);
    }
  }
}

void request_frame(WebHost& host);
void wake(WebHost& host);

// Keeps the address at the position on screen: each move replaces the
// history entry's hash; another board or puzzle picked by the player pushes
// a new entry, so Back returns to the board before. Not while solving or
// while a solution plays back (browsers throttle many history calls; a
// link's solve=1 stays until the answer is in), nor in an embed (the
// blog's history is not ours).
void follow_position(WebHost& host) {
  if (host.app->embedded() || host.app->solving() || host.app->playing()) return;
  const std::string hash = host.app->share_hash();
  const uint64_t choices = host.app->board_choices();
  if (hash.empty() || hash == host.hash) {
    host.choices = choices;
    return;
  }
  // The address changed under us (typed, a test, Back) before its
  // hashchange arrived: open it rather than overwrite it. This frame has
  // drawn and published the board before, so another frame must follow at
  // once (else the old board stayed until the next timer, and a link's
  // note could expire unseen).
  if (puzzlelab::web::location_hash() != host.hash) {
    open_hash(host);
    wake(host);
    return;
  }
  if (choices != host.choices)
    puzzlelab::web::push_location_hash(hash);
  else
    puzzlelab::web::replace_location_hash(hash);
  host.hash = hash;
  host.address = puzzlelab::web::location_hash();  // as the browser keeps it (encoded)
  host.choices = choices;
}

// window.puzzleLab.address: the address the app has caught up with.
void publish_address(WebHost& host) {
  if (host.address == host.published_address) return;
  puzzlelab::JsonWriter json;
  json.begin_object().key("address").value(host.address).end_object();
  puzzlelab::web::publish_state(json.str());
  host.published_address = host.address;
}

// Publishes window.puzzleLab and keeps the URL pointing at the position.
// The game's part (a board's text may be megabytes) only when it changed.
void publish(WebHost& host) {
  const auto version = host.app->game_state_version();
  if (version != host.game_version) {
    puzzlelab::web::publish_state(host.app->game_state_json());
    host.game_version = version;
  }
  std::string state = host.app->frame_state_json(1.0f / host.scale);
  if (state != host.published) {
    puzzlelab::web::publish_state(state);
    host.published = std::move(state);
  }
  // The live region beside the canvas says what changed.
  const auto& said = host.app->announcement();
  if (said.serial != host.announced && !said.text.empty()) puzzlelab::web::announce(said.text);
  host.announced = said.serial;
  follow_position(host);
  publish_address(host);
  const auto& preview = host.app->embed_preview();
  if (preview != host.embed_preview) {
    puzzlelab::web::show_embed_preview(preview, 1.0 / host.scale);
    host.embed_preview = preview;
  }
}

// "The hardest 6x6 · Rush Hour · Puzzle Lab" for a bundled board, "hard
// #12345 · Sudoku · Puzzle Lab" for a generated one, "Rush Hour · Puzzle Lab"
// for any other board.
std::string page_title(puzzlelab::shell::PuzzleLibrary& library, const std::string& hash) {
  const puzzlelab::shell::LaunchOptions options = puzzlelab::shell::parse_hash(hash);
  const puzzlelab::PuzzleInfo* info = puzzlelab::find_puzzle(options.puzzle);
  if (!info) return "Puzzle Lab";
  std::string board;
  if (options.board) {
    for (const auto& bundled : library.bundled(info->id)) {
      if (bundled.board == *options.board) board = bundled.title;
    }
  } else if (options.seed) {
    board = options.difficulty + (options.difficulty.empty() ? "#" : " #") +
            std::to_string(*options.seed);
  }
  return (board.empty() ? "" : board + " \u00b7 ") + std::string(info->title) +
         " \u00b7 Puzzle Lab";
}

void update_title(WebHost& host) {
  const std::string hash = host.app->share_hash();
  if (hash == host.titled) return;
  host.titled = hash;
  puzzlelab::web::set_title(page_title(*host.library, hash));
  puzzlelab::web::set_accessible_name(host.app->accessible_name());
}

// Emscripten's GLFW cannot change the cursor shape; CSS can.
void update_cursor(WebHost& host) {
  const ImGuiMouseCursor cursor = ImGui::GetMouseCursor();
  if (cursor == host.cursor) return;
  host.cursor = cursor;
  switch (cursor) {
    case ImGuiMouseCursor_Hand:
      puzzlelab::web::set_cursor("pointer");
      break;
    case ImGuiMouseCursor_TextInput:
      puzzlelab::web::set_cursor("text");
      break;
    case ImGuiMouseCursor_ResizeEW:
      puzzlelab::web::set_cursor("ew-resize");
      break;
    case ImGuiMouseCursor_ResizeNS:
      puzzlelab::web::set_cursor("ns-resize");
      break;
    case ImGuiMouseCursor_NotAllowed:
      puzzlelab::web::set_cursor("not-allowed");
      break;
    default:
      puzzlelab::web::set_cursor("default");
      break;
  }
}

// The wheel since the last frame, in CSS pixels from the page's own
// listener (Emscripten's GLFW passes it unscaled and unflipped: see
// shell/pane_scroll.h), to the app in screen pixels.
void take_wheel(WebHost& host) {
  const puzzlelab::web::Wheel wheel = puzzlelab::web::take_wheel();
  if (wheel.dx != 0 || wheel.dy != 0)
    host.app->add_wheel(float(wheel.dx) * host.scale, float(wheel.dy) * host.scale);
}

// Draws only where the frame differs from the last one: the canvas keeps
// its pixels (index.html makes the context with preserveDrawingBuffer), and
// with software GL a frame costs what it fills. Each changed rectangle is
// cleared and drawn with every clip rectangle cut down to it.
void render(WebHost& host) {
  ImGui::Render();
  ImDrawData& data = *ImGui::GetDrawData();
  const std::vector<ImVec4> rects = host.damage.update(data);
  host.redrawn = 0;
  for (const ImVec4& r : rects)
    host.redrawn +=
        puzzlelab::shell::area(r) / std::max(1.0f, data.DisplaySize.x * data.DisplaySize.y);
  if (rects.empty()) return;  // the canvas shows this frame already
  int w = 0, h = 0;
  glfwGetFramebufferSize(host.window, &w, &h);
  glViewport(0, 0, w, h);
  const ImVec4 bg = ImGui::ColorConvertU32ToFloat4(puzzlelab::shell::colors::kBackground);
  glClearColor(bg.x, bg.y, bg.z, 1);
  for (const ImVec4& r : rects) {
    const int x0 = int(std::floor(r.x)), y0 = int(std::floor(r.y));
    const int x1 = int(std::ceil(r.z)), y1 = int(std::ceil(r.w));
    glEnable(GL_SCISSOR_TEST);
    glScissor(x0, h - y1, x1 - x0, y1 - y0);
    glClear(GL_COLOR_BUFFER_BIT);
    glDisable(GL_SCISSOR_TEST);
    const puzzlelab::shell::ClipCut cut(data, ImVec4(float(x0), float(y0), float(x1), float(y1)));
    ImGui_ImplOpenGL3_RenderDrawData(&data);
  }
}

void frame(WebHost& host) {
  fit_canvas(host);
  if (host.app->prepare(host.scale)) {
    ImGui_ImplOpenGL3_DestroyFontsTexture();
    ImGui_ImplOpenGL3_CreateFontsTexture();
    host.damage.invalidate();
  }
  ImGui_ImplOpenGL3_NewFrame();
  ImGui_ImplGlfw_NewFrame();
  host.keys.before_new_frame();
  take_wheel(host);
  host.app->before_new_frame();
  ImGui::NewFrame();
  // After NewFrame: ImGui's clock (the app's) stands still between frames,
  // so on an idle page it is seconds behind until NewFrame moves it on; a
  // note a command sets (a link's bad option, a refused paste) took the
  // stale time and expired before it was ever drawn.
  run_page_commands(host);
  host.app->frame();
  update_cursor(host);
  render(host);
  publish(host);
  update_title(host);
}

void on_timer(void* arg) {
  WebHost& host = *static_cast<WebHost*>(arg);
  host.timer = 0;
  request_frame(host);
}

// Draws a frame, then asks for the next one when and only when it is due.
EM_BOOL on_animation_frame(double, void* arg) {
  WebHost& host = *static_cast<WebHost*>(arg);
  host.frame_requested = false;
  frame(host);
  const uint64_t picture =
      puzzlelab::shell::draw_data_hash(*ImGui::GetDrawData()) ^ host.app->state_fingerprint();
  double wait = host.pacer.after_frame(picture, host.app->next_frame_in());
  if (host.keys.pending()) wait = 0;  // key taps go to ImGui one a frame
  if (host.timer) emscripten_clear_timeout(host.timer);
  host.timer = 0;
  if (wait <= 0)
    request_frame(host);
  else if (wait < puzzlelab::shell::kNever)
    host.timer = emscripten_set_timeout(on_timer, wait * 1000, &host);
  puzzlelab::web::count_frame(wait > 0, host.redrawn);
  return EM_FALSE;
}

void request_frame(WebHost& host) {
  if (host.frame_requested) return;
  host.frame_requested = true;
  emscripten_request_animation_frame(on_animation_frame, &host);
}

GLFWwindow* open_window() {
  if (!glfwInit()) return nullptr;
  glfwWindowHint(GLFW_CLIENT_API, GLFW_OPENGL_ES_API);
  glfwWindowHint(GLFW_CONTEXT_VERSION_MAJOR, 3);
  glfwWindowHint(GLFW_CONTEXT_VERSION_MINOR, 0);
  // An opaque canvas without depth or stencil: ImGui needs neither, and the
  // browser composites the page faster (it matters with software WebGL).
  glfwWindowHint(GLFW_ALPHA_BITS, 0);
  glfwWindowHint(GLFW_DEPTH_BITS, 0);
  glfwWindowHint(GLFW_STENCIL_BITS, 0);
  const puzzlelab::web::CanvasSize size = puzzlelab::web::canvas_size();
  const int w = std::max(1, static_cast<int>(std::lround(size.css_width * size.pixel_ratio)));
  const int h = std::max(1, static_cast<int>(std::lround(size.css_height * size.pixel_ratio)));
  GLFWwindow* window = glfwCreateWindow(w, h, "Puzzle Lab", nullptr, nullptr);
  if (window) glfwMakeContextCurrent(window);
  return window;
}

// An allocation failed for good (the page's module grows up to the browser's
// limit). Without a handler operator new aborts with no reason given (no
// exceptions in this build): abort saying why, so the page's overlay can
// tell the reader, and offer a reload.
void abort_out_of_memory() {
  EM_ASM({ abort("OOM: page heap " + (HEAP8.length >> 20) + " MiB"); });
}

// An event the next frame must see: draw it at once.
void wake(WebHost& host) {
  host.pacer.wake();
  request_frame(host);
}

}  // namespace

// The page's wake-up (page_bridge.h).
extern "C" EMSCRIPTEN_KEEPALIVE void puzzlelab_wake(void* arg) {
  wake(*static_cast<WebHost*>(arg));
}

int main() {
  std::set_new_handler(abort_out_of_memory);
  GLFWwindow* window = open_window();
  if (!window) {
    puzzlelab::web::show_fatal("This browser could not start WebGL 2, which Puzzle Lab needs.");
    return 1;
  }
  IMGUI_CHECKVERSION();
  ImGui::CreateContext();
  ImGuiIO& io = ImGui::GetIO();
  io.IniFilename = nullptr;
  // The backend would call glfwSetInputMode every frame, which Emscripten
  // turns into exitPointerLock(); the cursor is set through CSS instead.
  io.ConfigFlags |= ImGuiConfigFlags_NoMouseCursorChange;
  // The cursor of a text box stays still: a blink would need frames forever.
  io.ConfigInputTextCursorBlink = false;
  ImGui_ImplGlfw_InitForOpenGL(window, true);
  // The wheel comes from page_bridge instead (see take_wheel).
  glfwSetScrollCallback(window, nullptr);
  ImGui_ImplOpenGL3_Init("#version 300 es");

  // Lives as long as the page.
  auto* host = new WebHost;
  host->window = window;
  // The work room's transports, a worker of this page's build each (a
  // service worker may hold several): the game's, loaded at once so the
  // first solve starts at once; the views' own (Tree of Life's far jumps)
  // and the Cluster view's, loaded when first asked. Their messages wake
  // the page.
  using puzzlelab::shell::Lane;
  auto work = std::make_unique<puzzlelab::shell::WorkRoom>();
  work->set_wake([host] { puzzlelab_wake(host); });
  host->work = work.get();
  for (const Lane lane : {Lane::game, Lane::view, Lane::space}) {
    work->set_client(lane,
                     std::make_unique<puzzlelab::web::WorkerSolverClient>(
                         "solver_worker.js" + puzzlelab::web::build_query(), lane == Lane::game));
  }
  host->app =
      std::make_unique<App>(puzzlelab::shell::AppConfig{"/assets", "/fonts"}, std::move(work));
  host->library = std::make_unique<puzzlelab::shell::PuzzleLibrary>("/assets");
  host->app->set_store(std::make_unique<LocalStore>());
  host->app->set_link_copier([](const std::string& hash) { puzzlelab::web::copy_link(hash); });
  host->app->set_embed_site(puzzlelab::web::page_address(), true);
  host->app->set_picture_saver(
      [host](const std::string& name, const puzzlelab::shell::Image& picture) {
        puzzlelab::web::download_png(name, picture);
        host->app->note(puzzlelab::shell::saved_picture_note(name, picture), false);
      });
  host->app->set_animation_saver(
      [host](const std::string& name, const std::vector<uint8_t>& gif, int frames) {
        puzzlelab::web::download_gif(name, gif, frames);
        host->app->note(puzzlelab::shell::saved_animation_note(name, frames), false);
      });
  host->keys.install(window);
  io.ClipboardUserData = host;
  io.GetClipboardTextFn = get_clipboard;
  io.SetClipboardTextFn = set_clipboard;
  open_hash(*host);
  puzzlelab::web::install_wake(host);
  request_frame(*host);
  // The page's events drive everything from here; main's objects live on.
  emscripten_exit_with_live_runtime();
  return 0;
}
