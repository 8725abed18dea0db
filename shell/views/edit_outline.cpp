#include "views/edit_outline.h"

#include <algorithm>

#include "theme.h"

namespace puzzlelab::shell {

void draw_edit_outline(ImDrawList& draw, const std::vector<int>& cells, int width, float thickness,
                       const std::function<ImVec2(int row, int column)>& corner) {
  const auto outlined = [&](int row, int col) {
    return row >= 0 && col >= 0 && col < width &&
           std::find(cells.begin(), cells.end(), row * width + col) != cells.end();
  };
  const ImU32 edge = colors::rgb(255, 200, 60, 230);
  for (int cell : cells) {
    const int row = cell / width, col = cell % width;
    const ImVec2 lo = corner(row, col), hi = corner(row + 1, col + 1);
    draw.AddRectFilled(lo, hi, colors::rgb(255, 200, 60, 70));
    // The sides with no outlined neighbour, drawn inside the cell and a
    // little past its corners so that the lines of a shape meet.
    const float in = thickness / 2;
    if (!outlined(row - 1, col))
      draw.AddLine({lo.x, lo.y + in}, {hi.x, lo.y + in}, edge, thickness);
    if (!outlined(row + 1, col))
      draw.AddLine({lo.x, hi.y - in}, {hi.x, hi.y - in}, edge, thickness);
    if (!outlined(row, col - 1))
      draw.AddLine({lo.x + in, lo.y}, {lo.x + in, hi.y}, edge, thickness);
    if (!outlined(row, col + 1))
      draw.AddLine({hi.x - in, lo.y}, {hi.x - in, hi.y}, edge, thickness);
  }
}

}  // namespace puzzlelab::shell
