// The repository's assets folder, by the absolute path the test target
// defines (PUZZLELAB_ASSETS_DIR; not __FILE__, which ccache may make
// relative).
#pragma once

#include <string>

namespace puzzlelab::testing {

inline std::string assets_dir() {
  return PUZZLELAB_ASSETS_DIR;
}

}  // namespace puzzlelab::testing
