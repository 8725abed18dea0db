// Puzzle Lab embed for blogs: one script tag where the puzzle should appear.
//
//   <script src="https://YOUR.SITE/puzzlelab/embed.js" async
//           data-puzzle="rushhour" data-board="IBBxooIooLDDJAALooJoKEEMFFKooMGGHHHM"></script>
//
// Optional: data-difficulty and data-seed (a generated puzzle instead of a
// board), data-algorithm, data-metric, data-width and data-height (CSS
// pixels; default 560 x 640), data-title (the frame's accessible name).
// It inserts a lazy-loading iframe of the compact player after the script
// tag. The frame takes no focus and does not scroll the page until the reader
// clicks into it, and Tab leaves it like any other element.
(function () {
  "use strict";
  var script = document.currentScript;
  if (!script || !script.src) return;
  var data = script.dataset;
  var names = { rushhour: "Rush Hour", sudoku: "Sudoku" };
  var puzzle = data.puzzle || "rushhour";

  var hash = "puzzle=" + encodeURIComponent(puzzle);
  ["board", "difficulty", "seed", "algorithm", "metric"].forEach(function (key) {
    if (data[key]) hash += "&" + key + "=" + encodeURIComponent(data[key]);
  });
  hash += "&embed=1";

  var width = parseInt(data.width, 10) || 560;
  var height = parseInt(data.height, 10) || 640;
  var frame = document.createElement("iframe");
  frame.src = new URL("index.html", script.src).href + "#" + hash;
  frame.title = data.title || (names[puzzle] || puzzle) + " puzzle (Puzzle Lab)";
  frame.width = String(width);
  frame.height = String(height);
  frame.loading = "lazy";
  frame.setAttribute("allow", "clipboard-write");
  frame.className = "puzzlelab-embed";
  frame.style.cssText = "border:0;display:block;max-width:100%;aspect-ratio:" + width + "/" + height +
                        ";height:auto;background:#181b22";
  script.parentNode.insertBefore(frame, script.nextSibling);
})();
