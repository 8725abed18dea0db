// Compare (issue 26): C runs every algorithm x goal on the position in the
// worker, one row after another, while the page keeps drawing; the table
// has a row per search, and a click on a row plays its solution back. The
// table fits at 1280x720, on a phone and in a 320x400 embed (screenshots).
import path from 'node:path';
import { HARDEST, LONG_SEARCH, SHORT, LONG, expect, lab, waitFor, open, settled, clickTarget, screenshot, scrollTo } from '../lib.mjs';

const inside = (r, w, h) => !!r && r.x >= 0 && r.y >= 0 && r.x + r.w <= w + 0.5 && r.y + r.h <= h + 0.5;

// Records, on every animation frame until the comparison is over, the
// frames the app drew and the row running: the page's own states, no clock.
function recordWhileComparing(page) {
  return page.evaluate(() => new Promise((resolve) => {
    const seen = [];
    const step = () => {
      const c = window.puzzleLab.comparison;
      seen.push([window.puzzleLab.frames, c ? c.running : -2]);
      if (c && c.running === -1 && c.results.length === c.rows) resolve(seen);
      else requestAnimationFrame(step);
    };
    step();
  }));
}

const summary = (c) => c.results.map((r) => `${r.algorithm}/${r.metric} ${r.cost} in ${r.ms} ms`).join(', ');

export default async function compareChecks({ browser, page, base, output, check, pageErrors }) {
  await check('Compare on the hardest 6x6: four rows per goal, 60 moves each; frames keep coming', async () => {
    await page.setViewportSize({ width: 1280, height: 720 });
    await open(page, base, `puzzle=rushhour&board=${HARDEST}`);
    await settled(page);
    const recording = recordWhileComparing(page);
    await page.keyboard.press('c');
    const seen = await recording;
    const state = await lab(page);
    const c = state.comparison;
    expect(c && c.rows === 8 && c.results.length === 8 && !c.cancelled, `compare ${JSON.stringify(c)}`);
    const moves = c.results.filter((r) => r.metric === 'moves');
    expect(moves.length === 4 && moves.every((r) => r.status === 'solved' && r.cost === 60 && r.optimal),
           `moves rows: ${summary(c)}`);
    expect(c.results.every((r) => r.status === 'solved' && r.optimal), `rows: ${summary(c)}`);
    expect(c.results.some((r) => r.mark.includes('fastest')), 'no row marked fastest');
    // Frames drawn while each row ran: the worker searched, the page drew.
    const during = seen.filter(([, row]) => row >= 0);
    expect(during.length > 0, 'never saw a row running');
    const drawn = during[during.length - 1][0] - during[0][0];
    expect(drawn >= 3, `only ${drawn} frames drawn while comparing`);
    await scrollTo(page, 'compareRow7');
    await screenshot(page, { path: path.join(output, 'compare-hardest-1280x720.png') });
    return `${summary(c)}; ${drawn} frames drawn while it ran`;
  });

  await check('the compare plot goes to a log scale and back with its box', async () => {
    // IDA*'s 82 k states are 40 times A*'s 2 k: under two decades, linear by itself.
    expect(!(await lab(page)).compareLogScale, 'the hardest 6x6 plot started on a log scale');
    await scrollTo(page, 'compareLog');
    await clickTarget(page, 'compareLog');
    await waitFor(page, () => window.puzzleLab.compareLogScale, undefined, SHORT);
    await settled(page);
    await scrollTo(page, 'comparePlot');
    await screenshot(page, { path: path.join(output, 'compare-log-scale-1280x720.png') });
    await scrollTo(page, 'compareLog');
    await clickTarget(page, 'compareLog');
    await waitFor(page, () => !window.puzzleLab.compareLogScale, undefined, SHORT);
    return 'linear by itself at 1.6 decades; the box turns the log scale on and off';
  });

  await check('the compare table fits the 360 px panel; Every column opens the whole table', async () => {
    const { compareColumns } = await lab(page);
    // The columns that matter most, in the table's order, and no more than fit.
    expect(['Algorithm', 'Cost', 'Time'].every((h) => compareColumns.includes(h)) && compareColumns.length < 9,
           `columns in the panel: ${compareColumns}`);
    await scrollTo(page, 'compareAll');
    await clickTarget(page, 'compareAll');
    await waitFor(page, () => window.puzzleLab.compareAllOpen && !!window.puzzleLab.layout.compareAllClose, undefined, SHORT);
    await settled(page);
    expect(!(await lab(page)).compareAllStacked, 'the card stacked its rows at 1280x720, where the table fits');
    await screenshot(page, { path: path.join(output, 'compare-every-column-1280x720.png') });
    await page.keyboard.press('Escape');
    await waitFor(page, () => !window.puzzleLab.compareAllOpen, undefined, SHORT);
    const after = await lab(page);
    expect(after.comparison.results.length === 8 && after.work === '', 'Esc on the card did more than close it');
    return `panel columns: ${compareColumns.join(', ')}`;
  });

  await check('a click on a compare row plays that row\'s solution back', async () => {
    const before = await lab(page);
    const row = before.comparison.results.findIndex((r) => r.algorithm === 'astar' && r.metric === 'steps');
    expect(row > 0, 'no A* steps row');
    await clickTarget(page, `compareRow${row}`);
    await waitFor(page, (i) => window.puzzleLab.comparison.selected === i && window.puzzleLab.algorithm === 'astar' &&
      window.puzzleLab.metric === 'steps' && window.puzzleLab.moveCount >= 1, row, LONG);
    const after = await lab(page);
    expect(after.solution && after.status === 'solved' && after.cost === before.comparison.results[row].cost,
           `after the click: ${after.status}, cost ${after.cost}, solution ${JSON.stringify(after.solution)}`);
    // Paused where it got to: the scroll below waits for a settled page,
    // which a playing solution (103 steps) is not until its end.
    await page.evaluate(() => window.puzzleLab.pause());
    await scrollTo(page, 'compareHistogram');
    await screenshot(page, { path: path.join(output, 'compare-row-played-1280x720.png') });
    return `row ${row} (A*, steps): cost ${after.cost}, playing back at move ${after.moveCount}`;
  });

  await check('Cancel stops the whole comparison', async () => {
    // A board whose first row runs for minutes: on the hardest 6x6 every row
    // can end before a wait sees one running.
    await open(page, base, `puzzle=rushhour&board=${LONG_SEARCH}`);
    await settled(page);
    await page.evaluate(() => window.puzzleLab.compare());
    await waitFor(page, () => window.puzzleLab.comparison && window.puzzleLab.comparison.running >= 0, undefined, SHORT);
    await page.keyboard.press('Escape');
    await waitFor(page, () => window.puzzleLab.comparison.cancelled && window.puzzleLab.work === '', undefined, SHORT);
    await settled(page);
    const c = (await lab(page)).comparison;
    expect(c.running === -1 && c.results.length < c.rows, `after Esc: ${JSON.stringify(c)}`);
    return `Esc at row ${c.results.length} of ${c.rows}: nothing more ran`;
  });

  await check('the compare table on a phone and in a 320x400 embed', async () => {
    const shots = [];
    for (const [name, w, h, hash, open_] of [['phone', 390, 844, '', null],
                                             ['embed', 320, 400, '&embed=1', 'compareToggle']]) {
      const context = await browser.newContext({ viewport: { width: w, height: h }, deviceScaleFactor: 2,
                                                 serviceWorkers: 'block' });
      const p = await context.newPage();
      p.on('pageerror', (err) => pageErrors.push(err.message));
      await open(p, base, `puzzle=rushhour&board=${HARDEST}${hash}`);
      await settled(p);
      if (open_) {
        await clickTarget(p, open_);
        await waitFor(p, () => !!window.puzzleLab.layout.compareButton, undefined, SHORT);
      }
      await p.evaluate(() => window.puzzleLab.compare());
      await waitFor(p, () => window.puzzleLab.comparison && window.puzzleLab.comparison.running === -1 &&
        window.puzzleLab.comparison.results.length === window.puzzleLab.comparison.rows, undefined, LONG);
      await settled(p);
      await scrollTo(p, 'compareRow3');
      const file = `compare-hardest-${name}-${w}x${h}.png`;
      await screenshot(p, { path: path.join(output, file) });
      const { layout } = await lab(p);
      expect(inside(layout.compareRow0, w, h) && inside(layout.compareRow3, w, h), `${name}: rows off screen`);
      await clickTarget(p, 'compareRow1');
      await waitFor(p, () => window.puzzleLab.comparison.selected === 1 && window.puzzleLab.solution, undefined, SHORT);
      // The row's 60 moves need not play on under the rest (each scroll
      // below waits for a settled page: the whole playback at 2x).
      await p.evaluate(() => window.puzzleLab.pause());
      shots.push(`${file} (${(await lab(p)).compareColumns.join(', ')})`);
      if (name === 'phone') {  // every column, the rows one under another: no sideways scrolling
        await scrollTo(p, 'compareAll');
        await clickTarget(p, 'compareAll');
        await waitFor(p, () => window.puzzleLab.compareAllOpen && !!window.puzzleLab.layout.compareAllClose, undefined, SHORT);
        await settled(p);
        expect((await lab(p)).compareAllStacked === true, `the card kept the table ${w} px wide`);
        const close = (await lab(p)).layout.compareAllClose;
        expect(close.x >= 0 && close.x + close.w <= w, `Close off the phone's width: ${JSON.stringify(close)}`);
        await screenshot(p, { path: path.join(output, `compare-every-column-${name}-${w}x${h}.png`) });
        await clickTarget(p, 'compareAllClose');
        await waitFor(p, () => !window.puzzleLab.compareAllOpen, undefined, SHORT);
      }
      await context.close();
    }
    return shots.join(', ');
  });
}
