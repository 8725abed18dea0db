// An independent checker for Rush Hour golf answers: plays "B 1" / "B -1"
// lines on the golf board's own characters (border and gap included) and says
// after which step a piece entered the exit gap, and how the board then looks.
// Shares no code with the engine.
#pragma once

#include <sstream>
#include <string>
#include <vector>

namespace puzzlelab::testing {

struct GolfVerdict {
  bool won = false;
  int steps = 0;      // steps played until the win (or until the error)
  std::string error;  // why a step was refused, or what follows the win
  std::string board;  // the board after the steps played, one line a row
};

inline GolfVerdict replay_golf(const std::string& board, const std::string& answer) {
  std::vector<std::string> grid;
  std::istringstream lines(board);
  for (std::string line; std::getline(lines, line);) grid.push_back(line);
  size_t width = 0;
  for (const std::string& row : grid) width = row.size() > width ? row.size() : width;
  for (std::string& row : grid) row.resize(width, ' ');  // trimmed trailing gap
  const int h = static_cast<int>(grid.size()), w = static_cast<int>(width);
  auto on_edge = [&](int r, int c) { return r == 0 || c == 0 || r == h - 1 || c == w - 1; };

  GolfVerdict verdict;
  std::istringstream steps(answer);
  std::string letter;
  int direction = 0;
  while (steps >> letter >> direction) {
    if (verdict.won) {
      verdict.error = "steps after the win";
      return verdict;
    }
    ++verdict.steps;
    std::vector<std::pair<int, int>> body;
    for (int r = 0; r < h; ++r) {
      for (int c = 0; c < w; ++c) {
        if (grid[r][c] == letter[0]) body.push_back({r, c});
      }
    }
    if (letter.size() != 1 || body.size() < 2 || (direction != 1 && direction != -1)) {
      verdict.error = "bad step " + letter + " " + std::to_string(direction);
      return verdict;
    }
    const bool horizontal = body[0].first == body[1].first;
    const auto lead = direction > 0 ? body.back() : body.front();
    const auto tail = direction > 0 ? body.front() : body.back();
    const int r = lead.first + (horizontal ? 0 : direction);
    const int c = lead.second + (horizontal ? direction : 0);
    if (r < 0 || c < 0 || r >= h || c >= w || grid[r][c] != ' ') {
      verdict.error = "step " + std::to_string(verdict.steps) + " (" + letter + ") is blocked";
      return verdict;
    }
    grid[tail.first][tail.second] = ' ';
    grid[r][c] = letter[0];
    verdict.won = on_edge(r, c);  // the only space on the border is the gap
  }
  if (!verdict.won && verdict.error.empty()) verdict.error = "no piece reached the exit";
  for (const std::string& row : grid) verdict.board += row + '\n';
  return verdict;
}

}  // namespace puzzlelab::testing
