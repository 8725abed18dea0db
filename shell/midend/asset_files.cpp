// The native read of the app's files (asset_files.h); the page links
// web/page_assets.cpp instead.
#include "midend/asset_files.h"

#include <cstdio>
#include <memory>

namespace puzzlelab::shell {

// C's stdio, not iostreams (the lighter of the two in WebAssembly too).
std::optional<std::string> read_asset(const std::string& path) {
  std::unique_ptr<std::FILE, int (*)(std::FILE*)> file(std::fopen(path.c_str(), "rb"),
                                                       &std::fclose);
  if (!file) return std::nullopt;
  std::string contents;
  char block[4096];
  for (size_t got; (got = std::fread(block, 1, sizeof block, file.get())) > 0;)
    contents.append(block, got);
  return contents;
}

}  // namespace puzzlelab::shell
