#include "core/cpu_clock.h"

#if defined(__EMSCRIPTEN__)
#include <emscripten.h>
#else
#include <ctime>
#endif

namespace puzzlelab {

#if defined(__EMSCRIPTEN__)
// clang-format off
EM_JS(double, js_cpu_seconds, (), {
  if (typeof process !== 'undefined' && process.cpuUsage) {
    const used = process.cpuUsage();
    return (used.user + used.system) / 1e6;
  }
  return performance.now() / 1e3;
});
// clang-format on

double cpu_seconds() {
  return js_cpu_seconds();
}
#else
double cpu_seconds() {
  timespec ts{};
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
  return static_cast<double>(ts.tv_sec) + 1e-9 * static_cast<double>(ts.tv_nsec);
}
#endif

}  // namespace puzzlelab
