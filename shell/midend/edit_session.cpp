#include "midend/edit_session.h"

#include <utility>

#include "core/text.h"

namespace puzzlelab::shell {

std::string_view to_string(EditVerdict::Kind kind) {
  switch (kind) {
    case EditVerdict::Kind::checking:
      return "checking";
    case EditVerdict::Kind::invalid:
      return "invalid";
    case EditVerdict::Kind::unsolvable:
      return "unsolvable";
    case EditVerdict::Kind::solvable:
      return "solvable";
    case EditVerdict::Kind::ambiguous:
      return "ambiguous";
    case EditVerdict::Kind::undecided:
      return "undecided";
  }
  return "checking";
}

EditSession::EditSession(const PuzzleInfo& info, std::string board, double now) : info_(&info) {
  chain_.push_back({std::move(board), {}});
  changed(now);
}

EditSize EditSession::size() const {
  return editor().size_of ? editor().size_of(board()) : editor().default_size;
}

std::string EditSession::apply(std::string_view edit, double now) {
  auto edited = editor().apply(board(), edit);
  if (!edited) return edited.error().describe();
  if (edited.value() == board()) return {};  // nothing to undo
  push(std::move(edited).value(), std::string(edit), now);
  return {};
}

void EditSession::replace(std::string board, std::string why, double now) {
  if (board == this->board()) return;
  push(std::move(board), std::move(why), now);
}

void EditSession::push(std::string board, std::string edit, double now) {
  chain_.resize(index_ + 1);  // a new edit drops what could be redone
  chain_.push_back({std::move(board), std::move(edit)});
  ++index_;
  changed(now);
}

void EditSession::undo(double now) {
  if (!can_undo()) return;
  --index_;
  changed(now);
}

void EditSession::redo(double now) {
  if (!can_redo()) return;
  ++index_;
  changed(now);
}

void EditSession::changed(double now) {
  if (!tool_applies(tool_)) {  // the first tool that applies
    const int count = static_cast<int>(editor().tools.size());
    tool_ = 0;
    while (tool_ + 1 < count && !tool_applies(tool_)) ++tool_;
  }
  ++revision_;
  changed_at_ = now;
  verdict_ = {};
  redraw();
}

// The parser's game when it reads the board, else the editor's draft, else
// what was shown before.
void EditSession::redraw() {
  auto parsed = info_->parse(board());
  if (parsed) {
    shown_ = std::move(parsed).value();
  } else if (editor().draft_game) {
    if (auto draft = editor().draft_game(board())) shown_ = std::move(draft);
  }
}

SolveRequest EditSession::request(RequestKind kind) const {
  SolveRequest request;
  request.kind = kind;
  request.puzzle = std::string(info_->id);
  request.board = board();
  if (kind == RequestKind::solve) request.time_budget_ms = editor().verdict_time_ms;
  return request;
}

std::optional<SolveRequest> EditSession::check(double now) {
  auto parsed = info_->parse(board());
  if (parsed) return request(RequestKind::solve);
  const ParseError& error = parsed.error();
  verdict_.kind = EditVerdict::Kind::invalid;
  verdict_.text = "Not a valid board: " + error.describe();
  verdict_.cell = editor().cell_of_error ? editor().cell_of_error(board(), error) : -1;
  verdict_.seconds = now - changed_at_;
  ++revision_;
  return std::nullopt;
}

namespace {

std::string optimum_text(const PuzzleInfo& info, const SolveResult& result) {
  if (!info.hooks.has_goal) return "Valid" + (result.message.empty() ? "" : ": " + result.message);
  // A puzzle that counts its solutions says so in its extras (Sudoku).
  for (const auto& [name, value] : result.extras) {
    if (name == "solutions" && value == "1") return "Solvable: exactly one solution";
  }
  return "Solvable in " + text::amount(result.cost, cost_unit(info, "")) +
         (result.optimal ? " (optimal)" : " (best found)");
}

}  // namespace

std::optional<SolveRequest> EditSession::on_reply(const Reply& reply, double now) {
  const SolveResult& result = reply.result;
  verdict_.seconds = now - changed_at_;
  ++revision_;
  if (reply.kind == RequestKind::rate) {
    verdict_.rating = reply.rating;
    if (!reply.rating.empty()) verdict_.text += " · " + reply.rating;
    return std::nullopt;
  }
  switch (result.status) {
    case SolveStatus::solved:
      verdict_.kind = EditVerdict::Kind::solvable;
      verdict_.cost = result.cost;
      verdict_.optimal = result.optimal;
      verdict_.text =
          editor().solvable_text ? editor().solvable_text(result) : optimum_text(*info_, result);
      if (info_->has_rating) return request(RequestKind::rate);
      return std::nullopt;
    case SolveStatus::ambiguous:
      verdict_.kind = EditVerdict::Kind::ambiguous;
      verdict_.text = "More than one solution";
      return std::nullopt;
    case SolveStatus::unsolvable:
      verdict_.kind = EditVerdict::Kind::unsolvable;
      verdict_.text = "No solution (proven)";
      return std::nullopt;
    case SolveStatus::invalid:
      verdict_.kind = EditVerdict::Kind::invalid;
      verdict_.text = "Not a valid board: " + result.message;
      return std::nullopt;
    case SolveStatus::budget_exceeded:
    case SolveStatus::cancelled:
      verdict_.kind = EditVerdict::Kind::undecided;
      verdict_.text = "Undecided: " + result.message;
      return std::nullopt;
  }
  return std::nullopt;
}

}  // namespace puzzlelab::shell
