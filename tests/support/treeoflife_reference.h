// An independent Tree of Life referee for tests: reads the tree into nodes
// numbered in reading order (not breadth-first), steps every cell one by one
// straight from the rules doc, and shares no code with the engine.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace puzzlelab::testing {

class TreeOfLifeReferee {
 public:
  // A well-formed tree "(L v R)"; no error handling (tests feed valid trees).
  explicit TreeOfLifeReferee(const std::string& tree) {
    std::vector<int> open;  // nodes whose ')' is still to come
    std::vector<int> stage;
    for (char c : tree) {
      if (c == ' ') continue;
      if (c == ')') {
        const int done = open.back();
        open.pop_back();
        stage.pop_back();
        attach(done, open, stage);
      } else if (c == '(') {
        open.push_back(add(false));
        stage.push_back(0);
      } else if (!stage.empty() && stage.back() == 1) {
        on_[open.back()] = c == 'X';
        stage.back() = 2;
      } else {
        attach(add(c == 'X'), open, stage);
      }
    }
  }

  // The rule's next state, bit idx = 8*parent + 4*left + 2*self + right.
  void step(int rule) {
    std::vector<bool> next(on_.size());
    for (size_t i = 0; i < on_.size(); ++i) {
      const bool p = parent_[i] >= 0 && on_[parent_[i]];
      const bool l = left_[i] >= 0 && on_[left_[i]];
      const bool r = right_[i] >= 0 && on_[right_[i]];
      const int idx = (p ? 8 : 0) + (l ? 4 : 0) + (on_[i] ? 2 : 0) + (r ? 1 : 0);
      next[i] = (rule >> idx) & 1;
    }
    on_ = next;
  }

  // The cell at "[<>]" (assumed valid).
  bool at(const std::string& path) const {
    int cell = 0;
    for (char c : path) {
      if (c == '<') cell = left_[cell];
      if (c == '>') cell = right_[cell];
    }
    return on_[cell];
  }

  // The tree written back, "(L v R)".
  std::string tree() const {
    std::string out;
    std::vector<std::pair<int, int>> stack = {{0, 0}};
    while (!stack.empty()) {
      auto [cell, st] = stack.back();
      stack.pop_back();
      const char v = on_[cell] ? 'X' : '.';
      if (left_[cell] < 0) {
        out += v;
      } else if (st == 0) {
        out += '(';
        stack.push_back({cell, 1});
        stack.push_back({left_[cell], 0});
      } else if (st == 1) {
        out += std::string(" ") + v + " ";
        stack.push_back({cell, 2});
        stack.push_back({right_[cell], 0});
      } else {
        out += ')';
      }
    }
    return out;
  }

  size_t cells() const { return on_.size(); }

  // HackerRank's output for queries (step, path), simulating every generation.
  static std::string answer(int rule, const std::string& tree,
                            const std::vector<std::pair<int, std::string>>& queries) {
    int64_t clock = 0, last = 0;
    std::vector<int64_t> at;
    for (const auto& q : queries) {
      clock += q.first;
      at.push_back(clock);
      if (clock > last) last = clock;
    }
    std::vector<std::string> out(queries.size());
    TreeOfLifeReferee referee(tree);
    for (int64_t g = 0; g <= last; ++g) {
      for (size_t i = 0; i < queries.size(); ++i) {
        if (at[i] == g) out[i] = referee.at(queries[i].second) ? "X" : ".";
      }
      if (g < last) referee.step(rule);
    }
    std::string text;
    for (size_t i = 0; i < out.size(); ++i) text += (i ? "\n" : "") + out[i];
    return text;
  }

 private:
  int add(bool on) {
    on_.push_back(on);
    left_.push_back(-1);
    right_.push_back(-1);
    parent_.push_back(-1);
    return static_cast<int>(on_.size()) - 1;
  }
  void attach(int node, const std::vector<int>& open, std::vector<int>& stage) {
    if (open.empty()) return;  // the root
    const int up = open.back();
    parent_[node] = up;
    if (stage.back() == 0) {
      left_[up] = node;
      stage.back() = 1;
    } else {
      right_[up] = node;
      stage.back() = 3;
    }
  }

  std::vector<bool> on_;
  std::vector<int> left_, right_, parent_;
};

}  // namespace puzzlelab::testing
