// Edit mode through the midend, for every puzzle that has an editor and with
// no puzzle named: build a board by the editor's own example edits from an
// empty board, get the verdict from the thread solver, undo an edit, play
// the board (its link round-trips), reopen a board being built after a
// reload; and random edits never give a board the parser rejects without
// the verdict saying so. Every wait is on the solver, never on the clock.
#include <catch2/catch.hpp>

#include <algorithm>
#include <chrono>
#include <map>
#include <memory>
#include <set>
#include <string>

#include "core/edit.h"
#include "core/random.h"
#include "midend/launch_options.h"
#include "midend/midend.h"
#include "native/thread_solver_client.h"
#include "puzzles/puzzle_list.h"
#include "support/solver_wait.h"
#include "views/edit_gesture.h"

using namespace puzzlelab;
using namespace puzzlelab::shell;

namespace {

struct MapStore : PositionStore {
  std::shared_ptr<std::map<std::string, std::string>> entries;
  std::optional<std::string> load(const std::string& key) override {
    const auto found = entries->find(key);
    if (found == entries->end()) return std::nullopt;
    return found->second;
  }
  void save(const std::string& key, const std::string& value) override { (*entries)[key] = value; }
};

struct EditHarness {
  double time = 0;
  ThreadSolverClient* client = nullptr;
  Midend midend;
  std::shared_ptr<std::map<std::string, std::string>> entries;

  explicit EditHarness(std::shared_ptr<std::map<std::string, std::string>> store =
                           std::make_shared<std::map<std::string, std::string>>())
      : midend(PUZZLELAB_ASSETS_DIR, make_client(client), [this] { return time; }),
        entries(std::move(store)) {
    auto memory = std::make_unique<MapStore>();
    memory->entries = entries;
    midend.set_store(std::move(memory));
  }

  static std::unique_ptr<SolverClient> make_client(ThreadSolverClient*& out) {
    auto client = std::make_unique<ThreadSolverClient>();
    out = client.get();
    return client;
  }

  // Ticks until the board being built has its verdict (or the work is done).
  const EditVerdict& verdict() {
    const auto tick = [&] { midend.tick(); };
    testing::wait_until(
        *client,
        [&] {
          return !midend.editing() || midend.edit()->verdict().kind != EditVerdict::Kind::checking;
        },
        tick);
    REQUIRE(midend.editing());
    // The rating of a solvable board follows its solve: let it arrive too.
    testing::wait_until(
        *client, [&] { return !client->busy(); }, tick);
    midend.tick();
    return midend.edit()->verdict();
  }

  bool settle() {
    return testing::wait_until(
        *client, [&] { return !midend.working(); }, [&] { midend.tick(); });
  }
};

std::vector<const PuzzleInfo*> editable_puzzles() {
  std::vector<const PuzzleInfo*> list;
  for (const PuzzleInfo* info : all_puzzles()) {
    if (info->editor) list.push_back(info);
  }
  return list;
}

// Opens the puzzle, enters Edit mode and starts from an empty board.
void edit_blank(EditHarness& h, const PuzzleInfo& info) {
  h.midend.open(parse_hash("#puzzle=" + std::string(info.id)));
  REQUIRE(h.settle());
  REQUIRE(h.midend.can_edit());
  h.midend.start_editing();
  REQUIRE(h.midend.editing());
  h.midend.edit_blank(info.editor->default_size);
  CHECK(h.midend.edit()->board() == info.editor->blank(info.editor->default_size));
}

void play_example(EditHarness& h, const PuzzleInfo& info) {
  REQUIRE(info.editor->example);
  for (const std::string& edit : info.editor->example()) {
    INFO(edit);
    const int before = h.midend.edit()->edits();
    h.midend.play(edit, false);
    CHECK(h.midend.edit()->edits() == before + 1);
  }
}

}  // namespace

TEST_CASE("edit: a board built by edits is judged, undone, played and shared", "[edit]") {
  REQUIRE_FALSE(editable_puzzles().empty());
  for (const PuzzleInfo* info : editable_puzzles()) {
    INFO(info->id);
    EditHarness h;
    edit_blank(h, *info);
    play_example(h, *info);
    h.midend.solve();  // the game's own commands wait while editing
    h.midend.hint();
    CHECK_FALSE(h.midend.working());
    const EditVerdict& verdict = h.verdict();
    INFO(verdict.text);
    CHECK(verdict.kind == EditVerdict::Kind::solvable);
    CHECK(verdict.seconds >= 0);
    JsonWriter json;  // the page's state tells the verdict
    json.begin_object();
    h.midend.write_state(json);
    json.end_object();
    CHECK(json.str().find("\"verdict\":\"solvable\"") != std::string::npos);

    // Undo one edit: the board goes back and is judged again; redo returns.
    const std::string built = h.midend.edit()->board();
    h.midend.undo();
    CHECK(h.midend.edit()->board() != built);
    CHECK(h.midend.edit()->verdict().kind == EditVerdict::Kind::checking);
    h.verdict();
    h.midend.redo();
    CHECK(h.midend.edit()->board() == built);
    CHECK(h.verdict().kind == EditVerdict::Kind::solvable);

    // Play it: the board is the position, with its own link and history entry.
    const uint64_t choices = h.midend.board_choices();
    REQUIRE(h.midend.play_edited());
    CHECK_FALSE(h.midend.editing());
    CHECK(h.midend.board_choices() == choices + 1);
    CHECK(h.midend.start_board() == built);
    const std::string link = h.midend.share_hash();
    EditHarness other;
    other.midend.open(parse_hash(link));
    REQUIRE(other.settle());
    CHECK(other.midend.session().current().format() == h.midend.session().current().format());
    // And it solves, as the verdict said.
    h.midend.solve();
    REQUIRE(h.settle());
    CHECK(h.midend.run()->status() == RunStatus::solved);
  }
}

TEST_CASE("edit: the board being built survives a reload", "[edit]") {
  for (const PuzzleInfo* info : editable_puzzles()) {
    INFO(info->id);
    EditHarness h;
    edit_blank(h, *info);
    play_example(h, *info);
    h.midend.tick();
    const std::string built = h.midend.edit()->board();

    EditHarness again(h.entries);  // the page opened again
    again.midend.open(parse_hash("#puzzle=" + std::string(info->id)));
    REQUIRE(again.midend.editing());
    CHECK(again.midend.edit()->board() == built);
    // Leaving Edit mode forgets it.
    again.midend.stop_editing();
    EditHarness third(h.entries);
    third.midend.open(parse_hash("#puzzle=" + std::string(info->id)));
    CHECK_FALSE(third.midend.editing());
  }
}

// Each tool in hand on the largest empty board, then the smallest: the tool
// in hand is always one that applies to the board (Amphipod's H has no use
// in a burrow of two rooms), and one that does not apply cannot be picked.
// While a press is held over an edit that would be refused, the view can say
// why (EditGesture::refusal), and in the very words the midend's status line
// gives once it is let go; an edit that applies has no refusal. Every
// editable puzzle with a tool on the board, every pair of its blank board's
// first cells.
TEST_CASE("edit: a refused edit says why while held, as letting go does", "[edit]") {
  const BoardInput press{{}, true, true, true, false, false};
  const BoardInput hold{{}, true, false, true, false, false};
  std::set<std::string> refusing;  // the puzzles that refused an edit
  for (const PuzzleInfo* info : editable_puzzles()) {
    INFO(info->id);
    const PuzzleEditor& editor = *info->editor;
    EditHarness h;
    edit_blank(h, *info);
    const std::string board = h.midend.edit()->board();
    const int cells = std::min(editor.cell_count(board), 14);
    for (const EditTool& tool : editor.tools) {
      // Tools that take a value are the panel's, not the board's gesture.
      if (tool.gesture == EditTool::Gesture::none || !tool.values.empty() || tool.number) continue;
      const bool drag = tool.gesture == EditTool::Gesture::drag;
      for (int from = 0; from < cells; ++from) {
        for (int to = drag ? 0 : from; to < (drag ? cells : from + 1); ++to) {
          EditGesture gesture(EditGesture::Click::on_release);
          gesture.track(press, from, tool);
          gesture.track(hold, to, tool);
          const std::string why = gesture.refusal(tool, &editor, board);
          const std::string edit = write_edit(tool, gesture.pending(tool));
          INFO(edit);
          h.midend.play(edit, false);  // what letting go does
          const auto note = h.midend.status_note();
          const bool refused =
              h.midend.edit()->board() == board && note && note->kind == Midend::Note::Kind::error;
          CHECK(why == (refused ? note->text : std::string()));
          if (refused) refusing.insert(std::string(info->id));
          if (h.midend.edit()->board() != board) h.midend.undo();
          REQUIRE(h.midend.edit()->board() == board);
        }
      }
    }
  }
  // The editors whose views hold a press before the edit (the others edit
  // on the press) each refuse something on their blank boards.
  for (const char* id : {"rushhour", "bender", "amphipod"}) {
    INFO(id);
    CHECK(refusing.count(id) == 1);
  }
}

TEST_CASE("edit: the tool in hand always applies to the board", "[edit]") {
  for (const PuzzleInfo* info : editable_puzzles()) {
    INFO(info->id);
    const PuzzleEditor& editor = *info->editor;
    EditHarness h;
    edit_blank(h, *info);
    const int count = static_cast<int>(editor.tools.size());
    for (int tool = 0; tool < count; ++tool) {
      INFO(editor.tools[tool].name);
      h.midend.edit_blank(editor.max_size);
      if (!h.midend.edit()->tool_applies(tool)) continue;
      h.midend.set_edit_tool(tool);
      CHECK(h.midend.edit()->tool() == tool);
      h.midend.edit_blank(editor.min_size);
      const EditSession& edit = *h.midend.edit();
      const int in_hand = edit.tool();
      CHECK(edit.tool_applies(in_hand));
      CHECK((in_hand == tool) == edit.tool_applies(tool));
      h.midend.undo();  // the largest again: the tool in hand stays
      CHECK(h.midend.edit()->tool() == in_hand);
    }
    // On the smallest board, a tool that does not apply stays out of hand.
    h.midend.edit_blank(editor.min_size);
    for (int tool = 0; tool < count; ++tool) {
      const int before = h.midend.edit()->tool();
      h.midend.set_edit_tool(tool);
      CHECK(h.midend.edit()->tool() == (h.midend.edit()->tool_applies(tool) ? tool : before));
    }
  }
}

TEST_CASE("edit: random edits never leave a rejected board unexplained", "[edit][property]") {
  for (const PuzzleInfo* info : editable_puzzles()) {
    INFO(info->id);
    const PuzzleEditor& editor = *info->editor;
    EditHarness h;
    edit_blank(h, *info);
    uint64_t seed = 2026;
    auto below = [&seed](size_t n) { return static_cast<size_t>(splitmix64(seed) % n); };
    for (int step = 0; step < 60; ++step) {
      REQUIRE(editor.cell_count);
      const int cells = editor.cell_count(h.midend.edit()->board());
      REQUIRE(cells > 0);
      const EditTool& tool = editor.tools[below(editor.tools.size())];
      std::vector<int> at = {static_cast<int>(below(cells))};
      if (tool.gesture == EditTool::Gesture::drag) at.push_back(static_cast<int>(below(cells)));
      std::string value =
          tool.values.empty() ? "" : std::string(tool.values[below(tool.values.size())]);
      if (tool.number) {  // a small number in its range (from 0 when it takes 0)
        const long long low = std::max(tool.number->min, 0LL);
        const auto span = static_cast<size_t>(tool.number->max - low + 1);
        value = std::to_string(low + static_cast<long long>(below(std::min<size_t>(span, 8))));
      }
      if (tool.gesture == EditTool::Gesture::none) at.clear();
      const std::string edit = write_edit(tool, at, value);
      INFO(edit);
      h.midend.play(edit, false);
      if (step % 6 != 5) continue;  // a verdict now and then: each edit cancels the last
      const EditVerdict& verdict = h.verdict();
      const bool parses = info->parse(h.midend.edit()->board()).ok();
      INFO(h.midend.edit()->board() << "\n" << verdict.text);
      CHECK(parses == (verdict.kind != EditVerdict::Kind::invalid));
      CHECK(verdict.kind != EditVerdict::Kind::checking);
      CHECK(h.midend.edit()->shown() != nullptr);
    }
  }
}
