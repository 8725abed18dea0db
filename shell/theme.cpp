#include "theme.h"

#include <cstdio>
#include <cstring>

#include "font_ranges.h"
#include "midend/asset_files.h"

namespace puzzlelab::shell {

namespace {

constexpr float kTextSize = 16;
constexpr float kTitleSize = 23;
constexpr float kBoardSize = 44;  // drawn smaller or larger; big enough to stay sharp

ImVec4 color(ImU32 c) {
  return ImGui::ColorConvertU32ToFloat4(c);
}

}  // namespace

ImFont* add_font_file(ImFontAtlas& atlas, const std::string& path, float size,
                      const ImFontConfig& config, const ImWchar* ranges) {
  const std::optional<std::string> data = read_asset(path);
  if (!data) return nullptr;
  // The atlas keeps the bytes and frees them with IM_FREE (as it does a
  // file it reads itself).
  void* bytes = IM_ALLOC(data->size());
  std::memcpy(bytes, data->data(), data->size());
  ImFontConfig owned = config;
  owned.FontDataOwnedByAtlas = true;
  if (owned.Name[0] == '\0') {  // named as ImGui names a file's: "DejaVuSans.ttf, 16px"
    const std::string file = path.substr(path.find_last_of('/') + 1);
    std::snprintf(owned.Name, sizeof owned.Name, "%s, %.0fpx", file.c_str(), double(size));
  }
  return atlas.AddFontFromMemoryTTF(bytes, static_cast<int>(data->size()), size, &owned, ranges);
}

ImFont* FontSet::load(const char* file, float size, const ImWchar* ranges) {
  ImGuiIO& io = ImGui::GetIO();
  const std::string path = font_dir_ + "/" + file;
  ImFontConfig config;
  config.OversampleH = 2;
  if (ImFont* font = add_font_file(*io.Fonts, path, size, config, ranges)) return font;
  // Without the TTF the app still works, with ImGui's built-in bitmap font.
  config.SizePixels = size;
  return io.Fonts->AddFontDefault(&config);
}

bool FontSet::update(float scale) {
  if (scale == scale_) return false;
  scale_ = scale;
  static constexpr ImWchar kAscii[] = {0x20, 0x7E, 0};
  ImGui::GetIO().Fonts->Clear();
  fonts_.regular = load("DejaVuSans.ttf", kTextSize * scale, kTextRanges);
  fonts_.bold = load("DejaVuSans-Bold.ttf", kTextSize * scale, kTextRanges);
  fonts_.title = load("DejaVuSans-Bold.ttf", kTitleSize * scale, kAscii);
  fonts_.board = load("DejaVuSans-Bold.ttf", kBoardSize * scale, kAscii);
  ImGui::GetIO().FontDefault = fonts_.regular;
  return true;
}

void apply_style(float scale) {
  ImGuiStyle style;
  ImGui::StyleColorsDark(&style);
  style.WindowRounding = 0;
  style.WindowBorderSize = 0;
  style.FrameRounding = 5;
  style.GrabRounding = 5;
  style.PopupRounding = 6;
  style.ChildRounding = 6;
  style.FramePadding = ImVec2(9, 6);
  style.ItemSpacing = ImVec2(8, 8);
  style.WindowPadding = ImVec2(16, 14);
  style.ScrollbarSize = 12;

  ImVec4* c = style.Colors;
  c[ImGuiCol_WindowBg] = color(colors::kPanel);
  c[ImGuiCol_ChildBg] = color(colors::rgb(27, 31, 39));
  c[ImGuiCol_PopupBg] = color(colors::rgb(38, 43, 54));
  c[ImGuiCol_Text] = color(colors::kText);
  c[ImGuiCol_TextDisabled] = color(colors::kMuted);
  c[ImGuiCol_FrameBg] = color(colors::rgb(45, 51, 64));
  c[ImGuiCol_FrameBgHovered] = color(colors::rgb(55, 63, 79));
  c[ImGuiCol_FrameBgActive] = color(colors::rgb(62, 71, 89));
  c[ImGuiCol_Button] = color(colors::rgb(52, 60, 76));
  c[ImGuiCol_ButtonHovered] = color(colors::rgb(66, 77, 97));
  c[ImGuiCol_ButtonActive] = color(colors::rgb(80, 94, 118));
  c[ImGuiCol_Header] = color(colors::rgb(52, 60, 76));
  c[ImGuiCol_HeaderHovered] = color(colors::rgb(66, 77, 97));
  c[ImGuiCol_HeaderActive] = color(colors::rgb(80, 94, 118));
  c[ImGuiCol_CheckMark] = color(colors::kAccent);
  c[ImGuiCol_SliderGrab] = color(colors::kAccent);
  c[ImGuiCol_SliderGrabActive] = color(colors::rgb(120, 180, 255));
  c[ImGuiCol_Separator] = color(colors::rgb(55, 62, 76));
  c[ImGuiCol_PlotHistogram] = color(colors::kAccent);
  c[ImGuiCol_TableBorderLight] = color(colors::rgb(50, 56, 70));
  c[ImGuiCol_TableRowBgAlt] = color(colors::rgb(255, 255, 255, 8));
  style.ScaleAllSizes(scale);
  ImGui::GetStyle() = style;
}

}  // namespace puzzlelab::shell
