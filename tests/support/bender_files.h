// The Bender maps and solutions copied into tests/data/bender, read by the
// Bender tests (the test target defines PUZZLELAB_TEST_DATA_DIR).
#pragma once

#include <catch2/catch.hpp>

#include <cstdio>
#include <fstream>
#include <sstream>
#include <string>

#include "puzzles/bender/map.h"

namespace puzzlelab::testing::bender_files {

// The text of tests/data/bender/<name>.
inline std::string read_data(const std::string& name) {
  std::ifstream in(std::string(PUZZLELAB_TEST_DATA_DIR) + "/bender/" + name);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

// The text of public map `number` (1 to 30).
inline std::string read_map(int number) {
  char name[32];
  std::snprintf(name, sizeof name, "map%02d.txt", number);
  return read_data(name);
}

// The map the text describes; the test stops if it does not parse.
inline bender::Map map_of(const std::string& text) {
  auto map = bender::parse_map(text);
  INFO(text);
  REQUIRE(map.ok());
  return map.value();
}

}  // namespace puzzlelab::testing::bender_files
