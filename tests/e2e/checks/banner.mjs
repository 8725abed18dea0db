// The "Solved" banner keeps off the board it is about, at every size the
// app is used at, for every puzzle whose positions can be solved, and the
// board stays where it was before the banner came: it does not jump on the
// last move (an embed's banner takes the status line's place under the
// board). The board is centred in its area, or, where the banner needs a
// strip of the area for itself, in the rest of it.
import path from 'node:path';
import { LONG, SHORT, expect, lab, waitFor, open, settled, puzzleList, screenshot } from '../lib.mjs';

const SIZES = [
  { name: '1280x720', width: 1280, height: 720, hash: '' },
  { name: '1024x768', width: 1024, height: 768, hash: '' },
  { name: 'phone', width: 390, height: 844, hash: '', touch: true },
  { name: 'embed', width: 320, height: 400, hash: '&embed=1' },
];

// Whether two rectangles ({x, y, w, h}, CSS pixels) share any area.
const overlap = (a, b) => a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;
const inside = (a, w, h) => a.x >= 0 && a.y >= 0 && a.x + a.w <= w + 0.5 && a.y + a.h <= h + 0.5;
const rect = (r) => `${r.x.toFixed(0)},${r.y.toFixed(0)} ${r.w.toFixed(0)}x${r.h.toFixed(0)}`;

// Solves the puzzle's opening board and goes to the solution's end: the
// banner's state, with `before`, the board where it was drawn at the
// solution's start; or null when the puzzle's positions are never solved.
async function solvedState(p, base, id, hash) {
  await open(p, base, `puzzle=${id}${hash}&solve=1`);
  await waitFor(p, () => ['solved', 'unsolvable', 'error'].includes(window.puzzleLab.status) &&
    window.puzzleLab.work === '', undefined, LONG);
  const solved = await lab(p);
  expect(solved.status === 'solved', `${id}: status ${solved.status} ${solved.error}`);
  await p.evaluate(() => window.puzzleLab.first());
  await waitFor(p, () => window.puzzleLab.solution &&
    window.puzzleLab.moveCount === window.puzzleLab.solution.first && !window.puzzleLab.playing, undefined, SHORT);
  await settled(p);
  const before = (await lab(p)).view.boardDrawn;
  await p.evaluate(() => window.puzzleLab.last());
  await waitFor(p, () => window.puzzleLab.solution &&
    window.puzzleLab.moveCount === window.puzzleLab.solution.last && !window.puzzleLab.playing, undefined, SHORT);
  await settled(p);
  const state = await lab(p);
  if (!state.solvedPosition) return null;  // Tree of Life: answers, no solved position
  await waitFor(p, () => !!window.puzzleLab.view.solvedBanner, undefined, SHORT);
  return { ...(await lab(p)), before };
}

// Whether two rectangles are the same to within half a CSS pixel.
const same = (a, b) => ['x', 'y', 'w', 'h'].every((k) => Math.abs(a[k] - b[k]) <= 0.5);

// What is wrong with where the board sits in its area (view.boardArea),
// the banner's strip (view.bannerStrip) kept above or below it, or '' when
// nothing is: the board's cells (layout.board) are centred in the area
// less the strip, to a pixel or two (cells and frames are whole pixels),
// and a strip is kept only where the board as drawn (its frame and shadow
// included), centred in the whole area, would leave the banner less room.
function misplaced(view, cells) {
  const area = view.boardArea, strip = view.bannerStrip;
  if (!area || typeof strip !== 'number') return `no boardArea and bannerStrip in window.puzzleLab.view`;
  const above = cells.y - area.y, below = area.y + area.h - (cells.y + cells.h);
  const off = Math.abs(Math.abs(above - below) - strip);
  if (off > 2.5) return `${above.toFixed(1)} px above the board, ${below.toFixed(1)} below, strip ${strip.toFixed(1)}`;
  const gap = (area.h - view.boardDrawn.h) / 2;
  if (strip > 0 && gap >= strip) return `a ${strip.toFixed(1)} px strip kept where the board leaves ${gap.toFixed(1)} px`;
  return '';
}

export default async function bannerChecks({ browser, page, base, output, check, pageErrors }) {
  const puzzles = await puzzleList(page, base);
  for (const size of SIZES) {
    await check(`the Solved banner keeps off the board at ${size.name} (${size.width}x${size.height})`, async () => {
      const context = await browser.newContext({ viewport: { width: size.width, height: size.height },
        hasTouch: !!size.touch, isMobile: !!size.touch, serviceWorkers: 'block' });
      const p = await context.newPage();
      p.on('pageerror', (err) => pageErrors.push(err.message));
      const seen = [];
      try {
        for (const { id } of puzzles) {
          const state = await solvedState(p, base, id, size.hash);
          if (!state) {
            seen.push(`${id}: no solved position`);
            continue;
          }
          const banner = state.view.solvedBanner, board = state.view.boardDrawn;
          expect(board, `${id}: no boardDrawn in window.puzzleLab.view`);
          await screenshot(p, { path: path.join(output, `banner-${id}-${size.name}.png`) });
          expect(!overlap(banner, board), `${id}: banner ${rect(banner)} overlaps the board ${rect(board)}`);
          expect(inside(banner, size.width, size.height), `${id}: banner ${rect(banner)} off the screen`);
          expect(state.before && same(state.before, board),
                 `${id}: the board was at ${state.before && rect(state.before)} before the banner, ${rect(board)} with it`);
          const wrong = misplaced(state.view, state.layout.board);
          expect(!wrong, `${id}: ${wrong}`);
          seen.push(`${id}: banner ${rect(banner)}, board ${rect(board)}`);
        }
      } finally {
        await context.close();
      }
      return seen.join('; ');
    });
  }
}
