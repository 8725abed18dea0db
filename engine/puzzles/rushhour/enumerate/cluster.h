// One enumerated board's cluster (every position reachable from it) and
// Fogleman's verdicts on it, as his enumerator reaches them (cpp/cluster.cpp
// of github.com/fogleman/rush, read for the definitions; docs/rushhour.md
// has them in words):
//   canonical  no position of the cluster comes before the board (the order
//              of lanes.h); found out as soon as one is generated.
//   solvable   some position has car A at the right edge. Distances count
//              slides of any length from the nearest such position; the
//              puzzle is the farthest position, the first in the order
//              among equals.
//   minimal    every piece but car A matters: removing one that his solver's
//              solution of the puzzle never moves (walls included) makes the
//              puzzle shorter. His solver takes, at each step, the first
//              slide (pieces in lettering order, each back 1, 2..., then on
//              1, 2...) that leads one move nearer; so do we, from the
//              distances at hand. "Shorter" is decided by a breadth-first
//              search of the smaller board, stopped at one move short.
//
// How (he explores each cluster twice: from the board, then back from the
// solved positions): a breadth-first search from the board stops at the
// first solved position it meets (a few percent of the cluster, typically),
// or finds the whole cluster unsolvable. Then one search by distances from
// the solved positions known measures every distance and sees the whole
// cluster. The solved positions of a cluster need not be connected among
// themselves: should it meet one it did not start from, that one joins at
// distance 0 and the search goes back to it, lowering the distances it had
// given too high (a position lowered is searched again from its new
// distance). Going back costs only what the new solved positions are
// nearer to; starting again cost the whole search so far. The slides that
// Lanes::children skips stay skippable: its argument holds for the final
// distances, each position searched from its final one with the slide that
// gave it that one. Both searches check that nothing comes before the board.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "puzzles/rushhour/enumerate/arrangements.h"
#include "puzzles/rushhour/enumerate/lanes.h"
#include "puzzles/rushhour/enumerate/position_table.h"

namespace puzzlelab::rushhour::enumerate {

struct ClusterFacts {
  bool canonical = false;
  bool solvable = false;
  bool minimal = false;
  uint64_t positions = 0;             // canonical: positions in the cluster
  int moves = -1;                     // solvable: the puzzle's distance
  Position puzzle;                    // solvable: the farthest position
  std::vector<uint64_t> by_distance;  // solvable: positions at each distance
};

class ClusterAnalyser {
 public:
  // A cluster larger than max_positions (0: no limit) is not finished.
  explicit ClusterAnalyser(uint64_t max_positions = 0) : max_positions_(max_positions) {}

  // False when the cluster grew past the limit, or when keep_going (asked
  // every kExpansionsBetweenChecks expansions, about a millisecond's work)
  // said stop: stopped() tells which. The facts are then incomplete.
  bool analyse(const Arrangement& board, int size, ClusterFacts& facts,
               const KeepGoing& keep_going = {});
  bool stopped() const { return stopped_; }

  uint64_t expanded() const { return expanded_; }  // positions expanded, all analyses
  size_t bytes() const;

 private:
  static constexpr uint64_t kExpansionsBetweenChecks = 4096;
  using Node = Child;  // a position and the slide that first reached it
  enum class Outcome { done, earlier_found, too_large, stopped };
  // Counts an expansion; false when keep_going said stop.
  bool count_expansion() {
    if ((++expanded_ & (kExpansionsBetweenChecks - 1)) != 0 || keep_going_ == nullptr) return true;
    stopped_ = stopped_ || !(*keep_going_)();
    return !stopped_;
  }
  // The positions given one distance, in the order given; those past `next`
  // are still to search from.
  struct Bucket {
    std::vector<Node> nodes;
    size_t next = 0;
  };
  // From the start until a solved position turns up (kept in seeds_).
  Outcome find_solved(const Lanes& lanes, const Position& start);
  // Distances from seeds_ and every solved position met; facts when done.
  Outcome measure_distances(const Lanes& lanes, const Position& start, ClusterFacts& facts);
  // Gives `node` distance `at` unless it has one as small: true when given.
  bool relax(const Node& node, size_t home, uint16_t at);
  void farthest(ClusterFacts& facts);
  size_t buckets_bytes() const;
  // False when a child comes before the start (it is not canonical);
  // otherwise where each child's probe starts, the slots loading already.
  bool locate(const Child* children, int count, const Position& start, size_t* homes);
  bool too_large() const { return max_positions_ != 0 && cluster_.size() > max_positions_; }
  int distance(const Position& p) const { return cluster_.value(cluster_.find(p)); }
  bool is_minimal(const Lanes& lanes, const std::vector<PlacedPiece>& pieces,
                  const ClusterFacts& facts);
  // Whether a solved position is at most `moves` slides from start.
  bool solvable_within(const Lanes& lanes, const Position& start, int moves);

  uint64_t max_positions_;
  uint64_t expanded_ = 0;
  const KeepGoing* keep_going_ = nullptr;  // during analyse()
  bool stopped_ = false;
  PositionTable cluster_;
  std::vector<Node> layer_;      // the search from the board
  std::vector<Bucket> buckets_;  // the search by distances, one per distance
  size_t buckets_used_ = 0;
  std::vector<uint64_t> counts_;  // positions at each distance
  bool lowered_ = false;          // some distance was lowered: buckets hold stale nodes
  std::vector<Position> seeds_;   // solved positions known
  PositionTable smaller_;         // a board with a piece removed
  std::vector<Node> smaller_nodes_;
};

// Where piece `index` of `pieces` (Fogleman's order) is in p: its first cell
// as a bit number, or -1 for a wall.
int head_of(const std::vector<PlacedPiece>& pieces, size_t index, const Position& p);
// The board as Fogleman writes it: row-major, '.' empty, 'x' walls, pieces
// lettered in his order.
std::string board_text(const std::vector<PlacedPiece>& pieces, const Position& p, int size);
// "MOVES BOARD CLUSTER_SIZE D0,D1,..." exactly as his enumerator prints it.
std::string format_line(const Arrangement& board, int size, const ClusterFacts& facts);

}  // namespace puzzlelab::rushhour::enumerate
