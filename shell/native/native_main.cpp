// Puzzle Lab natively: GLFW + OpenGL 3, the same App as in the browser, with
// the solver on a std::thread. Also runs under Xvfb for screenshots:
//   puzzlelab-app --puzzle rushhour --board IBBx... --solve --screenshot out.png --frames 30
#include <GLFW/glfw3.h>
#include <imgui.h>
#include <imgui_impl_glfw.h>
#include <imgui_impl_opengl3.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "app.h"
#include "frame_pacer.h"
#include "glfw/glfw_keys.h"
#include "installed_paths.h"
#include "native/native_options.h"
#include "native/thread_solver_client.h"
#include "render/png_writer.h"
#include "saved_note.h"

namespace {

using puzzlelab::shell::App;
using puzzlelab::shell::NativeOptions;

// Parses the command line; prints the help or the mistake and exits when
// there is no app to run.
NativeOptions parse_args(int argc, char** argv) {
  puzzlelab::shell::NativeArgs args = puzzlelab::shell::parse_native_args(
      std::vector<std::string>(argv + 1, argv + argc),
      {puzzlelab::shell::installed_assets_dir(PUZZLELAB_ASSETS_DIR), PUZZLELAB_FONT_DIR});
  if (!args.message.empty()) {
    std::fputs(args.message.c_str(), args.exit_code == 0 ? stdout : stderr);
    std::exit(args.exit_code);
  }
  return args.options;
}

GLFWwindow* open_window(const NativeOptions& options) {
  glfwSetErrorCallback(
      [](int code, const char* text) { std::fprintf(stderr, "GLFW error %d: %s\n", code, text); });
  if (!glfwInit()) return nullptr;
  glfwWindowHint(GLFW_CONTEXT_VERSION_MAJOR, 3);
  glfwWindowHint(GLFW_CONTEXT_VERSION_MINOR, 0);
  glfwWindowHint(GLFW_SCALE_TO_MONITOR, GLFW_TRUE);
  GLFWwindow* window =
      glfwCreateWindow(options.width, options.height, "Puzzle Lab", nullptr, nullptr);
  if (!window) return nullptr;
  glfwMakeContextCurrent(window);
  glfwSwapInterval(1);
  return window;
}

// UI scale: the monitor's content scale, less what the framebuffer already
// scales (macOS reports window sizes in points).
float ui_scale(GLFWwindow* window, float forced) {
  if (forced > 0) return forced;
  float sx = 1, sy = 1;
  glfwGetWindowContentScale(window, &sx, &sy);
  int w = 0, h = 0, fw = 0, fh = 0;
  glfwGetWindowSize(window, &w, &h);
  glfwGetFramebufferSize(window, &fw, &fh);
  const float framebuffer_scale = w > 0 ? float(fw) / float(w) : 1.0f;
  return std::max(1.0f, sx / framebuffer_scale);
}

bool save_screenshot(GLFWwindow* window, const std::string& path) {
  int w = 0, h = 0;
  glfwGetFramebufferSize(window, &w, &h);
  std::vector<uint8_t> pixels(size_t(w) * h * 4), flipped(pixels.size());
  glPixelStorei(GL_PACK_ALIGNMENT, 1);
  glReadPixels(0, 0, w, h, GL_RGBA, GL_UNSIGNED_BYTE, pixels.data());
  const size_t row = size_t(w) * 4;
  for (int y = 0; y < h; ++y)
    std::copy_n(&pixels[size_t(h - 1 - y) * row], row, &flipped[size_t(y) * row]);
  for (size_t i = 3; i < flipped.size(); i += 4) flipped[i] = 255;
  std::string error;
  if (!puzzlelab::shell::write_png(path, w, h, flipped, error)) {
    std::fprintf(stderr, "%s\n", error.c_str());
    return false;
  }
  std::printf("screenshot: %s (%dx%d)\n", path.c_str(), w, h);
  return true;
}

void render(GLFWwindow* window) {
  ImGui::Render();
  int w = 0, h = 0;
  glfwGetFramebufferSize(window, &w, &h);
  glViewport(0, 0, w, h);
  const ImVec4 bg = ImGui::ColorConvertU32ToFloat4(puzzlelab::shell::colors::kBackground);
  glClearColor(bg.x, bg.y, bg.z, 1);
  glClear(GL_COLOR_BUFFER_BIT);
  ImGui_ImplOpenGL3_RenderDrawData(ImGui::GetDrawData());
}

// Waits for what the last frame asked: the next frame at once, an event
// (or the app's timer), or an event only. An input event (or a solver's
// message: glfwPostEmptyEvent) wakes the pacer: ImGui settles after it.
void wait_for_frame(double wait, const puzzlelab::shell::KeyTapKeeper& keys,
                    puzzlelab::shell::FramePacer& pacer) {
  const uint64_t events = keys.events();
  if (wait <= 0)
    glfwPollEvents();
  else if (wait < puzzlelab::shell::kNever)
    glfwWaitEventsTimeout(wait);
  else
    glfwWaitEvents();
  if (keys.events() != events || wait >= puzzlelab::shell::kNever) pacer.wake();
}

// Runs frames until the window closes or the screenshot is taken. Frames
// are drawn on demand as in the browser (see frame_pacer.h); a screenshot
// run draws every frame, so that --frames counts them.
bool run(GLFWwindow* window, App& app, const NativeOptions& options) {
  puzzlelab::shell::KeyTapKeeper keys;
  keys.install(window);
  puzzlelab::shell::FramePacer pacer;
  int frames_after_work = 0;
  double wait = 0;
  while (!glfwWindowShouldClose(window)) {
    wait_for_frame(options.screenshot.empty() ? wait : 0, keys, pacer);
    if (options.idle_seconds > 0 && glfwGetTime() >= options.idle_seconds) break;
    if (app.prepare(ui_scale(window, options.scale))) {
      ImGui_ImplOpenGL3_DestroyFontsTexture();
      ImGui_ImplOpenGL3_CreateFontsTexture();
    }
    ImGui_ImplOpenGL3_NewFrame();
    ImGui_ImplGlfw_NewFrame();
    keys.before_new_frame();
    app.before_new_frame();
    ImGui::NewFrame();
    app.frame();
    render(window);
    if (!options.screenshot.empty() && !app.busy() && ++frames_after_work >= options.frames) {
      return save_screenshot(window, options.screenshot);
    }
    glfwSwapBuffers(window);
    const uint64_t picture =
        puzzlelab::shell::draw_data_hash(*ImGui::GetDrawData()) ^ app.state_fingerprint();
    wait = pacer.after_frame(picture, app.next_frame_in());
    if (keys.pending()) wait = 0;
    // A timer of its own for the --idle-seconds run's end.
    if (options.idle_seconds > 0) wait = std::min(wait, options.idle_seconds - glfwGetTime());
  }
  return true;
}

}  // namespace

int main(int argc, char** argv) {
  const NativeOptions options = parse_args(argc, argv);
  GLFWwindow* window = open_window(options);
  if (!window) {
    std::fprintf(stderr,
                 "could not open an OpenGL 3 window (is there a display? try xvfb-run -a)\n");
    return 1;
  }
  IMGUI_CHECKVERSION();
  ImGui::CreateContext();
  ImGui::GetIO().IniFilename = nullptr;
  // The cursor of a text box stays still: a blink would need frames forever.
  ImGui::GetIO().ConfigInputTextCursorBlink = false;
  ImGui_ImplGlfw_InitForOpenGL(window, true);
  ImGui_ImplOpenGL3_Init("#version 130");

  bool ok = true;
  {
    // The work room's transports: a thread for each lane (the game's, the
    // views' own, the Cluster view's). A message from a solver's thread
    // wakes the event wait.
    using puzzlelab::shell::Lane;
    auto work = std::make_unique<puzzlelab::shell::WorkRoom>();
    work->set_wake([] { glfwPostEmptyEvent(); });
    for (const Lane lane : {Lane::game, Lane::view, Lane::space})
      work->set_client(lane, std::make_unique<puzzlelab::shell::ThreadSolverClient>());
    App app(options.paths, std::move(work));
    // Save picture writes the PNG into the folder the app was started in.
    static constexpr std::string_view kWhere = "in the current folder";
    app.set_picture_saver([&app](const std::string& name, const puzzlelab::shell::Image& picture) {
      std::string error;
      if (puzzlelab::shell::write_png(name, picture.width, picture.height, picture.rgba, error))
        app.note(puzzlelab::shell::saved_picture_note(name, picture, kWhere), false);
      else
        app.note(error, true);
    });
    // Save animation likewise, as a GIF.
    app.set_animation_saver(
        [&app](const std::string& name, const std::vector<uint8_t>& gif, int frames) {
          std::ofstream file(name, std::ios::binary);
          file.write(reinterpret_cast<const char*>(gif.data()), std::streamsize(gif.size()));
          if (file)
            app.note(puzzlelab::shell::saved_animation_note(name, frames, kWhere), false);
          else
            app.note("cannot write " + name, true);
        });
    // The Embed popup's code points at --site, or the site the build names.
    app.set_embed_site(options.site.empty() ? PUZZLELAB_SITE_URL : options.site, false);
    app.open(options.launch);
    if (options.keys) app.command("keys");
    if (options.cluster) {  // over the rules card a first visit opens
      app.command("closeRules");
      app.command("cluster");
    }
    ok = run(window, app, options);
    if (options.print_state) std::printf("%s\n", app.state_json(1.0f).c_str());
  }
  ImGui_ImplOpenGL3_Shutdown();
  ImGui_ImplGlfw_Shutdown();
  ImGui::DestroyContext();
  glfwDestroyWindow(window);
  glfwTerminate();
  return ok ? 0 : 1;
}
