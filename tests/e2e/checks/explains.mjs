// Every puzzle explains itself and tells the truth: the How to play card on
// a puzzle's first visit (closed, it stays closed after a reload), a
// tooltip, Amphipod's energy counter after a move by hand, no "after your
// N moves" once a solution has played back, the live region after a move,
// and the phone layout. Each puzzle's card is photographed at 1280x720.
import path from 'node:path';
import { SHORT, LONG, expect, lab, waitFor, open, nextFrames, puzzleList, clickTarget, parkPointer, dragTargets, screenshot } from '../lib.mjs';

const AMPHIPOD = 'BCBD/ADCA';  // the example, one line

export default async function explainsChecks({ browser, freshContext, page, base, output, check }) {
  await check('the How to play card opens on a first visit, closes, and stays closed', async () => {
    const context = await freshContext({ viewport: { width: 1280, height: 720 } });
    const p = await context.newPage();
    try {
      const ids = (await puzzleList(p, base)).map((puzzle) => puzzle.id);
      for (const id of ids) {  // each puzzle's card, for the record
        await open(p, base, `puzzle=${id}`);
        await waitFor(p, () => window.puzzleLab.rulesShown === true && !!window.puzzleLab.layout.rulesCard,
                      undefined, SHORT);
        await nextFrames(p, 4);
        await screenshot(p, { path: path.join(output, `rules-${id}.png`) });
      }
      const first = await lab(p);
      expect(first.announcement.text.includes('How to play'), `said "${first.announcement.text}"`);
      await clickTarget(p, 'rulesClose');
      await waitFor(p, () => window.puzzleLab.rulesShown === false, undefined, SHORT);
      await p.reload();
      await waitFor(p, () => window.puzzleLab && window.puzzleLab.ready === true, undefined, LONG);
      await nextFrames(p, 10);
      expect((await lab(p)).rulesShown === false, 'the card came back after a reload');
      // Another puzzle's card is its own: closing one closes only that one.
      await open(p, base, 'puzzle=sudoku');
      await waitFor(p, () => window.puzzleLab.rulesShown === true, undefined, SHORT);
      await p.keyboard.press('Escape');
      await waitFor(p, () => window.puzzleLab.rulesShown === false, undefined, SHORT);
      // And the button opens it again whenever asked.
      await clickTarget(p, 'rulesButton');
      await waitFor(p, () => window.puzzleLab.rulesShown === true, undefined, SHORT);
      // Read aloud: every line, without the card's per-device marks.
      const said = (await lab(p)).announcement.text;
      expect(said.includes('Pencil marks') && !/\[(keys|touch)\]/.test(said), `said "${said}"`);
      return `cards of ${ids.join(', ')} in rules-*.png; closed stays closed after a reload`;
    } finally {
      await context.close();
    }
  });

  await check('a tooltip says what a control does', async () => {
    await open(page, base, 'puzzle=rushhour');
    const solve = (await lab(page)).layout.solveButton;
    await page.mouse.move(solve.x + solve.w / 2, solve.y + solve.h / 2);
    await waitFor(page, () => window.puzzleLab.tooltip.startsWith('Solve from here'), undefined, SHORT);
    const algorithm = (await lab(page)).layout.algorithmPicker;
    await page.mouse.move(algorithm.x + algorithm.w / 2, algorithm.y + algorithm.h / 2);
    await waitFor(page, () => window.puzzleLab.tooltip.includes('first solution'), undefined, SHORT);
    await nextFrames(page);
    await screenshot(page, { path: path.join(output, 'tooltip-algorithm.png') });
    const tip = (await lab(page)).tooltip;
    await parkPointer(page);
    await waitFor(page, () => window.puzzleLab.tooltip === '', undefined, SHORT);
    return `"${tip}"`;
  });

  await check('Amphipod counts the energy of a move by hand; the live region says the move', async () => {
    await open(page, base, `puzzle=amphipod&board=${encodeURIComponent(AMPHIPOD)}`);
    await waitFor(page, () => window.puzzleLab.status === 'idle' && !!window.puzzleLab.layout['B@C1'], undefined, SHORT);
    expect((await lab(page)).counter === 'Moves: 0 \u00b7 Energy: 0', 'the counter does not start at 0 energy');
    await dragTargets(page, 'B@C1', 'h3');  // a B: one step up, three along: 40
    await waitFor(page, () => window.puzzleLab.moveCount === 1, undefined, SHORT);
    const state = await lab(page);
    expect(state.counter === 'Moves: 1 \u00b7 Energy: 40', `counter "${state.counter}"`);
    await waitFor(page, () => document.getElementById('live').textContent.includes('C1-h3'), undefined, SHORT);
    const live = await page.evaluate(() => document.getElementById('live').textContent);
    expect(live.includes('Energy: 40'), `live region "${live}"`);
    return `counter "${state.counter}", live region "${live}"`;
  });

  await check('a solution played back is not counted as the player\'s moves', async () => {
    await open(page, base, `puzzle=amphipod&board=${encodeURIComponent(AMPHIPOD)}&solve=1`);
    await waitFor(page, () => window.puzzleLab.status === 'solved' && window.puzzleLab.solution &&
      window.puzzleLab.moveCount === window.puzzleLab.solution.last && !window.puzzleLab.playing);
    const state = await lab(page);
    expect(state.solvedText.startsWith('Solved: 12521 energy'), `banner "${state.solvedText}"`);
    expect(!state.solvedText.includes('after your'), `banner "${state.solvedText}"`);
    expect(state.handMoves === 0, `${state.handMoves} moves counted as the player's`);
    expect(state.counter === 'Your moves: 0 \u00b7 Energy: 0', `counter "${state.counter}" beside a board 9 moves on`);
    // Solve again at the end: said, not run.
    await page.evaluate(() => window.puzzleLab.solve());
    await waitFor(page, () => window.puzzleLab.message.startsWith('Already solved'), undefined, SHORT);
    const after = await lab(page);
    expect(after.status === 'solved' && after.work === '', `status ${after.status}, work ${after.work}`);
    return `banner "${state.solvedText}", counter "${state.counter}"`;
  });

  await check('a move after a solve marks the result stale', async () => {
    await page.evaluate(() => window.puzzleLab.restart());
    await waitFor(page, () => window.puzzleLab.moveCount === 0, undefined, SHORT);
    await dragTargets(page, 'B@C1', 'h3');
    await waitFor(page, () => window.puzzleLab.moveCount === 1, undefined, SHORT);
    const state = await lab(page);
    expect(state.resultStale === true, 'the old result is not marked stale');
    expect(state.solution === null && state.playbackLabel === '', `transport ${state.playbackLabel}`);
    return `resultStale ${state.resultStale}`;
  });

  await check('phone: touch words, no keys, the card and the layout', async () => {
    const phone = await freshContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2,
                                      hasTouch: true, isMobile: true });
    const p = await phone.newPage();
    try {
      await open(p, base, 'puzzle=bender');
      await waitFor(p, () => window.puzzleLab.rulesShown === true && window.puzzleLab.device === 'touch',
                    undefined, SHORT);
      await nextFrames(p, 4);
      await screenshot(p, { path: path.join(output, 'phone-rules-bender.png') });
      const close = (await lab(p)).layout.rulesClose;
      await p.touchscreen.tap(close.x + close.w / 2, close.y + close.h / 2);
      await waitFor(p, () => window.puzzleLab.rulesShown === false, undefined, SHORT);
      await nextFrames(p, 4);
      await screenshot(p, { path: path.join(output, 'phone-bender.png') });
      await p.evaluate(() => window.puzzleLab.keys());
      await waitFor(p, () => window.puzzleLab.keysShown === true, undefined, SHORT);
      await nextFrames(p, 4);
      await screenshot(p, { path: path.join(output, 'phone-controls.png') });
      return 'phone-rules-bender.png, phone-bender.png, phone-controls.png';
    } finally {
      await phone.close();
    }
  });
}
