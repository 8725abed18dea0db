// Tree of Life inputs for tests: random full binary trees written as
// HackerRank writes them, "(left value right)".
#pragma once

#include <random>
#include <string>
#include <utility>
#include <vector>

namespace puzzlelab::testing {

// A random full binary tree: split random leaves until it has `cells` cells.
inline std::string random_tree(int cells, std::mt19937& rng, bool caterpillar = false) {
  std::vector<std::pair<int, int>> children = {{-1, -1}};
  std::vector<int> leaves = {0};
  while (static_cast<int>(children.size()) < cells) {
    const size_t k = caterpillar ? leaves.size() - 1 : rng() % leaves.size();
    const int leaf = leaves[k];
    leaves.erase(leaves.begin() + static_cast<std::ptrdiff_t>(k));
    const int left = static_cast<int>(children.size());
    children[leaf] = {left, left + 1};
    children.push_back({-1, -1});
    children.push_back({-1, -1});
    leaves.push_back(left);
    leaves.push_back(left + 1);
  }
  std::string out;
  std::vector<std::pair<int, int>> stack = {{0, 0}};
  while (!stack.empty()) {
    auto [cell, stage] = stack.back();
    stack.pop_back();
    const char v = rng() % 2 ? 'X' : '.';
    if (children[cell].first < 0) {
      out += v;
    } else if (stage == 0) {
      out += '(';
      stack.push_back({cell, 1});
      stack.push_back({children[cell].first, 0});
    } else if (stage == 1) {
      out += std::string(" ") + v + " ";
      stack.push_back({cell, 2});
      stack.push_back({children[cell].second, 0});
    } else {
      out += ')';
    }
  }
  return out;
}

}  // namespace puzzlelab::testing
