// The last phase of the solver: a local search over the program's text with
// the referee as the judge. The compressor only builds programs whose main
// follows a shortest walk; here any edit that still wins is kept, so a
// program may come to run off the walk (a call that bumps where it used to
// move, a recursion that stops on another wall) as long as Bender reaches
// Fry. Edits never lengthen the program: those of equal length wander over
// the winning programs, the shorter ones are the progress.
#pragma once

#include <cstdint>
#include <string>

#include "puzzles/bender/budget_clock.h"
#include "puzzles/bender/map.h"
#include "search/search_monitor.h"

namespace puzzlelab::bender {

// Returns the shortest winning program found from `program` (which must
// win) until `deadline` or until the monitor stops; `program` itself when
// nothing shorter wins.
std::string shorten_program_text(const Map& map, const std::string& program, uint64_t seed,
                                 search::SearchMonitor& monitor, const Deadline& deadline);

}  // namespace puzzlelab::bender
