// The summary that ends an enumeration's output, after the puzzle lines
// (docs/rushhour.md, "Every puzzle of a size"):
// comment lines (`#`, so that `grep -v '^#' | sort` leaves the puzzles), read
// back by `puzzlelab enumerate merge` to add up the shards of a run.
//
//   # enumerate rushhour size 6 walls 0 shard 3/64 blocks 929/929 complete
//   # boards 3804731
//   # canonical 1431205
//   # solvable 672340
//   # minimal 10412
//   # moves 1: 12 ===
//   # ...
//   # expanded 1148263712 positions in 71.2 s (cpu 140.1 s, 2 threads), peak memory 12 MiB
//
// A stopped run says "stopped: <why>" instead of "complete", then
// "# incomplete: the lines and counts of D of T blocks only"; a merge says
// "shards 64/64" and "merged".
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "core/parse_result.h"
#include "puzzles/rushhour/enumerate/run.h"

namespace puzzlelab::rushhour::enumerate {

struct Summary {
  int size = 0;
  int walls = 0;
  uint64_t shard = 0;   // 0 in a merge
  uint64_t shards = 1;  // a merge: how many were merged (all of them)
  uint64_t blocks_done = 0;
  uint64_t blocks_total = 0;
  bool complete = false;
  std::string stopped_because;  // when not complete
  Totals totals;
  double seconds = 0;      // wall time (a merge: the longest shard)
  double cpu_seconds = 0;  // a merge: the sum
  int threads = 0;
  uint64_t peak_bytes = 0;  // a merge: the largest
};

std::string format_summary(const Summary& summary);

// A file's summary (the last one in it), with the puzzle lines counted by
// moves in `lines_by_moves` to check it against. Errors name the line.
struct ReadSummary {
  Summary summary;
  std::vector<uint64_t> lines_by_moves;
  uint64_t puzzle_lines = 0;
  // Where the summary's counts were read (0: not there), for merge's errors.
  struct Lines {
    int boards = 0, canonical = 0, solvable = 0, minimal = 0, expanded = 0, header = 0;
    std::vector<int> moves;  // by moves
  } lines;
};
Parsed<ReadSummary> read_summary(std::string_view text);

// The shards' summaries added up, or why they do not make one run (other
// sizes, a shard missing or twice, a shard not complete, lines missing, a
// count that disagrees with the lines, a total past 2^64 - 1); errors name
// the file and the line.
Parsed<Summary> merge_summaries(const std::vector<ReadSummary>& shards,
                                const std::vector<std::string>& names);

}  // namespace puzzlelab::rushhour::enumerate
