// The CPU time this process has used, in seconds: what benchmarks measure on
// shared machines (wall clocks count the other processes' turns too).
// Natively the process CPU clock; under WebAssembly node's process.cpuUsage()
// (the page's clock in a browser, which has no CPU clock).
#pragma once

namespace puzzlelab {

double cpu_seconds();

}  // namespace puzzlelab
