#include "puzzles/rushhour/cluster.h"

#include <unordered_map>

#include "puzzles/rushhour/golf.h"
#include "puzzles/rushhour/rushhour.h"

namespace puzzlelab::rushhour {

namespace {

struct PositionsHash {
  size_t operator()(const Positions& p) const {
    uint64_t h = p.words[0] * 0x9E3779B97F4A7C15ULL ^ (p.words[1] + 0x632BE59BD9B4E019ULL);
    h ^= h >> 29;
    return static_cast<size_t>(h * 0xBF58476D1CE4E5B9ULL);
  }
};

// Bytes a position costs: its key and index in the table, its text, depth,
// distance and place, and about five moves of two ints.
size_t bytes_per_position(const Layout& layout) {
  return 64 + size_t(layout.width() * layout.height() + 32) + 4 * 4 + 5 * 8;
}

}  // namespace

Space cluster(const Game& position, const SolveOptions& options, size_t cap) {
  Space space;
  const auto* game = dynamic_cast<const RushHourGame*>(&position);
  if (!game) {
    space.message = "not a Rush Hour position";
    return space;
  }
  const Layout& layout = game->layout();
  const auto text = [&](const Positions& p) {
    return game->golf_side() ? format_golf(layout, p, game->orientation())
                             : format_board(layout, p);
  };
  space.cap = cap ? cap : kDefaultSpaceCap;
  SpaceBudget budget(options, bytes_per_position(layout));

  std::vector<Positions> nodes{game->positions()};
  std::unordered_map<Positions, int, PositionsHash> index{{game->positions(), 0}};
  std::vector<bool> solved;
  space.depth.push_back(0);
  for (size_t at = 0; at < nodes.size(); ++at) {
    if (at % 64 == 0 && !budget.keep_going(space, at, nodes.size(), space.depth[at])) return space;
    const Positions here = nodes[at];
    solved.push_back(layout.is_solved(here));
    for (const Slide& s : legal_slides(layout, here)) {
      Positions next = here;
      next.set(s.piece, here.get(s.piece) + s.delta);
      auto [it, added] = index.try_emplace(next, static_cast<int>(nodes.size()));
      if (added && nodes.size() >= space.cap) {
        index.erase(it);  // beyond the cap: left out, and the moves to it
        space.truncated = true;
        continue;
      }
      if (added) {
        nodes.push_back(next);
        space.depth.push_back(space.depth[at] + 1);
      }
      if (it->second > static_cast<int>(at)) {  // each move once, from its lower end
        space.edges.push_back(static_cast<int>(at));
        space.edges.push_back(it->second);
      }
    }
  }
  space.boards.reserve(nodes.size());
  for (const Positions& p : nodes) space.boards.push_back(text(p));
  finish_space(space, solved);
  space.status = SolveStatus::solved;
  space.message = space_summary(space);
  space.elapsed_ms = budget.elapsed_ms();
  return space;
}

}  // namespace puzzlelab::rushhour
