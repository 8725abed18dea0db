#include "frame_pacer.h"

#include <imgui.h>

#include <cstring>

namespace puzzlelab::shell {

double FramePacer::after_frame(uint64_t draw_hash, double app_wait) {
  const bool changed = draw_hash != last_hash_;
  last_hash_ = draw_hash;
  if (min_left_ > 0) --min_left_;
  if (app_wait <= 0) {  // the app animates: frames come anyway
    unasked_ = 0;
    return 0;
  }
  if (min_left_ > 0) return 0;
  if (changed && unasked_ < kMaxSettleFrames) {
    ++unasked_;
    return 0;
  }
  unasked_ = 0;
  return app_wait;
}

namespace {

// A word-at-a-time multiply-xorshift mix: fast, and any changed byte
// changes the hash with near certainty (no adversary here).
struct Hasher {
  uint64_t h = 0x9e3779b97f4a7c15ull;
  void word(uint64_t w) {
    h ^= w + 0x9e3779b97f4a7c15ull + (h << 6) + (h >> 2);
    h *= 0xff51afd7ed558ccdull;
    h ^= h >> 32;
  }
  void bytes(const void* data, size_t size) {
    const auto* p = static_cast<const unsigned char*>(data);
    for (; size >= 8; size -= 8, p += 8) {
      uint64_t w = 0;
      std::memcpy(&w, p, 8);
      word(w);
    }
    uint64_t tail = size;
    std::memcpy(&tail, p, size);
    word(tail);
  }
};

}  // namespace

uint64_t draw_data_hash(const ImDrawData& data) {
  Hasher hasher;
  hasher.word(uint64_t(data.CmdListsCount));
  for (int i = 0; i < data.CmdListsCount; ++i) {
    const ImDrawList& list = *data.CmdLists[i];
    hasher.bytes(list.VtxBuffer.Data, size_t(list.VtxBuffer.Size) * sizeof(ImDrawVert));
    hasher.bytes(list.IdxBuffer.Data, size_t(list.IdxBuffer.Size) * sizeof(ImDrawIdx));
    for (const ImDrawCmd& cmd : list.CmdBuffer) {
      hasher.bytes(&cmd.ClipRect, sizeof cmd.ClipRect);
      hasher.word(uint64_t(reinterpret_cast<uintptr_t>(cmd.TextureId)));
      hasher.word((uint64_t(cmd.VtxOffset) << 32) ^ cmd.IdxOffset);
      hasher.word(cmd.ElemCount);
    }
  }
  hasher.bytes(&data.DisplaySize, sizeof data.DisplaySize);
  return hasher.h;
}

}  // namespace puzzlelab::shell
