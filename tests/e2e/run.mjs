// Browser end-to-end tests for Puzzle Lab: serves the built site on
// 127.0.0.1, drives headless Chromium (WebGL 2 through SwiftShader) with
// playwright-core, and checks the app through the page's window.puzzleLab.
//
//   node tests/e2e/run.mjs                  (after cmake --build --preset web)
//   node tests/e2e/run.mjs --site DIR       (or PUZZLELAB_SITE=DIR; default build/web/site)
//
// Prints one line per check; exits non-zero if any check fails.
// Screenshots go to tests/e2e/output/ (git-ignored).
import http from 'node:http';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../..');
const siteArg = process.argv.indexOf('--site');
const site = path.resolve(siteArg > 0 ? process.argv[siteArg + 1] : process.env.PUZZLELAB_SITE ?? path.join(root, 'build/web/site'));
const output = path.join(here, 'output');
const chromiumPath = process.env.CHROMIUM ?? '/usr/bin/chromium';

const HARDEST = 'IBBxooIooLDDJAALooJoKEEMFFKooMGGHHHM';
// 16x16, car A boxed in by a truck that walls keep in place: no solution, and
// IDA* under the steps metric searches for a very long time before it could
// give up, so Cancel must stop a genuinely running search.
const LONG_SEARCH = [
  'BBoooooooooooooo', 'ooooooooFooooooo', 'oooCooooFooooooo', 'oooCoooooooooooK',
  'oooCooooooGGGooK', 'oooooooooooooxoK', 'oooooooooooooXoo', 'oAAooooooooooXoo',
  'oooooooooooooXoo', 'oooooooJoooooxoo', 'ooDDoooJoooooooo', 'ooooooooooooooLL',
  'oooooEEEoooooooo', 'ooooooooooooHooo', 'IIIoooooooooHooo', 'oooooooooooooooo',
].join('');

// Sudoku: Wikipedia's example (easy) with its solution, and the puzzle with
// the most guesses in tdoku's forum-hardest list (from
// /work/shared/data/sudoku/hard20_with_solutions.txt) with its solution.
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

// --- a tiny static server -------------------------------------------------
const TYPES = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript', '.wasm': 'application/wasm',
                '.png': 'image/png', '.txt': 'text/plain; charset=utf-8', '.json': 'application/json' };

function serve(dir) {
  const server = http.createServer((req, res) => {
    const name = decodeURIComponent(new URL(req.url, 'http://x').pathname);
    const file = path.join(dir, name.endsWith('/') ? name + 'index.html' : name);
    if (!file.startsWith(dir)) { res.writeHead(403).end(); return; }
    fs.readFile(file, (err, body) => {
      if (err) { res.writeHead(404).end('not found'); return; }
      res.writeHead(200, { 'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream' }).end(body);
    });
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

// --- checks ----------------------------------------------------------------
let failures = 0;
async function check(name, body) {
  const started = Date.now();
  try {
    const detail = await body();
    console.log(`ok   ${name} (${((Date.now() - started) / 1000).toFixed(1)} s)${detail ? ' - ' + detail : ''}`);
  } catch (err) {
    failures++;
    console.log(`FAIL ${name}: ${err.message.split('\n')[0]}`);
  }
}

function expect(condition, message) { if (!condition) throw new Error(message); }

const lab = (page) => page.evaluate(() => JSON.parse(JSON.stringify(window.puzzleLab)));
const waitFor = (page, predicate, arg, timeout = 60000) =>
  page.waitForFunction(predicate, arg, { timeout, polling: 50 });

async function open(page, base, hash) {
  await page.goto(`${base}/#${hash}`);
  await waitFor(page, () => window.puzzleLab && window.puzzleLab.ready === true);
}

// Clicks the middle of something the app published in window.puzzleLab.layout.
async function clickTarget(page, name) {
  const rect = (await lab(page)).layout[name];
  expect(rect, `no ${name} in window.puzzleLab.layout`);
  await page.mouse.click(rect.x + rect.w / 2, rect.y + rect.h / 2);
}

// Parks the pointer on the empty strip under the board: no hover, no tooltip.
async function parkPointer(page) {
  const size = page.viewportSize();
  await page.mouse.move(size.width - 4, size.height - 4);
}

// Waits for the move count to reach `count`, then checks the move that got there.
async function expectMove(page, count, move) {
  await waitFor(page, (n) => window.puzzleLab.moveCount === n, count, 5000);
  const state = await lab(page);
  expect(state.lastMove === move, `expected move ${move}, got ${state.lastMove}`);
  return state;
}

// Drags piece `label` by `cells` along its axis (+ right/down), as a person would.
async function dragPiece(page, label, cells) {
  const state = await lab(page);
  const rect = state.layout[label];
  expect(rect, `no geometry for piece ${label} in window.puzzleLab.layout`);
  const cell = Math.min(rect.w, rect.h);
  const horizontal = rect.w > rect.h;
  const x0 = rect.x + (horizontal ? cell / 2 : rect.w / 2), y0 = rect.y + (horizontal ? rect.h / 2 : cell / 2);
  const x1 = x0 + (horizontal ? cells * cell : 0), y1 = y0 + (horizontal ? 0 : cells * cell);
  await page.mouse.move(x0, y0);
  await page.mouse.down();
  await page.mouse.move((x0 + x1) / 2, (y0 + y1) / 2, { steps: 6 });
  await page.mouse.move(x1, y1, { steps: 6 });
  await page.waitForTimeout(100);
  await page.mouse.up();
}

function parseMove(text) {
  const m = /^([A-Z])([+-])(\d+)$/.exec(text);
  return m && { label: m[1], cells: (m[2] === '+' ? 1 : -1) * Number(m[3]) };
}

async function main() {
  expect(fs.existsSync(path.join(site, 'index.html')), `no site at ${site}: build the web preset first`);
  fs.mkdirSync(output, { recursive: true });
  const server = await serve(site);
  const base = `http://127.0.0.1:${server.address().port}`;
  // playwright-core starts Chromium with a fresh temporary --user-data-dir
  // of its own (it refuses one in `args`) and removes it on close.
  const browser = await chromium.launch({
    executablePath: chromiumPath,
    headless: true,
    args: ['--headless', '--no-sandbox', '--use-gl=angle', '--use-angle=swiftshader', '--enable-unsafe-swiftshader',
           '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update',
           '--disable-sync'],
  });
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const pageErrors = [];
  page.on('pageerror', (err) => pageErrors.push(err.message));
  page.on('console', (msg) => { if (msg.type() === 'error') pageErrors.push(msg.text() + ' @' + JSON.stringify(msg.location())); });

  try {
    await check('solve from the URL: hardest 6x6 is solved in 60 moves', async () => {
      await open(page, base, `puzzle=rushhour&board=${HARDEST}&solve=1`);
      await waitFor(page, () => ['solved', 'error', 'unsolvable'].includes(window.puzzleLab.status));
      const state = await lab(page);
      expect(state.status === 'solved', `status ${state.status} ${state.error}`);
      expect(state.cost === 60 && state.moves.length === 60, `cost ${state.cost}, ${state.moves.length} moves`);
      expect(state.optimal === true, 'not reported optimal');
      await page.waitForTimeout(1500);  // let the playback move a few cars
      await page.screenshot({ path: path.join(output, 'rushhour-solved.png') });
      const after = await lab(page);
      expect(after.moveCount > 0, 'playback did not start');
      return `cost ${state.cost}, ${state.stats.expanded} states, playback at move ${after.moveCount}`;
    });

    await check('play by hand: drag a car with the mouse', async () => {
      await open(page, base, `puzzle=rushhour&board=${HARDEST}`);
      await waitFor(page, (b) => window.puzzleLab.startBoard === b && window.puzzleLab.status === 'idle', HARDEST);
      const before = await lab(page);
      const move = parseMove(before.legalMoves[0]);
      expect(move && before.moveCount === 0, `unexpected start ${JSON.stringify(before.legalMoves)}`);
      await dragPiece(page, move.label, move.cells);
      await waitFor(page, () => window.puzzleLab.moveCount === 1, undefined, 5000);
      const after = await lab(page);
      expect(after.board !== before.board, 'board did not change');
      await page.screenshot({ path: path.join(output, 'rushhour-dragged.png') });
      return `dragged ${move.label} by ${move.cells}: moves ${before.moveCount} -> ${after.moveCount}`;
    });

    await check('play by keyboard, then undo', async () => {
      const before = await lab(page);
      const move = before.legalMoves.map(parseMove).find((m) => Math.abs(m.cells) === 1);
      expect(move, 'no one-cell move available');
      const rect = before.layout[move.label];
      const horizontal = rect.w > rect.h;
      const arrow = horizontal ? (move.cells > 0 ? 'ArrowRight' : 'ArrowLeft') : (move.cells > 0 ? 'ArrowDown' : 'ArrowUp');
      await page.keyboard.press(move.label);  // the letter selects the car
      await page.keyboard.press(arrow);
      await waitFor(page, () => window.puzzleLab.moveCount === 2, undefined, 5000);
      await page.keyboard.press('Control+Z');
      await waitFor(page, () => window.puzzleLab.moveCount === 1, undefined, 5000);
      return `${move.label} ${arrow}, then Ctrl+Z`;
    });

    await check('cancel a long search in the worker; frames keep coming', async () => {
      await open(page, base, `puzzle=rushhour&board=${LONG_SEARCH}&algorithm=idastar&metric=steps`);
      await waitFor(page, () => window.puzzleLab.status === 'idle' && window.puzzleLab.layout.solveButton);
      const button = (await lab(page)).layout.solveButton;
      await page.mouse.click(button.x + button.w / 2, button.y + button.h / 2);
      await waitFor(page, () => window.puzzleLab.status === 'solving', undefined, 5000);
      await waitFor(page, () => window.puzzleLab.progress.expanded > 0, undefined, 20000);
      // The page must keep drawing while the worker searches: sample the frame
      // counter; a search on the main thread would freeze it completely.
      const samples = [];
      for (let i = 0; i < 6; i++) {
        samples.push((await lab(page)).frames);
        await page.waitForTimeout(500);
      }
      const during = await lab(page);
      expect(during.status === 'solving', `search ended by itself (${during.status}): not a long search`);
      const gaps = samples.slice(1).map((f, i) => f - samples[i]);
      expect(gaps.every((n) => n > 0), `frames per half second while solving: ${gaps.join(', ')}`);
      await page.screenshot({ path: path.join(output, 'rushhour-solving.png') });
      const cancel = during.layout.solveButton;  // the same button now says Cancel
      await page.mouse.click(cancel.x + cancel.w / 2, cancel.y + cancel.h / 2);
      await waitFor(page, () => window.puzzleLab.status === 'cancelled', undefined, 5000);
      const framesAfterCancel = (await lab(page)).frames;
      await page.waitForTimeout(500);
      expect((await lab(page)).frames > framesAfterCancel, 'frames stopped after cancel');
      await page.screenshot({ path: path.join(output, 'rushhour-cancelled.png') });
      return `frames per 0.5 s while solving: ${gaps.join(', ')}; ${during.progress.expanded} states expanded, then cancelled`;
    });

    await check('a fresh worker solves after a cancel', async () => {
      await page.evaluate((b) => { window.location.hash = `puzzle=rushhour&board=${b}&solve=1`; }, HARDEST);
      await waitFor(page, () => window.puzzleLab.status === 'solved', undefined, 60000);
      const state = await lab(page);
      expect(state.cost === 60, `cost ${state.cost}`);
      return `hashchange opened the board; cost ${state.cost}`;
    });

    await check('a bad board in the URL reports the line and column', async () => {
      await open(page, base, `puzzle=rushhour&board=${HARDEST.slice(0, 20)}%3F${HARDEST.slice(21)}`);
      await waitFor(page, () => window.puzzleLab.status === 'error');
      const state = await lab(page);
      expect(/line 1, column 21/.test(state.error), `error was "${state.error}"`);
      await page.screenshot({ path: path.join(output, 'rushhour-bad-board.png') });
      return state.error;
    });

    await check('embed mode and high-DPI: sharp canvas, compact view', async () => {
      const hiDpi = await browser.newContext({ viewport: { width: 560, height: 640 }, deviceScaleFactor: 2 });
      const embedPage = await hiDpi.newPage();
      embedPage.on('pageerror', (err) => pageErrors.push(err.message));
      await open(embedPage, base, `puzzle=rushhour&board=${HARDEST}&embed=1`);
      await embedPage.waitForTimeout(300);
      const size = await embedPage.evaluate(() => {
        const c = document.getElementById('canvas');
        return { w: c.width, h: c.height, cssW: c.clientWidth, cssH: c.clientHeight };
      });
      expect(size.w === size.cssW * 2 && size.h === size.cssH * 2, `backing store ${size.w}x${size.h} for ${size.cssW}x${size.cssH} CSS px`);
      const state = await lab(embedPage);
      expect(state.embed === true && state.layout.solveButton, 'no embed toolbar');
      await embedPage.screenshot({ path: path.join(output, 'rushhour-embed-2x.png') });
      await hiDpi.close();
      return `canvas ${size.w}x${size.h} for ${size.cssW}x${size.cssH} CSS px`;
    });

    await check('touch: drag a car with a finger on a phone-sized screen', async () => {
      const phone = await browser.newContext({ viewport: { width: 390, height: 780 }, deviceScaleFactor: 3,
                                               hasTouch: true, isMobile: true });
      const touchPage = await phone.newPage();
      touchPage.on('pageerror', (err) => pageErrors.push(err.message));
      await open(touchPage, base, `puzzle=rushhour&board=${HARDEST}`);
      const before = await lab(touchPage);
      const move = parseMove(before.legalMoves[0]);
      const rect = before.layout[move.label];
      const cell = Math.min(rect.w, rect.h), horizontal = rect.w > rect.h;
      const x0 = rect.x + (horizontal ? cell / 2 : rect.w / 2), y0 = rect.y + (horizontal ? rect.h / 2 : cell / 2);
      const dx = horizontal ? move.cells * cell : 0, dy = horizontal ? 0 : move.cells * cell;
      // Touch events as a phone sends them: start, a few moves, end.
      await touchPage.evaluate(async ({ x0, y0, dx, dy }) => {
        const canvas = document.getElementById('canvas');
        const frame = () => new Promise((r) => setTimeout(r, 120));
        const send = (type, x, y) => {
          const touch = new Touch({ identifier: 7, target: canvas, clientX: x, clientY: y });
          const active = type === 'touchend' ? [] : [touch];
          canvas.dispatchEvent(new TouchEvent(type, { touches: active, targetTouches: active, changedTouches: [touch],
                                                      bubbles: true, cancelable: true }));
        };
        send('touchstart', x0, y0);
        await frame();
        for (let i = 1; i <= 4; i++) { send('touchmove', x0 + (dx * i) / 4, y0 + (dy * i) / 4); await frame(); }
        send('touchend', x0 + dx, y0 + dy);
      }, { x0, y0, dx, dy });
      await waitFor(touchPage, () => window.puzzleLab.moveCount === 1, undefined, 5000);
      await touchPage.screenshot({ path: path.join(output, 'rushhour-phone.png') });
      await phone.close();
      return `swiped ${move.label} by ${move.cells}`;
    });

    await check('narrow portrait screen stacks board over panel', async () => {
      await page.setViewportSize({ width: 420, height: 820 });
      await open(page, base, `puzzle=rushhour&board=${HARDEST}`);
      await page.waitForTimeout(300);
      const state = await lab(page);
      const b = state.layout.board;
      expect(b.w > 420 * 0.6 && b.y + b.h < 820 * 0.6, `board at ${JSON.stringify(b)}`);
      await page.screenshot({ path: path.join(output, 'rushhour-portrait.png') });
      return `board ${Math.round(state.layout.board.w)} px wide`;
    });

    await check('rush hour hint: the next car glows, Apply hint moves it', async () => {
      await page.setViewportSize({ width: 1280, height: 800 });
      await open(page, base, `puzzle=rushhour&board=${HARDEST}`);
      await clickTarget(page, 'hintButton');
      await waitFor(page, () => window.puzzleLab.hint !== null, undefined, 10000);
      const state = await lab(page);
      expect(state.hint.cells.length >= 2 && state.hint.moves.length === 1, `hint ${JSON.stringify(state.hint)}`);
      expect(state.message.startsWith('Next move'), `note "${state.message}"`);
      await parkPointer(page);
      await page.waitForTimeout(300);
      await page.screenshot({ path: path.join(output, 'rushhour-hint.png') });
      await clickTarget(page, 'applyHintButton');
      await expectMove(page, 1, state.hint.moves[0]);
      return `${state.message}`;
    });

    await check('sudoku: solve a forum-hardest puzzle from the URL; playback fills the grid', async () => {
      await open(page, base, `puzzle=sudoku&board=${SUDOKU_HARD}&solve=1`);
      await waitFor(page, () => ['solved', 'error', 'unsolvable'].includes(window.puzzleLab.status));
      const state = await lab(page);
      expect(state.status === 'solved', `status ${state.status} ${state.error}`);
      const blanks = [...SUDOKU_HARD].filter((c) => c === '.').length;
      expect(state.moves.length === blanks && state.cost === blanks, `${state.moves.length} moves for ${blanks} blanks`);
      expect(state.extras.solutions === '1' && Number(state.extras.guesses) > 0, `extras ${JSON.stringify(state.extras)}`);
      await page.waitForTimeout(1200);
      await page.screenshot({ path: path.join(output, 'sudoku-solving.png') });
      // Playback writes the digits one by one in solving order (3 a second).
      await waitFor(page, () => window.puzzleLab.solvedPosition === true, undefined, 60000);
      const after = await lab(page);
      expect(sudokuGrid(after.board) === SUDOKU_HARD_SOLUTION, `grid ${sudokuGrid(after.board)}`);
      await page.waitForTimeout(500);
      await page.screenshot({ path: path.join(output, 'sudoku-solved.png') });
      return `${blanks} cells, ${state.extras.guesses} guesses, ${state.stats.ms.toFixed(2)} ms in the worker; grid matches the known solution`;
    });

    await check('sudoku: click an empty cell and type a digit', async () => {
      await open(page, base, `puzzle=sudoku&board=${SUDOKU_EASY}`);
      await waitFor(page, (b) => window.puzzleLab.startBoard === b, SUDOKU_EASY);
      await clickTarget(page, 'r1c3');
      await page.keyboard.press('4');
      const state = await expectMove(page, 1, 'r1c3=4');
      expect(sudokuGrid(state.board)[2] === '4', `grid ${sudokuGrid(state.board)}`);
      await page.waitForTimeout(400);
      await page.screenshot({ path: path.join(output, 'sudoku-typed.png') });
      return `r1c3 shows ${sudokuGrid(state.board)[2]}`;
    });

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
      await page.keyboard.press('ArrowRight');
      await page.keyboard.press('ArrowRight');  // r1c6
      await page.keyboard.press('5');           // 5 is already in row 1
      const state = await expectMove(page, 5, 'r1c6=5');
      expect(!state.solvedPosition, 'a clash cannot be solved');
      await page.waitForTimeout(300);
      await page.screenshot({ path: path.join(output, 'sudoku-clash.png') });
      await page.keyboard.press('Control+Z');
      await waitFor(page, () => window.puzzleLab.moveCount === 4, undefined, 5000);
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
      await page.waitForTimeout(300);
      await page.screenshot({ path: path.join(output, 'sudoku-pencil.png') });
      await clickTarget(page, 'fillCandidates');
      await expectMove(page, 9, 'marks');
      return 'r1c6 marked 1 and 8; then every candidate pencilled in';
    });

    await check('sudoku: Hint highlights the next step and names the technique; Apply hint', async () => {
      await clickTarget(page, 'hintButton');
      await waitFor(page, () => window.puzzleLab.hint !== null, undefined, 10000);
      const state = await lab(page);
      const hint = state.hint;
      expect(hint.cells.length > 0 && hint.moves.length > 0, `hint ${JSON.stringify(hint)}`);
      expect(state.message.includes(hint.technique), `note "${state.message}" lacks "${hint.technique}"`);
      await parkPointer(page);
      await page.waitForTimeout(300);
      await page.screenshot({ path: path.join(output, 'sudoku-hint.png') });
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
      await open(page, base, hash);
      await waitFor(page, () => window.puzzleLab.generated && window.puzzleLab.generated.seed === 7);
      const second = await lab(page);
      expect(first.board === second.board && first.board.length === 81, `${first.board} vs ${second.board}`);
      const native = bundledGenerated('medium', 7);
      expect(first.board === native, `wasm made ${first.board}, the native generator ${native}`);
      expect((await page.evaluate(() => window.location.hash)) === `#${hash}`, 'the address changed');
      // New puzzle: a fresh seed, and the address names it so the link reopens it.
      await clickTarget(page, 'newPuzzleButton');
      await waitFor(page, () => window.puzzleLab.generated && window.puzzleLab.generated.seed !== 7, undefined, 5000);
      const fresh = await lab(page);
      await waitFor(page, (s) => window.location.hash === `#puzzle=sudoku&difficulty=medium&seed=${s}`, fresh.generated.seed, 5000);
      expect(fresh.board !== first.board, 'New puzzle gave the same board');
      await page.screenshot({ path: path.join(output, 'sudoku-new.png') });
      return `seed 7 -> ${first.board.slice(0, 18)}... twice (same as native); New puzzle -> seed ${fresh.generated.seed}`;
    });

    await check('sudoku on a phone: tap a cell, tap the digit pad', async () => {
      const phone = await browser.newContext({ viewport: { width: 390, height: 780 }, deviceScaleFactor: 3,
                                               hasTouch: true, isMobile: true });
      const touchPage = await phone.newPage();
      touchPage.on('pageerror', (err) => pageErrors.push(err.message));
      await open(touchPage, base, `puzzle=sudoku&board=${SUDOKU_EASY}`);
      await touchPage.waitForTimeout(300);
      const tap = async (name) => {
        const r = (await lab(touchPage)).layout[name];
        expect(r, `no ${name} on the phone layout`);
        await touchPage.touchscreen.tap(r.x + r.w / 2, r.y + r.h / 2);
        await touchPage.waitForTimeout(150);
      };
      await tap('r5c5');
      const pad = (await lab(touchPage)).layout.pad5;
      expect(pad && pad.y + pad.h <= 780, `digit pad below the screen: ${JSON.stringify(pad)}`);
      await tap('pad5');
      await expectMove(touchPage, 1, 'r5c5=5');
      await touchPage.screenshot({ path: path.join(output, 'sudoku-phone.png') });
      await phone.close();
      return 'r5c5=5 by touch';
    });

    await check('no page errors', async () => {
      expect(pageErrors.length === 0, pageErrors.join(' | '));
    });
  } finally {
    await browser.close();
    server.close();
  }
  console.log(failures ? `${failures} check(s) failed` : 'all checks passed');
  console.log(`screenshots in ${path.relative(process.cwd(), output) || output}`);
  process.exit(failures ? 1 : 0);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
