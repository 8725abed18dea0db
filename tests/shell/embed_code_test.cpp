// The Embed popup's code (shell/embed_code.h): made from the share link, it
// reopens the same board (position, options) with the blogger's choices,
// and its script tag says the same through web/embed.js's data- attributes.
// rules=1, the popup's How to play choice, opens the card even in an embed.
#include <catch2/catch.hpp>

#include <memory>
#include <string>

#include "embed_code.h"
#include "midend/launch_options.h"
#include "midend/midend.h"
#include "native/thread_solver_client.h"
#include "puzzles/puzzle_list.h"

using namespace puzzlelab;
using namespace puzzlelab::shell;

namespace {

constexpr const char* kBoard = "IBBxooIooLDDJAALooJoKEEMFFKooMGGHHHM";
const std::string kShared =
    std::string("#puzzle=rushhour&board=") + kBoard + "&metric=steps&moves=A%2B1,C-2";

// The iframe's src attribute, its &amp; read back as &.
std::string src_of(const std::string& iframe) {
  const size_t from = iframe.find("src=\"") + 5;
  std::string src = iframe.substr(from, iframe.find('"', from) - from);
  for (size_t at; (at = src.find("&amp;")) != std::string::npos;) src.replace(at, 5, "&");
  return src;
}

}  // namespace

TEST_CASE("embed code: the frame opens the shared position at the chosen size", "[embed]") {
  const EmbedCode code =
      make_embed_code("https://example.org/lab/index.html", kShared, EmbedChoices{}, "Rush Hour");
  CHECK(code.src == "https://example.org/lab/index.html#puzzle=rushhour&board=" +
                        std::string(kBoard) + "&metric=steps&moves=A%2B1,C-2&embed=1");
  CHECK(src_of(code.iframe) == code.src);
  CHECK(code.iframe.find("width=\"560\" height=\"640\"") != std::string::npos);
  CHECK(code.iframe.find("title=\"Rush Hour puzzle (Puzzle Lab)\"") != std::string::npos);
  const LaunchOptions opened = parse_hash(code.src.substr(code.src.find('#')));
  const LaunchOptions shared = parse_hash(kShared);
  CHECK(same_puzzle(opened, shared));
  CHECK(opened.moves == shared.moves);
  CHECK(opened.metric == "steps");
  CHECK(opened.embed);
  CHECK_FALSE(opened.solve);
  CHECK_FALSE(opened.rules);
}

TEST_CASE("embed code: at the start, solving, the rules card, a custom size", "[embed]") {
  EmbedChoices choices;
  choices.start = EmbedChoices::Start::at_start;
  choices.width = 320;
  choices.height = 400;
  const EmbedCode start = make_embed_code("https://h/", kShared, choices, "Rush Hour");
  const LaunchOptions at_start = parse_hash(start.src.substr(start.src.find('#')));
  CHECK(at_start.moves.empty());
  CHECK(at_start.board == std::string(kBoard));
  CHECK(start.iframe.find("width=\"320\" height=\"400\"") != std::string::npos);

  choices.start = EmbedChoices::Start::solution;
  choices.rules = true;
  choices.width = 9000;  // out of embed.js's range: clamped, as embed.js would
  choices.height = 10;
  const EmbedCode solving = make_embed_code("https://h/", kShared + "&solve=1", choices, "");
  const LaunchOptions solve = parse_hash(solving.src.substr(solving.src.find('#')));
  CHECK(solve.solve);
  CHECK(solve.rules);
  CHECK(solve.moves.empty());
  CHECK(solving.width == kEmbedMaxSize);
  CHECK(solving.height == kEmbedMinSize);
  // "solve" once, whatever the shared link held.
  CHECK(solving.src.find("solve=1") == solving.src.rfind("solve=1"));
}

TEST_CASE("embed code: the script tag passes the same keys as data- attributes", "[embed]") {
  const EmbedCode code =
      make_embed_code("https://example.org/lab/", kShared, EmbedChoices{}, "Rush Hour");
  CHECK(code.script ==
        "<script src=\"https://example.org/lab/embed.js\" async data-puzzle=\"rushhour\" "
        "data-board=\"" +
            std::string(kBoard) +
            "\" data-metric=\"steps\" data-moves=\"A+1,C-2\" data-width=\"560\" "
            "data-height=\"640\"></script>");
  // HTML-significant text is escaped; a placeholder stands for an unknown site.
  const EmbedCode odd = make_embed_code("", "#puzzle=x&board=a%22%3Cb%26%0Ac", EmbedChoices{}, "");
  CHECK(odd.script.find("data-board=\"a&quot;&lt;b&amp;&#10;c\"") != std::string::npos);
  CHECK(odd.src.rfind(std::string(kEmbedSitePlaceholder), 0) == 0);
  CHECK(site_folder("https://h/a/index.html") == "https://h/a/");
  CHECK(site_folder("https://h") == "https://h/");
}

TEST_CASE("embed code: rules=1 opens the How to play card in an embed", "[embed][rules]") {
  for (const PuzzleInfo* info : all_puzzles()) {
    INFO(info->id);
    Midend midend(PUZZLELAB_ASSETS_DIR, std::make_unique<ThreadSolverClient>(), [] { return 0.0; });
    midend.open(parse_hash("#puzzle=" + std::string(info->id) + "&embed=1&rules=1"));
    CHECK(midend.rules_shown());
    CHECK(midend.link_error().empty());
    Midend plain(PUZZLELAB_ASSETS_DIR, std::make_unique<ThreadSolverClient>(), [] { return 0.0; });
    plain.open(parse_hash("#puzzle=" + std::string(info->id) + "&embed=1"));
    CHECK_FALSE(plain.rules_shown());
  }
}
