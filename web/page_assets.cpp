// The page's own files (shell/midend/asset_files.h): the bundled puzzles
// and the cut-down fonts, built into its wasm at their paths (/assets/...,
// /fonts/...) by web/embed_assets.cmake. The page thus links no file
// system, which was a third of its JavaScript (issue 46).
#include <cstddef>

#include "midend/asset_files.h"

namespace {

struct PageAsset {
  const char* path;
  const unsigned char* bytes;
  size_t size;
};

#include "page_assets.inc"  // kPageAssets

}  // namespace

namespace puzzlelab::shell {

std::optional<std::string> read_asset(const std::string& path) {
  for (const PageAsset& asset : kPageAssets) {
    if (path == asset.path)
      return std::string(reinterpret_cast<const char*>(asset.bytes), asset.size);
  }
  return std::nullopt;
}

}  // namespace puzzlelab::shell
