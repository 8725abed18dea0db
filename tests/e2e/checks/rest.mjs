// The page at rest (issue 21): every puzzle's page and an embed draw
// nothing while nothing changes, and frames come back with input. The
// counter is the page's own (window.puzzleLab.frames); the pages are open
// side by side and watched through one five-second window after each has
// settled (a busy machine only makes fewer frames). The How to play card's
// demonstration moves on by itself (the app's timer, no input) and the page
// rests once it has played. A long search draws when its clock steps or
// its progress comes, not at the display's rate. Frames redraw only
// what changed: after a playback, a search and a scroll the canvas is
// pixel for pixel what a full redraw gives.
import path from 'node:path';
import { LONG_SEARCH, SHORT, LONG, expect, lab, waitFor, open, settled, clickTarget, screenshot } from '../lib.mjs';

const PAGES = [
  ['rushhour', 'puzzle=rushhour', 1280, 720], ['sudoku', 'puzzle=sudoku', 1280, 720],
  ['amphipod', 'puzzle=amphipod', 1280, 720], ['treeoflife', 'puzzle=treeoflife', 1280, 720],
  ['bender', 'puzzle=bender', 1280, 720], ['embed', 'puzzle=sudoku&embed=1', 560, 640],
];
const WINDOW_MS = 5000;
const MOST_FRAMES = 2;
// A search's page draws when something it shows changes: a progress report
// (about every 100 ms) or a step of its clock (tenths, only while reports
// are late). A report's frame, then one frame that finds the picture
// settled (it draws no pixel: frame_pacer.h); so frames that draw something
// stay near the reports' rate, those that draw nothing are no more, and the
// page is settled (no frame due) between reports. (A frame drawn a damaged
// rectangle at a time once hashed apart from the same picture next, and
// each report cost a third frame: shell/damage.h's ClipCut.)
const SEARCH_MS = 3000;
const MOST_DRAWING_FPS = 15;  // 10 reports a second and a few clock steps
const MOST_SEARCH_FPS = 30;   // each with its settling frame
const EDGE_FPS = 1;           // frames cut in two by the window's ends

// Watches the page for `ms` from inside it, a look each animation frame (the
// app draws only in those): the frames it drew, those that drew pixels (its
// `redrawn`), how often it was settled, and how many of the search's
// progress reports it drew.
const watchSearch = (page, ms) => page.evaluate((ms) => new Promise((resolve) => {
  const lab = () => window.puzzleLab;
  const from = lab().frames, t0 = performance.now(), reports = new Set();
  let last = from, drawing = 0, looks = 0, settled = 0;
  const look = () => {
    looks++;
    if (lab().settled) settled++;
    if (lab().frames !== last && lab().redrawn > 0) drawing++;
    last = lab().frames;
    reports.add(lab().progress.expanded);
    const seconds = (performance.now() - t0) / 1000;
    if (seconds * 1000 < ms) {
      requestAnimationFrame(look);
      return;
    }
    resolve({ fps: (lab().frames - from) / seconds, drawing: drawing / seconds, settled: settled / looks,
              reports: reports.size / seconds, status: lab().status });
  };
  requestAnimationFrame(look);
}), ms);

export default async function restChecks({ browser, freshContext, output, base, check, pageErrors }) {
  await check('an idle page draws at most 2 frames in 5 s (each puzzle at 1280x720, an embed)', async () => {
    const pages = [];
    for (const [name, hash, width, height] of PAGES) {
      const context = await browser.newContext({ viewport: { width, height }, serviceWorkers: 'block' });
      const page = await context.newPage();
      page.on('pageerror', (err) => pageErrors.push(err.message));
      const cdp = await context.newCDPSession(page);
      await cdp.send('Performance.enable');
      await open(page, base, hash);
      pages.push({ name, context, page, cdp });
    }
    for (const { page } of pages) {
      await page.mouse.move(5, 5);
      await settled(page);
    }
    const cpu = async (cdp) => (await cdp.send('Performance.getMetrics')).metrics.find((m) => m.name === 'TaskDuration').value;
    const before = await Promise.all(pages.map(async ({ page, cdp }) => [(await lab(page)).frames, await cpu(cdp)]));
    await pages[0].page.waitForTimeout(WINDOW_MS);  // the window watched, not a state waited for
    const seen = [];
    for (const [i, { name, page, cdp }] of pages.entries()) {
      const frames = (await lab(page)).frames - before[i][0];
      const ms = (await cpu(cdp) - before[i][1]) * 1000;
      expect(frames <= MOST_FRAMES, `${name}: ${frames} frames while idle`);
      seen.push(`${name} ${frames} frames, ${ms.toFixed(0)} ms main-thread CPU`);
    }
    // Input brings frames back, and the page settles again after them.
    const { page } = pages[1];
    const from = (await lab(page)).frames;
    await page.mouse.move(700, 300);
    await page.mouse.move(720, 320);
    await settled(page);
    const after = (await lab(page)).frames - from;
    expect(after >= 1, 'no frame for the pointer moving');
    await screenshot(page, { path: path.join(output, 'rest-sudoku.png') });
    for (const { context } of pages) await context.close();
    return `${seen.join('; ')}; a pointer move then drew ${after} frames and settled`;
  });

  await check('frames keep coming while a solution plays back, and stop when it ends', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 720 }, serviceWorkers: 'block' });
    const page = await context.newPage();
    page.on('pageerror', (err) => pageErrors.push(err.message));
    await open(page, base, 'puzzle=rushhour&board=IBBxooIooLDDJAALooJoKEEMFFKooMGGHHHM&solve=1');
    await waitFor(page, () => window.puzzleLab.status === 'solved' && window.puzzleLab.moveCount >= 5);
    const playing = await lab(page);
    await waitFor(page, (n) => window.puzzleLab.moveCount >= n + 5, playing.moveCount, SHORT);
    const later = await lab(page);
    // At least a frame a move (a busy machine draws fewer of each slide).
    expect(later.frames - playing.frames >= 5, `${later.frames - playing.frames} frames for 5 moves`);
    await page.evaluate(() => window.puzzleLab.last());
    await waitFor(page, () => !window.puzzleLab.playing && window.puzzleLab.solvedPosition, undefined, SHORT);
    await settled(page);  // times out if frames never stop
    await context.close();
    return `${later.frames - playing.frames} frames for moves ${playing.moveCount}-${later.moveCount}; settled at the end`;
  });

  await check('a long search draws when its clock steps or its progress comes, not at the display\'s rate; ' +
              'the page rests after Cancel', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 720 }, serviceWorkers: 'block' });
    const page = await context.newPage();
    page.on('pageerror', (err) => pageErrors.push(err.message));
    try {
      await open(page, base, `puzzle=rushhour&board=${LONG_SEARCH}&algorithm=idastar&metric=steps&solve=1`);
      await waitFor(page, () => window.puzzleLab.status === 'solving' && window.puzzleLab.progress.expanded > 0,
                    undefined, LONG);
      await page.mouse.move(5, 5);  // nothing under the pointer moves
      await page.waitForTimeout(300);  // the pointer's frames pass (settled() needs a page at rest)
      const s = await watchSearch(page, SEARCH_MS);
      await screenshot(page, { path: path.join(output, 'rest-solving.png') });
      const seen = `${s.fps.toFixed(1)} frames/s, ${s.drawing.toFixed(1)} of them drawing pixels, ` +
                   `${s.reports.toFixed(1)} reports/s drawn, settled ${(s.settled * 100).toFixed(0)}% of the time`;
      expect(s.status === 'solving', `the search ended by itself (${s.status}): not a long search`);
      expect(s.drawing <= MOST_DRAWING_FPS && s.fps <= MOST_SEARCH_FPS, `${seen}: frames at the display's rate`);
      expect(s.fps - s.drawing <= s.drawing + EDGE_FPS, `${seen}: more than one frame drawing nothing per frame drawn`);
      expect(s.drawing >= 2 && s.reports >= 2, `${seen}: the panel looks stuck`);
      expect(s.settled >= 0.1, `${seen}: a frame always due`);
      await page.evaluate(() => window.puzzleLab.cancel());
      await waitFor(page, () => window.puzzleLab.status === 'cancelled', undefined, SHORT);
      await settled(page);
      const before = (await lab(page)).frames;
      await page.waitForTimeout(WINDOW_MS);  // the window watched, not a state waited for
      const idle = (await lab(page)).frames - before;
      expect(idle <= MOST_FRAMES, `${idle} frames in ${WINDOW_MS / 1000} s after Cancel`);
      return `while solving: ${seen}; ${idle} frames in ${WINDOW_MS / 1000} s after Cancel`;
    } finally {
      await context.close();
    }
  });

  await check('the How to play demonstration plays by itself, then the page rests; Replay plays it again', async () => {
    // A first visit: the card opens with its demonstration.
    const context = await freshContext({ viewport: { width: 1280, height: 720 }, serviceWorkers: 'block' });
    const page = await context.newPage();
    page.on('pageerror', (err) => pageErrors.push(err.message));
    try {
      await open(page, base, 'puzzle=rushhour');
      await waitFor(page, () => window.puzzleLab.rulesShown && window.puzzleLab.rulesDemo, undefined, SHORT);
      const { rulesDemo: { steps } } = await lab(page);
      expect(steps >= 2, `a demonstration of ${steps} steps`);
      // Each step comes without input, and its slide is drawn.
      const slides = [];
      for (let step = 1; step < steps; step++) {
        await waitFor(page, (k) => window.puzzleLab.rulesDemo.step >= k, step, LONG);
        const from = (await lab(page)).frames;
        await settled(page);
        slides.push((await lab(page)).frames - from);
      }
      expect(slides.every((n) => n >= 2), `frames per slide ${slides.join(', ')}`);
      await waitFor(page, () => window.puzzleLab.rulesDemo.done, undefined, LONG);
      await settled(page);
      const before = (await lab(page)).frames;
      await page.waitForTimeout(WINDOW_MS);  // the window watched, not a state waited for
      const idle = (await lab(page)).frames - before;
      expect(idle <= MOST_FRAMES, `${idle} frames in ${WINDOW_MS / 1000} s after the demonstration ended`);
      expect((await lab(page)).rulesShown, 'the card closed by itself');
      await screenshot(page, { path: path.join(output, 'rest-rules-demo.png') });
      await clickTarget(page, 'rulesReplay');
      await waitFor(page, () => window.puzzleLab.rulesDemo.step === 0 && !window.puzzleLab.rulesDemo.done,
                    undefined, SHORT);
      await waitFor(page, () => window.puzzleLab.rulesDemo.step >= 1, undefined, LONG);
      return `${steps} steps, frames per slide ${slides.join(', ')}; ${idle} frames in ${WINDOW_MS / 1000} s ` +
             'once played; Replay started it again';
    } finally {
      await context.close();
    }
  });

  await check('redrawing only what changed leaves the picture a full redraw gives', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 720 }, serviceWorkers: 'block' });
    const page = await context.newPage();
    page.on('pageerror', (err) => pageErrors.push(err.message));
    // The canvas now, then after the whole of it is drawn afresh: the same?
    const same = async (what) => {
      await page.mouse.move(1275, 715);
      await settled(page);
      const partial = await screenshot(page);
      await page.evaluate(() => window.puzzleLab.redraw(true));
      await settled(page);
      const full = await screenshot(page);
      expect(partial.equals(full), `${what}: the canvas differs from a full redraw`);
    };
    await open(page, base, 'puzzle=rushhour&board=IBBxooIooLDDJAALooJoKEEMFFKooMGGHHHM&solve=1');
    await waitFor(page, () => window.puzzleLab.status === 'solved' && window.puzzleLab.moveCount >= 8);
    await page.evaluate(() => window.puzzleLab.pause());
    await same('mid-playback');
    await page.evaluate(() => window.puzzleLab.play());
    await waitFor(page, () => window.puzzleLab.solvedPosition && !window.puzzleLab.playing, undefined, LONG);
    await same('after the playback');
    await open(page, base, `puzzle=treeoflife&board=${encodeURIComponent('42354\n((. X (. . .)) . (X . (. X X)))\n1\n3 [<>]\n')}`);
    await settled(page);
    // Its paste box open, so that the side panel is taller than the screen
    // (its play controls are by the board, and the panel alone fits).
    await clickTarget(page, 'pasteToggle');
    await waitFor(page, () => !!window.puzzleLab.layout.pasteBox && window.puzzleLab.settled, undefined, SHORT);
    const { layout } = await lab(page);
    await page.mouse.move(layout.panel.x + layout.panel.w / 2, layout.panel.y + layout.panel.h / 2);
    await page.mouse.wheel(0, 170);
    await waitFor(page, () => window.puzzleLab.panelScroll.y > 0, undefined, SHORT);
    await page.keyboard.press('ArrowRight');  // the clock steps: cells and the strip change
    await waitFor(page, () => window.puzzleLab.view.clock === 1, undefined, SHORT);
    await same('after a scroll and a step');
    await context.close();
    return 'mid-playback, after it, and after a scroll and a clock step: identical to full redraws';
  });
}
