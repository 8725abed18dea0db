// The page API (window.puzzleLab) speaks one spelling (issue 43): every key,
// however deep (a solve's stats and extras, a hint, Compare's rows, the
// views' own state, the layout), is camelCase with no underscore, on every
// puzzle after what fills the most of it: a solve and a hint where the
// puzzle gives one (Compare's rows: json_test's compare_row_json check).
import { expect, lab, waitFor, open, puzzleList, clickTarget } from '../lib.mjs';

// The path of every key that holds an underscore, from `at` down.
function underscoreKeys(value, at, found = []) {
  if (Array.isArray(value)) {
    value.forEach((item, i) => underscoreKeys(item, `${at}[${i}]`, found));
  } else if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      if (key.includes('_')) found.push(`${at}.${key}`);
      underscoreKeys(item, `${at}.${key}`, found);
    }
  }
  return found;
}

export default async function apiChecks({ browser, base, check, pageErrors }) {
  await check('no key of window.puzzleLab has an underscore, after a solve and a hint', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, serviceWorkers: 'block' });
    const page = await context.newPage();
    page.on('pageerror', (err) => pageErrors.push(err.message));
    const seen = [];
    for (const { id, hints } of await puzzleList(page, base)) {
      await open(page, base, `puzzle=${id}`);
      const found = underscoreKeys(await lab(page), 'puzzleLab');
      await page.evaluate(() => window.puzzleLab.solve());
      await waitFor(page, () => ['solved', 'unsolvable', 'cancelled', 'error'].includes(window.puzzleLab.status) &&
                    window.puzzleLab.work === '');
      const solved = await lab(page);
      expect(solved.status === 'solved', `${id}: status ${solved.status} ${solved.error}`);
      expect(typeof solved.stats.peakStored === 'number', `${id}: stats ${JSON.stringify(solved.stats)}`);
      found.push(...underscoreKeys(solved, 'puzzleLab'));
      if (hints) {
        await page.evaluate(() => window.puzzleLab.restart());
        // (Its Hint button: the state's `hint` key takes the place of hint().)
        await clickTarget(page, 'hintButton');
        await waitFor(page, () => window.puzzleLab.work === '' && window.puzzleLab.hint !== null);
        found.push(...underscoreKeys(await lab(page), 'puzzleLab'));
      }
      expect(found.length === 0, `${id}: keys with an underscore: ${[...new Set(found)].join(', ')}`);
      seen.push(id);
    }
    await context.close();
    return `every key camelCase on ${seen.join(', ')} (idle, solved, hinted)`;
  });
}
