// One record of the game (issue 43): counts, links and cards tell the truth.
// A jump across the Cluster view counts its moves; a link copied after a
// solution was shown credits none of the solver's moves to whoever opens
// it; a "watch the solution" link on a first visit plays with no card over
// the board; the Enter that closes a card never reaches the board; the
// card's demonstration rests; the editor shows the board being built, not
// the old board's name and optimum. First visits get fresh contexts. Every
// wait is on a state the page publishes in window.puzzleLab.
import path from 'node:path';
import { HARDEST, WALLS_15, SHORT, LONG, expect, lab, waitFor, open, settled, screenshot, clickTarget } from '../lib.mjs';

const WINDOW_MS = 5000;
const hashMoves = (hash) => {
  const m = /[#&]moves=([^&]*)/.exec(hash);
  return m ? m[1].split(',').length : 0;
};

async function newPage(make, pageErrors, viewport = { width: 1280, height: 720 }) {
  const context = await make({ viewport, serviceWorkers: 'block' });
  const page = await context.newPage();
  page.on('pageerror', (err) => pageErrors.push(err.message));
  return { context, page };
}

export default async function recordChecks({ browser, freshContext, output, base, check, pageErrors }) {
  const shot = (page, name) => screenshot(page, { path: path.join(output, `record-${name}.png`) });

  await check('record: a jump across the Cluster view counts each of its moves (issue 43.1)', async () => {
    const { context, page } = await newPage((o) => browser.newContext(o), pageErrors);
    try {
      await open(page, base, `puzzle=rushhour&board=${HARDEST}`);
      await waitFor(page, () => window.puzzleLab.status === 'idle' && window.puzzleLab.ready);
      await page.keyboard.press('g');
      await waitFor(page, () => window.puzzleLab.cluster.open && window.puzzleLab.cluster.positions > 0 &&
        !window.puzzleLab.cluster.working && window.puzzleLab.cluster.targets.length > 0, undefined, LONG);
      await settled(page);
      // Clicks across the picture until one lands on a position several moves away.
      // The picture stands in the board's place: beside the side panel.
      const { layout } = await lab(page);
      const { width, height } = page.viewportSize();
      const panel = layout.panel;
      const pane = panel.x > width / 4 ? { x: 0, y: 0, w: panel.x, h: height }
        : { x: panel.x + panel.w, y: 0, w: width - panel.x - panel.w, h: height };
      let jumped = null;
      for (let i = 1; i < 12 && !jumped; ++i) {
        for (let j = 2; j < 11 && !jumped; ++j) {
          await page.mouse.click(pane.x + (pane.w * i) / 12, pane.y + (pane.h * j) / 12);
          await settled(page);
          const state = await lab(page);
          const moves = hashMoves(await page.evaluate(() => location.hash));
          if (state.moveCount === 1 && moves > 1) jumped = { state, moves };
          else if (state.moveCount > 0) { await page.evaluate(() => window.puzzleLab.restart()); await settled(page); }
        }
      }
      expect(jumped, 'no click jumped more than one move');
      const { state, moves } = jumped;
      await shot(page, 'jump');
      expect(state.handMoves === moves, `a jump of ${moves} moves counted ${state.handMoves}`);
      expect(state.counter === `Moves: ${moves}`, `counter "${state.counter}" after a jump of ${moves} moves`);
      return `a jump of ${moves} moves: "${state.counter}"`;
    } finally {
      await context.close();
    }
  });

  await check('record: a link copied after a solution was shown credits none of it (issue 43.3)', async () => {
    const { context, page } = await newPage((o) => browser.newContext(o), pageErrors);
    let link;
    try {
      await open(page, base, `puzzle=rushhour&board=${HARDEST}&solve=1`);
      await waitFor(page, () => window.puzzleLab.status === 'solved' && window.puzzleLab.solution);
      await page.evaluate(() => window.puzzleLab.last());
      await waitFor(page, () => !window.puzzleLab.playing && window.puzzleLab.solvedPosition, undefined, SHORT);
      await waitFor(page, () => /[#&]moves=/.test(location.hash), undefined, SHORT);
      link = await page.evaluate(() => location.hash.slice(1));
    } finally {
      await context.close();
    }
    const { context: other, page: opened } = await newPage((o) => browser.newContext(o), pageErrors);
    try {
      await open(opened, base, link.replace(/&solve=1/, ''));
      await waitFor(opened, () => window.puzzleLab.moveCount > 0, undefined, LONG);
      await settled(opened);
      const state = await lab(opened);
      await shot(opened, 'link-after-solve');
      expect(state.handMoves === 0, `the recipient is credited with ${state.handMoves} moves`);
      expect(state.solutionMoves === 60, `solution moves shown: ${state.solutionMoves}`);
      expect(/^Your moves: 0/.test(state.counter), `counter "${state.counter}"`);
      return `"${state.counter}" after opening ${link.length} characters of link`;
    } finally {
      await other.close();
    }
  });

  await check('record: a watch-the-solution link on a first visit plays with no card over it (issue 43.4)', async () => {
    const { context, page } = await newPage(freshContext, pageErrors);
    try {
      await open(page, base, `puzzle=rushhour&board=${WALLS_15}&solve=1`);
      await waitFor(page, () => window.puzzleLab.status === 'solved' && window.puzzleLab.moveCount >= 3);
      const playing = await lab(page);
      await shot(page, 'solve-link-first-visit');
      expect(!playing.rulesShown, `the How to play card is over the board at move ${playing.moveCount}`);
      // Once watched, the first visit's card comes.
      await waitFor(page, () => !window.puzzleLab.playing && window.puzzleLab.rulesShown, undefined, LONG);
      return `no card while it played (move ${playing.moveCount}); the card after the playback`;
    } finally {
      await context.close();
    }
  });

  await check('record: the Enter that closes How to play never reaches the board (issue 43.5)', async () => {
    const { context, page } = await newPage(freshContext, pageErrors);
    try {
      await open(page, base, 'puzzle=amphipod');
      await waitFor(page, () => window.puzzleLab.rulesShown, undefined, SHORT);
      await settled(page);
      await page.keyboard.press('Enter');
      await waitFor(page, () => !window.puzzleLab.rulesShown, undefined, SHORT);
      await settled(page);
      const state = await lab(page);
      const said = `${state.message} | ${state.announced ?? ''} | ${state.announcement?.text ?? ''}`;
      expect(!/Pick an amphipod/.test(said), `the board took the Enter: ${said}`);
      return 'the card closed; the board said nothing';
    } finally {
      await context.close();
    }
  });

  await check('record: the How to play demonstration rests on every first visit (issue 43.9)', async () => {
    // The pages side by side, as rest.mjs watches them: each opened on a
    // first visit and its demonstration played to its end, then one
    // five-second window for them all (not five in a row).
    const pages = [];
    try {
      for (const puzzle of ['rushhour', 'sudoku', 'amphipod', 'treeoflife', 'bender']) {
        const { context, page } = await newPage(freshContext, pageErrors);
        pages.push({ puzzle, context, page });
        await open(page, base, `puzzle=${puzzle}`);
        await waitFor(page, () => window.puzzleLab.rulesShown, undefined, SHORT);
      }
      for (const p of pages) {
        p.demo = (await lab(p.page)).rulesDemo;
        if (p.demo) await waitFor(p.page, () => window.puzzleLab.rulesDemo.done, undefined, LONG);
        await settled(p.page);
      }
      for (const p of pages) p.before = (await lab(p.page)).frames;
      await pages[0].page.waitForTimeout(WINDOW_MS);  // the window watched, not a state waited for
      const seen = [];
      for (const { puzzle, page, demo, before } of pages) {
        const after = await lab(page);
        const frames = after.frames - before;
        expect(after.rulesShown, `${puzzle}: the card closed by itself`);
        expect(frames <= 2, `${puzzle}: ${frames} frames in ${WINDOW_MS / 1000} s with the card open`);
        if (demo) expect(after.layout.rulesReplay, `${puzzle}: no Replay button once the demonstration rests`);
        seen.push(`${puzzle} ${frames}`);
      }
      return `frames in ${WINDOW_MS / 1000} s with the card at rest: ${seen.join(', ')}`;
    } finally {
      for (const { context } of pages) await context.close();
    }
  });

  await check('record: the editor names the board being built, and Play keeps its optimum (issue 43.6)', async () => {
    const { context, page } = await newPage((o) => browser.newContext(o), pageErrors);
    try {
      await open(page, base, 'puzzle=amphipod');
      await waitFor(page, () => window.puzzleLab.knownCost !== null && window.puzzleLab.ready);
      const before = await lab(page);
      await page.evaluate(() => window.puzzleLab.startEditing());
      await waitFor(page, () => window.puzzleLab.editing && window.puzzleLab.edit.verdict !== 'checking');
      await settled(page);
      const editing = await lab(page);
      await shot(page, 'editing');
      expect(editing.boardName === 'the board being built', `while editing the board is "${editing.boardName}"`);
      expect(editing.knownCost === null, `while editing the old board's optimum ${editing.knownCost} is shown`);
      await page.evaluate(() => window.puzzleLab.stopEditing());
      await waitFor(page, () => window.puzzleLab.editing === false, undefined, SHORT);
      // A burrow of the player's own: its verdict's optimum stays once played.
      await open(page, base, `puzzle=amphipod&board=${encodeURIComponent('BCA/ABC')}`);
      await waitFor(page, () => window.puzzleLab.status === 'idle' && window.puzzleLab.ready);
      await page.evaluate(() => window.puzzleLab.startEditing());
      await waitFor(page, () => window.puzzleLab.editing && window.puzzleLab.edit.verdict === 'solvable');
      const verdict = (await lab(page)).edit;
      expect(verdict.verdictCost > 0, `verdict ${JSON.stringify(verdict)}`);
      await page.evaluate(() => window.puzzleLab.playEdited());
      await waitFor(page, () => window.puzzleLab.editing === false, undefined, SHORT);
      await settled(page);
      const played = await lab(page);
      await shot(page, 'edited-played');
      expect(played.knownCost === verdict.verdictCost,
             `after Play this board: optimum ${played.knownCost}, the verdict said ${verdict.verdictCost}`);
      return `"${before.boardName}" while playing, "${editing.boardName}" while editing; optimum ${played.knownCost} kept`;
    } finally {
      await context.close();
    }
  });

  await check('record: Compare says what runs, not the last solve\'s outcome (issue 43.7)', async () => {
    const { context, page } = await newPage((o) => browser.newContext(o), pageErrors);
    try {
      await open(page, base, `puzzle=rushhour&board=${HARDEST}&solve=1`);
      await waitFor(page, () => window.puzzleLab.status === 'solved');
      await page.evaluate(() => window.puzzleLab.pause());
      await page.evaluate(() => window.puzzleLab.compare());
      await waitFor(page, () => window.puzzleLab.work === 'solve' && window.puzzleLab.outcomeText !== undefined, undefined, SHORT);
      const state = await lab(page);
      await page.evaluate(() => window.puzzleLab.cancel());
      expect(/^Comparing/.test(state.outcomeText ?? ''), `while comparing the line says "${state.outcomeText}"`);
      return `"${state.outcomeText}"`;
    } finally {
      await context.close();
    }
  });
}
