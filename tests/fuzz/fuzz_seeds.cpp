// Writes a seed corpus for puzzle_fuzz: every board of every puzzle's
// bundled collection (assets/puzzles/<id>.txt), one file each, the first
// byte naming the puzzle as puzzle_fuzz reads it. Prints the puzzle ids.
//   fuzz_seeds ASSETS_DIR OUT_DIR     -> OUT_DIR/<id>/seed-N
#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>

#include "core/collection.h"
#include "puzzles/puzzle_list.h"

using namespace puzzlelab;

int main(int argc, char** argv) {
  if (argc != 3) {
    std::cerr << "usage: fuzz_seeds ASSETS_DIR OUT_DIR\n";
    return 1;
  }
  const std::filesystem::path assets = argv[1], out = argv[2];
  const auto& puzzles = all_puzzles();
  for (size_t index = 0; index < puzzles.size(); ++index) {
    const std::string id(puzzles[index]->id);
    const std::filesystem::path folder = out / id;
    std::filesystem::create_directories(folder);
    std::ifstream file(assets / "puzzles" / (id + ".txt"), std::ios::binary);
    std::stringstream text;
    text << file.rdbuf();
    const auto entries = parse_collection(text.str());
    int written = 0;
    if (entries) {
      for (const CollectionEntry& entry : entries.value()) {
        std::ofstream seed(folder / ("seed-" + std::to_string(++written)), std::ios::binary);
        seed << static_cast<char>(index) << entry.board;
      }
    }
    std::cout << id << "\n";
  }
  return 0;
}
