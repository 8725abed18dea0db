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
// positions at once) and the rings.
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
  // The moves, each once and both ways: pairs of node numbers, lower first.
  std::vector<int> edges;
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
// `targets`.
struct Adjacency {
  std::vector<int> offsets;
  std::vector<int> targets;
};
Adjacency adjacency(const Space& space);

// A shortest path between two nodes along the space's moves (both ends
// included); empty when none is in the space.
std::vector<int> space_path(const Adjacency& adjacency, int from, int to);
// From `node`, one step at a time to a nearest solved position (each step
// one distance lower), `node` first; just `node` when its distance is unknown.
std::vector<int> path_to_solved(const Space& space, const Adjacency& adjacency, int node);

// The space as one JSON object (columns of numbers; x and y in 1/10000),
// and back. Decoding checks every field and that the columns agree.
std::string encode_space(const Space& space);
Parsed<Space> decode_space(std::string_view text);

}  // namespace puzzlelab
