#include "interrupt.h"

#include <algorithm>
#include <csignal>

#if defined(_WIN32)
#include <io.h>
#define PUZZLELAB_WRITE _write
#else
#include <unistd.h>
#define PUZZLELAB_WRITE write
#endif

namespace puzzlelab::cli {

namespace {

// A handler may touch only lock-free atomics and plain static storage.
std::atomic<bool> cancel_flag{false};
std::atomic<int> caught_signal{0};
static_assert(std::atomic<bool>::is_always_lock_free && std::atomic<int>::is_always_lock_free);
char last_words_text[512];
size_t last_words_size = 0;

extern "C" void on_signal(int signal) {
  if (!cancel_flag.exchange(true)) {
    caught_signal.store(signal);
    return;
  }
  // The second: say so where the output goes, then die of the signal.
  if (last_words_size > 0) {
    [[maybe_unused]] const auto written = PUZZLELAB_WRITE(1, last_words_text, last_words_size);
  }
  std::signal(signal, SIG_DFL);
  std::raise(signal);
}

}  // namespace

InterruptGuard::InterruptGuard(std::string_view last_words) {
  cancel_flag.store(false);
  caught_signal.store(0);
  last_words_size = std::min(last_words.size(), sizeof last_words_text);
  std::copy_n(last_words.data(), last_words_size, last_words_text);
  previous_int_ = std::signal(SIGINT, on_signal);
  previous_term_ = std::signal(SIGTERM, on_signal);
}

InterruptGuard::~InterruptGuard() {
  std::signal(SIGINT, previous_int_ == SIG_ERR ? SIG_DFL : previous_int_);
  std::signal(SIGTERM, previous_term_ == SIG_ERR ? SIG_DFL : previous_term_);
  last_words_size = 0;
}

const std::atomic<bool>& InterruptGuard::flag() const {
  return cancel_flag;
}

int InterruptGuard::signal() const {
  return caught_signal.load();
}

const char* InterruptGuard::reason() const {
  switch (signal()) {
    case SIGINT:
      return "interrupted (Ctrl-C)";
    case SIGTERM:
      return "terminated (SIGTERM)";
    default:
      return "cancelled";
  }
}

}  // namespace puzzlelab::cli
