// Runs a piece of the test in a forked child whose memory is limited inside
// the test process (setrlimit RLIMIT_AS in the child, so neither the test
// process nor the shell that started it is limited): what a small machine,
// or `ulimit -v`, does to the program. The child's exit code, what it wrote
// and its peak resident memory come back.
//
// Native builds without AddressSanitizer only: ASan reserves terabytes of
// address space up front, and WebAssembly has no fork. limited_runs() says
// whether this build can; the tests that need it say so and pass otherwise.
#pragma once

#include <exception>
#include <functional>
#include <string>

#include "support/sanitizer.h"

#if !defined(__EMSCRIPTEN__) && !defined(PUZZLELAB_TEST_ASAN) && defined(__linux__)
#define PUZZLELAB_LIMITED_RUNS 1
#include <signal.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <fstream>
#endif

namespace puzzlelab::testing {

// The exit code of a child whose body let an exception escape.
inline constexpr int kEscaped = 125;

struct LimitedRun {
  int exit_code = -1;    // the child's exit code, or 128 + the signal that ended it
  std::string output;    // what the body put in its output string
  long peak_rss_kb = 0;  // the child's most resident memory
};

inline bool limited_runs() {
#ifdef PUZZLELAB_LIMITED_RUNS
  return true;
#else
  return false;
#endif
}

#ifdef PUZZLELAB_LIMITED_RUNS
namespace detail {
// The address space this process has mapped now, in bytes.
inline size_t mapped_bytes() {
  std::ifstream statm("/proc/self/statm");
  size_t pages = 0;
  statm >> pages;
  return pages * static_cast<size_t>(sysconf(_SC_PAGESIZE));
}
}  // namespace detail
#endif

// Runs body(output) in a child that may map at most `extra_bytes` more than
// the test process has mapped; the body's return value is the exit code.
inline LimitedRun run_limited(size_t extra_bytes, const std::function<int(std::string&)>& body) {
  LimitedRun run;
#ifdef PUZZLELAB_LIMITED_RUNS
  int pipe_ends[2];
  if (pipe(pipe_ends) != 0) return run;
  std::fflush(nullptr);
  const pid_t child = fork();
  if (child == 0) {
    close(pipe_ends[0]);
    const rlimit limit{detail::mapped_bytes() + extra_bytes, detail::mapped_bytes() + extra_bytes};
    setrlimit(RLIMIT_AS, &limit);
    std::string output;
    int code = kEscaped;
    try {  // nothing may unwind into the test runner's copy in this child
      code = body(output);
    } catch (const std::exception& error) {
      output += std::string("escaped: ") + error.what();
    } catch (...) {
      output += "escaped: an exception";
    }
    for (size_t done = 0; done < output.size();) {
      const ssize_t wrote = write(pipe_ends[1], output.data() + done, output.size() - done);
      if (wrote <= 0) break;
      done += static_cast<size_t>(wrote);
    }
    _exit(code);
  }
  close(pipe_ends[1]);
  char buffer[65536];
  for (ssize_t got; (got = read(pipe_ends[0], buffer, sizeof buffer)) > 0;)
    run.output.append(buffer, static_cast<size_t>(got));
  close(pipe_ends[0]);
  int status = 0;
  rusage usage{};
  if (child > 0 && wait4(child, &status, 0, &usage) == child) {
    run.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
    run.peak_rss_kb = usage.ru_maxrss;
  }
#else
  (void)extra_bytes;
  (void)body;
#endif
  return run;
}

}  // namespace puzzlelab::testing
