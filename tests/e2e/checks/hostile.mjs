// Hostile input, second round (issue 45): a stored edit that once killed the
// page on every visit is set aside with a note and never tried again; a link
// with 200,000 unknown keys gives a short error; a solver worker that stops
// answering without an error event is noticed and the page leaves Solving.
import path from 'node:path';
import { HARDEST, LONG_SEARCH, SHORT, LONG, expect, lab, waitFor, screenshot } from '../lib.mjs';

const ready = (page) => waitFor(page, () => window.puzzleLab && window.puzzleLab.ready === true, undefined, LONG);

// Waits for the address too: on the same page a new hash is only a hashchange.
async function openAndWait(page, base, hash) {
  await page.goto(`${base}/#${hash}`);
  await waitFor(page, () => window.puzzleLab && window.puzzleLab.ready === true &&
    window.puzzleLab.address === window.location.hash, undefined, LONG);
}

async function reload(page) {
  await page.reload();
  await ready(page);
}

export default async function ({ browser, base, output, check }) {
  await check('hostile: a 130 KB stored Rush Hour edit is set aside with a note, once', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    try {
      await openAndWait(page, base, '');
      // What any script on a shared origin could plant (1.5 GiB, then the page died).
      const planted = await page.evaluate(() => {
        const text = 'o'.repeat(50000) + '\n' + 'o\n'.repeat(40000);
        localStorage.setItem('puzzlelab:last', 'rushhour');
        localStorage.setItem('puzzlelab:edit:rushhour', text);
        return text.length;
      });
      await reload(page);
      await waitFor(page, () => /could not be reopened/.test(window.puzzleLab.message), undefined, SHORT);
      const state = await lab(page);
      expect(state.puzzle === 'rushhour', `puzzle ${state.puzzle}`);
      expect(/The board being built could not be reopened .*set aside/.test(state.message),
        `message: ${state.message.slice(0, 200)}`);
      const stored = await page.evaluate(() => ({
        edit: localStorage.getItem('puzzlelab:edit:rushhour'),
        aside: (localStorage.getItem('puzzlelab:set-aside:edit:rushhour') || '').length,
      }));
      expect(stored.edit === '' && stored.aside === planted, `stored ${JSON.stringify(stored)} (planted ${planted})`);
      await screenshot(page, { path: path.join(output, 'hostile-stored-edit.png') });
      // The next visit opens cleanly: nothing to set aside again.
      await reload(page);
      const again = await lab(page);
      expect(!/could not be reopened/.test(again.message) && again.error === '',
        `again: ${again.message} ${again.error}`);
      return state.message;
    } finally {
      await context.close();
    }
  });

  await check('hostile: a link with 200,000 unknown keys gives a short error', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    try {
      await openAndWait(page, base, `puzzle=rushhour&board=${HARDEST}${'&x=1'.repeat(200000)}`);
      await waitFor(page, (board) => window.puzzleLab.board === board, HARDEST, SHORT);
      const state = await lab(page);
      expect(state.error === "'x=1' and 199999 more in the link are not understood: ignored.",
        `error (${state.error.length} characters): ${state.error.slice(0, 200)}`);
      return state.error;
    } finally {
      await context.close();
    }
  });

  await check('hostile: a solver worker that stops answering is noticed, and Solving ends', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    // Keeps the page's workers where this check can end them as a browser
    // may: terminate() fires no error event.
    await context.addInitScript(() => {
      const Native = window.Worker;
      window.__workers = [];
      window.Worker = function (...args) { const worker = new Native(...args); window.__workers.push(worker); return worker; };
      window.Worker.prototype = Native.prototype;
    });
    const page = await context.newPage();
    try {
      await openAndWait(page, base, `puzzle=rushhour&board=${LONG_SEARCH}&algorithm=idastar&metric=steps`);
      await page.evaluate(() => window.puzzleLab.solve());
      await waitFor(page, () => window.puzzleLab.status === 'solving' && window.puzzleLab.progress &&
        window.puzzleLab.progress.expanded > 0, undefined, LONG);
      // The page's own limit is 20 s of silence; a short one here, once the
      // worker has been heard (20 s of a page drawing Solving cost the run
      // about 30 CPU-s). The note says the limit it used.
      const ended = await page.evaluate(() => {
        window.puzzleLab.commandQueue.push('silenceLimit:2');
        window.__workers.forEach((w) => w.terminate());
        window.puzzleLab.redraw();
        return window.__workers.length;
      });
      await waitFor(page, () => window.puzzleLab.status !== 'solving', undefined, LONG);
      const state = await lab(page);
      expect(state.status === 'error' && /stopped answering \(no word from it for 2 s\)/.test(state.error),
        `status ${state.status}, error: ${state.error}`);
      await screenshot(page, { path: path.join(output, 'hostile-silent-worker.png') });
      // The next solve gets a fresh worker.
      await page.evaluate((board) => { location.hash = `#puzzle=rushhour&board=${board}`; }, HARDEST);
      await waitFor(page, (board) => window.puzzleLab.board === board, HARDEST, SHORT);
      await page.evaluate(() => window.puzzleLab.solve());
      await waitFor(page, () => window.puzzleLab.status === 'solved', undefined, LONG);
      return `${ended} workers ended; ${state.error}`;
    } finally {
      await context.close();
    }
  });
}
