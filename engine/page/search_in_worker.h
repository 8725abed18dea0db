// What the browser page's copy of the engine (engine/CMakeLists.txt:
// puzzlelab_engine_page, compiled with PUZZLELAB_PAGE_ENGINE) answers for a
// search it leaves to the solver worker (search_in_worker.cpp).
#pragma once

namespace puzzlelab {

inline constexpr const char* kSearchesElsewhere =
    "searches run in the solver worker, not in the page";

}  // namespace puzzlelab
