// The Tree of Life's automaton, 64 cells per machine word.
//
// Cells are numbered breadth-first (level by level, left to right). In a full
// binary tree the children of the k-th internal cell (counting internal cells
// only, in the same order) are then cells 2k+1 and 2k+2, and the parent of
// cell j is internal cell (j-1)/2. The stepper keeps a state "packed": the
// cells (one bit each, breadth-first) followed by the internal cells' states
// in internal-cell order. With both, parents and children are fixed bit
// shuffles (bits doubled, odd and even bits), and one generation needs only
// two gathers by the internal-cell mask (see kernel.h): BMI2 pext/pdep when
// the CPU has them, Hacker's Delight shifts otherwise (and in WebAssembly).
#pragma once

#include <array>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <vector>

namespace puzzlelab::treeoflife {

using Word = uint64_t;
using Bits = std::vector<Word>;  // one bit per cell, breadth-first; unused high bits zero

inline bool get_bit(const Bits& bits, int64_t i) {
  return (bits[static_cast<size_t>(i >> 6)] >> (i & 63)) & 1;
}
inline void flip_bit(Bits& bits, int64_t i) {
  bits[static_cast<size_t>(i >> 6)] ^= Word{1} << (i & 63);
}

// next = (rule >> idx) & 1 with idx = 8*parent + 4*left + 2*self + right.
inline int rule_index(bool parent, bool left, bool self, bool right) {
  return 8 * parent + 4 * left + 2 * self + right;
}

// The tree's structure, breadth-first. Cell 0 is the root.
class Shape {
 public:
  // children[i] = {left, right} of cell i breadth-first, {-1, -1} for a leaf;
  // must describe a full binary tree numbered breadth-first (checked by callers).
  explicit Shape(const std::vector<std::array<int32_t, 2>>& children);

  int64_t cells() const { return cells_; }
  size_t words() const { return internal_.size(); }
  bool is_leaf(int64_t i) const { return !get_bit(internal_, i); }
  int64_t left(int64_t i) const { return is_leaf(i) ? -1 : 2 * rank_of(i) + 1; }
  int64_t right(int64_t i) const { return is_leaf(i) ? -1 : 2 * rank_of(i) + 2; }
  int64_t parent(int64_t i) const;  // -1 for the root
  int levels() const { return static_cast<int>(level_start_.size()) - 1; }
  // First cell of each level, plus one past the last cell at the end.
  const std::vector<int64_t>& level_start() const { return level_start_; }

  // Kernel data: internal-cell mask, internal cells before each word, and the
  // six Hacker's Delight move masks per word for software compress/expand.
  const Bits& internal() const { return internal_; }
  const std::vector<int64_t>& rank_before() const { return rank_before_; }
  const std::vector<std::array<Word, 6>>& move_masks() const { return move_masks_; }
  int64_t internal_cells() const { return (cells_ - 1) / 2; }

 private:
  int64_t rank_of(int64_t i) const;  // internal cells before cell i

  int64_t cells_ = 0;
  Bits internal_;
  std::vector<int64_t> internal_cell_;  // the k-th internal cell
  std::vector<int64_t> rank_before_;
  std::vector<std::array<Word, 6>> move_masks_;
  std::vector<int64_t> level_start_;
};

// One generation, cell by cell: the definition, for tests and small trees.
Bits step_reference(const Shape& shape, uint16_t rule, const Bits& state);

// The builds of the word kernel: portable (shifts and masks; SSE2 natively,
// SIMD in WebAssembly), BMI2 pext/pdep with AVX2, and AVX-512 with GFNI.
enum class Kernel { portable, bmi2, avx512 };
const char* to_string(Kernel kernel);

// Steps whole states with the word kernel; owns its scratch buffers.
class Stepper {
 public:
  Stepper(std::shared_ptr<const Shape> shape, uint16_t rule, Kernel kernel = best_kernel());
  // out = next generation of in, cells breadth-first (both shape.words()
  // long; may not alias). Packs and unpacks: for tests and single steps.
  void step(const Word* in, Word* out);

  // The packed state (the cells, then the internal cells in their order):
  // what Evolution keeps, so that a generation is one packed step.
  size_t packed_words() const { return s_words_ + i_words_; }
  void pack(const Word* cells, Word* packed) const;  // cells: shape.words() long
  // The cells of a packed state: its first shape.words() words.
  static const Word* cells_of(const Word* packed) { return packed; }
  // One generation of a packed state; returns the new cells' hash (a filter
  // for cycles: equal cells, equal hashes).
  uint64_t step_packed(const Word* in, Word* out);
  uint64_t hash(const Word* packed) const;  // the same hash of a packed state's cells

  const Shape& shape() const { return *shape_; }
  Kernel kernel() const { return kernel_; }
  // The kernels this CPU can run (tests compare them), the fastest last.
  static std::vector<Kernel> available_kernels();
  static Kernel best_kernel() { return available_kernels().back(); }

 private:
  std::shared_ptr<const Shape> shape_;
  size_t s_words_ = 0, rank_words_ = 0, i_words_ = 0;  // the layout (see the constructor)
  // The rule as masks: value with right = 0, and what right = 1 flips.
  std::array<Word, 8> rule_low_{}, rule_xor_{};
  std::array<Word, 4> leaf_rule_{};  // by 2 * parent + self
  Bits internal_, move_masks_;       // the shape's, padded to the layout; move masks by row
  Bits parents_, cell_scratch_, gathered_;
  Bits packed_in_, packed_out_;  // step()'s
  Kernel kernel_;
};

struct Cycle {
  int64_t start = 0;   // first generation of the cycle
  int64_t period = 0;  // generation start + period equals generation start
};

// Called every few generations (fewer for small trees: about every 2048 words
// stepped, at most every 256 generations) with the generations computed so
// far; returns false to stop.
using KeepGoing = std::function<bool(int64_t computed)>;

// Generation 0 and everything computed from it: a frontier that moves
// forward, checkpoints every `interval` generations to revisit the past, and
// exact cycle detection (a hash per generation as a filter, then whole states
// compared) so that any later generation maps into the first cycle.
class Evolution {
 public:
  Evolution(std::shared_ptr<const Shape> shape, uint16_t rule, Bits generation0,
            int64_t horizon = 4096, uint64_t memory_budget = uint64_t{256} << 20);

  // The state at generation t (>= 0), or nullptr when keep_going said stop
  // (the work done so far is kept: a later call goes on from there).
  // The pointer stays valid until the next call.
  const Bits* state_at(int64_t t, const KeepGoing& keep_going = {});
  // state_at in slices, for a UI that must keep drawing: steps at most about
  // cell_budget cell updates (at least one generation; rounded up to the
  // keep_going interval) and takes what it used off the budget. nullptr when
  // t is not reached yet: call again, with this or another t.
  const Bits* state_within(int64_t t, int64_t& cell_budget);
  // Generations still to step before generation t is at hand (0: at once).
  int64_t steps_to(int64_t t) const;
  // The generation the walk toward t has reached (progress for a UI).
  int64_t reached_toward(int64_t t) const { return canonical(t) - steps_to(t); }

  const std::optional<Cycle>& cycle() const { return cycle_; }
  int64_t computed() const { return computed_; }  // generations stepped in all
  int64_t frontier() const { return frontier_t_; }
  const Shape& shape() const { return stepper_.shape(); }
  uint16_t rule() const { return rule_; }
  // The generation t stands for once the cycle is known (t itself before).
  int64_t canonical(int64_t t) const;

 private:
  bool advance_frontier(int64_t target, const KeepGoing& keep_going);
  // view_ = state at t (< frontier) from a checkpoint or from view_ itself;
  // false when keep_going said stop on the way.
  bool replay(int64_t t, const KeepGoing& keep_going = {});
  int64_t replay_start(int64_t t) const;  // where replay(t) steps from
  // Notes generation t (its hash from the stepper); true when a cycle closes at t.
  bool record(int64_t t, const Bits& state, uint64_t hash);
  const Bits* cells_of(const Bits& packed);  // the cells of a packed state, in cells_
  uint64_t step(Bits& from, Bits& to);       // returns the hash of the new cells
  // Checkpoints stay small: revisiting costs at most `interval_` steps.
  uint64_t checkpoint_budget() const { return memory_budget_ / 16; }

  Stepper stepper_;
  uint16_t rule_;
  int64_t interval_;           // checkpoint spacing (a power of two)
  int64_t check_every_ = 256;  // generations between keep_going calls (a power of two)
  uint64_t memory_budget_;
  bool tracking_ = true;                       // hashes and checkpoints still fit the budget
  std::vector<Bits> checkpoints_;              // the cells only (packed again to replay)
  std::vector<uint64_t> hashes_;               // per generation up to the frontier
  std::vector<int32_t> table_;                 // open addressing: generation + 1, 0 = empty
  Bits frontier_, spare_, view_, view_spare_;  // packed states (Stepper::pack)
  Bits cells_;                                 // what state_at returned last
  int64_t frontier_t_ = 0;
  int64_t view_t_ = -1;
  int64_t computed_ = 0;
  std::optional<Cycle> cycle_;
};

}  // namespace puzzlelab::treeoflife
