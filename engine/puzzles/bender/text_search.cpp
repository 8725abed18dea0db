#include "puzzles/bender/text_search.h"

#include <algorithm>
#include <random>
#include <vector>

#include "puzzles/bender/simulator.h"

namespace puzzlelab::bender {

namespace {

// The program's function bodies, split like the referee does: at every ';',
// empty parts at the end dropped.
std::vector<std::string> split_bodies(const std::string& program) {
  std::vector<std::string> bodies(1);
  for (char c : program) {
    if (c == ';') {
      bodies.emplace_back();
    } else {
      bodies.back().push_back(c);
    }
  }
  while (bodies.size() > 1 && bodies.back().empty()) bodies.pop_back();
  return bodies;
}

std::string join_bodies(const std::vector<std::string>& bodies) {
  std::string program = bodies[0];
  for (size_t k = 1; k < bodies.size(); ++k) program += ";" + bodies[k];
  return program;
}

// Replaces the non-overlapping occurrences of `piece` in `body`, left to
// right, by `call`; how many there were.
int replace_occurrences(std::string& body, const std::string& piece, char call) {
  int count = 0;
  for (size_t at = body.find(piece); at != std::string::npos; at = body.find(piece, at + 1)) {
    body.replace(at, piece.size(), 1, call);
    ++count;
  }
  return count;
}

char call_of(size_t function) {
  return static_cast<char>('0' + function);
}

}  // namespace

std::optional<std::string> extract_function(const std::string& program, const std::string& piece) {
  if (piece.size() < 2 || piece.find(';') != std::string::npos) return std::nullopt;
  std::vector<std::string> bodies = split_bodies(program);
  const size_t callable = std::min<size_t>(bodies.size(), 10);  // main and f1-f9
  size_t slot = 0;
  for (size_t f = 1; f < callable && slot == 0; ++f) {
    if (bodies[f] == piece) slot = f;
  }
  const bool reused = slot != 0;
  for (size_t f = 1; f < callable && slot == 0; ++f) {
    if (bodies[f].empty()) slot = f;
  }
  if (slot == 0) {
    if (bodies.size() >= 10) return std::nullopt;
    slot = bodies.size();
    bodies.emplace_back();
  }
  int calls = 0;
  for (size_t f = 0; f < bodies.size(); ++f) {
    if (f != slot) calls += replace_occurrences(bodies[f], piece, call_of(slot));
  }
  if (calls < (reused ? 1 : 2)) return std::nullopt;
  bodies[slot] = piece;
  std::string shorter = join_bodies(bodies);
  if (shorter.size() > program.size()) return std::nullopt;
  return shorter;
}

std::optional<std::string> inline_function(const std::string& program, int function) {
  std::vector<std::string> bodies = split_bodies(program);
  const auto f = static_cast<size_t>(function);
  if (function < 1 || function > 9 || f >= bodies.size()) return std::nullopt;
  const char call = call_of(f);
  if (bodies[f].find(call) != std::string::npos) return std::nullopt;  // recursive
  int calls = 0;
  for (const std::string& body : bodies)
    calls += static_cast<int>(std::count(body.begin(), body.end(), call));
  if (calls > 1) return std::nullopt;
  const std::string inlined = bodies[f];
  bodies.erase(bodies.begin() + function);
  for (std::string& body : bodies) {
    const size_t at = body.find(call);
    if (at != std::string::npos) body.replace(at, 1, inlined);
  }
  for (std::string& body : bodies) {
    for (char& c : body) {
      if (c > call && c <= '9') --c;  // the functions after it move down one
    }
  }
  return join_bodies(bodies);
}

namespace {

// Random edits of a program's text, none of which lengthens it.
class TextEditor {
 public:
  explicit TextEditor(uint64_t seed) : rng_(seed) {}

  // One edit of `program` into `out`; false when the program is too short
  // for the edit drawn.
  bool edit(const std::string& program, std::string& out) {
    out = program;
    // functions besides main, at most 9 (more would not be called by digits)
    calls_ = std::min(static_cast<int>(std::count(out.begin(), out.end(), ';')), 9);
    switch (rng_() % 7) {
      case 0:  // delete a character (a ';' merges two functions)
        return erase(out, any_position(out));
      case 1:  // replace an instruction
        return replace(out);
      case 2:  // move an instruction, maybe changed, elsewhere
        return erase(out, instruction(out)) && insert(out);
      case 3:  // delete one, replace another
        return erase(out, instruction(out)) && replace(out);
      case 4:  // delete two, insert one
        return erase(out, instruction(out)) && erase(out, instruction(out)) && insert(out);
      case 5:  // a repeated piece into a function
        return extract(out);
      default:  // a function called once back into its caller
        return calls_ > 0 &&
               assign(out, inline_function(out, 1 + static_cast<int>(rng_() % calls_)));
    }
  }

 private:
  int any_position(const std::string& s) {
    return s.empty() ? -1 : static_cast<int>(rng_() % s.size());
  }
  // A position that holds a move or a call (not a ';'), or -1 when there is
  // none (counted, not inferred from calls_, which stops at 9).
  int instruction(const std::string& s) {
    if (std::all_of(s.begin(), s.end(), [](char c) { return c == ';'; })) return -1;
    for (;;) {
      const int p = any_position(s);
      if (s[p] != ';') return p;
    }
  }
  // A move, or a call of a function the program has.
  char random_instruction() {
    const int k = static_cast<int>(rng_() % static_cast<uint64_t>(4 + calls_));
    return k < 4 ? "UDLR"[k] : static_cast<char>('1' + (k - 4));
  }
  static bool erase(std::string& s, int p) {
    if (p < 0) return false;
    s.erase(static_cast<size_t>(p), 1);
    return true;
  }
  bool replace(std::string& s) {
    const int p = instruction(s);
    if (p < 0) return false;
    s[p] = random_instruction();
    return true;
  }
  bool insert(std::string& s) {
    s.insert(s.begin() + static_cast<std::ptrdiff_t>(rng_() % (s.size() + 1)),
             random_instruction());
    return true;
  }

  // A piece of 2-6 instructions of one body, at random, moved into a
  // function if it occurs often enough for the program not to get longer.
  bool extract(std::string& s) {
    const int p = instruction(s);
    if (p < 0) return false;
    const size_t length = 2 + rng_() % 5;
    const size_t end = std::min(s.find(';', static_cast<size_t>(p)), s.size());
    if (static_cast<size_t>(p) + length > end) return false;
    return assign(s, extract_function(s, s.substr(static_cast<size_t>(p), length)));
  }
  static bool assign(std::string& s, std::optional<std::string> edited) {
    if (!edited) return false;
    s = std::move(*edited);
    return true;
  }

  std::mt19937_64 rng_;
  int calls_ = 0;  // functions besides main (the ';' count)
};

}  // namespace

namespace {

// Keeps each edit of the current program that still wins and is no longer
// (the check is here, not only in the edits, so an edit that lengthens can
// never grow the program).
template <class Edit>
std::string shorten_with(const Map& map, const std::string& program, Edit&& edit,
                         search::SearchMonitor& monitor, const Deadline& deadline) {
  Simulator simulator(map);
  std::string current = program, best = program, candidate;
  for (uint64_t iteration = 0; !monitor.stopped(); ++iteration) {
    if ((iteration & 63) == 0 && deadline.passed()) break;
    if (!monitor.on_expand()) break;
    if (!edit(current, candidate) || candidate.empty()) continue;
    if (candidate.size() > current.size() || !simulator.run(candidate).win) continue;
    current.swap(candidate);
    if (current.size() < best.size()) {
      best = current;
      monitor.set_bound(static_cast<int64_t>(best.size()));
    }
  }
  return best;
}

}  // namespace

std::string shorten_program_text(const Map& map, const std::string& program, uint64_t seed,
                                 search::SearchMonitor& monitor, const Deadline& deadline) {
  TextEditor editor(seed);
  return shorten_with(
      map, program,
      [&](const std::string& from, std::string& out) { return editor.edit(from, out); }, monitor,
      deadline);
}

std::string shorten_program_text(const Map& map, const std::string& program, const TextEdit& edit,
                                 search::SearchMonitor& monitor, const Deadline& deadline) {
  return shorten_with(map, program, edit, monitor, deadline);
}

}  // namespace puzzlelab::bender
