// Where a frame differs from the one drawn before it, so that a host whose
// screen keeps its pixels between frames (WebGL with preserveDrawingBuffer)
// redraws only there. With software GL (SwiftShader) a frame's cost is its
// pixels: a search's counters or a car sliding touch a few percent of the
// screen, and the rest need not be filled again.
//
// Each window's draw list is compared with its copy from the last frame:
// vertices that differ (in place, or in the middle when the counts differ:
// a glyph more or less), and every triangle that uses one of them, old or
// new, give rectangles; nearby ones merge. A change of draw commands (clip
// rectangles, textures), of windows, or of the display size means the
// whole screen.
#pragma once

#include <imgui.h>

#include <vector>

namespace puzzlelab::shell {

class DamageTracker {
 public:
  // The rectangles of `data` (display coordinates) that differ from the
  // last frame given; empty when nothing does. Remembers `data`.
  std::vector<ImVec4> update(const ImDrawData& data);
  // The next update() covers the whole display (the screen lost its
  // pixels: a resize, a new font texture).
  void invalidate() { lists_.clear(); }

 private:
  struct Command {
    ImVec4 clip;
    ImTextureID texture;
    unsigned int vtx_offset;
  };
  struct List {
    std::vector<ImDrawVert> vertices;
    std::vector<ImDrawIdx> indices;
    std::vector<Command> commands;
    std::vector<unsigned int> command_starts;  // index offset of each command
    std::vector<unsigned int> command_counts;  // its indices
  };
  static List copy_of(const ImDrawList& list);

  std::vector<List> lists_;
  ImVec2 display_{0, 0};
};

// Cuts every draw command's clip rectangle down to `r` (display
// coordinates) while it lives, for a host that draws a frame one damaged
// rectangle at a time, and puts ImGui's own back when it goes: the draw
// data stays as ImGui made it, so draw_data_hash() of this frame and the
// next compares what they show, not which part of it was drawn (a frame cut
// to its damage and the same picture next, drawing nothing, hashed apart:
// each progress report cost a frame more).
class ClipCut {
 public:
  ClipCut(ImDrawData& data, const ImVec4& r);
  ~ClipCut();
  ClipCut(const ClipCut&) = delete;
  ClipCut& operator=(const ClipCut&) = delete;

 private:
  ImDrawData& data_;
  std::vector<ImVec4> clips_;  // ImGui's, in command order
};

// A rectangle's area (x, y, z, w = min x, min y, max x, max y).
inline float area(const ImVec4& r) {
  return r.z > r.x && r.w > r.y ? (r.z - r.x) * (r.w - r.y) : 0;
}

}  // namespace puzzlelab::shell
