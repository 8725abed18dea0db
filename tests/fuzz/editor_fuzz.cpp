// libFuzzer target over every puzzle editor's readers (core/edit.h): the
// size, cell count, summary, tools that apply, the draft drawn, the cell an
// error names, and the editor's example edits with the cells they change,
// all on the fuzzed text (tests/support/editor_readers.h, as the hostile
// input test runs them). The first input byte picks the editor
// (PUZZLELAB_FUZZ_PUZZLE=id pins one instead); the rest is the board text,
// which Edit mode may get from a stored edit, a link or a paste. Each run
// keeps to the memory rule (fuzz_meter.h), its messages are short and have
// no control characters, and an edit that applies gives a board the editor
// reads back. A failed property prints what and traps.
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>
#include <vector>

#include "fuzz_meter.h"
#include "puzzles/puzzle_list.h"
#include "support/editor_readers.h"

using namespace puzzlelab;

namespace {

[[noreturn]] void fail(const PuzzleInfo& info, const std::string& what, std::string_view text) {
  std::fprintf(stderr, "editor_fuzz: %s: %s\n--- text (first 2000 bytes) ---\n%.*s\n---\n",
               std::string(info.id).c_str(), what.c_str(),
               static_cast<int>(std::min<size_t>(text.size(), 2000)), text.data());
  __builtin_trap();
}

std::vector<const PuzzleInfo*> editable() {
  std::vector<const PuzzleInfo*> list;
  for (const PuzzleInfo* info : all_puzzles()) {
    if (info->editor) list.push_back(info);
  }
  return list;
}

// The editor named by PUZZLELAB_FUZZ_PUZZLE, or nullptr for "by first byte".
const PuzzleInfo* pinned_editor() {
  static const PuzzleInfo* pinned = [] {
    const char* id = std::getenv("PUZZLELAB_FUZZ_PUZZLE");
    if (!id || !*id) return static_cast<const PuzzleInfo*>(nullptr);
    const PuzzleInfo* info = find_puzzle(id);
    if (!info) {
      std::fprintf(stderr, "editor_fuzz: unknown puzzle '%s': expected one of %s\n", id,
                   puzzle_ids().c_str());
      std::exit(1);
    }
    if (!info->editor) {  // scripts/fuzz runs a target per puzzle: nothing to do here
      std::fprintf(stderr, "editor_fuzz: %s has no editor\n", id);
      std::exit(0);
    }
    return info;
  }();
  return pinned;
}

bool has_control_character(const std::string& message) {
  return std::any_of(message.begin(), message.end(), [](char c) {
    const auto byte = static_cast<unsigned char>(c);
    return (byte < 0x20 && c != '\t' && c != '\n') || byte == 0x7f;
  });
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size == 0) return 0;
  static const std::vector<const PuzzleInfo*> editors = editable();
  const PuzzleInfo& info = pinned_editor() ? *pinned_editor() : *editors[data[0] % editors.size()];
  const std::string_view text(reinterpret_cast<const char*>(data) + 1, size - 1);
  testing::EditorReadings readings;
  const size_t peak =
      fuzz::peak_while([&] { readings = testing::read_with_every_hook(*info.editor, text); });
  if (peak > fuzz::allowed_for(text.size())) {
    fail(info,
         "the readers held " + std::to_string(peak) + " bytes for " + std::to_string(text.size()) +
             " bytes of input",
         text);
  }
  if (readings.cells < 0 || readings.size.width < 0 || readings.size.height < 0)
    fail(info, "a negative size or cell count", text);
  for (const std::string& message : readings.messages) {
    if (message.size() > 400) fail(info, "a message quoting more than an excerpt", text);
    if (has_control_character(message)) fail(info, "a message with a control character", text);
  }
  return 0;
}
