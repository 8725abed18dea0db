// Watch the search (issue 49): the LAB section's button opens two searches
// replayed on the cluster picture from traces the worker made. Step, play,
// pause (and the page rests: no frame while paused), then the end, where
// the side-by-side counts are the CLI's (`puzzlelab trace ... --json`: the
// same numbers tests/engine/trace_test.cpp checks natively, so the page, the
// CLI and the engine agree in every build).
import path from 'node:path';
import { HARDEST, SHORT, LONG, expect, lab, waitFor, open, settled, clickTarget, parkPointer, screenshot } from '../lib.mjs';

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
const REST_MS = 2000;  // the window watched while paused
const MOST_FRAMES = 2;

const watchReady = (page, algorithms) => waitFor(page, (names) => {
  const w = window.puzzleLab.watch;
  return w && w.open && w.ready && w.board === window.puzzleLab.board && w.runs.length === names.length &&
    w.runs.every((r, k) => r.algorithm === names[k] && r.received);
}, algorithms, LONG);

// Picks algorithm `name` in the first (k = 0) or second list.
async function pick(page, k, name) {
  const list = k === 0 ? 'watchFirst' : 'watchSecond';
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

export default async function watchChecks({ page, base, output, check }) {
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
}
