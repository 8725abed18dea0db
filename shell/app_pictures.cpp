// Save picture and Save animation: the board alone as the view draws it
// (shell/render), at the screen's pixel density, with an optional caption;
// the host saves the file.
#include <chrono>
#include <cmath>
#include <optional>

#include "app.h"
#include "render/animation.h"
#include "render/board_picture.h"
#include "render/gif_writer.h"

namespace puzzlelab::shell {

namespace {

constexpr double kSliceMs = 12;  // Save animation's work per UI frame

// As wide as the app's own board on a 96 dpi screen, times the UI scale
// (devicePixelRatio in the page): crisp on the screen it was saved from.
int picture_width(float scale) {
  return int(std::lround(float(BoardPainter::kReferenceWidth) * scale));
}

}  // namespace

// The frames of the session's chain, from its start to its last position,
// each drawn and encoded in turn (the palette comes from the first and the
// last, drawn before the rest), so that only one frame is held at a time.
struct App::AnimationJob {
  AnimationJob(const PuzzleInfo& info, const std::string& font_dir, const Game& start, int moves,
               AnimationOptions options)
      : painter(info.id, font_dir), maker(painter, start, size_t(moves), std::move(options)) {}
  BoardPainter painter;
  AnimationMaker maker;
  // The chain as it was when Save animation was pressed: undo, redo and
  // new moves while it works do not change the animation.
  std::vector<std::unique_ptr<Game>> positions;
  uint64_t board_epoch = 0;  // the board it is for
  std::string file_name;
  std::optional<GifFrame> first, last;  // drawn first, for the palette
  std::unique_ptr<GifEncoder> encoder;
  size_t encoded = 0;  // frames in the file so far

  size_t total() const { return positions.size(); }
  // Draws and encodes the next frame (the first two calls draw the
  // palette's two frames, one each, to keep each call short); false when
  // the encoder failed.
  bool step() {
    if (!first) {
      first = maker.frame(*positions.front(), 0);
      return true;
    }
    if (!encoder) {
      last = maker.frame(*positions.back(), total() - 1);
      encoder = std::make_unique<GifEncoder>(first->image, last->image);
      return true;
    }
    GifFrame frame;
    if (encoded == 0)
      frame = std::move(*first);
    else if (encoded + 1 == total())
      frame = std::move(*last);
    else
      frame = maker.frame(*positions[encoded], encoded);
    ++encoded;
    return encoder->add(frame);
  }
};

std::string App::picture_caption_text() const {
  if (!picture_caption_) return "";
  const PuzzleInfo& info = *midend_.puzzle();
  const auto known = midend_.known_cost();
  const std::string cost =
      known ? "optimum " + std::to_string(*known) + " " + std::string(cost_unit(info, "")) : "";
  return picture_caption(info, midend_.board_name(), cost);
}

Image App::board_picture() const {
  const Game& position = midend_.session().current();
  const int width = picture_width(scale_);
  BoardPainter painter(midend_.puzzle()->id, config_.font_dir);
  return painter.paint(position, width, painter.board_height(position, width),
                       {picture_caption_text(), ""});
}

void App::picture_controls() {
  if (!save_picture_ || midend_.session().empty()) return;
  const float half = (ImGui::GetContentRegionAvail().x - ImGui::GetStyle().ItemSpacing.x) / 2;
  if (ImGui::Button("Save picture", ImVec2(half, 0)))
    save_picture_("puzzlelab-" + std::string(midend_.puzzle()->id) + ".png", board_picture());
  note_target("savePictureButton");
  tooltip("Save the board as a PNG picture, for a post or a handout");
  ImGui::SameLine();
  ImGui::Checkbox("Caption", &picture_caption_);
  note_target("pictureCaption");
  tooltip("Write the puzzle, the board's name and its optimum under the picture");
  animation_controls();
}

void App::animation_controls() {
  if (!save_animation_) return;
  animation_slice();
  const Session& session = midend_.session();
  const float width = ImGui::GetContentRegionAvail().x;
  if (animation_job_) {
    // Progress, and the button becomes Cancel.
    const std::string label = "Saving animation " + std::to_string(animation_job_->encoded) + "/" +
                              std::to_string(animation_job_->total()) + ": Cancel###saveAnimation";
    if (ImGui::Button(label.c_str(), ImVec2(width, 0))) cancel_animation();
    note_target("saveAnimationButton");
    tooltip("Stop making the animation");
    return;
  }
  ImGui::BeginDisabled(session.size() < 2);
  if (ImGui::Button("Save animation###saveAnimation", ImVec2(width, 0))) start_animation();
  ImGui::EndDisabled();
  note_target("saveAnimationButton");
  tooltip(
      "Save the moves from the start as an animated GIF (the solution once solved, or your "
      "moves), one frame a move at the playback speed");
}

void App::start_animation() {
  const Session& session = midend_.session();
  AnimationOptions options;
  options.width = picture_width(scale_);
  options.fps = std::max(1, int(std::lround(midend_.playback_speed())));
  options.caption = picture_caption_text();
  animation_job_ = std::make_shared<AnimationJob>(*midend_.puzzle(), config_.font_dir,
                                                  session.at(0), session.size() - 1, options);
  for (int i = 0; i < session.size(); ++i)
    animation_job_->positions.push_back(session.at(i).clone());
  animation_job_->board_epoch = midend_.board_epoch();
  animation_job_->file_name = "puzzlelab-" + std::string(midend_.puzzle()->id) + ".gif";
}

void App::animation_slice() {
  if (!animation_job_) return;
  if (animation_job_->board_epoch != midend_.board_epoch()) {  // another board: drop it
    animation_job_.reset();
    return;
  }
  AnimationJob& job = *animation_job_;
  const auto start = std::chrono::steady_clock::now();
  bool ok = true;
  while (ok && job.encoded < job.total()) {
    ok = job.step();
    const std::chrono::duration<double, std::milli> spent =
        std::chrono::steady_clock::now() - start;
    if (spent.count() >= kSliceMs) break;
  }
  if (ok && job.encoded < job.total()) return;
  const auto done = std::move(animation_job_);
  std::string error;
  const std::vector<uint8_t> gif = done->encoder->finish(error);
  if (gif.empty())
    note("Cannot save the animation: " + error, true);
  else
    save_animation_(done->file_name, gif, int(done->total()));
}

void App::write_animation_progress(JsonWriter& json) const {
  if (!animation_job_) {
    json.null();
    return;
  }
  json.begin_object();
  json.key("done").value(uint64_t(animation_job_->encoded));
  json.key("total").value(uint64_t(animation_job_->total()));
  json.end_object();
}

void App::cancel_animation() {
  animation_job_.reset();
  note("Save animation cancelled", false);
}

}  // namespace puzzlelab::shell
