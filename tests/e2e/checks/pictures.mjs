// Pictures for bloggers (issue 29): Save picture downloads the board alone
// as a PNG, at the screen's pixel density (600 CSS pixels wide, times
// devicePixelRatio), with the caption under it when asked for.
import fs from 'node:fs';
import path from 'node:path';
import { SHORT, HARDEST, expect, lab, waitFor, open, clickTarget } from '../lib.mjs';

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

// Width and height from a PNG's IHDR chunk.
function pngSize(bytes) {
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

export default async function pictureChecks({ browser, output, base, check, pageErrors }) {
  await check('Save picture downloads the board as a PNG at the screen\'s pixel density', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, deviceScaleFactor: 2,
                                               serviceWorkers: 'block', acceptDownloads: true });
    const p = await context.newPage();
    p.on('pageerror', (err) => pageErrors.push(err.message));
    try {
      await open(p, base, `puzzle=rushhour&board=${HARDEST}`);
      await waitFor(p, (b) => window.puzzleLab.startBoard === b, HARDEST, SHORT);
      const [download] = await Promise.all([p.waitForEvent('download', { timeout: SHORT }),
                                            clickTarget(p, 'savePictureButton')]);
      const file = path.join(output, 'saved-picture.png');
      await download.saveAs(file);
      const bytes = fs.readFileSync(file);
      expect(bytes.subarray(0, 8).equals(PNG_SIGNATURE), 'the download is not a PNG');
      expect(download.suggestedFilename() === 'puzzlelab-rushhour.png', `named ${download.suggestedFilename()}`);
      await waitFor(p, () => !!window.puzzleLab.saved, undefined, SHORT);
      const saved = (await lab(p)).saved;
      expect(saved.type === 'image/png', `type ${saved.type}`);
      const size = pngSize(bytes);
      expect(size.width === 1200, `${size.width} pixels wide at devicePixelRatio 2, expected 1200`);
      expect(size.width === saved.width && size.height === saved.height, 'the file and the page disagree on the size');
      await waitFor(p, () => window.puzzleLab.message.startsWith('Saved'), undefined, SHORT);
      await p.screenshot({ path: path.join(output, 'pictures-saved.png') });
      return `${download.suggestedFilename()}: ${bytes.length} bytes, ${size.width}x${size.height}, ${saved.type}`;
    } finally {
      await context.close();
    }
  });
}
