// The last phase of the solver: a local search over the program's text with
// the referee as the judge. The compressor only builds programs whose main
// follows a shortest walk; here any edit that still wins is kept, so a
// program may come to run off the walk (a call that bumps where it used to
// move, a recursion that stops on another wall) as long as Bender reaches
// Fry. Edits never lengthen the program: those of equal length wander over
// the winning programs, the shorter ones are the progress.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>

#include "puzzles/bender/budget_clock.h"
#include "puzzles/bender/map.h"
#include "search/search_monitor.h"

namespace puzzlelab::bender {

// Returns the shortest winning program found from `program` (which must
// win) until `deadline` or until the monitor stops; `program` itself when
// nothing shorter wins.
// The text search's structural edits, besides its edits of single
// characters (each keeps the walk Bender takes, up to the turns calls and
// returns use; the referee still judges the result):
// every non-overlapping occurrence of `piece` (two or more instructions, no
// ';') becomes a call of one function: one whose body already is `piece`, or
// an empty function, or a new last one. nullopt when no function is free or
// the program would get longer.
std::optional<std::string> extract_function(const std::string& program, const std::string& piece);
// Function `function` (1-9), when it is called from one place only and not
// from itself, replaced by its body at that call, or removed when nothing
// calls it; the functions after it are renumbered. nullopt otherwise.
std::optional<std::string> inline_function(const std::string& program, int function);

std::string shorten_program_text(const Map& map, const std::string& program, uint64_t seed,
                                 search::SearchMonitor& monitor, const Deadline& deadline);
// The same search with other edits (tests, experiments): `edit` writes an
// edit of its first argument into its second, false when it made none. An
// edit that would lengthen the program is never kept.
using TextEdit = std::function<bool(const std::string& program, std::string& edited)>;
std::string shorten_program_text(const Map& map, const std::string& program, const TextEdit& edit,
                                 search::SearchMonitor& monitor, const Deadline& deadline);

}  // namespace puzzlelab::bender
