// Bender in the browser: a map solves from the URL, the program's walk plays
// back to Fry and the program lands in the editor; the arrow keys move
// Bender by hand; a program link runs to a win in the runner, Step plays one
// turn, a loss is drawn, and Compress turns a walk by hand into a program
// that the address keeps. The walk's row says whose turns it counts.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SHORT, LONG, expect, lab, waitFor, open, clickTarget, parkPointer, settled, screenshot } from '../lib.mjs';

const DATA = path.join(path.dirname(fileURLToPath(import.meta.url)), '../../data/bender');
const KEYS = { U: 'ArrowUp', D: 'ArrowDown', L: 'ArrowLeft', R: 'ArrowRight' };
const view = async (page) => (await lab(page)).view;

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
    // The solver's program is in the editor, ready to run or edit.
    await waitFor(page, (n) => window.puzzleLab.view.program.length === n, state.cost, SHORT);
    const program = (await view(page)).program;
    return `cost ${state.cost} (${program}), ${state.moves.length} moves, ` +
      `${state.extras.steps} steps, solve ${Math.round(state.stats.ms)} ms in the worker`;
  }, { firefox: true });

  await check('the solved program walks Bender to Fry on screen', async () => {
    const state = await lab(page);
    if (!state.playing && state.moveCount < state.moves.length) {
      await page.keyboard.press('Space');  // start the playback if it waits
    }
    await waitFor(page, (n) => window.puzzleLab.moveCount === n && window.puzzleLab.solvedPosition,
                  state.moves.length, LONG);
    await screenshot(page, { path: path.join(output, 'bender-solved.png') });
    const after = await lab(page);
    return `played ${after.moveCount} moves, Bender is with Fry`;
  });

  await check("the walk's row beside Compress says whose turns it counts", async () => {
    // At the solution's end the walk on the board is all the solution's.
    const state = await lab(page);
    const n = state.moves.length;
    await settled(page);
    const solution = (await view(page)).walkLabel;
    expect(solution === `Solution's walk: ${n} turns`, `at the solution's end the row says '${solution}'`);
    // A step back and the last move by hand: one turn of the walk is the player's.
    await page.evaluate(() => window.puzzleLab.undo());
    await waitFor(page, (k) => window.puzzleLab.moveCount === k, n - 1, SHORT);
    await page.keyboard.press(KEYS[state.moves[n - 1]]);
    await waitFor(page, (k) => window.puzzleLab.moveCount === k && window.puzzleLab.handMoves === 1, n, SHORT);
    await settled(page);
    const mixed = (await view(page)).walkLabel;
    expect(mixed === `Walk: ${n} turns (1 yours)`, `after a move by hand the row says '${mixed}'`);
    return `'${solution}', then '${mixed}'`;
  });

  await check('play by keyboard: R R D reaches Fry on Introduction 4', async () => {
    await open(page, base, `puzzle=bender&board=${encodeURIComponent(INTRO4)}`);
    await waitFor(page, () => window.puzzleLab.status === 'idle' && window.puzzleLab.moveCount === 0);
    for (const [key, count] of [['ArrowRight', 1], ['ArrowRight', 2], ['ArrowDown', 3]]) {
      await page.keyboard.press(key);
      await waitFor(page, (n) => window.puzzleLab.moveCount === n, count, SHORT);
    }
    await waitFor(page, () => window.puzzleLab.solvedPosition === true, undefined, SHORT);
    await settled(page);
    const walked = (await view(page)).walkLabel;
    expect(walked === 'Walked: 3 turns', `after a walk by hand the row says '${walked}'`);
    await screenshot(page, { path: path.join(output, 'bender-by-hand.png') });
    return 'RRD pushed the ball twice and reached Fry';
  }, { firefox: true });

  await check('a 21x21 map (Testcase 1) solves in the worker at the default budget', async () => {
    const map = fs.readFileSync(path.join(DATA, 'map06.txt'), 'utf8').trim().split('\n').join('|');
    await open(page, base, `puzzle=bender&board=${encodeURIComponent(map)}&solve=1`);
    await waitFor(page, () => ['solved', 'error', 'unsolvable'].includes(window.puzzleLab.status));
    const state = await lab(page);
    expect(state.status === 'solved', `status ${state.status} ${state.error}`);
    await waitFor(page, (n) => window.puzzleLab.view.program.length === n, state.cost, SHORT);
    return `${state.cost} characters, solve ${Math.round(state.stats.ms)} ms in the worker`;
  });

  await check('a program link loads the program and runs it to a win', async () => {
    await open(page, base, `puzzle=bender&board=${encodeURIComponent(INTRO1)}&program=1;DR1`);
    await waitFor(page, () => window.puzzleLab.view.runner === true);
    let state = await view(page);
    expect(state.runnerProgram === '1;DR1', `runs '${state.runnerProgram}'`);
    const message = (await lab(page)).message;
    expect(!message.includes('program='), `the program key is reported: ${message}`);
    await waitFor(page, () => window.puzzleLab.view.turn >= 8, undefined, SHORT);
    await parkPointer(page);
    await screenshot(page, { path: path.join(output, 'bender-runner.png') });
    await waitFor(page, () => window.puzzleLab.view.over === true);
    state = await view(page);
    expect(state.win, `verdict ${state.verdict}`);
    expect(state.bender[0] === 8 && state.bender[1] === 8, `Bender at ${state.bender}`);
    await screenshot(page, { path: path.join(output, 'bender-runner-win.png') });
    return `${state.verdict} after ${state.turn} turns`;
  });

  await check('Step plays exactly one turn: the call, then a bump', async () => {
    await clickTarget(page, 'resetButton');
    await waitFor(page, () => window.puzzleLab.view.turn === 0 && !window.puzzleLab.view.running,
                  undefined, SHORT);
    await clickTarget(page, 'stepButton');
    await waitFor(page, () => window.puzzleLab.view.turn === 1, undefined, SHORT);
    let state = await view(page);
    expect(state.stack.join(' ') === 'main:0 f1:0', `stack ${state.stack}`);
    expect(state.next === 2, `next instruction at ${state.next}, expected f1's D (2)`);
    await clickTarget(page, 'stepButton');
    await waitFor(page, () => window.puzzleLab.view.turn === 2, undefined, SHORT);
    state = await view(page);
    expect(state.bender.join() === '1,1' && state.next === 3, `D bumps: ${JSON.stringify(state)}`);
    await clickTarget(page, 'stepButton');
    await waitFor(page, () => window.puzzleLab.view.turn === 3, undefined, SHORT);
    state = await view(page);
    expect(state.bender.join() === '2,1' && !state.running, `R moves: ${JSON.stringify(state)}`);
    await parkPointer(page);
    await screenshot(page, { path: path.join(output, 'bender-runner-step.png') });
    return `turn ${state.turn}: Bender at ${state.bender}, stack ${state.stack.join(' > ')}`;
  });

  await check('a losing program shows the referee\'s reason', async () => {
    await open(page, base, `puzzle=bender&board=${encodeURIComponent(INTRO1)}&program=RR2`);
    await waitFor(page, () => window.puzzleLab.view.over === true);
    const state = await view(page);
    expect(!state.win && state.verdict === 'Call to non-existing function 2', state.verdict);
    await parkPointer(page);
    await screenshot(page, { path: path.join(output, 'bender-runner-loss.png') });
    return state.verdict;
  });

  await check('Compress turns a walk by hand into a program that wins', async () => {
    // A shortest walk from the solver, then played by hand on a fresh board.
    await open(page, base, `puzzle=bender&board=${encodeURIComponent(INTRO1)}&solve=1`);
    await waitFor(page, () => window.puzzleLab.status === 'solved');
    const walk = (await lab(page)).moves;
    await open(page, base, `puzzle=bender&board=${encodeURIComponent(INTRO1)}`);
    await waitFor(page, () => window.puzzleLab.status === 'idle' && window.puzzleLab.moveCount === 0);
    for (let i = 0; i < walk.length; ++i) {
      await page.keyboard.press(KEYS[walk[i]]);
      await waitFor(page, (n) => window.puzzleLab.moveCount === n, i + 1, SHORT);
    }
    await waitFor(page, () => window.puzzleLab.solvedPosition === true, undefined, SHORT);
    const solvedText = (await lab(page)).solvedText;
    expect(solvedText === `Solved: ${walk.length} turns`, `banner says '${solvedText}'`);
    await clickTarget(page, 'compressButton');
    await waitFor(page, () => window.puzzleLab.view.compressing === true, undefined, SHORT);
    await waitFor(page, () => window.puzzleLab.view.compressing === false);
    const program = (await view(page)).program;
    expect(program.length > 0 && program.length < walk.length,
           `'${program}' from a ${walk.length}-move walk`);
    // The panel under the editor grows by the result's line on the frames after
    // the reply: click Run where it is once the page has drawn them.
    await settled(page);
    await clickTarget(page, 'runButton');
    await waitFor(page, () => window.puzzleLab.view.over === true);
    const state = await view(page);
    expect(state.win && state.runnerProgram === program, `${state.runnerProgram}: ${state.verdict}`);
    // The program is in the address, so a reload (or a copied link) keeps it.
    await waitFor(page, (p) => new URLSearchParams(location.hash.slice(1)).get('program') === p,
                  program, SHORT);
    const address = await page.evaluate(() => location.hash.slice(1));
    await page.goto('about:blank');
    await open(page, base, address);
    await waitFor(page, (p) => window.puzzleLab.view && window.puzzleLab.view.program === p, program);
    return `${walk.join('')} (${walk.length} moves) -> ${program} (${program.length} chars), ` +
      `${state.verdict}; a reload keeps it`;
  });
}
