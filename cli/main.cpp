// puzzlelab: the engine from a command line (see cli.h).
#include <unistd.h>

#include <iostream>

#include "cli.h"

int main(int argc, char** argv) {
  std::ios::sync_with_stdio(false);
  puzzlelab::cli::Io io{std::cin, std::cout, std::cerr, isatty(2) != 0};
  const int code = puzzlelab::cli::run_cli(std::vector<std::string>(argv + 1, argv + argc), io);
  std::cout.flush();
  return code;
}
