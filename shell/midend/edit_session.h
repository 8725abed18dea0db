// Edit mode as the midend keeps it: the board being built (as text, see
// core/edit.h), its undo chain of edits, the tool in hand, and the solver's
// verdict on it. After every change the board is checked again off the UI
// thread (the solver client: a Web Worker or a thread): a request under
// way is cancelled and a new one started, with the budgets of Solve. A
// board the parser rejects needs no solver: its verdict is the parser's
// message, with the cell it names.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/edit.h"
#include "core/puzzle.h"
#include "midend/solver_client.h"

namespace puzzlelab::shell {

// What the solver says of the board being built.
struct EditVerdict {
  enum class Kind {
    checking,    // the solver is at work
    invalid,     // the parser rejects it (text, cell)
    unsolvable,  // proven: no solution
    solvable,    // solved; for a puzzle whose answer is unique, the only solution
    ambiguous,   // more than one solution (Sudoku)
    undecided,   // a budget ran out first
  };
  Kind kind = Kind::checking;
  std::string text;             // for the player: "Solvable in 12 moves (optimal)"
  int cell = -1;                // invalid: the cell the parser's message is about, if known
  std::optional<int64_t> cost;  // solvable: the optimum (or the best found)
  bool optimal = false;         // solvable: the cost is proven the optimum
  std::string rating;           // solvable, for a puzzle with ratings
  double seconds = 0;           // from the change to this verdict
};
std::string_view to_string(EditVerdict::Kind kind);

class EditSession {
 public:
  // Starts on `board` (text the editor's apply reads); `now` in seconds.
  EditSession(const PuzzleInfo& info, std::string board, double now);

  const PuzzleEditor& editor() const { return *info_->editor; }
  const std::string& board() const { return chain_[index_].board; }
  // The board to draw: the board, or the last one that could be drawn when
  // this one cannot (see PuzzleEditor::draft_game).
  const Game* shown() const { return shown_.get(); }
  EditSize size() const;

  // Applies an edit; "" on success, else why not (nothing changes).
  std::string apply(std::string_view edit, double now);
  // A new board in place of this one (a blank of another size), undoable.
  void replace(std::string board, std::string why, double now);
  bool can_undo() const { return index_ > 0; }
  bool can_redo() const { return index_ + 1 < static_cast<int>(chain_.size()); }
  void undo(double now);
  void redo(double now);
  // The edits from the first board to this one, for tests and the page.
  int edits() const { return index_; }
  const std::string& last_edit() const { return chain_[index_].edit; }

  // The tool in hand: one that applies to the board (a change of board
  // that leaves it without a use puts the first that applies in hand).
  int tool() const { return tool_; }
  bool tool_applies(int index) const { return puzzlelab::tool_applies(editor(), board(), index); }
  void set_tool(int index) {
    if (tool_applies(index)) tool_ = index;
  }

  const EditVerdict& verdict() const { return verdict_; }
  // Changes with every edit, undo and verdict (the host redraws then).
  uint64_t revision() const { return revision_; }

  // The solver request for the board as it now stands, or nullopt when the
  // verdict needs none (the parser rejected it). Call after each change.
  std::optional<SolveRequest> check(double now);
  // A reply from the solver; may return a follow-up request (the rating of
  // a board found solvable).
  std::optional<SolveRequest> on_reply(const Reply& reply, double now);

 private:
  struct Entry {
    std::string board;
    std::string edit;  // what made it from the previous entry
  };
  void push(std::string board, std::string edit, double now);
  void changed(double now);
  void redraw();
  SolveRequest request(RequestKind kind) const;

  const PuzzleInfo* info_;
  std::vector<Entry> chain_;
  int index_ = 0;
  int tool_ = 0;
  std::unique_ptr<Game> shown_;
  EditVerdict verdict_;
  double changed_at_ = 0;
  uint64_t revision_ = 0;
};

}  // namespace puzzlelab::shell
