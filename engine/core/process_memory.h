// The process's own memory, as the system reports it: what the benchmarks
// and the compare table print. The only place the engine asks the system
// (Linux's /proc/self); elsewhere, and under WebAssembly, no figures.
#pragma once

#include <cstdint>

namespace puzzlelab {

// Resident memory now and its peak since the start or the last
// restart_peak_memory(), in bytes; zeros where the system does not say.
struct ResidentMemory {
  uint64_t now = 0;
  uint64_t peak = 0;
};
ResidentMemory resident_memory();

// Starts the peak over from the memory held now, so what comes next is
// measured alone; false where the peak cannot be restarted. The memory
// freed earlier goes back to the system first: kept by malloc, it would
// serve what comes next unseen.
bool restart_peak_memory();

}  // namespace puzzlelab
