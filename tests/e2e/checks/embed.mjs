// The Embed popup (issue 46): the code it gives, pasted into a blog post on
// another site, opens the board as shown (position, options) at the chosen
// size, both as an iframe and as embed.js's script tag; the popup's live
// preview is that same frame. Screenshots of the popup on a laptop and a phone.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { HARDEST, SHORT, clickTarget, dragPiece, expect, lab, nextFrames, open, parkPointer, parseMove, screenshot,
         serve, settled, waitFor } from '../lib.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));

// What identifies the board on screen: the same in the source and an embed.
const record = (s) => ({ puzzle: s.puzzle, startBoard: s.startBoard, board: s.board, moveCount: s.moveCount,
                         metric: s.metric });

// Opens the Embed popup and waits for its code.
async function openPopup(page) {
  // On a phone the panel is below the board: scroll it until the button shows.
  for (let i = 0; i < 40; i++) {
    const state = await lab(page), button = state.layout.embedButton, size = page.viewportSize();
    if (button && button.y >= 0 && button.y + button.h <= size.height) break;
    await page.mouse.move(size.width / 2, size.height * 0.75);
    await page.mouse.wheel(0, button && button.y < 0 ? -150 : 150);
    await nextFrames(page, 2);
  }
  await clickTarget(page, 'embedButton');
  await waitFor(page, () => window.puzzleLab.embedCode && window.puzzleLab.layout.embedPreview, undefined, SHORT);
  // A popup that fits its contents takes a frame or two to find its size and place.
  await nextFrames(page, 3);
  await settled(page);
}

// Picks item `index` of the popup's Size list (ImGui's combo: a click opens
// its list under it, one row of the combo's height each).
async function pickSize(page, index) {
  const combo = (await lab(page)).layout.embedSize;
  await page.mouse.click(combo.x + combo.w / 3, combo.y + combo.h / 2);
  await nextFrames(page);
  const rows = (await lab(page)).textPx * 1.2 + 4;
  await page.mouse.click(combo.x + combo.w / 3, combo.y + combo.h + 4 + rows * (index + 0.5));
}

export default async function run({ browser, page, base, output, check, pageErrors }) {
  let code = null, source = null;
  await check('embed: the popup gives code for the position on screen, its preview is that frame', async () => {
    await page.setViewportSize({ width: 1280, height: 720 });
    await open(page, base, `puzzle=rushhour&board=${HARDEST}&metric=steps`);
    // Two moves: the link's moves=A+1,B-1 holds a comma, which embed.js must pass on as it is.
    let last = '';
    for (const count of [1, 2]) {
      const move = (await lab(page)).legalMoves.map(parseMove).find((m) => Math.abs(m.cells) === 1 && m.label !== last);
      await dragPiece(page, move.label, move.cells);
      await waitFor(page, (n) => window.puzzleLab.moveCount === n, count, SHORT);
      last = move.label;
    }
    await parkPointer(page);
    source = record(await lab(page));
    await openPopup(page);
    await pickSize(page, 0);
    await waitFor(page, () => window.puzzleLab.embedCode.width === 320, undefined, SHORT);
    code = (await lab(page)).embedCode;
    expect(code.iframe.includes('width="320" height="400"'), code.iframe);
    expect(code.src.startsWith(`${base}/#`), `the code points at ${code.src}, not this page (${base}/)`);
    // The live preview: a real frame of the embed at 320x400, scaled over the popup.
    const preview = await page.waitForSelector('#embed-preview iframe', { timeout: SHORT });
    const size = await preview.evaluate((f) => ({ src: f.getAttribute('src'), w: f.width, h: f.height }));
    expect(size.src === code.src && size.w === '320' && size.h === '400', JSON.stringify(size));
    const frame = await preview.contentFrame();
    await waitFor(frame, () => window.puzzleLab && window.puzzleLab.ready === true);
    const shown = record(await lab(frame));
    expect(JSON.stringify(shown) === JSON.stringify(source), `preview ${JSON.stringify(shown)} vs ${JSON.stringify(source)}`);
    await settled(frame);
    await settled(page);
    await screenshot(page, { path: path.join(output, 'embed-popup-1280x720.png') });
    return `${code.src.length}-character src; the preview shows move ${shown.moveCount} at 320x400`;
  });

  await check('embed: both snippets, pasted into a blog on another site, open the same board at that size', async () => {
    expect(code, 'no code from the popup (the check before failed)');
    const context = await browser.newContext({ viewport: { width: 1000, height: 800 } });
    const blog = await context.newPage();
    blog.on('pageerror', (err) => pageErrors.push(err.message));
    const html = fs.readFileSync(path.join(here, '..', 'fixtures', 'embed-blog.html'), 'utf8')
      .replace('%IFRAME%', code.iframe).replace('%SCRIPT%', code.script);
    const blogDir = fs.mkdtempSync(path.join(os.tmpdir(), 'puzzlelab-embed-blog-'));
    fs.writeFileSync(path.join(blogDir, 'post.html'), html);
    const blogServer = await serve(blogDir);
    try {
      await blog.goto(`http://localhost:${blogServer.address().port}/post.html`);
      const found = [];
      for (const where of ['#by-iframe iframe', '#by-script iframe']) {
        const iframe = await blog.waitForSelector(where, { timeout: SHORT, state: 'attached' }).catch(async (err) => {
          const figures = await blog.evaluate(() => [...document.querySelectorAll('figure')].map((f) => f.innerHTML.slice(0, 300)));
          throw new Error(`${where}: ${err.message.split('\n')[0]}; the post holds ${JSON.stringify(figures)}`);
        });
        await iframe.scrollIntoViewIfNeeded();
        const box = await iframe.boundingBox();
        expect(Math.round(box.width) === 320 && Math.round(box.height) === 400, `${where}: ${box.width}x${box.height}`);
        const frame = await iframe.contentFrame();
        await waitFor(frame, () => window.puzzleLab && window.puzzleLab.ready === true);
        const state = await lab(frame);
        expect(state.embed === true, `${where}: not the embed player`);
        expect(JSON.stringify(record(state)) === JSON.stringify(source),
               `${where}: ${JSON.stringify(record(state))} vs the source's ${JSON.stringify(source)}`);
        expect(Math.round(state.display.w) === 320, `${where}: the app laid out for ${state.display.w} px`);
        found.push(where);
      }
      await screenshot(blog, { path: path.join(output, 'embed-blog.png'), fullPage: true });
      return `${found.join(' and ')}: move ${source.moveCount} of ${source.startBoard.slice(0, 6)}..., 320x400`;
    } finally {
      blogServer.close();
      fs.rmSync(blogDir, { recursive: true });
      await context.close();
    }
  });

  await check('embed: solving and the How to play card, as chosen; the preview goes with the popup', async () => {
    await clickTarget(page, 'embedStart');
    await nextFrames(page);
    const combo = (await lab(page)).layout.embedStart;
    const rows = (await lab(page)).textPx * 1.2 + 4;
    await page.mouse.click(combo.x + combo.w / 3, combo.y + combo.h + 4 + rows * 2.5);
    await waitFor(page, () => window.puzzleLab.embedCode.src.includes('solve=1'), undefined, SHORT);
    await clickTarget(page, 'embedRules');
    await waitFor(page, () => window.puzzleLab.embedCode.src.includes('rules=1'), undefined, SHORT);
    const chosen = (await lab(page)).embedCode;
    expect(!chosen.src.includes('moves='), `solving starts from the start: ${chosen.src}`);
    const frame = await (await page.waitForSelector('#embed-preview iframe')).contentFrame();
    await waitFor(frame, (src) => window.location.href === src, chosen.src, SHORT);
    await waitFor(frame, () => window.puzzleLab && window.puzzleLab.ready && window.puzzleLab.rulesShown === true);
    await page.keyboard.press('Escape');
    await waitFor(page, () => window.puzzleLab.embedCode === null && !document.getElementById('embed-preview'),
                  undefined, SHORT);
    return 'solve=1 and rules=1 in the code; the preview showed the card; Esc closed both';
  });

  await check('embed: the popup fits a phone', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await waitFor(page, () => Math.abs(window.puzzleLab.display.w - 390) < 1, undefined, SHORT);
    await openPopup(page);
    const state = await lab(page);
    const box = state.layout.embedPopup, preview = state.layout.embedPreview;
    expect(box.x >= 0 && box.x + box.w <= 390 + 0.5 && box.y >= 0 && box.y + box.h <= 844 + 0.5,
           `popup ${JSON.stringify(box)} off a 390x844 screen`);
    expect(preview.w > 100, `preview ${JSON.stringify(preview)}`);
    const frame = await (await page.waitForSelector('#embed-preview iframe')).contentFrame();
    await waitFor(frame, () => window.puzzleLab && window.puzzleLab.ready === true);
    await settled(frame);
    await settled(page);
    await screenshot(page, { path: path.join(output, 'embed-popup-phone.png') });
    await page.keyboard.press('Escape');
    return `popup ${Math.round(box.w)}x${Math.round(box.h)}, preview ${Math.round(preview.w)}x${Math.round(preview.h)}`;
  });
}
