// Edit mode's outline of the cells an edit under way changes
// (EditGesture::outline_cells): each cell filled softly, with a line round
// the shape they make, so that a rectangle reads as one and cells left out
// of it (Bender's, in a floor rectangle) show as holes.
#pragma once

#include <functional>
#include <vector>

#include <imgui.h>

namespace puzzlelab::shell {

// `cells` are numbered row * width + column; corner(row, column) is the
// top-left corner of that cell on the screen (row or column one past the
// last gives the far corners); `thickness` is the line's.
void draw_edit_outline(ImDrawList& draw, const std::vector<int>& cells, int width, float thickness,
                       const std::function<ImVec2(int row, int column)>& corner);

}  // namespace puzzlelab::shell
