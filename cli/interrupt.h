// Ctrl-C (SIGINT) and SIGTERM for a long job, in one place for every command.
//
// While an InterruptGuard lives, the first signal only sets a cancel flag:
// the job polls it with its budgets (SolveOptions::cancel, RunRequest::cancel,
// checked at least every ~100 ms of work) and ends with a summary that says
// its output is incomplete. A second signal ends the process at once, the
// way the signal would have: it first writes `last_words` (a line saying
// the output stops short) to standard output, so that a file the output was
// going to never ends silently, then the signal's own default action runs.
#pragma once

#include <atomic>
#include <string_view>

namespace puzzlelab::cli {

class InterruptGuard {
 public:
  // Installs the handlers (and clears the flag); `last_words` is copied,
  // at most a few hundred bytes kept.
  explicit InterruptGuard(std::string_view last_words = {});
  ~InterruptGuard();  // puts back the handlers there were
  InterruptGuard(const InterruptGuard&) = delete;
  InterruptGuard& operator=(const InterruptGuard&) = delete;

  // The flag to give a job as its cancel flag.
  const std::atomic<bool>& flag() const;
  // What stopped it: 0 or SIGINT or SIGTERM.
  int signal() const;
  // "interrupted (Ctrl-C)", "terminated (SIGTERM)", or "cancelled".
  const char* reason() const;

 private:
  using Handler = void (*)(int);
  Handler previous_int_;
  Handler previous_term_;
};

}  // namespace puzzlelab::cli
