// The site's weight (issue 46), gzip -9 as a compressing host sends it: a
// first visit downloads at most LIMITS.firstFrameKB before the first frame
// (window.puzzleLab.ready), for the full page and for a 320x400 embed in a
// blog post; the whole site is at most LIMITS.siteKB. The figures come from
// tests/e2e/weight.mjs, which scripts/bench-weight prints as a table.
import { expect } from '../lib.mjs';
import { LIMITS, kb, siteFiles, siteTotal, visitEmbed, visitPage, weigh } from '../weight.mjs';

export default async function ({ freshContext, base, check, site }) {
  // A first visit: no How to play card marked seen, an empty cache.
  const browser = { newContext: freshContext };
  const files = siteFiles(site);
  const limit = LIMITS.firstFrameKB * 1000;
  const firstFrame = async (name, visit) => {
    const seen = await visit(browser, base);
    const bytes = weigh(files, seen.before);
    expect(seen.before.includes('index.html') || seen.before.includes('embed.js'), `${name}: no page among ${seen.before}`);
    expect(bytes <= limit, `${name}: ${kb(bytes)} KB gzip before the first frame, over ${LIMITS.firstFrameKB} KB ` +
      `(${seen.before.map((n) => `${n} ${kb(weigh(files, [n]))}`).join(', ')})`);
    expect(seen.all.some((n) => n.startsWith('solver_worker.wasm')), `${name}: the solver never loaded (${seen.all})`);
    return `${kb(bytes)} KB gzip before the first frame (${seen.before.join(', ')}); the solver after it`;
  };
  await check('weight: the full page draws its first frame after at most 450 KB gzip',
    () => firstFrame('page 1280x800', visitPage));
  await check('weight: a 320x400 embed in a blog draws its first frame after at most 450 KB gzip',
    () => firstFrame('embed 320x400', visitEmbed));
  await check('weight: the whole site is at most 900 KB gzip', async () => {
    const total = siteTotal(files);
    expect(total <= LIMITS.siteKB * 1000, `the site is ${kb(total)} KB gzip, over ${LIMITS.siteKB} KB ` +
      `(${Object.entries(files).map(([n, f]) => `${n} ${kb(f.gzip)}`).join(', ')})`);
    return `${kb(total)} KB gzip in ${Object.keys(files).length} files`;
  });
}
