// Benchmark driver for tdoku (github.com/t-dillon/tdoku), the rival Sudoku
// solver: times tdoku exactly the way `puzzlelab bench sudoku` times ours, so
// scripts/bench can print the two figures side by side. Our code; it only
// calls tdoku's public C API (include/tdoku.h) and is linked against a tdoku
// built from its own sources (scripts/rivals/build-tdoku).
//
//   tdoku-bench FILE [--repeat N]
//
// Every line whose first 81 characters are a puzzle ('1'..'9' clues, anything
// else blank; '#' lines are comments) is solved and proved unique (limit 2,
// as ours). Puzzles are read before the clock starts; the clock is the
// process's CPU time (node's process.cpuUsage() under WebAssembly); the
// fastest of N passes is reported in the format ours prints.
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <fstream>
#include <string>
#include <vector>

#include "tdoku.h"

#if defined(__EMSCRIPTEN__)
#include <emscripten.h>
// clang-format off
EM_JS(double, node_cpu_seconds, (), {
  if (typeof process !== 'undefined' && process.cpuUsage) {
    const u = process.cpuUsage();
    return (u.user + u.system) / 1e6;
  }
  return performance.now() / 1e3;
});
// clang-format on
static double cpu_seconds() {
  return node_cpu_seconds();
}
#else
static double cpu_seconds() {
  timespec ts;
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
  return double(ts.tv_sec) + 1e-9 * double(ts.tv_nsec);
}
#endif

int main(int argc, char** argv) {
  if (argc < 2) {
    std::fprintf(stderr, "usage: tdoku-bench FILE [--repeat N]\n");
    return 2;
  }
  int repeats = 1;
  for (int i = 2; i + 1 < argc; ++i) {
    if (std::strcmp(argv[i], "--repeat") == 0) repeats = std::max(1, std::atoi(argv[i + 1]));
  }
  std::ifstream in(argv[1]);
  if (!in) {
    std::fprintf(stderr, "tdoku-bench: cannot read %s\n", argv[1]);
    return 2;
  }
  // tdoku reads '.' as blank (not '0'), and a 729-character pencilmark
  // puzzle when character 81 is >= '.': give it 81 characters and a NUL.
  std::vector<std::string> puzzles;
  for (std::string line; std::getline(in, line);) {
    if (line.size() < 81 || line[0] == '#') continue;
    std::string p(82, '\0');
    for (int k = 0; k < 81; ++k) p[k] = (line[k] >= '1' && line[k] <= '9') ? line[k] : '.';
    puzzles.push_back(p);
  }
  double best = 1e300;
  size_t unique = 0, multiple = 0, none = 0, guesses = 0;
  for (int pass = 0; pass < repeats; ++pass) {
    size_t u = 0, m = 0, z = 0, g = 0;
    char solution[81];
    const double start = cpu_seconds();
    for (const std::string& p : puzzles) {
      size_t puzzle_guesses = 0;
      const size_t count = TdokuSolverDpllTriadSimd(p.data(), 2, 0, solution, &puzzle_guesses);
      g += puzzle_guesses;
      (count == 0 ? z : count == 1 ? u : m) += 1;
    }
    const double seconds = cpu_seconds() - start;
    if (seconds < best) best = seconds, unique = u, multiple = m, none = z, guesses = g;
  }
  const double n = puzzles.empty() ? 1.0 : double(puzzles.size());
  std::printf(
      "tdoku: %zu puzzles in %.3f s CPU (fastest of %d): %.0f puzzles/s, %.2f us/puzzle, %.2f "
      "guesses/puzzle\n  unique %zu, multiple %zu, none %zu\n",
      puzzles.size(), best, repeats, best > 0 ? puzzles.size() / best : 0.0, 1e6 * best / n,
      double(guesses) / n, unique, multiple, none);
  return 0;
}
