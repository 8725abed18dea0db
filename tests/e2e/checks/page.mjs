// The page around the app: a dying solver worker, a search too big for the
// browser, offline after one visit, an embed in a blog page that keeps its
// hands off the host's focus and scroll until the reader clicks; the address
// that follows the position, saved progress, Copy link, Back between boards,
// keyboard shortcuts and their list, the digit pad in an embed, a 320x320
// screen, and bad link options reported (issue 7).
import path from 'node:path';
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import os from 'node:os';
import { HARDEST, LONG_SEARCH, SHORT, LONG, expect, lab, waitFor, open, parseMove, serve, nextFrames, settled, clickTarget, expectMove, parkPointer, screenshot, overlayAtRest } from '../lib.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const SUDOKU_EASY = '53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79';
// BFS on LONG_SEARCH fills the worker's memory budget: minutes under a busy machine.
const BIG_SEARCH = 8 * 60000;

export default async function pageChecks({ browser, page, base, output, check, pageErrors }) {
  await check('screenshots wait until the loading overlay has faded out', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 720 }, serviceWorkers: 'block' });
    const p = await context.newPage();
    await p.goto(`${base}/#puzzle=sudoku`);
    await waitFor(p, () => window.puzzleLab && window.puzzleLab.ready === true);
    const overlay = () => p.evaluate(() => {
      const o = document.getElementById('overlay');
      const style = getComputedStyle(o);
      return { visibility: style.visibility, opacity: style.opacity };
    });
    const atReady = await overlay();  // still up, or fading (0.25 s)
    await overlayAtRest(p);
    const atShot = await overlay();
    expect(atShot.visibility === 'hidden' && atShot.opacity === '0', `overlay ${JSON.stringify(atShot)} at the shot`);
    await screenshot(p, { path: path.join(output, 'page-loaded-1280x720.png') });
    await context.close();
    return `overlay ${atReady.visibility}, opacity ${atReady.opacity} when ready; hidden at the shot`;
  });

  await check('a solver worker that dies ends the solve at once; the next Solve gets a fresh one', async () => {
    // No service worker here: it would answer solver_worker.js from its cache.
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, serviceWorkers: 'block' });
    const crashPage = await context.newPage();
    // A worker that loads, then dies on its first call as an out-of-memory abort does.
    const dying = 'onmessage = function () { throw new Error("Aborted(OOM: solver heap 2048 MiB)"); };';
    await context.route(/solver_worker\.js(\?|$)/, (route) =>
      route.fulfill({ contentType: 'text/javascript', headers: { 'cache-control': 'no-store' }, body: dying }));
    await open(crashPage, base, `puzzle=rushhour&board=${HARDEST}`);
    await crashPage.evaluate(() => window.puzzleLab.solve());
    await waitFor(crashPage, () => window.puzzleLab.status !== 'idle' && window.puzzleLab.status !== 'solving',
                  undefined, SHORT);
    const failed = await lab(crashPage);
    expect(failed.status === 'error', `status ${failed.status}`);
    expect(/ran out of memory/.test(failed.error) && /2048 MiB/.test(failed.error), `error "${failed.error}"`);
    expect(failed.cost === null, `a cost (${failed.cost}) shown after a failure`);
    await screenshot(crashPage, { path: path.join(output, 'page-worker-died.png') });
    await context.unroute(/solver_worker\.js(\?|$)/);
    await crashPage.evaluate(() => window.puzzleLab.solve());
    await waitFor(crashPage, () => window.puzzleLab.status === 'solved', undefined, LONG);
    const solved = await lab(crashPage);
    expect(solved.cost === 60, `cost ${solved.cost} after the fresh worker`);
    await context.close();
    return `"${failed.error}", then solved in ${solved.cost} moves`;
  });

  await check('BFS on a huge board ends with a clear message, never stuck in solving', async () => {
    await open(page, base, `puzzle=rushhour&board=${LONG_SEARCH}&algorithm=bfs&solve=1`);
    // The worker may die before a frame shows 'solving': wait for the end state only.
    await waitFor(page, () => ['error', 'solved', 'unsolvable', 'cancelled'].includes(window.puzzleLab.status),
                  undefined, BIG_SEARCH);
    const state = await lab(page);
    expect(state.status === 'error', `status ${state.status}`);
    expect(/memory budget of \d+ MiB reached|ran out of memory/.test(state.error), `error "${state.error}"`);
    await screenshot(page, { path: path.join(output, 'page-memory-budget.png') });
    return `"${state.error}" after ${state.stats.expanded} states expanded`;
  });

  await check('offline after one visit (service worker), first-frame times, the tab title', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const visitor = await context.newPage();
    visitor.on('pageerror', (err) => pageErrors.push(err.message));
    const timeToReady = async () => {
      await waitFor(visitor, () => window.puzzleLab && window.puzzleLab.ready === true);
      return visitor.evaluate(() => Math.round(performance.now()));
    };
    await visitor.goto(`${base}/#puzzle=rushhour&board=${HARDEST}`);
    const cold = await timeToReady();
    // The tab names the puzzle and the bundled board's title.
    await waitFor(visitor, () => document.title.includes('Rush Hour'), undefined, SHORT);
    const title = await visitor.title();
    expect(title.startsWith('The hardest 6x6'), `tab title "${title}"`);
    await waitFor(visitor, () => window.puzzleLab.offlineReady === true && !!navigator.serviceWorker.controller);
    await context.setOffline(true);
    await visitor.reload();
    const warm = await timeToReady();
    const state = await lab(visitor);
    expect(state.startBoard === HARDEST && state.status === 'idle', `offline: ${state.status} ${state.error}`);
    await visitor.evaluate(() => window.puzzleLab.solve());
    await waitFor(visitor, () => window.puzzleLab.status === 'solved', undefined, LONG);
    expect((await lab(visitor)).cost === 60, 'offline solve');
    await context.close();
    return `tab "${title}"; first frame ${cold} ms online (empty cache), ${warm} ms offline from the service worker; solved offline`;
  }, { firefox: true });

  await check('an embed in a blog: host focus and scroll untouched until a click, the wheel scrolls the blog, Tab leaves it', async () => {
    const context = await browser.newContext({ viewport: { width: 1000, height: 800 } });
    const blog = await context.newPage();
    blog.on('pageerror', (err) => pageErrors.push(err.message));
    // The blog is another site (localhost, another port) than Puzzle Lab's (127.0.0.1).
    const html = fs.readFileSync(path.join(here, '..', 'fixtures', 'blog.html'), 'utf8').replaceAll('%SITE%', base);
    const blogDir = fs.mkdtempSync(path.join(os.tmpdir(), 'puzzlelab-blog-'));
    fs.writeFileSync(path.join(blogDir, 'post.html'), html);
    const blogServer = await serve(blogDir);
    const consoleLines = [];
    blog.on('console', (msg) => consoleLines.push(msg.text()));
    await blog.goto(`http://localhost:${blogServer.address().port}/post.html`);
    const iframe = await blog.waitForSelector('iframe.puzzlelab-embed', { timeout: SHORT })
      .catch((err) => { throw new Error(`${err.message.split('\n')[0]}; console: ${consoleLines.join(' | ')}`); });
    const attributes = await iframe.evaluate((f) => ({ title: f.title, loading: f.loading, w: f.width, h: f.height }));
    expect(attributes.title && attributes.loading === 'lazy' && attributes.w === '560', JSON.stringify(attributes));
    const frame = await iframe.contentFrame();
    await waitFor(frame, () => window.puzzleLab && window.puzzleLab.ready === true);
    // Every frame the app wanted is drawn: had it taken the focus, it would have by now.
    await settled(frame);
    const host = await blog.evaluate(() => ({ active: document.activeElement.tagName, scrollY: window.scrollY }));
    expect(host.active === 'BODY' && host.scrollY === 0, `host after load: focus on ${host.active}, scrolled ${host.scrollY} px`);
    await screenshot(blog, { path: path.join(output, 'page-blog-embed.png') });

    // The wheel over the embed scrolls the blog, as over any picture.
    let box = await iframe.boundingBox();
    await blog.mouse.move(box.x + box.width / 2, box.y + 100);
    await blog.mouse.wheel(0, 120);
    await waitFor(blog, () => window.scrollY > 0, undefined, SHORT);
    const scrolled = await blog.evaluate(() => window.scrollY);

    // A click on the board gives the embed the keyboard: a car moves by keys.
    box = await iframe.boundingBox();
    const state = await lab(frame);
    const move = state.legalMoves.map(parseMove).find((m) => Math.abs(m.cells) === 1);
    const rect = state.layout[move.label];
    // Only the front page of the browser has a focused window: another
    // check's page could hold it, and then no frame of this one gets focus.
    await blog.bringToFront();
    await blog.mouse.click(box.x + state.layout.board.x + 2, box.y + state.layout.board.y + 2);
    const focused = await blog.evaluate(() => document.activeElement.tagName);
    expect(focused === 'IFRAME', `focus after the click: ${focused}`);
    // The frame runs in its own process: keys sent before it has taken the
    // focus would go nowhere.
    await waitFor(frame, () => document.hasFocus(), undefined, SHORT);
    const horizontal = rect.w > rect.h;
    await blog.keyboard.press(move.label);
    await blog.keyboard.press(horizontal ? (move.cells > 0 ? 'ArrowRight' : 'ArrowLeft')
                                         : (move.cells > 0 ? 'ArrowDown' : 'ArrowUp'));
    await waitFor(frame, () => window.puzzleLab.moveCount === 1, undefined, SHORT);

    // Tab moves on to the link after the embed, like any other element.
    await blog.keyboard.press('Tab');
    await waitFor(blog, () => document.activeElement && document.activeElement.id === 'after-embed', undefined, SHORT);
    blogServer.close();
    fs.rmSync(blogDir, { recursive: true });
    await context.close();
    return `host untouched (${host.active}, scrollY ${host.scrollY}) once the embed settled; the wheel scrolled it ${scrolled} px; click + keys moved ${move.label}; Tab left the frame`;
  }, { firefox: true });

  // Plays a one-cell move by keys (the car's letter, then an arrow) and
  // waits for it; returns the move.
  const keyMove = async (p, count) => {
    const state = await lab(p);
    const move = state.legalMoves.map(parseMove).find((m) => Math.abs(m.cells) === 1);
    const rect = state.layout[move.label];
    const horizontal = rect.w > rect.h;
    await p.keyboard.press(move.label);
    await p.keyboard.press(horizontal ? (move.cells > 0 ? 'ArrowRight' : 'ArrowLeft')
                                      : (move.cells > 0 ? 'ArrowDown' : 'ArrowUp'));
    await waitFor(p, (n) => window.puzzleLab.moveCount === n, count, SHORT);
    return `${move.label}${move.cells > 0 ? '+' : '-'}1`;
  };
  const movesInHash = (p) => p.evaluate(() => {
    const m = /[#&]moves=([^&]*)/.exec(window.location.hash);
    return m ? m[1].split(',').map(decodeURIComponent) : [];
  });

  await check('the address follows each move (no new history entry), a reload keeps it, Copy link copies it', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, serviceWorkers: 'block' });
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: base });
    const p = await context.newPage();
    p.on('pageerror', (err) => pageErrors.push(err.message));
    await open(p, base, `puzzle=rushhour&board=${HARDEST}`);
    await waitFor(p, (b) => window.puzzleLab.startBoard === b, HARDEST, SHORT);
    const entries = await p.evaluate(() => history.length);
    const first = await keyMove(p, 1);
    await waitFor(p, (m) => window.location.hash.endsWith(`&moves=${encodeURIComponent(m)}`), first, SHORT);
    const second = await keyMove(p, 2);
    await waitFor(p, () => /&moves=[^,&]+,[^,&]+$/.test(window.location.hash), undefined, SHORT);
    expect(JSON.stringify(await movesInHash(p)) === JSON.stringify([first, second]), `hash ${await p.evaluate(() => location.hash)}`);
    expect((await p.evaluate(() => history.length)) === entries, 'a move added a history entry');
    const before = await lab(p);

    await p.reload();
    await waitFor(p, () => window.puzzleLab && window.puzzleLab.ready === true);
    await waitFor(p, () => window.puzzleLab.moveCount === 2, undefined, SHORT);
    const reloaded = await lab(p);
    expect(reloaded.board === before.board && reloaded.startBoard === HARDEST, 'reload lost the position');

    // Autosave: the page opened again with no board in the address.
    const saved = await p.evaluate(() => localStorage.getItem('puzzlelab:rushhour'));
    expect(saved && saved.includes('&moves='), `localStorage: ${saved}`);
    const again = await context.newPage();
    again.on('pageerror', (err) => pageErrors.push(err.message));
    await open(again, base, 'puzzle=rushhour');
    await waitFor(again, () => window.puzzleLab.moveCount === 2, undefined, SHORT);
    expect((await lab(again)).board === before.board, 'the saved position was not restored');
    await again.close();

    // Copy link: the clipboard holds the address of this position.
    await clickTarget(p, 'copyLinkButton');
    await waitFor(p, () => window.puzzleLab.copied === window.location.href, undefined, SHORT);
    await waitFor(p, () => window.puzzleLab.message.startsWith('Copied'), undefined, SHORT);
    const clipboard = await p.evaluate(() => navigator.clipboard.readText());
    const href = await p.evaluate(() => window.location.href);
    expect(clipboard === href, `clipboard "${clipboard}" vs ${href}`);
    await parkPointer(p);
    await nextFrames(p, 3);
    await screenshot(p, { path: path.join(output, 'page-copied.png') });
    await context.close();
    return `hash moves ${first},${second}; history length unchanged (${entries}); reload and a fresh page at #puzzle=rushhour both at move 2; clipboard = address`;
  }, { firefox: true });

  await check('Back returns to the board and the puzzle before (new puzzle, picker)', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, serviceWorkers: 'block' });
    const p = await context.newPage();
    p.on('pageerror', (err) => pageErrors.push(err.message));
    await open(p, base, `puzzle=sudoku&board=${SUDOKU_EASY}`);
    await waitFor(p, (b) => window.puzzleLab.startBoard === b, SUDOKU_EASY, SHORT);
    await clickTarget(p, 'r1c3');
    await p.keyboard.press('4');
    await expectMove(p, 1, 'r1c3=4');
    await waitFor(p, () => window.location.hash.includes('&moves='), undefined, SHORT);
    const entries = await p.evaluate(() => history.length);
    await p.keyboard.press('n');  // a new puzzle: a new history entry
    await waitFor(p, () => window.puzzleLab.generated !== null && /seed=\d+/.test(window.location.hash), undefined, SHORT);
    const generated = await lab(p);
    expect((await p.evaluate(() => history.length)) === entries + 1, 'no history entry for the new puzzle');
    await clickTarget(p, 'puzzlePicker');
    await waitFor(p, () => !!window.puzzleLab.layout['puzzle-rushhour'], undefined, SHORT);
    await settled(p);  // a list is placed on its second frame: click where it settles
    await clickTarget(p, 'puzzle-rushhour');
    await waitFor(p, () => window.puzzleLab.puzzle === 'rushhour' && window.location.hash.startsWith('#puzzle=rushhour'), undefined, SHORT);
    expect((await p.evaluate(() => history.length)) === entries + 2, 'no history entry for the other puzzle');
    await p.evaluate(() => history.back());
    await waitFor(p, (b) => window.puzzleLab.puzzle === 'sudoku' && window.puzzleLab.startBoard === b, generated.startBoard, SHORT);
    await p.evaluate(() => history.back());
    await waitFor(p, (b) => window.puzzleLab.startBoard === b && window.puzzleLab.moveCount === 1, SUDOKU_EASY, SHORT);
    await p.evaluate(() => history.forward());
    await waitFor(p, (b) => window.puzzleLab.startBoard === b, generated.startBoard, SHORT);
    await context.close();
    return `history ${entries} -> ${entries + 2}; Back: generated seed ${generated.generated.seed}, then the first board at move 1; Forward again`;
  });

  await check('keyboard: ? lists the keys (Esc or ? closes), S H U R N and Esc work', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, serviceWorkers: 'block' });
    const p = await context.newPage();
    p.on('pageerror', (err) => pageErrors.push(err.message));
    await open(p, base, `puzzle=rushhour&board=${HARDEST}`);
    await waitFor(p, (b) => window.puzzleLab.startBoard === b, HARDEST, SHORT);
    await keyMove(p, 1);
    await p.keyboard.press('?');
    await waitFor(p, () => window.puzzleLab.keysShown === true && !!window.puzzleLab.layout.keysOverlay, undefined, SHORT);
    await parkPointer(p);
    await nextFrames(p, 3);
    await screenshot(p, { path: path.join(output, 'page-keys.png') });
    await p.keyboard.press('Escape');
    await waitFor(p, () => window.puzzleLab.keysShown === false, undefined, SHORT);
    await p.keyboard.press('?');
    await waitFor(p, () => window.puzzleLab.keysShown === true, undefined, SHORT);
    await p.keyboard.press('u');  // keys other than Esc and ? do nothing while the list is up
    await p.keyboard.press('?');
    await waitFor(p, () => window.puzzleLab.keysShown === false, undefined, SHORT);
    expect((await lab(p)).moveCount === 1, 'a key reached the board under the list');

    await keyMove(p, 2);
    await p.keyboard.press('u');
    await waitFor(p, () => window.puzzleLab.moveCount === 1, undefined, SHORT);
    await keyMove(p, 2);
    await p.keyboard.press('r');
    await waitFor(p, () => window.puzzleLab.moveCount === 0, undefined, SHORT);
    await p.keyboard.press('h');
    await waitFor(p, () => window.puzzleLab.hint !== null, undefined, SHORT);
    await p.keyboard.press('s');
    await waitFor(p, () => window.puzzleLab.status === 'solved', undefined, LONG);
    expect((await lab(p)).cost === 60, 'S did not solve');

    // Esc cancels a long search.
    await open(p, base, `puzzle=rushhour&board=${LONG_SEARCH}&algorithm=idastar&metric=steps`);
    await waitFor(p, (b) => window.puzzleLab.startBoard === b && window.puzzleLab.status === 'idle', LONG_SEARCH, SHORT);
    await p.keyboard.press('s');
    await waitFor(p, () => window.puzzleLab.status === 'solving', undefined, SHORT);
    await p.keyboard.press('Escape');
    await waitFor(p, () => window.puzzleLab.status === 'cancelled', undefined, SHORT);

    // N: a new puzzle (Sudoku's generator is quick).
    await open(p, base, `puzzle=sudoku&board=${SUDOKU_EASY}`);
    await waitFor(p, (b) => window.puzzleLab.startBoard === b, SUDOKU_EASY, SHORT);
    await p.keyboard.press('n');
    await waitFor(p, () => window.puzzleLab.generated !== null, undefined, SHORT);
    await context.close();
    return 'overlay shown and closed by Esc and by ?; U undid, R restarted, H hinted, S solved (60), Esc cancelled, N made a new Sudoku';
  });

  await check('sudoku: after a wrong digit cleared by a hint and a solve, banner and panel agree', async () => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await open(page, base, `puzzle=sudoku&board=${SUDOKU_EASY}`);
    await waitFor(page, (b) => window.puzzleLab.startBoard === b, SUDOKU_EASY, SHORT);
    await clickTarget(page, 'r1c3');
    await page.keyboard.press('1');  // wrong: r1c3 holds 4
    await expectMove(page, 1, 'r1c3=1');
    await page.keyboard.press('h');
    await waitFor(page, () => window.puzzleLab.hint !== null, undefined, SHORT);
    expect(JSON.stringify((await lab(page)).hint.moves) === '["r1c3=0"]', 'the hint does not clear the wrong digit');
    await clickTarget(page, 'applyHintButton');
    await waitFor(page, () => window.puzzleLab.moveCount === 2, undefined, SHORT);
    await page.keyboard.press('s');
    await waitFor(page, () => window.puzzleLab.status === 'solved', undefined, LONG);
    await page.evaluate(() => window.puzzleLab.last());
    await waitFor(page, () => window.puzzleLab.solvedPosition === true, undefined, SHORT);
    const state = await lab(page);
    const blanks = [...SUDOKU_EASY].filter((c) => c === '.').length;
    expect(state.cost === blanks, `cost ${state.cost}, ${blanks} blanks`);
    expect(state.solvedText === `Solved: ${blanks} cells after your 2 moves`, `banner "${state.solvedText}"`);
    return `banner "${state.solvedText}", panel cost ${state.cost}`;
  });

  await check('sudoku digit pad in an embed on a touch screen (560x640), and on the full page', async () => {
    const touch = await browser.newContext({ viewport: { width: 560, height: 640 }, hasTouch: true, isMobile: true,
                                             serviceWorkers: 'block' });
    const p = await touch.newPage();
    p.on('pageerror', (err) => pageErrors.push(err.message));
    const results = [];
    for (const extra of ['&embed=1', '']) {
      await open(p, base, `puzzle=sudoku&board=${SUDOKU_EASY}${extra}`);
      await waitFor(p, (e) => window.puzzleLab.embed === e && window.puzzleLab.moveCount === 0, !!extra, SHORT);
      await waitFor(p, () => window.puzzleLab.layout.r5c5 && window.puzzleLab.layout.pad5, undefined, SHORT);
      const tap = async (name) => {
        const r = (await lab(p)).layout[name];
        expect(r && r.y >= 0 && r.y + r.h <= 640, `${name} off screen: ${JSON.stringify(r)}`);
        await p.touchscreen.tap(r.x + r.w / 2, r.y + r.h / 2);
        await nextFrames(p, 2);
      };
      await tap('r5c5');
      await tap('pad5');
      await expectMove(p, 1, 'r5c5=5');
      if (extra) await screenshot(p, { path: path.join(output, 'page-embed-digit-pad.png') });
      results.push(`${extra ? 'embed' : 'page'}: r5c5=5 by the pad`);
    }
    await touch.close();
    return results.join('; ');
  });

  await check('a 320x320 screen: the board, Solve and a panel row fit', async () => {
    const small = await browser.newContext({ viewport: { width: 320, height: 320 }, serviceWorkers: 'block' });
    const p = await small.newPage();
    p.on('pageerror', (err) => pageErrors.push(err.message));
    await open(p, base, `puzzle=rushhour&board=${HARDEST}`);
    await waitFor(p, () => !!window.puzzleLab.layout.board && !!window.puzzleLab.layout.hintButton, undefined, SHORT);
    await parkPointer(p);
    await nextFrames(p, 3);
    await screenshot(p, { path: path.join(output, 'page-320x320.png') });
    const { layout } = await lab(p);
    const inside = (r) => r.x >= 0 && r.y >= 0 && r.x + r.w <= 320 && r.y + r.h <= 320;
    // 6x6 cells of 20 CSS px or more: big enough to drag with a finger.
    expect(layout.board.h >= 120 && inside(layout.board), `board ${JSON.stringify(layout.board)}`);
    expect(inside(layout.solveButton) && inside(layout.hintButton), `buttons ${JSON.stringify([layout.solveButton, layout.hintButton])}`);
    await p.keyboard.press('s');
    await waitFor(p, () => window.puzzleLab.status === 'solved', undefined, LONG);
    await small.close();
    return `board ${Math.round(layout.board.w)}x${Math.round(layout.board.h)} CSS px; solved by S`;
  });

  await check('a bad option in the address: a note and window.puzzleLab.error, also on an idle page', async () => {
    await open(page, base, `puzzle=rushhour&board=${HARDEST}&algorithm=quantum&metric=smiles`);
    await waitFor(page, () => window.puzzleLab.error.includes('quantum'), undefined, SHORT);
    const state = await lab(page);
    expect(state.message.includes('quantum') || state.message.includes('smiles'), `note "${state.message}"`);
    expect(state.error.includes('smiles') && state.status === 'idle', `error "${state.error}", status ${state.status}`);
    // The app's clock (ImGui's) stands still between frames. A link that
    // comes to a page idle for longer than a note lasts (6 s) once got a
    // note stamped with the last frame's time: it expired before it was
    // drawn. The idle time is the case itself, so the clock makes it.
    await settled(page);
    await new Promise((resolve) => setTimeout(resolve, 7000));
    await page.evaluate((hash) => { location.hash = hash; }, `puzzle=rushhour&board=${HARDEST}&algorithm=warp`);
    await waitFor(page, () => window.puzzleLab.error.includes('warp'), undefined, SHORT);
    const idle = await lab(page);
    expect(idle.message.includes('warp'), `after an idle page: note "${idle.message}"`);
    // An address changed with no hashchange (history.replaceState) while a
    // move changes the position: the page opens the address rather than
    // overwrite it with the position's (web_main's follow_position).
    await open(page, base, `puzzle=rushhour&board=${HARDEST}&moves=M-1`);
    await waitFor(page, () => window.puzzleLab.moveCount === 1, undefined, SHORT);
    await settled(page);
    await page.evaluate((hash) => { history.replaceState(null, '', '#' + hash); window.puzzleLab.undo(); },
                        `puzzle=rushhour&board=${HARDEST}&metric=miles`);
    await waitFor(page, () => window.puzzleLab.error.includes('miles'), undefined, SHORT);
    const replaced = await lab(page);
    expect(replaced.message.includes('miles'), `after replaceState: note "${replaced.message}"`);
    return `${state.error} | ${idle.message} | ${replaced.message}`;
  });
}
