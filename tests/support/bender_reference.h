// An independent Bender referee for tests, written straight from the rules
// page (docs/bender.md) in the shape of the game's Java classes:
// cells remember one switch (the last that names them), a switch has a
// switch cell and a field cell, the interpreter keeps a stack of frames. It
// shares no code with the engine and favours plainness over speed.
#pragma once

#include <map>
#include <set>
#include <sstream>
#include <string>
#include <vector>

namespace puzzlelab::testing {

class BenderReferee {
 public:
  struct Result {
    bool win = false;
    int steps = 0;  // the step after which Bender stood on Fry (wins only)
    std::string reason;
  };

  // A valid map in the game's format, lines joined by '\n' or '|'.
  explicit BenderReferee(const std::string& text) {
    std::string flat = text;
    for (char& c : flat) {
      if (c == '|') c = '\n';
    }
    std::istringstream in(flat);
    in >> width_ >> height_;
    std::string row;
    for (int y = 0; y < height_; ++y) {
      in >> row;
      grid_.push_back(row);
    }
    in >> x_ >> y_ >> fry_x_ >> fry_y_;
    int count = 0;
    in >> count;
    cell_switch_.assign(height_, std::vector<int>(width_, -1));
    for (int i = 0; i < count; ++i) {
      Switch s;
      int on = 0;
      in >> s.sx >> s.sy >> s.fx >> s.fy >> on;
      s.blocking = on == 1;
      switches_.push_back(s);
      cell_switch_[s.sy][s.sx] = i;  // constructor order: switch cell, then field cell
      cell_switch_[s.fy][s.fx] = i;
    }
  }

  // Java's String.split(";"): trailing empty strings removed.
  static std::vector<std::string> split(const std::string& program) {
    std::vector<std::string> parts;
    std::string current;
    for (char c : program) {
      if (c == ';') {
        parts.push_back(current);
        current.clear();
      } else {
        current += c;
      }
    }
    parts.push_back(current);
    if (program.find(';') == std::string::npos) return parts;
    while (!parts.empty() && parts.back().empty()) parts.pop_back();
    return parts;
  }

  // Section 2: the engine's 1000 gameTurn calls (or the first `turns` of
  // them: then an unfinished game gives reason "stopped", the state as it is).
  Result run(const std::string& program, int turns = 1000) {
    std::vector<std::string> functions = split(program);
    struct Frame {
      int function;
      size_t position;
    };
    std::vector<Frame> stack = {{0, 0}};
    bool finished = false, commands_left = true;
    int arrival = 0;
    for (int turn = 0; turn < 1000; ++turn) {
      if (turn == turns) return {false, turn, "stopped"};
      if (finished) return {true, arrival, ""};
      if (on_active_field()) return {false, turn, "Bender entered a magnetic field"};
      if (grid_[fry_y_][fry_x_] == '+') return {false, turn, "Fry was squashed"};
      if (x_ == fry_x_ && y_ == fry_y_) {
        finished = true;
        arrival = turn;
      }
      if (turn == 0 && functions.empty())
        return {false, 0, "No main function: the program is only ';'"};
      if (!commands_left) return {false, turn, "Invalid path"};
      if (stack.empty()) {
        commands_left = false;
        continue;
      }
      Frame& top = stack.back();
      const std::string& body = functions[top.function];
      if (top.position == body.size()) {
        stack.pop_back();
        if (!stack.empty()) stack.back().position++;
        continue;
      }
      const char c = body[top.position];
      if (c >= '1' && c <= '9') {
        const int callee = c - '0';
        if (callee >= static_cast<int>(functions.size())) {
          return {false, turn + 1, "Call to non-existing function " + std::to_string(callee)};
        }
        stack.push_back({callee, 0});
        continue;
      }
      move(c);
      top.position++;
    }
    return {false, 1000, "Fry not reached in 1000 turns"};
  }

  // Section 3: Robot.move. Any other letter leaves everything as it is.
  void move(char c) {
    int dx = 0, dy = 0;
    if (c == 'U')
      dy = -1;
    else if (c == 'D')
      dy = 1;
    else if (c == 'L')
      dx = -1;
    else if (c == 'R')
      dx = 1;
    else
      return;
    const int nx = x_ + dx, ny = y_ + dy;
    if (!inside(nx, ny) || grid_[ny][nx] == '#') return;
    const bool ball = grid_[ny][nx] == '+';
    const int bx = nx + dx, by = ny + dy;
    if (ball && (!inside(bx, by) || grid_[by][bx] == '#' || grid_[by][bx] == '+')) return;
    toggle_if_switch(nx, ny);
    if (ball) {
      grid_[ny][nx] = '.';
      grid_[by][bx] = '+';
      toggle_if_switch(bx, by);
    }
    x_ = nx;
    y_ = ny;
  }

  bool on_active_field() const {
    const int i = cell_switch_[y_][x_];
    return i >= 0 && switches_[i].blocking && switches_[i].fx == x_ && switches_[i].fy == y_;
  }
  bool dead() const { return on_active_field() || grid_[fry_y_][fry_x_] == '+'; }
  bool at_fry() const { return x_ == fry_x_ && y_ == fry_y_; }
  int x() const { return x_; }
  int y() const { return y_; }
  bool field_on(int i) const { return switches_[i].blocking; }
  bool ball(int x, int y) const { return grid_[y][x] == '+'; }
  // Everything that can change, as text (for searches over states).
  std::string state() const {
    std::string s = std::to_string(x_) + "," + std::to_string(y_) + ":";
    for (const Switch& sw : switches_) s += sw.blocking ? '1' : '0';
    for (const std::string& row : grid_) s += row;
    return s;
  }

  // Fewest moves to Fry by plain breadth-first search over whole states
  // (-1 when unreachable within `limit` moves).
  int fewest_moves(int limit) const {
    std::set<std::string> seen = {state()};
    std::vector<BenderReferee> layer = {*this};
    for (int depth = 0; depth <= limit && !layer.empty(); ++depth) {
      std::vector<BenderReferee> next;
      for (const BenderReferee& world : layer) {
        if (world.at_fry()) return depth;
        for (char c : std::string("UDLR")) {
          BenderReferee moved = world;
          moved.move(c);
          if (moved.dead() || !seen.insert(moved.state()).second) continue;
          next.push_back(moved);
        }
      }
      layer.swap(next);
    }
    return -1;
  }

 private:
  struct Switch {
    int sx = 0, sy = 0, fx = 0, fy = 0;
    bool blocking = false;
  };

  bool inside(int x, int y) const { return x >= 0 && y >= 0 && x < width_ && y < height_; }
  void toggle_if_switch(int x, int y) {
    const int i = cell_switch_[y][x];
    if (i >= 0 && switches_[i].sx == x && switches_[i].sy == y) {
      switches_[i].blocking = !switches_[i].blocking;
    }
  }

  int width_ = 0, height_ = 0;
  std::vector<std::string> grid_;
  int x_ = 0, y_ = 0, fry_x_ = 0, fry_y_ = 0;
  std::vector<Switch> switches_;
  std::vector<std::vector<int>> cell_switch_;
};

}  // namespace puzzlelab::testing
