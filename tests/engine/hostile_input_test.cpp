// The held-out corpus of hostile shapes (tests/data/hostile/, from the second
// outside probe: a stored Rush Hour edit whose rows were padded before its
// size was checked, a NUL in a board, golf borders with one huge line) and
// the probe's full-size shapes, put through every reader: each puzzle's
// parser and each editor's readers (tests/support/editor_readers.h). Each
// keeps to the memory rule (at most 16 bytes held per byte of input, plus
// 64 KiB) and every message it gives is short, with control characters
// escaped (text::printable).
#include <catch2/catch.hpp>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "core/bounded_text.h"
#include "puzzles/puzzle_list.h"
#include "support/allocation_meter.h"
#include "support/editor_readers.h"
#include "support/hostile_input.h"

using namespace puzzlelab;
using puzzlelab::testing::AllocationMeter;
using puzzlelab::testing::Hostile;
using puzzlelab::testing::kBytesPerInputByte;
using puzzlelab::testing::kParseSlack;

namespace {

constexpr size_t kMaxMessage = 400;

std::vector<Hostile> corpus() {
  std::vector<Hostile> inputs;
  for (const auto& entry :
       std::filesystem::directory_iterator(PUZZLELAB_TEST_DATA_DIR "/hostile")) {
    std::ifstream file(entry.path(), std::ios::binary);
    std::stringstream contents;
    contents << file.rdbuf();
    inputs.push_back({entry.path().filename().string(), contents.str()});
  }
  std::sort(inputs.begin(), inputs.end(), [](auto& a, auto& b) { return a.name < b.name; });
  return inputs;
}

std::string repeated_times(std::string_view piece, size_t times) {
  std::string out;
  out.reserve(piece.size() * times);
  for (size_t i = 0; i < times; ++i) out += piece;
  return out;
}

// The probe's shapes at full size (too large to keep as files).
std::vector<Hostile> probe_shapes() {
  return {
      // localStorage['puzzlelab:edit:rushhour'], 130 KB: 1.5 GiB, then the page died.
      {"the stored Rush Hour edit", std::string(50000, 'o') + "\n" + repeated_times("o\n", 40000)},
      // 470000 x 5000 cells overflow an int.
      {"a golf border 470000 wide and 5000 high",
       "###\n" + repeated_times("#\n", 5000) + std::string(470000, '#') + "\n"},
  };
}

bool printable(const std::string& message) {
  return std::none_of(message.begin(), message.end(), [](char c) {
    const auto byte = static_cast<unsigned char>(c);
    return (byte < 0x20 && c != '\t' && c != '\n') || byte == 0x7f;
  });
}

void check_messages(const std::vector<std::string>& messages) {
  for (const std::string& message : messages) {
    INFO("message: " << message.substr(0, 200));
    CHECK(message.size() <= kMaxMessage);
    CHECK(printable(message));
  }
}

// Runs `read` under the memory rule for `text`; the messages it gave.
template <class Read>
std::vector<std::string> metered(const std::string& text, Read read) {
  const size_t allowed = kBytesPerInputByte * text.size() + kParseSlack;
  std::vector<std::string> messages;
  size_t peak = 0;
  bool refused = false;
  {
    AllocationMeter meter(allowed);
    try {
      messages = read();
    } catch (const std::bad_alloc&) {
    }
    peak = meter.peak();
    refused = meter.refused();
  }
  INFO("peak " << peak << " bytes for " << text.size() << " bytes of input");
  CHECK_FALSE(refused);
  CHECK(peak <= allowed);
  return messages;
}

void through_every_reader(const Hostile& input) {
  for (const PuzzleInfo* info : all_puzzles()) {
    INFO(info->id << " parser: " << input.name << " (" << input.text.size() << " bytes)");
    check_messages(metered(input.text, [&] {
      auto game = info->parse(input.text);
      return game ? std::vector<std::string>{} : std::vector{game.error().describe()};
    }));
  }
  for (const PuzzleInfo* info : all_puzzles()) {
    if (!info->editor) continue;
    INFO(info->id << " editor: " << input.name << " (" << input.text.size() << " bytes)");
    check_messages(metered(input.text, [&] {
      return testing::read_with_every_hook(*info->editor, input.text).messages;
    }));
  }
}

}  // namespace

TEST_CASE("hostile corpus: every parser and editor reader keeps to the memory rule",
          "[limits][edit]") {
  const std::vector<Hostile> inputs = corpus();
  REQUIRE(inputs.size() >= 8);
  for (const Hostile& input : inputs) through_every_reader(input);
}

TEST_CASE("hostile corpus: the probe's full-size shapes, through every reader", "[limits][edit]") {
  for (const Hostile& input : probe_shapes()) through_every_reader(input);
}

TEST_CASE("the Rush Hour editor refuses a text larger than any board, unread", "[limits][edit]") {
  const PuzzleEditor& editor = *find_puzzle("rushhour")->editor;
  const std::string stored = probe_shapes().front().text;
  CHECK(editor.size_of(stored) == EditSize{0, 0});
  CHECK(editor.cell_count(stored) == 0);
  auto applied = editor.apply(stored, "wall 0");
  REQUIRE_FALSE(applied.ok());
  CHECK(applied.error().describe().find("the board has more than 18 lines") != std::string::npos);
}

TEST_CASE("messages escape control characters in the input they quote", "[limits]") {
  auto nul =
      find_puzzle("rushhour")->parse(std::string("IBBxooIooLDDJAAL\0oJoKEEMFFKooMGGHHHM", 36));
  REQUIRE_FALSE(nul.ok());
  CHECK(nul.error().describe() ==
        "line 1, column 17: unexpected '\\x00': expected o or . (empty), x or # (wall), or a piece "
        "letter A-Z");
  CHECK(text::printable("a\x1b[1m\tb\x7f") == "a\\x1b[1m\tb\\x7f");
  CHECK(text::excerpt(std::string(50, '\a')).starts_with("\\x07\\x07"));
}
