// An independent Rush Hour referee for tests: works on plain character grids
// and shares no code with the engine, so it can check the engine's answers.
#pragma once

#include <cstdint>
#include <deque>
#include <map>
#include <set>
#include <string>
#include <vector>

namespace puzzlelab::testing {

class RushHourReferee {
 public:
  // A square board string (36 chars for 6x6); 'o'/'.' empty, 'x' wall.
  explicit RushHourReferee(const std::string& board) {
    size_ = 1;
    while (size_ * size_ < static_cast<int>(board.size())) ++size_;
    for (int r = 0; r < size_; ++r) rows_.push_back(board.substr(r * size_, size_));
  }

  // Applies "B-2"; false (and the grid unchanged) when illegal.
  bool play(const std::string& move) {
    if (move.size() < 3 || (move[1] != '+' && move[1] != '-')) return false;
    const char piece = move[0];
    int distance = 0;
    for (size_t i = 2; i < move.size(); ++i) {
      if (move[i] < '0' || move[i] > '9') return false;
      distance = distance * 10 + (move[i] - '0');
    }
    if (distance == 0) return false;
    for (int i = 0; i < distance; ++i) {
      if (!step(piece, move[1] == '+' ? 1 : -1)) return false;
    }
    return true;
  }

  bool solved() const {
    const std::string& row = rows_[row_of('A')];
    return row.back() == 'A';
  }

  std::string board() const {
    std::string out;
    for (const std::string& row : rows_) out += row;
    return out;
  }

  // Every board reachable from this one (its cluster), by plain BFS; stops
  // once it holds more than `limit` boards.
  std::set<std::string> cluster(size_t limit = SIZE_MAX) const {
    std::deque<RushHourReferee> queue{*this};
    std::set<std::string> seen{board()};
    while (!queue.empty() && seen.size() <= limit) {
      const RushHourReferee current = queue.front();
      queue.pop_front();
      for (const std::string& move : current.all_slides()) {
        RushHourReferee next = current;
        next.play(move);
        if (seen.insert(next.board()).second) queue.push_back(next);
      }
    }
    return seen;
  }

  // How many boards lie at each distance (in slides) from this one, up to
  // `max_depth`, by plain BFS: [0] is 1, this board.
  std::vector<size_t> boards_by_distance(size_t max_depth) const {
    std::vector<size_t> counts;
    std::deque<std::pair<RushHourReferee, size_t>> queue{{*this, 0}};
    std::set<std::string> seen{board()};
    while (!queue.empty()) {
      auto [current, depth] = queue.front();
      queue.pop_front();
      if (counts.size() <= depth) counts.resize(depth + 1);
      ++counts[depth];
      for (const std::string& move : current.all_slides()) {
        RushHourReferee next = current;
        next.play(move);
        if (depth < max_depth && seen.insert(next.board()).second)
          queue.push_back({next, depth + 1});
      }
    }
    return counts;
  }

  // Fewest moves (slides of any length) by plain BFS over whole grids; -1 if none.
  int fewest_moves() const {
    std::deque<std::pair<RushHourReferee, int>> queue{{*this, 0}};
    std::set<std::string> seen{board()};
    while (!queue.empty()) {
      auto [current, depth] = queue.front();
      queue.pop_front();
      if (current.solved()) return depth;
      for (const std::string& move : current.all_slides()) {
        RushHourReferee next = current;
        next.play(move);
        if (seen.insert(next.board()).second) queue.push_back({next, depth + 1});
      }
    }
    return -1;
  }

 private:
  int row_of(char piece) const {
    for (int r = 0; r < size_; ++r) {
      if (rows_[r].find(piece) != std::string::npos) return r;
    }
    return -1;
  }

  std::vector<std::pair<int, int>> cells(char piece) const {
    std::vector<std::pair<int, int>> out;
    for (int r = 0; r < size_; ++r) {
      for (int c = 0; c < size_; ++c) {
        if (rows_[r][c] == piece) out.push_back({r, c});
      }
    }
    return out;
  }

  static bool empty(char c) { return c == 'o' || c == '.'; }

  // Moves a piece one cell (+1 right/down, -1 left/up) along its axis.
  bool step(char piece, int direction) {
    const auto body = cells(piece);
    if (body.size() < 2) return false;
    const bool horizontal = body[0].first == body[1].first;
    const auto& lead = direction > 0 ? body.back() : body.front();
    const int r = lead.first + (horizontal ? 0 : direction);
    const int c = lead.second + (horizontal ? direction : 0);
    if (r < 0 || c < 0 || r >= size_ || c >= size_ || !empty(rows_[r][c])) return false;
    const auto& tail = direction > 0 ? body.front() : body.back();
    rows_[tail.first][tail.second] = 'o';
    rows_[r][c] = piece;
    return true;
  }

  std::vector<std::string> all_slides() const {
    std::set<char> pieces;
    for (const std::string& row : rows_) {
      for (char ch : row) {
        if (ch >= 'A' && ch <= 'Z') pieces.insert(ch);
      }
    }
    std::vector<std::string> moves;
    for (char piece : pieces) {
      for (const char sign : {'+', '-'}) {
        RushHourReferee probe = *this;
        for (int d = 1; probe.step(piece, sign == '+' ? 1 : -1); ++d) {
          moves.push_back(std::string(1, piece) + sign + std::to_string(d));
        }
      }
    }
    return moves;
  }

  int size_ = 0;
  std::vector<std::string> rows_;
};

}  // namespace puzzlelab::testing
