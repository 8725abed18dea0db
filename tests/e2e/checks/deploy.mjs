// A new release reaches returning visitors (issue 21), behind a host that
// sends month-old Last-Modified dates and no Cache-Control (as python's
// http.server or a default nginx do: browsers then keep files "fresh" for
// days by heuristic). Build 1 is served and visited; build 2 (the same site
// with a marker added to its scripts, stamped by web/stamp_site.mjs as the
// build does) replaces it on the server; the second visit still runs build
// 1 (from the service worker) while build 2 installs, and keeps getting
// build 1's files; the third visit runs build 2. The first visit downloads
// each file once, and the service worker leaves other pages of the site to
// the network.
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { SHORT, LONG, expect, lab, waitFor, screenshot } from '../lib.mjs';

const MARK = '// build 2 of the deploy test';
const MONTH_AGO = new Date(Date.now() - 30 * 24 * 3600 * 1000);
const TYPES = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript', '.wasm': 'application/wasm' };
const OTHER_PAGE = '<!doctype html><title>Another page</title><p>Not Puzzle Lab.</p>';

// A copy of the site, every file dated a month ago.
function copySite(site, dir) {
  fs.mkdirSync(dir, { recursive: true });
  for (const name of fs.readdirSync(site)) {
    if (name.endsWith('.gz')) continue;
    fs.copyFileSync(path.join(site, name), path.join(dir, name));
  }
  fs.writeFileSync(path.join(dir, 'other.html'), OTHER_PAGE);
}

function age(dir) {
  for (const name of fs.readdirSync(dir)) fs.utimesSync(path.join(dir, name), MONTH_AGO, MONTH_AGO);
}

// A host as plain as python's http.server: Last-Modified from the file's
// date, 304 to If-Modified-Since, no Cache-Control, no ETag. It serves
// whichever build folder `host.dir` names, and counts full answers.
function plainHost() {
  // `slow`: address -> milliseconds its answer is held back (a slow network).
  const host = { dir: '', downloads: {}, missing: [], slow: {} };
  host.server = http.createServer((req, res) => {
    const name = decodeURIComponent(new URL(req.url, 'http://x').pathname).replace(/^\/$/, '/index.html');
    const file = path.join(host.dir, name);
    if (!file.startsWith(host.dir) || !fs.existsSync(file)) {
      host.missing.push(name);
      res.writeHead(404).end('not found');
      return;
    }
    const modified = fs.statSync(file).mtime;
    modified.setMilliseconds(0);
    const since = req.headers['if-modified-since'];
    if (since && new Date(since) >= modified) { res.writeHead(304).end(); return; }
    const key = new URL(req.url, 'http://x').pathname;
    host.downloads[key] = (host.downloads[key] ?? 0) + 1;
    const answer = () => {
      res.writeHead(200, { 'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream',
                           'last-modified': modified.toUTCString() });
      res.end(fs.readFileSync(file));
    };
    setTimeout(answer, host.slow[key] ?? 0);
  });
  return new Promise((resolve) => host.server.listen(0, '127.0.0.1', () => resolve(host)));
}

const buildOf = (dir) => /\bvar BUILD = "([0-9a-f]+)"/.exec(fs.readFileSync(path.join(dir, 'index.html'), 'utf8'))[1];

export default async function deployChecks({ browser, output, check, root, pageErrors }) {
  await check('deploy: month-old files, no Cache-Control; visit 3 runs build 2, the old page keeps build 1\'s files', async () => {
    const site = path.join(root, 'build/web/site');
    const work = fs.mkdtempSync(path.join(os.tmpdir(), 'puzzlelab-deploy-'));
    const one = path.join(work, 'build1'), two = path.join(work, 'build2');
    copySite(site, one);
    copySite(site, two);
    for (const name of ['puzzlelab.js', 'solver_worker.js']) fs.appendFileSync(path.join(two, name), `\n${MARK}\n`);
    execFileSync(process.execPath, [path.join(root, 'web/stamp_site.mjs'), two, path.join(root, 'index.html'),
                                     path.join(root, 'web/service_worker.js')]);
    age(one);
    age(two);
    const [v1, v2] = [buildOf(one), buildOf(two)];
    expect(v1 !== v2, 'build 2 has build 1\'s version');

    const host = await plainHost();
    host.dir = one;
    const base = `http://127.0.0.1:${host.server.address().port}`;
    const context = await browser.newContext({ viewport: { width: 1000, height: 700 } });
    const log = [];
    try {
      // Visit 1: build 1; the service worker takes the files the page loaded.
      // The solver worker's wasm comes slowly, as on a busy machine or a slow
      // network: the app is ready long before it. A service worker that
      // installed meanwhile fetched it a second time (Chromium's cache makes
      // a second request wait for one in flight, but only for about 20 s).
      host.slow = { '/solver_worker.wasm': 25000 };
      const page = await context.newPage();
      page.on('pageerror', (err) => pageErrors.push(err.message));
      await page.goto(`${base}/#puzzle=rushhour`);
      await waitFor(page, (v) => window.puzzleLab.ready && window.puzzleLab.build === v &&
        window.puzzleLab.serviceWorker === v, v1, LONG);
      const counts = { ...host.downloads };
      const twice = Object.entries(counts).filter(([, n]) => n > 1);
      expect(twice.length === 0, `downloaded more than once: ${JSON.stringify(counts)}`);
      // The page was "/": its copy serves as index.html (no second download).
      expect(!counts['/index.html'], `index.html downloaded besides "/": ${JSON.stringify(counts)}`);
      expect(host.missing.length === 0, `asked for missing files: ${host.missing.join(', ')}`);
      for (const name of ['puzzlelab.js', 'puzzlelab.wasm', 'solver_worker.js', 'solver_worker.wasm'])
        expect(counts[`/${name}`] === 1, `${name}: ${counts[`/${name}`]} downloads`);
      log.push(`visit 1: build ${v1}, downloads ${JSON.stringify(counts)}`);
      // Another page beside the lab is not answered with the lab.
      await page.goto(`${base}/other.html`);
      const other = await page.textContent('body');
      expect(other.includes('Not Puzzle Lab'), `other.html showed "${other.slice(0, 80)}"`);

      // The deploy: build 2 on the server, with the same old dates.
      host.dir = two;
      host.downloads = {};
      host.slow = {};

      // Visit 2: the page (from the cache) is still build 1; build 2 installs,
      // takes over, and tells this page a new version is ready.
      await page.goto(`${base}/#puzzle=rushhour`);
      await waitFor(page, () => window.puzzleLab.ready === true, undefined, LONG);
      expect((await lab(page)).build === v1, 'visit 2 did not start on build 1');
      await waitFor(page, (v) => window.puzzleLab.serviceWorker === v, v2, LONG);
      await waitFor(page, () => window.puzzleLab.message.startsWith('A new version'), undefined, SHORT);
      const told = (await lab(page)).message;
      // This page still gets its own build's worker (a cancel starts a new one).
      const worker = await page.evaluate(async (v) => (await fetch(`solver_worker.js?v=${v}`)).text(), v1);
      expect(!worker.includes(MARK), 'the build 1 page was given build 2\'s solver worker');
      await page.evaluate(() => { window.puzzleLab.solve(); window.puzzleLab.cancel(); window.puzzleLab.solve(); });
      await waitFor(page, () => window.puzzleLab.status === 'solved', undefined, LONG);
      log.push(`visit 2: build ${(await lab(page)).build}, told "${told}"; ` +
               `its worker after a cancel is build 1's; solved in ${(await lab(page)).cost} moves`);

      // Visit 3: build 2.
      await page.reload();
      await waitFor(page, () => window.puzzleLab && window.puzzleLab.ready === true, undefined, LONG);
      const third = await lab(page);
      expect(third.build === v2, `visit 3 runs build ${third.build}`);
      const script = await page.evaluate(async (v) => (await fetch(`puzzlelab.js?v=${v}`)).text(), v2);
      expect(script.includes(MARK), 'visit 3 has build 2\'s page but not its script');
      await screenshot(page, { path: path.join(output, 'deploy-visit3.png') });
      log.push(`visit 3: build ${third.build}; downloads after the deploy ${JSON.stringify(host.downloads)}`);
    } finally {
      await context.close();
      host.server.close();
      fs.rmSync(work, { recursive: true, force: true });
    }
    return log.join(' | ');
  });
}
