// Every control within reach (issue 21): the wheel and a drag scroll the
// side panel as on any page; at 1280x720, 1366x768 and 1024x768 each
// puzzle's actions and the outcome of a solve are on screen; small embeds
// (320x400) keep a playable board, readable text, the whole digit pad and
// one transport bar; Esc closes a menu, Enter submits Tree of Life's Go to,
// and a paste of megabytes loads (or is refused in words).
import path from 'node:path';
import { HARDEST, LONG_SEARCH, SHORT, LONG, expect, lab, waitFor, open, settled, nextFrames, clickTarget, puzzleList, screenshot } from '../lib.mjs';

// Car A's way out is walled: no solution (proven at once).
const WALLED = 'ooooooooooooAAoxoooooooooooooooooooo';
const SAMPLE = '42354\n((. X (. . .)) . (X . (. X X)))\n6\n0 []\n2 [><]\n0 [><]\n0 [<>]\n1 [><]\n0 [<>]\n';
const SIZES = [[1280, 720], [1366, 768], [1024, 768]];

const inside = (r, w, h) => !!r && r.x >= 0 && r.y >= 0 && r.x + r.w <= w + 0.5 && r.y + r.h <= h + 0.5;
const box = (r) => (r ? `${Math.round(r.x)},${Math.round(r.y)} ${Math.round(r.w)}x${Math.round(r.h)}` : 'missing');

// Waits until the app has laid out the page for the viewport's size.
async function laidOut(page) {
  await waitFor(page, () => window.puzzleLab.display &&
    Math.abs(window.puzzleLab.display.w - window.innerWidth) < 1 &&
    Math.abs(window.puzzleLab.display.h - window.innerHeight) < 1, undefined, SHORT);
  await settled(page);
}

// Moves a pressed pointer (mouse or finger) in steps, a frame drawn after
// each: the app reads the pointer once a frame.
async function dragBy(page, step, to) {
  for (const [x, y] of to) {
    await step(x, y);
    await nextFrames(page, 1);
  }
}

export default async function reachChecks({ browser, page, base, output, check, pageErrors }) {
  await check('the wheel scrolls the side panel down and up by its pixels; a mouse drag scrolls it', async () => {
    await page.setViewportSize({ width: 1280, height: 720 });
    // Rush Hour with its paste box open: a panel taller than the screen
    // (Tree of Life's no longer is: its play controls are by the board).
    await open(page, base, 'puzzle=rushhour');
    await laidOut(page);
    await clickTarget(page, 'pasteToggle');
    await waitFor(page, () => !!window.puzzleLab.layout.pasteBox && window.puzzleLab.settled, undefined, SHORT);
    await page.mouse.move(1, 1);  // off the box: its tooltip would not let the frames settle
    await settled(page);
    const { layout, panelScroll } = await lab(page);
    expect(panelScroll && panelScroll.max > 150, `the panel does not scroll at 1280x720: ${JSON.stringify(panelScroll)}`);
    const x = layout.panel.x + layout.panel.w / 2, y = layout.panel.y + layout.panel.h / 2;
    await page.mouse.move(x, y);
    await page.mouse.wheel(0, 100);  // one notch down, as Chromium reports it
    await waitFor(page, () => window.puzzleLab.panelScroll.y > 0 && window.puzzleLab.settled, undefined, SHORT);
    const down = (await lab(page)).panelScroll.y;
    expect(Math.abs(down - 100) <= 2, `one notch down scrolled to ${down} (100 wanted)`);
    await page.mouse.wheel(0, -100);
    await waitFor(page, () => window.puzzleLab.panelScroll.y < 1 && window.puzzleLab.settled, undefined, SHORT);
    // A press on the panel's margin (its background) dragged up 150 px.
    const x0 = layout.panel.x + 6, y0 = layout.panel.y + layout.panel.h - 60;
    await page.mouse.move(x0, y0);
    await nextFrames(page, 1);
    await page.mouse.down();
    await nextFrames(page, 1);
    await dragBy(page, (px, py) => page.mouse.move(px, py), [0, 1, 2, 3, 4, 5].map((i) => [x0, y0 - 30 * i]));
    await page.mouse.up();
    await settled(page);
    const dragged = (await lab(page)).panelScroll.y;
    expect(Math.abs(dragged - 150) <= 8, `a 150 px drag scrolled ${dragged} px`);
    return `one notch: ${down} px down, then back to 0; a 150 px mouse drag: ${dragged} px`;
  }, { firefox: true });

  await check('a finger dragged on a phone scrolls the panel, even from a button', async () => {
    const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true,
                                             serviceWorkers: 'block' });
    const p = await phone.newPage();
    p.on('pageerror', (err) => pageErrors.push(err.message));
    await open(p, base, `puzzle=treeoflife&board=${encodeURIComponent(SAMPLE)}`);
    await laidOut(p);
    const { layout, panelScroll } = await lab(p);
    expect(panelScroll.max > 400, `the panel does not scroll: ${JSON.stringify(panelScroll)}`);
    const cdp = await phone.newCDPSession(p);
    // Up by 200 px, in steps, from (x, y0).
    const swipe = async (x, y0) => {
      const touch = (type, y) => cdp.send('Input.dispatchTouchEvent',
        { type, touchPoints: type === 'touchEnd' ? [] : [{ x, y, id: 1 }] });
      await touch('touchStart', y0);
      await nextFrames(p, 1);
      await dragBy(p, (px, py) => touch('touchMove', py), [1, 2, 3, 4, 5, 6, 7, 8].map((i) => [x, y0 - 25 * i]));
      await touch('touchEnd');
      await settled(p);
      return (await lab(p)).panelScroll.y;
    };
    // From the panel's margin (its background), then from a button of the
    // rule editor that scrolled into view: a scroll both times, no click.
    const first = await swipe(layout.panel.x + 5, layout.panel.y + 60);
    expect(Math.abs(first - 200) <= 10, `a 200 px swipe scrolled ${first} px`);
    const mid = await lab(p);
    // (a button low enough that a 200 px swipe up stays on the panel)
    const name = ['goTo', 'ruleNumber', 'preset7710', 'preset6030', 'neighbourhood15']
      .find((n) => mid.layout[n] && mid.layout[n].y > mid.layout.panel.y + 205 && mid.layout[n].y < 844 - 40);
    expect(name, `no button to start from: ${JSON.stringify(mid.layout.panel)}`);
    const button = mid.layout[name];
    const second = await swipe(button.x + button.w / 2, button.y + button.h / 2);
    expect(Math.abs(second - 400) <= 20, `a second swipe, from ${name}, scrolled to ${second} px`);
    const after = await lab(p);
    expect(after.moveCount === 0 && after.board === mid.board, `the swipe clicked ${name}: ${after.lastMove}`);
    await screenshot(p, { path: path.join(output, 'reach-phone-scrolled.png') });
    await phone.close();
    return `two 200 px swipes (from the margin, then from ${name}): panel at ${first}, then ${second} px; nothing clicked`;
  });

  await check('at 1280x720, 1366x768 and 1024x768 every puzzle shows its actions and the solve\'s outcome', async () => {
    const seen = [];
    const list = await puzzleList(page, base);
    const hinted = new Set(list.filter((puzzle) => puzzle.hints).map((puzzle) => puzzle.id));
    for (const { id: puzzle } of list) {
      await page.setViewportSize({ width: SIZES[0][0], height: SIZES[0][1] });
      await open(page, base, `puzzle=${puzzle}`);
      await laidOut(page);
      await page.keyboard.press('s');  // as a person would: S, or the Solve button
      await waitFor(page, () => ['solved', 'unsolvable', 'error'].includes(window.puzzleLab.status), undefined, LONG);
      await page.evaluate(() => window.puzzleLab.pause());
      const names = ['solveButton', 'undoButton', 'redoButton', 'restartButton', 'outcome',
                     ...(hinted.has(puzzle) ? ['hintButton', 'applyHintButton'] : [])];
      for (const [w, h] of SIZES) {
        await page.setViewportSize({ width: w, height: h });
        await laidOut(page);
        const { layout, status } = await lab(page);
        expect(status === 'solved', `${puzzle}: ${status}`);
        const off = names.filter((n) => !inside(layout[n], w, h));
        expect(off.length === 0, `${puzzle} at ${w}x${h}: ${off.map((n) => `${n} ${box(layout[n])}`).join(', ')} not on screen`);
        if (w === 1280) await screenshot(page, { path: path.join(output, `reach-${puzzle}-1280x720.png`) });
      }
      seen.push(`${puzzle} outcome at y ${Math.round((await lab(page)).layout.outcome.y)}`);
    }
    return seen.join('; ');
  });

  await check('Cancel is on screen while solving, and S on an unsolvable board says so on screen', async () => {
    await page.setViewportSize({ width: 1024, height: 768 });
    await open(page, base, `puzzle=rushhour&board=${LONG_SEARCH}&algorithm=idastar&metric=steps`);
    await laidOut(page);
    await page.keyboard.press('s');
    await waitFor(page, () => window.puzzleLab.status === 'solving' && !!window.puzzleLab.layout.outcome, undefined, SHORT);
    const solving = await lab(page);
    expect(inside(solving.layout.solveButton, 1024, 768) && inside(solving.layout.outcome, 1024, 768),
           `Cancel ${box(solving.layout.solveButton)}, progress ${box(solving.layout.outcome)}`);
    await clickTarget(page, 'solveButton');  // Cancel
    await waitFor(page, () => window.puzzleLab.status === 'cancelled', undefined, SHORT);

    await page.setViewportSize({ width: 1280, height: 720 });
    await open(page, base, `puzzle=rushhour&board=${WALLED}`);
    await laidOut(page);
    expect(!(await lab(page)).layout.outcome, 'an outcome before any solve');
    await page.keyboard.press('s');
    await waitFor(page, () => window.puzzleLab.status === 'unsolvable' && !!window.puzzleLab.layout.outcome, undefined, LONG);
    await settled(page);
    const { layout } = await lab(page);
    expect(inside(layout.outcome, 1280, 720), `the outcome at ${box(layout.outcome)}`);
    await screenshot(page, { path: path.join(output, 'reach-unsolvable.png') });
    return `Cancel at ${box(solving.layout.solveButton)} while solving; "unsolvable" shown at ${box(layout.outcome)}`;
  });

  await check('320x400 embeds: a 200-250 px board, 12 px text or more, the whole digit pad, one transport bar', async () => {
    const small = await browser.newContext({ viewport: { width: 320, height: 400 }, hasTouch: true, isMobile: true,
                                             serviceWorkers: 'block' });
    const p = await small.newPage();
    p.on('pageerror', (err) => pageErrors.push(err.message));
    const seen = [];
    for (const { id: puzzle } of await puzzleList(p, base)) {
      await open(p, base, `puzzle=${puzzle}&embed=1`);
      await waitFor(p, () => !!window.puzzleLab.layout.board, undefined, SHORT);
      await settled(p);
      const { layout, textPx } = await lab(p);
      const side = Math.max(layout.board.w, layout.board.h);
      // About 250 px: the canvas keeps 250, inside it a board draws its frame;
      // down to 200 where the view's first controls need the room (issue 44:
      // Bender's Run and program in view).
      expect(side >= 200 && inside(layout.board, 320, 400), `${puzzle}: board ${box(layout.board)}`);
      expect(textPx >= 12, `${puzzle}: text ${textPx} px`);
      const controls = ['solveButton', 'undoButton', 'redoButton', 'restartButton'];
      if (puzzle === 'sudoku') controls.push('pencilToggle', 'padErase', ...[1, 2, 3, 4, 5, 6, 7, 8, 9].map((d) => `pad${d}`));
      const off = controls.filter((n) => !inside(layout[n], 320, 400));
      expect(off.length === 0, `${puzzle}: ${off.map((n) => `${n} ${box(layout[n])}`).join(', ')} not whole on screen`);
      // One transport: Tree of Life's own time line, no playback bar.
      const transports = ['playbackBar', 'play'].filter((n) => layout[n]);
      expect(puzzle === 'treeoflife' ? transports.join() === 'play' && inside(layout.play, 320, 400)
                                     : transports.join() === 'playbackBar' || transports.length === 0,
             `${puzzle}: transports ${transports.join(', ')}`);
      await screenshot(p, { path: path.join(output, `reach-embed-${puzzle}-320x400.png`) });
      seen.push(`${puzzle} ${Math.round(layout.board.w)}x${Math.round(layout.board.h)}`);
    }
    // The pad plays, and the solve's outcome shows in the embed.
    await open(p, base, 'puzzle=sudoku&embed=1');
    await settled(p);
    await clickTarget(p, 'r1c3');
    await nextFrames(p, 2);
    await clickTarget(p, 'pad4');
    await waitFor(p, () => window.puzzleLab.moveCount === 1 && window.puzzleLab.lastMove === 'r1c3=4', undefined, SHORT);
    await clickTarget(p, 'solveButton');
    await waitFor(p, () => window.puzzleLab.status === 'solved' && !!window.puzzleLab.layout.outcome, undefined, LONG);
    expect(inside((await lab(p)).layout.outcome, 320, 400), 'the outcome is off screen in the embed');
    await small.close();
    return `boards ${seen.join(', ')}; pad played r1c3=4, solved with the outcome on screen`;
  });

  await check('Esc closes an open menu; Enter in Go to jumps there', async () => {
    await page.setViewportSize({ width: 1280, height: 720 });
    await open(page, base, `puzzle=treeoflife&board=${encodeURIComponent(SAMPLE)}`);
    await laidOut(page);
    await clickTarget(page, 'puzzlePicker');
    await waitFor(page, () => window.puzzleLab.popupOpen === true && !!window.puzzleLab.layout['puzzle-sudoku'], undefined, SHORT);
    await page.keyboard.press('Escape');
    await waitFor(page, () => window.puzzleLab.popupOpen === false && window.puzzleLab.settled, undefined, SHORT);
    expect((await lab(page)).puzzle === 'treeoflife', 'Esc changed the puzzle');
    await clickTarget(page, 'goToInput');
    await nextFrames(page, 2);
    await page.keyboard.press('Control+A');
    await page.keyboard.type('5');
    await page.keyboard.press('Enter');
    await waitFor(page, () => window.puzzleLab.view.clock === 5, undefined, SHORT);
    return 'the puzzle menu closed on Esc; 5 + Enter went to generation 5';
  });

  await check('a 6 MB paste loads as a board; a 20 MB one is refused in words', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 720 }, serviceWorkers: 'block' });
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: base });
    const p = await context.newPage();
    p.on('pageerror', (err) => pageErrors.push(err.message));
    await open(p, base, 'puzzle=treeoflife');
    await laidOut(p);
    // A complete tree of 2,097,151 cells (rule, tree, two queries): 6.3 MB.
    const size = await p.evaluate(async () => {
      let n = 0;
      const tree = (d) => { const v = (n++ % 3 === 0) ? 'X' : '.'; return d === 0 ? v : `(${tree(d - 1)} ${v} ${tree(d - 1)})`; };
      const text = `42354\n${tree(20)}\n2\n0 []\n1 [<>]\n`;
      await navigator.clipboard.writeText(text);
      return text.length;
    });
    expect(size > 4 * 1024 * 1024, `only ${size} bytes`);
    await clickTarget(p, 'pasteToggle');
    await waitFor(p, () => !!window.puzzleLab.layout.pasteBox, undefined, SHORT);
    await clickTarget(p, 'pasteBox');
    await nextFrames(p, 2);
    await p.keyboard.press('Control+V');
    await settled(p, LONG);
    await clickTarget(p, 'loadBoardButton');
    await waitFor(p, (n) => window.puzzleLab.startBoard.length === n, size, LONG);
    const loaded = await lab(p);
    expect(loaded.error === '' && loaded.status === 'idle', `error "${loaded.error}"`);
    // Over the page's limit: nothing pasted, and the note says why.
    await p.evaluate(() => navigator.clipboard.writeText('x'.repeat(20 * 1024 * 1024)));
    await clickTarget(p, 'pasteBox');
    await nextFrames(p, 2);
    await p.keyboard.press('Control+V');
    await waitFor(p, () => window.puzzleLab.message.startsWith('Not pasted'), undefined, LONG);
    const refused = (await lab(p)).message;
    await context.close();
    return `${(size / 1048576).toFixed(1)} MB loaded (${loaded.view.live} live cells); 20 MB: "${refused}"`;
  });
}
