// Tree of Life in the browser: the HackerRank sample loads, Solve answers its
// six queries, and stepping the clock redraws the cells.
import path from 'node:path';
import { SHORT, expect, lab, waitFor, open, clickTarget, parkPointer, expectMove } from '../lib.mjs';

// The official sample (rules doc /work/shared/docs/treeoflife.md): output . X X . X X.
const SAMPLE = '42354\n((. X (. . .)) . (X . (. X X)))\n6\n0 []\n2 [><]\n0 [><]\n0 [<>]\n1 [><]\n0 [<>]\n';

// The pixels of the drawn tree (the board target), for before/after comparisons.
async function boardPixels(page) {
  const rect = (await lab(page)).layout.board;
  expect(rect, 'no board in window.puzzleLab.layout');
  return page.screenshot({ clip: { x: rect.x, y: rect.y, width: rect.w, height: rect.h } });
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
    await waitFor(page, (n) => window.puzzleLab.frames > n + 2, state.frames, SHORT);
    const after = await boardPixels(page);
    expect(!before.equals(after), 'the tree looks the same at generation 1');
    await clickTarget(page, 'stepBack');
    await expectMove(page, 2, '-1');
    await page.screenshot({ path: path.join(output, 'treeoflife-stepped.png') });
    return 'generation 0 -> 1 redraws the tree; -1 goes back';
  });
}
