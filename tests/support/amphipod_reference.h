// An independent Amphipod referee for tests: works on the puzzle's own text
// diagram as a character grid, walks with a breadth-first search over '.'
// cells, and shares no code with the engine. It checks moves ("C1-h9") by
// the rules in the puzzle text and finds least energies by plain Dijkstra
// over whole grids (small burrows only).
#pragma once

#include <cstdint>
#include <map>
#include <queue>
#include <set>
#include <string>
#include <utility>
#include <vector>

namespace puzzlelab::testing {

class AmphipodReferee {
 public:
  // The diagram as the puzzle draws it (lines ending in '\n').
  explicit AmphipodReferee(const std::string& diagram) {
    std::string line;
    for (char c : diagram) {
      if (c == '\n') {
        rows_.push_back(line);
        line.clear();
      } else if (c != '\r') {
        line += c;
      }
    }
    if (!line.empty()) rows_.push_back(line);
    width_ = 0;
    for (const std::string& row : rows_) width_ = std::max(width_, static_cast<int>(row.size()));
    for (std::string& row : rows_) row.resize(width_, ' ');
    rooms_ = (width_ - 5) / 2;
    depth_ = static_cast<int>(rows_.size()) - 3;
  }

  // Applies one move; false (grid unchanged) when the rules forbid it.
  // `energy` receives its cost.
  bool play(const std::string& move, int64_t& energy) {
    const size_t dash = move.find('-');
    if (dash == std::string::npos) return false;
    const auto from = cell(move.substr(0, dash));
    const auto to = cell(move.substr(dash + 1));
    if (from.first < 0 || to.first < 0) return false;
    const char who = rows_[from.first][from.second];
    if (who < 'A' || who > 'Z') return false;
    if (!allowed(from, to, who)) return false;
    const int steps = distance(from, to);
    if (steps < 0) return false;
    energy = steps * step_energy(who);
    rows_[to.first][to.second] = who;
    rows_[from.first][from.second] = '.';
    return true;
  }

  bool solved() const {
    for (int c = 1; c <= 2 * rooms_ + 3; ++c) {
      if (rows_[1][c] != '.') return false;
    }
    for (int k = 0; k < rooms_; ++k) {
      for (int d = 0; d < depth_; ++d) {
        const char ch = rows_[2 + d][3 + 2 * k];
        if (ch != '.' && ch != 'A' + k) return false;
      }
    }
    return true;
  }

  std::string grid() const {
    std::string out;
    for (const std::string& row : rows_) {
      out += row.substr(0, row.find_last_not_of(' ') + 1) + "\n";
    }
    return out;
  }

  // Least energy by Dijkstra over grids; -1 when there is no solution.
  int64_t least_energy() const {
    using Entry = std::pair<int64_t, std::string>;
    std::priority_queue<Entry, std::vector<Entry>, std::greater<>> queue;
    std::map<std::string, int64_t> best{{grid(), 0}};
    queue.push({0, grid()});
    while (!queue.empty()) {
      const auto [energy, text] = queue.top();
      queue.pop();
      if (best[text] < energy) continue;
      const AmphipodReferee here(text);
      if (here.solved()) return energy;
      for (const auto& [move, cost] : here.all_moves()) {
        AmphipodReferee next = here;
        int64_t spent = 0;
        next.play(move, spent);
        const std::string key = next.grid();
        const auto found = best.find(key);
        if (found == best.end() || found->second > energy + spent) {
          best[key] = energy + spent;
          queue.push({energy + spent, key});
        }
      }
    }
    return -1;
  }

  // Every legal move with its energy.
  std::vector<std::pair<std::string, int64_t>> all_moves() const {
    std::vector<std::pair<std::string, int64_t>> moves;
    for (int r = 1; r < static_cast<int>(rows_.size()); ++r) {
      for (int c = 0; c < width_; ++c) {
        const char who = rows_[r][c];
        if (who < 'A' || who > 'Z') continue;
        for (const auto& [to, steps] : reachable({r, c})) {
          if (allowed({r, c}, to, who)) {
            moves.push_back({name({r, c}) + "-" + name(to), steps * step_energy(who)});
          }
        }
      }
    }
    return moves;
  }

 private:
  using Cell = std::pair<int, int>;  // row, column in the diagram

  static int64_t step_energy(char who) {
    int64_t e = 1;
    for (char k = 'A'; k < who; ++k) e *= 10;
    return e;
  }

  bool in_hallway(Cell c) const { return c.first == 1; }
  // A hallway cell right above a room's opening.
  bool is_door(Cell c) const {
    return in_hallway(c) && rows_[2][c.second] != '#' && rows_[2][c.second] != ' ';
  }

  Cell cell(const std::string& text) const {
    if (text.size() < 2) return {-1, -1};
    const int n = std::atoi(text.c_str() + 1);
    if (text[0] == 'h') return n >= 0 && n <= 2 * rooms_ + 2 ? Cell{1, n + 1} : Cell{-1, -1};
    const int k = text[0] - 'A';
    if (k < 0 || k >= rooms_ || n < 1 || n > depth_) return {-1, -1};
    return {1 + n, 3 + 2 * k};
  }

  std::string name(Cell c) const {
    if (in_hallway(c)) return "h" + std::to_string(c.second - 1);
    return std::string(1, static_cast<char>('A' + (c.second - 3) / 2)) +
           std::to_string(c.first - 1);
  }

  // The puzzle's three rules, and "go to the deepest free cell".
  bool allowed(Cell from, Cell to, char who) const {
    if (rows_[to.first][to.second] != '.') return false;
    if (in_hallway(to)) return !in_hallway(from) && !is_door(to);
    const int own_column = 3 + 2 * (who - 'A');
    if (to.second != own_column || from.second == to.second) return false;
    for (int r = 2; r < 2 + depth_; ++r) {
      const char ch = rows_[r][own_column];
      if (ch != '.' && ch != who) return false;
    }
    const char below = rows_[to.first + 1][to.second];
    return below != '.';
  }

  // Cells reachable over '.' cells, with their walking distance.
  std::map<Cell, int> reachable(Cell from) const {
    std::map<Cell, int> dist{{from, 0}};
    std::queue<Cell> queue;
    queue.push(from);
    while (!queue.empty()) {
      const Cell c = queue.front();
      queue.pop();
      static constexpr int kSteps[4][2] = {{0, 1}, {0, -1}, {1, 0}, {-1, 0}};
      for (const auto& step : kSteps) {
        const Cell next{c.first + step[0], c.second + step[1]};
        if (next.first < 0 || next.first >= static_cast<int>(rows_.size())) continue;
        if (next.second < 0 || next.second >= width_) continue;
        if (rows_[next.first][next.second] != '.' || dist.count(next)) continue;
        dist[next] = dist[c] + 1;
        queue.push(next);
      }
    }
    dist.erase(from);
    return dist;
  }

  int distance(Cell from, Cell to) const {
    const auto all = reachable(from);
    const auto found = all.find(to);
    return found == all.end() ? -1 : found->second;
  }

  std::vector<std::string> rows_;
  int width_ = 0;
  int rooms_ = 0;
  int depth_ = 0;
};

}  // namespace puzzlelab::testing
