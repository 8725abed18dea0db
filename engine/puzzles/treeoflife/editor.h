// Tree of Life's Edit mode (core/edit.h): the tree grown and pruned node by
// node, cells switched, the rule set, queries added and removed.
#pragma once

#include "core/edit.h"

namespace puzzlelab::treeoflife {

const PuzzleEditor& editor();

}  // namespace puzzlelab::treeoflife
