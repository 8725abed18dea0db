// Firefox for the browser checks: Debian's firefox-esr driven by
// puppeteer-core over WebDriver BiDi (Playwright's Firefox is a patched
// build of its own), behind the few calls of Playwright's API the checks
// use, so one check runs in both engines. Headless Firefox offers no WebGL
// here: run.mjs starts it headed under Xvfb.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import puppeteer from 'puppeteer-core';

// Firefox's own answers where Chromium's are flags or a context's options:
// downloads land in `downloads` without asking, the clipboard reads without
// the paste prompt (Playwright grants Chromium's clipboard permissions).
function prefs(downloads) {
  return {
    'browser.download.folderList': 2,
    'browser.download.dir': downloads,
    'browser.download.useDownloadDir': true,
    'browser.download.always_ask_before_handling_new_types': false,
    'browser.download.alwaysOpenPanel': false,
    'browser.download.manager.showWhenStarting': false,
    'dom.events.asyncClipboard.readText': true,
    'dom.events.testing.asyncClipboard': true,
    'browser.shell.checkDefaultBrowser': false,
  };
}

// Playwright's 'Control+Z' as puppeteer's key presses.
async function pressKeys(keyboard, combo) {
  const keys = combo.length > 1 ? combo.split('+') : [combo];
  const key = keys.pop();
  for (const modifier of keys) await keyboard.down(modifier);
  await keyboard.press(key);
  for (const modifier of keys.reverse()) await keyboard.up(modifier);
}

// A page or a frame: evaluate and waitForFunction as Playwright takes them.
function evaluable(target) {
  return {
    evaluate: (fn, arg) => target.evaluate(fn, arg),
    waitForFunction: (fn, arg, { timeout, polling } = {}) => target.waitForFunction(fn, { timeout, polling }, arg),
    isDetached: () => target.detached,
  };
}

// A download the page starts: the first complete file new in `dir` (Firefox
// writes NAME.part beside an empty NAME, then renames it onto NAME).
function nextDownload(dir, timeout) {
  const before = new Set(fs.readdirSync(dir));
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const look = () => {
      const names = fs.readdirSync(dir);
      const done = names.find((n) => !before.has(n) && !n.endsWith('.part') && !names.includes(`${n}.part`) &&
                                     fs.statSync(path.join(dir, n)).size > 0);
      if (done) {
        const where = path.join(dir, done);
        resolve({ suggestedFilename: () => done, saveAs: async (to) => fs.copyFileSync(where, to) });
      } else if (Date.now() - started > timeout) {
        reject(new Error(`no download in ${timeout} ms`));
      } else {
        setTimeout(look, 50);
      }
    };
    look();
  });
}

function wrapPage(page, viewport, downloads) {
  let size = viewport;
  const wrapped = {
    ...evaluable(page),
    goto: (url) => page.goto(url),
    reload: () => page.reload(),
    title: () => page.title(),
    close: () => page.close(),
    bringToFront: () => page.bringToFront(),
    on: (event, handler) => page.on(event, handler),
    waitForTimeout: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
    viewportSize: () => ({ width: size.width, height: size.height }),
    setViewportSize: async ({ width, height }) => {
      size = { ...size, width, height };
      await page.setViewport(size);
    },
    screenshot: async (options) => Buffer.from(await page.screenshot(options)),
    frames: () => page.frames().map(evaluable),
    waitForEvent: (event, { timeout }) => {
      if (event !== 'download') throw new Error(`no ${event} event in the Firefox pass`);
      return nextDownload(downloads, timeout);
    },
    waitForSelector: async (selector, options) => {
      const element = await page.waitForSelector(selector, options);
      return {
        evaluate: (fn) => element.evaluate(fn),
        boundingBox: () => element.boundingBox(),
        contentFrame: async () => evaluable(await element.contentFrame()),
      };
    },
    mouse: {
      move: (x, y, options) => page.mouse.move(x, y, options),
      down: () => page.mouse.down(),
      up: () => page.mouse.up(),
      click: (x, y) => page.mouse.click(x, y),
      wheel: (deltaX, deltaY) => page.mouse.wheel({ deltaX, deltaY }),
    },
    keyboard: { press: (combo) => pressKeys(page.keyboard, combo) },
  };
  return wrapped;
}

// Starts Firefox and returns it behind Playwright's Browser calls the checks
// use: newContext({ viewport, deviceScaleFactor }) (other options, such as
// serviceWorkers or hasTouch, are Chromium's checks' own), and close().
export async function launchFirefox(executablePath) {
  const downloads = fs.mkdtempSync(path.join(os.tmpdir(), 'puzzlelab-firefox-downloads-'));
  const browser = await puppeteer.launch({
    browser: 'firefox', executablePath, headless: false, defaultViewport: null,
    extraPrefsFirefox: prefs(downloads),
  });
  const newContext = async ({ viewport = { width: 1280, height: 800 }, deviceScaleFactor = 1 } = {}) => {
    const context = await browser.createBrowserContext();
    const pages = [];
    const initScripts = [];
    return {
      newPage: async () => {
        // A window each, as Chromium's pages are: a background tab is
        // hidden, and Firefox runs its frames about once a second.
        const page = await context.newPage({ type: 'window' });
        for (const [fn, arg] of initScripts) await page.evaluateOnNewDocument(fn, arg);
        await page.setViewport({ ...viewport, deviceScaleFactor });
        pages.push(page);
        return wrapPage(page, { ...viewport, deviceScaleFactor }, downloads);
      },
      addInitScript: async (fn, arg) => { initScripts.push([fn, arg]); },
      grantPermissions: async () => {},  // the clipboard's prefs above
      setOffline: async (offline) => { for (const page of pages) await page.setOfflineMode(offline); },
      close: () => context.close(),
    };
  };
  return {
    version: () => browser.version(),
    newContext,
    close: async () => {
      await browser.close();
      fs.rmSync(downloads, { recursive: true, force: true });
    },
  };
}
