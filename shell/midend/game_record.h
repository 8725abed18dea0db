// The record of the game: where its start came from and every move since,
// with its origin (by hand, a hint applied, a jump across the Cluster view,
// a solution's move shown in playback). The counter, "after your N moves",
// the Solved banner, the share link, pictures' captions, GIF frames and the
// announcements all read it, so they cannot disagree. UI-free.
//
// The moves live on the Session's chain (a step may carry several: a jump's
// path, a hint's placements); the record counts and shows them one by one.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "midend/session.h"

namespace puzzlelab::shell {

// Where the start came from.
struct RecordStart {
  enum class Kind {
    bundled,    // one of the puzzle's bundled boards
    generated,  // made by the puzzle's generator, from a seed
    edited,     // built in Edit mode
    pasted,     // given by the player, or opened from a link
  };
  Kind kind = Kind::pasted;
  std::string name;                // "The hardest 6x6", "a new puzzle, hard, seed 7"
  std::optional<int64_t> optimum;  // known, in the default metric's unit
  std::optional<uint64_t> seed;    // generated
};

// One move of the record, in order from the start.
struct RecordMove {
  std::string text;
  StepOrigin origin = StepOrigin::hand;
};

class GameRecord {
 public:
  GameRecord(const Session& session, const RecordStart& start) : session_(session), start_(start) {}

  const RecordStart& start() const { return start_; }
  // The moves from the start to chain position `index`, one by one.
  std::vector<RecordMove> moves_to(int index) const;
  // The player's moves (by hand, hints, jumps: each move of a step counts)
  // and a solution's moves shown, up to chain position `index`.
  int player_moves(int index) const;
  int solution_moves(int index) const;
  int player_moves() const { return player_moves(session_.index()); }
  int solution_moves() const { return solution_moves(session_.index()); }

  // What the moves up to `index` are: "your 8 moves", "the solution's 60
  // moves", "your 8 moves and the solution's 52"; "" at the start.
  std::string moves_phrase(int index) const;
  // A picture's caption for chain position `index`: `base` (the puzzle, the
  // board, its optimum) and what the picture shows when not the start
  // ("after the solution's 60 moves").
  std::string picture_caption(const std::string& base, int index) const;
  // A GIF's caption: `base` and what its frames show from the start to `last`.
  std::string animation_caption(const std::string& base, int last) const;
  // The positions an animation of the chain up to `last` shows: the start,
  // then one after each move (a jump moves one move a frame).
  std::vector<std::unique_ptr<Game>> frames(int last) const;

  // "&moves=...&shown=9-60" for the moves up to `index`: the player's and
  // the solution's apart, so whoever opens the link is credited with none
  // of the solver's. "" at the start.
  std::string link_part(int index) const;

 private:
  const Session& session_;
  const RecordStart& start_;
};

// The origins a link's "shown" value gives its `count` moves: the player's
// unless inside a range "9-60" (or "9", one move) of a comma-separated list.
// Fails with a sentence naming the part that is not understood.
struct LinkOrigins {
  std::vector<StepOrigin> origins;
  std::string error;  // "" when understood
};
LinkOrigins read_shown(std::string_view shown, size_t count);

}  // namespace puzzlelab::shell
