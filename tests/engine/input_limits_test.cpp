// Hostile and huge input, for every puzzle in the list: each parser keeps
// to the memory rule (at most kBytesPerInputByte bytes held at once per byte
// of input, plus kParseSlack), whatever the text declares or implies, and
// its error quotes at most a short excerpt of the text. The inputs are made
// from each puzzle's bundled examples (a line stretched, lines repeated,
// blank lines or one character by the megabyte), so a new puzzle is covered
// with no edit here, plus the shapes that broke a parser once.
#include <catch2/catch.hpp>

#include <algorithm>
#include <functional>
#include <set>

#include "api/solve_protocol.h"
#include "puzzles/puzzle_list.h"
#include "support/allocation_meter.h"
#include "support/hostile_input.h"
#include "support/puzzle_examples.h"
#include "support/sanitizer.h"

using namespace puzzlelab;
using puzzlelab::testing::AllocationMeter;
using puzzlelab::testing::Hostile;
using puzzlelab::testing::kBytesPerInputByte;
using puzzlelab::testing::kParseSlack;

namespace {

constexpr size_t kMaxErrorMessage = 400;  // an excerpt, never the input
#if defined(PUZZLELAB_TEST_ASAN)
// A quarter under AddressSanitizer, whose big allocations made this file's
// megabyte inputs take 27 times Release's time (485 s, the sanitizer run's
// longest test by far): the same shapes through the same code, the bound's
// slack a larger share. Release and wasm run the megabyte.
constexpr size_t kHugeInput = 1 << 18;
#else
constexpr size_t kHugeInput = 1 << 20;
#endif

std::vector<std::string> split_lines(const std::string& text) {
  std::vector<std::string> lines;
  size_t start = 0;
  while (start <= text.size()) {
    size_t end = text.find('\n', start);
    if (end == std::string::npos) end = text.size();
    lines.push_back(text.substr(start, end - start));
    start = end + 1;
  }
  return lines;
}

std::string repeated_to_size(const std::string& piece, size_t size) {
  std::string out;
  if (piece.empty()) return out;
  out.reserve(size + piece.size());
  while (out.size() < size) out += piece;
  return out;
}

// Inputs of about kHugeInput bytes made from one bundled example.
std::vector<Hostile> hostile_from(const std::string& example) {
  std::vector<Hostile> inputs;
  std::vector<std::string> lines = split_lines(example);
  auto longest = std::max_element(lines.begin(), lines.end(),
                                  [](auto& a, auto& b) { return a.size() < b.size(); });
  // The longest line stretched to a megabyte, the rest as it was.
  std::vector<std::string> wide = lines;
  wide[static_cast<size_t>(longest - lines.begin())] = repeated_to_size(*longest, kHugeInput);
  std::string text;
  for (const std::string& line : wide) text += line + "\n";
  inputs.push_back({"a line stretched", text});
  inputs.push_back({"the example repeated", repeated_to_size(example + "\n", kHugeInput)});
  inputs.push_back({"its first line repeated", repeated_to_size(lines[0] + "\n", kHugeInput)});
  inputs.push_back({"blank lines inside", lines[0] + "\n" + std::string(kHugeInput, '\n') +
                                              example.substr(lines[0].size())});
  inputs.push_back(
      {"spaces inside a line", lines[0] + std::string(kHugeInput, ' ') + "x\n" + example});
  const std::string word = lines[0].substr(0, std::min<size_t>(lines[0].find(' '), 3));
  inputs.push_back({"short words on one line", repeated_to_size(word + " ", kHugeInput)});
  inputs.push_back(
      {"short words on the last line", example + "\n" + repeated_to_size(word + " ", kHugeInput)});
  inputs.push_back({"slashes", repeated_to_size(word + "/", kHugeInput)});
  std::set<char> characters(example.begin(), example.end());
  for (const char c : characters) {
    if (c == '\n') continue;
    inputs.push_back({std::string("'") + c + "' by the megabyte", std::string(kHugeInput, c)});
    inputs.push_back({std::string("'") + c + "' on each line",
                      repeated_to_size(std::string(1, c) + "\n", kHugeInput)});
  }
  return inputs;
}

// Shapes that once took far more memory than their size.
std::vector<Hostile> known_bombs(std::string_view id) {
  std::vector<Hostile> inputs;
  if (id == "rushhour") {
    // A golf border whose last line is long: rows were padded to it first.
    inputs.push_back({"golf rows padded to a long line",
                      "###\n" + repeated_to_size("#\n", 10000) + std::string(200000, '#') + "\n"});
  }
  if (id == "treeoflife") {
    inputs.push_back({"parentheses nested a million deep", std::string(kHugeInput, '(')});
    std::string queries = "42354\n((. X (. . .)) . (X . (. X X)))\n200000\n";
    for (int i = 0; i < 200000; ++i) queries += "1 [<>]\n";
    inputs.push_back({"200,000 queries", queries});
    inputs.push_back({"a million queries declared, one given", "42354\n(X . X)\n1000000\n0 []\n"});
    // The densest trees: no spaces, a leaf is one character.
    // "(" + deep + "XX)" nested until a megabyte, written out at once (nesting
    // it by concatenation copies the growing string 250,000 times).
    const size_t depth = (kHugeInput - 1 + 3) / 4;
    const std::string deep = std::string(depth, '(') + "X" + repeated_to_size("XX)", 3 * depth);
    inputs.push_back({"a left spine 250,000 deep", "42354\n" + deep + "\n"});
    std::string full = "X";
    while (full.size() * 2 < kHugeInput) full = "(" + full + "X" + full + ")";
    inputs.push_back({"a full tree of a million cells", "42354\n" + full + "\n1\n3 [<<<>>>]\n"});
  }
  if (id == "bender") {
    inputs.push_back(
        {"a 64x64 maze of balls, lines joined by |",
         "64 64|" + repeated_to_size(std::string(64, '+') + "|", 64 * 65) + "0 0|1 1|0"});
  }
  return inputs;
}

}  // namespace

TEST_CASE("every parser: memory bounded by the input, short error messages", "[limits]") {
  for (const PuzzleInfo* info : all_puzzles()) {
    const std::vector<std::string> examples =
        testing::puzzle_examples(PUZZLELAB_ASSETS_DIR, info->id);
    REQUIRE_FALSE(examples.empty());
    std::vector<Hostile> inputs = known_bombs(info->id);
    std::set<size_t> seen;  // the two examples share most single-character inputs: once each
    for (const std::string& example : {examples.front(), examples.back()}) {
      for (Hostile& hostile : hostile_from(example)) {
        if (seen.insert(std::hash<std::string>{}(hostile.text)).second) {
          inputs.push_back(std::move(hostile));
        }
      }
    }
    for (const Hostile& input : inputs) {
      INFO(info->id << ": " << input.name << " (" << input.text.size() << " bytes)");
      const size_t allowed = kBytesPerInputByte * input.text.size() + kParseSlack;
      size_t peak = 0;
      bool refused = false;
      std::string error;
      {
        AllocationMeter meter(allowed);
        try {
          auto game = info->parse(input.text);
          if (!game) error = game.error().describe();
        } catch (const std::bad_alloc&) {
        }
        peak = meter.peak();
        refused = meter.refused();
      }
      INFO("peak " << peak << " bytes, " << double(peak) / double(input.text.size())
                   << " per input byte");
      CHECK_FALSE(refused);
      CHECK(peak <= allowed);
      INFO("error: " << error.substr(0, 200));
      CHECK(error.size() <= kMaxErrorMessage);
    }
  }
}

TEST_CASE("the worker protocol: decoding holds at most 96 bytes per byte of JSON", "[limits]") {
  // The solver worker's messages are the app's own, read as a JSON tree
  // (nlohmann::json): a value, a string or a map node per few bytes, then
  // the fields copied out (a list of empty strings comes closest, ~70).
  constexpr size_t kJsonBytesPerInputByte = 96;
  const size_t n = 200'000 * kHugeInput / (1 << 20);  // a quarter under AddressSanitizer, as above
  std::vector<Hostile> inputs;
  inputs.push_back({"an array of zeros", "[" + repeated_to_size("0,", 2 * n) + "0]"});
  inputs.push_back({"arrays nested", std::string(n, '[') + std::string(n, ']')});
  inputs.push_back({"objects nested", repeated_to_size("{\"a\":", n) + "0" + std::string(n, '}')});
  std::string keys = "{";
  for (size_t i = 0; i < n / 4; ++i) keys += "\"" + std::to_string(i) + "\":0,";
  inputs.push_back({"an object of many keys", keys + "\"end\":0}"});
  inputs.push_back({"a request with a million one-letter moves",
                    R"({"kind":"solve","puzzle":"rushhour","moves":[)" +
                        repeated_to_size("\"a\",", 4 * n) + "\"a\"]}"});
  inputs.push_back({"empty strings", R"({"kind":"solve","puzzle":"x","moves":[)" +
                                         repeated_to_size("\"\",", 4 * n) + "\"\"]}"});
  for (const Hostile& input : inputs) {
    INFO(input.name << " (" << input.text.size() << " bytes)");
    const size_t allowed = kJsonBytesPerInputByte * input.text.size() + kParseSlack;
    AllocationMeter meter(allowed);
    try {
      const auto request = decode_request(input.text);
      if (!request) CHECK(request.error().describe().size() <= kMaxErrorMessage);
    } catch (const std::bad_alloc&) {
    }
    INFO("peak " << meter.peak() << " bytes, " << double(meter.peak()) / double(input.text.size())
                 << " per input byte");
    CHECK_FALSE(meter.refused());
  }
}
