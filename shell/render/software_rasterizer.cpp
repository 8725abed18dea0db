#include "render/software_rasterizer.h"

#include <algorithm>
#include <cmath>

namespace puzzlelab::shell {

namespace {

struct Point {
  double x, y;
};

// Twice the signed area of (a, b, p): which side of the line a->b p is on.
double edge(Point a, Point b, Point p) {
  return (b.x - a.x) * (p.y - a.y) - (b.y - a.y) * (p.x - a.x);
}

// The top-left fill rule (as GPUs have it): a pixel centre exactly on an
// edge belongs to the triangle only on its top or left edges, so that two
// triangles sharing an edge blend each pixel once. For triangles wound with
// a positive edge() area in y-down screen coordinates.
bool top_left(Point a, Point b) {
  return (a.y == b.y && b.x > a.x) || b.y < a.y;
}

// The atlas's alpha at (u, v), filtered bilinearly as GL_LINEAR does: the
// font atlas is oversampled horizontally, so a screen pixel spans texels.
float coverage(const AtlasTexture& atlas, float u, float v) {
  if (!atlas.rgba) return 1;
  const float x = u * float(atlas.width) - 0.5f, y = v * float(atlas.height) - 0.5f;
  const float fx = std::floor(x), fy = std::floor(y);
  const float tx = x - fx, ty = y - fy;
  auto alpha = [&](int ix, int iy) {
    ix = std::clamp(ix, 0, atlas.width - 1);
    iy = std::clamp(iy, 0, atlas.height - 1);
    return float(atlas.rgba[(size_t(iy) * size_t(atlas.width) + size_t(ix)) * 4 + 3]);
  };
  const int ix = int(fx), iy = int(fy);
  const float top = alpha(ix, iy) * (1 - tx) + alpha(ix + 1, iy) * tx;
  const float bottom = alpha(ix, iy + 1) * (1 - tx) + alpha(ix + 1, iy + 1) * tx;
  return (top * (1 - ty) + bottom * ty) / 255.0f;
}

struct Vertex {
  Point p;
  float u, v;
  float rgba[4];  // 0..255, straight alpha
};

Vertex vertex(const ImDrawVert& in, ImVec2 origin) {
  Vertex out{{double(in.pos.x - origin.x), double(in.pos.y - origin.y)}, in.uv.x, in.uv.y, {}};
  for (int c = 0; c < 4; ++c) out.rgba[c] = float((in.col >> (8 * c)) & 0xFF);
  return out;
}

// The pixels a command may touch: its clip rectangle within the target.
struct Clip {
  int x0, y0, x1, y1;  // x0 <= x < x1, y0 <= y < y1
};

// src over dst, straight alpha, as ImGui's GL backend blends (SRC_ALPHA,
// ONE_MINUS_SRC_ALPHA; for alpha ONE, ONE_MINUS_SRC_ALPHA). `alpha` 0..255.
void blend(uint8_t* dst, const uint8_t* rgb, int alpha) {
  if (alpha >= 255) {
    dst[0] = rgb[0], dst[1] = rgb[1], dst[2] = rgb[2], dst[3] = 255;
    return;
  }
  const int keep = 255 - alpha;
  for (int c = 0; c < 3; ++c) dst[c] = uint8_t((rgb[c] * alpha + dst[c] * keep + 127) / 255);
  dst[3] = uint8_t((255 * alpha + dst[3] * keep + 127) / 255);
}

// w(x, y) = a*x + b*y + c: edge() of one edge as a function of the point.
struct EdgeFunction {
  double a, b, c;
  bool owns_ties;  // a centre exactly on this edge is inside (top-left rule)

  EdgeFunction(Point from, Point to)
      : a(-(to.y - from.y)),
        b(to.x - from.x),
        c((to.y - from.y) * from.x - (to.x - from.x) * from.y),
        owns_ties(top_left(from, to)) {}
  double at(double x, double y) const { return a * x + b * y + c; }
  bool inside(double w) const { return w > 0 || (w == 0 && owns_ties); }
  // Narrows [x0, x1) on row centre y to the pixels that may be inside this
  // edge (a pixel either side is kept for rounding; inside() decides).
  void narrow(double y, int& x0, int& x1) const {
    if (a == 0) return;
    // w = 0 at pixel centre x + 0.5; near-horizontal edges put x far away.
    const double x = std::clamp(-(b * y + c) / a - 0.5, -1e6, 1e6);
    if (a > 0)
      x0 = std::max(x0, int(std::floor(x)) - 1);
    else
      x1 = std::min(x1, int(std::ceil(x)) + 2);
  }
};

void triangle(Vertex a, Vertex b, Vertex c, const Clip& clip, const AtlasTexture& atlas,
              Image& target) {
  double area = edge(a.p, b.p, c.p);
  if (area == 0) return;
  if (area < 0) {
    std::swap(b, c);
    area = -area;
  }
  // The bounding box within the clip, clamped before it becomes int (a
  // vertex may lie far off the picture).
  auto within = [](double v, int lo, int hi) { return int(std::clamp(v, double(lo), double(hi))); };
  const int x0 = within(std::floor(std::min({a.p.x, b.p.x, c.p.x})), clip.x0, clip.x1);
  const int x1 = within(std::ceil(std::max({a.p.x, b.p.x, c.p.x})) + 1, clip.x0, clip.x1);
  const int y0 = within(std::floor(std::min({a.p.y, b.p.y, c.p.y})), clip.y0, clip.y1);
  const int y1 = within(std::ceil(std::max({a.p.y, b.p.y, c.p.y})) + 1, clip.y0, clip.y1);
  const EdgeFunction ea(b.p, c.p), eb(c.p, a.p), ec(a.p, b.p);
  // Most triangles are filled with one colour from the atlas's white pixel:
  // then the texel and the colour are the same for every pixel.
  const bool one_texel = a.u == b.u && b.u == c.u && a.v == b.v && b.v == c.v;
  const bool one_color =
      std::equal(a.rgba, a.rgba + 4, b.rgba) && std::equal(a.rgba, a.rgba + 4, c.rgba);
  const float texel = one_texel ? coverage(atlas, a.u, a.v) : 0;
  // Then one colour for the whole triangle, worked out once.
  const bool flat = one_texel && one_color;
  const int flat_alpha = int(std::lround(std::clamp(a.rgba[3] * texel, 0.0f, 255.0f)));
  const uint8_t flat_rgb[3] = {uint8_t(std::lround(a.rgba[0])), uint8_t(std::lround(a.rgba[1])),
                               uint8_t(std::lround(a.rgba[2]))};
  if (flat && flat_alpha == 0) return;
  for (int y = y0; y < y1; ++y) {
    const double cy = y + 0.5;
    int from = x0, to = x1;
    ea.narrow(cy, from, to);
    eb.narrow(cy, from, to);
    ec.narrow(cy, from, to);
    from = std::max(from, x0), to = std::min(to, x1);
    for (int x = from; x < to; ++x) {
      const double cx = x + 0.5;
      const double wa = ea.at(cx, cy), wb = eb.at(cx, cy), wc = ec.at(cx, cy);
      if (!ea.inside(wa) || !eb.inside(wb) || !ec.inside(wc)) continue;
      if (flat) {
        blend(target.pixel(x, y), flat_rgb, flat_alpha);
        continue;
      }
      const float la = float(wa / area), lb = float(wb / area), lc = 1 - la - lb;
      float rgba[4];
      if (one_color) {
        std::copy(a.rgba, a.rgba + 4, rgba);
      } else {
        for (int k = 0; k < 4; ++k) rgba[k] = a.rgba[k] * la + b.rgba[k] * lb + c.rgba[k] * lc;
      }
      const float cover = one_texel ? texel
                                    : coverage(atlas, a.u * la + b.u * lb + c.u * lc,
                                               a.v * la + b.v * lb + c.v * lc);
      const int alpha = int(std::lround(std::clamp(rgba[3] * cover, 0.0f, 255.0f)));
      if (alpha == 0) continue;
      const uint8_t rgb[3] = {uint8_t(std::lround(rgba[0])), uint8_t(std::lround(rgba[1])),
                              uint8_t(std::lround(rgba[2]))};
      blend(target.pixel(x, y), rgb, alpha);
    }
  }
}

}  // namespace

void rasterize(const ImDrawData& data, const AtlasTexture& atlas, Image& target) {
  const ImVec2 origin = data.DisplayPos;
  for (int n = 0; n < data.CmdListsCount; ++n) {
    const ImDrawList& list = *data.CmdLists[n];
    for (const ImDrawCmd& cmd : list.CmdBuffer) {
      if (cmd.UserCallback || cmd.ElemCount == 0) continue;
      // Clip rectangles become whole pixels as glScissor makes them.
      auto pixel = [](float v, int hi) { return int(std::clamp(v, 0.0f, float(hi))); };
      const Clip clip{pixel(cmd.ClipRect.x - origin.x, target.width),
                      pixel(cmd.ClipRect.y - origin.y, target.height),
                      pixel(cmd.ClipRect.z - origin.x, target.width),
                      pixel(cmd.ClipRect.w - origin.y, target.height)};
      if (clip.x0 >= clip.x1 || clip.y0 >= clip.y1) continue;
      const ImDrawIdx* index = list.IdxBuffer.Data + cmd.IdxOffset;
      const ImDrawVert* vertices = list.VtxBuffer.Data + cmd.VtxOffset;
      for (unsigned i = 0; i + 2 < cmd.ElemCount; i += 3) {
        triangle(vertex(vertices[index[i]], origin), vertex(vertices[index[i + 1]], origin),
                 vertex(vertices[index[i + 2]], origin), clip, atlas, target);
      }
    }
  }
}

}  // namespace puzzlelab::shell
