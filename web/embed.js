// Puzzle Lab embed for blogs: one script tag where the puzzle should appear.
//
//   <script src="https://YOUR.SITE/puzzlelab/embed.js" async
//           data-puzzle="rushhour" data-board="IBBxooIooLDDJAALooJoKEEMFFKooMGGHHHM"></script>
//
// Every data-* attribute is a link option of the page, passed on as it is:
// data-board, or data-difficulty and data-seed (a generated puzzle),
// data-algorithm, data-metric, data-moves, a puzzle's own text options
// (data-unfold for Amphipod) and view options (data-program for Bender).
// Three are the frame's own: data-width and data-height (CSS pixels,
// 240 to 2000; default 560 x 640) and data-title (its accessible name;
// default the puzzle's title). It inserts a lazy-loading iframe of the
// compact player after the script tag. The frame takes no focus and does
// not scroll the page until the reader clicks into it, and Tab leaves it
// like any other element.
(function () {
  "use strict";
  var script = document.currentScript;
  if (!script || !script.src) return;
  // The puzzles' titles, from the engine's puzzle list at build time
  // (web/stamp_embed.cmake fills them in).
  var titles = @PUZZLE_TITLES@;
  var frameOptions = { width: true, height: true, title: true };

  function option(name) {
    var value = script.getAttribute("data-" + name);
    return value === null ? "" : value;
  }
  // A size within reason: a number of CSS pixels from 240 to 2000.
  function size(name, fallback) {
    var value = parseInt(option(name), 10);
    return isFinite(value) ? Math.min(2000, Math.max(240, value)) : fallback;
  }

  var puzzle = option("puzzle") || "rushhour";
  var hash = "puzzle=" + encodeURIComponent(puzzle);
  for (var i = 0; i < script.attributes.length; i++) {
    var name = script.attributes[i].name;
    if (name.indexOf("data-") !== 0) continue;
    var key = name.slice(5);
    if (key === "puzzle" || key === "embed" || frameOptions[key] === true) continue;
    // Commas stay as they are: they separate data-moves' moves, as in a link.
    var value = encodeURIComponent(script.attributes[i].value).replace(/%2C/gi, ",");
    hash += "&" + encodeURIComponent(key) + "=" + value;
  }
  hash += "&embed=1";

  var width = size("width", 560);
  var height = size("height", 640);
  // Only the list's own entries: "__proto__" or "constructor" name no puzzle.
  var title = Object.prototype.hasOwnProperty.call(titles, puzzle) ? titles[puzzle] : "";
  var frame = document.createElement("iframe");
  frame.src = new URL("index.html", script.src).href + "#" + hash;
  frame.title = option("title") || (title ? title + " puzzle (Puzzle Lab)" : "Puzzle Lab");
  frame.width = String(width);
  frame.height = String(height);
  frame.loading = "lazy";
  frame.setAttribute("allow", "clipboard-write");
  frame.className = "puzzlelab-embed";
  frame.style.cssText = "border:0;display:block;max-width:100%;aspect-ratio:" + width + "/" + height +
                        ";height:auto;background:#181b22";
  script.parentNode.insertBefore(frame, script.nextSibling);
})();
