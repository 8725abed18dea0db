// Browser end-to-end tests for Puzzle Lab: serves the built site on
// 127.0.0.1, drives headless Chromium (WebGL 2 through SwiftShader) with
// playwright-core, and checks the app through the page's window.puzzleLab.
//
//   node tests/e2e/run.mjs                  (after cmake --build --preset web)
//   node tests/e2e/run.mjs --site DIR       (or PUZZLELAB_SITE=DIR; default build/web/site)
//   node tests/e2e/run.mjs --only amphipod  (only checks/amphipod.mjs)
//   node tests/e2e/run.mjs --browser firefox (Debian's firefox-esr, headed
//                                            under Xvfb: the checks marked
//                                            { firefox: true })
//
// Each puzzle's checks live in checks/<name>.mjs (a default-exported async
// function taking the shared context); a new puzzle adds one file there.
// Prints one line per check and a closing "N passed, N failed" line; exits
// non-zero if any check fails. Screenshots go to tests/e2e/output/ (git-ignored),
// Firefox's to output/firefox/.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { spawnSync } from 'node:child_process';
import { chromium } from 'playwright-core';
import { serve, expect } from './lib.mjs';
import { launchFirefox } from './firefox.mjs';
import { browserCpuSeconds } from './cpu.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../..');
const argValue = (name) => { const i = process.argv.indexOf(name); return i > 0 ? process.argv[i + 1] : undefined; };
const site = path.resolve(argValue('--site') ?? process.env.PUZZLELAB_SITE ?? path.join(root, 'build/web/site'));
const only = argValue('--only');
const chromiumPath = process.env.CHROMIUM ?? '/usr/bin/chromium';
const firefoxPath = process.env.FIREFOX ?? '/usr/bin/firefox-esr';
const engine = argValue('--browser') ?? 'chromium';
const output = engine === 'firefox' ? path.join(here, 'output', 'firefox') : path.join(here, 'output');

// Chromium with WebGL 2 through SwiftShader, headless.
function launchChromium() {
  // playwright-core starts Chromium with a fresh temporary --user-data-dir
  // of its own (it refuses one in `args`) and removes it on close.
  return chromium.launch({
    executablePath: chromiumPath,
    headless: true,
    args: ['--headless', '--no-sandbox', '--use-gl=angle', '--use-angle=swiftshader', '--enable-unsafe-swiftshader',
           '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update',
           '--disable-sync',
           // The page's WebGL still draws through SwiftShader; the browser
           // composites the page in software, as Chromium does on a machine
           // without a usable GPU: the same pixels for about 15% less of the
           // browser's CPU than compositing through SwiftShader too (the
           // browser stage's CPU is the other builds' loss in scripts/test).
           '--disable-gpu-compositing'],
  });
}

// Headless Firefox offers no WebGL here: run again under Xvfb, a virtual
// display of its own (xvfb-run picks a free one and its own X authority),
// so no window opens on a person's desktop either.
function rerunUnderXvfb() {
  const run = spawnSync('xvfb-run', ['-a', '-s', '-screen 0 1920x1200x24', process.execPath, ...process.argv.slice(1)],
                        { stdio: 'inherit', env: { ...process.env, PUZZLELAB_XVFB: '1' } });
  if (run.error) throw new Error(`xvfb-run: ${run.error.message} (scripts/setup installs xvfb)`);
  process.exit(run.status ?? 1);
}

async function main() {
  expect(['chromium', 'firefox'].includes(engine), `--browser ${engine}: chromium or firefox`);
  expect(fs.existsSync(path.join(site, 'index.html')), `no site at ${site}: build the web preset first`);
  if (engine === 'firefox' && !process.env.PUZZLELAB_XVFB) rerunUnderXvfb();
  expect(engine === 'chromium' || fs.existsSync(firefoxPath), `no Firefox at ${firefoxPath}: run scripts/setup`);
  fs.mkdirSync(output, { recursive: true });
  const server = await serve(site);
  const base = `http://127.0.0.1:${server.address().port}`;
  const browser = engine === 'firefox' ? await launchFirefox(firefoxPath) : await launchChromium();
  console.log(`${engine} ${await browser.version()}`);
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
  let passed = 0, failed = 0, skipped = 0;
  // A check runs in Firefox too when marked check(name, body, { firefox: true }):
  // the ones that matter most across engines (issue 48). A marked check's
  // body keeps to the calls firefox.mjs offers.
  const check = async (name, body, { firefox = false } = {}) => {
    if (engine === 'firefox' && !firefox) { skipped++; return; }
    const started = Date.now(), cpuBefore = browserCpuSeconds();
    // Wall seconds, and the browser's CPU seconds (the figure that competes
    // with the builds beside this stage in scripts/test).
    const took = () => `${((Date.now() - started) / 1000).toFixed(1)} s, ` +
      `${(browserCpuSeconds() - cpuBefore).toFixed(1)} CPU-s`;
    try {
      const detail = await body();
      passed++;
      console.log(`ok   ${name} (${took()})${detail ? ' - ' + detail : ''}`);
    } catch (err) {
      failed++;
      console.log(`FAIL ${name}: ${err.message.split('\n')[0]}`);
    }
  };

  const cpuByFile = [];  // [file, the browser's CPU seconds while its checks ran]
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
      const ran = passed + failed, cpuBefore = browserCpuSeconds();
      await run({ browser: checksBrowser, freshContext, context, page, base, output, check, pageErrors, root, site });
      if (passed + failed > ran) {
        await check(`${path.basename(file, '.mjs')}: no page errors`, async () => {
          expect(pageErrors.length === 0, pageErrors.join(' | '));
        }, { firefox: true });
      }
      await context.close();
      if (passed + failed > ran) cpuByFile.push([path.basename(file, '.mjs'), browserCpuSeconds() - cpuBefore]);
    }
  } finally {
    await browser.close();
    server.close();
  }
  console.log(`screenshots in ${path.relative(process.cwd(), output) || output}`);
  // Where the browser's CPU went (scripts/test's stage table cannot see it).
  const cpu = cpuByFile.reduce((sum, [, s]) => sum + s, 0);
  const top = [...cpuByFile].sort((a, b) => b[1] - a[1]).slice(0, 8).map(([f, s]) => `${f} ${s.toFixed(0)}`);
  // And this process's own (a browser it has reaped counts in its rusage, not here).
  const own = process.cpuUsage();
  console.log(`${engine}'s CPU: ${cpu.toFixed(0)} s while the checks ran (most: ${top.join(', ')}); ` +
              `node's own: ${((own.user + own.system) / 1e6).toFixed(0)} s`);
  console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} not run in ${engine}` : ''}`);
  process.exit(failed ? 1 : 0);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
