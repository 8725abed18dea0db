#include "puzzles/treeoflife/evolve.h"

#include <algorithm>
#include <utility>

#include "puzzles/treeoflife/kernel.h"

namespace puzzlelab::treeoflife {

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
void step_bmi2(const kernel::Args& args);  // evolve_bmi2.cpp
#define PUZZLELAB_TREEOFLIFE_BMI2 1
#endif

namespace {

// Hacker's Delight 7-4/7-5: the six move masks that compress or expand by m.
std::array<Word, 6> move_masks_for(Word m) {
  std::array<Word, 6> masks{};
  Word mk = ~m << 1;  // counts zeros to the right
  for (int i = 0; i < 6; ++i) {
    Word mp = mk ^ (mk << 1);  // parallel suffix
    mp ^= mp << 2;
    mp ^= mp << 4;
    mp ^= mp << 8;
    mp ^= mp << 16;
    mp ^= mp << 32;
    const Word mv = mp & m;
    masks[i] = mv;
    m = (m ^ mv) | (mv >> (1 << i));
    mk &= ~mp;
  }
  return masks;
}

using Pair = Word __attribute__((vector_size(16)));

// Portable bit gathers (no pext/pdep): shifts and masks.
struct SoftwareOps {
  // Two words compressed side by side, each by its own mask.
  static void compress2(Word x0, Word x1, Word m0, Word m1, const Word* mv0, const Word* mv1,
                        Word& k0, Word& k1) {
    Pair x = {x0 & m0, x1 & m1};
    for (int i = 0; i < 6; ++i) {
      const Pair move = {mv0[i], mv1[i]};
      const Pair t = x & move;
      x = (x ^ t) | (t >> (1 << i));
    }
    k0 = x[0];
    k1 = x[1];
  }
  // Two expands by the same mask side by side (SSE2 natively, simd128 in wasm).
  static void expand2(Word a, Word b, Word m, const Word* mv, Word& out_a, Word& out_b) {
    Pair x = {a, b};
    for (int i = 5; i >= 0; --i) {
      const Pair t = x << (1 << i);
      const Pair move = {mv[i], mv[i]};
      x = (x & ~move) | (t & move);
    }
    out_a = x[0] & m;
    out_b = x[1] & m;
  }
  // Bits 1, 3, 5... and bits 0, 2, 4... of x, each packed into 32 bits.
  static void odd_even(Word x, uint32_t& odd, uint32_t& even) {
    Pair v = {x >> 1, x};
    v &= 0x5555555555555555ull;
    v = (v | (v >> 1)) & 0x3333333333333333ull;
    v = (v | (v >> 2)) & 0x0F0F0F0F0F0F0F0Full;
    v = (v | (v >> 4)) & 0x00FF00FF00FF00FFull;
    v = (v | (v >> 8)) & 0x0000FFFF0000FFFFull;
    v = v | (v >> 16);
    odd = static_cast<uint32_t>(v[0]);
    even = static_cast<uint32_t>(v[1]);
  }
  // Each bit of the low and of the high 32 bits of `packed` twice.
  static void spread2(Word packed, Word& low, Word& high) {
    Pair x = {packed & 0xFFFFFFFFu, packed >> 32};
    x = (x | (x << 16)) & 0x0000FFFF0000FFFFull;
    x = (x | (x << 8)) & 0x00FF00FF00FF00FFull;
    x = (x | (x << 4)) & 0x0F0F0F0F0F0F0F0Full;
    x = (x | (x << 2)) & 0x3333333333333333ull;
    x = (x | (x << 1)) & 0x5555555555555555ull;
    x |= x << 1;
    low = x[0];
    high = x[1];
  }
};

size_t words_for(int64_t cells) {
  return static_cast<size_t>((cells + 63) / 64);
}

}  // namespace

// ---------------------------------------------------------------------------
// Shape

Shape::Shape(const std::vector<std::array<int32_t, 2>>& children)
    : cells_(static_cast<int64_t>(children.size())) {
  internal_.assign(words_for(cells_), 0);
  internal_cell_.reserve(static_cast<size_t>(internal_cells()));  // a full tree: exact
  for (int64_t i = 0; i < cells_; ++i) {
    if (children[static_cast<size_t>(i)][0] >= 0) {
      flip_bit(internal_, i);
      internal_cell_.push_back(i);
    }
  }
  rank_before_.resize(internal_.size());
  move_masks_.resize(internal_.size());
  int64_t rank = 0;
  for (size_t w = 0; w < internal_.size(); ++w) {
    rank_before_[w] = rank;
    rank += __builtin_popcountll(internal_[w]);
    move_masks_[w] = move_masks_for(internal_[w]);
  }
  // Level d+1 holds two children per internal cell of level d.
  level_start_ = {0};
  int64_t begin = 0, end = 1;
  while (begin < end) {
    const int64_t internal_here =
        (end > 0 ? rank_of(end - 1) + !is_leaf(end - 1) : 0) - rank_of(begin);
    level_start_.push_back(end);
    begin = end;
    end += 2 * internal_here;
  }
}

int64_t Shape::rank_of(int64_t i) const {
  const size_t w = static_cast<size_t>(i >> 6);
  const Word below = (Word{1} << (i & 63)) - 1;
  return rank_before_[w] + __builtin_popcountll(internal_[w] & below);
}

int64_t Shape::parent(int64_t i) const {
  return i == 0 ? -1 : internal_cell_[static_cast<size_t>((i - 1) / 2)];
}

Bits step_reference(const Shape& shape, uint16_t rule, const Bits& state) {
  Bits next(state.size(), 0);
  for (int64_t i = 0; i < shape.cells(); ++i) {
    const int64_t p = shape.parent(i), l = shape.left(i), r = shape.right(i);
    const int idx = rule_index(p >= 0 && get_bit(state, p), l >= 0 && get_bit(state, l),
                               get_bit(state, i), r >= 0 && get_bit(state, r));
    if ((rule >> idx) & 1) flip_bit(next, i);
  }
  return next;
}

// ---------------------------------------------------------------------------
// Stepper

Stepper::Stepper(std::shared_ptr<const Shape> shape, uint16_t rule, bool allow_bmi2)
    : shape_(std::move(shape)), bmi2_(allow_bmi2 && uses_bmi2()) {
  std::array<Word, 16> value{};
  for (int i = 0; i < 16; ++i) value[i] = ((rule >> i) & 1) ? ~Word{0} : 0;
  for (int j = 0; j < 8; ++j) {
    rule_low_[j] = value[2 * j];
    rule_xor_[j] = value[2 * j] ^ value[2 * j + 1];
  }
  const size_t scratch = shape_->words() / 2 + 3;
  compressed_.assign(scratch, 0);
  odd_.assign(scratch, 0);
  even_.assign(scratch, 0);
  left_.assign(shape_->words(), 0);
  right_.assign(shape_->words(), 0);
}

bool Stepper::uses_bmi2() {
#ifdef PUZZLELAB_TREEOFLIFE_BMI2
  return __builtin_cpu_supports("bmi2") && __builtin_cpu_supports("avx2");
#else
  return false;
#endif
}

void Stepper::step(const Word* in, Word* out) {
  const Shape& s = *shape_;
  const int tail = static_cast<int>(s.cells() & 63);
  const kernel::Args args{in,
                          out,
                          s.words(),
                          s.internal().data(),
                          s.rank_before().data(),
                          s.move_masks().front().data(),
                          compressed_.data(),
                          odd_.data(),
                          even_.data(),
                          compressed_.size(),
                          left_.data(),
                          right_.data(),
                          rule_low_.data(),
                          rule_xor_.data(),
                          tail ? (Word{1} << tail) - 1 : ~Word{0}};
#ifdef PUZZLELAB_TREEOFLIFE_BMI2
  if (bmi2_) return step_bmi2(args);
#endif
  kernel::step_words<SoftwareOps>(args);
}

// ---------------------------------------------------------------------------
// Evolution

Evolution::Evolution(std::shared_ptr<const Shape> shape, uint16_t rule, Bits generation0,
                     int64_t horizon, uint64_t memory_budget)
    : stepper_(std::move(shape), rule),
      rule_(rule),
      memory_budget_(memory_budget),
      frontier_(std::move(generation0)) {
  const uint64_t bytes = frontier_.size() * sizeof(Word);
  interval_ = 16;
  while (interval_ < horizon && uint64_t(horizon / interval_ + 1) * bytes > checkpoint_budget()) {
    interval_ *= 2;
  }
  // Stop checks about every 2048 words stepped: fine slices for a UI on big
  // trees, no overhead on small ones.
  check_every_ = 1;
  while (check_every_ < 256 && check_every_ * int64_t(frontier_.size()) < 2048) check_every_ *= 2;
  spare_ = view_ = view_spare_ = frontier_;
  record(0, frontier_);
}

int64_t Evolution::canonical(int64_t t) const {
  if (!cycle_ || t < cycle_->start + cycle_->period) return t;
  return cycle_->start + (t - cycle_->start) % cycle_->period;
}

const Bits* Evolution::state_at(int64_t t, const KeepGoing& keep_going) {
  t = canonical(t);
  if (t >= frontier_t_) {
    if (!advance_frontier(t, keep_going)) return nullptr;
    t = canonical(t);  // a cycle may have closed on the way
    if (t == frontier_t_) return &frontier_;
  }
  if (view_t_ != t && !replay(t, keep_going)) return nullptr;
  return &view_;
}

const Bits* Evolution::state_within(int64_t t, int64_t& cell_budget) {
  const int64_t cells = std::max<int64_t>(shape().cells(), 1);
  const int64_t generations = std::max<int64_t>(cell_budget / cells, 1);
  const int64_t before = computed_;
  const Bits* state =
      state_at(t, [&](int64_t computed) { return computed - before < generations; });
  cell_budget -= (computed_ - before) * cells;
  return state;
}

int64_t Evolution::steps_to(int64_t t) const {
  t = canonical(t);
  if (t >= frontier_t_) return t - frontier_t_;
  return view_t_ == t ? 0 : t - replay_start(t);
}

int64_t Evolution::replay_start(int64_t t) const {
  const int64_t from = t / interval_ * interval_;
  return view_t_ >= from && view_t_ <= t ? view_t_ : from;
}

void Evolution::step(Bits& from, Bits& to) {
  stepper_.step(from.data(), to.data());
  std::swap(from, to);
  ++computed_;
}

bool Evolution::advance_frontier(int64_t target, const KeepGoing& keep_going) {
  while (frontier_t_ < target) {
    step(frontier_, spare_);
    ++frontier_t_;
    if (!cycle_ && record(frontier_t_, frontier_)) return true;
    if ((frontier_t_ & (check_every_ - 1)) == 0 && frontier_t_ < target && keep_going &&
        !keep_going(computed_))
      return false;
  }
  return true;
}

bool Evolution::replay(int64_t t, const KeepGoing& keep_going) {
  const int64_t from = replay_start(t);
  if (view_t_ != from) {
    view_ = checkpoints_[static_cast<size_t>(t / interval_)];
    view_t_ = from;
  }
  while (view_t_ < t) {
    step(view_, view_spare_);
    ++view_t_;
    if ((view_t_ & (check_every_ - 1)) == 0 && view_t_ < t && keep_going && !keep_going(computed_))
      return false;
  }
  return true;
}

uint64_t Evolution::hash(const Bits& state) const {
  // Four independent lanes keep the multiplier busy; a filter only.
  uint64_t h0 = 0x9E3779B97F4A7C15ull, h1 = 0xC2B2AE3D27D4EB4Full, h2 = 0x165667B19E3779F9ull,
           h3 = 0x27D4EB2F165667C5ull;
  constexpr uint64_t kMul = 0xFF51AFD7ED558CCDull;
  const size_t n = state.size();
  size_t w = 0;
  for (; w + 4 <= n; w += 4) {
    h0 = (h0 ^ state[w]) * kMul;
    h1 = (h1 ^ state[w + 1]) * kMul;
    h2 = (h2 ^ state[w + 2]) * kMul;
    h3 = (h3 ^ state[w + 3]) * kMul;
  }
  for (; w < n; ++w) h0 = (h0 ^ state[w]) * kMul;
  uint64_t h = h0 ^ (h1 * 3) ^ (h2 * 5) ^ (h3 * 7);
  h ^= h >> 29;
  return h * 0xBF58476D1CE4E5B9ull;
}

bool Evolution::record(int64_t t, const Bits& state) {
  const uint64_t bytes = state.size() * sizeof(Word);
  if (t % interval_ == 0) {
    checkpoints_.push_back(state);
    if (checkpoints_.size() * bytes > checkpoint_budget()) {  // keep every other one
      for (size_t i = 0; 2 * i < checkpoints_.size(); ++i) checkpoints_[i] = checkpoints_[2 * i];
      checkpoints_.resize((checkpoints_.size() + 1) / 2);
      interval_ *= 2;
    }
  }
  if (!tracking_) return false;
  if ((hashes_.size() + 1) * 2 > table_.size()) {  // grow the table
    if ((hashes_.size() * 8 + table_.size() * 8) > memory_budget_ / 2) {
      tracking_ = false;                  // no room to look for a cycle any further
      hashes_ = std::vector<uint64_t>();  // frees ("= {}" would keep the capacity)
      table_ = std::vector<int32_t>();
      return false;
    }
    table_.assign(std::max<size_t>(1024, table_.size() * 2), 0);
    const size_t mask = table_.size() - 1;
    for (size_t g = 0; g < hashes_.size(); ++g) {
      size_t slot = hashes_[g] & mask;
      while (table_[slot]) slot = (slot + 1) & mask;
      table_[slot] = static_cast<int32_t>(g + 1);
    }
  }
  const uint64_t h = hash(state);
  const size_t mask = table_.size() - 1;
  size_t slot = h & mask;
  for (; table_[slot]; slot = (slot + 1) & mask) {
    const int64_t g = table_[slot] - 1;
    if (hashes_[static_cast<size_t>(g)] != h) continue;
    replay(g);  // the hash only filters: compare the whole states
    if (view_ == state) {
      cycle_ = Cycle{g, t - g};
      return true;
    }
  }
  table_[slot] = static_cast<int32_t>(t + 1);
  hashes_.push_back(h);
  return false;
}

}  // namespace puzzlelab::treeoflife
