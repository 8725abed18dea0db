// Writes a seed corpus for puzzle_fuzz: every board of every puzzle's
// bundled collection (assets/puzzles/<id>.txt), one file each, the first
// byte naming the puzzle as puzzle_fuzz reads it, and a few inputs of about
// a megabyte made from the first board (its longest line stretched, the
// board repeated, blank lines inside): mutations of small inputs seldom grow
// that large, and the parsers' memory rule is about large ones. The large
// ones go in a folder of their own: scripts/fuzz runs each of them once
// rather than mutating them (a megabyte input runs a few times a second,
// a small one hundreds). Prints the puzzle ids.
//   fuzz_seeds ASSETS_DIR OUT_DIR     -> OUT_DIR/<id>/seed-N, OUT_DIR/<id>-big/big-N
#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

#include "core/collection.h"
#include "puzzles/puzzle_list.h"

using namespace puzzlelab;

namespace {

constexpr size_t kBig = 1 << 20;

std::string repeated(const std::string& piece, size_t size) {
  std::string out;
  while (!piece.empty() && out.size() < size) out += piece;
  return out;
}

// Megabyte variants of a board.
std::vector<std::string> big_variants(const std::string& board) {
  const size_t first_break = board.find('\n');
  const std::string first_line = board.substr(0, first_break);
  std::string longest, line;
  for (const char c : board + "\n") {
    if (c != '\n') {
      line += c;
      continue;
    }
    if (line.size() > longest.size()) longest = line;
    line.clear();
  }
  std::string stretched = board;
  const size_t at = stretched.find(longest);
  stretched.replace(at, longest.size(), repeated(longest, kBig));
  const std::string rest = first_break == std::string::npos ? "" : board.substr(first_break);
  return {stretched, repeated(board + "\n", kBig), first_line + std::string(kBig, '\n') + rest};
}

}  // namespace

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
      if (!entries.value().empty()) {
        const std::filesystem::path big_folder = out / (id + "-big");
        std::filesystem::create_directories(big_folder);
        int big = 0;
        for (const std::string& variant : big_variants(entries.value().front().board)) {
          std::ofstream seed(big_folder / ("big-" + std::to_string(++big)), std::ios::binary);
          seed << static_cast<char>(index) << variant;
        }
      }
    }
    std::cout << id << "\n";
  }
  // The worker protocol's large messages: a megabyte board, a long move list
  // (OUT_DIR/protocol-big, run once each like the puzzles' large seeds).
  const std::filesystem::path protocol = out / "protocol-big";
  std::filesystem::create_directories(protocol);
  std::ofstream(protocol / "big-board", std::ios::binary)
      << R"({"kind":"solve","puzzle":"rushhour","board":")" << repeated("IBBxoo", kBig) << R"("})";
  std::ofstream(protocol / "many-moves", std::ios::binary)
      << R"({"kind":"hint","puzzle":"treeoflife","board":"42354
(X . X)
","moves":[)"
      << repeated(R"("+1",)", kBig) << R"("+1"]})";
  return 0;
}
