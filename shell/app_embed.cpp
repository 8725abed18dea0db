// The Embed popup (next to Copy link): the iframe and the script tag that
// put the board on screen in a blog post, with its size, where it opens,
// the How to play card, a live preview and Copy. The snippets come from
// share_hash(), the link Copy link copies (see embed_code.h).
#include <algorithm>
#include <iterator>

#include "app.h"

namespace puzzlelab::shell {

namespace {

struct EmbedSize {
  const char* label;
  int width, height;
};
constexpr EmbedSize kEmbedSizes[] = {
    {"320 x 400 (phone)", 320, 400},
    {"560 x 640", 560, 640},
    {"Custom", 0, 0},
};

constexpr const char* kStartLabels[] = {"As shown", "At the start", "Playing the solution"};

}  // namespace

void App::set_embed_site(std::string site, bool live_preview) {
  embed_popup_.site = std::move(site);
  embed_popup_.site_fixed = live_preview;
  embed_popup_.live_preview = live_preview;
}

EmbedChoices App::embed_choices() const {
  EmbedChoices choices = embed_popup_.choices;
  const EmbedSize& size = kEmbedSizes[embed_popup_.size];
  choices.width = size.width > 0 ? size.width : embed_popup_.custom_width;
  choices.height = size.height > 0 ? size.height : embed_popup_.custom_height;
  return choices;
}

EmbedCode App::embed_code() const {
  const PuzzleInfo* puzzle = midend_.puzzle();
  return make_embed_code(embed_popup_.site, share_hash(), embed_choices(),
                         puzzle ? std::string_view(puzzle->title) : std::string_view());
}

void App::embed_button(float width) {
  ImGui::BeginDisabled(share_hash().empty());
  if (ImGui::Button("Embed\u2026###embed", ImVec2(width, 0))) ImGui::OpenPopup("##embedPopup");
  ImGui::EndDisabled();
  note_target("embedButton");
  tooltip("The code that puts this board in a blog post or a web page, with a preview");
  embed_popup();
}

void App::embed_popup() {
  const ImVec2 display = ImGui::GetIO().DisplaySize;
  const float margin = 8 * scale_;
  ImGui::SetNextWindowPos(ImVec2(display.x / 2, display.y / 2), ImGuiCond_Always,
                          ImVec2(0.5f, 0.5f));
  ImGui::SetNextWindowSizeConstraints(ImVec2(0, 0),
                                      ImVec2(display.x - 2 * margin, display.y - 2 * margin));
  if (!ImGui::BeginPopup("##embedPopup", ImGuiWindowFlags_AlwaysAutoResize)) return;
  embed_open_ = true;
  const ImVec2 pos = ImGui::GetWindowPos(), size = ImGui::GetWindowSize();
  ui_targets_.push_back({"embedPopup", pos.x, pos.y, size.x, size.y});
  // Beside the preview where the screen is wide, over it where it is not.
  const float em = ImGui::GetFontSize();
  const ImGuiStyle& style = ImGui::GetStyle();
  const float column =
      std::min(26 * em, display.x - 2 * margin - 2 * style.WindowPadding.x - style.ScrollbarSize);
  const bool side_by_side = display.x >= column * 2.5f && display.y >= 24 * em;
  const EmbedCode code = embed_code();
  ImGui::BeginGroup();
  ImGui::PushItemWidth(column * 0.55f);
  embed_options();
  ImGui::PopItemWidth();
  embed_snippet("Frame (iframe)", "iframe", code.iframe, column);
  embed_snippet("Script tag", "script", code.script, column);
  ImGui::EndGroup();
  if (side_by_side) {
    ImGui::SameLine(0, 2 * style.ItemSpacing.x);
    const float tall =
        std::max(ImGui::GetItemRectSize().y, std::min(display.y * 0.75f, 640 * scale_));
    embed_preview_area(code, column * 1.3f, tall);
  } else {
    embed_preview_area(code, column, std::max(8 * em, display.y * 0.4f));
  }
  ImGui::EndPopup();
}

void App::embed_options() {
  int start = static_cast<int>(embed_popup_.choices.start);
  if (ImGui::Combo("Opens##embedStart", &start, kStartLabels, int(std::size(kStartLabels))))
    embed_popup_.choices.start = static_cast<EmbedChoices::Start>(start);
  note_target("embedStart");
  tooltip(
      "The position on screen now (its moves), the board's start, or solving it and "
      "playing the solution back");
  ImGui::Checkbox("How to play card at first##embedRules", &embed_popup_.choices.rules);
  note_target("embedRules");
  tooltip(
      "Open the puzzle's How to play card over the board (a reader who does not know "
      "the puzzle); the ? button opens it either way");
  const char* sizes[std::size(kEmbedSizes)];
  for (size_t i = 0; i < std::size(kEmbedSizes); ++i) sizes[i] = kEmbedSizes[i].label;
  ImGui::Combo("Size##embedSize", &embed_popup_.size, sizes, int(std::size(sizes)));
  note_target("embedSize");
  tooltip("The frame's size in the post, in CSS pixels (it shrinks to a narrower column)");
  if (kEmbedSizes[embed_popup_.size].width == 0) embed_custom_size();
  embed_site_field();
}

void App::embed_custom_size() {
  const float half = ImGui::CalcItemWidth() / 2 - ImGui::GetStyle().ItemInnerSpacing.x;
  ImGui::SetNextItemWidth(half);
  ImGui::InputInt("##embedWidth", &embed_popup_.custom_width, 0);
  note_target("embedWidth");
  ImGui::SameLine(0, ImGui::GetStyle().ItemInnerSpacing.x);
  ImGui::SetNextItemWidth(half);
  ImGui::InputInt("W x H##embedHeight", &embed_popup_.custom_height, 0);
  note_target("embedHeight");
  const EmbedChoices choices = embed_choices();
  if (choices.width != std::clamp(choices.width, kEmbedMinSize, kEmbedMaxSize) ||
      choices.height != std::clamp(choices.height, kEmbedMinSize, kEmbedMaxSize)) {
    ImGui::TextDisabled("From %d to %d pixels: the code uses %d x %d", kEmbedMinSize, kEmbedMaxSize,
                        embed_code().width, embed_code().height);
  }
}

void App::embed_site_field() {
  if (embed_popup_.site_fixed) {
    ImGui::TextDisabled("For this site: %s", embed_popup_.site.c_str());
    tooltip("The code points at the address of this page, wherever it is served");
    return;
  }
  ImGui::InputTextWithHint("Site##embedSite", std::string(kEmbedSitePlaceholder).c_str(),
                           &embed_popup_.site);
  note_target("embedSite");
  tooltip(
      "The address where Puzzle Lab's page is served (the site archive of scripts/package "
      "on any static host): the code points there");
}

void App::embed_snippet(const char* title, const char* what, const std::string& text, float width) {
  ImGui::Spacing();
  ImGui::TextDisabled("%s", title);
  const float copy_w = ImGui::CalcTextSize("Copied!").x + ImGui::GetStyle().FramePadding.x * 2;
  ImGui::SameLine(width - copy_w);
  const bool copied = copied_what_ == what && ImGui::GetTime() - copied_at_ < kCopiedSeconds;
  const std::string label = std::string(copied ? "Copied!" : "Copy") + "###copy" + what;
  if (ImGui::Button(label.c_str(), ImVec2(copy_w, 0))) {
    ImGui::SetClipboardText(text.c_str());
    copied_at_ = ImGui::GetTime();
    copied_what_ = what;
  }
  note_target(what == std::string_view("iframe") ? "embedCopyIframe" : "embedCopyScript");
  tooltip("Put this code on the clipboard, to paste into the post's HTML");
  const float lines = 4.2f;
  ImGui::BeginChild(what, ImVec2(width, ImGui::GetTextLineHeightWithSpacing() * lines), true);
  ImGui::PushTextWrapPos(0);
  ImGui::TextUnformatted(text.c_str());
  ImGui::PopTextWrapPos();
  ImGui::EndChild();
}

// The frame at its size, scaled down to fit `width` x `height`: the page
// shows the real thing there (EmbedPreview); the native app, which shows no
// web page, says so.
void App::embed_preview_area(const EmbedCode& code, float width, float height) {
  ImGui::BeginGroup();
  ImGui::TextDisabled("Preview, %d x %d", code.width, code.height);
  const float fit =
      std::min({1.0f, width / (code.width * scale_),
                (height - ImGui::GetFrameHeightWithSpacing()) / (code.height * scale_)});
  const ImVec2 lo = ImGui::GetCursorScreenPos();
  const ImVec2 box(code.width * scale_ * fit, code.height * scale_ * fit);
  ImGui::Dummy(box);
  note_target("embedPreview");
  ImDrawList& draw = *ImGui::GetWindowDrawList();
  draw.AddRect(lo, ImVec2(lo.x + box.x, lo.y + box.y), ImGui::GetColorU32(ImGuiCol_Border));
  if (embed_popup_.live_preview) {
    embed_preview_ = EmbedPreview{code.src, code.width, code.height, lo.x, lo.y, box.x, box.y};
  } else {
    ImGui::SetCursorScreenPos(ImVec2(lo.x + ImGui::GetStyle().FramePadding.x, lo.y + box.y / 3));
    ImGui::PushTextWrapPos(lo.x + box.x - ImGui::GetStyle().FramePadding.x);
    ImGui::TextDisabled("The page's Embed shows the frame here; this app shows no web page.");
    ImGui::PopTextWrapPos();
    ImGui::SetCursorScreenPos(ImVec2(lo.x, lo.y + box.y));
    ImGui::Dummy(ImVec2(0, 0));
  }
  ImGui::EndGroup();
}

}  // namespace puzzlelab::shell
