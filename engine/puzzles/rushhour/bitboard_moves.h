// The fast search's move generator: Model::for_each_child, every slide (or
// one-cell step) from a position, found for all lines at once on the
// planes (see Model::Planes) and filtered by the move that reached it
// (Model::last_move). Included by bitboard_model.h, after the class.
#pragma once

#include <cstdint>

#include "puzzles/rushhour/bitboard_key.h"
#include "puzzles/rushhour/bitboard_model.h"

namespace puzzlelab::rushhour::fast {

template <int KW, int BW, bool Ranked>
template <bool Steps, bool WatchExit, class Visit>
PUZZLELAB_HOT void Model<KW, BW, Ranked>::for_each_child(const KeyT& key, const Planes planes,
                                                         unsigned last, Visit&& visit) const {
  // Cells between car A and the exit, and those of them that are taken.
  uint32_t ahead = 0, blocked = 0;
  if (WatchExit) {
    ahead = ahead_of_red(position(key, red_));
    blocked = red_line(planes) & ahead;
  }
  const bool has_last = last != kNoMove;
  const Cells swept = has_last ? swept_by(last) : Cells{};
  // The ends of the piece moved last, where it may not move again (with
  // Steps: not straight back), and the ends of the pieces before it: all
  // of the words before its word, those below its ends in its word. Pieces
  // keep their order along a word: the order is the same in every state.
  Cells skip_back{}, skip_on{}, before{};
  if (has_last) {
    const Planes& now = masks_[last >> 20];  // its cells and ends now
    bool passed = false;
    for (int i = 0; i < 2 * BW; ++i) {
      const uint64_t its_ends = now.words[kEndsPlane + i];
      if (!Steps || (last & 1)) skip_back[i] = its_ends;
      if (!Steps || !(last & 1)) skip_on[i] = its_ends;
      before[i] = passed ? 0 : its_ends == 0 ? ~uint64_t{0} : (its_ends & (0 - its_ends)) - 1;
      passed = passed || its_ends != 0;
    }
  }
  for (int w = 0; w < 2 * BW; ++w) {  // across words, then down words
    const uint64_t ends = planes.words[kEndsPlane + w];
    if (ends == 0) continue;
    const uint64_t empty = ~planes.words[w] & inside_.words[w];
    // Ends whose neighbour outside the piece is empty: that piece can move
    // that way (a piece's other end sees the piece itself, never empty).
    uint64_t back = ends & (empty << 1) & ~edges_back_.words[w] & ~skip_back[w];
    uint64_t on = ends & (empty >> 1) & ~edges_on_.words[w] & ~skip_on[w];
    // Where a run of empty cells stops going back (on): a taken cell, or
    // the line's first (last) cell being passed.
    const uint64_t stop_back = ~empty | edges_on_.words[w];
    const uint64_t stop_on = ~empty | edges_back_.words[w];
    const uint8_t* word_pieces = word_pieces_[w].data();
    // A piece before the one moved last moves only into the cells swept
    // last (now empty), when its run reaches them. Going back: adding a
    // swept cell to its run of empty cells carries up to the end above.
    const uint64_t runs = empty & ~edges_on_.words[w];  // a carry stops at a line's last cell
    const uint64_t reach_back = (runs + (swept[w] & runs)) & ~runs;
    back &= ~before[w] | reach_back;
    for (; back != 0; back &= back - 1) {
      const int bit = count_trailing_zeros64(back);
      int first = 1;
      if ((before[w] >> bit) & 1)
        first = bit - highest_bit64(swept[w] & ((uint64_t{1} << bit) - 1));
      const int p = piece_at(word_pieces, ends, bit);
      const PieceModel& pm = pieces_[p];
      const int pos = bit & (kLane - 1);
      const int behind =
          Steps ? 1 : bit - highest_bit64(((stop_back & ((uint64_t{1} << bit) - 1)) << 1) | 1);
      const unsigned base = static_cast<unsigned>(p * kMaxSize);
      const uint32_t* red_lane = &red_lane_[base];
      const bool can_clear = WatchExit && (blocked & ~red_lane[pos]) == 0;
      const uint64_t unit = uint64_t{1} << pm.key_shift;
      const int word = KW == 1 ? 0 : pm.key_word;
      KeyT child = key;
      for (int d = first; d <= behind; ++d) {
        child.words[word] =
            Ranked ? ranked_slide(key, base + pos, base + pos - d) : key.words[word] - d * unit;
        visit(child, static_cast<unsigned>(p * 2), can_clear && (red_lane[pos - d] & ahead) == 0,
              base + pos, base + pos - d);
      }
    }
    for (; on != 0; on &= on - 1) {
      const int bit = count_trailing_zeros64(on);
      // A stop past the word's last cell (bit 64) when the run reaches it.
      const int forward =
          Steps ? 1 : count_trailing_zeros64((stop_on >> (bit + 1)) | (uint64_t{1} << (63 - bit)));
      int first = 1;
      if ((before[w] >> bit) & 1) {
        const uint64_t near = swept[w] >> (bit + 1);  // bit < 63: not a last cell
        if (near == 0) continue;
        first = count_trailing_zeros64(near) + 1;
        if (first > forward) continue;
      }
      const int p = piece_at(word_pieces, ends, bit);
      const PieceModel& pm = pieces_[p];
      const int pos = (bit & (kLane - 1)) + 1 - pm.length;
      const unsigned base = static_cast<unsigned>(p * kMaxSize);
      const uint32_t* red_lane = &red_lane_[base];
      const bool can_clear = WatchExit && (blocked & ~red_lane[pos]) == 0;
      const uint64_t unit = uint64_t{1} << pm.key_shift;
      const int word = KW == 1 ? 0 : pm.key_word;
      KeyT child = key;
      for (int d = first; d <= forward; ++d) {
        child.words[word] =
            Ranked ? ranked_slide(key, base + pos, base + pos + d) : key.words[word] + d * unit;
        const bool flag = Steps ? p == red_ && pos + 1 == red_goal_
                                : can_clear && (red_lane[pos + d] & ahead) == 0;
        visit(child, static_cast<unsigned>(p * 2 + 1), flag, base + pos, base + pos + d);
      }
    }
  }
}

}  // namespace puzzlelab::rushhour::fast
