#pragma once

// A puzzle's benchmark hooks (PuzzleInfo::bench, bench_feed) as its
// registration names them: the browser page's copy of the engine
// (PUZZLELAB_PAGE_ENGINE, engine/CMakeLists.txt) runs no benchmark, so there
// they are nullptr and the benchmarks stay out of the page's download.
#ifdef PUZZLELAB_PAGE_ENGINE
#define PUZZLELAB_BENCH_HOOK(function) nullptr
#else
#define PUZZLELAB_BENCH_HOOK(function) function
#endif
