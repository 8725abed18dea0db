// Opens a site in headless Chromium and waits for window.puzzleLab.ready:
// the package check (scripts/check-package) runs the unpacked site archive
// with it, served from a folder below the server's root, as a host would.
//   node tests/e2e/site-ready.mjs ROOT_DIR PATH_UNDER_IT   (PATH_UNDER_IT: puzzlelab-site-VERSION/)
import { chromium } from 'playwright-core';
import { HARDEST, expect, lab, serve, waitFor } from './lib.mjs';

const [dir, under] = process.argv.slice(2);
expect(dir && under !== undefined, 'usage: node tests/e2e/site-ready.mjs ROOT_DIR PATH_UNDER_IT');
const server = await serve(dir);
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
  headless: true,
  args: ['--headless', '--no-sandbox', '--use-gl=angle', '--use-angle=swiftshader', '--enable-unsafe-swiftshader'],
});
let code = 1;
try {
  const page = await browser.newPage();
  const errors = [];
  page.on('pageerror', (err) => errors.push(err.message));
  const url = `http://127.0.0.1:${server.address().port}/${under}#puzzle=rushhour&board=${HARDEST}`;
  const started = Date.now();
  await page.goto(url);
  await waitFor(page, () => window.puzzleLab && window.puzzleLab.ready === true);
  const state = await lab(page);
  expect(state.startBoard === HARDEST, `the page opened ${state.startBoard}, not the linked board`);
  expect(errors.length === 0, errors.join(' | '));
  console.log(`site ready: ${url.split('#')[0]} in ${Date.now() - started} ms (build ${state.build})`);
  code = 0;
} catch (err) {
  console.error(`site check failed: ${err.message.split('\n')[0]}`);
} finally {
  await browser.close();
  server.close();
}
process.exit(code);
