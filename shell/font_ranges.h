// The characters the app writes text with: Latin-1, dashes, bullet,
// ellipsis, arrows, a check mark and the replacement character, as
// first/last pairs ending in 0. ImGui loads these ranges (theme.cpp), and the
// page build cuts its embedded fonts down to them (web/CMakeLists.txt reads
// the line marked PAGE_FONT_RANGES): one list, so the two always agree.
#pragma once

#include <imgui.h>

namespace puzzlelab::shell {

// clang-format off
inline constexpr ImWchar kTextRanges[] = {0x0020, 0x00FF, 0x2013, 0x2026, 0x2190, 0x2193, 0x2713, 0x2713, 0xFFFD, 0xFFFD, 0};  // PAGE_FONT_RANGES
// clang-format on

}  // namespace puzzlelab::shell
