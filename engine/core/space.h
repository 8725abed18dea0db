// The space around one position, as a picture: every position reachable
// from it (up to a cap), the single moves between them, each one's distance
// to the nearest solved position, and where to draw it. The app's Cluster
// view draws it and `puzzlelab cluster` prints it; a puzzle offers it with
// PuzzleHooks::space (Rush Hour's, in puzzles/rushhour/cluster.h).
//
// The picture follows Michael Fogleman's Rush Hour cluster pictures: the
// positions are laid out in rings by their distance to the nearest solved
// position, the solved ones in the middle. A puzzle fills in the positions
// and moves (enumerate), and finish_space() does the rest, the same for
// every puzzle: the distances (one breadth-first search from all the solved
// positions at once, backwards along the moves) and the rings. A puzzle
// with nothing faster to offer takes space_by_moves(), which walks the Game
// interface itself (Amphipod's).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "core/parse_result.h"
#include "core/puzzle.h"

namespace puzzlelab {

// The most positions a Space holds when the caller names no cap (0): what
// one picture shows readably and a phone draws smoothly.
inline constexpr size_t kDefaultSpaceCap = 25'000;

struct Space {
  // solved = the whole space (or its first `cap` positions) is here;
  // budget_exceeded, cancelled or invalid as for a solve (see message).
  SolveStatus status = SolveStatus::invalid;
  std::string message;
  // One entry per position, in order of moves from the start (node 0 is the
  // position it was made from): the position's text (Game::format), its
  // moves from the start, its distance in moves to the nearest solved
  // position (-1: no solved position reachable within the space), and its
  // place in the picture (x and y in -1..1).
  std::vector<std::string> boards;
  std::vector<int> depth;
  std::vector<int> distance;
  std::vector<float> x, y;
  // The moves as pairs of node numbers. Undirected (moves that can be taken
  // back, as Rush Hour's slides): each pair once, lower first. `directed`
  // (moves that cannot always be undone, as an amphipod walking home): each
  // move once, from where it starts to where it ends.
  std::vector<int> edges;
  bool directed = false;
  // What each move costs in the puzzle's unit (Amphipod's energy), one per
  // edge; empty when every move costs 1. With it, `cost` holds each
  // position's least cost to a solved position (-1: none reachable in the
  // space); without it `cost` is empty and the distance is the cost.
  std::vector<int64_t> edge_cost;
  std::vector<int64_t> cost;
  // More positions are reachable than `cap`: only the first `cap` by moves
  // from the start are here, the moves to the others left out, and the
  // distances are those within the space shown (at least the true ones).
  bool truncated = false;
  uint64_t cap = 0;
  // What a ring counts: "distance to solved", or "moves from the board"
  // when no solved position is in the space.
  std::string rings_by;
  int rings = 0;  // rings drawn (the outermost may hold the unknown distances)
  double elapsed_ms = 0;

  size_t size() const { return boards.size(); }
  bool is_solved(size_t node) const { return distance[node] == 0; }
};

// Call when the positions, their depths and the edges are in, and `solved`
// says which positions are solved: sets the distances, the rings and the
// layout. Deterministic: the same space gives the same picture.
void finish_space(Space& space, const std::vector<bool>& solved);

// Each node's neighbours, from the edge list: offsets[i]..offsets[i+1] in
// `targets`, and the edge's number (for its cost) at the same place in `edge`.
struct Adjacency {
  std::vector<int> offsets;
  std::vector<int> targets;
  std::vector<int> edge;
};
// Which neighbours of a directed space: where its moves lead (forward),
// where they come from (backward), or both. An undirected space's are both.
enum class Along { both, forward, backward };
Adjacency adjacency(const Space& space, Along along = Along::both);

// A fewest-moves path from one node to another along the space's moves
// (both ends included); empty when none is in the space.
std::vector<int> space_path(const Space& space, int from, int to);
// From `node`, one move at a time to a nearest solved position (a least-cost
// one when moves have costs), `node` first; just `node` when no solved
// position is reachable. `forward` is adjacency(space, Along::forward).
std::vector<int> path_to_solved(const Space& space, const Adjacency& forward, int node);

// The space around any puzzle's position through the Game interface alone
// (legal_moves, apply, format, is_solved): breadth-first from `position`,
// the first `cap` positions (0: kDefaultSpaceCap), directed moves with
// their costs. For PuzzleHooks::space. Honours the budgets, the cancel flag
// and progress of `options`.
Space space_by_moves(const Game& position, const SolveOptions& options, size_t cap);

// "2332 positions", or what a truncated space leaves out: its message.
std::string space_summary(const Space& space);

// The budgets and the cancel flag of an enumeration, and its progress
// reports: ask keep_going() every few positions.
class SpaceBudget {
 public:
  // `bytes_per_position`: what one position costs the enumeration.
  SpaceBudget(const SolveOptions& options, size_t bytes_per_position);
  // True to go on. False when a budget ran out or the caller cancelled:
  // then space.status and space.message say which. `explored` positions
  // have had their moves tried, `found` are known, the last at `depth`.
  bool keep_going(Space& space, size_t explored, size_t found, int depth);
  double elapsed_ms() const { return options_.now_ms() - started_; }

 private:
  const SolveOptions& options_;
  double started_;
  double last_report_;
  size_t per_position_;
};

// The space as one JSON object (columns of numbers; x and y in 1/10000),
// and back. Decoding checks every field and that the columns agree.
std::string encode_space(const Space& space);
Parsed<Space> decode_space(std::string_view text);

}  // namespace puzzlelab
