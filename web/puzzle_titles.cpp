// Prints "id<TAB>title" for each puzzle in the engine's list, in picker
// order: stamp_embed.cmake writes them into the site's embed.js, so the
// embed names the puzzles the app offers from the one list the app uses.
// A node program linked without optimisation: the page's build waits on
// it, and it runs once (the command line for node, linked at -O3 for
// benchmarks, took 78 CPU seconds to link).
#include <cstdio>

#include "puzzles/puzzle_list.h"

int main() {
  for (const puzzlelab::PuzzleInfo* info : puzzlelab::all_puzzles()) {
    std::printf("%.*s\t%.*s\n", static_cast<int>(info->id.size()), info->id.data(),
                static_cast<int>(info->title.size()), info->title.data());
  }
  return 0;
}
