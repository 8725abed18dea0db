// Frames on demand: the FramePacer's decisions (how many frames follow an
// event, when the page may rest), and, against a real ImGui context without
// a window, the panes' scrolling (the wheel in pixels, in the direction of
// any web page, and a drag that scrolls the pane) and the DamageTracker's
// rectangles (what a frame must redraw).
#include <catch2/catch.hpp>

#include <imgui.h>
#include <imgui_internal.h>

#include <cmath>
#include <functional>
#include <string>
#include <vector>

#include "damage.h"
#include "frame_pacer.h"
#include "pane_scroll.h"
#include "support/headless_imgui.h"

using puzzlelab::shell::FramePacer;
using puzzlelab::shell::kNever;
using puzzlelab::shell::PaneScroller;

namespace {

// Frames drawn until the pacer lets the host wait: each frame's picture
// hash comes from `picture(frame number)`.
int frames_until_rest(FramePacer& pacer, const std::function<uint64_t(int)>& picture,
                      double app_wait = kNever, int limit = 100) {
  for (int frame = 0; frame < limit; ++frame) {
    if (pacer.after_frame(picture(frame), app_wait) > 0) return frame + 1;
  }
  return limit;
}

}  // namespace

TEST_CASE("an event brings two frames when nothing changes, then rest", "[frames]") {
  FramePacer pacer;
  frames_until_rest(pacer, [](int) { return 7; });
  pacer.wake();
  CHECK(frames_until_rest(pacer, [](int) { return 7; }) == FramePacer::kMinSettleFrames);
}

TEST_CASE("frames go on while the picture changes, and one more after", "[frames]") {
  FramePacer pacer;
  frames_until_rest(pacer, [](int) { return 7; });
  pacer.wake();
  // Frames 0-5 differ from the one before (a popup opens, a note moves the
  // buttons), frame 6 is the first like its predecessor.
  CHECK(frames_until_rest(pacer, [](int f) { return f < 5 ? 100 + f : 200; }) == 7);
  // Without any event: a picture that changed by itself (the end of a
  // slide) is drawn once more, then the host rests.
  CHECK(frames_until_rest(pacer, [](int) { return 300; }) == 2);
}

TEST_CASE("a picture that never settles stops after kMaxSettleFrames", "[frames]") {
  FramePacer pacer;
  pacer.wake();
  const int frames = frames_until_rest(pacer, [](int f) { return uint64_t(f) + 1; });
  // The event's first frame, kMaxSettleFrames that changed, and the last.
  CHECK(frames == FramePacer::kMaxSettleFrames + 2);
}

TEST_CASE("the app's animation keeps frames coming, its timer is passed on", "[frames]") {
  FramePacer pacer;
  for (int frame = 0; frame < 50; ++frame) CHECK(pacer.after_frame(uint64_t(frame), 0) == 0);
  // The animation ends; a note expires in 2.5 s.
  CHECK(pacer.after_frame(1000, 2.5) == 0);  // changed: one more frame
  CHECK(pacer.after_frame(1000, 2.5) == 2.5);
}

namespace {

// An ImGui context without a window: a 400x300 screen with one pane
// holding 60 rows of buttons (far taller than the screen).
class Screen {
 public:
  Screen() : imgui_(400, 300) {}

  // One frame; returns the pane's scroll offset after it.
  float frame(PaneScroller& scroller) {
    scroller.before_new_frame();
    ImGui::NewFrame();
    ImGui::SetNextWindowPos(ImVec2(0, 0));
    ImGui::SetNextWindowSize(ImVec2(400, 300));
    ImGui::Begin("pane", nullptr, ImGuiWindowFlags_NoTitleBar | ImGuiWindowFlags_NoMove);
    for (int i = 0; i < 60; ++i) ImGui::Button(("row " + std::to_string(i)).c_str(), ImVec2(-1, 0));
    const float scroll = ImGui::GetScrollY();
    ImGui::End();
    scroller.after_frame(1);
    ImGui::Render();
    return scroll;
  }
  // Frames until the scroller has nothing left to do; the scroll after them.
  float settle(PaneScroller& scroller) {
    frame(scroller);
    for (int i = 0; i < 200 && scroller.busy(); ++i) frame(scroller);
    return frame(scroller);
  }

 private:
  puzzlelab::testing::HeadlessImGui imgui_;
};

}  // namespace

TEST_CASE("the wheel scrolls the pane under the pointer down by its pixels", "[frames]") {
  Screen screen;
  PaneScroller scroller;
  ImGui::GetIO().MousePos = ImVec2(200, 150);
  const float top = screen.settle(scroller);
  CHECK(top == 0);
  scroller.add_wheel(0, 100);  // one notch down, as a browser reports it
  const float after_one = screen.settle(scroller);
  CHECK(after_one == Approx(100).margin(1));
  scroller.add_wheel(0, 100);
  scroller.add_wheel(0, 40);  // a trackpad's small steps add up
  CHECK(screen.settle(scroller) == Approx(240).margin(1));
  scroller.add_wheel(0, -140);  // up again
  CHECK(screen.settle(scroller) == Approx(100).margin(1));
}

TEST_CASE("a notch glides over a few frames instead of jumping", "[frames]") {
  Screen screen;
  PaneScroller scroller;
  ImGui::GetIO().MousePos = ImVec2(200, 150);
  screen.settle(scroller);
  scroller.add_wheel(0, 100);
  std::vector<float> path;
  for (int i = 0; i < 30 && scroller.busy(); ++i) path.push_back(screen.frame(scroller));
  path.push_back(screen.frame(scroller));
  REQUIRE(path.size() >= 4);
  CHECK(path[1] > 0);
  CHECK(path[1] < 80);  // not all at once
  for (size_t i = 1; i < path.size(); ++i) CHECK(path[i] >= path[i - 1]);
}

TEST_CASE("a drag on the pane scrolls it with the pointer, even from a button", "[frames]") {
  Screen screen;
  PaneScroller scroller;
  ImGuiIO& io = ImGui::GetIO();
  io.MousePos = ImVec2(200, 200);  // on a row's button
  screen.settle(scroller);
  io.MouseDown[0] = true;
  screen.frame(scroller);
  screen.frame(scroller);
  // Up by 120 px in steps, as a finger moves.
  for (int y = 190; y >= 80; y -= 10) {
    io.MousePos = ImVec2(200, float(y));
    screen.frame(scroller);
  }
  io.MouseDown[0] = false;
  const float scrolled = screen.settle(scroller);
  CHECK(scrolled == Approx(120).margin(1));
  // The button under the finger was let go: no click on release.
  CHECK(ImGui::GetCurrentContext()->ActiveId == 0);
}

namespace {

// One frame of a 400x300 screen: a title, a square at `square_x`, a count.
std::vector<ImVec4> draw_and_compare(puzzlelab::shell::DamageTracker& damage, float square_x,
                                     int count) {
  ImGui::NewFrame();
  ImGui::SetNextWindowPos(ImVec2(0, 0));
  ImGui::SetNextWindowSize(ImVec2(400, 300));
  ImGui::Begin("pane", nullptr, ImGuiWindowFlags_NoTitleBar | ImGuiWindowFlags_NoMove);
  ImGui::TextUnformatted("A title that never changes");
  ImDrawList& draw = *ImGui::GetWindowDrawList();
  draw.AddRectFilled(ImVec2(square_x, 100), ImVec2(square_x + 20, 120), IM_COL32(200, 50, 50, 255));
  ImGui::SetCursorPos(ImVec2(10, 250));
  ImGui::Text("moves: %d", count);
  ImGui::End();
  ImGui::Render();
  return damage.update(*ImGui::GetDrawData());
}

bool covers(const std::vector<ImVec4>& rects, ImVec4 r) {
  for (const ImVec4& d : rects) {
    if (d.x <= r.x && d.y <= r.y && d.z >= r.z && d.w >= r.w) return true;
  }
  return false;
}

}  // namespace

TEST_CASE("redraws cover what moved and what changed, and little else", "[frames]") {
  Screen screen;
  puzzlelab::shell::DamageTracker damage;
  ImGui::GetIO().MousePos = ImVec2(-100, -100);
  const auto first = draw_and_compare(damage, 50, 9);
  REQUIRE(first.size() == 1);  // the first frame: everything
  CHECK(puzzlelab::shell::area(first[0]) == 400 * 300);
  draw_and_compare(damage, 50, 9);                 // a new window settles in its first frames
  CHECK(draw_and_compare(damage, 50, 9).empty());  // the same again: nothing
  // The square slides right; the count gains a digit (a glyph more).
  const auto moved = draw_and_compare(damage, 80, 10);
  CHECK(covers(moved, ImVec4(50, 100, 100, 120)));  // where it was and is
  float total = 0;
  for (const ImVec4& r : moved) total += puzzlelab::shell::area(r);
  CHECK(total < 400 * 300 * 0.2f);
  bool count_seen = false;
  for (const ImVec4& r : moved) count_seen = count_seen || (r.y <= 252 && r.w >= 258);
  CHECK(count_seen);
  // Nothing about the title, high up.
  for (const ImVec4& r : moved) CHECK(r.y > 30);
  damage.invalidate();
  const auto again = draw_and_compare(damage, 80, 10);
  REQUIRE(again.size() == 1);
  CHECK(puzzlelab::shell::area(again[0]) == 400 * 300);
}

TEST_CASE("drawing a frame a damaged rectangle at a time leaves its hash as ImGui made it",
          "[frames]") {
  Screen screen;
  puzzlelab::shell::DamageTracker damage;
  ImGui::GetIO().MousePos = ImVec2(-100, -100);
  draw_and_compare(damage, 50, 9);  // a new window settles in its first frames
  draw_and_compare(damage, 50, 9);
  draw_and_compare(damage, 50, 9);
  ImDrawData& data = *ImGui::GetDrawData();
  const uint64_t made = puzzlelab::shell::draw_data_hash(data);
  {
    // The host draws the count's corner only: every clip is cut down to it.
    const puzzlelab::shell::ClipCut cut(data, ImVec4(0, 240, 100, 270));
    for (int i = 0; i < data.CmdListsCount; ++i) {
      for (const ImDrawCmd& cmd : data.CmdLists[i]->CmdBuffer) {
        CHECK(cmd.ClipRect.y >= 240);
        CHECK(cmd.ClipRect.w <= 270);
      }
    }
    CHECK(puzzlelab::shell::draw_data_hash(data) != made);
  }
  // Drawn, the frame hashes as before; the same picture next is no change,
  // and the page rests after it (a progress report: its frame, one more).
  CHECK(puzzlelab::shell::draw_data_hash(data) == made);
  draw_and_compare(damage, 50, 9);
  CHECK(puzzlelab::shell::draw_data_hash(*ImGui::GetDrawData()) == made);
}
