#include "damage.h"

#include <algorithm>
#include <cfloat>
#include <cstring>

namespace puzzlelab::shell {

namespace {

constexpr int kMostRects = 8;          // more: their union
constexpr float kWholeShare = 0.6f;    // rectangles covering more: the whole display
constexpr float kMargin = 2;           // pixels around a change (antialiased edges)
constexpr unsigned kTriangleGap = 24;  // unchanged triangles that end a rectangle

bool same(const ImDrawVert& a, const ImDrawVert& b) {
  return std::memcmp(&a, &b, sizeof a) == 0;
}

struct Box {
  ImVec4 r{FLT_MAX, FLT_MAX, -FLT_MAX, -FLT_MAX};
  bool empty() const { return r.x > r.z; }
  void add(ImVec2 p) {
    r.x = std::min(r.x, p.x);
    r.y = std::min(r.y, p.y);
    r.z = std::max(r.z, p.x);
    r.w = std::max(r.w, p.y);
  }
  void add(const ImVec4& o) {
    add(ImVec2(o.x, o.y));
    add(ImVec2(o.z, o.w));
  }
};

bool overlap(const ImVec4& a, const ImVec4& b) {
  return a.x <= b.z && b.x <= a.z && a.y <= b.w && b.y <= a.w;
}

// Which vertices of `mine` differ from `other`'s: in place when the counts
// match, else the middle between their common start and end.
std::vector<char> changed(const std::vector<ImDrawVert>& mine,
                          const std::vector<ImDrawVert>& other) {
  std::vector<char> flags(mine.size(), 0);
  if (mine.size() == other.size()) {
    for (size_t i = 0; i < mine.size(); ++i) flags[i] = !same(mine[i], other[i]);
    return flags;
  }
  const size_t most = std::min(mine.size(), other.size());
  size_t head = 0, tail = 0;
  while (head < most && same(mine[head], other[head])) ++head;
  while (tail < most - head && same(mine[mine.size() - 1 - tail], other[other.size() - 1 - tail]))
    ++tail;
  for (size_t i = head; i < mine.size() - tail; ++i) flags[i] = 1;
  return flags;
}

struct ListView {
  const std::vector<ImDrawVert>& vertices;
  const std::vector<ImDrawIdx>& indices;
  const std::vector<unsigned int>& starts;
  const std::vector<unsigned int>& counts;
  const std::vector<unsigned int>& offsets;
};

// Boxes around the triangles that use a changed vertex (or whose indices
// changed: `other_indices` when the index lists are alike in size), a box
// per run of such triangles.
void changed_triangles(const ListView& list, const std::vector<char>& flags,
                       const std::vector<ImDrawIdx>* other_indices, std::vector<ImVec4>& out) {
  Box box;
  unsigned gap = 0;
  for (size_t c = 0; c < list.starts.size(); ++c) {
    const unsigned end = list.starts[c] + list.counts[c];
    for (unsigned k = list.starts[c]; k + 3 <= end && k + 2 < list.indices.size(); k += 3) {
      bool hit = other_indices && ((*other_indices)[k] != list.indices[k] ||
                                   (*other_indices)[k + 1] != list.indices[k + 1] ||
                                   (*other_indices)[k + 2] != list.indices[k + 2]);
      for (unsigned j = 0; j < 3 && !hit; ++j) {
        const size_t v = size_t(list.indices[k + j]) + list.offsets[c];
        hit = v < flags.size() && flags[v];
      }
      if (!hit) {
        if (!box.empty() && ++gap >= kTriangleGap) {
          out.push_back(box.r);
          box = Box();
        }
        continue;
      }
      gap = 0;
      for (unsigned j = 0; j < 3; ++j) {
        const size_t v = size_t(list.indices[k + j]) + list.offsets[c];
        if (v < list.vertices.size()) box.add(list.vertices[v].pos);
      }
    }
  }
  if (!box.empty()) out.push_back(box.r);
}

// Grows rectangles by the margin, merges overlapping ones, and gives up on
// detail (one union, or the whole display) when they are many or large.
std::vector<ImVec4> merged(std::vector<ImVec4> rects, ImVec2 display) {
  for (ImVec4& r : rects) {
    r = ImVec4(std::max(0.0f, r.x - kMargin), std::max(0.0f, r.y - kMargin),
               std::min(display.x, r.z + kMargin), std::min(display.y, r.w + kMargin));
  }
  std::erase_if(rects, [](const ImVec4& r) { return area(r) <= 0; });
  for (bool again = true; again;) {
    again = false;
    for (size_t i = 0; i < rects.size() && !again; ++i) {
      for (size_t j = i + 1; j < rects.size() && !again; ++j) {
        if (!overlap(rects[i], rects[j])) continue;
        Box box;
        box.add(rects[i]);
        box.add(rects[j]);
        rects[i] = box.r;
        rects.erase(rects.begin() + long(j));
        again = true;
      }
    }
  }
  float total = 0;
  for (const ImVec4& r : rects) total += area(r);
  if (total > kWholeShare * display.x * display.y) return {ImVec4(0, 0, display.x, display.y)};
  if (rects.size() > kMostRects) {
    Box box;
    for (const ImVec4& r : rects) box.add(r);
    return {box.r};
  }
  return rects;
}

}  // namespace

DamageTracker::List DamageTracker::copy_of(const ImDrawList& list) {
  List copy;
  copy.vertices.assign(list.VtxBuffer.Data, list.VtxBuffer.Data + list.VtxBuffer.Size);
  copy.indices.assign(list.IdxBuffer.Data, list.IdxBuffer.Data + list.IdxBuffer.Size);
  for (const ImDrawCmd& cmd : list.CmdBuffer) {
    if (cmd.UserCallback) continue;
    copy.commands.push_back({cmd.ClipRect, cmd.TextureId, cmd.VtxOffset});
    copy.command_starts.push_back(cmd.IdxOffset);
    copy.command_counts.push_back(cmd.ElemCount);
  }
  return copy;
}

std::vector<ImVec4> DamageTracker::update(const ImDrawData& data) {
  std::vector<List> now;
  now.reserve(size_t(data.CmdListsCount));
  for (int i = 0; i < data.CmdListsCount; ++i) now.push_back(copy_of(*data.CmdLists[i]));
  const ImVec4 whole(0, 0, data.DisplaySize.x, data.DisplaySize.y);
  const bool all = lists_.size() != now.size() || display_.x != data.DisplaySize.x ||
                   display_.y != data.DisplaySize.y;
  std::vector<ImVec4> rects;
  for (size_t i = 0; i < now.size() && !all; ++i) {
    const List& before = lists_[i];
    const List& after = now[i];
    bool same_commands = before.commands.size() == after.commands.size();
    for (size_t c = 0; same_commands && c < after.commands.size(); ++c) {
      const Command& a = before.commands[c];
      const Command& b = after.commands[c];
      same_commands = std::memcmp(&a.clip, &b.clip, sizeof a.clip) == 0 && a.texture == b.texture &&
                      a.vtx_offset == b.vtx_offset;
    }
    if (!same_commands) {  // the window itself changed: all of it, before and after
      Box box;
      for (const Command& c : before.commands) box.add(c.clip);
      for (const Command& c : after.commands) box.add(c.clip);
      if (!box.empty()) rects.push_back(box.r);
      continue;
    }
    std::vector<unsigned int> offsets_before, offsets_after;
    for (const Command& c : before.commands) offsets_before.push_back(c.vtx_offset);
    for (const Command& c : after.commands) offsets_after.push_back(c.vtx_offset);
    const bool alike = before.indices.size() == after.indices.size();
    changed_triangles(
        {after.vertices, after.indices, after.command_starts, after.command_counts, offsets_after},
        changed(after.vertices, before.vertices), alike ? &before.indices : nullptr, rects);
    changed_triangles({before.vertices, before.indices, before.command_starts,
                       before.command_counts, offsets_before},
                      changed(before.vertices, after.vertices), nullptr, rects);
  }
  lists_ = std::move(now);
  display_ = data.DisplaySize;
  if (all) return {whole};
  return merged(std::move(rects), data.DisplaySize);
}

ClipCut::ClipCut(ImDrawData& data, const ImVec4& r) : data_(data) {
  for (int i = 0; i < data.CmdListsCount; ++i) {
    for (ImDrawCmd& cmd : data.CmdLists[i]->CmdBuffer) {
      const ImVec4 c = cmd.ClipRect;
      clips_.push_back(c);
      cmd.ClipRect =
          ImVec4(std::max(c.x, r.x), std::max(c.y, r.y), std::min(c.z, r.z), std::min(c.w, r.w));
    }
  }
}

ClipCut::~ClipCut() {
  size_t k = 0;
  for (int i = 0; i < data_.CmdListsCount; ++i) {
    for (ImDrawCmd& cmd : data_.CmdLists[i]->CmdBuffer) cmd.ClipRect = clips_[k++];
  }
}

}  // namespace puzzlelab::shell
