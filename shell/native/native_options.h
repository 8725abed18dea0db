// The native app's command line (puzzlelab-app --puzzle rushhour --solve
// --screenshot out.png ...), read with CLI11 as the `puzzlelab` command's
// is. Apart from main so that a test can check what it accepts and refuses.
#pragma once

#include <string>
#include <vector>

#include "app.h"
#include "midend/launch_options.h"

namespace puzzlelab::shell {

struct NativeOptions {
  LaunchOptions launch;
  int width = 1280, height = 800;
  float scale = 0;  // 0 = the monitor's content scale
  std::string screenshot;
  int frames = 10;
  bool print_state = false;
  bool keys = false;        // open the list of keyboard shortcuts (for a screenshot)
  bool cluster = false;     // open the Cluster view (for a screenshot)
  std::string site;         // where Puzzle Lab's page is served (the Embed popup's code)
  double idle_seconds = 0;  // quit after this long (with --state: frames drawn while idle)
  AppConfig paths;
};

// The options, or (exit_code != 0 or --help) the text to print and the
// code to exit with: 0 after --help, 2 after a mistake, which the text names.
struct NativeArgs {
  NativeOptions options;
  int exit_code = 0;
  std::string message;  // "" = run the app
};

// Reads the arguments after the program's name; `paths` are the defaults
// of --assets and --fonts.
NativeArgs parse_native_args(const std::vector<std::string>& args, AppConfig paths);

}  // namespace puzzlelab::shell
