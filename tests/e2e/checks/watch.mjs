// Watch the search (issue 49): the LAB section's button opens two searches
// replayed on the cluster picture from traces the worker made. Step, play,
// pause (and the page rests: no frame while paused), then the end, where
// the side-by-side counts are the CLI's (`puzzlelab trace ... --json`: the
// same numbers tests/engine/trace_test.cpp checks natively, so the page, the
// CLI and the engine agree in every build). IDA*'s replay raises its bound
// round by round. Where the picture cannot hold the searches (the Amphipod
// example: 25,000 positions drawn, its solved ones beyond), each search
// gets a states-per-layer chart whose bars add up to its trace's counts.
// Hovering a state on the lit picture says when each search took it.
import path from 'node:path';
import { HARDEST, SHORT, LONG, expect, lab, waitFor, open, settled, clickTarget, parkPointer, screenshot, scrollTo } from '../lib.mjs';

const AMPHIPOD = 'BCBD/ADCA';  // the puzzle's example
// States each search takes to its goal: `puzzlelab trace PUZZLE BOARD
// --algorithm A --json`'s steps, with the visited count and the cost there.
const HARDEST_RUNS = {
  astar: { taken: 2008, visited: 2008, cost: 60 },
  bfs: { taken: 2078, visited: 2078, cost: 60 },
  dijkstra: { taken: 2128, visited: 2128, cost: 60 },
};
const AMPHIPOD_RUNS = {
  astar: { taken: 26, visited: 26, cost: 12521 },
  dijkstra: { taken: 1484, visited: 1484, cost: 12521 },
};
// `puzzlelab trace rushhour HARDEST --algorithm idastar --json`: 49,597
// states taken in 58 rounds (bounds 2, 4, 5, ..., 60), 1,993 distinct.
const HARDEST_IDA = { taken: 49597, visited: 1993, rounds: 58, bound: 60, cost: 60 };
const REST_MS = 2000;  // the window watched while paused
const MOST_FRAMES = 2;

const watchReady = (page, algorithms) => waitFor(page, (names) => {
  const w = window.puzzleLab.watch;
  return w && w.open && w.ready && w.board === window.puzzleLab.board && w.runs.length === names.length &&
    w.runs.every((r, k) => r.algorithm === names[k] && r.received);
}, algorithms, LONG);

// Opens the mode (an earlier check on this page may have left it open).
async function openWatch(page) {
  if (!(await lab(page)).watch.open) await clickTarget(page, 'watchButton');
  await waitFor(page, () => window.puzzleLab.watch.open, undefined, SHORT);
}

// Picks algorithm `name` in the first (k = 0) or second list.
async function pick(page, k, name) {
  const list = k === 0 ? 'watchFirst' : 'watchSecond';
  await settled(page);  // a list picked from before has closed
  await clickTarget(page, list);
  await waitFor(page, (t) => !!window.puzzleLab.layout[t], `${list}-${name}`, SHORT);
  await settled(page);
  await clickTarget(page, `${list}-${name}`);
}

// Steps, plays, pauses (counting frames while paused), then goes to the end;
// returns what the page showed there.
async function stepPlayPauseEnd(page, output, name) {
  await settled(page);  // the frame that drew the bar with its trace in
  for (let i = 1; i <= 3; ++i) {
    await clickTarget(page, 'watchStep');
    await waitFor(page, (n) => window.puzzleLab.watch.step === n, i, SHORT);
  }
  let w = (await lab(page)).watch;
  expect(w.runs.every((r) => r.taken === 3 && r.visited === 3 && r.node >= 0),
         `after 3 steps ${JSON.stringify(w.runs.map((r) => [r.taken, r.visited, r.node]))}`);
  await clickTarget(page, 'watchPlay');
  await waitFor(page, () => window.puzzleLab.watch.playing && window.puzzleLab.watch.step > 4, undefined, SHORT);
  await clickTarget(page, 'watchPlay');  // Pause, in Play's place
  await waitFor(page, () => !window.puzzleLab.watch.playing, undefined, SHORT);
  await parkPointer(page);
  await settled(page);
  const paused = await lab(page);
  await page.waitForTimeout(REST_MS);  // the window watched, not a state waited for
  const after = await lab(page);
  const frames = after.frames - paused.frames;
  expect(frames <= MOST_FRAMES, `${frames} frames in ${REST_MS} ms while paused`);
  expect(after.watch.step === paused.watch.step, 'the step moved while paused');
  await screenshot(page, { path: path.join(output, `watch-${name}-paused.png`) });
  await clickTarget(page, 'watchEnd');
  await waitFor(page, () => window.puzzleLab.watch.step === window.puzzleLab.watch.lastStep, undefined, SHORT);
  await parkPointer(page);
  await settled(page);
  await screenshot(page, { path: path.join(output, `watch-${name}-end.png`) });
  w = (await lab(page)).watch;
  return { w, pausedAt: paused.watch.step, frames };
}

function expectCounts(w, expected) {
  for (const r of w.runs) {
    const e = expected[r.algorithm];
    const seen = { taken: r.taken, visited: r.visited, cost: r.cost };
    expect(r.steps === e.taken && r.taken === e.taken && r.visited === e.visited && r.cost === e.cost &&
           r.finished && r.solved && r.pathShown,
           `${r.algorithm}: ${JSON.stringify(seen)}, the CLI's ${JSON.stringify(e)}`);
  }
  return w.runs.map((r) => `${r.algorithm} ${r.taken}`).join(' beside ');
}

// The frames drawn in REST_MS with nothing moving (the pointer parked).
async function framesAtRest(page) {
  await parkPointer(page);
  await settled(page);
  const before = await lab(page);
  await page.waitForTimeout(REST_MS);  // the window watched, not a state waited for
  const after = await lab(page);
  expect(after.watch.step === before.watch.step, 'the step moved while paused');
  return after.frames - before.frames;
}

const sum = (counts) => counts.reduce((a, b) => a + b, 0);

// Each chart's bars add up to its search's steps taken, and to its whole trace.
function expectChartSums(w) {
  expect(w.view === 'chart' && w.chart.runs && w.chart.runs.length === w.runs.length,
         `no chart: ${JSON.stringify(w).slice(0, 300)}`);
  w.runs.forEach((r, k) => {
    const bars = w.chart.runs[k];
    expect(sum(bars.taken) === r.taken && sum(bars.total) === r.steps && bars.taken.length === w.chart.bars,
           `${r.algorithm}: bars add up to ${sum(bars.taken)} of ${sum(bars.total)}, the trace ${r.taken} of ${r.steps}`);
  });
}

// Opens Watch the search on the Amphipod example and waits for its charts.
async function amphipodCharts(page, base, hash = '') {
  await open(page, base, `puzzle=amphipod&board=${encodeURIComponent(AMPHIPOD)}${hash}`);
  await waitFor(page, () => window.puzzleLab.status === 'idle' && window.puzzleLab.ready, undefined, LONG);
  await settled(page);
  await scrollTo(page, 'watchButton');  // a phone's panel, an embed's controls
  await openWatch(page);
  await watchReady(page, ['astar', 'dijkstra']);
  await waitFor(page, () => !!(window.puzzleLab.watch.chart && window.puzzleLab.watch.chart.runs), undefined, SHORT);
  await settled(page);
  if ((await lab(page)).watch.step > 0) {  // an earlier check's end
    await clickTarget(page, 'watchRestart');
    await waitFor(page, () => window.puzzleLab.watch.step === 0, undefined, SHORT);
  }
}

export default async function watchChecks({ browser, page, base, output, check }) {
  await page.setViewportSize({ width: 1280, height: 720 });
  await check('watch: the hardest 6x6, A* beside BFS then Dijkstra: step, play, rest when paused, the CLI\'s counts', async () => {
    await open(page, base, `puzzle=rushhour&board=${HARDEST}`);
    await waitFor(page, (b) => window.puzzleLab.startBoard === b && window.puzzleLab.status === 'idle', HARDEST);
    expect(!(await lab(page)).watch.open, 'the mode is open before its button');
    await clickTarget(page, 'watchButton');
    await watchReady(page, ['astar', 'bfs']);  // A* beside the puzzle's first other search
    const first = (await lab(page)).watch;
    expect(first.step === 0 && !first.playing && first.lastStep === 2078, `at the start ${JSON.stringify(first).slice(0, 300)}`);
    await pick(page, 1, 'dijkstra');
    await watchReady(page, ['astar', 'dijkstra']);
    const { w, pausedAt, frames } = await stepPlayPauseEnd(page, output, 'hardest');
    const counts = expectCounts(w, HARDEST_RUNS);
    // Back to the board: the picture's own marks, the board unchanged.
    await clickTarget(page, 'watchButton');
    await waitFor(page, () => !window.puzzleLab.watch.open, undefined, SHORT);
    expect((await lab(page)).board === HARDEST || (await lab(page)).startBoard === HARDEST, 'the board moved');
    return `${counts}; paused at step ${pausedAt}, ${frames} frames in ${REST_MS} ms`;
  });

  await check('watch: the Amphipod example, A* beside Dijkstra: the CLI\'s counts', async () => {
    await open(page, base, `puzzle=amphipod&board=${encodeURIComponent(AMPHIPOD)}`);
    await waitFor(page, () => window.puzzleLab.status === 'idle' && window.puzzleLab.ready, undefined, LONG);
    await clickTarget(page, 'watchButton');
    await watchReady(page, ['astar', 'dijkstra']);
    const { w, pausedAt, frames } = await stepPlayPauseEnd(page, output, 'amphipod');
    const counts = expectCounts(w, AMPHIPOD_RUNS);
    return `${counts}; paused at step ${pausedAt}, ${frames} frames in ${REST_MS} ms`;
  });

  await check('watch: the Amphipod example: a chart per search, as the picture cannot hold them; bars add up to the CLI\'s counts', async () => {
    await page.setViewportSize({ width: 1280, height: 720 });
    await amphipodCharts(page, base);
    let w = (await lab(page)).watch;
    expect(w.shows === 'automatic' && w.why.startsWith('Too many positions to draw'), `why: ${w.why}`);
    expectChartSums(w);
    for (let i = 1; i <= 5; ++i) {
      await clickTarget(page, 'watchStep');
      await waitFor(page, (n) => window.puzzleLab.watch.step === n, i, SHORT);
    }
    await settled(page);
    w = (await lab(page)).watch;
    expectChartSums(w);
    expect(w.chart.runs.every((b) => b.current >= 0 && sum(b.taken) === 5), 'after 5 steps');
    await clickTarget(page, 'watchPlay');
    await waitFor(page, () => window.puzzleLab.watch.step > 40, undefined, SHORT);
    await clickTarget(page, 'watchPlay');  // Pause
    await waitFor(page, () => !window.puzzleLab.watch.playing, undefined, SHORT);
    const frames = await framesAtRest(page);
    expect(frames <= MOST_FRAMES, `${frames} frames in ${REST_MS} ms while paused on the charts`);
    w = (await lab(page)).watch;
    expectChartSums(w);
    await screenshot(page, { path: path.join(output, 'watch-amphipod-chart-paused.png') });
    await clickTarget(page, 'watchEnd');
    await waitFor(page, () => window.puzzleLab.watch.step === window.puzzleLab.watch.lastStep, undefined, SHORT);
    await settled(page);
    w = (await lab(page)).watch;
    expectChartSums(w);
    const counts = expectCounts(w, AMPHIPOD_RUNS);
    expect(w.chart.runs.every((b) => b.path.length > 0), 'the solutions\' layers are not marked');
    await parkPointer(page);
    await screenshot(page, { path: path.join(output, 'watch-amphipod-chart-end.png') });
    // The picture by hand, and back.
    await clickTarget(page, 'watchShows');
    await waitFor(page, () => window.puzzleLab.watch.view === 'picture', undefined, SHORT);
    await clickTarget(page, 'watchShows');
    await waitFor(page, () => window.puzzleLab.watch.view === 'chart', undefined, SHORT);
    return `${counts}, ${w.chart.bars} bars of ${w.chart.width} energy; ${frames} frames in ${REST_MS} ms while paused`;
  });

  await check('watch: the Amphipod charts on a phone and in a 320x400 embed', async () => {
    const shots = [];
    for (const [name, viewport, hash] of [['phone', { width: 390, height: 844 }, ''],
      ['embed', { width: 320, height: 400 }, '&embed=1']]) {
      const context = await browser.newContext({ viewport, hasTouch: true, isMobile: true });
      const small = await context.newPage();
      await amphipodCharts(small, base, hash);
      await clickTarget(small, 'watchEnd');
      await waitFor(small, () => window.puzzleLab.watch.step === window.puzzleLab.watch.lastStep, undefined, SHORT);
      await settled(small);
      expectChartSums((await lab(small)).watch);
      await screenshot(small, { path: path.join(output, `watch-amphipod-chart-${name}.png`) });
      shots.push(name);
      await context.close();
    }
    return shots.join(', ');
  });

  await check('watch: IDA* on the hardest 6x6 raises its bound round by round, to the CLI\'s counts', async () => {
    await page.setViewportSize({ width: 1280, height: 720 });
    await open(page, base, `puzzle=rushhour&board=${HARDEST}`);
    await waitFor(page, (b) => window.puzzleLab.startBoard === b && window.puzzleLab.status === 'idle', HARDEST);
    await openWatch(page);
    await pick(page, 0, 'idastar');
    await pick(page, 1, 'none');
    await watchReady(page, ['idastar']);
    await settled(page);
    await clickTarget(page, 'watchStep');
    await waitFor(page, () => window.puzzleLab.watch.step === 1, undefined, SHORT);
    let r = (await lab(page)).watch.runs[0];
    expect(r.round === 1 && r.bound === 2 && r.rounds === HARDEST_IDA.rounds, `first step ${JSON.stringify(r)}`);
    // The fastest speed: the slider's right end.
    const speed = (await lab(page)).layout.watchSpeed;
    await page.mouse.click(speed.x + speed.w - 2, speed.y + speed.h / 2);
    await waitFor(page, () => window.puzzleLab.watch.speed > 4000, undefined, SHORT);
    await clickTarget(page, 'watchPlay');
    const seen = [];  // [round, bound] as it plays
    for (;;) {
      const w = (await lab(page)).watch;
      seen.push([w.runs[0].round, w.runs[0].bound]);
      if (w.step === w.lastStep) break;
      await page.waitForTimeout(100);
    }
    for (let i = 1; i < seen.length; ++i)
      expect(seen[i][0] >= seen[i - 1][0] && seen[i][1] >= seen[i - 1][1], `the bound fell: ${JSON.stringify(seen)}`);
    const rounds = new Set(seen.map((s) => s[0])).size;
    expect(rounds >= 10, `only ${rounds} rounds seen while playing: ${JSON.stringify(seen)}`);
    r = (await lab(page)).watch.runs[0];
    const got = { taken: r.taken, visited: r.visited, rounds: r.round, bound: r.bound, cost: r.cost };
    expect(JSON.stringify(got) === JSON.stringify(HARDEST_IDA) && r.steps === HARDEST_IDA.taken && r.solved,
           `IDA* ${JSON.stringify(got)}, the CLI's ${JSON.stringify(HARDEST_IDA)}`);
    await parkPointer(page);
    await screenshot(page, { path: path.join(output, 'watch-ida-end.png') });
    return `${rounds} of ${r.rounds} rounds seen while playing, bounds ${seen[0][1]} to ${r.bound}; ${r.taken} taken`;
  });

  await check('watch: hovering a state on the lit picture says when each search took it', async () => {
    await page.setViewportSize({ width: 1280, height: 720 });
    await open(page, base, `puzzle=rushhour&board=${HARDEST}`);
    await waitFor(page, (b) => window.puzzleLab.startBoard === b && window.puzzleLab.status === 'idle', HARDEST);
    await openWatch(page);
    await pick(page, 0, 'astar');  // after IDA* alone
    await pick(page, 1, 'bfs');
    await watchReady(page, ['astar', 'bfs']);
    await settled(page);
    for (let i = 1; i <= 3; ++i) {
      await clickTarget(page, 'watchStep');
      await waitFor(page, (n) => window.puzzleLab.watch.step === n, i, SHORT);
    }
    await settled(page);
    const w = (await lab(page)).watch;
    expect(w.view === 'picture' && w.currentAt[0], `not on the picture: ${JSON.stringify(w).slice(0, 300)}`);
    await page.mouse.move(w.currentAt[0].x, w.currentAt[0].y);
    await waitFor(page, () => window.puzzleLab.tooltip.includes('took it at step'), undefined, SHORT);
    const tip = (await lab(page)).tooltip;
    expect(tip.includes('from solved') && !tip.includes('click to go there'), tip);
    await screenshot(page, { path: path.join(output, 'watch-hover.png') });
    await parkPointer(page);
    return tip.replace(/\n/g, ' / ');
  });
}
