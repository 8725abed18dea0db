#include "views/bender_view.h"

#include <algorithm>
#include <array>
#include <cmath>

#include <imgui.h>
#include <imgui_stdlib.h>

#include "puzzles/bender/simulator.h"

namespace puzzlelab::shell {

using bender::BenderGame;
using bender::Map;

namespace {

constexpr float kMaxCell = 48;  // UI units
constexpr int kFramesPerMove = 6;
constexpr ImU32 kFloor = colors::rgb(222, 227, 235);
constexpr ImU32 kWall = colors::rgb(44, 48, 58);
constexpr ImU32 kBall = colors::rgb(120, 126, 140);
constexpr ImU32 kFry = colors::rgb(245, 150, 40);
constexpr ImU32 kBender = colors::rgb(86, 156, 255);
constexpr std::array<ImU32, 8> kSwitchColors = {
    colors::rgb(219, 39, 119), colors::rgb(34, 170, 110), colors::rgb(139, 92, 246),
    colors::rgb(20, 170, 180), colors::rgb(249, 115, 22), colors::rgb(101, 163, 13),
    colors::rgb(59, 130, 246), colors::rgb(180, 130, 80),
};

const BenderGame& as_bender(const Game& game) {
  return static_cast<const BenderGame&>(game);
}

ImU32 with_alpha(ImU32 color, int alpha) {
  return (color & ~IM_COL32_A_MASK) | (static_cast<ImU32>(alpha) << IM_COL32_A_SHIFT);
}

bool key_pressed(ImGuiKey key) {
  return ImGui::IsKeyPressed(ImGui::GetKeyIndex(key));
}

}  // namespace

float BenderView::aspect(const Game& game) const {
  const Map& map = as_bender(game).map();
  return static_cast<float>(map.width) / static_cast<float>(map.height);
}

std::string BenderView::help() const {
  return "Arrows, a swipe or a click next to Bender moves him; a switch toggles the field of "
         "its colour. Reach Fry; then write a short program in the panel.";
}

void BenderView::draw_maze(const BoardFrame& frame, const Map& map) const {
  ImDrawList& draw = *frame.draw;
  const Geometry& g = geometry_;
  for (int y = 0; y < map.height; ++y) {
    for (int x = 0; x < map.width; ++x) {
      const int cell = map.cell(x, y);
      draw.AddRectFilled(g.at(x, y), g.at(x + 1, y + 1), map.wall[cell] ? kWall : kFloor);
      if (map.wall[cell]) continue;
      if (map.field[cell] >= 0) {  // a field: glowing when on, a faint frame when off
        const int s = map.field[cell];
        const ImU32 color = kSwitchColors[s % kSwitchColors.size()];
        const bool on = (map.fields_on >> s) & 1;
        const float inset = g.cell * 0.06f;
        draw.AddRectFilled(ImVec2(g.at(x, y).x + inset, g.at(x, y).y + inset),
                           ImVec2(g.at(x + 1, y + 1).x - inset, g.at(x + 1, y + 1).y - inset),
                           with_alpha(color, on ? 200 : 40), g.cell * 0.15f);
        if (on) {
          for (int k = 1; k <= 2; ++k) {  // zigzag lines: a live field
            const float fy = g.at(x, y).y + g.cell * k / 3.0f;
            draw.AddLine(ImVec2(g.at(x, y).x + inset, fy), ImVec2(g.at(x + 1, y).x - inset, fy),
                         colors::rgb(255, 255, 255, 160), std::max(1.0f, g.cell * 0.05f));
          }
        }
      }
      if (map.toggles[cell] >= 0) {  // a switch: a lever plate in its field's colour
        const int s = map.toggles[cell];
        const ImU32 color = kSwitchColors[s % kSwitchColors.size()];
        const bool on = (map.fields_on >> s) & 1;
        const ImVec2 c = g.at(x + 0.5f, y + 0.5f);
        const float r = g.cell * 0.3f;
        draw.AddRect(ImVec2(c.x - r, c.y - r), ImVec2(c.x + r, c.y + r), color, r * 0.3f, 0,
                     std::max(1.5f, g.cell * 0.08f));
        const float lean = on ? -r * 0.7f : r * 0.7f;
        draw.AddLine(ImVec2(c.x, c.y + r * 0.6f), ImVec2(c.x + lean, c.y - r * 0.6f), color,
                     std::max(1.5f, g.cell * 0.1f));
      }
    }
  }
}

void BenderView::draw_pieces(const BoardFrame& frame, const Map& map) const {
  ImDrawList& draw = *frame.draw;
  const Geometry& g = geometry_;
  for (uint16_t cell : map.balls) {
    draw.AddCircleFilled(g.at(map.x_of(cell) + 0.5f, map.y_of(cell) + 0.5f), g.cell * 0.36f, kBall);
  }
  ImFont* font = frame.fonts ? frame.fonts->board : nullptr;
  auto token = [&](float x, float y, ImU32 color, const char* label) {
    const ImVec2 c = g.at(x + 0.5f, y + 0.5f);
    draw.AddCircleFilled(c, g.cell * 0.4f, color);
    if (!font) return;
    const float size = g.cell * 0.55f;
    const ImVec2 extent = font->CalcTextSizeA(size, 1e9f, 0, label);
    draw.AddText(font, size, ImVec2(c.x - extent.x / 2, c.y - extent.y / 2),
                 colors::rgb(255, 255, 255), label);
  };
  token(map.x_of(map.target), map.y_of(map.target), kFry, "F");
  float bx = static_cast<float>(map.x_of(map.bender)),
        by = static_cast<float>(map.y_of(map.bender));
  if (frame.previous) {  // slide from where he was
    const Map& before = as_bender(*frame.previous).map();
    bx = before.x_of(before.bender) + (bx - before.x_of(before.bender)) * frame.progress;
    by = before.y_of(before.bender) + (by - before.y_of(before.bender)) * frame.progress;
  }
  token(bx, by, kBender, "B");
  if (map.bender == map.target) {  // together: Fry's colour rings Bender
    draw.AddCircle(g.at(bx + 0.5f, by + 0.5f), g.cell * 0.45f, kFry, 0,
                   std::max(2.0f, g.cell * 0.1f));
  }
}

ViewAction BenderView::handle_input(const BoardFrame& frame, const Map& map) {
  ViewAction action;
  if (!frame.interactive) return action;
  if (frame.input.keyboard) {
    static constexpr std::array<std::pair<ImGuiKey, const char*>, 4> kKeys = {{
        {ImGuiKey_UpArrow, "U"},
        {ImGuiKey_DownArrow, "D"},
        {ImGuiKey_LeftArrow, "L"},
        {ImGuiKey_RightArrow, "R"},
    }};
    for (const auto& [key, move] : kKeys) {
      if (key_pressed(key)) return {move, true, ""};
    }
  }
  if (frame.input.pressed) {
    swipe_ = true;
    swipe_start_ = frame.input.mouse;
  }
  if (swipe_ && frame.input.released) {
    swipe_ = false;
    const float dx = frame.input.mouse.x - swipe_start_.x;
    const float dy = frame.input.mouse.y - swipe_start_.y;
    const Geometry& g = geometry_;
    if (std::max(std::fabs(dx), std::fabs(dy)) >= g.cell * 0.5f) {  // a swipe
      action.move = std::fabs(dx) > std::fabs(dy) ? (dx > 0 ? "R" : "L") : (dy > 0 ? "D" : "U");
    } else {  // a click on a neighbour of Bender
      const int x = static_cast<int>(std::floor((frame.input.mouse.x - g.origin.x) / g.cell));
      const int y = static_cast<int>(std::floor((frame.input.mouse.y - g.origin.y) / g.cell));
      const int ddx = x - map.x_of(map.bender), ddy = y - map.y_of(map.bender);
      if (std::abs(ddx) + std::abs(ddy) == 1) {
        action.move = ddx == 1 ? "R" : ddx == -1 ? "L" : ddy == 1 ? "D" : "U";
      }
    }
    action.animate = true;
  }
  return action;
}

ViewAction BenderView::show(const BoardFrame& frame) {
  const Map& map = as_bender(*frame.position).map();
  const float room =
      std::min((frame.max.x - frame.min.x) / map.width, (frame.max.y - frame.min.y) / map.height);
  geometry_.cell = std::max(1.0f, std::floor(std::min(room, kMaxCell * frame.scale)));
  geometry_.origin = ImVec2(
      frame.min.x + std::floor((frame.max.x - frame.min.x - map.width * geometry_.cell) / 2),
      frame.min.y + std::floor((frame.max.y - frame.min.y - map.height * geometry_.cell) / 2));
  draw_maze(frame, map);
  draw_pieces(frame, map);
  targets_.clear();
  const ImVec2 b = geometry_.at(map.x_of(map.bender), map.y_of(map.bender));
  targets_.push_back({"bender", b.x, b.y, geometry_.cell, geometry_.cell});
  const ImVec2 f = geometry_.at(map.x_of(map.target), map.y_of(map.target));
  targets_.push_back({"fry", f.x, f.y, geometry_.cell, geometry_.cell});
  // The running program plays its moves at a steady pace.
  if (!pending_.empty() && frame.progress >= 1 && --frames_to_next_ <= 0) {
    frames_to_next_ = kFramesPerMove;
    const std::string move(1, pending_.front());
    pending_.erase(pending_.begin());
    return {move, true, ""};
  }
  return handle_input(frame, map);
}

ViewAction BenderView::side_panel(const Game& game) {
  const BenderGame& bender_game = as_bender(game);
  ViewAction action;
  ImGui::TextDisabled("Walked: %zu moves", bender_game.walk().size());
  ImGui::TextWrapped("Program (main;f1;f2... digits call functions):");
  ImGui::SetNextItemWidth(-1);
  ImGui::InputTextWithHint("##program", "e.g. 1;DR1", &program_);
  const float half = (ImGui::GetContentRegionAvail().x - ImGui::GetStyle().ItemSpacing.x) / 2;
  if (ImGui::Button("Check", ImVec2(half, 0))) {
    verdict_ = bender_game.check_answer(program_)->verdict;
  }
  ImGui::SameLine();
  if (ImGui::Button(pending_.empty() ? "Run" : "Stop", ImVec2(-1, 0))) {
    if (pending_.empty()) {
      const bender::Verdict verdict = bender::Simulator(bender_game.map()).run(program_, &pending_);
      verdict_ = verdict.describe();
      frames_to_next_ = 0;
    } else {
      pending_.clear();
    }
  }
  if (!verdict_.empty()) {
    const bool win = verdict_.rfind("WIN", 0) == 0;
    ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(win ? colors::kGood : colors::kBad),
                       "%s (%zu chars)", verdict_.c_str(), program_.size());
  }
  return action;
}

}  // namespace puzzlelab::shell
