// Sudoku in the browser: solve, typing, pencil marks, hints, generator, phone.
import path from 'node:path';
import fs from 'node:fs';
import { SHORT, LONG, expect, lab, waitFor, open, nextFrames, clickTarget, parkPointer, expectMove, tapKeysInOneFrame, screenshot } from '../lib.mjs';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../../..');

// Sudoku: Wikipedia's example (easy) with its solution, and the puzzle with
// the most guesses in tdoku's forum-hardest list (from
// tests/data/sudoku/hard20_with_solutions.txt) with its solution.
const SUDOKU_EASY = '53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79';
const SUDOKU_EASY_SOLUTION = '534678912672195348198342567859761423426853791713924856961537284287419635345286179';
const SUDOKU_HARD = '..3.5.....567....27..2...4......18..3...2...66...7...453..4...7.......9.......4..';
const SUDOKU_HARD_SOLUTION = '123456789456789132789213645245691873397824516618375924531948267874562391962137458';

// The grid a Sudoku position shows: clues, overlaid with the entries (the
// board text is the clues, then a line of entries when there are any).
function sudokuGrid(board) {
  const [givens, entries = ''] = board.split('\n');
  return [...givens].map((c, i) => (c !== '.' ? c : entries[i] ?? '.')).join('');
}

// The bundled Sudoku made by the generator with this difficulty and seed.
function bundledGenerated(difficulty, seed) {
  const text = fs.readFileSync(path.join(root, 'assets/puzzles/sudoku.txt'), 'utf8');
  const entry = text.split('\n= ').find((e) => e.includes(`source: generated, difficulty ${difficulty}, seed ${seed}\n`));
  return entry && entry.split('\n').find((line) => /^[1-9.]{81}$/.test(line));
}

export default async function sudokuChecks({ browser, page, base, output, check, pageErrors }) {
  await check('sudoku: solve a forum-hardest puzzle from the URL; playback fills the grid', async () => {
    await open(page, base, `puzzle=sudoku&board=${SUDOKU_HARD}&solve=1`);
    await waitFor(page, () => ['solved', 'error', 'unsolvable'].includes(window.puzzleLab.status));
    const state = await lab(page);
    expect(state.status === 'solved', `status ${state.status} ${state.error}`);
    const blanks = [...SUDOKU_HARD].filter((c) => c === '.').length;
    expect(state.moves.length === blanks && state.cost === blanks, `${state.moves.length} moves for ${blanks} blanks`);
    expect(state.extras.solutions === '1' && Number(state.extras.guesses) > 0, `extras ${JSON.stringify(state.extras)}`);
    await waitFor(page, () => window.puzzleLab.moveCount >= 3, undefined, LONG);
    await screenshot(page, { path: path.join(output, 'sudoku-solving.png') });
    // Playback writes the digits one by one in solving order (3 a second).
    await waitFor(page, () => window.puzzleLab.solvedPosition === true, undefined, LONG);
    const after = await lab(page);
    expect(sudokuGrid(after.board) === SUDOKU_HARD_SOLUTION, `grid ${sudokuGrid(after.board)}`);
    await nextFrames(page, 3);
    await screenshot(page, { path: path.join(output, 'sudoku-solved.png') });
    return `${blanks} cells, ${state.extras.guesses} guesses, ${state.stats.ms.toFixed(2)} ms in the worker; grid matches the known solution`;
  }, { firefox: true });

  await check('sudoku: click an empty cell and type a digit', async () => {
    await open(page, base, `puzzle=sudoku&board=${SUDOKU_EASY}`);
    await waitFor(page, (b) => window.puzzleLab.startBoard === b, SUDOKU_EASY);
    await clickTarget(page, 'r1c3');
    await page.keyboard.press('4');
    const state = await expectMove(page, 1, 'r1c3=4');
    expect(sudokuGrid(state.board)[2] === '4', `grid ${sudokuGrid(state.board)}`);
    await nextFrames(page, 3);
    await screenshot(page, { path: path.join(output, 'sudoku-typed.png') });
    return `r1c3 shows ${sudokuGrid(state.board)[2]}`;
  }, { firefox: true });

  await check('sudoku: arrow keys move the selection; Backspace clears', async () => {
    await page.keyboard.press('ArrowRight');  // r1c3 -> r1c4
    await page.keyboard.press('6');
    await expectMove(page, 2, 'r1c4=6');
    await page.keyboard.press('ArrowDown');  // r2c4 holds the clue 1
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('Backspace');
    await expectMove(page, 3, 'r1c4=0');
    await page.keyboard.press('6');
    const state = await expectMove(page, 4, 'r1c4=6');
    return `grid starts ${sudokuGrid(state.board).slice(0, 9)}`;
  });

  await check('sudoku: a clashing digit is allowed and shown in red; Ctrl+Z undoes it', async () => {
    // Two taps of one key and a digit, all between two frames: each tap counts.
    await tapKeysInOneFrame(page, ['ArrowRight', 'ArrowRight', '5']);  // r1c6=5, a clash in row 1
    const state = await expectMove(page, 5, 'r1c6=5');
    expect(!state.solvedPosition, 'a clash cannot be solved');
    await nextFrames(page, 3);
    await screenshot(page, { path: path.join(output, 'sudoku-clash.png') });
    await page.keyboard.press('Control+Z');
    await waitFor(page, () => window.puzzleLab.moveCount === 4, undefined, SHORT);
    return 'typed, then undone';
  });

  await check('sudoku: pencil mode adds and removes marks; Fill candidates', async () => {
    await page.keyboard.press('p');
    await page.keyboard.press('2');
    await expectMove(page, 5, 'r1c6+2');
    await page.keyboard.press('8');
    await expectMove(page, 6, 'r1c6+8');
    await page.keyboard.press('2');
    await expectMove(page, 7, 'r1c6-2');
    await clickTarget(page, 'pad1');  // the side panel's digit pad follows pencil mode
    await expectMove(page, 8, 'r1c6+1');
    await page.keyboard.press('p');
    await nextFrames(page, 3);
    await screenshot(page, { path: path.join(output, 'sudoku-pencil.png') });
    await clickTarget(page, 'fillCandidates');
    await expectMove(page, 9, 'marks');
    return 'r1c6 marked 1 and 8; then every candidate pencilled in';
  });

  await check('sudoku: Hint highlights the next step and names the technique; Apply hint', async () => {
    await clickTarget(page, 'hintButton');
    await waitFor(page, () => window.puzzleLab.hint !== null, undefined, SHORT);
    const state = await lab(page);
    const hint = state.hint;
    expect(hint.cells.length > 0 && hint.moves.length > 0, `hint ${JSON.stringify(hint)}`);
    // The CLI's form of a hint (hint_json): the supporting cells are relatedCells.
    expect(Array.isArray(hint.relatedCells), `hint ${JSON.stringify(hint)}`);
    expect(state.message.includes(hint.technique), `note "${state.message}" lacks "${hint.technique}"`);
    await parkPointer(page);
    await nextFrames(page, 3);
    await screenshot(page, { path: path.join(output, 'sudoku-hint.png') });
    await clickTarget(page, 'applyHintButton');
    const after = await expectMove(page, state.moveCount + 1, hint.moves.join(' '));
    expect(after.hint === null, 'the hint stayed after it was applied');
    return `${hint.technique}: ${hint.moves.join(' ')}`;
  });

  await check('sudoku: a difficulty and seed in the URL make the same puzzle every time', async () => {
    const hash = 'puzzle=sudoku&difficulty=medium&seed=7';
    await open(page, base, hash);
    await waitFor(page, () => window.puzzleLab.generated && window.puzzleLab.generated.seed === 7);
    const first = await lab(page);
    await open(page, base, `puzzle=sudoku&board=${SUDOKU_EASY}`);
    await waitFor(page, (b) => window.puzzleLab.startBoard === b && window.puzzleLab.generated === null, SUDOKU_EASY);
    await open(page, base, hash);
    await waitFor(page, () => window.puzzleLab.generated && window.puzzleLab.generated.seed === 7);
    const second = await lab(page);
    expect(first.board === second.board && first.board.length === 81, `${first.board} vs ${second.board}`);
    const native = bundledGenerated('medium', 7);
    expect(first.board === native, `wasm made ${first.board}, the native generator ${native}`);
    expect((await page.evaluate(() => window.location.hash)) === `#${hash}`, 'the address changed');
    // New puzzle: a fresh seed, and the address names it so the link reopens it.
    await clickTarget(page, 'newPuzzleButton');
    await waitFor(page, () => window.puzzleLab.generated && window.puzzleLab.generated.seed !== 7, undefined, SHORT);
    const fresh = await lab(page);
    await waitFor(page, (s) => window.location.hash === `#puzzle=sudoku&difficulty=medium&seed=${s}`, fresh.generated.seed, SHORT);
    expect(fresh.board !== first.board, 'New puzzle gave the same board');
    await screenshot(page, { path: path.join(output, 'sudoku-new.png') });
    return `seed 7 -> ${first.board.slice(0, 18)}... twice (same as native); New puzzle -> seed ${fresh.generated.seed}`;
  });

  await check('sudoku on a phone: tap a cell, tap the digit pad', async () => {
    const phone = await browser.newContext({ viewport: { width: 390, height: 780 }, deviceScaleFactor: 3,
                                             hasTouch: true, isMobile: true });
    const touchPage = await phone.newPage();
    touchPage.on('pageerror', (err) => pageErrors.push(err.message));
    await open(touchPage, base, `puzzle=sudoku&board=${SUDOKU_EASY}`);
    await waitFor(touchPage, () => window.puzzleLab.layout.r5c5 && window.puzzleLab.layout.pad5, undefined, SHORT);
    const tap = async (name) => {
      const r = (await lab(touchPage)).layout[name];
      expect(r, `no ${name} on the phone layout`);
      await touchPage.touchscreen.tap(r.x + r.w / 2, r.y + r.h / 2);
      await nextFrames(touchPage, 2);
    };
    await tap('r5c5');
    const pad = (await lab(touchPage)).layout.pad5;
    expect(pad && pad.y + pad.h <= 780, `digit pad below the screen: ${JSON.stringify(pad)}`);
    await tap('pad5');
    await expectMove(touchPage, 1, 'r5c5=5');
    await screenshot(touchPage, { path: path.join(output, 'sudoku-phone.png') });
    await phone.close();
    return 'r5c5=5 by touch';
  });
}
