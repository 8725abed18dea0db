// The app's own files, by path: the bundled puzzles (<assets>/puzzles/<id>.txt)
// and the fonts (<font dir>/DejaVuSans.ttf, ...). The native app and the CLI
// read them from disk (asset_files.cpp); the page has them built into its
// wasm (web/page_assets.cpp, the same paths), so it links no file system
// (issue 46: Emscripten's is a third of the page's JavaScript).
#pragma once

#include <optional>
#include <string>

namespace puzzlelab::shell {

// The file's bytes, or nothing when there is no such file.
std::optional<std::string> read_asset(const std::string& path);

}  // namespace puzzlelab::shell
