// The fallback view for puzzles that have no view of their own yet: shows
// the position as its text and lets the player type moves. Keeps every
// engine puzzle playable in the app from the day it is added.
#pragma once

#include <string>

#include "views/board_view.h"

namespace puzzlelab::shell {

class TextView final : public BoardView {
 public:
  ViewAction show(const BoardFrame& frame) override;
  float aspect(const Game&) const override { return 1.0f; }
  BoardHelp help() const override {
    return {"Type a move in the side panel and press Enter.",
            "Type a move in the side panel.",
            {{"Enter", "Play the move typed in the side panel"}}};
  }
  ViewAction side_panel(const Game& game, const MovesShown&) override;

 private:
  std::string typed_;
};

}  // namespace puzzlelab::shell
