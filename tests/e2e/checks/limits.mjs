// Hostile and huge input in the browser: the links that once killed the
// page now give an error or open, and the page stays usable; a module that
// aborts says why and offers a reload; embed.js passes every option through
// and names every puzzle from the app's own list.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, lab, open, serve, waitFor, SHORT, LONG, screenshot } from '../lib.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const HARDEST = 'IBBxooIooLDDJAALooJoKEEMFFKooMGGHHHM';

// Opens a link and waits for the app to be ready and to have taken the
// link (on the same page a new hash is only a hashchange), whatever it gives.
async function openLink(page, base, hash) {
  await page.goto(`${base}/#${hash}`);
  await waitFor(page, () => window.puzzleLab && window.puzzleLab.ready === true &&
    window.puzzleLab.address === window.location.hash, undefined, LONG);
}

// The page still does what a reader asks: a good link opens its board.
async function stillUsable(page) {
  await page.evaluate((board) => { location.hash = `#puzzle=rushhour&board=${board}`; }, HARDEST);
  await waitFor(page, (board) => window.puzzleLab.board === board && window.puzzleLab.status === 'idle' &&
    window.puzzleLab.error === '', HARDEST, SHORT);
}

export default async function ({ page, base, output, check, context, pageErrors }) {
  await check('limits: a 480 KB golf board link is refused with a short error, and the page goes on', async () => {
    // A # border of 5,000 one-character rows and a 470,000-character last
    // line: rows were padded to the longest before the size was checked
    // (gigabytes, then Aborted()).
    const golf = '###\n' + '#\n'.repeat(5000) + '#'.repeat(470000) + '\n';
    await openLink(page, base, `puzzle=rushhour&board=${encodeURIComponent(golf)}`);
    await waitFor(page, () => window.puzzleLab.status === 'error', undefined, SHORT);
    const state = await lab(page);
    expect(/yard inside the border is 469998x5000/.test(state.error), `error: ${state.error.slice(0, 200)}`);
    expect(state.error.length < 300, `an error of ${state.error.length} characters`);
    await screenshot(page, { path: path.join(output, 'limits-golf-bomb.png') });
    await stillUsable(page);
    return state.error;
  });

  await check('limits: a 1.3 MB Tree of Life link (100,000 queries, 700 moves) opens and stays usable', async () => {
    // Every move copied every query: 700 copies of 100,000 killed the page.
    const board = '42354\n((X . X) X .)\n100000\n' + '1 [<>]\n'.repeat(100000);
    const moves = Array(700).fill('%2B1').join(',');
    const hash = `puzzle=treeoflife&board=${encodeURIComponent(board)}&moves=${moves}`;
    expect(hash.length > 1_300_000, `a link of ${hash.length} characters`);
    await openLink(page, base, hash);
    await waitFor(page, () => window.puzzleLab.moveCount === 700, undefined, LONG);
    let state = await lab(page);
    expect(state.error === '' && state.status === 'idle', `status ${state.status}, error ${state.error.slice(0, 200)}`);
    await page.evaluate(() => window.puzzleLab.undo());
    await waitFor(page, () => window.puzzleLab.moveCount === 699, undefined, SHORT);
    await page.evaluate(() => window.puzzleLab.solve());
    await waitFor(page, () => window.puzzleLab.status === 'solved', undefined, LONG);
    state = await lab(page);
    expect(state.extras.queries === '100000', `extras ${JSON.stringify(state.extras).slice(0, 200)}`);
    await screenshot(page, { path: path.join(output, 'limits-treeoflife-link.png') });
    await stillUsable(page);
    return `solved: ${state.extras.answers.slice(0, 20)}...`;
  });

  await check('limits: a 1.5 MB rule in a link is quoted short', async () => {
    await openLink(page, base, `puzzle=treeoflife&rule=${'7'.repeat(1_500_000)}&tree=(X%20.%20X)`);
    await waitFor(page, () => window.puzzleLab.status === 'error', undefined, SHORT);
    const state = await lab(page);
    expect(/out of range for the rule/.test(state.error), `error: ${state.error.slice(0, 200)}`);
    expect(state.error.length < 300, `an error of ${state.error.length} characters`);
    await stillUsable(page);
  });

  await check('limits: a module that aborts says why and offers a reload that works', async () => {
    const aborted = await context.newPage();
    aborted.on('pageerror', () => {});  // the abort throws on purpose: not a page error here
    await open(aborted, base, `puzzle=rushhour&board=${HARDEST}`);
    // Emscripten's abort() (Module.abort: the glue is Closure's, with no
    // globals), as an allocation the browser refuses calls it.
    await aborted.evaluate(() => { try { Module.abort('OOM: page heap 2048 MiB'); } catch (e) { /* the abort's own throw */ } });
    await waitFor(aborted, () => window.puzzleLab.status === 'error', undefined, SHORT);
    const shown = await aborted.evaluate(() => ({
      text: document.getElementById('message').textContent,
      reload: getComputedStyle(document.getElementById('reload')).display !== 'none' &&
        document.getElementById('reload').offsetWidth > 0,
      fresh: document.getElementById('fresh').offsetWidth > 0,
    }));
    expect(/ran out of memory \(it used all 2048 MiB/.test(shown.text), `overlay says: ${shown.text}`);
    expect(/Reload/.test(shown.text) && shown.reload && shown.fresh, `no reload offered: ${JSON.stringify(shown)}`);
    await screenshot(aborted, { path: path.join(output, 'limits-abort-overlay.png') });
    await aborted.click('#reload');
    await waitFor(aborted, () => window.puzzleLab && window.puzzleLab.ready === true &&
      window.puzzleLab.status === 'idle', undefined, LONG);
    // An abort with no reason says it stopped on an internal error.
    await aborted.evaluate(() => { try { Module.abort(); } catch (e) { /* the abort's own throw */ } });
    await waitFor(aborted, () => window.puzzleLab.status === 'error', undefined, SHORT);
    const plain = await aborted.evaluate(() => document.getElementById('message').textContent);
    expect(/stopped on an internal error/.test(plain) && /Reload/.test(plain), `overlay says: ${plain}`);
    await aborted.close();
    return shown.text;
  });

  await check('limits: embed.js passes every option, names puzzles from the list, clamps sizes', async () => {
    const html = fs.readFileSync(path.join(here, '..', 'fixtures', 'embeds.html'), 'utf8').replaceAll('%SITE%', base);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'puzzlelab-embeds-'));
    fs.writeFileSync(path.join(dir, 'embeds.html'), html);
    const server = await serve(dir);
    const blog = await context.newPage();
    blog.on('pageerror', (err) => pageErrors.push(err.message));
    try {
      await blog.goto(`http://localhost:${server.address().port}/embeds.html`);
      await blog.waitForFunction(() => document.querySelectorAll('iframe.puzzlelab-embed').length === 5,
        undefined, { timeout: SHORT });
      const frames = await blog.evaluate(() => [...document.querySelectorAll('script[id]')].map((script) => {
        const frame = script.nextElementSibling;
        return { id: script.id, title: frame.title, src: frame.src, width: frame.width, height: frame.height };
      }));
      const byId = Object.fromEntries(frames.map((f) => [f.id, f]));
      const hashOf = (id) => new URLSearchParams(new URL(byId[id].src).hash.slice(1));
      expect(byId.amphipod.title === 'Amphipod puzzle (Puzzle Lab)', `title ${byId.amphipod.title}`);
      expect(hashOf('amphipod').get('unfold') === '1' && hashOf('amphipod').get('algorithm') === 'dijkstra',
        `amphipod ${byId.amphipod.src}`);
      expect(byId.bender.title === 'Bender puzzle (Puzzle Lab)' && hashOf('bender').get('program') === '1;DR1',
        `bender ${byId.bender.title} ${byId.bender.src}`);
      expect(byId.proto.title === 'Puzzle Lab', `__proto__ gave the title ${byId.proto.title}`);
      expect(byId.sizes.title === 'Tree of Life puzzle (Puzzle Lab)' && hashOf('sizes').get('rule') === '42354',
        `treeoflife ${byId.sizes.title} ${byId.sizes.src}`);
      expect(byId.sizes.width === '2000' && byId.sizes.height === '240',
        `sizes ${byId.sizes.width}x${byId.sizes.height}`);
      expect(!hashOf('sizes').has('width') && hashOf('sizes').get('embed') === '1', `sizes ${byId.sizes.src}`);
      expect(byId.sudoku.title === 'My sudoku' && hashOf('sudoku').get('seed') === '5', `sudoku ${byId.sudoku.src}`);
      await screenshot(blog, { path: path.join(output, 'limits-embeds.png') });

      // The options reach the app: part 2's burrow (four rows), the program in the editor.
      const frame = await context.newPage();
      frame.on('pageerror', (err) => pageErrors.push(err.message));
      await frame.goto(byId.amphipod.src);
      await waitFor(frame, () => window.puzzleLab && window.puzzleLab.ready === true && window.puzzleLab.board,
        undefined, LONG);
      const burrow = (await lab(frame)).board;
      expect(burrow.split('\n').filter((line) => /[A-D]/.test(line)).length === 4, `board ${burrow}`);
      await frame.goto(byId.bender.src);
      await waitFor(frame, () => window.puzzleLab && window.puzzleLab.ready === true &&
        window.puzzleLab.puzzle === 'bender', undefined, LONG);
      const view = (await lab(frame)).view;
      expect(JSON.stringify(view).includes('DR1'), `bender view ${JSON.stringify(view).slice(0, 300)}`);
      await frame.close();
    } finally {
      await blog.close();
      server.close();
    }
  });
}
