// Rush Hour in the browser: solve from the URL, drag, keys, cancel, a board made from a seed, embed, touch, hint.
import path from 'node:path';
import fs from 'node:fs';
import { HARDEST, LONG_SEARCH, SHORT, LONG, expect, lab, waitFor, open, nextFrames, clickTarget, parkPointer, expectMove, dragPiece, parseMove, screenshot } from '../lib.mjs';


export default async function rushhourChecks({ browser, page, base, output, check, pageErrors }) {
  await check('solve from the URL: hardest 6x6 is solved in 60 moves', async () => {
    await open(page, base, `puzzle=rushhour&board=${HARDEST}&solve=1`);
    await waitFor(page, () => ['solved', 'error', 'unsolvable'].includes(window.puzzleLab.status));
    const state = await lab(page);
    expect(state.status === 'solved', `status ${state.status} ${state.error}`);
    expect(state.cost === 60 && state.moves.length === 60, `cost ${state.cost}, ${state.moves.length} moves`);
    expect(state.optimal === true, 'not reported optimal');
    // The CLI's form of the counters (stats_json).
    expect(['expanded', 'generated', 'peakStored', 'ms'].every((k) => typeof state.stats[k] === 'number'),
           `stats ${JSON.stringify(state.stats)}`);
    await waitFor(page, () => window.puzzleLab.moveCount >= 3, undefined, LONG);  // a few cars moved
    await screenshot(page, { path: path.join(output, 'rushhour-solved.png') });
    const after = await lab(page);
    return `cost ${state.cost}, ${state.stats.expanded} states, playback at move ${after.moveCount}`;
  }, { firefox: true });

  await check('play by hand: drag a car with the mouse', async () => {
    await open(page, base, `puzzle=rushhour&board=${HARDEST}`);
    await waitFor(page, (b) => window.puzzleLab.startBoard === b && window.puzzleLab.status === 'idle', HARDEST);
    const before = await lab(page);
    const move = parseMove(before.legalMoves[0]);
    expect(move && before.moveCount === 0, `unexpected start ${JSON.stringify(before.legalMoves)}`);
    await dragPiece(page, move.label, move.cells);
    await waitFor(page, () => window.puzzleLab.moveCount === 1, undefined, SHORT);
    const after = await lab(page);
    expect(after.board !== before.board, 'board did not change');
    await screenshot(page, { path: path.join(output, 'rushhour-dragged.png') });
    return `dragged ${move.label} by ${move.cells}: moves ${before.moveCount} -> ${after.moveCount}`;
  }, { firefox: true });

  await check('play by keyboard, then undo', async () => {
    const before = await lab(page);
    const move = before.legalMoves.map(parseMove).find((m) => Math.abs(m.cells) === 1);
    expect(move, 'no one-cell move available');
    const rect = before.layout[move.label];
    const horizontal = rect.w > rect.h;
    const arrow = horizontal ? (move.cells > 0 ? 'ArrowRight' : 'ArrowLeft') : (move.cells > 0 ? 'ArrowDown' : 'ArrowUp');
    await page.keyboard.press(move.label);  // the letter selects the car
    await page.keyboard.press(arrow);
    await waitFor(page, () => window.puzzleLab.moveCount === 2, undefined, SHORT);
    await page.keyboard.press('Control+Z');
    await waitFor(page, () => window.puzzleLab.moveCount === 1, undefined, SHORT);
    return `${move.label} ${arrow}, then Ctrl+Z`;
  }, { firefox: true });

  await check('cancel a long search in the worker; frames keep coming', async () => {
    await open(page, base, `puzzle=rushhour&board=${LONG_SEARCH}&algorithm=idastar&metric=steps`);
    await waitFor(page, () => window.puzzleLab.status === 'idle' && window.puzzleLab.layout.solveButton);
    const button = (await lab(page)).layout.solveButton;
    await page.mouse.click(button.x + button.w / 2, button.y + button.h / 2);
    await waitFor(page, () => window.puzzleLab.status === 'solving', undefined, SHORT);
    await waitFor(page, () => window.puzzleLab.progress.expanded > 0, undefined, LONG);
    // The page must keep drawing while the worker searches: the frame counter
    // keeps rising; a search on the main thread would freeze it completely.
    const samples = [(await lab(page)).frames];
    for (let i = 0; i < 5; i++) {
      await nextFrames(page, 3);
      samples.push((await lab(page)).frames);
    }
    const during = await lab(page);
    expect(during.status === 'solving', `search ended by itself (${during.status}): not a long search`);
    expect(during.work === 'solve', `work under way: "${during.work}"`);
    const gaps = samples.slice(1).map((f, i) => f - samples[i]);
    await screenshot(page, { path: path.join(output, 'rushhour-solving.png') });
    const cancel = during.layout.solveButton;  // the same button now says Cancel
    await page.mouse.click(cancel.x + cancel.w / 2, cancel.y + cancel.h / 2);
    await waitFor(page, () => window.puzzleLab.status === 'cancelled', undefined, SHORT);
    expect((await lab(page)).work === '', 'work still under way after cancel');
    await nextFrames(page, 3);  // frames keep coming after the cancel
    await screenshot(page, { path: path.join(output, 'rushhour-cancelled.png') });
    return `frames drawn while solving: ${gaps.join(', ')}; ${during.progress.expanded} states expanded, then cancelled`;
  }, { firefox: true });

  await check('a fresh worker solves after a cancel', async () => {
    await page.evaluate((b) => { window.location.hash = `puzzle=rushhour&board=${b}&solve=1`; }, HARDEST);
    await waitFor(page, () => window.puzzleLab.status === 'solved', undefined, LONG);
    const state = await lab(page);
    expect(state.cost === 60, `cost ${state.cost}`);
    return `hashchange opened the board; cost ${state.cost}`;
  }, { firefox: true });

  await check('a board of difficulty 40 from a seed in the URL: made in the worker, 40+ moves, the same again', async () => {
    const hash = 'puzzle=rushhour&difficulty=40&seed=3';
    await open(page, base, `${hash}&solve=1`);
    await waitFor(page, () => window.puzzleLab.generated && window.puzzleLab.generated.seed === 3, undefined, LONG);
    await waitFor(page, () => ['solved', 'error', 'unsolvable'].includes(window.puzzleLab.status), undefined, LONG);
    const made = await lab(page);
    expect(made.status === 'solved' && made.cost >= 40, `status ${made.status} ${made.error}, cost ${made.cost}`);
    expect(made.optimal === true, 'not reported optimal');
    await screenshot(page, { path: path.join(output, 'rushhour-difficulty-40.png') });
    // Another board in between, then the same link: the same board.
    await open(page, base, `puzzle=rushhour&board=${HARDEST}`);
    await waitFor(page, (b) => window.puzzleLab.startBoard === b, HARDEST);
    await open(page, base, hash);
    await waitFor(page, () => window.puzzleLab.generated && window.puzzleLab.generated.seed === 3, undefined, LONG);
    const again = await lab(page);
    expect(again.startBoard === made.startBoard, `${again.startBoard} then ${made.startBoard}`);
    return `seed 3 -> ${made.startBoard}, solved in ${made.cost} moves; the same board again`;
  });

  await check('a bad board in the URL reports the line and column', async () => {
    await open(page, base, `puzzle=rushhour&board=${HARDEST.slice(0, 20)}%3F${HARDEST.slice(21)}`);
    await waitFor(page, () => window.puzzleLab.status === 'error');
    const state = await lab(page);
    expect(/line 1, column 21/.test(state.error), `error was "${state.error}"`);
    await screenshot(page, { path: path.join(output, 'rushhour-bad-board.png') });
    return state.error;
  });

  await check('embed mode and high-DPI: sharp canvas, compact view', async () => {
    const hiDpi = await browser.newContext({ viewport: { width: 560, height: 640 }, deviceScaleFactor: 2 });
    const embedPage = await hiDpi.newPage();
    embedPage.on('pageerror', (err) => pageErrors.push(err.message));
    await open(embedPage, base, `puzzle=rushhour&board=${HARDEST}&embed=1`);
    const size = await embedPage.evaluate(() => {
      const c = document.getElementById('canvas');
      return { w: c.width, h: c.height, cssW: c.clientWidth, cssH: c.clientHeight };
    });
    expect(size.w === size.cssW * 2 && size.h === size.cssH * 2, `backing store ${size.w}x${size.h} for ${size.cssW}x${size.cssH} CSS px`);
    const state = await lab(embedPage);
    expect(state.embed === true && state.layout.solveButton, 'no embed toolbar');
    await screenshot(embedPage, { path: path.join(output, 'rushhour-embed-2x.png') });
    await hiDpi.close();
    return `canvas ${size.w}x${size.h} for ${size.cssW}x${size.cssH} CSS px`;
  });

  await check('touch: drag a car with a finger on a phone-sized screen', async () => {
    const phone = await browser.newContext({ viewport: { width: 390, height: 780 }, deviceScaleFactor: 3,
                                             hasTouch: true, isMobile: true });
    const touchPage = await phone.newPage();
    touchPage.on('pageerror', (err) => pageErrors.push(err.message));
    await open(touchPage, base, `puzzle=rushhour&board=${HARDEST}`);
    await waitFor(touchPage, () => window.puzzleLab.layout.A, undefined, SHORT);
    const before = await lab(touchPage);
    const move = parseMove(before.legalMoves[0]);
    const rect = before.layout[move.label];
    const cell = Math.min(rect.w, rect.h), horizontal = rect.w > rect.h;
    const x0 = rect.x + (horizontal ? cell / 2 : rect.w / 2), y0 = rect.y + (horizontal ? rect.h / 2 : cell / 2);
    const dx = horizontal ? move.cells * cell : 0, dy = horizontal ? 0 : move.cells * cell;
    // Touch events as a phone sends them: start, a few moves, end, with a
    // frame drawn between them however slow the machine is.
    await touchPage.evaluate(async ({ x0, y0, dx, dy }) => {
      const canvas = document.getElementById('canvas');
      const frame = () => new Promise((resolve) => {
        const from = window.puzzleLab.frames;
        const poll = () => (window.puzzleLab.frames >= from + 2 ? resolve() : requestAnimationFrame(poll));
        poll();
      });
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
    await waitFor(touchPage, () => window.puzzleLab.moveCount === 1, undefined, SHORT);
    await screenshot(touchPage, { path: path.join(output, 'rushhour-phone.png') });
    await phone.close();
    return `swiped ${move.label} by ${move.cells}`;
  });

  await check('narrow portrait screen stacks board over panel', async () => {
    await page.setViewportSize({ width: 420, height: 820 });
    await open(page, base, `puzzle=rushhour&board=${HARDEST}`);
    const state = await lab(page);
    const b = state.layout.board;
    expect(b.w > 420 * 0.6 && b.y + b.h < 820 * 0.6, `board at ${JSON.stringify(b)}`);
    await screenshot(page, { path: path.join(output, 'rushhour-portrait.png') });
    return `board ${Math.round(state.layout.board.w)} px wide`;
  });

  await check('the picker lists the 6x6 ladder: its hardest rung opens titled with its moves', async () => {
    // The rungs are whatever scripts/rushhour-pack --picker wrote: read them from the asset.
    const text = fs.readFileSync(path.join(path.dirname(new URL(import.meta.url).pathname),
      '../../../assets/puzzles/rushhour.txt'), 'utf8');
    const rungs = [...text.matchAll(/^= (6x6 ladder: \d+ moves? \([\d,]+ positions\))\ncost: \d+\ncluster: .*\nsource: .*\n(\S+)$/gm)];
    expect(rungs.length >= 40, `${rungs.length} rungs in assets/puzzles/rushhour.txt`);
    const [, title, board] = rungs[rungs.length - 1];
    await page.setViewportSize({ width: 1280, height: 720 });
    await open(page, base, `puzzle=rushhour&board=${board}`);
    await waitFor(page, (b) => window.puzzleLab.startBoard === b, board, SHORT);
    await waitFor(page, (t) => document.title.startsWith(t), title, SHORT);
    await clickTarget(page, 'boardPicker');  // the list opens over the panel (the button goes)
    await waitFor(page, () => !window.puzzleLab.layout.boardPicker, undefined, SHORT);
    await nextFrames(page, 3);
    await screenshot(page, { path: path.join(output, 'rushhour-ladder-picker.png') });
    await page.mouse.click(1280 - 4, 720 - 4);  // a click outside closes it, choosing nothing
    await waitFor(page, () => !!window.puzzleLab.layout.boardPicker, undefined, SHORT);
    expect((await lab(page)).startBoard === board, 'closing the list changed the board');
    return `${rungs.length} rungs; "${title}"`;
  });

  await check('rush hour hint: the next car glows, Apply hint moves it', async () => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await open(page, base, `puzzle=rushhour&board=${HARDEST}`);
    await clickTarget(page, 'hintButton');
    await waitFor(page, () => window.puzzleLab.hint !== null, undefined, SHORT);
    const state = await lab(page);
    expect(state.hint.cells.length >= 2 && state.hint.moves.length === 1, `hint ${JSON.stringify(state.hint)}`);
    expect(state.message.startsWith('Next move'), `note "${state.message}"`);
    await parkPointer(page);
    await nextFrames(page, 3);
    await screenshot(page, { path: path.join(output, 'rushhour-hint.png') });
    await clickTarget(page, 'applyHintButton');
    await expectMove(page, 1, state.hint.moves[0]);
    return `${state.message}`;
  });
}
