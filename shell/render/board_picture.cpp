#include "render/board_picture.h"

#include <algorithm>
#include <cfloat>
#include <cmath>

#include "midend/in_process_client.h"
#include "render/software_rasterizer.h"
#include "views/view_registry.h"

namespace puzzlelab::shell {

namespace {

constexpr float kPictureMargin = 12;    // UI units around the board
constexpr float kStripLines = 2.0f;     // the text strip's height, in lines of text
constexpr float kPictureTextSize = 16;  // the app's text size (theme.cpp), UI units
// Frames a view may take to settle (lay itself out, finish a slice of work)
// before the picture is taken; at least two, as ImGui lays out a new window
// on its first frame.
constexpr int kMinFrames = 2;
constexpr int kMaxFrames = 6;

// Makes a context current for a scope and puts the previous one back (the
// app's own context, when the app saves a picture).
class ContextScope {
 public:
  explicit ContextScope(ImGuiContext* context) : previous_(ImGui::GetCurrentContext()) {
    ImGui::SetCurrentContext(context);
  }
  ~ContextScope() { ImGui::SetCurrentContext(previous_); }
  ContextScope(const ContextScope&) = delete;
  ContextScope& operator=(const ContextScope&) = delete;

 private:
  ImGuiContext* previous_;
};

// A lane for a picture's work: in-process, each job held to a picture's
// time (a view would otherwise stop a Save picture for as long as its work
// took).
std::unique_ptr<SolverClient> picture_client() {
  return std::make_unique<InProcessSolverClient>(
      InProcessBounds{nullptr, nullptr, BoardPainter::kPictureWorkMs});
}

}  // namespace

std::string app_font_dir() {
#ifdef PUZZLELAB_FONT_DIR
  return PUZZLELAB_FONT_DIR;
#else
  return "/fonts";  // the page's own, embedded (web/CMakeLists.txt)
#endif
}

BoardPainter::BoardPainter(std::string_view puzzle_id, std::string font_dir)
    : fonts_(std::move(font_dir)), view_(make_view(puzzle_id)) {
  work_.set_client(Lane::view, picture_client());
  ImGuiContext* previous = ImGui::GetCurrentContext();
  context_ = ImGui::CreateContext();
  // CreateContext makes the new context current only when none is (the
  // CLI); in the app its own is, and the settings below are the picture's.
  ImGui::SetCurrentContext(context_);
  ImGuiIO& io = ImGui::GetIO();
  io.IniFilename = nullptr;  // nothing of a picture is saved
  io.LogFilename = nullptr;
  // The rasterizer reads each command's vertex offset: a big board (a
  // 100,001-cell tree and its space-time strip) may pass 65,536 vertices,
  // which 16-bit indices reach only in commands of their own.
  io.BackendFlags |= ImGuiBackendFlags_RendererHasVtxOffset;
  ImGui::SetCurrentContext(previous);
}

BoardPainter::~BoardPainter() {
  view_.reset();
  ImGui::DestroyContext(context_);
}

std::string picture_caption(const PuzzleInfo& info, std::string_view board_name,
                            std::string_view cost_part) {
  std::string caption(info.title.empty() ? info.id : info.title);
  for (const std::string_view part : {board_name, cost_part}) {
    if (!part.empty()) caption += " \u00b7 " + std::string(part);
  }
  return caption;
}

SolveResult BoardPainter::prepare(const Game& position, const SolveOptions& options) {
  // The job's cancel flag and clock are the caller's, for this job only.
  work_.set_client(Lane::view, std::make_unique<InProcessSolverClient>(
                                   InProcessBounds{options.cancel, options.clock, 0}));
  SolveResult ready = view_->prepare(position, options, work_.lane(Lane::view));
  work_.set_client(Lane::view, picture_client());
  return ready;
}

std::vector<Target> BoardPainter::targets() const {
  return view_->targets();
}

Target BoardPainter::drawn_board() const {
  return view_->drawn_board();
}

float BoardPainter::scale_for(int width) {
  return std::max(0.25f, float(width) / float(kReferenceWidth));
}

int BoardPainter::board_height(const Game& position, int width) const {
  const float margin = 2 * kPictureMargin * scale_for(width);
  const float aspect = std::max(0.05f, view_->aspect(position));
  return std::max(1, int(std::lround((float(width) - margin) / aspect + margin)));
}

int BoardPainter::strip_height(int width) {
  return int(std::lround(kStripLines * kPictureTextSize * scale_for(width)));
}

void BoardPainter::draw_frame(const Game& position, int width, int board_height,
                              const PictureText& text, const SolveResult* result,
                              const std::vector<int>& marks) {
  const float scale = scale_for(width);
  ImGui::NewFrame();
  ImGui::SetNextWindowPos(ImVec2(0, 0));
  ImGui::SetNextWindowSize(ImGui::GetIO().DisplaySize);
  ImGui::PushStyleVar(ImGuiStyleVar_WindowPadding, ImVec2(0, 0));
  ImGui::Begin("##picture", nullptr,
               ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoInputs |
                   ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoBackground |
                   ImGuiWindowFlags_NoNav);
  ImGui::PopStyleVar();
  ImDrawList& draw = *ImGui::GetWindowDrawList();
  const ImVec2 size = ImGui::GetIO().DisplaySize;
  draw.AddRectFilled(ImVec2(0, 0), size, colors::kBackground);

  BoardFrame frame;
  frame.draw = &draw;
  const float margin = std::round(kPictureMargin * scale);
  frame.min = ImVec2(margin, margin);
  frame.max = ImVec2(float(width) - margin, float(board_height) - margin);
  board_area_ = {"boardArea", frame.min.x, frame.min.y, frame.max.x - frame.min.x,
                 frame.max.y - frame.min.y};
  frame.position = &position;
  frame.interactive = false;
  frame.worker = &work_.lane(Lane::view);
  frame.result = result;
  frame.highlight = marks;
  frame.fonts = &fonts_.fonts();
  frame.scale = scale;
  frame.input.mouse = ImVec2(-FLT_MAX, -FLT_MAX);
  ImGui::SetCursorScreenPos(frame.min);
  view_->show(frame);

  if (!text.empty()) {
    const Fonts& fonts = fonts_.fonts();
    const float line = fonts.regular->FontSize;
    const float y = std::round(float(board_height) + (size.y - float(board_height) - line) / 2);
    draw.AddText(fonts.bold, fonts.bold->FontSize, ImVec2(margin, y), colors::kText,
                 text.caption.c_str());
    const ImVec2 extent = fonts.regular->CalcTextSizeA(line, FLT_MAX, 0, text.counter.c_str());
    draw.AddText(fonts.regular, line, ImVec2(std::round(size.x - margin - extent.x), y),
                 colors::kMuted, text.counter.c_str());
  }
  ImGui::End();
  ImGui::Render();
}

void BoardPainter::lay_out(const Game& position, int width, int board_height,
                           const PictureText& text, const SolveResult* result,
                           const std::vector<int>& marks) {
  ContextScope scope(context_);
  view_->reset();  // a new position, as after undo or playback: no state of the last one
  const float scale = scale_for(width);
  if (fonts_.update(scale)) apply_style(scale);
  ImGuiIO& io = ImGui::GetIO();
  unsigned char* atlas_pixels = nullptr;
  int atlas_width = 0, atlas_height = 0;
  io.Fonts->GetTexDataAsRGBA32(&atlas_pixels, &atlas_width, &atlas_height);  // built if need be
  const int height = board_height + (text.empty() ? 0 : strip_height(width));
  io.DisplaySize = ImVec2(float(width), float(height));
  io.DeltaTime = 1.0f / 60;

  for (int n = 0; n < kMaxFrames; ++n) {
    draw_frame(position, width, board_height, text, result, marks);
    if (n + 1 >= kMinFrames && !view_->animating()) break;
  }
}

Image BoardPainter::paint(const Game& position, int width, int board_height,
                          const PictureText& text, const SolveResult* result,
                          const std::vector<int>& marks) {
  lay_out(position, width, board_height, text, result, marks);
  ContextScope scope(context_);
  ImGuiIO& io = ImGui::GetIO();
  unsigned char* atlas_pixels = nullptr;
  int atlas_width = 0, atlas_height = 0;
  io.Fonts->GetTexDataAsRGBA32(&atlas_pixels, &atlas_width, &atlas_height);
  Image image(int(io.DisplaySize.x), int(io.DisplaySize.y));
  rasterize(*ImGui::GetDrawData(), {atlas_pixels, atlas_width, atlas_height}, image);
  return image;
}

}  // namespace puzzlelab::shell
