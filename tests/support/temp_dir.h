// A folder of the test's own under the system's temporary folder, with a
// name no other run picks (parallel ctest runs, two users on one machine),
// removed with everything in it when the test leaves its scope, failed or
// not.
#pragma once

#include <filesystem>
#include <fstream>
#include <random>
#include <string>
#include <system_error>

namespace puzzlelab::testing {

class TempDir {
 public:
  explicit TempDir(const std::string& prefix = "puzzlelab-test-") {
    std::random_device device;
    do {  // create_directory is false when the name is taken: draw again
      path_ = std::filesystem::temp_directory_path() /
              (prefix + std::to_string(device()) + std::to_string(device()));
    } while (!std::filesystem::create_directory(path_));
  }
  ~TempDir() {
    std::error_code ignored;
    std::filesystem::remove_all(path_, ignored);
  }
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;

  // The path of `name` in the folder (nothing written).
  std::string path(const std::string& name) const { return (path_ / name).string(); }
  // Writes `contents` to `name` in the folder; its path.
  std::string file(const std::string& name, const std::string& contents) const {
    std::ofstream(path_ / name, std::ios::binary) << contents;
    return path(name);
  }
  std::string path() const { return path_.string(); }

 private:
  std::filesystem::path path_;
};

}  // namespace puzzlelab::testing
