// Save picture and Save animation: the board alone as the view draws it
// (shell/render), at the screen's pixel density, with an optional caption;
// the host saves the file.
#include <algorithm>
#include <cctype>
#include <chrono>
#include <cmath>
#include <iterator>
#include <optional>

#include "app.h"
#include "core/text.h"
#include "render/animation.h"
#include "render/board_picture.h"
#include "render/gif_writer.h"

namespace puzzlelab::shell {

namespace {

constexpr double kSliceMs = 12;  // Save animation's work per UI frame

// The widths offered for pictures and animations. The first, 0, is as wide
// as the app's own board on a 96 dpi screen times the UI scale
// (devicePixelRatio in the page): crisp on the screen it was saved from.
// The others are fixed, for a post's column or a social card.
struct PictureSize {
  const char* target;  // the width's name in window.puzzleLab.layout
  int width;
};
constexpr PictureSize kPictureSizes[] = {
    {"pictureWidth-screen", 0}, {"pictureWidth-320", 320},   {"pictureWidth-480", 480},
    {"pictureWidth-800", 800},  {"pictureWidth-1200", 1200},
};

int screen_width(float scale) {
  return int(std::lround(float(BoardPainter::kReferenceWidth) * scale));
}

// The popups' fields are as wide as the widest width's name.
float field_width() {
  return ImGui::CalcTextSize("As on screen (0000 px)").x + ImGui::GetFrameHeight() +
         ImGui::GetStyle().FramePadding.x * 2;
}

// Where a popup of `rows` rows opens from the item just drawn (its
// button): under it, or over it when the screen has no room below, and
// within the screen's width (the panel's right half on a phone).
void place_popup(int rows) {
  const ImGuiStyle& style = ImGui::GetStyle();
  const float label = std::max(ImGui::CalcTextSize("Width").x, ImGui::CalcTextSize("Speed").x);
  const ImVec2 size(field_width() + style.ItemInnerSpacing.x + label + style.WindowPadding.x * 2,
                    float(rows) * ImGui::GetFrameHeightWithSpacing() - style.ItemSpacing.y +
                        style.WindowPadding.y * 2);
  const ImVec2 lo = ImGui::GetItemRectMin(), hi = ImGui::GetItemRectMax();
  const ImVec2 display = ImGui::GetIO().DisplaySize;
  const float x = std::clamp(lo.x, 0.0f, std::max(0.0f, display.x - size.x));
  const float y = hi.y + size.y <= display.y ? hi.y : std::max(0.0f, lo.y - size.y);
  ImGui::SetNextWindowPos(ImVec2(x, y));
}

std::string width_label(int index, int width) {
  const std::string pixels = std::to_string(width) + " px";
  return index == 0 ? "As on screen (" + pixels + ")" : pixels;
}

}  // namespace

// The frames of the session's chain, from its start to its last position,
// or of the position's time line (PuzzleHooks::time_line), made and encoded
// a frame at a time by the GifStream that `puzzlelab render --solution`
// runs to its end: the same walks, the same palette, the same bytes.
struct App::AnimationJob {
  AnimationJob(const PuzzleInfo& info, const std::string& font_dir, std::unique_ptr<FrameWalk> walk,
               AnimationOptions options, std::optional<SolveResult> solve)
      : result(std::move(solve)),
        stream(info.id, font_dir, std::move(walk), with_result(std::move(options))) {}
  // The solve the moves come from, as the command line passes it (a view
  // may show it: Bender's program); kept here, as a new solve may start
  // while the job works.
  std::optional<SolveResult> result;
  GifStream stream;
  uint64_t board_epoch = 0;  // the board it is for
  std::string file_name;

  size_t total() const { return stream.total(); }
  size_t encoded() const { return stream.encoded(); }

 private:
  AnimationOptions with_result(AnimationOptions options) const {
    options.result = result ? &*result : nullptr;
    return options;
  }
};

std::string App::picture_caption_text() const {
  if (!picture_caption_) return "";
  const PuzzleInfo& info = *midend_.puzzle();
  const auto known = midend_.known_cost();
  const std::string cost = known ? "optimum " + text::amount(*known, cost_unit(info, "")) : "";
  return picture_caption(info, midend_.board_name(), cost);
}

// The picture shows the position on screen: its caption says how it was
// reached ("after the solution's 60 moves"), not only which puzzle it is.
std::string App::picture_caption_for_position() const {
  return midend_.record().picture_caption(picture_caption_text(), midend_.session().index());
}

int App::picture_width() const {
  const int fixed = kPictureSizes[picture_size_].width;
  return fixed > 0 ? fixed : screen_width(scale_);
}

Image App::board_picture() const {
  const Game& position = midend_.session().current();
  const int width = picture_width();
  BoardPainter painter(midend_.puzzle()->id, config_.font_dir);
  return painter.paint(position, width, painter.board_height(position, width),
                       {picture_caption_for_position(), ""});
}

// One row, whatever the popups hold: the side panel must not grow (at
// 1280x720 Sudoku's pencil controls are near its foot).
void App::picture_controls() {
  if (!save_picture_ || midend_.session().empty()) return;
  animation_slice();
  const float half = (ImGui::GetContentRegionAvail().x - ImGui::GetStyle().ItemSpacing.x) / 2;
  if (ImGui::Button("Save picture\u2026###savePicture", ImVec2(save_animation_ ? half : -1, 0)))
    ImGui::OpenPopup("##picturePopup");
  note_target("savePictureButton");
  tooltip("Save the board as a PNG picture, for a post or a handout: pick its width first");
  picture_popup();
  if (!save_animation_) return;
  ImGui::SameLine();
  animation_button(-1);
  animation_popup();
}

void App::picture_width_combo() {
  ImGui::SetNextItemWidth(field_width());
  const int screen = screen_width(scale_);
  const std::string current = width_label(picture_size_, picture_width());
  if (ImGui::BeginCombo("Width##pictureWidth", current.c_str())) {
    for (int i = 0; i < int(std::size(kPictureSizes)); ++i) {
      const std::string label = width_label(i, i == 0 ? screen : kPictureSizes[i].width);
      if (ImGui::Selectable(label.c_str(), i == picture_size_)) picture_size_ = i;
      note_target(kPictureSizes[i].target);
    }
    ImGui::EndCombo();
  } else {
    note_target("pictureWidth");
    tooltip("How many pixels wide the image is (its height follows the board)");
  }
}

// Each popup publishes its place (window.puzzleLab.layout) for the checks.
bool App::begin_picture_popup(const char* name, int rows) {
  place_popup(rows);
  if (!ImGui::BeginPopup(("##" + std::string(name)).c_str())) return false;
  const ImVec2 pos = ImGui::GetWindowPos(), size = ImGui::GetWindowSize();
  ui_targets_.push_back({name, pos.x, pos.y, size.x, size.y});
  picture_width_combo();
  return true;
}

void App::caption_checkbox(const char* tip) {
  ImGui::Checkbox("Caption", &picture_caption_);
  note_target("pictureCaption");
  tooltip(tip);
}

void App::picture_popup() {
  if (!begin_picture_popup("picturePopup", 3)) return;
  caption_checkbox("Write the puzzle, the board's name and its optimum under the picture");
  if (primary_button("Save PNG###pictureSave", ImVec2(-1, 0))) {
    save_picture_("puzzlelab-" + std::string(midend_.puzzle()->id) + ".png", board_picture());
    ImGui::CloseCurrentPopup();
  }
  note_target("pictureSave");
  tooltip("Save the board as it is now");
  ImGui::EndPopup();
}

void App::animation_button(float width) {
  const Session& session = midend_.session();
  if (animation_job_) {
    // Progress, and the button becomes Cancel.
    const std::string label = "Cancel " + std::to_string(animation_job_->encoded()) + "/" +
                              std::to_string(animation_job_->total()) + "###saveAnimation";
    if (ImGui::Button(label.c_str(), ImVec2(width, 0))) cancel_animation();
    note_target("saveAnimationButton");
    tooltip("Making the animation, frame by frame: press to stop");
    return;
  }
  // A puzzle with a time line animates it whatever was played.
  const bool over_time = midend_.puzzle()->hooks.time_line != nullptr;
  ImGui::BeginDisabled(session.size() < 2 && !over_time);
  if (ImGui::Button("Save animation\u2026###saveAnimation", ImVec2(width, 0))) {
    animation_time_line(true);
    ImGui::OpenPopup("##animationPopup");
  }
  ImGui::EndDisabled();
  note_target("saveAnimationButton");
  tooltip(over_time ? "Save the board's course over time from its start as an animated GIF: pick "
                      "its width and speed first"
          : session.size() < 2
              ? "Play a move or solve first: the animation shows the moves from the start"
              : "Save the moves from the start as an animated GIF (the solution once solved, or "
                "your moves): pick its width and speed first");
}

const TimeLine* App::animation_time_line(bool fresh) {
  const auto make = midend_.puzzle()->hooks.time_line;
  if (!make) return nullptr;
  const Session& session = midend_.session();
  const auto made_for =
      std::make_tuple(midend_.board_epoch(), &session.current(), session.index(), session.size());
  if (fresh || !animation_line_ || animation_line_for_ != made_for) {
    animation_line_ = make(session.current(), kMostTimeFrames);
    animation_line_for_ = made_for;
  }
  return &*animation_line_;
}

float App::animation_speed() {
  return animation_speed_.value_or(midend_.playback_speed());
}

void App::animation_popup() {
  if (!ImGui::IsPopupOpen("##animationPopup")) return;
  const TimeLine* line = animation_time_line(false);
  // A time line says what its frames cover on a line of its own (two when wrapped).
  if (!begin_picture_popup("animationPopup", line ? 6 : 4)) return;
  // What a step of the animation is: a move, or the time line's unit.
  const std::string unit = line ? std::string(line->unit) : "moves";
  std::string per_second = unit;
  per_second[0] = char(std::toupper(static_cast<unsigned char>(per_second[0])));
  float speed = animation_speed();
  ImGui::SetNextItemWidth(field_width());
  // The playback bar's range and scale; no typing a value in.
  const std::string format = "%.1f " + unit + "/s";
  if (ImGui::SliderFloat("Speed##animationSpeed", &speed, Playback::kMinSpeed, Playback::kMaxSpeed,
                         format.c_str(), ImGuiSliderFlags_Logarithmic | ImGuiSliderFlags_NoInput))
    animation_speed_ = speed;
  note_target("animationSpeed");
  tooltip(animation_speed_ ? per_second + " a second in the animation"
                           : per_second +
                                 " a second in the animation: the playback speed until "
                                 "you move it");
  caption_checkbox("Write the puzzle, the board's name and its optimum under each frame");
  if (line) {
    std::string span = line->span;
    if (!span.empty()) span[0] = char(std::toupper(static_cast<unsigned char>(span[0])));
    ImGui::PushTextWrapPos(ImGui::GetCursorPosX() + ImGui::GetContentRegionAvail().x);
    ImGui::TextDisabled("%s", span.c_str());
    ImGui::PopTextWrapPos();
    note_target("animationSpan");
  }
  const GameRecord record = midend_.record();
  const int last = midend_.session().size() - 1;
  const size_t frames =
      line ? line->frames : size_t(record.player_moves(last) + record.solution_moves(last) + 1);
  const std::string label =
      "Save GIF (" + text::amount(int64_t(frames), "frames") + ")###animationSave";
  if (primary_button(label.c_str(), ImVec2(-1, 0))) {
    start_animation();
    ImGui::CloseCurrentPopup();
  }
  note_target("animationSave");
  tooltip(line ? "One frame a step of the board's course over time, as listed, made while you "
                 "keep playing"
               : "One frame a move and the start, made while you keep playing");
  ImGui::EndPopup();
}

void App::start_animation() {
  const Session& session = midend_.session();
  AnimationOptions options;
  options.width = picture_width();
  options.fps = animation_speed();
  // The time line the popup showed, unless the position changed since;
  // else the chain as it is now (undo, redo and new moves while the job
  // works do not change the animation).
  std::unique_ptr<FrameWalk> walk;
  std::optional<SolveResult> result;
  if (const TimeLine* line = animation_time_line(false); line && line->frames > 0) {
    walk = walk_time_line(*line);
    options.caption = picture_caption_text();
  } else {
    // One frame a move of the record: a jump animates as its moves.
    const GameRecord record = midend_.record();
    walk = walk_positions(record.frames(session.size() - 1));
    options.caption = record.animation_caption(picture_caption_text(), session.size() - 1);
    const auto& run = midend_.run();
    if (run && run->result() && run->status() == RunStatus::solved && midend_.result_current())
      result = *run->result();
  }
  animation_job_ = std::make_shared<AnimationJob>(*midend_.puzzle(), config_.font_dir,
                                                  std::move(walk), options, std::move(result));
  animation_job_->board_epoch = midend_.board_epoch();
  animation_job_->file_name = "puzzlelab-" + std::string(midend_.puzzle()->id) + ".gif";
}

void App::animation_slice() {
  if (!animation_job_) return;
  if (animation_job_->board_epoch != midend_.board_epoch()) {  // another board: drop it
    animation_job_.reset();
    return;
  }
  GifStream& stream = animation_job_->stream;
  const auto start = std::chrono::steady_clock::now();
  while (!stream.done()) {
    stream.step();
    const std::chrono::duration<double, std::milli> spent =
        std::chrono::steady_clock::now() - start;
    if (spent.count() >= kSliceMs) break;
  }
  if (!stream.done()) return;
  const auto done = std::move(animation_job_);
  std::string error;
  const EncodedAnimation animation = done->stream.finish(error);
  if (animation.gif.empty())
    note("Cannot save the animation: " + error, true);
  else
    save_animation_(done->file_name, animation.gif, int(done->total()));
}

void App::write_animation_progress(JsonWriter& json) const {
  if (!animation_job_) {
    json.null();
    return;
  }
  json.begin_object();
  json.key("done").value(uint64_t(animation_job_->encoded()));
  json.key("total").value(uint64_t(animation_job_->total()));
  json.end_object();
}

void App::cancel_animation() {
  animation_job_.reset();
  note("Save animation cancelled", false);
}

}  // namespace puzzlelab::shell
