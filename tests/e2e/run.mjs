// Browser end-to-end tests for Puzzle Lab: serves the built site on
// 127.0.0.1, drives headless Chromium (WebGL 2 through SwiftShader) with
// playwright-core, and checks the app through the page's window.puzzleLab.
//
//   node tests/e2e/run.mjs                  (after cmake --build --preset web)
//   node tests/e2e/run.mjs --site DIR       (or PUZZLELAB_SITE=DIR; default build/web/site)
//   node tests/e2e/run.mjs --only amphipod  (only checks/amphipod.mjs)
//
// Each puzzle's checks live in checks/<name>.mjs (a default-exported async
// function taking the shared context); a new puzzle adds one file there.
// Prints one line per check and a closing "N passed, N failed" line; exits
// non-zero if any check fails. Screenshots go to tests/e2e/output/ (git-ignored).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { chromium } from 'playwright-core';
import { serve, expect } from './lib.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../..');
const argValue = (name) => { const i = process.argv.indexOf(name); return i > 0 ? process.argv[i + 1] : undefined; };
const site = path.resolve(argValue('--site') ?? process.env.PUZZLELAB_SITE ?? path.join(root, 'build/web/site'));
const only = argValue('--only');
const output = path.join(here, 'output');
const chromiumPath = process.env.CHROMIUM ?? '/usr/bin/chromium';

async function main() {
  expect(fs.existsSync(path.join(site, 'index.html')), `no site at ${site}: build the web preset first`);
  fs.mkdirSync(output, { recursive: true });
  const server = await serve(site);
  const base = `http://127.0.0.1:${server.address().port}`;
  // playwright-core starts Chromium with a fresh temporary --user-data-dir
  // of its own (it refuses one in `args`) and removes it on close.
  const browser = await chromium.launch({
    executablePath: chromiumPath,
    headless: true,
    args: ['--headless', '--no-sandbox', '--use-gl=angle', '--use-angle=swiftshader', '--enable-unsafe-swiftshader',
           '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update',
           '--disable-sync'],
  });
  // The How to play card opens on a puzzle's first visit. The checks play
  // as returning players: every context they make has seen every puzzle's
  // card (assets/puzzles/ lists the puzzles); checks of the card itself
  // make a fresh context with freshContext().
  const ids = fs.readdirSync(path.join(root, 'assets/puzzles')).filter((f) => f.endsWith('.txt'))
    .map((f) => path.basename(f, '.txt'));
  const seenEveryCard = (list) => {
    try { for (const id of list) localStorage.setItem(`puzzlelab:rules:${id}`, 'seen'); } catch (e) { /* a frame without storage */ }
  };
  const freshContext = (options) => browser.newContext(options);
  const checksBrowser = Object.create(browser);
  checksBrowser.newContext = async (options) => {
    const made = await browser.newContext(options);
    await made.addInitScript(seenEveryCard, ids);
    return made;
  };
  let passed = 0, failed = 0;
  const check = async (name, body) => {
    const started = Date.now();
    try {
      const detail = await body();
      passed++;
      console.log(`ok   ${name} (${((Date.now() - started) / 1000).toFixed(1)} s)${detail ? ' - ' + detail : ''}`);
    } catch (err) {
      failed++;
      console.log(`FAIL ${name}: ${err.message.split('\n')[0]}`);
    }
  };

  const files = fs.readdirSync(path.join(here, 'checks')).filter((f) => f.endsWith('.mjs')).sort()
    .filter((f) => !only || only.split(',').includes(path.basename(f, '.mjs')));
  try {
    for (const file of files) {
      // Each file gets a fresh page at the default size; its errors are its own.
      const context = await checksBrowser.newContext({ viewport: { width: 1280, height: 800 } });
      const page = await context.newPage();
      const pageErrors = [];
      page.on('pageerror', (err) => pageErrors.push(err.message));
      page.on('console', (msg) => { if (msg.type() === 'error') pageErrors.push(msg.text() + ' @' + JSON.stringify(msg.location())); });
      const run = (await import(pathToFileURL(path.join(here, 'checks', file)))).default;
      await run({ browser: checksBrowser, freshContext, context, page, base, output, check, pageErrors, root });
      await check(`${path.basename(file, '.mjs')}: no page errors`, async () => {
        expect(pageErrors.length === 0, pageErrors.join(' | '));
      });
      await context.close();
    }
  } finally {
    await browser.close();
    server.close();
  }
  console.log(`screenshots in ${path.relative(process.cwd(), output) || output}`);
  console.log(`${passed} passed, ${failed} failed`);
  process.exit(failed ? 1 : 0);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
