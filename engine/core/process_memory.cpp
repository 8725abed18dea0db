#include "core/process_memory.h"

#include <cstdlib>
#include <fstream>
#include <string>

#if defined(__GLIBC__)
#include <malloc.h>
#endif

namespace puzzlelab {

ResidentMemory resident_memory() {
  ResidentMemory figures;
#if defined(__linux__) && !defined(__EMSCRIPTEN__)
  std::ifstream status("/proc/self/status");
  for (std::string line; std::getline(status, line);) {
    // "VmRSS:  123 kB"; strtoull reads the number (0 for none) and never throws.
    const auto kib = [&line] { return std::strtoull(line.c_str() + 6, nullptr, 10) * 1024; };
    if (line.rfind("VmRSS:", 0) == 0) figures.now = kib();
    if (line.rfind("VmHWM:", 0) == 0) figures.peak = kib();
  }
#endif
  return figures;
}

bool restart_peak_memory() {
#if defined(__GLIBC__)
  malloc_trim(0);
#endif
#if defined(__linux__) && !defined(__EMSCRIPTEN__)
  std::ofstream clear("/proc/self/clear_refs");  // "5": reset the peak (VmHWM)
  clear << "5";
  clear.flush();
  return static_cast<bool>(clear);
#else
  return false;
#endif
}

}  // namespace puzzlelab
