// Bender in the browser: a map solves from the URL, the program's walk plays
// back to Fry, and the arrow keys move Bender by hand.
import path from 'node:path';
import { SHORT, LONG, expect, lab, waitFor, open } from '../lib.mjs';

// Introduction 1 ("1;DR1") and 4 ("RRD"), lines joined by '|' as in the game.
const INTRO1 = [
  '10 10', '##########', '#...#....#', '###.##.#.#', '#.#..###.#', '#.##.#...#', '#..#.###.#',
  '#.##...#.#', '#..###.#.#', '#........#', '##########', '1 1', '8 8', '0',
].join('|');
const INTRO4 = [
  '10 10', '##########', '#........#', '#.######.#', '#..+.....#', '####.###.#', '#..#.###.#',
  '#.##...#.#', '#..###.#.#', '#........#', '##########', '2 3', '4 4', '1', '3 1 7 3 1',
].join('|');

export default async function benderChecks({ page, base, output, check }) {
  await check('solve from the URL: Introduction 1 gets a 5-character program', async () => {
    await open(page, base, `puzzle=bender&board=${encodeURIComponent(INTRO1)}&solve=1`);
    await waitFor(page, () => ['solved', 'error', 'unsolvable'].includes(window.puzzleLab.status));
    const state = await lab(page);
    expect(state.status === 'solved', `status ${state.status} ${state.error}`);
    expect(state.cost <= 5, `program of ${state.cost} characters (1;DR1 has 5)`);
    expect(state.moves.length >= 14, `${state.moves.length} moves: Fry is 14 moves away`);
    expect(Number(state.extras.steps) > 0, `steps ${JSON.stringify(state.extras)}`);
    return `cost ${state.cost}, ${state.moves.length} moves, ${state.extras.steps} steps`;
  });

  await check('the solved program walks Bender to Fry on screen', async () => {
    const state = await lab(page);
    if (!state.playing && state.moveCount < state.moves.length) {
      await page.keyboard.press('Space');  // start the playback if it waits
    }
    await waitFor(page, (n) => window.puzzleLab.moveCount === n && window.puzzleLab.solvedPosition,
                  state.moves.length, LONG);
    await page.screenshot({ path: path.join(output, 'bender-solved.png') });
    const after = await lab(page);
    return `played ${after.moveCount} moves, Bender is with Fry`;
  });

  await check('play by keyboard: R R D reaches Fry on Introduction 4', async () => {
    await open(page, base, `puzzle=bender&board=${encodeURIComponent(INTRO4)}`);
    await waitFor(page, () => window.puzzleLab.status === 'idle' && window.puzzleLab.moveCount === 0);
    for (const [key, count] of [['ArrowRight', 1], ['ArrowRight', 2], ['ArrowDown', 3]]) {
      await page.keyboard.press(key);
      await waitFor(page, (n) => window.puzzleLab.moveCount === n, count, SHORT);
    }
    await waitFor(page, () => window.puzzleLab.solvedPosition === true, undefined, SHORT);
    await page.screenshot({ path: path.join(output, 'bender-by-hand.png') });
    return 'RRD pushed the ball twice and reached Fry';
  });
}
