#include "puzzles/bender/text_search.h"

#include <algorithm>
#include <random>

#include "puzzles/bender/simulator.h"

namespace puzzlelab::bender {

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
    switch (rng_() % 5) {
      case 0:  // delete a character (a ';' merges two functions)
        return erase(out, any_position(out));
      case 1:  // replace an instruction
        return replace(out);
      case 2:  // move an instruction, maybe changed, elsewhere
        return erase(out, instruction(out)) && insert(out);
      case 3:  // delete one, replace another
        return erase(out, instruction(out)) && replace(out);
      default:  // delete two, insert one
        return erase(out, instruction(out)) && erase(out, instruction(out)) && insert(out);
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

  std::mt19937_64 rng_;
  int calls_ = 0;  // functions besides main (the ';' count)
};

}  // namespace

std::string shorten_program_text(const Map& map, const std::string& program, uint64_t seed,
                                 search::SearchMonitor& monitor, const Deadline& deadline) {
  Simulator simulator(map);
  TextEditor editor(seed);
  std::string current = program, best = program, candidate;
  for (uint64_t iteration = 0; !monitor.stopped(); ++iteration) {
    if ((iteration & 63) == 0 && deadline.passed()) break;
    if (!monitor.on_expand()) break;
    if (!editor.edit(current, candidate) || candidate.empty()) continue;
    if (!simulator.run(candidate).win) continue;
    current.swap(candidate);
    if (current.size() < best.size()) {
      best = current;
      monitor.set_bound(static_cast<int64_t>(best.size()));
    }
  }
  return best;
}

}  // namespace puzzlelab::bender
