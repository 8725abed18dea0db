// Rush Hour golf boards (a # border with an exit gap) in the browser: a board
// whose exit is on the left or at the top is drawn as it was written, not
// turned to the engine's exit-on-the-right frame; drags and arrow keys move
// cars as they look on screen, and the solution plays back the same way.
import path from 'node:path';
import { SHORT, LONG, expect, lab, waitFor, open, nextFrames, clickTarget, parkPointer, expectMove, dragPiece, screenshot } from '../lib.mjs';

// The example mirrored (exit on the left) and turned a quarter
// anticlockwise (exit at the top): 8 golf steps each, 7 under the steps metric.
const LEFT = [
  '########',
  '#CCC  B#',
  '#  D  B#',
  '   D AA#',
  '#  D   #',
  '#  EE  #',
  '#      #',
  '########',
].join('\n') + '\n';
const TOP = [
  '### ####',
  '#C     #',
  '#C     #',
  '#CDDDE #',
  '#    E #',
  '#  A   #',
  '#BBA   #',
  '########',
].join('\n') + '\n';

// The yard inside the border, one string a row, as the view publishes it.
const yardOf = (text) => text.split('\n').slice(1, -2).map((line) => line.padEnd(8, ' ').slice(1, -1));
const link = (board, extra = '') => `puzzle=rushhour&board=${encodeURIComponent(board)}${extra}`;
const sameRows = (a, b) => JSON.stringify(a) === JSON.stringify(b);

// Opens a golf board from a link and checks it is drawn as written, exit
// gap on `side`; a screenshot for a person to look at.
async function openGolf(page, base, output, board, side, extra = '') {
  await open(page, base, link(board, extra));
  await waitFor(page, (b) => window.puzzleLab.startBoard === b && window.puzzleLab.status === 'idle' &&
                window.puzzleLab.view.rows, board);
  const start = await lab(page);
  expect(start.view.exit === side, `exit drawn on the ${start.view.exit}, not the ${side}`);
  expect(sameRows(start.view.rows, yardOf(board)), `drawn ${JSON.stringify(start.view.rows)}`);
  expect(start.board === board, `board written back as ${JSON.stringify(start.board)}`);
  await parkPointer(page);
  await nextFrames(page, 3);
  await screenshot(page, { path: path.join(output, `rushhour-golf-${side}.png`) });
  return start;
}

export default async function rushhourGolfChecks({ page, base, output, check }) {
  await check('golf board, exit on the left: shown as written; drag and keys move as on screen', async () => {
    await page.setViewportSize({ width: 1280, height: 800 });
    const start = await openGolf(page, base, output, LEFT, 'left');
    const a = start.layout.A, board = start.layout.board;
    expect(a.w > a.h && a.x + a.w > board.x + board.w * 0.95, `car A at ${JSON.stringify(a)}`);

    await dragPiece(page, 'A', -1);  // leftwards on screen, towards the exit
    const dragged = await expectMove(page, 1, 'A-1');
    expect(dragged.board.split('\n')[3] === '   DAA #', `row of A now ${JSON.stringify(dragged.board.split('\n')[3])}`);
    await page.keyboard.press('E');  // the letter selects E, the arrow moves it right on screen
    await page.keyboard.press('ArrowRight');
    const keyed = await expectMove(page, 2, 'E+1');
    expect(keyed.board.split('\n')[5] === '#   EE #', `row of E now ${JSON.stringify(keyed.board.split('\n')[5])}`);
    await waitFor(page, (b) => JSON.stringify(window.puzzleLab.view.rows) === b,
                  JSON.stringify(yardOf(keyed.board)), SHORT);
    // The hint's cells are numbered as the board is drawn: they are its car's.
    await clickTarget(page, 'hintButton');
    await waitFor(page, () => window.puzzleLab.hint !== null, undefined, SHORT);
    const hinted = await lab(page);
    const car = hinted.hint.moves[0][0];
    const cells = hinted.hint.cells.map((c) => hinted.view.rows[Math.floor(c / 6)][c % 6]);
    expect(cells.length >= 2 && cells.every((label) => label === car), `hint ${JSON.stringify(hinted.hint)} on ${JSON.stringify(hinted.view.rows)}`);
    await parkPointer(page);
    await nextFrames(page, 3);
    await screenshot(page, { path: path.join(output, 'rushhour-golf-left-hint.png') });
    return `exit ${start.view.exit}; A-1 by drag, E+1 by the right arrow; hint ${hinted.hint.moves[0]}`;
  });

  await check('golf board, exit at the top: shown as written, solved and played back upwards', async () => {
    const start = await openGolf(page, base, output, TOP, 'top', '&metric=steps');
    expect(start.layout.A.h > start.layout.A.w, `car A at ${JSON.stringify(start.layout.A)}`);
    await page.evaluate(() => window.puzzleLab.solve());
    await waitFor(page, () => ['solved', 'error', 'unsolvable'].includes(window.puzzleLab.status));
    const solved = await lab(page);
    expect(solved.status === 'solved', `status ${solved.status} ${solved.error}`);
    expect(solved.cost === 7, `cost ${solved.cost} steps`);  // + A's step into the gap = the golf's 8
    expect(solved.view.exit === 'top', `exit drawn on the ${solved.view.exit}`);
    const last = solved.moves[solved.moves.length - 1];
    expect(/^A-\d+$/.test(last), `last move ${last}: car A should leave upwards as written`);
    await waitFor(page, (n) => window.puzzleLab.moveCount === n && window.puzzleLab.solvedPosition &&
                  !window.puzzleLab.playing, solved.moves.length, LONG);
    // Drawn as the final board reads once the last slide has settled.
    const final = (await lab(page)).board;
    await waitFor(page, (b) => JSON.stringify(window.puzzleLab.view.rows) === b,
                  JSON.stringify(yardOf(final)), SHORT);
    const rows = (await lab(page)).view.rows;
    expect(rows[0][2] === 'A' && rows[1][2] === 'A', `drawn at the end ${JSON.stringify(rows)}`);
    await nextFrames(page, 3);
    await screenshot(page, { path: path.join(output, 'rushhour-golf-top-solved.png') });
    return `solved in ${solved.cost} steps (${solved.moves.join(' ')}), played back to the top exit`;
  });
}

