// Edit mode in the browser: build a small board by mouse from an empty one,
// see the solver's verdict (computed in the Web Worker), press Play this
// board and solve it, for Rush Hour, Sudoku, Amphipod (only the tools that
// apply: Amphipod's kinds per its rooms), Bender and Tree of Life; and the
// editor on a phone, its tools over the board. Rush Hour's and Bender's
// tools outline, while dragged, exactly the cells letting go changes. The
// paste box empties for another puzzle.
// Every wait is on a state the page publishes (window.puzzleLab.edit).
import path from 'node:path';
import { HARDEST, SHORT, expect, lab, waitFor, open, nextFrames, settled, clickTarget, parkPointer, dragPointer, screenshot } from '../lib.mjs';

// The middle of cell (row, col) of a Rush Hour board being built, from the
// board's published rectangle and the board's size (a golf form's yard is
// inside its # border).
async function cellCentre(page, row, col) {
  const state = await lab(page);
  const board = state.layout.board;
  const text = state.edit.board;
  const golf = text.startsWith('#');
  const rows = text.includes('\n') ? text.split('\n').filter((line) => line.length > 0) : null;
  const border = golf ? 2 : 0;
  const width = rows ? Math.max(...rows.map((line) => line.length)) - border : Math.round(Math.sqrt(text.length));
  const height = rows ? rows.length - border : width;
  return { x: board.x + (col + 0.5) * board.w / width, y: board.y + (row + 0.5) * board.h / height };
}

async function startEditing(page) {
  await settled(page);
  await clickTarget(page, 'editButton');
  await waitFor(page, () => window.puzzleLab.editing === true, undefined, SHORT);
  await clickTarget(page, 'editBlank');
  await waitFor(page, () => window.puzzleLab.edit.edits === 1, undefined, SHORT);
  // The empty board's verdict line under the board can move the board.
  await verdictIn(page);
  await settled(page);
}

// The editor's tools on offer, by name, in their order on screen.
function editTools(state) {
  return Object.entries(state.layout).filter(([name]) => name.startsWith('editTool-'))
    .sort(([, a], [, b]) => a.y - b.y || a.x - b.x).map(([name]) => name.slice('editTool-'.length)).join(' ');
}

function verdictIn(page) {
  return waitFor(page, () => window.puzzleLab.edit && window.puzzleLab.edit.verdict !== 'checking');
}

// Scrolls the side panel until target `name` is in sight, as a person would
// (the view's own controls are below the editor's tools), then clicks it.
async function clickInSight(page, name) {
  for (let tries = 0; tries < 30; ++tries) {
    await settled(page);
    const { layout } = await lab(page);
    const r = layout[name];
    const height = page.viewportSize().height;
    if (r && r.y >= layout.panel.y && r.y + r.h <= Math.min(height, layout.panel.y + layout.panel.h)) break;
    await page.mouse.move(layout.panel.x + layout.panel.w / 2, layout.panel.y + layout.panel.h / 2);
    await page.mouse.wheel(0, r && r.y < layout.panel.y ? -120 : 120);
    await nextFrames(page, 2);
  }
  await clickTarget(page, name);
}

// Plays the board built, solves it, and returns the solve's state.
async function playAndSolve(page) {
  const built = (await lab(page)).edit.board;
  await clickTarget(page, 'editPlayButton');
  await waitFor(page, (b) => window.puzzleLab.editing === false && window.puzzleLab.startBoard === b, built, SHORT);
  // The toolbar's Solve is published a frame after the board is played.
  await waitFor(page, () => !!window.puzzleLab.layout.solveButton, undefined, SHORT);
  await clickTarget(page, 'solveButton');
  await waitFor(page, () => ['solved', 'unsolvable', 'error'].includes(window.puzzleLab.status));
  return lab(page);
}

// A drag tool's outline against what letting go changes: picks `tool`,
// presses on the middle of cell `from`, holds over `over` (centre(cell)
// gives a cell's middle once the tool is picked: its line may move the
// board), waits for the outline the page publishes
// (window.puzzleLab.view.outline) to be `outlined`, takes screenshot `shot`
// mid-drag if given, lets go, and checks that the cells changed (the
// characters of cellsOf(board) that differ) are those outlined; none
// outlined, the board stays as it was. Returns the line for the check.
async function dragOutlined(p, { tool, from, over, outlined, centre, cellsOf = (board) => board, shot }) {
  await clickTarget(p, `editTool-${tool}`);
  await waitFor(p, (t) => window.puzzleLab.edit.tool === t, tool, SHORT);
  await settled(p);
  const before = (await lab(p)).edit;
  const a = await centre(from), b = await centre(over);
  await p.mouse.move(a.x, a.y);
  await nextFrames(p);
  await p.mouse.down();
  await nextFrames(p);
  await p.mouse.move(b.x, b.y, { steps: 6 });
  await waitFor(p, (cells) => JSON.stringify(window.puzzleLab.view.outline) === JSON.stringify(cells),
    outlined, SHORT).catch(async (err) => {
    throw new Error(`${err.message}; outline ${JSON.stringify((await lab(p)).view.outline)}`);
  });
  if (shot) {
    await nextFrames(p, 3);  // frames keep coming while the button is held: never settled
    await screenshot(p, { path: shot });
  }
  await p.mouse.up();
  if (outlined.length === 0) {
    await settled(p);
    const after = await lab(p);
    expect(after.edit.edits === before.edits || after.edit.board === before.board,
      `${tool} with nothing outlined changed ${JSON.stringify(before.board)} -> ${JSON.stringify(after.edit.board)}`);
    return `${tool} nothing`;
  }
  await waitFor(p, (n) => window.puzzleLab.edit.edits === n + 1, before.edits, SHORT);
  const after = (await lab(p)).edit.board;
  const was = cellsOf(before.board), now = cellsOf(after);
  const changed = [...now].map((c, i) => (c !== was[i] ? i : -1)).filter((i) => i >= 0);
  expect(JSON.stringify(changed) === JSON.stringify(outlined),
    `${tool}: outlined ${outlined}, changed ${changed}: ${JSON.stringify(before.board)} -> ${JSON.stringify(after)}`);
  return `${tool} ${outlined.join(',')}`;
}

export default async function editChecks({ browser, page, base, output, check }) {
  await check('edit: the paste box shows the puzzle\'s format, its example loads, and another puzzle empties it', async () => {
    await open(page, base, 'puzzle=rushhour');
    await settled(page);
    await clickTarget(page, 'pasteToggle');
    await waitFor(page, () => !!window.puzzleLab.layout.pasteUseExample, undefined, SHORT);
    await settled(page);
    await screenshot(page, { path: path.join(output, 'edit-paste-hint.png') });
    // The panel scrolls the buttons under the box into sight, as a person would.
    const { layout } = await lab(page);
    if (layout.pasteUseExample.y + layout.pasteUseExample.h > page.viewportSize().height) {
      await page.mouse.move(layout.panel.x + layout.panel.w / 2, layout.panel.y + layout.panel.h / 2);
      await page.mouse.wheel(0, 300);
      await waitFor(page, () => window.puzzleLab.panelScroll.y > 0 && window.puzzleLab.settled, undefined, SHORT);
    }
    await clickTarget(page, 'pasteUseExample');
    await nextFrames(page, 2);
    await clickTarget(page, 'loadBoardButton');
    await waitFor(page, () => window.puzzleLab.startBoard === '..B.\nAAB.\n....\nCCC.\n', undefined, SHORT);
    // Another puzzle picked: the box no longer holds Rush Hour's text (the
    // new puzzle's example shows greyed in the empty box).
    const kept = (await lab(page)).pasteChars;
    expect(kept > 0, `${kept} characters in the box after Example`);
    const panel = (await lab(page)).layout.panel;
    await page.mouse.move(panel.x + panel.w / 2, panel.y + panel.h / 2);
    await page.mouse.wheel(0, -3000);
    await waitFor(page, () => window.puzzleLab.panelScroll.y === 0 && window.puzzleLab.settled, undefined, SHORT);
    await clickTarget(page, 'puzzlePicker');
    await waitFor(page, () => !!window.puzzleLab.layout['puzzle-sudoku'], undefined, SHORT);
    await settled(page);  // a list is placed on its second frame
    await clickTarget(page, 'puzzle-sudoku');
    await waitFor(page, () => window.puzzleLab.puzzle === 'sudoku', undefined, SHORT);
    await settled(page);
    const { pasteChars } = await lab(page);
    expect(pasteChars === 0, `${pasteChars} characters of Rush Hour's board left in Sudoku's paste box`);
    await screenshot(page, { path: path.join(output, 'edit-paste-after-switch.png') });
    return `${kept} characters of Rush Hour's example, none once Sudoku was picked`;
  });

  await check('edit: Rush Hour built by mouse from empty, judged, played and solved', async () => {
    await open(page, base, `puzzle=rushhour&board=${HARDEST}`);  // 6x6: the empty board is too
    await startEditing(page);
    const size = Math.round(Math.sqrt((await lab(page)).edit.board.length));
    const redRow = Math.floor((size - 1) / 2);
    // A truck across car A's row, dragged down from the top of the column.
    await clickTarget(page, 'editTool-truck');
    await settled(page);  // the tool's line under the board may have moved the board
    const col = size - 2;
    const a = await cellCentre(page, 0, col), b = await cellCentre(page, 2, col);
    await dragPointer(page, a.x, a.y, b.x, b.y);
    await waitFor(page, () => window.puzzleLab.edit.edits === 2, undefined, SHORT);
    await verdictIn(page);
    const state = await lab(page);
    expect(state.edit.verdict === 'solvable', `verdict ${state.edit.verdict}: ${state.edit.verdictText}`);
    expect(redRow <= 2 && state.edit.verdictText.includes('2 moves'), state.edit.verdictText);
    await parkPointer(page);
    await nextFrames(page, 3);
    await screenshot(page, { path: path.join(output, 'edit-rushhour.png') });
    const solved = await playAndSolve(page);
    expect(solved.status === 'solved' && solved.cost === 2, `status ${solved.status}, cost ${solved.cost}`);
    return `${state.edit.verdictText}, verdict ${state.edit.verdictMs.toFixed(0)} ms after the edit`;
  }, { firefox: true });

  await check('edit: a click tool dragged across the board edits and outlines only the cell pressed', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 720 } });
    const p = await context.newPage();
    await open(p, base, `puzzle=rushhour&board=${HARDEST}`);
    await startEditing(p);
    await clickTarget(p, 'editTool-wall');
    await settled(p);
    const before = (await lab(p)).edit.board;
    // Pressed on the top left cell, held over a cell three across and two
    // down: the outline (screenshot) is the pressed cell alone.
    const a = await cellCentre(p, 0, 0), b = await cellCentre(p, 2, 3);
    await p.mouse.move(a.x, a.y);
    await nextFrames(p);
    await p.mouse.down();
    await nextFrames(p);
    await p.mouse.move(b.x, b.y, { steps: 6 });
    await waitFor(p, () => JSON.stringify(window.puzzleLab.view.outline) === '[0]', undefined, SHORT);
    await nextFrames(p, 3);
    await screenshot(p, { path: path.join(output, 'edit-rushhour-wall-dragged.png') });
    await p.mouse.up();
    await waitFor(p, () => window.puzzleLab.edit.edits === 2, undefined, SHORT);
    const after = (await lab(p)).edit.board;
    const changed = [...after].map((c, i) => (c !== before[i] ? i : -1)).filter((i) => i >= 0);
    // The top left cell: the first character, or in the golf format the
    // second of its second line (a border of '#' goes round the cells).
    const first = before.startsWith('#') ? before.indexOf('\n') + 2 : 0;
    expect(before.length === after.length && changed.length === 1 && changed[0] === first,
           `cells changed at ${changed} of ${JSON.stringify(before)} -> ${JSON.stringify(after)}`);
    await context.close();
    return `one cell walled, the one pressed: ${JSON.stringify(before)} -> ${JSON.stringify(after)}`;
  });

  // A drag tool outlines the cells letting go changes, not the cells the
  // pointer went over: a Car dragged over four cells outlines the two it
  // places, a Truck over two the three it places, a diagonal nothing. The
  // published outline (window.puzzleLab.view.outline) is waited on, then
  // the edit let go is compared with it, cell by cell; at 1280x720 and on
  // a phone-sized page (screenshots of the Car and the Truck mid-drag).
  await check('edit: Rush Hour\'s Car and Truck outline while dragged exactly the cells they place', async () => {
    const empty = '............AA......................';  // 6x6, car A on row 3
    const sizes = [{ name: '1280x720', width: 1280, height: 720 }, { name: 'phone', width: 390, height: 844 }];
    const seen = [];
    for (const size of sizes) {
      const context = await browser.newContext({ viewport: { width: size.width, height: size.height } });
      const p = await context.newPage();
      await open(p, base, `puzzle=rushhour&board=${empty}`);
      await p.evaluate(() => window.puzzleLab.startEditing());
      await waitFor(p, () => window.puzzleLab.editing === true, undefined, SHORT);
      await verdictIn(p);
      // Cells (row, column); outlines row * 6 + column.
      const drag = async (tool, from, over, outlined, shot) => {
        seen.push(`${size.name} ${await dragOutlined(p, {
          tool, from, over, outlined, centre: (cell) => cellCentre(p, ...cell),
          shot: shot && path.join(output, `${shot}-${size.name}.png`),
        })}`);
      };
      await drag('car', [4, 0], [4, 3], [24, 25], 'edit-rushhour-car-dragged');     // over 4 cells: 2
      await drag('truck', [0, 5], [1, 5], [5, 11, 17], 'edit-rushhour-truck-dragged');  // over 2 cells: 3
      await drag('car', [0, 0], [1, 1], [], null);  // a diagonal: refused, nothing outlined
      await context.close();
    }
    return seen.join('; ');
  });

  // An edit that would be refused says why while the press is held (the
  // status line, published as window.puzzleLab.view.pendingRefusal), in the
  // words letting go then gives (window.puzzleLab.message), and the board
  // stays as it was: Rush Hour's Car dragged diagonally, Bender's Wall over
  // Bender; at 1280x720, on a phone and in a 320x400 page.
  await check('edit: a refused edit says why while the press is held, as letting go does', async () => {
    const rush = '............AA......................';  // 6x6, car A on row 3
    const inner = '#........#';
    const bender = ['10 10', '##########', ...Array(8).fill(inner), '##########', '1 1', '8 8', '0', ''].join('|');
    const cases = [
      { puzzle: 'rushhour', board: rush, tool: 'car', from: [0, 0], over: [1, 1], size: 6 },
      { puzzle: 'bender', board: encodeURIComponent(bender), tool: 'wall', from: [3, 3], over: [1, 1], size: 10 },
    ];
    const sizes = [{ name: '1280x720', width: 1280, height: 720 }, { name: 'phone', width: 390, height: 844 },
                   { name: '320x400', width: 320, height: 400 }];
    const seen = [];
    for (const size of sizes) {
      const context = await browser.newContext({ viewport: { width: size.width, height: size.height } });
      const p = await context.newPage();
      for (const c of cases) {
        await open(p, base, `puzzle=${c.puzzle}&board=${c.board}`);
        await p.evaluate(() => window.puzzleLab.startEditing());
        await waitFor(p, () => window.puzzleLab.editing === true, undefined, SHORT);
        await verdictIn(p);
        await clickTarget(p, `editTool-${c.tool}`);
        await waitFor(p, (t) => window.puzzleLab.edit.tool === t, c.tool, SHORT);
        await settled(p);
        const before = (await lab(p)).edit;
        // Cells as (row, column) on the rows of Rush Hour, (x, y) on Bender's map.
        const centre = async ([u, v]) => {
          const b = (await lab(p)).layout.board;
          const [col, row] = c.puzzle === 'bender' ? [u, v] : [v, u];
          return { x: b.x + (col + 0.5) * b.w / c.size, y: b.y + (row + 0.5) * b.h / c.size };
        };
        const a = await centre(c.from), b = await centre(c.over);
        await p.mouse.move(a.x, a.y);
        await nextFrames(p);
        await p.mouse.down();
        await nextFrames(p);
        await p.mouse.move(b.x, b.y, { steps: 6 });
        await waitFor(p, () => window.puzzleLab.view.pendingRefusal !== '', undefined, SHORT);
        await nextFrames(p, 3);  // frames keep coming while the button is held
        const held = (await lab(p)).view.pendingRefusal;
        await screenshot(p, { path: path.join(output, `edit-refused-held-${c.puzzle}-${size.name}.png`) });
        await p.mouse.up();
        await waitFor(p, () => window.puzzleLab.message !== '' && window.puzzleLab.view.pendingRefusal === '', undefined, SHORT);
        const after = await lab(p);
        expect(after.message === held, `held: "${held}", let go: "${after.message}"`);
        expect(after.edit.board === before.board, `the refused ${c.tool} changed the board`);
        seen.push(`${size.name} ${c.puzzle}: "${held}"`);
      }
      await context.close();
    }
    return seen.join('; ');
  });

  // Bender's Wall and Floor tools drag rectangles, and letting go changes
  // fewer cells than the rectangle: a Wall one over Bender is refused
  // (nothing outlined, the map unchanged), a Floor one over r1c1-r3c3
  // clears the five ring walls in it and leaves Bender's cell and the floor
  // as they are (outlined: those five). Waited on as published
  // (window.puzzleLab.view.outline), then compared with the rows let go; at
  // 1280x720 and on a phone-sized page, with screenshots mid-drag.
  await check('edit: Bender\'s Wall and Floor rectangles outline while dragged exactly the cells they change', async () => {
    const inner = '#........#';
    const empty = ['10 10', '##########', ...Array(8).fill(inner), '##########', '1 1', '8 8', '0', ''].join('|');
    const sizes = [{ name: '1280x720', width: 1280, height: 720 }, { name: 'phone', width: 390, height: 844 }];
    const seen = [];
    for (const size of sizes) {
      const context = await browser.newContext({ viewport: { width: size.width, height: size.height } });
      const p = await context.newPage();
      await open(p, base, `puzzle=bender&board=${encodeURIComponent(empty)}`);
      await p.evaluate(() => window.puzzleLab.startEditing());
      await waitFor(p, () => window.puzzleLab.editing === true, undefined, SHORT);
      await verdictIn(p);
      const at = async ([x, y]) => {
        const { layout } = await lab(p);
        const b = layout.board;
        return { x: b.x + (x + 0.5) * b.w / 10, y: b.y + (y + 0.5) * b.h / 10 };
      };
      // Cells (x, y); outlines y * 10 + x, the map's rows read in a line.
      const rows = (board) => board.split('\n').slice(1, 11).join('');
      const drag = async (tool, from, over, outlined, shot) => {
        seen.push(`${size.name} ${await dragOutlined(p, {
          tool, from, over, outlined, centre: at, cellsOf: rows,
          shot: shot && path.join(output, `${shot}-${size.name}.png`),
        })}`);
      };
      await drag('wall', [3, 3], [1, 1], [], 'edit-bender-wall-over-bender');  // Bender on (1, 1): refused
      await drag('wall', [3, 2], [5, 3], [23, 24, 25, 33, 34, 35], null);
      await drag('floor', [0, 0], [2, 2], [0, 1, 2, 10, 20], 'edit-bender-floor-over-bender');
      await context.close();
    }
    return seen.join('; ');
  });

  await check('edit: Rush Hour\'s exit moved to the top by a click, car A turned with it, judged and solved', async () => {
    await open(page, base, `puzzle=rushhour&board=${HARDEST}`);
    await startEditing(page);  // 6x6, car A across row 3 from the left
    await clickTarget(page, 'editTool-exit');
    await settled(page);
    const top = await cellCentre(page, 0, 3);  // the top of column 4
    await page.mouse.click(top.x, top.y);
    await waitFor(page, () => window.puzzleLab.edit.edits === 2, undefined, SHORT);
    await verdictIn(page);
    await settled(page);
    const state = await lab(page);
    expect(state.edit.board.startsWith('#### ###\n'), `board ${JSON.stringify(state.edit.board)}`);
    expect(state.view.exit === 'top', `exit drawn on the ${state.view.exit}`);
    expect(state.view.rows.map((row) => row[3]).join('').startsWith('  AA'), `column 4 ${JSON.stringify(state.view.rows)}`);
    expect(state.edit.verdict === 'solvable' && state.edit.verdictText.includes('1 move'), state.edit.verdictText);
    await parkPointer(page);
    await nextFrames(page, 3);
    await screenshot(page, { path: path.join(output, 'edit-rushhour-exit-top.png') });
    const solved = await playAndSolve(page);
    expect(solved.status === 'solved' && solved.cost === 1, `status ${solved.status}, cost ${solved.cost}`);
    return `exit on the ${state.view.exit}: ${state.edit.verdictText}`;
  });

  await check('edit: Sudoku givens typed from empty, judged with a rating, played and solved', async () => {
    await open(page, base, 'puzzle=sudoku');
    await startEditing(page);
    const puzzle = '53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79';
    let edits = 1;
    for (let cell = 0; cell < 81; ++cell) {
      if (puzzle[cell] === '.') continue;
      await settled(page);  // the verdict's line may have moved the board
      await clickTarget(page, `r${Math.floor(cell / 9) + 1}c${cell % 9 + 1}`);
      await page.keyboard.press(puzzle[cell]);
      await waitFor(page, (n) => window.puzzleLab.edit.edits === n, ++edits, SHORT);
    }
    await verdictIn(page);
    await waitFor(page, () => window.puzzleLab.edit.verdictText.includes('\u00b7'), undefined, SHORT);  // the rating
    const state = await lab(page);
    expect(state.edit.board === puzzle, `board ${state.edit.board}`);
    expect(state.edit.verdict === 'solvable', `verdict ${state.edit.verdict}: ${state.edit.verdictText}`);
    await parkPointer(page);
    await nextFrames(page, 3);
    await screenshot(page, { path: path.join(output, 'edit-sudoku.png') });
    // A clash is kept, drawn red and named with its cell; undo takes it back.
    await clickTarget(page, 'r1c3');
    await page.keyboard.press('5');
    await waitFor(page, () => window.puzzleLab.edit.verdict === 'invalid', undefined, SHORT);
    const clash = await lab(page);
    expect(clash.edit.verdictCell >= 0, `no cell for ${clash.edit.verdictText}`);
    await nextFrames(page, 3);
    await screenshot(page, { path: path.join(output, 'edit-sudoku-clash.png') });
    await clickTarget(page, 'undoButton');
    await waitFor(page, (b) => window.puzzleLab.edit.board === b, puzzle, SHORT);
    const solved = await playAndSolve(page);
    expect(solved.status === 'solved', `status ${solved.status}`);
    return `${state.edit.verdictText}; clash: ${clash.edit.verdictText}`;
  });

  await check('edit: Amphipod built by mouse from an empty burrow, judged, played and solved', async () => {
    await open(page, base, 'puzzle=amphipod&board=BCBD/ADCA');  // 4 rooms, 2 deep: so is the empty one
    await startEditing(page);
    const blank = (await lab(page)).edit;
    expect(blank.summary === 'Placed: A 0/2, B 0/2, C 0/2, D 0/2', blank.summary);
    // Only the kinds four rooms have: no E-H.
    const four = editTools(await lab(page));
    expect(four === 'A B C D erase', `tools ${four} for 4 rooms`);
    // A B in room A and an A in room B: a click on a room's top cell drops
    // the amphipod to the bottom.
    let edits = 1;
    for (const [kind, cell] of [['B', 'A1'], ['A', 'B1']]) {
      await clickTarget(page, `editTool-${kind}`);
      await settled(page);
      await clickTarget(page, cell);
      await waitFor(page, (n) => window.puzzleLab.edit.edits === n, ++edits, SHORT);
    }
    // A doorway is refused: no edit.
    await settled(page);
    await clickTarget(page, 'h2');
    await nextFrames(page, 3);
    expect((await lab(page)).edit.edits === edits, 'an amphipod placed in a doorway');
    await verdictIn(page);
    const state = await lab(page);
    expect(state.edit.board.split('\n')[3] === '  #B#A#.#.#', `board ${state.edit.board}`);
    expect(state.edit.summary === 'Placed: A 1/2, B 1/2, C 0/2, D 0/2', state.edit.summary);
    expect(state.edit.verdict === 'solvable' && state.edit.verdictText.includes('68'),
      `verdict ${state.edit.verdict}: ${state.edit.verdictText}`);
    await parkPointer(page);
    await nextFrames(page, 3);
    await screenshot(page, { path: path.join(output, 'edit-amphipod.png') });
    const solved = await playAndSolve(page);
    expect(solved.status === 'solved' && solved.cost === 68, `status ${solved.status}, cost ${solved.cost}`);
    // A burrow of six rooms, edited: the kinds A-F.
    await open(page, base, 'puzzle=amphipod&board=FEDCBA');
    await settled(page);
    await clickTarget(page, 'editButton');
    await waitFor(page, () => window.puzzleLab.editing === true, undefined, SHORT);
    await settled(page);
    const six = editTools(await lab(page));
    expect(six === 'A B C D E F erase', `tools ${six} for 6 rooms`);
    await page.keyboard.press('f');
    await waitFor(page, () => window.puzzleLab.edit.tool === 'F', undefined, SHORT);
    await page.keyboard.press('g');  // no G in six rooms: the tool in hand stays
    await nextFrames(page, 2);
    expect((await lab(page)).edit.tool === 'F', `G in hand with six rooms`);
    await clickTarget(page, 'editStopButton');
    await waitFor(page, () => window.puzzleLab.editing === false, undefined, SHORT);
    return `${state.edit.verdictText}, verdict ${state.edit.verdictMs.toFixed(0)} ms after the edit; ` +
      `tools ${four} for 4 rooms, ${six} for 6`;
  });

  await check('edit: Bender built by mouse from an empty map, judged, played and solved', async () => {
    await open(page, base, 'puzzle=bender');  // Introduction 1, 10x10: so is the empty map
    await startEditing(page);
    const blank = (await lab(page)).edit;
    expect(blank.board.startsWith('10 10\n##########\n#........#\n'), `board ${blank.board}`);
    // The middle of cell (x, y) of the map being built.
    const at = async (x, y) => {
      const { layout, edit } = await lab(page);
      const [width, height] = edit.board.split('\n')[0].split(' ').map(Number);
      const b = layout.board;
      return { x: b.x + (x + 0.5) * b.w / width, y: b.y + (y + 0.5) * b.h / height };
    };
    let edits = 1;
    const edited = () => waitFor(page, (n) => window.puzzleLab.edit.edits === n, ++edits, SHORT);
    const pick = async (tool) => { await clickTarget(page, `editTool-${tool}`); await settled(page); };
    const click = async (x, y) => {
      await settled(page);  // the verdict's line may have moved the map
      const c = await at(x, y);
      await page.mouse.click(c.x, c.y);
    };
    // A wall dragged down column 6, a gap cleared in it, a field in the gap
    // (click its switch at r7c3, then the field), and a ball.
    await pick('wall');
    const top = await at(5, 1), bottom = await at(5, 8);
    await dragPointer(page, top.x, top.y, bottom.x, bottom.y);
    await edited();
    await pick('floor');
    await click(5, 4);
    await edited();
    await pick('switch');
    await click(2, 6);
    await waitFor(page, () => window.puzzleLab.view.pendingSwitch === 62, undefined, SHORT);
    await click(5, 4);
    await edited();
    await pick('ball');
    await click(3, 3);
    await edited();
    await verdictIn(page);
    const state = await lab(page);
    const rows = state.edit.board.split('\n').slice(1, 11);
    const wall = '#....#...#';
    const expected = ['##########', wall, wall, '#..+.#...#', '#........#', wall, wall, wall, wall, '##########'];
    expect(rows.join('|') === expected.join('|'), `rows ${rows.join('|')}`);
    expect(state.edit.board.endsWith('1 1\n8 8\n1\n2 6 5 4 1\n'), `board ${state.edit.board}`);
    expect(state.edit.summary === '1 switch (1 field on), 1 ball', state.edit.summary);
    expect(state.edit.verdict === 'solvable' && state.edit.verdictText.includes('shortest walk 18 steps'),
      `verdict ${state.edit.verdict}: ${state.edit.verdictText}`);
    await parkPointer(page);
    await nextFrames(page, 3);
    await screenshot(page, { path: path.join(output, 'edit-bender.png') });
    // The field off at the start: Bender walks straight through (14 steps);
    // undo brings it back on.
    await pick('state');
    await click(5, 4);
    await edited();
    await verdictIn(page);
    const off = await lab(page);
    expect(off.edit.verdictText.includes('shortest walk 14 steps'), off.edit.verdictText);
    await clickTarget(page, 'undoButton');
    await waitFor(page, (b) => window.puzzleLab.edit.board === b, state.edit.board, SHORT);
    await verdictIn(page);
    const solved = await playAndSolve(page);
    expect(solved.status === 'solved', `status ${solved.status}`);
    // The same map's editor on a phone, from its link.
    const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
    const small = await phone.newPage();
    await open(small, base, `puzzle=bender&board=${encodeURIComponent(state.edit.board.replaceAll('\n', '|'))}`);
    await small.evaluate(() => window.puzzleLab.startEditing());
    await waitFor(small, () => window.puzzleLab.editing === true, undefined, SHORT);
    await verdictIn(small);
    await nextFrames(small, 3);
    await screenshot(small, { path: path.join(output, 'edit-bender-phone.png') });
    const onPhone = await lab(small);
    await phone.close();
    expect(onPhone.edit.verdictText.includes('shortest walk 18 steps'), onPhone.edit.verdictText);
    return `${state.edit.verdictText}, verdict ${state.edit.verdictMs.toFixed(0)} ms after the edit; ` +
      `field off: ${off.edit.verdictText}; solved in ${solved.cost} characters`;
  });

  await check('edit: Tree of Life grown by mouse from one cell, rule bits and queries set, judged, played and solved', async () => {
    await open(page, base, 'puzzle=treeoflife');
    await clickInSight(page, 'editButton');
    await waitFor(page, () => window.puzzleLab.editing === true && window.puzzleLab.layout.editWidth, undefined, SHORT);
    // The levels slider to its left end (1 level), then an empty board: a lone root, off.
    await clickInSight(page, 'editWidth');  // in sight, then to its left end
    const slider = (await lab(page)).layout.editWidth;
    await page.mouse.click(slider.x + 2, slider.y + slider.h / 2);
    await clickInSight(page, 'editBlank');
    await waitFor(page, () => window.puzzleLab.edit.board === '0\n.\n', undefined, SHORT);
    await verdictIn(page);
    let edits = (await lab(page)).edit.edits;
    // Clicks on cells with the tool in hand; cells are numbered breadth-first.
    const clickCell = async (cell) => {
      await settled(page);  // the verdict's line may have moved the board
      await clickTarget(page, `cell${cell}`);
      await waitFor(page, (n) => window.puzzleLab.edit.edits === n, ++edits, SHORT);
    };
    const pickTool = async (name) => {
      await clickInSight(page, `editTool-${name}`);
      await waitFor(page, (t) => window.puzzleLab.edit.tool === t, name, SHORT);
    };
    await clickCell(0);  // Children, the first tool: the root grows two
    await clickCell(1);  // and its left child two more
    expect((await lab(page)).edit.board === '0\n((. . .) . .)\n', (await lab(page)).edit.board);
    await pickTool('toggle');
    await clickCell(3);
    await clickCell(2);
    // Rule bits: on when the left child is on (4), or the cell itself (2), or both (6).
    for (const bit of [4, 2, 6]) {
      await clickInSight(page, `neighbourhood${bit}`);
      await waitFor(page, (n) => window.puzzleLab.edit.edits === n, ++edits, SHORT);
    }
    // Two queries with the Query tool's step (1): the root, then cell 1.
    await pickTool('query');
    await clickCell(0);
    await clickCell(1);
    await verdictIn(page);
    const state = await lab(page);
    const rule = (1 << 4) | (1 << 2) | (1 << 6);
    expect(state.edit.board === `${rule}\n((X . .) . X)\n2\n1 []\n1 [<]\n`, `board ${state.edit.board}`);
    expect(state.edit.summary === `5 cells, 2 on; rule ${rule}; 2 queries`, state.edit.summary);
    expect(state.edit.verdict === 'solvable' && state.edit.verdictText.startsWith('Answers '),
      `verdict ${state.edit.verdict}: ${state.edit.verdictText}`);
    await parkPointer(page);
    await nextFrames(page, 3);
    await screenshot(page, { path: path.join(output, 'edit-treeoflife.png') });
    // A removed query: its × in the list; undo brings it back.
    await clickInSight(page, 'removeQuery2');
    await waitFor(page, (n) => window.puzzleLab.edit.edits === n, ++edits, SHORT);
    expect((await lab(page)).edit.board.endsWith('1\n1 []\n'), (await lab(page)).edit.board);
    await clickTarget(page, 'undoButton');
    await waitFor(page, (b) => window.puzzleLab.edit.board === b, state.edit.board, SHORT);
    await verdictIn(page);
    const solved = await playAndSolve(page);
    const answers = solved.extras.answers;
    expect(solved.status === 'solved' && answers && answers.length === 2, `status ${solved.status}, answers ${answers}`);
    expect(state.edit.verdictText.startsWith(`Answers ${answers[0]} ${answers[1]} `), `${state.edit.verdictText} vs ${answers}`);
    // On a phone: the sample board in the editor, its verdict under the board.
    const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
    const small = await phone.newPage();
    await open(small, base, 'puzzle=treeoflife');
    await small.evaluate(() => window.puzzleLab.startEditing());
    await waitFor(small, () => window.puzzleLab.editing === true, undefined, SHORT);
    await verdictIn(small);
    await nextFrames(small, 3);
    await screenshot(small, { path: path.join(output, 'edit-treeoflife-phone.png') });
    const sample = (await lab(small)).edit;
    await phone.close();
    expect(sample.verdict === 'solvable', `phone verdict ${sample.verdict}: ${sample.verdictText}`);
    return `${state.edit.verdictText}, verdict ${state.edit.verdictMs.toFixed(0)} ms after the edit; ` +
      `phone, the sample: ${sample.verdictText} (${sample.verdictMs.toFixed(0)} ms)`;
  });

  await check('edit: the Rush Hour editor on a phone', async () => {
    const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
    const small = await phone.newPage();
    await open(small, base, 'puzzle=rushhour');
    await small.evaluate(() => window.puzzleLab.startEditing());  // the page's API (the button is down the panel)
    await waitFor(small, () => window.puzzleLab.editing === true, undefined, SHORT);
    await verdictIn(small);
    await settled(small);
    await screenshot(small, { path: path.join(output, 'edit-rushhour-phone.png') });
    const state = await lab(small);
    // The tools are over the board, under the toolbar, not down the panel;
    // and a tap picks one.
    const { board, editPlayButton: play, 'editTool-wall': wall } = state.layout;
    const tools = editTools(state).split(' ');
    expect(tools.length >= 5 && wall, `tools ${tools}`);
    for (const name of tools) {
      const r = state.layout[`editTool-${name}`];
      expect(r.y >= play.y + play.h && r.y + r.h <= board.y, `tool ${name} at ${JSON.stringify(r)}, board at ${JSON.stringify(board)}`);
    }
    // The verdict and the tool's line under the board are whole, above the panel.
    const { statusLine, outcome, panel } = state.layout;
    expect(outcome && statusLine && statusLine.y + statusLine.h <= panel.y,
      `the status line at ${JSON.stringify(statusLine)} runs under the panel at ${JSON.stringify(panel)}`);
    await small.touchscreen.tap(wall.x + wall.w / 2, wall.y + wall.h / 2);
    await waitFor(small, () => window.puzzleLab.edit.tool === 'wall', undefined, SHORT);
    // Sudoku's givens by touch: a tap on a cell, a tap on the digit pad.
    await open(small, base, 'puzzle=sudoku');
    await small.evaluate(() => window.puzzleLab.startEditing());
    await waitFor(small, () => window.puzzleLab.editing === true && window.puzzleLab.layout.r5c5 &&
      window.puzzleLab.layout.pad7, undefined, SHORT);
    const before = (await lab(small)).edit.edits;
    for (const name of ['r5c5', 'pad7']) {
      await settled(small);
      const r = (await lab(small)).layout[name];
      await small.touchscreen.tap(r.x + r.w / 2, r.y + r.h / 2);
    }
    await waitFor(small, (n) => window.puzzleLab.edit.edits === n + 1, before, SHORT);
    const typed = await lab(small);
    expect(typed.edit.board[40] === '7', `r5c5 holds ${typed.edit.board[40]}`);
    await phone.close();
    return `${state.edit.verdictText}; tools ${tools.join(' ')} over the board; Sudoku r5c5=7 by touch`;
  });
}
