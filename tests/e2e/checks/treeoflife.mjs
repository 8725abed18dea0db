// Tree of Life in the browser: the HackerRank sample loads, Solve answers its
// six queries, and stepping the clock redraws the cells; a far jump on a big
// tree runs in the view's worker while the page keeps drawing (Cancel works)
// and shows the cells the solver's direct evolution gives, on a 20,001-cell
// tree and on a 100,001-cell one (to generation 200,000: 2x10^10 cell updates).
import path from 'node:path';
import { SHORT, LONG, expect, lab, waitFor, open, nextFrames, clickTarget, parkPointer, expectMove, screenshot } from '../lib.mjs';

// The official sample (docs/treeoflife.md): output . X X . X X.
const SAMPLE = '42354\n((. X (. . .)) . (X . (. X X)))\n6\n0 []\n2 [><]\n0 [><]\n0 [<>]\n1 [><]\n0 [<>]\n';

// The pixels of the drawn tree (the board target), for before/after comparisons.
async function boardPixels(page) {
  const rect = (await lab(page)).layout.board;
  expect(rect, 'no board in window.puzzleLab.layout');
  return screenshot(page, { clip: { x: rect.x, y: rect.y, width: rect.w, height: rect.h } });
}

// A seeded random full binary tree of `cells` cells (split random leaves, as
// scripts/treeoflife-gen does), serialized without recursion, and `count`
// random paths into it.
function bigTree(cells, count, seed) {
  let s = seed >>> 0;
  const random = () => {  // mulberry32
    s = (s + 0x6D2B79F5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const children = [null];
  const leaves = [0];
  while (children.length < cells) {
    const k = Math.floor(random() * leaves.length);
    const leaf = leaves[k];
    leaves[k] = leaves[leaves.length - 1];
    leaves.pop();
    children[leaf] = [children.length, children.length + 1];
    leaves.push(children.length, children.length + 1);
    children.push(null, null);
  }
  const parts = [];
  const stack = [[0, 0]];
  while (stack.length) {
    const [cell, stage] = stack.pop();
    const value = random() < 0.5 ? 'X' : '.';
    if (!children[cell]) parts.push(value);
    else if (stage === 0) { parts.push('('); stack.push([cell, 1], [children[cell][0], 0]); }
    else if (stage === 1) { parts.push(` ${value} `); stack.push([cell, 2], [children[cell][1], 0]); }
    else parts.push(')');
  }
  const paths = [];
  for (let i = 0; i < count; i++) {
    let path = '[', cell = 0;
    while (children[cell] && (path.length < 4 || random() < 0.9)) {
      const left = random() < 0.5;
      path += left ? '<' : '>';
      cell = children[cell][left ? 0 : 1];
    }
    paths.push(path + ']');
  }
  return { tree: parts.join(''), paths };
}

// waitFor, saying what the view showed when it gives up.
async function waitForView(page, predicate, arg, timeout, what) {
  try {
    await waitFor(page, predicate, arg, timeout);
  } catch (err) {
    const state = await lab(page);
    throw new Error(`${what}: ${err.message.split('\n')[0]}; view ${JSON.stringify(state.view)}, ` +
                    `status ${state.status}, last move ${state.lastMove}, message ${state.message}`);
  }
}

export default async function treeoflifeChecks({ page, base, output, check }) {
  await check('treeoflife: the sample loads and Solve gives the six answers', async () => {
    await open(page, base, `puzzle=treeoflife&board=${encodeURIComponent(SAMPLE)}&solve=1`);
    await waitFor(page, () => ['solved', 'error', 'cancelled'].includes(window.puzzleLab.status));
    const state = await lab(page);
    expect(state.status === 'solved', `status ${state.status} ${state.error}`);
    expect(state.extras.answers === '.XX.XX', `answers ${JSON.stringify(state.extras)}`);
    expect(String(state.extras.lastGeneration) === '3', `extras ${JSON.stringify(state.extras)}`);
    expect(state.cost === 6, `cost ${state.cost}`);
    await page.waitForTimeout(300);
    await screenshot(page, { path: path.join(output, 'treeoflife-solved.png') });
    return `answers ${state.extras.answers}, ${state.extras.generationsComputed} generations computed`;
  }, { firefox: true });

  await check('treeoflife: stepping the clock changes the drawn cells', async () => {
    await open(page, base, `puzzle=treeoflife&board=${encodeURIComponent(SAMPLE)}`);
    await waitFor(page, () => window.puzzleLab.status === 'idle' && window.puzzleLab.layout && window.puzzleLab.layout.stepForward);
    await parkPointer(page);
    const before = await boardPixels(page);
    await clickTarget(page, 'stepForward');
    const state = await expectMove(page, 1, '+1');
    expect(/\nt 1\n?$/.test(state.board), `board does not show generation 1: ${JSON.stringify(state.board)}`);
    await parkPointer(page);
    await nextFrames(page, 3);
    const after = await boardPixels(page);
    expect(!before.equals(after), 'the tree looks the same at generation 1');
    await clickTarget(page, 'stepBack');
    await expectMove(page, 2, '-1');
    await screenshot(page, { path: path.join(output, 'treeoflife-stepped.png') });
    return 'generation 0 -> 1 redraws the tree; -1 goes back';
  }, { firefox: true });

  await check('treeoflife: a far jump on a 20,001-cell tree keeps the frames coming and shows the right cells', async () => {
    // Rule 6030 mixes all four neighbours: no early cycle, the whole way is
    // computed. Six queries read generation FAR, six more FAR - 1 (a step
    // back); the view publishes the same cells at the generation it shows.
    const FAR = 400000, K = 6;
    const { tree, paths } = bigTree(20001, 2 * K, 7);
    const queries = paths.map((p, i) => `${i === 0 ? FAR : i === K ? -1 : 0} ${p}`);
    const input = `6030\n${tree}\n${queries.length}\n${queries.join('\n')}\n`;
    // A taller page: the query list sits under the rule editor.
    await page.setViewportSize({ width: 1280, height: 1000 });

    // First a jump too far to end while it is watched (10^9 generations, 2e13
    // cell updates): the view's worker walks, the page keeps drawing, the
    // worker's progress moves on, and Cancel goes back to generation 0.
    const HUGE = 1000000000;
    const hopeless = `6030\n${tree}\n1\n${HUGE} ${paths[0]}\n`;
    await open(page, base, `puzzle=treeoflife&board=${encodeURIComponent(hopeless)}`);
    await waitFor(page, () => window.puzzleLab.status === 'idle' && window.puzzleLab.layout.query1 &&
      window.puzzleLab.view.generation === 0);
    await parkPointer(page);
    await clickTarget(page, 'query1');
    await waitFor(page, (far) => window.puzzleLab.view.clock === far && window.puzzleLab.view.inWorker, HUGE, SHORT);
    const samples = [await lab(page)];
    const started = Date.now();
    // Twice: the worker reports progress (about every 100 ms) and the page
    // draws it.
    for (let i = 0; i < 2; i++) {
      const last = samples[samples.length - 1];
      await waitFor(page, ([r, f]) => window.puzzleLab.view.reached > r && window.puzzleLab.frames > f,
                    [last.view.reached, last.frames], SHORT);
      samples.push(await lab(page));
    }
    const seconds = (Date.now() - started) / 1000;
    const gaps = samples.slice(1).map((s, i) => s.frames - samples[i].frames);
    const reached = samples.map((s) => s.view.reached);
    expect(samples.every((s) => s.view.computing && s.view.inWorker), 'the jump was not in the worker');
    await screenshot(page, { path: path.join(output, 'treeoflife-computing.png') });
    await clickTarget(page, 'cancelCompute');
    await waitFor(page, () => window.puzzleLab.view.clock === 0 && !window.puzzleLab.view.computing &&
      window.puzzleLab.view.generation === 0 && !window.puzzleLab.view.inWorker, undefined, SHORT);
    await nextFrames(page, 3);

    await open(page, base, `puzzle=treeoflife&board=${encodeURIComponent(input)}`);
    await waitFor(page, () => window.puzzleLab.status === 'idle' && window.puzzleLab.layout.query1 &&
      window.puzzleLab.view.generation === 0);
    await parkPointer(page);

    // A jump to FAR, to the end.
    await clickTarget(page, 'query1');
    await waitFor(page, (far) => window.puzzleLab.view.clock === far, FAR, SHORT);
    const jumpStart = await lab(page);
    const t0 = Date.now();
    await waitForView(page, (far) => window.puzzleLab.view.generation === far && !window.puzzleLab.view.computing,
                      FAR, 2 * LONG, 'the jump to the end');
    const jumpSeconds = (Date.now() - t0) / 1000;
    const atFar = await lab(page);
    const jumpFrames = atFar.frames - jumpStart.frames;
    expect(atFar.board.trimEnd().endsWith(`\nt ${FAR}`), `board does not show the clock: ${atFar.board.slice(-40)}`);

    // One step back: the view's own evolution, from where the jump landed;
    // the cells are FAR - 1's.
    await clickTarget(page, 'stepBack');
    await waitForView(page, (g) => window.puzzleLab.view.generation === g && !window.puzzleLab.view.computing,
                      FAR - 1, LONG, 'the step back');
    const atBack = await lab(page);

    // The worker's direct evolution answers the twelve queries.
    await page.evaluate(() => window.puzzleLab.solve());  // the page's API (the button is below the fold)
    await waitForView(page, () => ['solved', 'error', 'cancelled'].includes(window.puzzleLab.status), undefined,
                      2 * LONG, 'the solve');
    const solved = await lab(page);
    expect(solved.status === 'solved', `solve: ${solved.status} ${solved.error}`);
    const answers = solved.extras.answers;
    expect(answers.length === 2 * K, `answers ${answers}`);
    expect(atFar.view.queryCells.slice(0, K) === answers.slice(0, K),
           `generation ${FAR}: view ${atFar.view.queryCells.slice(0, K)}, worker ${answers.slice(0, K)}`);
    expect(atBack.view.queryCells.slice(K) === answers.slice(K),
           `generation ${FAR - 1}: view ${atBack.view.queryCells.slice(K)}, worker ${answers.slice(K)}`);
    expect(solved.extras.cycleStart === 'none', `a cycle: the jump was shorter than it looks (${solved.extras.cycleStart})`);
    await screenshot(page, { path: path.join(output, 'treeoflife-far.png') });
    await page.setViewportSize({ width: 1280, height: 800 });
    return `frames while the worker walked: ${gaps.join(', ')} in ${seconds.toFixed(1)} s ` +
      `(reached ${reached.join(', ')}); ` +
      `jump to ${FAR}: ${jumpFrames} frames in ${jumpSeconds.toFixed(1)} s ` +
      `(${(jumpFrames / jumpSeconds).toFixed(0)} fps, ${atFar.view.workPerFrame} cell updates per frame); ` +
      `cells at ${FAR} and ${FAR - 1} match the worker's ${answers}`;
  });

  await check('treeoflife: a jump to generation 200,000 of a 100,001-cell tree runs in the worker while frames keep coming', async () => {
    // The benchmark's tree (scripts/treeoflife-gen), no cycle under rule
    // 6030, 2/9 of its 900,000 generations: 2x10^10 cell updates, long
    // enough for many frames and progress reports, and the page's check
    // is no benchmark (the walk's speed is scripts/bench's; the full
    // 9e10 was two minutes of the browser stage's CPU on CI). The page
    // only draws; the worker's progress moves the bar. The cells at FAR
    // are checked against a Solve (the solver's own walk from generation 0).
    const FAR = 200000, K = 4;
    const { tree, paths } = bigTree(100001, K, 11);
    const queries = paths.map((p, i) => `${i === 0 ? FAR : 0} ${p}`);
    const input = `6030\n${tree}\n${queries.length}\n${queries.join('\n')}\n`;
    await page.setViewportSize({ width: 1280, height: 1000 });
    await open(page, base, `puzzle=treeoflife&board=${encodeURIComponent(input)}`);
    await waitFor(page, () => window.puzzleLab.status === 'idle' && window.puzzleLab.layout.query1 &&
      window.puzzleLab.view.generation === 0, undefined, LONG);
    await parkPointer(page);

    await clickTarget(page, 'query1');
    await waitFor(page, (far) => window.puzzleLab.view.clock === far && window.puzzleLab.view.inWorker, FAR, SHORT);
    const first = await lab(page);
    const t0 = Date.now();
    // While it runs: frames and the worker's progress, sampled as they come.
    const samples = [first];
    // The frame count and the view only: the whole of window.puzzleLab
    // holds the 100,001-cell board's text twice (a megabyte a look).
    const look = () => page.evaluate(() => ({ frames: window.puzzleLab.frames,
                                              view: JSON.parse(JSON.stringify(window.puzzleLab.view)) }));
    for (;;) {
      const state = await look();
      if (state.view.generation === FAR && !state.view.computing) break;
      expect(Date.now() - t0 < 10 * LONG, `the jump did not end: ${JSON.stringify(state.view)}`);
      if (state.frames > samples[samples.length - 1].frames + 10 || state.view.generation === FAR) samples.push(state);
      await page.waitForTimeout(200);
    }
    const seconds = (Date.now() - t0) / 1000;
    const atFar = await lab(page);
    const frames = atFar.frames - first.frames;
    const reached = samples.map((s) => s.view.reached);
    // Frames came all along (their rate is the machine's: reported, not checked).
    expect(samples.length >= 4, `${frames} frames in ${seconds.toFixed(1)} s: the page stalled`);
    expect(reached.some((r, i) => i > 0 && r > reached[i - 1] && r < FAR), `no progress came: ${reached.join(', ')}`);
    await screenshot(page, { path: path.join(output, 'treeoflife-200000.png') });

    await page.evaluate(() => window.puzzleLab.solve());
    await waitForView(page, () => ['solved', 'error', 'cancelled'].includes(window.puzzleLab.status), undefined,
                      10 * LONG, 'the solve');
    const solved = await lab(page);
    expect(solved.status === 'solved', `solve: ${solved.status} ${solved.error}`);
    expect(atFar.view.queryCells === solved.extras.answers,
           `generation ${FAR}: view ${atFar.view.queryCells}, solver ${solved.extras.answers}`);
    await page.setViewportSize({ width: 1280, height: 800 });
    return `jump to ${FAR}: ${seconds.toFixed(1)} s in the worker, ${frames} frames ` +
      `(${(frames / seconds).toFixed(0)} fps); the solver's walk took ${(solved.extras.ms / 1000).toFixed(1)} s; ` +
      `cells ${atFar.view.queryCells} match`;
  });
}
