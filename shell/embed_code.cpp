#include "embed_code.h"

#include <algorithm>
#include <utility>
#include <vector>

#include "midend/launch_options.h"

namespace puzzlelab::shell {

namespace {

using Keys = std::vector<std::pair<std::string, std::string>>;  // key, URL-encoded value

// The share link's keys in order, less those the embed sets itself and,
// when it opens at the start, the moves played.
Keys embed_keys(std::string_view hash, const EmbedChoices& choices) {
  if (!hash.empty() && hash.front() == '#') hash.remove_prefix(1);
  const bool moves = choices.start == EmbedChoices::Start::as_shown;
  Keys keys;
  while (!hash.empty()) {
    const size_t amp = hash.find('&');
    const std::string_view pair = hash.substr(0, amp);
    hash = amp == std::string_view::npos ? std::string_view() : hash.substr(amp + 1);
    const size_t eq = pair.find('=');
    std::string key(pair.substr(0, eq));
    std::string value(eq == std::string_view::npos ? std::string_view() : pair.substr(eq + 1));
    if (key.empty() || key == "embed" || key == "solve" || key == "rules") continue;
    if (!moves && (key == "moves" || key == "shown")) continue;
    keys.emplace_back(std::move(key), std::move(value));
  }
  if (choices.start == EmbedChoices::Start::solution) keys.emplace_back("solve", "1");
  if (choices.rules) keys.emplace_back("rules", "1");
  return keys;
}

// Text for an HTML attribute's double quotes, on one line.
std::string attribute(std::string_view text) {
  std::string out;
  for (const char c : text) {
    switch (c) {
      case '&':
        out += "&amp;";
        break;
      case '"':
        out += "&quot;";
        break;
      case '<':
        out += "&lt;";
        break;
      case '>':
        out += "&gt;";
        break;
      case '\n':
        out += "&#10;";
        break;
      case '\r':
        break;
      default:
        out += c;
    }
  }
  return out;
}

std::string frame_title(std::string_view title) {
  return title.empty() ? "Puzzle Lab" : std::string(title) + " puzzle (Puzzle Lab)";
}

}  // namespace

std::string site_folder(std::string_view site) {
  const size_t scheme = site.find("://");
  const size_t slash = site.rfind('/');
  if (slash == std::string_view::npos || (scheme != std::string_view::npos && slash < scheme + 3))
    return std::string(site) + "/";
  return std::string(site.substr(0, slash + 1));
}

EmbedCode make_embed_code(std::string_view site, std::string_view share_hash,
                          const EmbedChoices& choices, std::string_view title) {
  if (site.empty()) site = kEmbedSitePlaceholder;
  EmbedCode code;
  code.width = std::clamp(choices.width, kEmbedMinSize, kEmbedMaxSize);
  code.height = std::clamp(choices.height, kEmbedMinSize, kEmbedMaxSize);
  const Keys keys = embed_keys(share_hash, choices);
  std::string hash;
  for (const auto& [key, value] : keys) hash += key + "=" + value + "&";
  code.src = std::string(site) + "#" + hash + "embed=1";
  const std::string size =
      "width=\"" + std::to_string(code.width) + "\" height=\"" + std::to_string(code.height) + "\"";
  code.iframe = "<iframe src=\"" + attribute(code.src) + "\" " + size +
                " style=\"border:0;max-width:100%\" loading=\"lazy\" title=\"" +
                attribute(frame_title(title)) + "\" allow=\"clipboard-write\"></iframe>";
  // embed.js passes each data- attribute on as a link key (HTML folds
  // attribute names to lower case: the link's keys are all lower case).
  code.script = "<script src=\"" + attribute(site_folder(site) + "embed.js") + "\" async";
  for (const auto& [key, value] : keys)
    code.script += " data-" + key + "=\"" + attribute(url_decode(value)) + "\"";
  code.script += " data-width=\"" + std::to_string(code.width) + "\" data-height=\"" +
                 std::to_string(code.height) + "\"></script>";
  return code;
}

}  // namespace puzzlelab::shell
