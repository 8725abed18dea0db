#include "puzzles/treeoflife/evolve.h"

#include <algorithm>
#include <utility>

#if defined(__wasm_simd128__)
#include <wasm_simd128.h>
#elif defined(__SSSE3__)
#include <tmmintrin.h>
#endif

#include "puzzles/treeoflife/kernel.h"

namespace puzzlelab::treeoflife {

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
uint64_t step_bmi2(const kernel::Args& args);    // evolve_bmi2.cpp
uint64_t step_avx512(const kernel::Args& args);  // evolve_avx512.cpp
#define PUZZLELAB_TREEOFLIFE_X86 1
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

// Two words a vector: SSE natively, simd128 in WebAssembly.
using Pair = Word __attribute__((vector_size(16)));

// Byte tables for the fixed shuffles (kernel::ByteTableShuffles).
#if defined(__wasm_simd128__)
struct PairBytes {
  using V = Pair;
  static Pair lookup(Pair table, Pair indices) {
    return (Pair)wasm_i8x16_swizzle((v128_t)table, (v128_t)indices);
  }
  static Pair narrow(Pair a, Pair b) { return (Pair)wasm_u8x16_narrow_i16x8((v128_t)a, (v128_t)b); }
  static Pair nibbles(const Word* words, int64_t half) {
    const v128_t x = wasm_v128_load64_zero(reinterpret_cast<const char*>(words) + 4 * half);
    const v128_t low = wasm_v128_and(x, wasm_i8x16_splat(0x0F)), high = wasm_u8x16_shr(x, 4);
    return (Pair)wasm_i8x16_shuffle(low, high, 0, 16, 1, 17, 2, 18, 3, 19, 4, 20, 5, 21, 6, 22, 7,
                                    23);
  }
};
using Shuffles = kernel::ByteTableShuffles<PairBytes>;
#elif defined(__SSSE3__)
struct PairBytes {
  using V = Pair;
  static Pair lookup(Pair table, Pair indices) {
    return (Pair)_mm_shuffle_epi8((__m128i)table, (__m128i)indices);
  }
  static Pair narrow(Pair a, Pair b) { return (Pair)_mm_packus_epi16((__m128i)a, (__m128i)b); }
  static Pair nibbles(const Word* words, int64_t half) {
    const __m128i x = _mm_loadl_epi64(
        reinterpret_cast<const __m128i*>(reinterpret_cast<const char*>(words) + 4 * half));
    const __m128i four_bits = _mm_set1_epi8(0x0F);
    const __m128i low = _mm_and_si128(x, four_bits);
    const __m128i high = _mm_and_si128(_mm_srli_epi16(x, 4), four_bits);
    return (Pair)_mm_unpacklo_epi8(low, high);
  }
};
using Shuffles = kernel::ByteTableShuffles<PairBytes>;
#else
using Shuffles = kernel::NetworkShuffles;
#endif

// Portable gathers (no pext/pdep): Hacker's Delight shifts and masks, two
// words at a time, each with its own mask.
struct SoftwareOps : Shuffles {
  static void compress(const kernel::Args& a, const Word* x, Word* packed) {
    for (size_t w = 0; w < a.cell_words; w += 2) {
      Pair v = kernel::load<Pair>(x + w) & kernel::load<Pair>(a.internal + w);
      for (int i = 0; i < 6; ++i) {
        const Pair t = v & kernel::load<Pair>(a.move_masks + i * a.s_words + w);
        v = (v ^ t) | (t >> (1 << i));
      }
      kernel::store(a.gathered + w, v);
    }
    kernel::append_bits(a.gathered, a.cell_words, a.rank_before, packed);
  }
  static uint64_t expand(const kernel::Args& a, const Word* packed, Word* out) {
    for (size_t w = 0; w < a.cell_words; ++w) {
      a.gathered[w] = kernel::read_bits(packed, a.rank_before[w]);
    }
    kernel::CellHash hash;
    for (size_t w = 0; w < a.cell_words; w += 2) {
      Pair v = kernel::load<Pair>(a.gathered + w);
      for (int i = 5; i >= 0; --i) {
        const Pair move = kernel::load<Pair>(a.move_masks + i * a.s_words + w);
        v = (v & ~move) | ((v << (1 << i)) & move);
      }
      v = kernel::load<Pair>(out + w) | (v & kernel::load<Pair>(a.internal + w));
      kernel::store(out + w, v);
      hash.add(w, v[0]);
      if (w + 1 < a.cell_words) hash.add(w + 1, v[1]);
    }
    return hash.value();
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
  rank_before_.push_back(rank);  // one past the last word: all internal cells
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

const char* to_string(Kernel kernel) {
  switch (kernel) {
    case Kernel::bmi2:
      return "bmi2";
    case Kernel::avx512:
      return "avx512";
    default:
      return "portable";
  }
}

std::vector<Kernel> Stepper::available_kernels() {
  std::vector<Kernel> kernels = {Kernel::portable};
#ifdef PUZZLELAB_TREEOFLIFE_X86
  if (__builtin_cpu_supports("bmi2") && __builtin_cpu_supports("avx2")) {
    kernels.push_back(Kernel::bmi2);
    if (__builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512bw") &&
        __builtin_cpu_supports("avx512vl") && __builtin_cpu_supports("avx512vbmi") &&
        __builtin_cpu_supports("gfni")) {
      kernels.push_back(Kernel::avx512);
    }
  }
#endif
  return kernels;
}

Stepper::Stepper(std::shared_ptr<const Shape> shape, uint16_t rule, Kernel kernel)
    : shape_(std::move(shape)), kernel_(kernel) {
  std::array<Word, 16> value{};
  for (int i = 0; i < 16; ++i) value[i] = ((rule >> i) & 1) ? ~Word{0} : 0;
  for (int j = 0; j < 8; ++j) {
    rule_low_[j] = value[2 * j];
    rule_xor_[j] = value[2 * j] ^ value[2 * j + 1];
  }
  for (int parent = 0; parent < 2; ++parent) {
    for (int self = 0; self < 2; ++self) {
      leaf_rule_[2 * parent + self] = value[rule_index(parent, false, self, false)];
    }
  }
  // The layout (kernel.h): vectors of up to 8 words may read and write whole
  // vectors past the last words, and the children of the last internal word
  // lie up to 2 words past twice its index: S and I get room for both.
  rank_words_ = std::max<size_t>(1, words_for(shape_->internal_cells()));
  const size_t rank_padded = (rank_words_ + 7) / 8 * 8;
  s_words_ = 2 * rank_padded + 8;  // > words(): n = 2 * internal + 1
  i_words_ = rank_padded + 8;
  internal_.assign(s_words_, 0);
  std::copy(shape_->internal().begin(), shape_->internal().end(), internal_.begin());
  move_masks_.assign(6 * s_words_, 0);
  for (size_t w = 0; w < shape_->words(); ++w) {
    for (int i = 0; i < 6; ++i) move_masks_[i * s_words_ + w] = shape_->move_masks()[w][i];
  }
  parents_.assign(i_words_, 0);
  cell_scratch_.assign(s_words_, 0);
  gathered_.assign(s_words_, 0);
}

void Stepper::pack(const Word* cells, Word* packed) const {
  const Shape& s = *shape_;
  std::fill(packed, packed + packed_words(), Word{0});
  std::copy(cells, cells + s.words(), packed);
  std::vector<Word> k(s.words());
  for (size_t w = 0; w < s.words(); ++w) {
    // Hacker's Delight compress (pext) of the word by the internal mask.
    Word x = cells[w] & s.internal()[w];
    for (int i = 0; i < 6; ++i) {
      const Word t = x & s.move_masks()[w][static_cast<size_t>(i)];
      x = (x ^ t) | (t >> (1 << i));
    }
    k[w] = x;
  }
  kernel::append_bits(k.data(), s.words(), s.rank_before().data(), packed + s_words_);
}

uint64_t Stepper::step_packed(const Word* in, Word* out) {
  const Shape& s = *shape_;
  const int tail = static_cast<int>(s.cells() & 63);
  const int rank_tail = static_cast<int>(s.internal_cells() & 63);
  const Word rank_mask = s.internal_cells() == 0 ? 0
                         : rank_tail             ? (Word{1} << rank_tail) - 1
                                                 : ~Word{0};
  const kernel::Args args{in,
                          out,
                          s.words(),
                          s_words_,
                          rank_words_,
                          internal_.data(),
                          s.rank_before().data(),
                          move_masks_.data(),
                          i_words_,
                          parents_.data(),
                          cell_scratch_.data(),
                          gathered_.data(),
                          rule_low_.data(),
                          rule_xor_.data(),
                          {leaf_rule_[0], leaf_rule_[1], leaf_rule_[2], leaf_rule_[3]},
                          tail ? (Word{1} << tail) - 1 : ~Word{0},
                          rank_mask};
#ifdef PUZZLELAB_TREEOFLIFE_X86
  if (kernel_ == Kernel::avx512) return step_avx512(args);
  if (kernel_ == Kernel::bmi2) return step_bmi2(args);
#endif
  return kernel::step_words<SoftwareOps, Pair>(args);
}

uint64_t Stepper::hash(const Word* packed) const {
  return kernel::hash_cells(packed, shape_->words());
}

void Stepper::step(const Word* in, Word* out) {
  packed_in_.resize(packed_words());
  packed_out_.resize(packed_words());
  pack(in, packed_in_.data());
  step_packed(packed_in_.data(), packed_out_.data());
  std::copy(packed_out_.begin(), packed_out_.begin() + static_cast<std::ptrdiff_t>(shape_->words()),
            out);
}
// ---------------------------------------------------------------------------
// Evolution

Evolution::Evolution(std::shared_ptr<const Shape> shape, uint16_t rule, Bits generation0,
                     int64_t horizon, uint64_t memory_budget)
    : stepper_(std::move(shape), rule), rule_(rule), memory_budget_(memory_budget) {
  frontier_.assign(stepper_.packed_words(), 0);
  stepper_.pack(generation0.data(), frontier_.data());
  const uint64_t bytes = generation0.size() * sizeof(Word);
  interval_ = 16;
  while (interval_ < horizon && uint64_t(horizon / interval_ + 1) * bytes > checkpoint_budget()) {
    interval_ *= 2;
  }
  // Stop checks about every 2048 words stepped: fine slices for a UI on big
  // trees, no overhead on small ones.
  check_every_ = 1;
  while (check_every_ < 256 && check_every_ * int64_t(generation0.size()) < 2048) check_every_ *= 2;
  spare_ = view_ = view_spare_ = frontier_;
  record(0, frontier_, stepper_.hash(frontier_.data()));
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
    if (t == frontier_t_) return cells_of(frontier_);
  }
  if (view_t_ != t && !replay(t, keep_going)) return nullptr;
  return cells_of(view_);
}

const Bits* Evolution::cells_of(const Bits& packed) {
  const auto words = static_cast<std::ptrdiff_t>(shape().words());
  cells_.assign(packed.begin(), packed.begin() + words);
  return &cells_;
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

uint64_t Evolution::step(Bits& from, Bits& to) {
  const uint64_t hash = stepper_.step_packed(from.data(), to.data());
  std::swap(from, to);
  ++computed_;
  return hash;
}

bool Evolution::advance_frontier(int64_t target, const KeepGoing& keep_going) {
  while (frontier_t_ < target) {
    const uint64_t hash = step(frontier_, spare_);
    ++frontier_t_;
    if (!cycle_ && record(frontier_t_, frontier_, hash)) return true;
    if ((frontier_t_ & (check_every_ - 1)) == 0 && frontier_t_ < target && keep_going &&
        !keep_going(computed_))
      return false;
  }
  return true;
}

bool Evolution::replay(int64_t t, const KeepGoing& keep_going) {
  const int64_t from = replay_start(t);
  if (view_t_ != from) {
    stepper_.pack(checkpoints_[static_cast<size_t>(t / interval_)].data(), view_.data());
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

bool Evolution::record(int64_t t, const Bits& state, uint64_t h) {
  const size_t words = shape().words();
  const uint64_t bytes = words * sizeof(Word);
  if (t % interval_ == 0) {
    checkpoints_.emplace_back(state.begin(), state.begin() + static_cast<std::ptrdiff_t>(words));
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
