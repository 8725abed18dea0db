// The page around the app: a dying solver worker, a search too big for the
// browser, offline after one visit, and an embed in a blog page that keeps
// its hands off the host's focus and scroll until the reader clicks.
import path from 'node:path';
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import os from 'node:os';
import { SHORT, LONG, expect, lab, waitFor, open, parseMove, serve } from '../lib.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const HARDEST = 'IBBxooIooLDDJAALooJoKEEMFFKooMGGHHHM';
// The 16x16 board of checks/rushhour.mjs: no solution and a huge state space.
const LONG_SEARCH = [
  'BBoooooooooooooo', 'ooooooooFooooooo', 'oooCooooFooooooo', 'oooCoooooooooooK',
  'oooCooooooGGGooK', 'oooooooooooooxoK', 'oooooooooooooXoo', 'oAAooooooooooXoo',
  'oooooooooooooXoo', 'oooooooJoooooxoo', 'ooDDoooJoooooooo', 'ooooooooooooooLL',
  'oooooEEEoooooooo', 'ooooooooooooHooo', 'IIIoooooooooHooo', 'oooooooooooooooo',
].join('');
// BFS on LONG_SEARCH fills the worker's memory budget: minutes under a busy machine.
const BIG_SEARCH = 8 * 60000;

export default async function pageChecks({ browser, page, base, output, check, pageErrors }) {
  await check('a solver worker that dies ends the solve at once; the next Solve gets a fresh one', async () => {
    // No service worker here: it would answer solver_worker.js from its cache.
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, serviceWorkers: 'block' });
    const crashPage = await context.newPage();
    // A worker that loads, then dies on its first call as an out-of-memory abort does.
    const dying = 'onmessage = function () { throw new Error("Aborted(OOM: solver heap 2048 MiB)"); };';
    await context.route('**/solver_worker.js', (route) =>
      route.fulfill({ contentType: 'text/javascript', headers: { 'cache-control': 'no-store' }, body: dying }));
    await open(crashPage, base, `puzzle=rushhour&board=${HARDEST}`);
    await crashPage.evaluate(() => window.puzzleLab.solve());
    await waitFor(crashPage, () => window.puzzleLab.status !== 'idle' && window.puzzleLab.status !== 'solving',
                  undefined, SHORT);
    const failed = await lab(crashPage);
    expect(failed.status === 'error', `status ${failed.status}`);
    expect(/ran out of memory/.test(failed.error) && /2048 MiB/.test(failed.error), `error "${failed.error}"`);
    expect(failed.cost === null, `a cost (${failed.cost}) shown after a failure`);
    await crashPage.screenshot({ path: path.join(output, 'page-worker-died.png') });
    await context.unroute('**/solver_worker.js');
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
    await page.screenshot({ path: path.join(output, 'page-memory-budget.png') });
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
  });

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
    const readyAt = (await lab(frame)).frames;
    await waitFor(frame, (n) => window.puzzleLab.frames >= n + 30, readyAt, SHORT);
    const host = await blog.evaluate(() => ({ active: document.activeElement.tagName, scrollY: window.scrollY }));
    expect(host.active === 'BODY' && host.scrollY === 0, `host after load: focus on ${host.active}, scrolled ${host.scrollY} px`);
    await blog.screenshot({ path: path.join(output, 'page-blog-embed.png') });

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
    await blog.mouse.click(box.x + state.layout.board.x + 2, box.y + state.layout.board.y + 2);
    const focused = await blog.evaluate(() => document.activeElement.tagName);
    expect(focused === 'IFRAME', `focus after the click: ${focused}`);
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
    return `host untouched (${host.active}, scrollY ${host.scrollY}) 30 frames after ready; the wheel scrolled it ${scrolled} px; click + keys moved ${move.label}; Tab left the frame`;
  });
}
