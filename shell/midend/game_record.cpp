#include "midend/game_record.h"

#include <charconv>

#include "core/text.h"
#include "midend/launch_options.h"

namespace puzzlelab::shell {

namespace {

bool is_solution(StepOrigin origin) {
  return origin == StepOrigin::solution;
}

// "9-60" or "9": a range of moves counted from 1.
std::optional<std::pair<size_t, size_t>> read_range(std::string_view part) {
  const size_t dash = part.find('-');
  const std::string_view from = part.substr(0, dash);
  const std::string_view to = dash == std::string_view::npos ? from : part.substr(dash + 1);
  size_t first = 0, last = 0;
  const auto a = std::from_chars(from.data(), from.data() + from.size(), first);
  const auto b = std::from_chars(to.data(), to.data() + to.size(), last);
  if (a.ec != std::errc() || a.ptr != from.data() + from.size() || b.ec != std::errc() ||
      b.ptr != to.data() + to.size() || first == 0 || last < first)
    return std::nullopt;
  return std::pair{first, last};
}

}  // namespace

std::vector<RecordMove> GameRecord::moves_to(int index) const {
  std::vector<RecordMove> moves;
  for (int i = 1; i <= index && i < session_.size(); ++i) {
    for (const std::string& part : session_.parts_into(i))
      moves.push_back({part, session_.origin_into(i)});
  }
  return moves;
}

int GameRecord::player_moves(int index) const {
  int count = 0;
  for (int i = 1; i <= index && i < session_.size(); ++i) {
    if (!is_solution(session_.origin_into(i)))
      count += static_cast<int>(session_.parts_into(i).size());
  }
  return count;
}

int GameRecord::solution_moves(int index) const {
  int count = 0;
  for (int i = 1; i <= index && i < session_.size(); ++i) {
    if (is_solution(session_.origin_into(i)))
      count += static_cast<int>(session_.parts_into(i).size());
  }
  return count;
}

std::string GameRecord::moves_phrase(int index) const {
  const int mine = player_moves(index);
  const int shown = solution_moves(index);
  const std::string yours = "your " + text::amount(mine, "moves");
  if (shown == 0) return mine == 0 ? "" : yours;
  const std::string solution = "the solution's " + text::amount(shown, "moves");
  return mine == 0 ? solution : yours + " and " + solution;
}

std::string GameRecord::picture_caption(const std::string& base, int index) const {
  const std::string phrase = moves_phrase(index);
  if (phrase.empty() || base.empty()) return base;
  return base + " \u00b7 after " + phrase;
}

std::string GameRecord::animation_caption(const std::string& base, int last) const {
  const std::string phrase = moves_phrase(last);
  if (phrase.empty() || base.empty()) return base;
  return base + " \u00b7 " + phrase;
}

std::vector<std::unique_ptr<Game>> GameRecord::frames(int last) const {
  std::vector<std::unique_ptr<Game>> positions;
  if (session_.empty()) return positions;
  positions.push_back(session_.at(0).clone());
  for (int i = 1; i <= last && i < session_.size(); ++i) {
    const auto& parts = session_.parts_into(i);
    // A step of several moves: each move on its own frame, as it was played.
    for (size_t k = 0; k + 1 < parts.size(); ++k) {
      std::unique_ptr<Game> next = positions.back()->clone();
      if (!next->apply(parts[k])) break;
      positions.push_back(std::move(next));
    }
    positions.push_back(session_.at(i).clone());
  }
  return positions;
}

std::string GameRecord::link_part(int index) const {
  const std::vector<RecordMove> moves = moves_to(index);
  std::vector<std::string> texts;
  std::string shown;
  for (size_t i = 0; i < moves.size(); ++i) {
    texts.push_back(moves[i].text);
    if (!is_solution(moves[i].origin) || (i > 0 && is_solution(moves[i - 1].origin))) continue;
    size_t end = i;
    while (end + 1 < moves.size() && is_solution(moves[end + 1].origin)) ++end;
    shown += (shown.empty() ? "" : ",") + std::to_string(i + 1) +
             (end > i ? "-" + std::to_string(end + 1) : "");
  }
  std::string part = moves_hash_part(texts);
  if (!shown.empty()) part += "&shown=" + shown;
  return part;
}

LinkOrigins read_shown(std::string_view shown, size_t count) {
  LinkOrigins read;
  read.origins.assign(count, StepOrigin::hand);
  // Where ranges open and close: time linear in the link however its
  // ranges overlap.
  std::vector<int> opened(count + 1, 0);
  while (!shown.empty()) {
    const size_t comma = shown.find(',');
    const std::string_view part = shown.substr(0, comma);
    shown = comma == std::string_view::npos ? std::string_view() : shown.substr(comma + 1);
    const auto range = read_range(part);
    if (!range || range->second > count) {
      read.error = "'shown=" + text::excerpt(part) + "' in the link is not a range of its " +
                   text::amount(static_cast<int64_t>(count), "moves") +
                   " (expected, say, 9-60): its moves count as yours.";
      read.origins.assign(count, StepOrigin::hand);
      return read;
    }
    ++opened[range->first - 1];
    --opened[range->second];
  }
  int open = 0;
  for (size_t i = 0; i < count; ++i) {
    open += opened[i];
    if (open > 0) read.origins[i] = StepOrigin::solution;
  }
  return read;
}

}  // namespace puzzlelab::shell
