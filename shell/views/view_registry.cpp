#include "views/view_registry.h"

#include "views/amphipod_view.h"
#include "views/bender_view.h"
#include "views/rushhour_view.h"
#include "views/sudoku_view.h"
#include "views/text_view.h"
#include "views/treeoflife_view.h"

namespace puzzlelab::shell {

namespace {

using ViewFactory = std::unique_ptr<BoardView> (*)();

template <class View>
std::unique_ptr<BoardView> make() {
  return std::make_unique<View>();
}

struct ViewEntry {
  std::string_view puzzle_id;
  ViewFactory factory;
};

// One line per puzzle with a view of its own.
constexpr ViewEntry kViews[] = {
    {"rushhour", &make<RushHourView>},     {"sudoku", &make<SudokuView>},
    {"amphipod", &make<AmphipodView>},     {"bender", &make<BenderView>},
    {"treeoflife", &make<TreeOfLifeView>},
};

}  // namespace

std::unique_ptr<BoardView> make_view(std::string_view puzzle_id) {
  for (const ViewEntry& entry : kViews) {
    if (entry.puzzle_id == puzzle_id) return entry.factory();
  }
  return std::make_unique<TextView>();
}

}  // namespace puzzlelab::shell
