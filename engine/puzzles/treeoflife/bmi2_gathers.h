// The gathers by the internal-cell mask with BMI2 pext/pdep, for the kernels
// compiled for BMI2 (evolve_bmi2.cpp, evolve_avx512.cpp): include after the
// target pragma.
#pragma once

#include <immintrin.h>

#include "puzzles/treeoflife/kernel.h"

namespace puzzlelab::treeoflife::kernel {
namespace {

struct Bmi2Gathers {
  // kernel::append_bits with pext inline.
  static void compress(const Args& a, const Word* x, Word* packed) {
    Word acc = 0;
    for (size_t w = 0; w < a.cell_words; ++w) {
      const Word k = _pext_u64(x[w], a.internal[w]);
      const int64_t at = a.rank_before[w];
      const int fill = static_cast<int>(at & 63);
      const size_t q = static_cast<size_t>(at >> 6);
      const Word v = acc | (k << fill);
      packed[q] = v;
      const bool spills = (a.rank_before[w + 1] >> 6) != static_cast<int64_t>(q);
      acc = spills ? (k >> 1) >> (63 - fill) : v;
    }
    packed[a.rank_before[a.cell_words] >> 6] = acc;
  }
  static uint64_t expand(const Args& a, const Word* packed, Word* out) {
    CellHash hash;
    for (size_t w = 0; w < a.cell_words; ++w) {
      out[w] |= _pdep_u64(read_bits(packed, a.rank_before[w]), a.internal[w]);
      hash.add(w, out[w]);
    }
    return hash.value();
  }
};

}  // namespace
}  // namespace puzzlelab::treeoflife::kernel
