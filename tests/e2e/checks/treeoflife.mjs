// Tree of Life in the browser: the HackerRank sample loads, Solve answers its
// six queries, and stepping the clock redraws the cells; a far jump on a big
// tree is computed a slice per frame (frames keep coming, Cancel works) and
// shows the cells the worker's direct evolution gives.
import path from 'node:path';
import { SHORT, LONG, expect, lab, waitFor, open, nextFrames, clickTarget, parkPointer, expectMove } from '../lib.mjs';

// The official sample (docs/treeoflife.md): output . X X . X X.
const SAMPLE = '42354\n((. X (. . .)) . (X . (. X X)))\n6\n0 []\n2 [><]\n0 [><]\n0 [<>]\n1 [><]\n0 [<>]\n';

// The pixels of the drawn tree (the board target), for before/after comparisons.
async function boardPixels(page) {
  const rect = (await lab(page)).layout.board;
  expect(rect, 'no board in window.puzzleLab.layout');
  return page.screenshot({ clip: { x: rect.x, y: rect.y, width: rect.w, height: rect.h } });
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
    expect(String(state.extras.last_generation) === '3', `extras ${JSON.stringify(state.extras)}`);
    expect(state.cost === 6, `cost ${state.cost}`);
    await page.waitForTimeout(300);
    await page.screenshot({ path: path.join(output, 'treeoflife-solved.png') });
    return `answers ${state.extras.answers}, ${state.extras.generations_computed} generations computed`;
  });

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
    await page.screenshot({ path: path.join(output, 'treeoflife-stepped.png') });
    return 'generation 0 -> 1 redraws the tree; -1 goes back';
  });

  await check('treeoflife: a far jump on a 20,001-cell tree keeps the frames coming and shows the right cells', async () => {
    // Rule 6030 mixes all four neighbours: no early cycle, the whole way is
    // computed. Six queries read generation FAR, six more FAR - 1 (a step
    // back); the view publishes the same cells at the generation it shows.
    // FAR is far enough that the jump takes many more frames than the few
    // sampled below, even on a quiet machine (the work per frame is time-capped).
    const FAR = 400000, K = 6;
    const { tree, paths } = bigTree(20001, 2 * K, 7);
    const queries = paths.map((p, i) => `${i === 0 ? FAR : i === K ? -1 : 0} ${p}`);
    const input = `6030\n${tree}\n${queries.length}\n${queries.join('\n')}\n`;
    // A taller page: the query list sits under the rule editor.
    await page.setViewportSize({ width: 1280, height: 1000 });
    await open(page, base, `puzzle=treeoflife&board=${encodeURIComponent(input)}`);
    await waitFor(page, () => window.puzzleLab.status === 'idle' && window.puzzleLab.layout.query1 &&
      window.puzzleLab.view.generation === 0);
    await parkPointer(page);

    // The jump: a query at generation FAR. The view computes a slice per
    // frame: the page keeps drawing and the walk moves on.
    await clickTarget(page, 'query1');
    await waitFor(page, (far) => window.puzzleLab.view.clock === far && window.puzzleLab.view.computing, FAR, SHORT);
    const samples = [await lab(page)];
    const started = Date.now();
    for (let i = 0; i < 3; i++) {
      await nextFrames(page, 3);
      samples.push(await lab(page));
    }
    const seconds = (Date.now() - started) / 1000;
    const during = samples[samples.length - 1];
    expect(during.view.computing, `the jump ended by itself after ${seconds} s: not a long computation`);
    const gaps = samples.slice(1).map((s, i) => s.frames - samples[i].frames);
    const reached = samples.map((s) => s.view.reached);
    expect(reached[reached.length - 1] > reached[0], `the walk did not move: ${reached.join(', ')}`);
    await page.screenshot({ path: path.join(output, 'treeoflife-computing.png') });

    // Cancel goes back to the generation on screen; the work done is kept.
    await clickTarget(page, 'cancelCompute');
    await waitFor(page, () => window.puzzleLab.view.clock === 0 && !window.puzzleLab.view.computing &&
      window.puzzleLab.view.generation === 0, undefined, SHORT);
    await nextFrames(page, 3);

    // Again, to the end this time.
    await clickTarget(page, 'query1');
    await waitFor(page, (far) => window.puzzleLab.view.clock === far, FAR, SHORT);
    const jumpStart = await lab(page);
    const t0 = Date.now();
    await waitForView(page, (far) => window.puzzleLab.view.generation === far && !window.puzzleLab.view.computing,
                      FAR, 2 * LONG, 'the jump to the end');
    const jumpSeconds = (Date.now() - t0) / 1000;
    const atFar = await lab(page);
    const jumpFrames = atFar.frames - jumpStart.frames;
    // No count of frames here: how much work the first (cancelled) jump left
    // depends on the machine's speed; the frames-keep-coming test is above.
    expect(atFar.board.trimEnd().endsWith(`\nt ${FAR}`), `board does not show the clock: ${atFar.board.slice(-40)}`);

    // One step back: checkpoints make it quick; the cells are FAR - 1's.
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
    expect(solved.extras.cycle_start === 'none', `a cycle: the jump was shorter than it looks (${solved.extras.cycle_start})`);
    await page.screenshot({ path: path.join(output, 'treeoflife-far.png') });
    await page.setViewportSize({ width: 1280, height: 800 });
    return `frames while computing: ${gaps.join(', ')} in ${seconds.toFixed(1)} s; ` +
      `jump to ${FAR}: ${jumpFrames} frames in ${jumpSeconds.toFixed(1)} s ` +
      `(${(jumpFrames / jumpSeconds).toFixed(0)} fps, ${atFar.view.workPerFrame} cell updates per frame); ` +
      `cells at ${FAR} and ${FAR - 1} match the worker's ${answers}`;
  });
}
