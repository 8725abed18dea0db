#include "puzzles/rushhour/enumerate/cluster.h"

#include <algorithm>
#include <cstddef>
#include <cstdio>

namespace puzzlelab::rushhour::enumerate {

namespace {

int nth_lowest_bit(uint64_t bits, int n) {
  for (int i = 0; i < n; ++i) bits &= bits - 1;
  return lowest_bit(bits);
}

// The position without one piece (its cells and head cleared).
Position without_piece(const Position& p, int head, bool horizontal) {
  Position reduced = p;
  if (horizontal) {
    const int t = head + lowest_bit(across_tails(p) >> head);
    reduced.across &= ~((uint64_t{2} << t) - (uint64_t{1} << head));
    reduced.across_heads &= ~(uint64_t{1} << head);
  } else {
    const uint64_t column = kColumn0 << (head & (kLane - 1));
    const int t = head + lowest_bit((down_tails(p) & column) >> head);
    reduced.down &= ~(column & ((uint64_t{2} << t) - (uint64_t{1} << head)));
    reduced.down_heads &= ~(uint64_t{1} << head);
  }
  return reduced;
}

}  // namespace

int head_of(const std::vector<PlacedPiece>& pieces, size_t index, const Position& p) {
  const PlacedPiece& piece = pieces[index];
  if (piece.wall) return -1;
  int rank = 0;  // pieces of a line are listed one after another, in order along it
  for (size_t i = 0; i < index; ++i) {
    const PlacedPiece& other = pieces[i];
    rank += !other.wall && other.horizontal == piece.horizontal &&
            (piece.horizontal ? other.y == piece.y : other.x == piece.x);
  }
  const uint64_t heads = piece.horizontal ? p.across_heads & (uint64_t{0xFF} << (kLane * piece.y))
                                          : p.down_heads & (kColumn0 << piece.x);
  return nth_lowest_bit(heads, rank);
}

bool ClusterAnalyser::analyse(const Arrangement& board, int size, ClusterFacts& facts,
                              const KeepGoing& keep_going) {
  facts = ClusterFacts{};
  keep_going_ = keep_going ? &keep_going : nullptr;
  stopped_ = false;
  const Lanes lanes(size, kRedRow, board.walls);
  Outcome outcome = find_solved(lanes, board.position);
  if (outcome == Outcome::done && !seeds_.empty())
    outcome = measure_distances(lanes, board.position, facts);
  if (outcome == Outcome::too_large || outcome == Outcome::stopped) {
    keep_going_ = nullptr;
    return false;
  }
  if (outcome == Outcome::earlier_found) {
    facts = ClusterFacts{};
    return true;
  }
  facts.canonical = true;
  facts.solvable = !seeds_.empty();
  facts.positions = cluster_.size();
  if (facts.solvable) facts.minimal = is_minimal(lanes, board.pieces(), facts);
  keep_going_ = nullptr;
  return !stopped_;
}

size_t ClusterAnalyser::bytes() const {
  return cluster_.bytes() + smaller_.bytes() +
         (layer_.capacity() + smaller_nodes_.capacity()) * sizeof(Node) +
         seeds_.capacity() * sizeof(Position) + buckets_bytes();
}

size_t ClusterAnalyser::buckets_bytes() const {
  size_t bytes = buckets_.capacity() * sizeof(Bucket) + counts_.capacity() * sizeof(uint64_t);
  for (const Bucket& bucket : buckets_) bytes += bucket.nodes.capacity() * sizeof(Node);
  return bytes;
}

[[gnu::always_inline]] inline bool ClusterAnalyser::locate(const Child* children, int count,
                                                           const Position& start, size_t* homes) {
  cluster_.reserve(static_cast<uint32_t>(count));
  for (int c = 0; c < count; ++c) {
    if (comes_before(children[c].position, start)) return false;
    homes[c] = cluster_.home(children[c].position);
    cluster_.prefetch(homes[c]);
  }
  return true;
}

ClusterAnalyser::Outcome ClusterAnalyser::find_solved(const Lanes& lanes, const Position& start) {
  cluster_.clear();
  layer_.clear();
  seeds_.clear();
  cluster_.add(start);
  layer_.push_back(Node{start, 0});
  if (lanes.solved(start)) seeds_.push_back(start);
  Child children[kMaxChildren];
  size_t homes[kMaxChildren];
  for (size_t i = 0; i < layer_.size() && seeds_.empty(); ++i) {
    const int count = lanes.children(layer_[i].position, layer_[i].last, children);
    if (!count_expansion()) return Outcome::stopped;
    if (!locate(children, count, start, homes)) return Outcome::earlier_found;
    for (int c = 0; c < count; ++c) {
      if (!cluster_.add_at(children[c].position, homes[c])) continue;
      layer_.push_back(children[c]);
      if (lanes.solved(children[c].position)) seeds_.push_back(children[c].position);
    }
    if (too_large()) return Outcome::too_large;
  }
  return Outcome::done;  // the whole cluster when no seed was found
}

[[gnu::always_inline]] inline bool ClusterAnalyser::relax(const Node& node, size_t home,
                                                          uint16_t at) {
  const uint32_t had = cluster_.lower_at(node.position, home, at);
  if (had != PositionTable::kNew) {
    if (had <= at) return false;
    lowered_ = true;
    --counts_[had];
  }
  if (buckets_used_ <= at) {
    buckets_used_ = at + 1u;
    if (buckets_.size() < buckets_used_) buckets_.resize(buckets_used_);
    if (counts_.size() < buckets_used_) counts_.resize(buckets_used_, 0);
  }
  buckets_[at].nodes.push_back(node);
  ++counts_[at];
  return true;
}

ClusterAnalyser::Outcome ClusterAnalyser::measure_distances(const Lanes& lanes,
                                                            const Position& start,
                                                            ClusterFacts& facts) {
  cluster_.new_pass();
  for (size_t d = 0; d < buckets_used_; ++d) {
    buckets_[d].nodes.clear();
    buckets_[d].next = 0;
    counts_[d] = 0;
  }
  buckets_used_ = 0;
  lowered_ = false;
  facts.by_distance.clear();
  for (const Position& seed : seeds_) {
    cluster_.reserve(1);
    relax(Node{seed, 0}, cluster_.home(seed), 0);
  }
  Child children[kMaxChildren];
  size_t homes[kMaxChildren];
  // Always from the nearest bucket with positions to search from: a solved
  // position met late sends the search back to distance 0.
  for (size_t d = 0; d < buckets_used_;) {
    Bucket& bucket = buckets_[d];
    if (bucket.next == bucket.nodes.size()) {
      ++d;
      continue;
    }
    const Node node = bucket.nodes[bucket.next++];
    if (lowered_ && distance(node.position) != static_cast<int>(d)) continue;  // lowered since
    // Distance 0 grows as it goes (solved positions one slide from solved
    // ones), and each of them leads to distance 1 by car A's slides.
    const int count = lanes.children(node.position, node.last, children, d == 0);
    if (!count_expansion()) return Outcome::stopped;
    if (!locate(children, count, start, homes)) return Outcome::earlier_found;
    const size_t from = d;
    for (int c = 0; c < count; ++c) {
      const bool solved = lanes.solved(children[c].position);
      // A solved position is at distance 0, searched as a start (no slide
      // before it) when met from farther.
      const auto at = static_cast<uint16_t>(solved ? 0 : from + 1);
      const Node child = solved && from > 0 ? Node{children[c].position, 0} : children[c];
      if (relax(child, homes[c], at)) d = std::min<size_t>(d, at);
    }
    if (too_large()) return Outcome::too_large;
  }
  farthest(facts);
  return Outcome::done;
}

// The farthest distance; ties go to the first position in the order (with
// nothing unsolved, that is the canonical start).
void ClusterAnalyser::farthest(ClusterFacts& facts) {
  size_t moves = buckets_used_ - 1;
  while (counts_[moves] == 0) --moves;
  facts.moves = static_cast<int>(moves);
  facts.by_distance.assign(counts_.begin(), counts_.begin() + moves + 1);
  bool first = true;
  for (const Node& node : buckets_[moves].nodes) {
    if (lowered_ && distance(node.position) != static_cast<int>(moves)) continue;
    if (first || comes_before(node.position, facts.puzzle)) facts.puzzle = node.position;
    first = false;
  }
}

bool ClusterAnalyser::is_minimal(const Lanes& lanes, const std::vector<PlacedPiece>& pieces,
                                 const ClusterFacts& facts) {
  // The pieces Fogleman's solver moves: at each step the first slide, in his
  // order, to a position one move nearer.
  std::vector<bool> moved(pieces.size(), false);
  Position at = facts.puzzle;
  for (int left = facts.moves; left > 0; --left) {
    for (size_t i = 0; i < pieces.size(); ++i) {
      const int head = head_of(pieces, i, at);
      if (head < 0) continue;
      bool found = false;
      lanes.for_each_slide_of(at, head, [&](const Position& child) {
        if (distance(child) != left - 1) return true;
        at = child;
        found = true;
        return false;
      });
      if (found) {
        moved[i] = true;
        break;
      }
    }
  }
  // Every other piece (car A aside) must matter: without it the puzzle is
  // shorter (it can never be longer: the same slides still solve it).
  for (size_t i = 1; i < pieces.size(); ++i) {
    if (moved[i]) continue;
    const PlacedPiece& piece = pieces[i];
    const bool shorter =
        piece.wall ? solvable_within(lanes.with_walls(lanes.walls() & ~cell_bit(piece.x, piece.y)),
                                     facts.puzzle, facts.moves - 1)
                   : solvable_within(lanes,
                                     without_piece(facts.puzzle, head_of(pieces, i, facts.puzzle),
                                                   piece.horizontal),
                                     facts.moves - 1);
    if (!shorter || stopped_) return false;
  }
  return true;
}

bool ClusterAnalyser::solvable_within(const Lanes& lanes, const Position& start, int moves) {
  if (moves < 0) return false;
  if (lanes.solved(start)) return true;
  if (moves < 1) return false;
  if (lanes.exit_clear(start)) return true;
  // By layers; a position whose exit is clear is solved one slide later, so
  // the last layer worth expanding is moves - 2.
  smaller_.clear();
  smaller_nodes_.clear();
  smaller_.add(start);
  smaller_nodes_.push_back(Node{start, 0});
  Child children[kMaxChildren];
  size_t layer = 0;
  for (int depth = 0; depth + 2 <= moves; ++depth) {
    const size_t end = smaller_nodes_.size();
    for (size_t i = layer; i < end; ++i) {
      const int count =
          lanes.children(smaller_nodes_[i].position, smaller_nodes_[i].last, children);
      if (!count_expansion()) return false;  // stopped_ says so
      for (int c = 0; c < count; ++c) {
        if (!smaller_.add(children[c].position)) continue;
        if (lanes.exit_clear(children[c].position)) return true;
        smaller_nodes_.push_back(children[c]);
      }
    }
    if (end == smaller_nodes_.size()) return false;  // the whole cluster seen
    layer = end;
  }
  return false;
}

std::string board_text(const std::vector<PlacedPiece>& pieces, const Position& p, int size) {
  std::string text(static_cast<size_t>(size * size), '.');
  for (size_t i = 0; i < pieces.size(); ++i) {
    const PlacedPiece& piece = pieces[i];
    if (piece.wall) {
      text[static_cast<size_t>(piece.y * size + piece.x)] = 'x';
      continue;
    }
    const int head = head_of(pieces, i, p);
    const int x = head % kLane, y = head / kLane;
    for (int k = 0; k < piece.length; ++k) {
      const int cell = piece.horizontal ? y * size + x + k : (y + k) * size + x;
      text[static_cast<size_t>(cell)] = static_cast<char>('A' + i);
    }
  }
  return text;
}

std::string format_line(const Arrangement& board, int size, const ClusterFacts& facts) {
  char moves[16];
  std::snprintf(moves, sizeof moves, "%02d", facts.moves);
  std::string line = moves;
  line += ' ';
  line += board_text(board.pieces(), facts.puzzle, size);
  line += ' ';
  line += std::to_string(facts.positions);
  line += ' ';
  for (size_t d = 0; d < facts.by_distance.size(); ++d) {
    if (d > 0) line += ',';
    line += std::to_string(facts.by_distance[d]);
  }
  return line;
}

}  // namespace puzzlelab::rushhour::enumerate
