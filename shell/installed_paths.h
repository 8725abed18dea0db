// Where an installed program finds its data. The Debian package (scripts/
// package) puts the programs in <prefix>/bin and the bundled boards in
// <prefix>/share/puzzlelab/assets; a program run from the build tree finds
// no such folder beside it and reads the source tree's (`built_in`, the
// compiled-in path). Relative to the program, so a package unpacked
// anywhere (dpkg-deb -x) runs as it does installed.
#pragma once

#include <filesystem>
#include <string>
#include <system_error>

namespace puzzlelab::shell {

inline std::string installed_assets_dir(const char* built_in) {
  std::error_code error;
  const std::filesystem::path program = std::filesystem::read_symlink("/proc/self/exe", error);
  if (error) return built_in;
  const std::filesystem::path installed =
      program.parent_path().parent_path() / "share" / "puzzlelab" / "assets";
  if (std::filesystem::is_directory(installed / "puzzles", error)) return installed.string();
  return built_in;
}

}  // namespace puzzlelab::shell
